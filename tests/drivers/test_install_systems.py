"""hw/install.sh on each system it supports: Raspberry Pi OS (lgpio from the Pi archive),
plain Debian (no Pi archive: lgpio from PyPI as a wheel, or skipped, and said so), a machine
that is no Pi, and a chroot (no running systemd: enable only); it compiles the bytecode into
the venv and makes a regular install; it stops on bullseye's Python 3.9.

Every step runs for real (no dry run) against a scratch root (FOGKEEPER_INSTALL_ROOT), from a
small copy of the repository (the script, the unit, the profiles). The system's commands
(apt, systemctl, useradd, chown, uname, ...) and the venv's python and pip are stubs that
write down each call in one log, so the order is seen too; the files land in the scratch
root. It runs the same as root or not."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
LOG_ALL = 'printf "%s %s\\n" "$(basename "$0")" "$*" >>"$FAKE_LOG"\n'


@dataclass
class System:
    """A scratch system: what its apt archive holds, its machine, its systemd, its Python."""

    root: Path
    archive: tuple[str, ...] = ("python3", "python3-venv", "python3-dev", "i2c-tools",
                                "python3-spidev")
    machine: str = "aarch64"
    chroot: bool = False
    booted: bool = True
    python: str = ""  # "" is the real python3; "3.9" a stub answering as bullseye's
    wheel_missing: bool = False  # PyPI has no lgpio wheel for this Python (trixie's 3.13)

    @property
    def log(self) -> Path:
        return self.root / "calls.log"

    def calls(self, command: str) -> list[str]:
        lines = self.log.read_text().splitlines() if self.log.exists() else []
        return [line.removeprefix(f"{command} ").strip() for line in lines
                if line.split(" ", 1)[0] == command]

    def install(self, profile: str = "bonnet") -> subprocess.CompletedProcess[str]:
        repo = self.root / "clone"
        for part in ("hw/install.sh", "hw/fogkeeper.service", "config/adafruit-bonnet.toml",
                     "config/waveshare-hat.toml", "pyproject.toml"):
            (repo / part).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / part, repo / part)
        stubs = self.stubs()
        script = (f'source "{repo / "hw" / "install.sh"}"; PROFILE={profile}; '
                  f'chown() {{ printf "chown %s\\n" "$*" >>"{self.log}"; }}; install_all')
        env = {**os.environ, "FOGKEEPER_INSTALL_ROOT": str(self.root / "sys"),
               "FAKE_LOG": str(self.log), "PATH": f"{stubs}:{os.environ['PATH']}"}
        return subprocess.run(["bash", "-c", script], env=env, capture_output=True,
                              text=True, timeout=60, check=False)

    def stubs(self) -> Path:
        stubs = self.root / "stubs"
        known = " ".join(self.archive)
        write(stubs / "apt-cache", LOG_ALL + f'[[ " {known} " == *" $2 "* ]]\n')
        write(stubs / "uname", f'echo "{self.machine}"\n')
        write(stubs / "systemd-detect-virt", f"exit {0 if self.chroot else 1}\n")
        write(stubs / "getent", "exit 2\n")  # no group exists yet
        write(stubs / "id", "exit 1\n")  # no fogkeeper user yet
        for command in ("apt-get", "systemctl", "groupadd", "useradd", "usermod"):
            write(stubs / command, LOG_ALL)
        if self.python:
            write(stubs / "python3", f'echo "{self.python}"\n')
        if self.booted:
            (self.root / "sys" / "run" / "systemd" / "system").mkdir(parents=True)
        venv = self.root / "sys" / "opt" / "fogkeeper" / "venv" / "bin"
        write(venv / "python", LOG_ALL)
        refuse = ('if [[ "$*" == *--only-binary* ]]; then exit 1; fi\n'
                  if self.wheel_missing else "")
        write(venv / "pip", LOG_ALL + refuse)
        return stubs


def write(path: Path, body: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"#!/usr/bin/env bash\n{body}")
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


PI_ARCHIVE = ("python3-lgpio", "python3-rpi-lgpio")


@pytest.fixture
def debian(tmp_path: Path) -> System:
    """Plain Debian on a Pi: no python3-lgpio in its archive."""
    return System(tmp_path)


def installed_packages(system: System) -> set[str]:
    (install,) = [call for call in system.calls("apt-get") if call.startswith("install")]
    return set(install.split()[2:])


def test_plain_debian_installs_and_takes_lgpio_from_pypi(debian: System) -> None:
    done = debian.install()
    assert done.returncode == 0, done.stderr
    assert "has no python3-lgpio" in done.stdout
    assert "taken from PyPI, as wheels only" in done.stdout
    assert not installed_packages(debian) & set(PI_ARCHIVE)  # apt would stop with rc 100
    assert "python3-spidev" in installed_packages(debian)  # Debian's own
    src = debian.root / "sys" / "opt" / "fogkeeper" / "src"
    assert f"install {src}" in debian.calls("pip")
    assert f"install --only-binary lgpio {src}[pi]" in debian.calls("pip")


def test_plain_debian_with_no_lgpio_wheel_skips_the_gpio_library_and_says_so(
    debian: System,
) -> None:
    debian.wheel_missing = True
    done = debian.install()
    assert done.returncode == 0, done.stderr
    assert "warning: no lgpio wheel for this Python and machine" in done.stdout
    assert "the GPIO library is skipped" in done.stdout
    assert "will not start until it is installed" in done.stdout
    assert debian.calls("systemctl")  # the rest of the install went on


def test_raspberry_pi_os_takes_lgpio_from_its_archive(debian: System) -> None:
    debian.archive += PI_ARCHIVE
    done = debian.install()
    assert done.returncode == 0, done.stderr
    assert "from the Raspberry Pi OS archive (apt)" in done.stdout
    assert installed_packages(debian) >= {*PI_ARCHIVE, "python3-spidev"}
    src = debian.root / "sys" / "opt" / "fogkeeper" / "src"
    assert debian.calls("pip")[-1] == f"install {src}[pi]"


def test_a_machine_that_is_no_pi_leaves_the_gpio_modules_out_and_says_so(
    debian: System,
) -> None:
    debian.machine = "x86_64"
    done = debian.install()
    assert done.returncode == 0, done.stderr
    assert "this machine is x86_64, not a Raspberry Pi" in done.stdout
    assert 'pin_factory = "mock"' in done.stdout


def test_the_install_is_a_regular_one(debian: System) -> None:
    debian.archive += PI_ARCHIVE
    assert debian.install().returncode == 0
    installs = [call for call in debian.calls("pip") if call.startswith("install")]
    assert installs
    assert not [call for call in installs if " -e " in f" {call} "]


def test_the_bytecode_is_compiled_into_the_venv_after_the_install(debian: System) -> None:
    assert debian.install().returncode == 0
    venv = debian.root / "sys" / "opt" / "fogkeeper" / "venv"
    assert debian.calls("python") == [f"-m compileall -q -j 0 {venv / 'lib'}"]
    order = [line.split(" ", 1)[0] for line in debian.log.read_text().splitlines()]
    assert order.index("python") > max(i for i, name in enumerate(order) if name == "pip")


def test_in_a_chroot_the_service_is_only_enabled(debian: System) -> None:
    debian.chroot = True  # /run/systemd/system may be the host's, bind-mounted
    done = debian.install()
    assert done.returncode == 0, done.stderr
    assert debian.calls("systemctl") == ["enable fogkeeper.service"]
    assert "no running systemd here" in done.stdout
    unit = debian.root / "sys" / "etc" / "systemd" / "system" / "fogkeeper.service"
    assert unit.read_bytes() == (REPO / "hw" / "fogkeeper.service").read_bytes()


def test_with_no_systemd_running_the_service_is_only_enabled(debian: System) -> None:
    debian.booted = False
    assert debian.install().returncode == 0
    assert debian.calls("systemctl") == ["enable fogkeeper.service"]


def test_on_a_booted_system_the_service_is_reloaded_enabled_and_started(
    debian: System,
) -> None:
    assert debian.install().returncode == 0
    assert debian.calls("systemctl") == [
        "daemon-reload", "enable fogkeeper.service", "restart fogkeeper.service"]


def test_missing_groups_are_made_so_that_systemd_starts_the_unit(debian: System) -> None:
    assert debian.install().returncode == 0
    assert debian.calls("groupadd") == [f"--system {g}" for g in ("gpio", "i2c", "spi",
                                                                   "dialout")]


def test_the_config_stays_0640_for_the_service_group(debian: System) -> None:
    assert debian.install().returncode == 0
    config = debian.root / "sys" / "etc" / "fogkeeper" / "config.toml"
    assert stat.S_IMODE(config.stat().st_mode) == 0o640
    assert debian.calls("chown") == [f"root:fogkeeper {config}"]


def test_bullseyes_python_stops_the_install_before_apt(debian: System) -> None:
    debian.python = "3.9"
    done = debian.install()
    assert done.returncode == 1
    assert "fogkeeper needs Python 3.11 or newer" in done.stderr
    assert "has 3.9" in done.stderr
    assert debian.calls("apt-get") == []
