"""hw/: the systemd unit parses and runs the box; the install script is valid and its dry run
changes nothing."""

from __future__ import annotations

import atexit
import configparser
import fnmatch
import functools
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

HW = Path(__file__).resolve().parents[2] / "hw"
INSTALL = HW / "install.sh"
CONFIG_TXT = "# defaults\n#dtparam=i2c_arm=on\n#dtparam=spi=on\n\n[pi4]\narm_boost=1\n"
CMDLINE_TXT = "console=serial0,115200 console=tty1 root=PARTUUID=1234-02 rootwait\n"


def unit() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(HW / "fogkeeper.service")
    return parser


def unit_values(key: str, section: str = "Service") -> list[str]:
    """Every value ``key`` takes in the unit's ``section``, as systemd reads a list setting:
    each line adds to it, an empty one clears it (configparser keeps only the last line)."""
    values: list[str] = []
    current = ""
    for raw in (HW / "fogkeeper.service").read_text().splitlines():
        line = raw.strip()
        if line.startswith("[") and line.endswith("]"):
            current = line[1:-1]
        elif current == section and "=" in line and not line.startswith(("#", ";")):
            name, value = (part.strip() for part in line.split("=", 1))
            if name == key:
                values = [*values, value] if value else []
    return values


def test_the_unit_starts_the_box_at_boot_and_restarts_it() -> None:
    service = unit()["Service"]
    assert "fogkeeper run --config /etc/fogkeeper/config.toml" in service["ExecStart"]
    assert service["Restart"] == "on-failure"
    assert service["StateDirectory"] == "fogkeeper"
    assert service["User"] not in ("", "root")
    assert unit()["Install"]["WantedBy"] == "multi-user.target"


def test_the_unit_can_reach_the_hardware_and_logs_to_the_journal() -> None:
    service = unit()["Service"]
    assert set(service["SupplementaryGroups"].split()) >= {"gpio", "i2c", "spi", "dialout"}
    assert service["StandardError"] == "journal"


# The sandbox settings that matter most, as systemd-analyze security weighs them.
HARDENING = {
    "ProtectSystem": "strict", "ProtectHome": "yes", "PrivateTmp": "yes",
    "NoNewPrivileges": "yes", "PrivateNetwork": "yes", "RestrictAddressFamilies": "AF_UNIX",
    "DevicePolicy": "closed", "SystemCallArchitectures": "native", "UMask": "0077",
    "ProtectKernelTunables": "yes", "ProtectKernelModules": "yes", "ProtectKernelLogs": "yes",
    "ProtectControlGroups": "yes", "ProtectClock": "yes", "ProtectHostname": "yes",
    "LockPersonality": "yes", "MemoryDenyWriteExecute": "yes", "RestrictRealtime": "yes",
    "RestrictSUIDSGID": "yes", "RestrictNamespaces": "yes",
}
# The names the kernel's drivers give their devices in /proc/devices (what a char- class in
# DeviceAllow matches, globs allowed), with a device node of each. spidev registers as "spi";
# the GPIO memory is "bcm2835-gpiomem" on older Pi kernels, "rpi-gpiomem" on newer ones.
DEVICE_CLASSES = {
    "gpiochip": "/dev/gpiochip0", "bcm2835-gpiomem": "/dev/gpiomem",
    "rpi-gpiomem": "/dev/gpiomem0", "i2c": "/dev/i2c-1", "spi": "/dev/spidev0.0",
    "ttyS": "/dev/ttyS0", "ttyAMA": "/dev/ttyAMA0", "ttyGS": "/dev/ttyGS0",
    "ttyACM": "/dev/ttyACM0", "ttyUSB": "/dev/ttyUSB0",
}


def test_the_unit_runs_the_box_in_a_sandbox() -> None:
    service = unit()["Service"]
    assert {key: service.get(key) for key in HARDENING} == HARDENING
    # no capability at all, in the bounding set or handed down
    assert unit_values("CapabilityBoundingSet") == []
    assert "CapabilityBoundingSet" in service and "AmbientCapabilities" in service
    assert unit_values("AmbientCapabilities") == []
    assert unit_values("SystemCallFilter")[0] == "@system-service"
    # it would hide the GPIO, I2C, SPI and serial devices; PrivateUsers would map their
    # groups to nobody (hw/README.md says why both are left out)
    assert "PrivateDevices" not in service and "PrivateUsers" not in service


@pytest.mark.parametrize(("name", "node"), sorted(DEVICE_CLASSES.items()))
def test_the_sandbox_lets_the_box_open_its_hardware(name: str, node: str) -> None:
    allowed = [value.split() for value in unit_values("DeviceAllow")]
    matching = [access for pattern, access in allowed
                if pattern.startswith("char-") and fnmatch.fnmatchcase(name, pattern[5:])]
    assert matching, f"no DeviceAllow for {node} (char-{name})"
    assert "r" in matching[0] and "w" in matching[0]


def test_every_group_the_unit_names_is_one_the_install_script_makes() -> None:
    script = INSTALL.read_text()
    made = re.search(r"for group in ([a-z0-9 ]+); do\n\s+if getent group", script)
    assert made is not None, "install.sh no longer makes the unit's groups"
    assert set(unit()["Service"]["SupplementaryGroups"].split()) == set(made[1].split())


def security_score() -> float | None:
    """systemd-analyze's offline exposure of the unit (0 safe to 10 exposed); None where
    there is no systemd-analyze, or one too old for --offline (before systemd 250)."""
    if shutil.which("systemd-analyze") is None:
        return None
    result = subprocess.run(
        ["systemd-analyze", "security", "--offline=true", "--no-pager",
         str(HW / "fogkeeper.service")], capture_output=True, text=True, timeout=60,
        check=False)
    if "--offline" in result.stderr and "unrecognized" in result.stderr:
        return None
    found = re.search(r"Overall exposure level for fogkeeper\.service: (\d+\.\d+)",
                      result.stdout)
    assert found is not None, result.stdout + result.stderr
    return float(found[1])


def test_the_unit_scores_safe_in_systemd_analyze_security() -> None:
    # the settings that earn the score are checked on every machine; the score where
    # systemd-analyze can compute it (Debian 12's systemd 252 and newer)
    service = unit()["Service"]
    assert {key: service.get(key) for key in HARDENING} == HARDENING
    score = security_score()
    if score is not None:
        assert score <= 2.0


def test_the_install_script_is_valid_bash() -> None:
    assert subprocess.run(["bash", "-n", str(INSTALL)], check=False).returncode == 0
    if shutil.which("shellcheck"):
        result = subprocess.run(["shellcheck", str(INSTALL)], capture_output=True, text=True,
                                check=False)
        assert result.returncode == 0, result.stdout


def as_unprivileged(argv: list[str]) -> list[str]:
    """The command run as nobody when the tests run as root, so the script cannot write."""
    if os.geteuid() != 0:
        return argv
    return ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *argv]


@pytest.fixture
def pi_root() -> Iterator[Path]:
    """A scratch tree shaped like a Raspberry Pi OS Bookworm root, readable by nobody."""
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        root.chmod(0o755)
        boot = root / "boot" / "firmware"
        boot.mkdir(parents=True)
        (boot / "config.txt").write_text(CONFIG_TXT)
        (boot / "cmdline.txt").write_text(CMDLINE_TXT)
        yield root


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(path.relative_to(root)): path.read_bytes()
            for path in sorted(root.rglob("*")) if path.is_file()}


@functools.cache
def nobodys_copy() -> Path:
    """The script and what it reads (hw/, config/) where nobody may read them: it runs as
    nobody when the tests run as root, and a checkout under /root or a 0700 home is not
    nobody's to enter. Made once, removed when the test run ends."""
    folder = Path(tempfile.mkdtemp(prefix="fogkeeper-hw-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    folder.chmod(0o755)
    for part in ("hw", "config"):
        shutil.copytree(HW.parent / part, folder / part)
    for path in folder.rglob("*"):
        path.chmod(0o755 if path.is_dir() or os.access(path, os.X_OK) else 0o644)
    return folder / "hw" / "install.sh"


def run_install(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "FOGKEEPER_INSTALL_ROOT": str(root)}
    return subprocess.run(as_unprivileged([str(nobodys_copy()), *args]), capture_output=True,
                          text=True, env=env, timeout=60, check=False)


@pytest.mark.parametrize(("profile", "toml"), [
    ("bonnet", "adafruit-bonnet.toml"), ("waveshare", "waveshare-hat.toml")])
def test_a_dry_run_plans_every_step_and_changes_nothing(
    pi_root: Path, profile: str, toml: str,
) -> None:
    before = snapshot(pi_root)
    result = run_install(pi_root, "--dry-run", profile)
    assert result.returncode == 0, result.stderr
    assert snapshot(pi_root) == before
    plan = result.stdout
    for step in ("dtparam=i2c_arm=on,i2c_arm_baudrate=400000", "dtparam=spi=on",
                 "enable_uart=1", "free the serial port", "venv", "[pi]", toml,
                 "systemctl enable fogkeeper.service"):
        assert step in plan, step


def test_the_boot_edits_are_right_and_happen_once(pi_root: Path) -> None:
    boot = pi_root / "boot" / "firmware"
    script = f"source {INSTALL}; configure_boot; configure_boot"
    env = {**os.environ, "FOGKEEPER_INSTALL_ROOT": str(pi_root)}
    subprocess.run(["bash", "-c", script], env=env, check=True, capture_output=True)
    lines = (boot / "config.txt").read_text().splitlines()
    assert lines[1:3] == ["dtparam=i2c_arm=on,i2c_arm_baudrate=400000", "dtparam=spi=on"]
    assert lines[-2:] == ["[all]", "enable_uart=1"]  # not under the [pi4] section
    assert lines.count("enable_uart=1") == 1
    assert (boot / "cmdline.txt").read_text() == (
        "console=tty1 root=PARTUUID=1234-02 rootwait\n")


def test_settings_already_in_place_are_left_alone(pi_root: Path) -> None:
    boot = pi_root / "boot" / "firmware"
    (boot / "config.txt").write_text(
        "dtparam=i2c_arm=on,i2c_arm_baudrate=400000\ndtparam=spi=on\nenable_uart=1\n")
    (boot / "cmdline.txt").write_text("console=tty1 root=PARTUUID=1234-02 rootwait\n")
    result = run_install(pi_root, "--dry-run", "bonnet")
    assert result.returncode == 0
    assert "already has dtparam=i2c_arm=on,i2c_arm_baudrate=400000" in result.stdout
    assert "serial console already off" in result.stdout
    assert "would run: sed" not in result.stdout


@pytest.mark.parametrize(("args", "status", "message"), [
    (["--dry-run"], 2, "name a profile"),
    (["--dry-run", "pimoroni"], 2, "unknown argument: pimoroni"),
    (["bonnet"], 1, "run as root"),
])
def test_bad_invocations_stop_before_touching_anything(
    pi_root: Path, args: list[str], status: int, message: str,
) -> None:
    before = snapshot(pi_root)
    result = run_install(pi_root, *args)
    assert (result.returncode, snapshot(pi_root)) == (status, before)
    assert message in result.stderr
