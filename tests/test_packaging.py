"""A regular (non-editable) install carries its data and runs every game.

The wheel is built from a copy of the sources (no stale build/ of the checkout can leak into
it) without build isolation, and installed with --no-deps and --no-index into a fresh venv:
offline, from what this venv has. The fresh venv sees this venv's site-packages for the
dependencies only (a .pth line, written after the install, so pip never takes this venv's
editable fogkeeper for the one to replace); fogkeeper itself comes from the wheel."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from flow.fog.test_fog_link import SETUP
from support.process import BoxProcess

REPO = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = PYPROJECT["tool"]["setuptools"]
PIN = "2468"


def test_the_package_list_names_every_code_package() -> None:
    """pyproject.toml lists the packages (a mapped folder cannot join a `find`): one left out
    would be missing from every regular install."""
    root = REPO / "firmware_py"
    on_disk = {".".join(init.parent.relative_to(root).parts)
               for init in root.rglob("__init__.py")}
    assert set(SETUPTOOLS["packages"]) == on_disk | {"fogkeeper._config"}


def test_the_package_data_globs_each_match_a_file() -> None:
    """A glob matching nothing (the old `ui/fonts/*`) ships nothing and says nothing."""
    for package, globs in SETUPTOOLS["package-data"].items():
        folder = REPO / SETUPTOOLS["package-dir"].get(
            package, Path("firmware_py", *package.split(".")))
        for glob in globs:
            assert any(path.is_file() for path in folder.glob(glob)), (package, glob)


def test_the_shipped_config_is_the_repository_folder() -> None:
    assert SETUPTOOLS["package-dir"]["fogkeeper._config"] == "config"


@dataclass(frozen=True)
class Install:
    venv: Path
    env: dict[str, str]
    work: Path

    def fogkeeper(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(self.venv / "bin" / "fogkeeper"), *args], cwd=self.work,
                              env=self.env, capture_output=True, text=True, timeout=60,
                              check=False)

    def python(self, code: str) -> str:
        return subprocess.run([str(self.venv / "bin" / "python"), "-c", code], cwd=self.work,
                              env=self.env, capture_output=True, text=True, timeout=60,
                              check=True).stdout.strip()


def sources(into: Path) -> Path:
    """What a wheel is built from, copied: pyproject.toml, README.md, the code, config/."""
    into.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(REPO / name, into / name)
    skip = shutil.ignore_patterns("__pycache__", "*.egg-info")
    for folder in ("firmware_py", "config"):
        shutil.copytree(REPO / folder, into / folder, ignore=skip)
    return into


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Install]:
    pytest.importorskip("setuptools.build_meta")  # the [test] extra brings it
    scratch = tmp_path_factory.mktemp("regular-install")
    src = sources(scratch / "src")
    wheels = scratch / "wheels"
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--no-input"]
    subprocess.run([*pip, "wheel", "-q", "--no-deps", "--no-build-isolation", "--no-index",
                    "-w", str(wheels), str(src)], check=True, capture_output=True, timeout=120)
    venv = scratch / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                   timeout=60)
    (wheel,) = wheels.glob("fogkeeper-*.whl")
    subprocess.run([*pip, "--python", str(venv / "bin" / "python"), "install", "-q",
                    "--no-deps", "--no-index", str(wheel)], check=True, capture_output=True,
                   timeout=120)
    purelib = subprocess.run(
        [str(venv / "bin" / "python"), "-c",
         "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True, timeout=60).stdout.strip()
    # plain path lines: this venv's own .pth files (its editable fogkeeper) are not run
    ours = dict.fromkeys(sysconfig.get_paths()[key] for key in ("purelib", "platlib"))
    (Path(purelib) / "dev-venv-dependencies.pth").write_text("".join(f"{p}\n" for p in ours))
    # A PC has no Pi modules (the [pi] extra): empty ones stand in, so `config check` of a
    # shipped profile finds what it asks for (lgpio; spidev and RPi for SPI); nothing here
    # imports them.
    stand_in = scratch / "stand-in"
    (stand_in / "RPi").mkdir(parents=True)
    for module in ("lgpio.py", "spidev.py", "RPi/__init__.py"):
        (stand_in / module).write_text('"""a stand-in of tests/test_packaging.py"""\n')
    work = scratch / "work"
    work.mkdir()  # not the checkout: nothing may be found from the current folder
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("FOGKEEPER_", "PYTHON"))}
    env |= {"HOME": str(work), "PYTHONPATH": str(stand_in),
            "FOGKEEPER_DATA_DIR": str(work / "data")}
    yield Install(venv, env, work)


def test_the_installed_package_is_the_wheel_with_its_data(installed: Install) -> None:
    found = installed.python("import fogkeeper.paths as p; print(p.__file__); "
                             "print(p.config_dir())").splitlines()
    assert Path(found[0]).is_relative_to(installed.venv), found
    assert Path(found[1]).is_relative_to(installed.venv), found
    assert (Path(found[1]) / "boards" / "S.toml").is_file()


def test_the_installed_box_shows_a_board(installed: Install) -> None:
    shown = installed.fogkeeper("board", "S")
    assert shown.returncode == 0, shown.stderr
    assert "Board S" in shown.stdout


@pytest.mark.parametrize("profile", ["adafruit-bonnet.toml", "waveshare-hat.toml"])
def test_a_shipped_profile_passes_its_check(installed: Install, profile: str) -> None:
    shipped = installed.python("from fogkeeper.paths import config_dir; print(config_dir())")
    checked = installed.fogkeeper("config", "check", str(Path(shipped) / profile))
    assert checked.returncode == 0, checked.stderr
    assert "OK" in checked.stdout.splitlines()[0]
    assert "The FOG: boards S, F, M, L and the Uncertainty decks OK" in checked.stdout


def test_the_installed_box_plays_the_fog_over_its_link(
    installed: Install, tmp_path: Path,
) -> None:
    box = BoxProcess(tmp_path / "box", pin=PIN, env=installed.env,
                     program=[str(installed.venv / "bin" / "fogkeeper")])
    try:
        def ask(cmd: str, **args: object) -> dict[str, object]:
            reply = box.request(cmd, **args)
            assert reply["ok"], reply
            return reply

        assert ask("hello")["games"]["fog"] == "ready"  # type: ignore[index]
        ask("game.start", game="fog")
        ask("fog.setup", **SETUP, seed=7, pin=PIN)  # the board and every deck are read
        ask("fog.continue")
        assert ask("fog.state")["screen"]
        ask("hello")  # the box answered and is still up, as it was not before
        assert box.process.poll() is None
    finally:
        code = box.stop()
    assert code == 0, box.process.stderr.read().decode()  # type: ignore[union-attr]


def requirements(group: str | None = None) -> dict[str, Requirement]:
    project = PYPROJECT["project"]
    listed = project["dependencies"] if group is None else project["optional-dependencies"][group]
    return {canonicalize_name(r.name): r for r in map(Requirement, listed)}


def test_pillow_is_one_that_has_the_calls_the_box_and_luma_make() -> None:
    pillow = requirements()["pillow"].specifier
    assert "10.0.1" not in pillow  # no load_default(size=) before 10.1
    assert "10.1.0" in pillow
    assert "14.0.0" not in pillow  # no Image.getdata from 14 on


@pytest.mark.parametrize("name", ["luma-oled", "luma-core"])
def test_luma_stays_in_the_major_version_known_to_work(name: str) -> None:
    assert any(spec.operator == "<" for spec in requirements()[name].specifier)


@pytest.mark.parametrize(("machine", "wanted"), [
    ("armv6l", True), ("armv7l", True), ("aarch64", True), ("x86_64", False)])
def test_the_pi_extra_is_for_every_pi(machine: str, wanted: bool) -> None:
    for requirement in requirements("pi").values():
        assert requirement.marker is not None
        assert requirement.marker.evaluate({"platform_machine": machine}) is wanted


@pytest.mark.parametrize("name", ["ruff", "mypy"])
def test_the_checkers_are_pinned(name: str) -> None:
    (spec,) = requirements("test")[name].specifier
    assert spec.operator in ("==", "~=")
