"""`fogkeeper diagram` draws every state machine from its table."""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

import pytest

from fogkeeper.app import diagram_cmd
from fogkeeper.errors import FogkeeperError


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser()
    diagram_cmd.add_arguments(parser)
    return diagram_cmd.run(parser.parse_args(list(argv)))


def test_each_machine_is_drawn_with_its_states_and_triggers(tmp_path: Path) -> None:
    assert run("--out", str(tmp_path)) == 0
    for name, (states, table, _initial) in diagram_cmd.machines().items():
        dot = (tmp_path / f"{name}.dot").read_text(encoding="utf-8")
        assert dot.startswith("digraph")
        for state in states:
            assert getattr(state, "name", str(state)) in dot
        for row in table:
            assert row["trigger"] in dot
        if shutil.which("dot"):
            assert (tmp_path / f"{name}.png").read_bytes()[:4] == b"\x89PNG"


def test_an_unknown_machine_is_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(FogkeeperError, match="no machine named nope"):
        run("--out", str(tmp_path), "nope")
