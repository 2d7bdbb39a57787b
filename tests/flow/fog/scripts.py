"""Scripted games of The FOG played with the buttons, as a list of steps (so a test can cut
the power between any two of them). Each step is what a table would do next."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from PIL import Image

from flow.fog.fog_table import DOWN, HOLD, KEY3, OK, UP, B, Nav
from fogkeeper.events import Button
from fogkeeper.flow.fog import FogFlow, boats, scoring
from fogkeeper.flow.fog.fog_step import loss_colour, step_rows
from fogkeeper.flow.fog.session import PickField
from fogkeeper.flow.fog.table import FogScreen

F = FogScreen


class Driver(Protocol):
    """What a script needs: buttons, a clock, the screen, and a place to keep pictures."""

    shots: dict[str, Image.Image]

    def press(self, *buttons: Button | str) -> Nav: ...
    def wait(self, seconds: float) -> Any: ...
    @property
    def lines(self) -> tuple[str, ...]: ...
    @property
    def fog(self) -> FogFlow: ...
    @property
    def image(self) -> Image.Image: ...
    def go_to_row(self, label: str) -> Nav: ...
    def choose(self, label: str, value: str) -> Nav: ...


Step = Callable[[Driver], None]
TURN_ACTIONS = 130  # more than any seeded game needs; spare steps do nothing


def shoot(t: Driver, name: str) -> None:
    if name not in t.shots:
        t.shots[name] = t.image.copy()


# ---- the 4-player game: options 1, 4, 10, Events and FOG Uncertainty decks -------------------
def open_fog(t: Driver) -> None:
    t.press(OK)  # "The FOG" is the first entry of the home menu
    assert t.fog.screen is F.SETUP
    shoot(t, "setup")


def four_player_checklist(t: Driver) -> None:
    t.choose("Mode", "multiplayer").choose("Players", "4").choose("1 Hourglass", "on")
    t.choose("4 Empty boats", "on")
    t.choose("10 Leaders", "on").choose("Events deck", "with calm")
    t.choose("FOG cards", "standard").choose("Achievements", "secret")
    t.go_to_row("Start game").press(OK)
    assert t.fog.screen is F.INFO
    shoot(t, "info")


def read_info(t: Driver) -> None:
    t.press(DOWN, DOWN, OK)


def keep_mission(second: bool) -> Step:
    def step(t: Driver) -> None:
        assert t.fog.screen is F.PASS
        shoot(t, "pass")
        t.press(HOLD, OK)
        assert t.fog.screen is F.HAND
        shoot(t, "hand")
        t.press(Button.RIGHT)   # read the first card in full, then back
        shoot(t, "hand-read")
        t.press(Button.LEFT)
        if second:
            t.press(DOWN)
        t.press(OK)
    return step


def draft(t: Driver) -> None:
    assert t.fog.screen is F.DRAFT
    shoot(t, "draft")
    t.press(OK, OK, OK, B)   # three picks, one taken back
    assert t.lines[0] == "Draft 3/32"
    t.press(HOLD, OK)        # the table finished with the real tokens


def one_table_action(t: Driver) -> None:
    """Whatever the screen asks for next, decided only by the game's own state."""
    screen = t.fog.screen
    if screen is F.TURN and t.fog.s.show_starts_turn:   # the round's event, in full
        shoot(t, "event")
        t.press(OK)
    elif screen is F.TURN:
        _play_turn(t)
    elif screen is F.FOG:
        shoot(t, "fog") if t.fog.s.last_step and t.fog.s.last_step.rows_swallowed else None
        t.press(OK)
    elif screen is F.LOSSES:
        _enter_losses(t)
    elif screen is F.ASK:   # the round's last OK: the FOG advances once confirmed
        shoot(t, "ask")
        t.press(OK)
    elif screen is F.SHOW:  # the round's event, in full, before its first turn
        shoot(t, "event")
        t.press(OK)


def _play_turn(t: Driver) -> None:
    shoot(t, "turn")
    state = t.fog.s.state
    policy = state.turns_taken % 4
    if policy == 0:
        t.press(DOWN, DOWN)
    elif policy == 1:
        t.press(KEY3 if state.turns_taken % 8 == 1 else Button.RIGHT).choose("move", "push")
        shoot(t, "cost")
        t.press(OK)
        if t.fog.screen is F.NOTICE:   # the round's event forbids a Push
            t.press(OK, B)
    elif policy == 2:
        if "paused" in t.lines[3]:     # a resumed game: the glass waits for the player
            t.press(Button.LEFT)
        t.wait(61)                     # the hourglass runs out: MP are lost
        assert "TIME UP" in t.lines[3]
    else:
        t.press(DOWN, B)               # spend and take it back
    t.press(OK)


def _enter_losses(t: Driver) -> None:
    s = t.fog.s
    pink_lost = any(x.owner == "pink" for x in s.pending_losses) or any(
        x.owner == "pink" for x in s.state.losses)
    if loss_colour(s) == "pink" and "A" in step_rows(s) and not pink_lost:
        shoot(t, "losses")
        t.go_to_row("+ add").press(OK)
        t.choose("row", "A").choose("nation", "blue").choose("type", "sailor")
        shoot(t, "pick")
        t.press(OK)
    t.go_to_row("Done").press(OK)   # the cursor starts on "+ add": one OK records nothing


FOUR_PLAYER_FINAL: dict[str, list[tuple[str, str, str]]] = {
    "pink": [("blue A", "blue", "warrior"), ("red B", "blue", "sailor"),
             ("red pier", "red", "commoner")],
    "yellow": [("green A", "green", "warrior"), ("green D", "green", "leader")],
    "black": [("red A", "red", "warrior"), ("red C", "red", "commoner")],
    "white": [("blue D", "green", "commoner"), ("green B", "red", "warrior")],
}
FOUR_PLAYER_BONUSES = {"pink": [6], "yellow": [6, 5], "black": [6], "white": [5]}


def score_colour(final: dict[str, list[tuple[str, str, str]]],
                 bonuses: dict[str, list[int]]) -> Step:
    """One colour entered one Islander at a time with the picker (B leaves the boat grid)."""
    def step(t: Driver) -> None:
        assert t.fog.screen is F.BOATS, t.lines
        t.press(B)
        assert t.fog.screen is F.SCORE, t.lines
        colour = t.fog.s.colours[t.fog.s.score_colour]
        for where, nation, kind in final[colour]:
            t.press(OK).choose("where", where).choose("nation", nation).choose("type", kind)
            shoot(t, "score-pick")
            t.press(OK)
        shoot(t, "score")
        t.go_to_row("Done").press(OK)
        if t.fog.s.solo:
            return
        for value in bonuses.get(colour, []):
            t.go_to_row(f"Bonus tile {value}").press(Button.RIGHT)
        shoot(t, "bonus")
        t.press(OK)
    return step


def _shortest(t: Driver, steps: int, size: int, back: Button, forth: Button) -> None:
    """Walk a wrapping list ``steps`` places forward, the short way round."""
    steps %= size
    if steps:
        t.press(*([forth] * steps if steps <= size - steps else [back] * (size - steps)))


def _grid_to(t: Driver, nation: str, spot: str, kind: str = "") -> None:
    """To ``nation``'s boat, on its stern or pier, or on a free place of type ``kind``."""
    s = t.fog.s
    nations = scoring.nations(s)
    _shortest(t, nations.index(nation) - s.grid_boat, len(nations), Button.LEFT, Button.RIGHT)
    rows = boats.column(s)
    target = next(i for i, slot in enumerate(rows) if slot.area == spot and slot.type == kind
                  and (not kind or boats.value(s, nation, slot) == boats.NONE))
    _shortest(t, target - s.grid_row, len(rows), UP, DOWN)


def _pick_to(t: Driver, field: PickField, value: str) -> None:
    s = t.fog.s
    assert s.pick is not None
    t.go_to_row("where" if field is PickField.AT else field.value)
    choices = dict(scoring.pick_fields(s, s.pick.purpose, s.pick.values))[field]
    now = choices.index(s.pick.values[field])
    _shortest(t, choices.index(value) - now, len(choices), Button.LEFT, Button.RIGHT)


def score_colour_by_boats(final: dict[str, list[tuple[str, str, str]]],
                          bonuses: dict[str, list[int]]) -> Step:
    """One colour entered on the boat grid: a place's nation by OK, sterns and piers with
    the picker opened there, the shortest way round; hold OK, then the bonus tiles."""
    def step(t: Driver) -> None:
        assert t.fog.screen is F.BOATS, t.lines
        s = t.fog.s
        colour = s.colours[s.score_colour]
        for where, nation, kind in final[colour]:
            boat, spot = where.split()
            if spot in ("stern", "pier"):
                _grid_to(t, boat, spot)
                t.press(OK)
                _pick_to(t, PickField.TYPE, kind)
                if nation != boat:
                    _pick_to(t, PickField.NATION, nation)
                t.press(OK)
                continue
            _grid_to(t, boat, spot, kind)
            slot = boats.column(s)[s.grid_row]
            while boats.value(s, boat, slot) != nation:
                t.press(OK)
        shoot(t, "boats")
        t.press(HOLD, OK)
        if s.solo:
            return
        for value in bonuses.get(colour, []):
            t.go_to_row(f"Bonus tile {value}").press(Button.RIGHT)
        t.press(OK)
    return step


def confirm_score(t: Driver) -> None:
    assert t.fog.screen is F.REVIEW, t.lines
    shoot(t, "review")
    t.go_to_row("Score the game").press(OK)
    assert t.fog.screen is F.RESULTS, t.lines
    shoot(t, "results")
    t.press(OK)
    shoot(t, "detail")
    t.press(OK)


def four_player_game() -> list[Step]:
    steps: list[Step] = [open_fog, four_player_checklist, read_info]
    steps += [keep_mission(second=i % 2 == 1) for i in range(4)]
    steps += [draft, *[one_table_action] * TURN_ACTIONS]
    steps += [score_colour(FOUR_PLAYER_FINAL, FOUR_PLAYER_BONUSES) for _ in range(4)]
    return [*steps, confirm_score]


# ---- the solo game: the rulebook's example scenario file -------------------------------------
SOLO_FINAL = {"solo": [("blue B", "blue", "sailor"), ("blue B", "red", "warrior"),
                       ("blue D", "blue", "commoner"), ("green B", "green", "sailor"),
                       ("green D", "red", "commoner"), ("red B", "red", "warrior"),
                       ("red C", "blue", "sailor"), ("red D", "red", "commoner"),
                       ("blue pier", "blue", "leader")]}


def solo_checklist(t: Driver) -> None:
    t.choose("Mode", "solo").choose("Scenario", "example").choose("1 Hourglass", "off")
    t.choose("Events deck", "off").choose("FOG cards", "off")
    shoot(t, "solo-setup")
    t.go_to_row("Start game").press(OK)
    assert t.fog.screen is F.VALUES   # the scenario's Boat Scorings, to check against tiles
    t.go_to_row("Done").press(OK)
    assert t.fog.screen is F.INFO


def solo_losses(t: Driver) -> None:
    """Three Islanders swallowed (G, G, H), entered on the FOG steps that take those rows."""
    if t.fog.screen is F.LOSSES:
        rows = step_rows(t.fog.s)
        for row, nation, kind in (("G", "green", "warrior"), ("G", "green", "elder"),
                                  ("H", "blue", "elder")):
            if row in rows:
                t.go_to_row("+ add").press(OK)
                t.choose("row", row).choose("nation", nation).choose("type", kind).press(OK)
        t.go_to_row("Done").press(OK)
    elif t.fog.screen is F.TURN:
        shoot(t, "solo-turn")
        t.press(DOWN, OK)
    elif t.fog.screen in (F.FOG, F.ASK):
        t.press(OK)


def solo_game() -> list[Step]:
    steps: list[Step] = [open_fog, solo_checklist, read_info, *[solo_losses] * 90]
    return [*steps, score_colour(SOLO_FINAL, {}), confirm_score]
