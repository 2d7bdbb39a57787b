"""One scoring truth: a game the table scored anyway is scored the same by the box, the link
and `fogkeeper score` (the record says what the table overrode), and the review shows the
notes the CLI prints."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from flow.fog.drivers import AppDriver
from flow.fog.fog_table import HOLD, OK, B
from fogkeeper.app.score_cmd import main as score_main
from fogkeeper.flow.fog.table import FogScreen
from fogkeeper.link.protocol import LinkError

F = FogScreen
TWO_IN_ONE_PLACE = [{"at": "boat:blue:A", "nation": "blue", "type": "warrior"}] * 2


def to_scoring() -> AppDriver:
    """A 2-player game ended at once: the first colour's list of Islanders."""
    t = AppDriver()
    t.press(OK).choose("Players", "2").choose("1 Hourglass", "off")
    t.go_to_row("Start game").press(OK, OK, HOLD, OK)
    assert t.screen is F.TURN and not t.fog.s.board_checked
    t.press(HOLD, OK, OK, B)
    assert t.screen is F.SCORE
    return t


def scored_anyway_on_the_box() -> AppDriver:
    """Two warriors in Area A of the blue boat (the box's board has one place there), and
    the table says that is how the boat stands: "Score anyway?" yes."""
    t = to_scoring()
    for _ in range(2):
        t.go_to_row("+ add").press(OK)
        t.choose("where", "blue A").choose("nation", "blue").choose("type", "warrior").press(OK)
    t.press(OK)                                   # "Kept as entered": the board data disagrees
    for _ in range(10):
        if t.screen is F.REVIEW:
            break
        if t.screen is F.SCORE:
            t.go_to_row("Done")
        t.press(*((HOLD, OK) if t.screen is F.BOATS else (OK,)))
    assert t.screen is F.REVIEW
    return t


def review_notes(t: AppDriver) -> list[str]:
    """The notes the review lists, each one's rows joined again."""
    notes: list[str] = []
    for line in t.lines:
        text = line[2:]
        if text.startswith("Note: "):
            notes.append(text.removeprefix("Note: "))
        elif notes and line[:2] in ("> ", "  ") and text.startswith("  "):
            notes[-1] += " " + text.strip()
    return notes


def cli(path: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    capsys.readouterr()
    code = score_main([str(path), *args])
    return code, capsys.readouterr().out


def test_a_record_scored_anyway_scores_the_same_with_fogkeeper_score(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t = scored_anyway_on_the_box()
    t.go_to_row("Score the game").press(OK)
    assert t.screen is F.ASK and t.lines[0] == "Score anyway?"
    t.press(OK)
    assert t.screen is F.RESULTS and t.fog.s.result is not None
    record: dict[str, Any] = t.effects.records[-1]
    accepted = record["accepted_by_table"]
    assert any("two Islanders in one productive place" in why for why in accepted), accepted
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    code, out = cli(path, capsys, "--json")          # no --lenient: the record says so
    assert code == 0
    assert json.loads(out) == t.fog.s.result
    assert json.loads(out)["warnings"] == accepted
    # a refusal the table did not override is still refused
    record["final_positions"].append(dict(record["final_positions"][0]))
    path.write_text(json.dumps(record))
    assert cli(path, capsys)[0] == 2


def test_the_link_scores_the_same_game_anyway_and_says_how(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    box = scored_anyway_on_the_box()
    box.go_to_row("Score the game").press(OK, OK)
    t = AppDriver()
    t.press(OK)
    call = t.fog.commands.call
    call(t.fog, "setup", {"players": 2, "hourglass": False})
    assert t.fog.s.seed == box.fog.s.seed          # (the test hook's seed: the same deal)
    call(t.fog, "continue", {})
    call(t.fog, "draft.pick", {"count": 99})
    call(t.fog, "end_game", {})
    colours = t.fog.s.colours
    call(t.fog, "score.enter", {"colour": colours[0], "islanders": TWO_IN_ONE_PLACE})
    call(t.fog, "score.enter", {"colour": colours[1]})
    before = t.screen
    with pytest.raises(LinkError, match=r'two Islanders in one productive place.*"anyway": '
                                        r'true'):
        call(t.fog, "score.confirm", {})
    assert t.screen is before and t.fog.s.result is None      # refused: nothing changed
    reply = call(t.fog, "score.confirm", {"anyway": True})
    assert reply["result"] == box.fog.s.result
    linked, boxed = t.effects.records[-1], box.effects.records[-1]
    assert linked["accepted_by_table"] == boxed["accepted_by_table"]
    assert linked["final_positions"] == boxed["final_positions"]


def test_the_review_shows_the_notes_fogkeeper_score_prints(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t = scored_anyway_on_the_box()
    shown = review_notes(t)
    t.image.resize((512, 256)).save(tmp_path / "review.png")
    assert shown, t.lines
    t.go_to_row("Note:").press(OK)
    assert t.screen is F.REVIEW                     # a note is to read, not to press
    t.image.resize((512, 256)).save(tmp_path / "review-note.png")
    t.go_to_row("Score the game").press(OK, OK)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(t.effects.records[-1]))
    code, out = cli(path, capsys)
    assert code == 0
    printed = [line[2:] for line in out.split("Notes:\n", 1)[1].splitlines()
               if line.startswith("- ")]
    assert shown == printed
