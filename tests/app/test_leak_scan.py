"""The leak scan: differential secrecy, game by game, on a whole box.

Each game is played twice on a box with the same public moves but different secrets, the
secrets entered on the joystick as a table would. Before the rules reveal anything, every
line the box sends on the link (replies, events, and a ``screen`` with its PNG after every
step) and every log line must be byte-identical between the two runs: whatever differs
would tell a host something about the secret.
"""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from fogkeeper.events import Button
from fogkeeper.rules import corps
from fogkeeper.rules.corps import AnswerKey, Token
from support.box import BoxHarness

PIN = "2413"
UP, DOWN, LEFT, RIGHT = Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT
OK = Button.PRESS
Script = Callable[[BoxHarness, "Scan"], None]


class Scan:
    """What a host and a log reader saw of one run, with the run's folder name taken out."""

    def __init__(self, t: BoxHarness, folder: Path, caplog: pytest.LogCaptureFixture) -> None:
        self.t, self.folder, self.caplog = t, str(folder), caplog

    def step(self) -> None:
        """After each move: the screen as the host can ask for it, picture included."""
        self.t.request("screen")

    def ask(self, cmd: str, **args: object) -> dict[str, object]:
        reply = self.t.request(cmd, **args)
        self.step()
        return reply

    def tap(self, *buttons: Button) -> None:
        """Presses on the box: the host sees none of them, only the screen afterwards."""
        self.t.tap(*buttons)
        self.step()

    def hold(self, button: Button) -> None:
        self.t.hold(button)
        self.step()

    def pin(self) -> None:
        """The PIN on a pad, digit by digit: each up from blank, then OK moves on."""
        self.tap(*[button for digit in PIN for button in (*[UP] * int(digit), OK)])

    def seen(self) -> list[str]:
        sent = [json.dumps(line, sort_keys=True) for line in self.t.link.lines]
        logged = [f"{r.name} {r.levelname} {r.getMessage()}" for r in self.caplog.records]
        return [text.replace(self.folder, "<folder>") for text in sent + logged]


def run(folder: Path, caplog: pytest.LogCaptureFixture, game: str, script: Script) -> list[str]:
    """One run, logging as the box does (every level of its own, transitions' errors only)."""
    caplog.clear()
    caplog.set_level(logging.DEBUG)
    caplog.set_level(logging.ERROR, logger="transitions")
    t = BoxHarness(folder, security={"pin": PIN})
    scan = Scan(t, folder, caplog)
    scan.ask("game.start", game=game)
    script(t, scan)
    return scan.seen()


def assert_same(a: list[str], b: list[str]) -> None:
    assert len(a) == len(b), (len(a), len(b))
    for one, other in zip(a, b, strict=True):
        assert one == other


# ---- FOGSITE: a maze typed on the joystick ----------------------------------------------------
MAZE_A = "R . # . B\n. # . . #\n. . . # .\n# . # . .\n. . G . #"
MAZE_B = "R . # . B\n. # . . #\n. . . # .\n. . # . .\n# . G . #"  # A4 and A5 swapped
CELL_CYCLE = ".#RGB"  # what OK makes of a cell in turn (three Investigators in play)


def fogsite_script(maze: str) -> Script:
    def play(t: BoxHarness, scan: Scan) -> None:
        game = t.box.app.game
        assert game is not None
        game.session.rng = random.Random(5)  # type: ignore[attr-defined]  # same Relic deal
        scan.tap(*[DOWN] * 5, OK)  # "Enter the maze": the Guardian's own screen
        for row in maze.splitlines():
            for kind in row.split():
                scan.tap(*[OK] * CELL_CYCLE.index(kind), RIGHT)
            scan.tap(DOWN)
        scan.hold(OK)            # check: the maze is sound
        scan.tap(DOWN, OK)       # GREEN sleeps
        scan.tap(*[RIGHT] * 4, DOWN, DOWN, OK)  # the Guardian starts on E3
        scan.pin()               # lock with the PIN
        assert game.public_state()["screen"] == "guardian_gate"
        scan.tap(OK)
        scan.pin()               # the Guardian opens the maze
        scan.tap(DOWN, OK)       # and moves S1
        scan.tap(OK)             # the report: the team's turn
        for colour, direction in (("R", "E"), ("B", "S"), ("G", "N")):
            scan.ask("fogsite.explore", colour=colour, direction=direction)
            scan.ask("fogsite.end_turn", colour=colour)
        scan.ask("fogsite.state", log_from=0)
        scan.ask("state")
    return play


def test_two_mazes_typed_on_the_joystick_look_the_same_from_the_link(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    a = run(tmp_path / "a", caplog, "fogsite", fogsite_script(MAZE_A))
    b = run(tmp_path / "b", caplog, "fogsite", fogsite_script(MAZE_B))
    assert len(a) > 60 and any('"png"' in line for line in a)
    assert_same(a, b)
    assert any("explore" in line for line in a)


# ---- Corps: an answer key typed on the joystick -----------------------------------------------
def other_key(key: AnswerKey) -> AnswerKey:
    """The same Map and Water circle, every other circle holding another token."""
    free = [slot for slot in corps.SLOTS if slot != key.water_slot]
    tokens = [key.answer(slot) for slot in free]
    rotated = dict(zip(free, tokens[1:] + tokens[:1], strict=True))
    return corps.key_from_slots(key.map_id, {**rotated, key.water_slot: Token.WATER})


def corps_script(key: AnswerKey) -> Script:
    def play(t: BoxHarness, scan: Scan) -> None:
        scan.tap(DOWN, OK)   # a Fog chapter on map 1
        scan.tap(OK)         # the key holder types the key
        used: list[Token] = []
        for slot in corps.SLOTS[:-1]:   # the last circle takes the one token left
            left = [token for token in Token if token not in used]
            scan.tap(*[DOWN] * left.index(key.answer(slot)), OK)
            used.append(key.answer(slot))
        scan.pin()           # sealed with the PIN
        scan.tap(OK, OK)     # the chapter's setup, then the board
        free = [slot for slot in corps.SLOTS if slot != key.water_slot]
        tokens = [token for token in Token if token is not Token.WATER]
        for slot, token in zip(free[:5], tokens[:5], strict=True):
            scan.ask("corps.guess", op="place", token=token.value, slot=slot)
        scan.ask("corps.state")
        scan.ask("state")
    return play


def test_two_keys_typed_on_the_joystick_look_the_same_from_the_link(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    key = corps.key_from_slots(1, dict(zip(corps.SLOTS, list(Token)[:9], strict=True)))
    a = run(tmp_path / "a", caplog, "corps", corps_script(key))
    b = run(tmp_path / "b", caplog, "corps", corps_script(other_key(key)))
    assert len(a) > 40 and any('"png"' in line for line in a)
    assert_same(a, b)


# ---- The FOG: each player keeps a different mission, on the box ------------------------------
SETUP = {"players": 4, "hourglass": True, "events": "with_calm", "fog_cards": "standard",
         "rescued_islanders": "secret", "rescue_achievements": "secret"}  # 2 cards each


def fog_script(keep: tuple[int, ...]) -> Script:
    def play(t: BoxHarness, scan: Scan) -> None:
        scan.ask("fog.setup", **SETUP, seed=17, pin=PIN)  # the same deal, the same decks
        scan.ask("fog.continue")
        for card in keep:    # "Pass the box to ..., then hold OK", then keep a card
            scan.hold(OK)
            scan.tap(*[DOWN] * card, OK)
        state = scan.ask("fog.state")
        assert state["screen"] not in ("pass", "hand") and len(state["missions"]["kept_by"]) == 4
        if state["screen"] == "draft":
            scan.ask("fog.draft.pick", count=32)
        for _ in range(6):
            screen = scan.ask("fog.state")["screen"]
            if screen == "turn":
                scan.ask("fog.end_turn")
            elif screen == "losses":
                scan.ask("fog.losses", losses=[])
            else:
                scan.ask("fog.continue")
        scan.ask("state")
    return play


def test_missions_kept_on_the_box_look_the_same_from_the_link(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    a = run(tmp_path / "a", caplog, "fog", fog_script((0, 1, 0, 1, 0, 1, 0, 1)))
    b = run(tmp_path / "b", caplog, "fog", fog_script((1, 0, 1, 0, 1, 0, 1, 0)))
    assert len(a) > 30 and any('"png"' in line for line in a)
    assert_same(a, b)
