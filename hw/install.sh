#!/usr/bin/env bash
# Install fogkeeper as a boot-time service on Raspberry Pi OS bookworm or trixie, or on plain
# Debian 12 or 13, booted or in a chroot. Needs Python 3.11 or newer (bullseye's 3.9 will not do).
#
#   sudo hw/install.sh bonnet       # Adafruit 128x64 OLED Bonnet (SSD1306, I2C)
#   sudo hw/install.sh waveshare    # Waveshare 1.3 inch OLED HAT (SH1106, SPI)
#   sudo hw/install.sh qemu         # the VM of hw/vm-test (i2c-stub display, mock GPIO)
#   hw/install.sh --dry-run bonnet  # print every step, change nothing (no root needed)
#
# Safe to run again: every step checks before it changes anything. Re-run it after a
# `git pull` to update the installed copy. FOGKEEPER_INSTALL_ROOT prefixes every system
# path (for tests against a scratch tree). pip takes its PIP_* variables from the
# environment: PIP_NO_INDEX=1 PIP_FIND_LINKS=/path/to/wheels installs from a wheelhouse
# with no index (what hw/vm-test does).
set -euo pipefail

readonly SERVICE_USER=fogkeeper
readonly ROOT="${FOGKEEPER_INSTALL_ROOT:-}"
readonly PREFIX="$ROOT/opt/fogkeeper"
readonly ETC_DIR="$ROOT/etc/fogkeeper"
readonly UNIT_PATH="$ROOT/etc/systemd/system/fogkeeper.service"
readonly MIN_PYTHON=3.11
# Every system this script supports has these.
readonly APT_PACKAGES=(python3 python3-venv python3-dev i2c-tools)
# Only Raspberry Pi OS's own archive has python3-lgpio and python3-rpi-lgpio. "a|b": the first
# one this release has (rpi-lgpio replaces RPi.GPIO from bookworm on; luma's SPI interface
# needs one of them for the DC and RESET pins).
readonly PI_ARCHIVE_PACKAGES=(python3-lgpio "python3-rpi-lgpio|python3-rpi.gpio" python3-spidev)
# The machines a Raspberry Pi reports (Pi Zero W and Pi 1; 32-bit OS; 64-bit OS): the [pi]
# extra's markers in pyproject.toml name the same.
readonly PI_MACHINES=" armv6l armv7l aarch64 "
REPO_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_DIR
DRY_RUN=0
PROFILE=""
REBOOT_NEEDED=0
GPIO_SOURCE=""  # apt (the Pi archive), pypi (wheels) or none (not a Pi): see gpio_source

usage() {
    sed -n '2,14p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

say() { printf '==> %s\n' "$*"; }
warn() { printf '==> warning: %s\n' "$*"; }

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
            bonnet | waveshare | qemu) PROFILE="$1" ;;
            *) printf 'unknown argument: %s\n\n' "$1" >&2; usage >&2; exit 2 ;;
        esac
        shift
    done
    if [[ -z "$PROFILE" ]]; then
        printf 'name a profile: bonnet, waveshare or qemu\n\n' >&2
        usage >&2
        exit 2
    fi
}

profile_file() {
    case "$PROFILE" in
        bonnet) printf '%s/config/adafruit-bonnet.toml' "$REPO_DIR" ;;
        waveshare) printf '%s/config/waveshare-hat.toml' "$REPO_DIR" ;;
        qemu) printf '%s/config/vm-qemu.toml' "$REPO_DIR" ;;
    esac
}

# Bookworm and trixie keep the boot files in /boot/firmware, older releases in /boot.
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

# What this system is called, for the messages ("Debian GNU/Linux 13 (trixie)").
os_name() {
    local release="$ROOT/etc/os-release" name=""
    if [[ -r "$release" ]]; then
        name="$(sed -n 's/^PRETTY_NAME="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' "$release")"
    fi
    printf '%s' "${name:-an unknown system}"
}

# Where the GPIO library (lgpio, and rpi-lgpio for an SPI display) comes from. Raspberry Pi OS
# is told apart by its archive, not by os-release: its 64-bit release calls itself Debian.
gpio_source() {
    if apt-cache show python3-lgpio >/dev/null 2>&1; then
        printf 'apt'
    elif [[ "$PI_MACHINES" == *" $(uname -m) "* ]]; then
        printf 'pypi'
    else
        printf 'none'
    fi
}

# Says what the GPIO choice means for the box, before anything is installed.
explain_gpio() {
    case "$GPIO_SOURCE" in
        apt) say "GPIO: lgpio, rpi-lgpio and spidev from the Raspberry Pi OS archive (apt)" ;;
        pypi)
            say "GPIO: $(os_name) has no python3-lgpio (that is only in Raspberry Pi OS's" \
                "archive): lgpio and rpi-lgpio are taken from PyPI, as wheels only (PyPI has" \
                "them for Python 3.9-3.12 on aarch64 and armv7l), spidev from Debian"
            say "GPIO: where PyPI has no wheel for this Python and machine, the GPIO library is" \
                "skipped with a warning: the box is installed, but the service will not start" \
                "until lgpio is installed in $PREFIX/venv (its buttons, buzzer and an SPI" \
                "display's DC/RST lines need it)" ;;
        none)
            say "GPIO: this machine is $(uname -m), not a Raspberry Pi: the [pi] extra's GPIO" \
                "modules are left out (lgpio has no pins to drive here); the box starts only" \
                "with [inputs] pin_factory = \"mock\" in its config (a test machine)" ;;
    esac
}

install_packages() {
    local wanted=() entry
    for entry in "${APT_PACKAGES[@]}"; do wanted+=("$(pick_package "$entry")"); done
    case "$GPIO_SOURCE" in
        apt) for entry in "${PI_ARCHIVE_PACKAGES[@]}"; do wanted+=("$(pick_package "$entry")"); done ;;
        # Debian has spidev (no wheel on PyPI, so this spares a C build)
        pypi) if apt-cache show python3-spidev >/dev/null 2>&1; then wanted+=(python3-spidev); fi ;;
    esac
    say "apt packages: ${wanted[*]}"
    run apt-get install -y "${wanted[@]}"
}

# Stops the install on a Python older than MIN_PYTHON (bullseye's 3.9), with what to do.
require_python() {
    local version
    if ! version="$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null)"
    then
        if ((DRY_RUN)); then
            say "no python3 yet: apt installs it, then its version is checked (>= $MIN_PYTHON)"
            return
        fi
        printf 'python3 does not run here; fogkeeper needs Python %s or newer\n' \
            "$MIN_PYTHON" >&2
        exit 1
    fi
    if [[ "$(printf '%s\n' "$MIN_PYTHON" "$version" | sort -V | head -n1)" != "$MIN_PYTHON" ]]
    then
        printf 'fogkeeper needs Python %s or newer; %s has %s. Use Raspberry Pi OS bookworm' \
            "$MIN_PYTHON" "$(os_name)" "$version" >&2
        printf ' or trixie, or Debian 12 or 13 (bullseye has 3.9)\n' >&2
        exit 1
    fi
    say "Python $version (>= $MIN_PYTHON)"
}

create_user() {
    local groups=() group
    for group in gpio i2c spi dialout; do
        if getent group "$group" >/dev/null; then
            groups+=("$group")
        else
            # systemd refuses to start a unit whose SupplementaryGroups names a missing group;
            # plain Debian has no gpio or spi group (and no udev rule giving them the devices)
            say "create the system group $group (plain Debian has none; the unit names it)"
            run groupadd --system "$group"
            groups+=("$group")
        fi
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
    # A copy outside /home: the service user cannot read a clone in a 0700 home folder, and
    # root's build (build/, *.egg-info) lands there, not in the owner's clone. A fresh copy
    # each time: a file left from an older release in build/ would go into the new wheel.
    say "copy $REPO_DIR to $PREFIX/src (replacing the last copy)"
    run rm -rf "$PREFIX/src"
    run mkdir -p "$PREFIX/src"
    if ! ((DRY_RUN)); then
        tar -C "$REPO_DIR" --exclude=./.git --exclude=./.venv --exclude='*.egg-info' \
            --exclude=./build --exclude=./dist --exclude=__pycache__ -cf - . \
            | tar -C "$PREFIX/src" -xf -
    fi
    if [[ ! -x "$PREFIX/venv/bin/python" ]]; then
        say "create the virtualenv $PREFIX/venv (with the system's modules: apt's lgpio, spidev)"
        run python3 -m venv --system-site-packages "$PREFIX/venv"
    fi
    local pip="$PREFIX/venv/bin/pip"
    run "$pip" install --upgrade pip
    # A regular install, not -e: the venv holds the code and its data (config/ as package
    # data), so the service runs from root-owned files whatever happens to the copy.
    case "$GPIO_SOURCE" in
        apt | none)
            say "pip install $PREFIX/src[pi] (a regular install)"
            run "$pip" install "$PREFIX/src[pi]" ;;
        pypi)
            say "pip install $PREFIX/src (a regular install), then its [pi] extra from PyPI"
            run "$pip" install "$PREFIX/src"
            if ! run "$pip" install --only-binary lgpio "$PREFIX/src[pi]"; then
                warn "no lgpio wheel for this Python and machine: the GPIO library is skipped." \
                    "The service will not start until it is installed ($pip install lgpio" \
                    "rpi-lgpio, which needs liblgpio and swig to build), or until the config's" \
                    "[inputs] pin_factory names another"
            fi ;;
    esac
    # As root, now: the service user cannot write __pycache__ in the root-owned venv, so
    # without this every boot compiles the package again (about 0.4-1.7 s on a Pi Zero 2 W).
    say "compile the bytecode in $PREFIX/venv"
    if ! run "$PREFIX/venv/bin/python" -m compileall -q -j 0 "$PREFIX/venv/lib"; then
        warn "some files in $PREFIX/venv/lib did not compile (see above); they compile at start"
    fi
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

# Whether a systemd is running this system: not in a chroot (how SD-card images are built,
# where the host's systemd must not be reloaded), and /run/systemd/system exists (sd_booted).
systemd_running() {
    # (it may be refused the check in a sandbox: then it says so on stderr and fails, "no")
    if command -v systemd-detect-virt >/dev/null 2>&1 \
        && systemd-detect-virt --quiet --chroot 2>/dev/null; then
        return 1
    fi
    [[ -d "$ROOT/run/systemd/system" ]]
}

install_service() {
    say "install and enable $UNIT_PATH"
    run install -d -m 0755 "$(dirname "$UNIT_PATH")"
    run install -m 0644 "$REPO_DIR/hw/fogkeeper.service" "$UNIT_PATH"
    if ! systemd_running; then
        # `enable` only makes the links, which needs no manager; reload and start would fail
        say "no running systemd here (a chroot, or not booted with systemd): enable only;" \
            "fogkeeper starts at the next boot"
        run systemctl enable fogkeeper.service
        return
    fi
    run systemctl daemon-reload
    run systemctl enable fogkeeper.service
    if ((REBOOT_NEEDED)); then
        say "boot settings changed: reboot to start fogkeeper (sudo reboot)"
    else
        run systemctl restart fogkeeper.service
    fi
}

# Every step in order (the tests run it against a scratch root, with stubs for the system).
install_all() {
    say "installing on $(os_name)"
    # now if python3 is there (bullseye stops before apt changes anything), again after apt
    if command -v python3 >/dev/null 2>&1; then require_python; fi
    # the package lists first: a fresh image may have none, and gpio_source reads them
    run apt-get update
    GPIO_SOURCE="$(gpio_source)"
    explain_gpio
    install_packages
    require_python
    configure_boot
    create_user
    install_software
    install_config
    install_service
    say "done ($PROFILE). Logs: journalctl -u fogkeeper -f"
}

main() {
    parse_args "$@"
    if ((DRY_RUN)); then
        say "dry run: nothing will be changed"
    elif ((EUID != 0)); then
        printf 'run as root (sudo %s %s), or add --dry-run\n' "$0" "$PROFILE" >&2
        exit 1
    fi
    install_all
}

# Sourcing the script (the tests do) defines the steps without running them.
if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
    main "$@"
fi
