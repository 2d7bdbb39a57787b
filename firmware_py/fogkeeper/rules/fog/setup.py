"""Setup: colours, discs, Turn Board, draft order, Boat Scorings, bonus stacks, Leaders."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from fogkeeper.rules.fog.board import Board
from fogkeeper.rules.fog.errors import FogRulesError
from fogkeeper.rules.fog.model import AREAS, IslanderType

# The four standard double-sided Boat Scorings, placed on Areas A..D highest first.
STANDARD_BOAT_SCORINGS: tuple[tuple[int, int], ...] = ((6, 7), (5, 6), (4, 5), (2, 3))


@dataclass(frozen=True)
class Player:
    """A person at the table and the colours (Turn Board entries) they play."""

    name: str
    colours: tuple[str, ...]


@dataclass(frozen=True)
class LeaderPlacement:
    """Option 10: one designated Leader (or substitute Elder) and its starting row."""

    nation: str
    type: IslanderType
    row: str


def colours_per_player(board: Board, players: int, three_colours: bool = False) -> int:
    """2 players: 2 colours each (option 9 on L: 3); L with 3 players: 2; otherwise 1."""
    if three_colours:
        if not board.three_colour_option or players != 2:
            raise FogRulesError("option 9 (3 colours each) is for 2 players on the Large board")
        return 3
    if players == 2 or (players == 3 and board.two_colours_with_three_players):
        return 2
    return 1


def discs_per_colour(board: Board, colours: int) -> int:
    """Player Discs each colour receives (board data, B-F07)."""
    if colours not in board.discs_per_colour:
        raise FogRulesError(f"board {board.name} has no disc count for {colours} colours")
    return board.discs_per_colour[colours]


def turn_board(
    players: Sequence[Player], starting_player: int = 0,
    teams: Sequence[Sequence[str]] = (),
) -> tuple[str, ...]:
    """Turn Board entries top to bottom: seating from the Starting Player, teams alternating,
    a player's colours interleaved with the others' (P1c1, P2c1, P1c2, P2c2; B-F05)."""
    if not players:
        raise FogRulesError("a game needs at least one player")
    seating = _alternate_teams(players, teams) if teams else list(players)
    start = starting_player % len(seating)
    seating = seating[start:] + seating[:start]
    depth = max(len(p.colours) for p in seating)
    entries = [p.colours[i] for i in range(depth) for p in seating if i < len(p.colours)]
    if len(set(entries)) != len(entries):
        raise FogRulesError("a colour may sit on the Turn Board only once")
    return tuple(entries)


def _alternate_teams(players: Sequence[Player], teams: Sequence[Sequence[str]]) -> list[Player]:
    by_name = {p.name: p for p in players}
    named = [n for team in teams for n in team]
    if sorted(named) != sorted(by_name):
        raise FogRulesError("every player must be in exactly one team")
    if len({len(t) for t in teams}) != 1:
        raise FogRulesError("teams must have the same number of players")
    return [by_name[team[i]] for i in range(len(teams[0])) for team in teams]


def draft_order(entries: Sequence[str], islanders: int, snake: bool = False) -> tuple[str, ...]:
    """Who picks each Islander: bottom to top of the Turn Board, cyclic (B-F06) or snake."""
    if not entries:
        raise FogRulesError("the Turn Board is empty")
    upward = list(reversed(entries))
    order: list[str] = []
    cycle = 0
    while len(order) < islanders:
        lap = upward if not snake or cycle % 2 == 0 else list(reversed(upward))
        order.extend(lap[: islanders - len(order)])
        cycle += 1
    return tuple(order)


def standard_boat_scorings(rng: random.Random) -> dict[str, int]:
    """Drop the four tiles (random face) and place them descending on Areas A-D."""
    faces = sorted((rng.choice(tile) for tile in STANDARD_BOAT_SCORINGS), reverse=True)
    return dict(zip(AREAS, faces, strict=True))


def chosen_boat_scorings(
    tiles: Sequence[tuple[int, int]], rng: random.Random, random_order: bool = False
) -> dict[str, int]:
    """Option 2: any 4 tiles, dropped for a face; descending unless placed in random order."""
    if len(tiles) != len(AREAS):
        raise FogRulesError(f"option 2 uses exactly {len(AREAS)} Boat Scorings")
    faces = [rng.choice(tile) for tile in tiles]
    if random_order:
        rng.shuffle(faces)
    else:
        faces.sort(reverse=True)
    return dict(zip(AREAS, faces, strict=True))


def preparation_stacks(board: Board, extra_boat: str | None = None) -> dict[str, tuple[int, ...]]:
    """Each boat in play's Preparation Bonus stack, top first."""
    return {b.nation: b.preparation_bonuses for b in board.boats_in_play(extra_boat)}


def rescue_leaders(
    board: Board, colours: int, rng: random.Random, extra_boat: str | None = None
) -> tuple[LeaderPlacement, ...]:
    """Option 10: one Leader per colour (an Elder fills in if short), placed at random in
    row A and, once it is full, row B."""
    nations = [b.nation for b in board.boats_in_play(extra_boat)]
    chosen = [(n, IslanderType.LEADER) for n in rng.sample(nations, min(colours, len(nations)))]
    if colours - len(chosen) > 1:
        raise FogRulesError(f"only {len(nations)} Leaders and one Elder for {colours} colours")
    if colours > len(chosen):
        chosen.append((rng.choice(nations), IslanderType.ELDER))
    rng.shuffle(chosen)
    row_a = board.row_hexes.get(board.rows[0], len(chosen))
    return tuple(LeaderPlacement(n, t, board.rows[0] if i < row_a else board.rows[1])
                 for i, (n, t) in enumerate(chosen))


def leader_draft_refusal(colour: str, leader: int, leaders: Sequence[LeaderPlacement],
                         drafted: Mapping[int, str]) -> str | None:
    """Option 10's draft rule: each colour drafts at most one of the designated Leaders.
    ``leader`` is the one this pick takes (1-based, as the setup lists them), ``drafted``
    the ones already drafted, each with its colour. Why the pick is refused, or None."""
    if not 1 <= leader <= len(leaders):
        return f"option 10: no Leader {leader} (the setup lists {len(leaders)})"
    if leader in drafted:
        return f"option 10: Leader {leader} is already drafted by {drafted[leader]}"
    held = [i for i, c in drafted.items() if c == colour]
    if held:
        first = leaders[held[0] - 1]
        return (f"option 10: {colour} already drafted a Leader ({first.nation} "
                f"{first.type.value}); each colour drafts only one")
    return None


def solo_nation_order(board: Board, extra_boat: str | None = None,
                      left_to_right: Sequence[str] = ()) -> tuple[str, ...]:
    """Solo Turn Board: nations by boat colour left to right, placed top to bottom."""
    nations = tuple(left_to_right) or tuple(b.nation for b in board.boats_in_play(extra_boat))
    in_play = {b.nation for b in board.boats_in_play(extra_boat)}
    if set(nations) != in_play or len(nations) != len(in_play):
        raise FogRulesError(f"solo order must name each boat once: {', '.join(sorted(in_play))}")
    return nations
