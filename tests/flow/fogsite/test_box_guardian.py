"""The box as Guardian on the joystick: from HOME through its turns to the reveal, power cuts,
and the strength that also decides the Guardian's free answers (Relics 04-07)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from flow.fogsite.fogsite_table import FogsiteTable, leaks, restart
from fogkeeper.flow.fogsite.box import THINK_SECONDS
from fogkeeper.rules.fogsite import (
    Colour,
    Difficulty,
    Phase,
    generate_maze,
    to_json,
)

SEED = 123
MOVING_SEED = 5  # its gentle Guardian moves in rounds 1 and 2 (seed 123's starts boxed in)
PIN_SCREENS = {"lock", "guardian_gate", "guardian_pin", "guardian_moves", "peek_pin", "peek"}
END_SCREENS = {"winner", "reveal", "log"}


def guardian_played(t: FogsiteTable) -> FogsiteTable:
    """From "The Guardian moves...": the pause runs out; the buzzer and the count follow."""
    assert t.lines[1] == "The Guardian moves..."
    t.wait(THINK_SECONDS)
    assert t.stage == "guardian_report" and t.effects.sounds[-1] == "fog"
    return t


def team_passes(t: FogsiteTable) -> FogsiteTable:
    """Every Investigator still ready ends the turn, on the joystick."""
    while t.stage == "choose":
        ready = next(line.lstrip("> ").split(":")[0] for line in t.lines[1:-1]
                     if line.endswith("ready"))
        t.menu_to(ready).press("ok").menu_to("End turn").press("ok")
    return t


def test_a_whole_game_against_the_box_from_the_home_menu() -> None:
    t = FogsiteTable().set_up_box(SEED, strength="hunter")
    assert list(t.lines) == ["Box as Guardian", "5x5, normal, hunter", "The maze is secret:",
                             "no PIN, nothing opens", "before the end.", "OK start  B back"]
    t.press("ok")
    assert list(t.lines) == ["Guardian's turn", "The Guardian moves...", "hold B: quit"]
    t.wait(THINK_SECONDS - 0.5)
    assert t.stage == "box_turn" and "fog" not in t.effects.sounds
    guardian_played(t)
    attack = t.session.running.last_attack
    assert attack is not None
    assert t.lines[1] == f"{len(attack.attacked)} attacked"
    assert t.session.running.maze == generate_maze(SEED, 5, Difficulty.NORMAL)
    t.press("ok")
    assert t.lines[0].startswith("Round 1: tiles ") and t.stage == "choose"
    team_passes(t)
    assert t.stage == "escape_call"
    t.press("ok")  # play on: round 2 starts with the box's turn
    guardian_played(t).press("ok")
    assert t.lines[0].startswith("Round 2: ")
    team_passes(t).press("down", "hold_ok")  # a wrong escape: the tokens are apart
    assert t.lines[1] == "Guardian wins"
    assert t.session.running.phase is Phase.OVER
    t.press("ok")
    assert t.lines[:2] == ("Reveal", "All routes")
    assert t.session.running.maze.rows_text()[0].replace(" ", "") in t.lines  # the maze at last
    t.press(*["right"] * list(t.session.routes).index("Guardian"), "right")
    assert t.lines[1] == "Guardian route"
    record = t.effects.records[0]
    assert record["box"] == {"size": 5, "difficulty": "normal", "strength": "hunter",
                             "seed": SEED}
    assert len(record["routes"]["Guardian"]) >= 1
    shown = {screen for screen, _ in t.seen}
    assert not shown & PIN_SCREENS  # nobody was asked for a PIN, nothing was unlocked


def test_nothing_on_the_screen_gives_the_maze_away_before_the_reveal() -> None:
    t = FogsiteTable().set_up_box(SEED, strength="hunter").press("ok")
    guardian_played(t).press("ok", "ok", "ok", "down", "ok")  # RED explores south
    assert t.stage == "actions"
    t.press("hold_key3")  # the Guardian's peek: nobody is the Guardian, nothing opens
    assert t.stage == "actions"
    t.menu_to("End turn").press("ok")
    team_passes(t).press("ok")  # play on: a second turn of the box
    guardian_played(t).press("ok")
    maze = t.session.running.maze
    for lines in [lines for screen, lines in t.seen if screen not in END_SCREENS]:
        assert leaks("\n".join(lines), maze, SEED) == [], lines
    team_passes(t).press("down", "hold_ok", "ok")
    assert t.stage == "reveal" and leaks("\n".join(t.lines), maze, SEED)  # the scan does see a maze


@pytest.mark.parametrize("easy,difficulty,strength", [
    (False, "easy", "gentle"), (False, "hard", "hunter"), (True, "normal", "gentle"),
    (True, "hard", "hunter"),
])
def test_the_box_builds_the_generators_maze_for_its_seed(easy: bool, difficulty: str,
                                                        strength: str) -> None:
    t = FogsiteTable().set_up_box(SEED, strength, difficulty, easy).press("ok")
    size = 4 if easy else 5
    assert t.session.running.maze == generate_maze(SEED, size, Difficulty(difficulty))
    assert t.session.running.options.choice_policy == {"gentle": "fair", "hunter": "hunter"}[
        strength]
    # under the Easy Rule nobody attacks: the team plays first, there is no Guardian turn
    assert t.stage == ("choose" if easy else "box_turn")


def test_the_box_draws_its_own_seed_when_none_is_given() -> None:
    seeds = set()
    for _ in range(3):
        t = FogsiteTable().open_fogsite().menu_to("Guardian").press("right")
        t.menu_to("Start game").press("ok", "ok")
        assert t.session.draft.seed is not None
        seeds.add(t.session.draft.seed)
    assert len(seeds) == 3


def test_b_goes_back_from_the_start_screen_and_human_rows_come_back() -> None:
    t = FogsiteTable().set_up_box(SEED).press("back")
    assert t.stage == "setup_menu" and t.session.game is None
    t.menu_to("Guardian").press("left")
    assert t.shows("Enter maze") and not t.shows("Start game")


# ---- power cuts -----------------------------------------------------------------------------
def test_a_cut_on_the_start_screen_comes_back_there_with_no_maze_yet() -> None:
    t = FogsiteTable().set_up_box(SEED, "hunter")
    back = restart(t)
    assert back.stage == "box_ready" and back.lines == t.lines and back.session.game is None
    back.press("ok")
    assert back.stage == "box_turn"
    assert back.session.running.maze == generate_maze(SEED, 5, Difficulty.NORMAL)


def test_a_cut_during_the_pause_comes_back_to_the_same_turn_and_count() -> None:
    t = FogsiteTable().set_up_box(SEED, "gentle").press("ok")
    back = restart(t)
    assert back.stage == "box_turn" and back.lines == t.lines
    guardian_played(back)
    guardian_played(t)
    assert back.lines == t.lines
    assert to_json(back.session.running) == to_json(t.session.running)


@pytest.mark.parametrize("presses", [(), ("ok",), ("ok", "ok")])
def test_after_a_cut_the_box_plays_the_same_next_turn(presses: tuple[str, ...]) -> None:
    t = FogsiteTable().set_up_box(MOVING_SEED, "gentle").press("ok")
    guardian_played(t).press("ok", *presses)
    back = restart(t)
    assert back.lines == t.lines
    walked = len(t.session.routes["Guardian"])
    for table in (t, back):
        if table.stage != "choose":
            table.press("back", "back")  # out of Explore and the actions menu, unplayed
        team_passes(table).press("ok")
        guardian_played(table)
    assert back.lines == t.lines
    assert back.session.routes == t.session.routes  # the same secret route, step by step
    assert to_json(back.session.running) == to_json(t.session.running)
    assert len(t.session.routes["Guardian"]) > walked  # a turn where the gentle box does move


# ---- the strength answers the Guardian's free choices ---------------------------------------
def relic_answer(seed: int, strength: str, relic: int) -> tuple[object, tuple[object, ...]]:
    """RED's answer to ``relic`` in the first team turn, and every answer that was true."""
    from fogkeeper.rules.fogsite.answers import question_candidates

    t = FogsiteTable().set_up_box(seed, strength).press("ok")
    guardian_played(t).press("ok")
    game = t.session.running
    red = replace(game.investigator(Colour.RED), hand=(relic,))
    t.session.running = game.with_investigator(red)
    truths = question_candidates(t.session.running, red, relic, None, ())
    reply = t.flow.command("relic", {"colour": "R", "relic": relic})
    return reply["value"], truths


@pytest.mark.parametrize("relic", [4, 6])
def test_hunter_and_gentle_answer_differently_where_the_rules_let_them(relic: int) -> None:
    differ = 0
    for seed in range(6):
        hunter, truths = relic_answer(seed, "hunter", relic)
        gentle, same_truths = relic_answer(seed, "gentle", relic)
        assert truths == same_truths and hunter in truths and gentle in truths
        if len(truths) == 1:
            assert hunter == gentle  # nothing to choose
        differ += hunter != gentle
    assert differ > 0
