"""`fogkeeper score` refuses records no table could produce: one line, exit 2, never a hang."""

from __future__ import annotations

import copy
import json
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from fogkeeper.app.score_cmd import main

Change = Callable[[dict[str, Any]], None]
DATA = Path(__file__).resolve().parents[2] / "data" / "fog"


def _base(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / name).read_text())
    return data


def _four_players(r: dict[str, Any]) -> None:
    r["players"].append({"name": "White", "colours": ["white"]})


def _fog_start(value: int) -> Change:
    def change(r: dict[str, Any]) -> None:
        r["fog"]["start"] = value
    return change


def _crowded_pier(r: dict[str, Any]) -> None:
    for x in r["final_positions"][:7]:
        x["at"] = "pier:red"


def _four_colours(r: dict[str, Any]) -> None:
    r["players"][0]["colours"] = ["black", "white", "grey", "orange"]


def _sailor_leader(r: dict[str, Any]) -> None:
    r["options"]["rescue_leaders"] = True
    r["final_positions"][0]["rescue_leader"] = True   # a blue Sailor


def _option_6_empty(r: dict[str, Any]) -> None:
    r["options"]["individual_boat_scorings"] = True


def _two_teams(r: dict[str, Any]) -> None:
    _four_players(r)
    r["options"]["team_scoring"] = "sum"
    r["teams"] = [["Black", "Pink"], ["Pink", "White"]]


def _teams_without_option_8(r: dict[str, Any]) -> None:
    _four_players(r)
    r["teams"] = [["Black", "Pink"], ["Yellow", "White"]]


def _held(held: dict[str, list[str]]) -> Change:
    def change(r: dict[str, Any]) -> None:
        r["options"]["rescue_achievements"] = "secret"
        r["missions"] = {"held": held}
    return change


def _beach_row_k(r: dict[str, Any]) -> None:
    r["options"]["beach_scoring"] = "B"
    r["setup"]["beach_scoring"] = {"A": -9, "K": -5}


def _olive_with_a7(r: dict[str, Any]) -> None:
    r["board"] = "M"
    r["options"]["extra_boat"] = "A7"
    r["final_positions"][1]["nation"] = "olive"


def _solo_two_players(r: dict[str, Any]) -> None:
    r["players"].append({"name": "Other", "colours": ["pink"]})


def _solo_owner_pink(r: dict[str, Any]) -> None:
    r["final_positions"][0]["owner"] = "pink"


CASES: list[tuple[str, str, Change, str]] = [
    ("multiplayer_example.json", "fog start 3", _fog_start(3),
     "the FOG Marker starts above the lower-left corner field of board S's FOG Track"),
    ("multiplayer_example.json", "fog start 99", _fog_start(99), "(8 to 10), not 99"),
    ("multiplayer_example.json", "fog start 10**30", _fog_start(10**30), "not 1000000"),
    ("multiplayer_example.json", "7 on one pier", _crowded_pier,
     "8 Islanders on the red boat's piers"),
    ("multiplayer_example.json", "4 colours", _four_colours,
     "Black plays 4 colours; with 3 players on board S a player plays 1"),
    ("multiplayer_example.json", "sailor leader", _sailor_leader,
     "only a Leader, or the Elder standing in for one"),
    ("multiplayer_example.json", "option 6 empty", _option_6_empty,
     "option 6 (Individual Boat Scorings): no tile on Area A of the blue boat"),
    ("multiplayer_example.json", "one player in two teams", _two_teams,
     "Pink is in 2 teams"),
    ("multiplayer_example.json", "teams without option 8", _teams_without_option_8,
     "teams are option 8 (Team Play)"),
    ("multiplayer_example.json", "mission held twice", _held({"Black": ["A49"],
                                                              "Pink": ["A49"]}),
     "A49 is held by Black and Pink"),
    ("multiplayer_example.json", "four missions one player",
     _held({"Black": ["A49", "A50", "A51", "A52"]}),
     "Black keeps 4 Rescue Achievements cards"),
    ("multiplayer_example.json", "B57 on board S", _held({"Black": ["B57"]}),
     "B57 is not used on board S"),
    ("multiplayer_example.json", "7B tile on row K", _beach_row_k,
     "no row K on board S"),
    ("multiplayer_example.json", "olive with A7", _olive_with_a7,
     "no olive boat on the table"),
    ("solo_example.json", "solo with two players", _solo_two_players,
     "a solo game has one player, not 2"),
    ("solo_example.json", "solo Islander of a colour not in play", _solo_owner_pink,
     "owner pink is not a colour in play"),
]


@contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    def expire(signum: int, frame: object) -> None:
        raise TimeoutError(f"no answer within {seconds} s")
    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize(("base", "change", "reason"),
                         [(b, c, r) for b, _, c, r in CASES], ids=[c[1] for c in CASES])
def test_impossible_record_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], base: str, change: Change,
    reason: str,
) -> None:
    record = copy.deepcopy(_base(base))
    change(record)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    with _deadline(20):
        code = main([str(path)])
    captured = capsys.readouterr()
    assert code == 2, captured.out
    assert reason in captured.err
    assert captured.err.count("\n") == 1 and captured.out == ""


def test_the_bases_are_legal(capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("multiplayer_example.json", "solo_example.json", "large_all_options.json"):
        assert main([str(DATA / name)]) == 0, capsys.readouterr().err
