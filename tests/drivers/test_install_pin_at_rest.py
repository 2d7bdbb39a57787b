"""hw/install.sh keeps the Guardian PIN at rest from other local users: the installed
/etc/fogkeeper/config.toml is 0640 root:fogkeeper, a new one and a kept one alike.

The script is sourced against a scratch root (FOGKEEPER_INSTALL_ROOT), as the other hw tests
do. This machine has no `fogkeeper` group, so `chown` is a shell function that writes down
what it was asked; the mode is the real one on disk."""

from __future__ import annotations

import configparser
import os
import stat
import subprocess
from pathlib import Path

HW = Path(__file__).resolve().parents[2] / "hw"
INSTALL = HW / "install.sh"
KEPT = '[display]\ndriver = "ssd1306"\n\n[security]\npin = "4711"\n'


def service_group() -> str:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.read(HW / "fogkeeper.service")
    return parser["Service"]["Group"]


def install_config(root: Path, *, umask: str = "000") -> list[str]:
    """Run the script's install_config step under ``umask``; the chown calls it made."""
    calls = root / "chown-calls"
    script = (f'umask {umask}; source "{INSTALL}"; PROFILE=bonnet; '
              f'chown() {{ printf "%s\\n" "$*" >>"{calls}"; }}; install_config')
    env = {**os.environ, "FOGKEEPER_INSTALL_ROOT": str(root)}
    done = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return calls.read_text().splitlines() if calls.exists() else []


def mode_of(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_service_runs_in_the_group_that_may_read_the_config() -> None:
    assert service_group() == "fogkeeper"


def test_a_new_config_is_installed_0640_for_root_and_the_service_group(tmp_path: Path) -> None:
    calls = install_config(tmp_path)  # umask 000: the mode must not come from the umask
    config = tmp_path / "etc" / "fogkeeper" / "config.toml"
    assert config.read_bytes() == (HW.parent / "config" / "adafruit-bonnet.toml").read_bytes()
    assert mode_of(config) == 0o640
    assert calls == [f"root:{service_group()} {config}"]
    assert mode_of(config.parent) == 0o755  # the folder stays listable; the file is not


def test_a_kept_config_keeps_its_content_and_loses_its_world_read(tmp_path: Path) -> None:
    config = tmp_path / "etc" / "fogkeeper" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text(KEPT, encoding="utf-8")
    config.chmod(0o644)  # as earlier releases installed it
    calls = install_config(tmp_path, umask="022")
    assert config.read_text(encoding="utf-8") == KEPT
    assert mode_of(config) == 0o640
    assert calls == [f"root:{service_group()} {config}"]


def test_the_dry_run_plans_the_mode_and_the_owner(tmp_path: Path) -> None:
    env = {**os.environ, "FOGKEEPER_INSTALL_ROOT": str(tmp_path)}
    script = f'source "{INSTALL}"; PROFILE=bonnet; DRY_RUN=1; install_config'
    done = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True,
                          timeout=60, check=True)
    config = tmp_path / "etc" / "fogkeeper" / "config.toml"
    assert f"would run: install -m 0640 {HW.parent / 'config' / 'adafruit-bonnet.toml'}" \
        f" {config}" in done.stdout
    assert f"would run: chmod 0640 {config}" in done.stdout
    assert f"would run: chown root:fogkeeper {config}" in done.stdout
    assert not config.exists()
