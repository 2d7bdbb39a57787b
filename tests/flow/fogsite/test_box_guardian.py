"""The box as Guardian on the joystick: from HOME through its turns to the reveal, power cuts,
the level that also decides the Guardian's free answers (Relics 04-07), its reasons at the
reveal and the hint."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from flow.fogsite.fogsite_table import FogsiteTable, leaks, restart
from fogkeeper.flow import snapshot
from fogkeeper.flow.app import Screen
from fogkeeper.flow.fogsite.box import THINK_SECONDS
from fogkeeper.flow.fogsite.team import TableRow
from fogkeeper.rules.fogsite import (
    Colour,
    Difficulty,
    Phase,
    generate_maze,
    to_json,
)
from fogkeeper.rules.fogsite.levels import LEVELS, Level
from fogkeeper.rules.fogsite.players import HUNTER_POLICY
from fogkeeper.ui.draw import SMALL, WIDTH, text_width

SEED = 123
MOVING_SEED = 1  # its learning Guardian moves in rounds 1 and 2
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
    t = FogsiteTable().set_up_box(SEED, level="hard")
    assert list(t.lines) == ["Box: hard, 5x5", "Twisty maze; it hunts", "nine turns in ten.",
                             "Secret maze: nothing", "opens before the end.", "OK start  B back"]
    t.press("ok")
    assert list(t.lines) == ["Guardian's turn", "The Guardian moves...", "hold B: quit"]
    t.wait(THINK_SECONDS - 0.5)
    assert t.stage == "box_turn" and "fog" not in t.effects.sounds
    guardian_played(t)
    attack = t.session.running.last_attack
    assert attack is not None
    assert t.lines[1] == f"{len(attack.attacked)} attacked"
    assert t.session.running.maze == generate_maze(SEED, 5, Difficulty.HARD)
    t.press("ok")
    assert t.lines[0].startswith("Round 1: tiles ") and t.stage == "choose"
    tiles = t.session.facts().tiles_left
    t.menu_to("Hint").press("hold_ok")  # one true fact for one Map tile
    assert t.lines[1] == "Hint" and t.session.facts().tiles_left == tiles - 1
    t.press("ok")
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
    t.press("right")  # after the routes: why the box played each turn
    assert t.lines[0].startswith("Guardian's play") and t.lines[1].startswith("1. ")
    record = t.effects.records[0]
    assert record["box"] == {"size": 5, "level": "hard", "seed": SEED}
    assert len(record["routes"]["Guardian"]) >= 1
    shown = {screen for screen, _ in t.seen}
    assert not shown & PIN_SCREENS  # nobody was asked for a PIN, nothing was unlocked


def test_nothing_on_the_screen_gives_the_maze_away_before_the_reveal() -> None:
    t = FogsiteTable().set_up_box(SEED, level="hard").press("ok")
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


@pytest.mark.parametrize("easy,level,difficulty,policy,balancing", [
    (False, "learning", "easy", "fair", set()), (False, "normal", "normal", "fair", set()),
    (False, "brutal", "hard", "hunter", {"G4"}), (True, "easy", "normal", "fair", set()),
    (True, "hard", "hard", "hunter", set()),
])
def test_the_level_sets_the_maze_and_the_play_together(
        easy: bool, level: str, difficulty: str, policy: str, balancing: set[str]) -> None:
    t = FogsiteTable().set_up_box(SEED, level, easy).press("ok")
    size = 4 if easy else 5
    assert t.session.running.maze == generate_maze(SEED, size, Difficulty(difficulty))
    assert t.session.running.options.choice_policy == policy
    assert t.session.running.options.balancing == balancing
    # under the Easy Rule nobody attacks: the team plays first, there is no Guardian turn
    assert t.stage == ("choose" if easy else "box_turn")


def test_the_box_draws_its_own_seed_when_none_is_given() -> None:
    # a real game (no replay seed): the box's seed comes from the OS, far wider than the
    # 2^32 seeds a host could try one by one
    seeds = set()
    for _ in range(3):
        t = FogsiteTable().open_fogsite(seed=None).menu_to("Guardian").press("right")
        t.menu_to("Start game").press("ok", "ok")
        assert t.session.draft.seed is not None
        seeds.add(t.session.draft.seed)
    assert len(seeds) == 3
    assert max(seeds) >= 2**64


def test_a_replay_seed_gives_the_box_the_same_maze_again() -> None:
    mazes = set()
    for _ in range(2):
        t = FogsiteTable().open_fogsite(seed=11).menu_to("Guardian").press("right")
        t.menu_to("Start game").press("ok", "ok")
        mazes.add(t.session.running.maze)
    assert len(mazes) == 1


def test_b_goes_back_from_the_start_screen_and_human_rows_come_back() -> None:
    t = FogsiteTable().set_up_box(SEED).press("back")
    assert t.stage == "setup_menu" and t.session.game is None
    t.menu_to("Guardian").press("left")
    assert t.shows("Enter maze") and not t.shows("Start game")


# ---- power cuts -----------------------------------------------------------------------------
def test_a_cut_on_the_start_screen_comes_back_there_with_no_maze_yet() -> None:
    t = FogsiteTable().set_up_box(SEED, "hard")
    back = restart(t)
    assert back.stage == "box_ready" and back.lines == t.lines and back.session.game is None
    back.press("ok")
    assert back.stage == "box_turn"
    assert back.session.running.maze == generate_maze(SEED, 5, Difficulty.HARD)


def test_a_cut_during_the_pause_comes_back_to_the_same_turn_and_count() -> None:
    t = FogsiteTable().set_up_box(SEED, "learning").press("ok")
    back = restart(t)
    assert back.stage == "box_turn" and back.lines == t.lines
    guardian_played(back)
    guardian_played(t)
    assert back.lines == t.lines
    assert to_json(back.session.running) == to_json(t.session.running)


@pytest.mark.parametrize("presses", [(), ("ok",), ("ok", "ok")])
def test_after_a_cut_the_box_plays_the_same_next_turn(presses: tuple[str, ...]) -> None:
    t = FogsiteTable().set_up_box(MOVING_SEED, "learning").press("ok")
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
    assert len(t.session.routes["Guardian"]) > walked  # a turn where the box does move


# ---- the level answers the Guardian's free choices ------------------------------------------
def relic_answer(seed: int, level: str, relic: int) -> tuple[object, object, tuple[object, ...]]:
    """RED's answer to ``relic`` in the first team turn, the hunter's pick then, and every
    answer that was true."""
    from fogkeeper.rules.fogsite.answers import question_candidates

    t = FogsiteTable().set_up_box(seed, level).press("ok")
    guardian_played(t).press("ok")
    game = t.session.running
    red = replace(game.investigator(Colour.RED), hand=(relic,))
    t.session.running = game.with_investigator(red)
    truths = question_candidates(t.session.running, red, relic, None, ())
    hunter = HUNTER_POLICY.choose_answer(t.session.running, Colour.RED, relic, truths,
                                         random.Random(0))
    reply = t.flow.commands.call(t.flow, "relic", {"colour": "R", "relic": relic})
    return reply["value"], hunter, truths


@pytest.mark.parametrize("relic", [4, 6])
def test_hard_levels_answer_as_vaguely_as_the_rules_let_them(relic: int) -> None:
    chose = 0
    for seed in range(6):
        said, hunter, truths = relic_answer(seed, "hard", relic)
        assert said == hunter and said in truths
        chose += len(truths) > 1
        said, _, truths = relic_answer(seed, "normal", relic)
        assert said in truths
    assert chose > 0  # the rules did let it choose


# ---- the level on the box, an older save, the reasons at the reveal, the hint --------------
def test_the_level_row_explains_each_level_in_one_line() -> None:
    t = FogsiteTable().open_fogsite().menu_to("Guardian").press("right").menu_to("Level")
    said = []
    for _ in LEVELS:
        said.append((t.session.draft.box_level, t.lines[-1]))
        t.press("right")
    ordered = [(level, play.line) for level, play in LEVELS.items()]
    assert said == ordered[2:] + ordered[:2]  # from normal, the new game's level, round
    assert all(text_width(line, SMALL) <= WIDTH - 4 for _, line in said)  # fits the screen


def test_a_save_from_before_the_levels_plays_at_the_level_its_strength_plays_like() -> None:
    t = FogsiteTable().set_up_box(SEED, "normal")
    saved = snapshot.take(t.app, t.now)
    draft = saved["game"]["state"]["session"]["draft"]
    del draft["level"]
    draft["strength"] = "hunter"
    fresh = FogsiteTable(first=Screen.RESUME)
    fresh.app.saved = snapshot.check(json.loads(json.dumps(saved)))
    fresh.press("ok")
    assert fresh.session.draft.box_level is Level.HARD
    assert fresh.lines[0] == "Box: hard, 5x5"


def test_the_reveal_says_why_the_box_played_each_turn() -> None:
    t = FogsiteTable().set_up_box(SEED, level="hard").press("ok")
    guardian_played(t).press("ok")
    team_passes(t).press("ok")
    guardian_played(t).press("ok")
    team_passes(t).press("down", "hold_ok", "ok")  # a wrong escape, then the reveal
    assert t.stage == "reveal"
    t.press(*["right"] * len(t.session.routes), "right")  # past "All" and every route
    assert t.lines[0].startswith("Guardian's play [1-")
    reasons = [line for line in t.lines[1:-1] if line[:2] in ("1.", "2.")]
    assert [line[:2] for line in reasons] == ["1.", "2."]
    assert all(("hunts" in line or "waits" in line or "closes in" in line
                or "wanders" in line) for line in reasons)
    t.press("right")
    assert t.lines[:2] == ("Reveal", "All routes")  # round again to the maze


def test_a_hint_on_the_box_costs_a_tile_and_is_said_to_the_table() -> None:
    t = FogsiteTable().set_up_box(SEED, level="normal").press("ok")
    guardian_played(t).press("ok")
    before = t.session.facts().tiles_left
    t.menu_to("Hint")
    assert t.lines[-1] == "hold OK: spend 1 tile"  # the bottom line says what it costs
    t.press("ok")  # one OK spends nothing: a hint is bought with the long press only
    assert t.stage == "choose" and t.session.facts().tiles_left == before
    t.press("hold_ok")
    assert t.stage == "answer" and t.lines[1] == "Hint"
    facts = t.session.facts()
    assert facts.tiles_left == before - 1
    assert facts.log[-1][1:3] == ("team", "hint")
    t.press("ok")
    assert t.stage == "choose"


def test_only_the_box_as_guardian_offers_a_hint() -> None:
    human = FogsiteTable().set_up()
    assert TableRow.HINT not in human.flow.team.table_rows()  # its maze is the Guardian's
    box = FogsiteTable().set_up_box(SEED).press("ok")
    assert TableRow.HINT in box.flow.team.table_rows()
