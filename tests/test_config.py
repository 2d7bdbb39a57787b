"""The config loader: shipped profiles load, every bad value is refused with the key path."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from fogkeeper.config import Config, load_config, parse_config
from fogkeeper.errors import ConfigError

ROOT = Path(__file__).resolve().parents[1]
PROFILES = [ROOT / "config" / "adafruit-bonnet.toml", ROOT / "config" / "waveshare-hat.toml"]


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_shipped_hardware_profiles_load(profile: Path) -> None:
    config = load_config(profile)
    assert config.display.driver in {"ssd1306", "sh1106"}
    assert config.source == str(profile)


def test_the_vm_profile_needs_no_pi_module(monkeypatch: pytest.MonkeyPatch) -> None:
    # hw/vm-test installs it on a PC's Debian: mock pins (no lgpio there), the display on
    # i2c-stub's 0x3C, the link on the VM's second UART
    import importlib.util

    from fogkeeper.app import run

    config = load_config(ROOT / "config" / "vm-qemu.toml")
    assert (config.display.driver, config.display.interface, config.display.i2c_address) == (
        "ssd1306", "i2c", 0x3C)
    assert (config.inputs.pin_factory, config.link.port) == ("mock", "/dev/ttyS1")
    assert config.storage.data_dir == "/var/lib/fogkeeper"  # the unit's StateDirectory
    real_find_spec = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name in {
        "lgpio", "RPi", "RPi.GPIO", "spidev"} else real_find_spec(name, *a))
    run.check_modules(config)


def test_no_file_gives_the_documented_defaults() -> None:
    config = load_config(None)
    assert config == Config()
    assert config.timer.default_seconds == 60
    assert config.timer.presets_seconds == (30, 60, 90, 120)
    assert config.timer.warn_at_seconds == (10, 5, 4, 3, 2, 1)


BAD = [
    ("[display]\nrotation = 90\n", "[display] rotation = 90", "0 or 180"),
    ("[display]\ndriver = 'st7735'\n", "[display] driver = 'st7735'", "ssd1306, sh1106"),
    ("[display]\ncontrast = '200'\n", "[display] contrast = '200'", "0-255"),
    ("[display]\ncontrast = 300\n", "[display] contrast = 300", "0-255"),
    ("[display]\nbrightness = 3\n", "[display] unknown key 'brightness'", "allowed: driver"),
    ("[screen_saver]\nx = 1\n", "unknown section [screen_saver]", "[display]"),
    ("display = 3\n", "display must be a table", "[display]"),
    ("[inputs]\nup = 40\n", "[inputs] up = 40", "BCM GPIO number"),
    ("[inputs]\nhold_seconds = true\n", "[inputs] hold_seconds = True", "0.3-3.0 seconds"),
    ("[inputs]\nhold_seconds = 10\n", "[inputs] hold_seconds = 10", "0.3-3.0"),
    ("[buzzer]\nmuted = 'no'\n", "[buzzer] muted = 'no'", "true or false"),
    ("[timer]\nwarn_at_seconds = [10, 10]\n", "[timer] warn_at_seconds", "distinct"),
    ("[timer]\npresets_seconds = 60\n", "[timer] presets_seconds = 60", "whole seconds"),
    ("[timer]\nplayers = 0\n", "[timer] players = 0", "1-8"),
    ("[security]\npin = 1234\n", "[security] pin is not allowed", "4 to 8 digits as a string"),
    ("[security]\npin = '12a4'\n", "[security] pin is not allowed", "4 to 8 digits"),
    ("[log]\nlevel = 'loud'\n", "[log] level = 'loud'", "debug, info"),
    ("[display\n", "not valid TOML", ""),
    ("a = " + "[" * 5000 + "]" * 5000 + "\n", "not valid TOML", "nested too deep"),
    ("[timer]\npresets_seconds = []\n", "[timer] presets_seconds = []", "1-12 distinct"),
    ("[storage]\ndata_dir = ''\n", "[storage] data_dir = ''", "not empty"),
    ("[inputs]\nup = 5\n", "GPIO 5 is both [inputs] up and [inputs] key1", "one job"),
    ("[buzzer]\npin = 17\n", "GPIO 17 is both [inputs] up and [buzzer] pin", "one job"),
    ("[display]\ndriver = 'sh1106'\ninterface = 'spi'\ngpio_dc = 22\n",
     "GPIO 22 is both [inputs] down and [display] gpio_dc", "one job"),
    ("[link]\nport = '/dev/null'\n", "[link] port = '/dev/null'", "not a serial port"),
    ("[link]\nport = 'serial0'\n", "[link] port = 'serial0'", "starts with /"),
    ("[link]\nport = 'pty:'\n", "[link] port = 'pty:'", "needs a path"),
    ("[link]\nport = 'pty:/no/such/folder/link'\n", "[link] port", "does not exist"),
    ("[link]\nport = 'foo://x'\n", "[link] port = 'foo://x'", "not known"),
]


@pytest.mark.parametrize("text,where,allowed", BAD, ids=[b[1] for b in BAD])
def test_bad_values_name_the_file_the_key_and_what_is_allowed(
        tmp_path: Path, text: str, where: str, allowed: str) -> None:
    path = tmp_path / "box.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    message = str(caught.value)
    assert message.startswith(str(path))
    assert where in message
    assert allowed in message


def test_a_good_override_keeps_every_other_default() -> None:
    config = parse_config({"timer": {"default_seconds": 90, "presets_seconds": [45, 90]}})
    assert config.timer.default_seconds == 90
    assert config.timer.presets_seconds == (45, 90)
    assert config.display == Config().display


def test_missing_and_binary_files_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read the file"):
        load_config(tmp_path / "nope.toml")
    binary = tmp_path / "bin.toml"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(ConfigError, match="not a UTF-8 text file"):
        load_config(binary)


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "fogkeeper", *args],
                          capture_output=True, text=True, timeout=60, check=False)


def test_config_check_command_ok_and_bad(tmp_path: Path) -> None:
    # the Waveshare profile's display and buttons, on parts this machine has (no lgpio/spidev)
    here = tmp_path / "here.toml"
    here.write_text((ROOT / "config" / "waveshare-hat.toml").read_text(encoding="utf-8")
                    .replace('interface = "spi"', 'interface = "i2c"')
                    .replace('pin_factory = "lgpio"', 'pin_factory = "mock"'), encoding="utf-8")
    good = run_cli("config", "check", str(here))
    assert good.returncode == 0, good.stderr
    assert "OK" in good.stdout and "sh1106" in good.stdout
    bad_file = tmp_path / "bad.toml"
    bad_file.write_text("[inputs]\nkey3 = 'x'\n", encoding="utf-8")
    bad = run_cli("config", "check", str(bad_file))
    assert bad.returncode == 2
    assert "[inputs] key3 = 'x'" in bad.stderr
    assert "Traceback" not in bad.stderr
    assert bad.stderr.count("\n") == 1  # one line, no traceback


@pytest.mark.parametrize("text", ["[inputs]\nup = 5\n", "[link]\nport = 'pty:'\n",
                                  "[storage]\ndata_dir = ''\n",
                                  '[storage]\ndata_dir = "/tmp/a\\u0000b"\n',
                                  "[storage]\ndata_dir = '~nosuchuser-fogkeeper/x'\n"],
                         ids=["gpio", "pty", "empty folder", "NUL byte", "unknown user"])
def test_config_check_refuses_what_run_refuses(tmp_path: Path, text: str) -> None:
    path = tmp_path / "box.toml"
    path.write_text(text, encoding="utf-8")
    for command in (("config", "check", str(path)), ("run", "--config", str(path))):
        refused = run_cli(*command)
        assert refused.returncode == 2, command
        assert "Traceback" not in refused.stderr and str(path) in refused.stderr


def test_a_wrong_pin_in_a_config_file_is_never_echoed(tmp_path: Path) -> None:
    path = tmp_path / "box.toml"
    path.write_text("[security]\npin = '987654321'\n", encoding="utf-8")  # 9 digits: too long
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert "987654321" not in str(caught.value)


def test_configuration_doc_lists_every_key_as_the_schema_does() -> None:
    from fogkeeper.config import schema_table

    doc = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
    assert doc.endswith(schema_table())


def test_config_check_also_checks_the_games_data(tmp_path: Path) -> None:
    shipped = ROOT / "config"
    broken = tmp_path / "config"
    import shutil

    shutil.copytree(shipped, broken)
    (broken / "fogsite.toml").write_text("[guardian]\nchoice_policy = 7\n", encoding="utf-8")
    # the bonnet's profile on the parts this machine has (no lgpio)
    here = tmp_path / "here.toml"
    here.write_text((shipped / "adafruit-bonnet.toml").read_text(encoding="utf-8")
                    .replace('pin_factory = "lgpio"', 'pin_factory = "mock"'), encoding="utf-8")
    ok = run_cli("config", "check", str(here))
    assert "FOGSITE: fogsite.toml OK" in ok.stdout
    import os

    bad = subprocess.run([sys.executable, "-m", "fogkeeper", "config", "check",
                          str(here)],
                         capture_output=True, text=True, timeout=60, check=False,
                         env={**os.environ, "FOGKEEPER_CONFIG_DIR": str(broken)})
    assert bad.returncode == 2
    assert "fogsite.toml" in bad.stderr and "choice_policy" in bad.stderr


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_profile_without_its_hardware_modules_names_the_extra_to_install(
        profile: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    from fogkeeper.app import run

    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None)
    with pytest.raises(ConfigError) as caught:
        run.check_modules(load_config(profile))
    message = str(caught.value)
    assert message.startswith(str(profile)) and "lgpio" in message
    assert "fogkeeper[pi]" in message


def test_config_check_names_the_extra_a_profile_needs(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import argparse
    import importlib.util

    from fogkeeper.app import config_cmd

    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None)
    with pytest.raises(ConfigError, match=r"fogkeeper\[pi\]"):
        config_cmd.run(argparse.Namespace(action="check", file=PROFILES[1]))
    assert "OK" not in capsys.readouterr().out
