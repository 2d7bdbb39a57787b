#!/usr/bin/env bash
# Install fogkeeper on Raspberry Pi OS (Bookworm or Bullseye) as a boot-time service.
#
#   sudo hw/install.sh bonnet       # Adafruit 128x64 OLED Bonnet (SSD1306, I2C)
#   sudo hw/install.sh waveshare    # Waveshare 1.3 inch OLED HAT (SH1106, SPI)
#   hw/install.sh --dry-run bonnet  # print every step, change nothing (no root needed)
#
# Safe to run again: every step checks before it changes anything. Re-run it after a
# `git pull` to update the installed copy. FOGKEEPER_INSTALL_ROOT prefixes every system
# path (for tests against a scratch tree).
set -euo pipefail

readonly SERVICE_USER=fogkeeper
readonly ROOT="${FOGKEEPER_INSTALL_ROOT:-}"
readonly PREFIX="$ROOT/opt/fogkeeper"
readonly ETC_DIR="$ROOT/etc/fogkeeper"
readonly UNIT_PATH="$ROOT/etc/systemd/system/fogkeeper.service"
# "a|b": the first one this release has (rpi-lgpio replaces RPi.GPIO from Bookworm on;
# luma's SPI interface needs one of them for the DC and RESET pins).
readonly APT_PACKAGES=(python3-venv python3-dev python3-lgpio "python3-rpi-lgpio|python3-rpi.gpio"
                       python3-spidev i2c-tools)
REPO_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_DIR
DRY_RUN=0
PROFILE=""
REBOOT_NEEDED=0

usage() {
    sed -n '2,10p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

say() { printf '==> %s\n' "$*"; }

# Runs a command, or only shows it in a dry run.
run() {
    if ((DRY_RUN)); then
        printf '    would run: %s\n' "$*"
    else
        "$@"
    fi
}

parse_args() {
    while (($#)); do
        case "$1" in
            --dry-run) DRY_RUN=1 ;;
            -h | --help) usage; exit 0 ;;
            bonnet | waveshare) PROFILE="$1" ;;
            *) printf 'unknown argument: %s\n\n' "$1" >&2; usage >&2; exit 2 ;;
        esac
        shift
    done
    if [[ -z "$PROFILE" ]]; then
        printf 'name a profile: bonnet or waveshare\n\n' >&2
        usage >&2
        exit 2
    fi
}

profile_file() {
    case "$PROFILE" in
        bonnet) printf '%s/config/adafruit-bonnet.toml' "$REPO_DIR" ;;
        waveshare) printf '%s/config/waveshare-hat.toml' "$REPO_DIR" ;;
    esac
}

# Bookworm keeps the boot files in /boot/firmware, older releases in /boot.
boot_dir() {
    if [[ -e "$ROOT/boot/firmware/config.txt" ]]; then
        printf '%s/boot/firmware' "$ROOT"
    else
        printf '%s/boot' "$ROOT"
    fi
}

# Makes `key=...` in config.txt read exactly `line` (replacing or appending it).
set_boot_setting() {
    local config="$1" key="$2" line="$3"
    if [[ ! -e "$config" ]]; then
        say "no $config here (not a Raspberry Pi?): would set $line"
        return
    fi
    if grep -qxF "$line" "$config"; then
        say "$config already has $line"
        return
    fi
    REBOOT_NEEDED=1
    if grep -qE "^#?[[:space:]]*${key}(=|$)" "$config"; then
        say "$config: replace the $key line with $line"
        run sed -i -E "s|^#?[[:space:]]*${key}(=.*)?$|${line}|" "$config"
    else
        say "$config: add $line"
        # Under [all] so that a trailing [pi4]-style section cannot make it conditional.
        if ! ((DRY_RUN)); then printf '[all]\n%s\n' "$line" >>"$config"; fi
    fi
}

configure_boot() {
    local dir config cmdline
    dir="$(boot_dir)"
    config="$dir/config.txt"
    cmdline="$dir/cmdline.txt"
    # 400 kHz I2C sends a full frame in about 23 ms instead of 90 ms.
    set_boot_setting "$config" "dtparam=i2c_arm" "dtparam=i2c_arm=on,i2c_arm_baudrate=400000"
    set_boot_setting "$config" "dtparam=spi" "dtparam=spi=on"
    set_boot_setting "$config" "enable_uart" "enable_uart=1"
    if [[ -e "$cmdline" ]] && grep -qE 'console=(serial0|ttyAMA0|ttyS0),[0-9]+' "$cmdline"; then
        say "$cmdline: free the serial port for the host link (drop its login console)"
        REBOOT_NEEDED=1
        run sed -i -E -e 's/console=(serial0|ttyAMA0|ttyS0),[0-9]+[[:space:]]*//g' \
            -e 's/[[:space:]]+$//' "$cmdline"
    else
        say "serial console already off (or no $cmdline here)"
    fi
}

# Prints the first of the '|'-separated names that apt knows (the first one if none).
pick_package() {
    local choice
    local -a choices
    IFS='|' read -r -a choices <<<"$1"
    for choice in "${choices[@]}"; do
        if apt-cache show "$choice" >/dev/null 2>&1; then
            printf '%s' "$choice"
            return
        fi
    done
    printf '%s' "${choices[0]}"
}

install_packages() {
    local wanted=() entry
    for entry in "${APT_PACKAGES[@]}"; do wanted+=("$(pick_package "$entry")"); done
    say "apt packages: ${wanted[*]}"
    run apt-get update
    run apt-get install -y "${wanted[@]}"
}

create_user() {
    local groups=() group
    for group in gpio i2c spi dialout; do
        if getent group "$group" >/dev/null; then groups+=("$group"); fi
    done
    local joined
    joined="$(IFS=,; printf '%s' "${groups[*]}")"
    if id -u "$SERVICE_USER" >/dev/null 2>&1; then
        say "user $SERVICE_USER exists; make sure it is in: $joined"
        if [[ -n "$joined" ]]; then run usermod -a -G "$joined" "$SERVICE_USER"; fi
    else
        say "create system user $SERVICE_USER (groups: $joined)"
        run useradd --system --user-group --no-create-home --home-dir /var/lib/fogkeeper \
            --shell /usr/sbin/nologin ${joined:+--groups "$joined"} "$SERVICE_USER"
    fi
}

install_software() {
    # A copy outside /home: the service user cannot read a clone in a 0700 home folder.
    say "copy $REPO_DIR to $PREFIX/src"
    run mkdir -p "$PREFIX/src"
    if ! ((DRY_RUN)); then
        tar -C "$REPO_DIR" --exclude=./.git --exclude=./.venv --exclude='*.egg-info' \
            --exclude=__pycache__ -cf - . | tar -C "$PREFIX/src" -xf -
    fi
    if [[ ! -x "$PREFIX/venv/bin/python" ]]; then
        say "create the virtualenv $PREFIX/venv (with the apt lgpio/spidev modules)"
        run python3 -m venv --system-site-packages "$PREFIX/venv"
    fi
    say "pip install -e $PREFIX/src[pi]"
    run "$PREFIX/venv/bin/pip" install --upgrade pip
    run "$PREFIX/venv/bin/pip" install -e "$PREFIX/src[pi]"
}

install_config() {
    local profile
    profile="$(profile_file)"
    if [[ ! -e "$profile" ]]; then
        printf 'profile file missing: %s\n' "$profile" >&2
        exit 1
    fi
    local config="$ETC_DIR/config.toml"
    if [[ -e "$config" ]]; then
        say "keep the existing $config (delete it to take $PROFILE's again)"
    else
        say "install the $PROFILE profile as $config"
        run install -d -m 0755 "$ETC_DIR"
        run install -m 0640 "$profile" "$config"
    fi
    # The config may hold the Guardian PIN ([security] pin): root may change it, the service
    # (group fogkeeper) may read it, no other local user may. Done on a kept file too, since
    # earlier releases installed it 0644. chmod first, so that a kept 0644 file stops being
    # readable by others before its group changes.
    say "$config: mode 0640, owner root:$SERVICE_USER (it may hold the PIN)"
    run chmod 0640 "$config"
    run chown "root:$SERVICE_USER" "$config"
}

install_service() {
    say "install and enable $UNIT_PATH"
    run install -m 0644 "$REPO_DIR/hw/fogkeeper.service" "$UNIT_PATH"
    run systemctl daemon-reload
    run systemctl enable fogkeeper.service
    if ((REBOOT_NEEDED)); then
        say "boot settings changed: reboot to start fogkeeper (sudo reboot)"
    else
        run systemctl restart fogkeeper.service
    fi
}

main() {
    parse_args "$@"
    if ((DRY_RUN)); then
        say "dry run: nothing will be changed"
    elif ((EUID != 0)); then
        printf 'run as root (sudo %s %s), or add --dry-run\n' "$0" "$PROFILE" >&2
        exit 1
    fi
    install_packages
    configure_boot
    create_user
    install_software
    install_config
    install_service
    say "done ($PROFILE). Logs: journalctl -u fogkeeper -f"
}

# Sourcing the script (the tests do) defines the steps without running them.
if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
    main "$@"
fi
