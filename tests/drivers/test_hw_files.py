"""hw/: the systemd unit parses and runs the box; the install script is valid and its dry run
changes nothing."""

from __future__ import annotations

import atexit
import configparser
import functools
import os
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
