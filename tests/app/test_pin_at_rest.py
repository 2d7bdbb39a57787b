"""The Guardian PIN at rest: ``config check`` and ``run`` warn when a config file holding a
PIN can be read by every local user (and say how to mend it, never the PIN); the box's own
``pin.json`` is 0600 whatever the umask, new or rewritten."""

from __future__ import annotations

import argparse
import os
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from fogkeeper.app import config_cmd
from fogkeeper.app.store import Stores

PIN = "86420"  # a PIN that appears nowhere else in the output, so a leak would show


def box_config(tmp_path: Path, *, pin: str | None, mode: int) -> Path:
    """A config for the parts this machine has, with or without a PIN, at ``mode``."""
    path = tmp_path / "box.toml"
    text = (f"[display]\ndriver = 'dummy'\n[inputs]\npin_factory = 'mock'\n"
            f"[storage]\ndata_dir = '{tmp_path / 'data'}'\n")
    if pin is not None:
        text += f"[security]\npin = '{pin}'\n"
    path.write_text(text, encoding="utf-8")
    path.chmod(mode)
    return path


def config_check(path: Path, monkeypatch: pytest.MonkeyPatch,
                 capsys: pytest.CaptureFixture[str]) -> str:
    # config check sets FOGKEEPER_DATA_DIR when unset; set here, it is undone after the test
    monkeypatch.setenv("FOGKEEPER_DATA_DIR", str(path.parent / "data"))
    assert config_cmd.run(argparse.Namespace(action="check", file=path)) == 0
    captured = capsys.readouterr()
    return captured.out + captured.err


def test_config_check_warns_of_a_world_readable_pin_and_says_how_to_mend_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = box_config(tmp_path, pin=PIN, mode=0o644)
    shown = config_check(path, monkeypatch, capsys)
    warnings = [line for line in shown.splitlines() if "Guardian PIN" in line]
    assert len(warnings) == 1, shown
    assert warnings[0].startswith("  warning: ") and "every user" in warnings[0]
    assert f"sudo chmod 640 {path} && sudo chown root:fogkeeper {path}" in warnings[0]
    assert f"{path}: OK" in shown  # a warning, not a refusal
    assert PIN not in shown


@pytest.mark.parametrize(("pin", "mode"), [(PIN, 0o640), (PIN, 0o600), (None, 0o644),
                                           ("", 0o644)],
                         ids=["PIN 0640", "PIN 0600", "no PIN 0644", "empty PIN 0644"])
def test_config_check_is_quiet_when_no_pin_is_exposed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], pin: str | None, mode: int) -> None:
    shown = config_check(box_config(tmp_path, pin=pin, mode=mode), monkeypatch, capsys)
    assert "Guardian PIN" not in shown and "chmod" not in shown
    assert PIN not in shown


# `fogkeeper run --sim --headless` until its splash is on the display (the start-up checks
# are behind it), then out; its log lines are on stderr.
PROBE = """
import logging, os, sys

class AtSplash(logging.Handler):
    def emit(self, record):
        if record.getMessage() == "splash on the display":
            sys.stderr.flush()
            os._exit(0)

logging.getLogger("fogkeeper").addHandler(AtSplash())
from fogkeeper.cli import main
main(["run", "--sim", "--headless", "--config", sys.argv[1]])
"""


def run_until_splash(path: Path) -> str:
    env = {**os.environ, "FOGKEEPER_DATA_DIR": str(path.parent / "data")}
    done = subprocess.run([sys.executable, "-c", PROBE, str(path)], capture_output=True,
                          text=True, stdin=subprocess.DEVNULL, timeout=60, check=False,
                          env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout + done.stderr


def test_run_logs_the_warning_once_and_starts_anyway(tmp_path: Path) -> None:
    path = box_config(tmp_path, pin=PIN, mode=0o644)
    shown = run_until_splash(path)
    warnings = [line for line in shown.splitlines() if "Guardian PIN" in line]
    assert len(warnings) == 1, shown
    assert warnings[0].startswith("WARNING ")
    assert f"sudo chmod 640 {path}" in warnings[0]
    assert PIN not in shown


def test_run_says_nothing_of_a_pin_kept_0640(tmp_path: Path) -> None:
    shown = run_until_splash(box_config(tmp_path, pin=PIN, mode=0o640))
    assert "Guardian PIN" not in shown and PIN not in shown


@pytest.fixture
def open_umask() -> Iterator[None]:
    """A umask that takes nothing away: any mode the file gets is the store's own doing."""
    before = os.umask(0)
    try:
        yield
    finally:
        os.umask(before)


def mode_of(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.usefixtures("open_umask")
def test_pin_json_is_written_0600_under_an_open_umask_and_stays_so(tmp_path: Path) -> None:
    stores = Stores(tmp_path / "data")
    stores.pin.save({"digest": "salt$hash"})
    assert mode_of(stores.pin.path) == 0o600
    stores.pin.path.chmod(0o644)  # loosened by hand (a copy, a restore from a backup)
    stores.pin.save({"digest": "salt$other"})
    assert mode_of(stores.pin.path) == 0o600
    assert stores.pin.load() == {"digest": "salt$other"}


@pytest.mark.usefixtures("open_umask")
def test_pin_json_is_0600_even_over_a_stale_temp_file(tmp_path: Path) -> None:
    # a pulled plug between writing pin.json.tmp and renaming it leaves the temp file; one
    # left at 0644 (by a restore, an older release) must not pass its mode on to pin.json
    stores = Stores(tmp_path / "data")
    stale = stores.pin.path.with_name("pin.json.tmp")
    stale.parent.mkdir(parents=True)
    stale.write_text("{}", encoding="utf-8")
    stale.chmod(0o644)
    stores.pin.save({"digest": "salt$hash"})
    assert mode_of(stores.pin.path) == 0o600
    assert not stale.exists()
