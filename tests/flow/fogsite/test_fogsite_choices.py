"""The human Guardian's choices on the box (behind the PIN, or handed over without one), and
what the rules let the table know during play: the log, I3's start tiles, playing on."""

from __future__ import annotations

from dataclasses import replace

import pytest

from flow.fogsite.fogsite_table import MAZE as MAZE_TEXT
from flow.fogsite.fogsite_table import FogsiteTable
from fogkeeper.link.protocol import LinkError
from fogkeeper.rules.fogsite import Cell, Colour, InvestigatorStatus, Side
from fogkeeper.rules.fogsite.state import TimeLimit

R = Colour.RED
CELL_NAME = r"\b[A-E][1-5]\b"

# the C-S02 maze: R . # . B / . # . . # / . . . # . / # . # . . / . . G . #  (Guardian E3)


def team_turn(*balancing: str, pin: str = "1234") -> FogsiteTable:
    """Set up, the Guardian stays put (G6: and keeps its default), the team chooses."""
    t = FogsiteTable(pin=pin).set_up(pin=pin, balancing=balancing)
    t.press("ok").lock() if pin else t.press("hold_ok")
    t.press("ok")
    if "G6" in balancing:
        t.press("ok")
    return t.press("ok")


def hold(t: FogsiteTable, letter: str, *hand: int) -> FogsiteTable:
    game = t.session.running
    t.session.running = game.with_investigator(replace(game.investigator(Colour(letter)),
                                                       hand=hand))
    return t


def ask(t: FogsiteTable, *steps: str) -> FogsiteTable:
    """RED plays its only Relic: the card's own steps, then the question."""
    t.press("ok").menu_to("Use Relic").press("ok", "ok", *steps)
    return t.press("ok")


def rows(t: FogsiteTable) -> list[str]:
    return [line.lstrip("> ").strip() for line in t.lines[1:-1]]


def test_the_guardian_picks_relic_04s_answer_behind_the_pin() -> None:
    t = ask(hold(team_turn(), "R", 4))
    assert t.stage == "choice_gate" and not t.private
    assert t.lines[1:3] == ("Guardian answers", "Relic 04: the")
    t.press("ok").lock()
    assert t.stage == "choice" and t.private  # true answers: for the Guardian's eyes
    assert rows(t) == ["6", "8"]  # Green by the south, Blue round by C2
    fair = t.session.cursor
    t.press("up" if fair else "down", "ok")
    assert t.stage == "answer" and not t.private
    assert t.lines[1] == ("6", "8")[1 - fair]
    assert t.session.running.collected == (4,)


def test_without_a_pin_the_box_is_handed_over_and_a_plain_ok_opens_nothing() -> None:
    t = ask(hold(team_turn(pin=""), "R", 2))
    assert t.stage == "choice_gate"
    assert " ".join(t.lines[2:4]) == "Pass the box to the Guardian, hold OK"
    t.press("ok")
    assert t.stage == "choice_gate"
    t.press("hold_ok")
    # one true answer (the Guardian is SE, not on Red's space), handed over all the same
    assert t.stage == "choice" and t.private and rows(t) == ["SE"]
    t.press("ok")
    assert t.lines[1] == "SE"


def test_the_g7_lie_is_offered_once_and_logged_as_a_secret() -> None:
    t = ask(hold(team_turn("G7"), "R", 9)).press("ok").lock()
    assert rows(t) == ["6 walls", "Lie instead (G7)"]
    t.press("down", "ok")
    assert t.lines[0].startswith("Relic 09 lie") and "6 walls" not in rows(t)
    t.press("ok")
    assert t.lines[1] == "0 walls" and t.session.running.lie_used
    entry = t.session.running.log[-1]
    assert "lie" in entry.secret and "lie" not in entry.public
    t.press("ok").menu_to("End turn").press("ok")
    t = hold(t, "G", 9)
    t.menu_to("GREEN").press("ok").menu_to("Use Relic").press("ok", "ok", "ok")
    t.press("ok").lock()
    assert "Lie instead (G7)" not in rows(t)


@pytest.mark.parametrize(("row", "laid_down"), [(0, True), (1, False)])
def test_g6_is_the_guardians_choice_behind_the_pin(row: int, laid_down: bool) -> None:
    t = FogsiteTable().set_up(balancing=("G6",))
    t.session.running = replace(t.session.running, guardian=Cell.parse("A2"))
    t.press("ok").lock().press("ok")
    assert t.stage == "g6_choice" and t.private
    t.press(*["down"] * row, "ok", "ok")
    assert t.stage == "choose"
    t.lay("R", (0, 1), (0, 2))
    t.press("ok").menu_to("Move").press("ok", "down", "down", "ok")
    status = t.session.running.investigator(R).status
    assert (status is InvestigatorStatus.DOWN) is laid_down
    assert (t.lines[1] == "Laid down") is laid_down


def test_a_laid_down_investigator_is_not_offered_explore_or_move() -> None:
    t = FogsiteTable().set_up(balancing=("G6",))
    t.session.running = replace(t.session.running, guardian=Cell.parse("A2"))
    t.press("ok").lock().press("ok", "ok", "ok")   # G6: lay down
    t.lay("R", (0, 1), (0, 2))
    t.press("ok").menu_to("Move").press("ok", "down", "down", "ok")
    assert t.lines[1] == "Laid down"
    t.press("ok")
    offered = rows(t)
    assert t.stage == "actions" and offered[-1] == "End turn", offered
    assert not any(row.startswith(("Explore", "Move")) for row in offered), offered
    t.press("ok")                                   # the top row: a Relic, never Explore
    assert t.stage != "explore"


def test_the_choose_screen_opens_on_the_first_investigator_still_to_play() -> None:
    t = team_turn()
    assert t.lines[1].startswith("> RED")
    t.press("ok").menu_to("End turn").press("ok")
    assert t.shows("RED: done") and t.lines[2].startswith("> GREEN")
    t.press("ok")                                   # one OK: GREEN plays, no "Already played"
    assert t.stage == "actions" and t.session.acting is Colour.GREEN


def test_relic_07_takes_tiles_copied_from_teammates_on_the_box() -> None:
    t = hold(team_turn(), "R", 7)
    t.press("ok").menu_to("Use Relic").press("ok", "ok")
    assert rows(t) == ["N  -", "E  -", "S  -", "W  -", "Ask"]
    t.press("down", "ok")  # Red copied the room east of its Starting tile
    assert rows(t)[1] == "E  copied"
    t.press("down", "down", "down", "ok", "ok")  # Ask, then the question
    t.press("ok").lock()
    assert rows(t) == ["S"]


def test_the_log_shows_what_the_table_heard_during_play() -> None:
    t = team_turn()
    t.press("ok", "ok", "down", "ok")  # RED explores south: "You can move"
    t.menu_to("End turn").press("ok")
    t.menu_to("Log").press("ok")
    assert t.stage == "play_log" and not t.private
    text = " ".join(t.lines[1:-1])
    assert "RED S: You can move" in text and "turn over" in text
    assert "->" not in text  # the secret column (moves, cells) stays out
    t.press("up", "up", "back")
    assert t.stage == "choose"


def test_i3_start_tiles_are_shown_to_the_table() -> None:
    t = team_turn("I3")
    assert "Start tiles" in rows(t)
    t.menu_to("Start tiles").press("ok")
    assert t.stage == "start_tiles" and not t.private
    assert "RED N:wall E:room S:room W:wall" in t.lines
    assert "GREEN N:wall E:room S:wall W:room" in t.lines
    assert "Start tiles" not in rows(team_turn())


def test_after_a_loss_the_team_plays_on_with_a_negative_score() -> None:
    t = team_turn()
    t.session.running = replace(t.session.running, time_limit=TimeLimit((0, 0, 1)))
    t.press("ok", "ok", "down", "ok")  # the last Map tile
    for letter in "RGB":
        t.flow.commands.call(t.flow, "end_turn", {"colour": letter})
    assert t.stage == "winner" and t.lines[-1] == "OK reveal  > play on"
    assert not t.private  # the maze is not shown yet
    t.press("right")
    assert t.stage == "escape_call" and t.session.facts().playing_on
    assert not t.private
    t.press("ok")  # play on: the Guardian's turn
    t.press("ok").lock().press("ok", "ok")
    t.press("ok", "ok", "down")  # RED explores again: a tile the decks no longer hold
    assert t.session.facts().tiles_left == -1
    assert "tiles -1" in t.lines[0]


def test_a_relic_over_the_link_waits_for_the_guardians_choice() -> None:
    t = hold(team_turn(), "R", 4)
    reply = t.flow.commands.call(t.flow, "relic", {"colour": "R", "relic": 4})
    assert reply["pending"] == "guardian_choice" and reply["answer"] is None
    assert t.stage == "choice_gate"
    with pytest.raises(LinkError, match="choosing an answer"):
        t.flow.commands.call(t.flow, "end_turn", {"colour": "R"})
    t.press("ok").lock().press("ok")
    assert t.stage == "answer" and t.session.running.collected == (4,)


def test_the_guardian_answers_over_the_link_with_the_pin() -> None:
    t = hold(team_turn(), "R", 4)
    with pytest.raises(LinkError) as refused:
        t.flow.commands.call(t.flow, "relic", {"colour": "R", "relic": 4, "answer": 8})
    assert refused.value.code.value == "locked"
    reply = t.flow.commands.call(t.flow, "relic",
                                 {"colour": "R", "relic": 4, "answer": 8, "pin": "1234"})
    assert reply["value"] == 8 and t.stage == "answer"


def test_the_link_plays_on_after_a_loss() -> None:
    t = team_turn()
    t.session.running = replace(t.session.running, time_limit=TimeLimit((0, 0, 0)))
    for letter in "RGB":
        t.flow.commands.call(t.flow, "end_turn", {"colour": letter})
    assert t.session.facts().winner is Side.GUARDIAN
    reply = t.flow.commands.call(t.flow, "play_on", {})
    assert reply["playing_on"] and reply["phase"] == "escape" and reply["winner"] is None
    # not on one space: play goes on
    reply = t.flow.commands.call(t.flow, "escape", {"announce": True})
    assert reply["phase"] == "guardian" and reply["winner"] is None
    with pytest.raises(LinkError, match="not now"):
        t.flow.commands.call(t.flow, "play_on", {})


@pytest.mark.parametrize("relic", [2, 4, 5, 7])
def test_the_hand_off_looks_the_same_whether_or_not_the_guardian_has_a_choice(
        relic: int) -> None:
    """Differential: the Guardian on Red's space (02: any word) or far away (one word), Blue
    beside Red or not (04-06), rooms around Red or not: the table sees the same frames up to
    the answer, and the Guardian's pick is private."""
    shown = []
    for guardian, blue in (("A1", "B1"), ("E3", "E1")):
        t = hold(team_turn(), "R", relic)
        game = t.session.running
        blue_inv = replace(game.investigator(Colour.BLUE), cell=Cell.parse(blue))
        t.session.running = replace(game.with_investigator(blue_inv),
                                    guardian=Cell.parse(guardian))
        frames = []
        steps = ["down"] * 4 + ["ok"] if relic == 7 else []  # 07: "Ask", nothing copied
        pin = [key for digit in "1234" for key in ["up"] * int(digit) + ["ok"]]
        t.press("ok").menu_to("Use Relic")
        for button in ("ok", "ok", *steps, "ok", "ok", *pin):
            t.press(button)
            frames.append(None if t.private else t.lines)
        assert t.stage == "choice" and t.private
        shown.append(frames)
    assert shown[0] == shown[1]


def test_hidden_hands_are_shown_only_after_the_box_is_handed_over() -> None:
    t = FogsiteTable().open_fogsite().menu_to("Balancing").press("ok")
    t.menu_to("Relic hands hidden").press("ok")
    assert t.session.draft.hidden_hands and t.session.draft.balancing == ()
    t.press("back")
    t.enter_maze(MAZE_TEXT).press("hold_ok").menu_to("GREEN").press("ok")
    col, row = t.session.draft.cursor
    t.press(*["right"] * ((4 - col) % 5), *["down"] * ((2 - row) % 5), "ok").lock()
    t.press("ok").lock().press("ok", "ok")
    hold(t, "R", 5, 9)
    assert t.session.running.options.hidden_hands
    state = t.flow.commands.call(t.flow, "state", {})
    assert state["investigators"][0]["hand"] is None
    assert state["investigators"][0]["hand_size"] == 2
    t.press("ok")
    assert "2 cards" in t.text and "05" not in t.text
    t.menu_to("Give").press("ok")
    assert t.stage == "hand_gate" and not t.private
    assert " ".join(t.lines[2:4]) == "Pass the box to RED, then hold OK"
    t.press("ok")
    assert t.stage == "hand_gate"
    t.press("hold_ok")
    assert t.stage == "give_pick" and t.private and "Relic 05" in t.text
    t.press("ok", "ok")  # Relic 05 to GREEN
    assert t.stage == "answer" and not t.private
    assert t.lines[2] == "A Relic to GREEN" and "05" not in t.text
    entry = t.session.running.log[-1]
    assert entry.public == "a Relic to GREEN" and entry.secret == "Relic 05"


def test_a_restart_during_the_guardians_choice_comes_back_on_the_hand_off() -> None:
    from flow.fogsite.fogsite_table import restart

    t = ask(hold(team_turn(), "R", 4)).press("ok").lock()
    assert t.stage == "choice" and t.private
    back = restart(t)
    assert back.stage == "choice_gate" and not back.private
    back.press("ok").lock()
    assert back.stage == "choice" and rows(back) == ["6", "8"]
