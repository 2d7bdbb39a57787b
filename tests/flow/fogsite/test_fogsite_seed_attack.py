"""The seed search a host with no PIN could run against the box as Guardian (issue 24).

The host plays a whole game over the link, keeps every reply and event, and then tries a
window of a million seeds: those that deal the Relic hands it was shown, the way the firmware
deals from a seed (one stream for everything, as before the split, and the replay's streams),
and then reads off what each survivor says of the secrets: the Relic deck's order and the
maze. A second, smaller search tries the window's seeds as the box's maze seed itself. None
may predict a secret: the secrets come from a stream seeded by 128 bits or more of the OS.

The OS's bits are stood in for by a fixed generator (``secrets.randbits``), so the game, the
window's survivors and the run time are the same in every run; the host never sees them.
"""

from __future__ import annotations

import random
import secrets
import time
from pathlib import Path
from typing import Any

import pytest

from fogkeeper.flow.fogsite.box import THINK_SECONDS
from fogkeeper.rules.fogsite import MapperTeam, generate_maze
from fogkeeper.rules.fogsite.levels import LEVELS, Level
from fogkeeper.rules.fogsite.setup import _deal
from fogkeeper.rules.fogsite.sim import EndTurn, Escape, Explore, TeamAction, Walk
from support.box import BoxHarness, box_in_game

WINDOW = 1_000_000  # public-stream seeds tried, around a value the host knows
MAZE_WINDOW = 20_000  # maze seeds tried directly (a maze costs ~0.1 ms to make)
OS_STAND_IN = 0x0F065173  # the fixed generator standing in for the OS
LEVEL = Level.NORMAL  # the box picks at random among true answers up to this level
MOST_ACTIONS = 400


@pytest.fixture
def box(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> BoxHarness:
    os_bits = random.Random(OS_STAND_IN)
    monkeypatch.setattr(secrets, "randbits", os_bits.getrandbits)
    return box_in_game(tmp_path, "fogsite")  # no PIN: the host has none to give


def request(box: BoxHarness, action: TeamAction) -> dict[str, Any]:
    if isinstance(action, Explore):
        return box.request("fogsite.explore", colour=action.colour.value,
                           direction=action.direction.name)
    if isinstance(action, Walk):
        return box.request("fogsite.move", colour=action.colour.value,
                           route="".join(d.name for d in action.route),
                           copies=[{"colour": c.teammate.value, "shift": list(c.shift)}
                                   for c in action.copies])
    if isinstance(action, EndTurn):
        return box.request("fogsite.end_turn", colour=action.colour.value)
    assert isinstance(action, Escape)
    return box.request("fogsite.escape", announce=action.announce)


def play_as_the_host(box: BoxHarness) -> tuple[list[dict[str, Any]], tuple[int, ...], int]:
    """A whole game with the box as Guardian, from the replies alone: every reply, (to
    judge the search by, never sent) the secret Relic deck as the setup left it, and the
    host's own clock at the setup, in microseconds."""
    clock = int(box.now * 1_000_000)
    reply = box.request("fogsite.setup", guardian="box", size=5, level=LEVEL.value)
    assert reply["ok"], reply
    game = box.box.app.game
    assert game is not None
    deck: tuple[int, ...] = game.session.running.relic_deck  # type: ignore[attr-defined]
    box.wait(THINK_SECONDS)
    team, seen = MapperTeam(), [reply]
    for _ in range(MOST_ACTIONS):
        if reply["winner"] is not None:
            return seen, deck, clock
        reply = request(box, team.next_action(reply))
        assert reply["ok"], reply
        seen.append(reply)
    raise AssertionError("the game did not end")


def hand_seeds(hands: list[int], window: range) -> list[int]:
    """The window's seeds whose one stream deals these hands (one card each, in seat
    order). The filter is a plain shuffle; the survivors are dealt again by the firmware."""
    cards, per = list(range(1, 14)), len(hands)
    found = []
    for seed in window:
        deck = cards[:]
        random.Random(seed).shuffle(deck)
        if deck[:per] == hands:
            found.append(seed)
    return found


def test_no_seed_in_the_window_predicts_the_deck_or_the_maze(box: BoxHarness) -> None:
    started = time.perf_counter()
    replies, deck, clock = play_as_the_host(box)
    events = [line for line in box.link.lines if "event" in line]
    assert replies[-1]["winner"] is not None and events  # what the host had to go on
    game = box.box.app.game
    assert game is not None
    state = game.session.running  # type: ignore[attr-defined]  # the truth, to judge by
    options, colours = state.options, tuple(inv.colour for inv in state.investigators)
    maze, size, difficulty = state.maze, 5, LEVELS[LEVEL].maze
    hands = [inv["hand"][0] for inv in replies[0]["investigators"]]  # shown to the table

    centre = clock % 2**32  # the host's own clock at the setup, as a 32-bit seed
    window = range(centre - WINDOW // 2, centre + WINDOW // 2)
    survivors = hand_seeds(hands, window)
    assert survivors, "the filter keeps ~1 seed in 1716: a window this wide has some"
    predicted_decks, predicted_mazes = set(), set()
    for seed in survivors:
        dealt, rest = _deal(colours, options, random.Random(seed))  # one stream, as before
        assert [hand[0] for hand in dealt] == hands
        replay = random.Random(f"fogsite secret {seed}")  # a replay's secret stream
        replayed = list(rest)
        replay.shuffle(replayed)
        predicted_decks |= {rest, tuple(replayed)}
        for maze_seed in (seed, random.Random(f"fogsite secret {seed}").getrandbits(128)):
            predicted_mazes.add(generate_maze(maze_seed, size, difficulty, colours))
    assert deck not in predicted_decks, "a seed of the window predicts the deck"
    assert maze not in predicted_mazes, "a seed of the window predicts the maze"

    maze_window = range(centre - MAZE_WINDOW // 2, centre + MAZE_WINDOW // 2)
    assert all(generate_maze(seed, size, difficulty, colours) != maze
               for seed in maze_window), "the box's maze seed lies in the window"
    assert time.perf_counter() - started < 60  # ~15 s on one core

