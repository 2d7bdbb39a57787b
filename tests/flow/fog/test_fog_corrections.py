"""Corrections at the table: the FOG step asks first, losses stay open up to the score, the
scoring wizard checks each entry as it is made and asks before it removes anything."""

from __future__ import annotations

from flow.fog.drivers import AppDriver
from flow.fog.fog_table import DOWN, HOLD, OK, RIGHT, B
from fogkeeper.flow.fog.table import FogScreen
from fogkeeper.rules.fog import IslanderType, Loss

F = FogScreen


def to_first_turn() -> AppDriver:
    t = AppDriver()
    t.press(OK).choose("Players", "2").choose("1 Hourglass", "off")
    t.go_to_row("Start game").press(OK, OK, HOLD, OK)
    assert t.screen is F.TURN
    return t


def end_round(t: AppDriver) -> None:
    """Every turn of the round ended, the question answered: the FOG screen."""
    for _ in range(12):
        if t.screen is F.ASK:
            break
        t.press(OK)
    assert t.screen is F.ASK
    t.press(OK)
    assert t.screen is F.FOG


def to_losses(t: AppDriver) -> None:
    """Rounds until a FOG step swallows a row: its losses screen."""
    for _ in range(12):
        end_round(t)
        t.press(OK)
        if t.screen is F.LOSSES:
            return
    raise AssertionError("the FOG never swallowed a row")


def add_loss(t: AppDriver, row: str, nation: str, kind: str) -> None:
    t.go_to_row("+ add").press(OK)
    t.choose("row", row).choose("nation", nation).choose("type", kind).press(OK)
    assert t.screen is F.LOSSES, t.lines


def every_colour_done(t: AppDriver) -> None:
    while t.screen is F.LOSSES:
        t.go_to_row("Done").press(OK)


def test_a_loss_form_starts_on_the_row_the_latest_step_swallowed() -> None:
    """The last loss entered was in row A; the next step swallows only B: the form opens
    on B, not on the remembered A (A is still offered, one step along)."""
    t = to_first_turn()
    to_losses(t)
    assert t.fog.s.last_step is not None and t.fog.s.last_step.rows_swallowed == ("A",)
    add_loss(t, "A", "blue", "sailor")
    every_colour_done(t)
    for _ in range(12):
        end_round(t)
        t.press(OK)
        if t.screen is F.LOSSES:
            break
    assert t.fog.s.last_step.rows_swallowed == ("B",)
    t.go_to_row("+ add").press(OK)
    assert t.lines[1] == "> row: B" and t.lines[2] == "  nation: blue"  # the rest kept
    t.press(RIGHT)
    assert t.lines[1] == "> row: A"


def test_the_rounds_last_ok_asks_before_the_fog_advances() -> None:
    t = to_first_turn()
    for _ in range(len(t.fog.s.state.setup.entries)):
        t.press(OK)
    assert t.screen is F.ASK and "the FOG advances next." in t.lines
    t.press(B)
    assert t.screen is F.TURN and t.fog.s.state.fog_position == 9
    assert t.fog.s.state.fog_steps == ()
    t.press(OK, OK)
    assert t.screen is F.FOG and t.fog.s.state.fog_position == 8


def test_one_ok_on_the_losses_screen_never_records_no_losses() -> None:
    t = to_first_turn()
    to_losses(t)
    assert t.cursor_label().startswith("+ add")
    t.press(OK)
    assert t.screen is F.PICK


def test_a_mistyped_loss_is_corrected_two_rounds_later() -> None:
    t = to_first_turn()
    to_losses(t)                              # row A: Pink's loss typed as a red Sailor
    colour = t.fog.s.colours[0]
    add_loss(t, "A", "red", "sailor")
    every_colour_done(t)
    assert t.fog.s.state.losses == (Loss("A", colour, "red", IslanderType.SAILOR),)
    to_losses(t)                              # one round later: row B
    every_colour_done(t)
    end_round(t)                              # two rounds later: row C
    t.press(OK)
    assert t.screen is F.LOSSES
    assert any("A: red sailor" in line for line in t.lines)
    t.go_to_row("A: red sailor").press(OK)
    assert t.screen is F.ASK and t.lines[0] == "Remove this loss?"
    t.press(B)                                # kept: nothing changes
    assert t.screen is F.LOSSES and any("A: red sailor" in line for line in t.lines)
    t.go_to_row("A: red sailor").press(OK, OK)
    add_loss(t, "A", "blue", "sailor")
    every_colour_done(t)
    assert t.fog.s.state.losses == (Loss("A", colour, "blue", IslanderType.SAILOR),)


def to_scoring(t: AppDriver) -> None:
    """The early end, then the colour's list of Islanders (B leaves the boat grid)."""
    t.press(HOLD, OK, OK, B)
    assert t.screen is F.SCORE


def test_the_wizard_refuses_a_taken_place_in_the_rulebooks_words() -> None:
    t = to_first_turn()
    t.fog.s.board_checked = True              # the owner confirmed board S's places
    to_scoring(t)
    for _ in range(2):
        t.go_to_row("+ add").press(OK)
        t.choose("where", "blue A").choose("nation", "blue").choose("type", "warrior").press(OK)
    assert t.screen is F.NOTICE
    said = " ".join(t.fog.s.notice)
    assert said.startswith("Area A of the blue boat has 1 warrior place, already taken")
    assert "_" not in said and "final" not in said
    t.press(OK)
    assert t.screen is F.PICK
    t.press(B)
    assert len(t.fog.s.final[t.fog.s.colours[0]]) == 1


def test_removing_an_islander_asks_first() -> None:
    t = to_first_turn()
    to_scoring(t)
    t.go_to_row("+ add").press(OK)
    t.choose("where", "red B").choose("nation", "red").choose("type", "sailor").press(OK)
    t.go_to_row("red B").press(OK)
    assert t.screen is F.ASK and t.lines[0] == "Remove Islander?"
    t.press(B)
    assert t.screen is F.SCORE and len(t.fog.s.final[t.fog.s.colours[0]]) == 1
    t.go_to_row("red B").press(OK, OK)
    assert t.screen is F.SCORE and t.fog.s.final[t.fog.s.colours[0]] == []


def test_the_review_adds_a_lost_islander() -> None:
    t = to_first_turn()
    to_losses(t)
    every_colour_done(t)
    t.press(HOLD, OK, OK)
    assert t.screen is F.BOATS
    for _ in range(8):
        if t.screen is F.REVIEW:
            break
        t.press(*((HOLD, OK) if t.screen is F.BOATS else (OK,)))
    t.go_to_row("Lost Islanders").press(OK)
    assert t.screen is F.LOSSES
    add_loss(t, "A", "green", "elder")
    every_colour_done(t)
    assert t.screen is F.REVIEW
    assert t.fog.s.state.losses == (Loss("A", t.fog.s.colours[0], "green",
                                         IslanderType.ELDER),)
    assert t.cursor_label().startswith("Score the game")


def test_the_link_corrects_the_losses_up_to_the_score() -> None:
    t = to_first_turn()
    to_losses(t)
    every_colour_done(t)
    colour = t.fog.s.colours[1]
    reply = t.fog.commands.call(t.fog, "lost", {"losses": [{"owner": colour, "row": "A",
                                                "nation": "red", "type": "commoner"}]})
    assert reply["losses"] == 1
    assert t.fog.s.state.losses == (Loss("A", colour, "red", IslanderType.COMMONER),)
    assert DOWN  # the buttons' game goes on untouched
    assert t.screen is F.TURN


def test_on_an_unchecked_board_the_table_is_the_truth() -> None:
    t = to_first_turn()
    assert not t.fog.s.board_checked
    to_scoring(t)
    for _ in range(2):
        t.go_to_row("+ add").press(OK)
        t.choose("where", "blue A").choose("nation", "blue").choose("type", "warrior").press(OK)
    # one thing said: the entry is kept; the box's data disagrees (never "Not possible")
    assert t.screen is F.NOTICE and t.lines[0].startswith("Kept as entered")
    assert " ".join(t.fog.s.notice).startswith("The box's board data says otherwise:")
    t.press(OK)
    assert t.screen is F.SCORE and len(t.fog.s.final[t.fog.s.colours[0]]) == 2
    for _ in range(10):
        if t.screen is F.REVIEW:
            break
        if t.screen is F.SCORE:
            t.go_to_row("Done")
        t.press(*((HOLD, OK) if t.screen is F.BOATS else (OK,)))
    t.go_to_row("Score the game").press(OK)
    assert t.screen is F.ASK and t.lines[0] == "Score anyway?"
    t.press(B)
    assert t.screen is F.REVIEW
    t.go_to_row("Score the game").press(OK, OK)
    assert t.screen is F.RESULTS and t.fog.s.result is not None
    assert any("two Islanders in one productive place" in w for w in t.fog.s.result["warnings"])
