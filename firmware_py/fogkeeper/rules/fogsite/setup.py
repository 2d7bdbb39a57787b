"""FOGSITE setup: a validated maze, Intruders on their Colour tiles, Time Limit, Relic hands."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from fogkeeper.errors import RulesError
from fogkeeper.rules.fogsite.maze import Cell, Colour, Direction, Maze
from fogkeeper.rules.fogsite.options import GuardianStart, Options
from fogkeeper.rules.fogsite.state import (
    EASY_REMOVED_RELICS,
    EASY_STARTING_HAND,
    MAP_TILES_TOTAL,
    RELIC_NUMBERS,
    STARTING_HAND,
    GameState,
    Investigator,
    InvestigatorStatus,
    Phase,
    TimeLimit,
)
from fogkeeper.rules.fogsite.validate import validate_maze


class InvalidMazeError(RulesError):
    """The Guardian's maze breaks a rule; ``violations`` lists them (secret: Guardian only)."""

    def __init__(self, violations: Sequence[object]) -> None:
        self.violations = tuple(violations)
        super().__init__(f"the maze breaks {len(self.violations)} rule(s)")


def _time_limit(options: Options, investigator_count: int) -> TimeLimit:
    if options.easy:
        return TimeLimit(decks=(MAP_TILES_TOTAL,))
    decks = (options.decks_two_investigators if investigator_count == 2
             else options.decks_three_investigators)
    if sum(decks) > MAP_TILES_TOTAL:
        raise RulesError(f"the Time Limit decks need more than {MAP_TILES_TOTAL} Map tiles")
    return TimeLimit(decks=decks, supply=MAP_TILES_TOTAL - sum(decks))


def _check_seats(maze: Maze, colours: Sequence[Colour], options: Options) -> None:
    if len(set(colours)) != len(colours) or len(colours) not in (2, 3):
        raise RulesError("a game has 2 or 3 Investigators of different colours")
    if options.two_player and len(colours) != 2:
        raise RulesError("the 2-player variant has exactly 2 Investigators")
    if set(maze.colour_cells()) != set(colours):
        raise RulesError("the maze needs one Colour tile for each Investigator colour, no more")
    if maze.is_easy != options.easy:
        raise RulesError("the Easy Rule uses a 4x4 maze; the normal game a 5x5 maze")


def _check_guardian_start(
    maze: Maze, guardian_start: Cell | None, options: Options
) -> None:
    if options.easy:
        return
    if guardian_start is None or not maze.is_street(guardian_start):
        raise RulesError("the Guardian starts on a Street space of the maze")
    on_intruder = guardian_start in maze.colour_cells().values()
    if options.guardian_start is GuardianStart.NOT_ON_INTRUDER and on_intruder:
        raise RulesError("with this setting the Guardian may not start on an Intruder")


def _deal(colours: Sequence[Colour], options: Options, rng: random.Random,
          deck_rng: random.Random | None = None
          ) -> tuple[list[tuple[int, ...]], tuple[int, ...]]:
    cards = [n for n in RELIC_NUMBERS if not (options.easy and n in EASY_REMOVED_RELICS)]
    rng.shuffle(cards)
    per_hand = EASY_STARTING_HAND if options.easy else STARTING_HAND
    hands = [tuple(cards[i * per_hand:(i + 1) * per_hand]) for i in range(len(colours))]
    # Easy Rule: no Relic deck; the cards not dealt stay in the box.
    rest = [] if options.easy else cards[len(colours) * per_hand:]
    if deck_rng is not None:
        # The hands are shown to the table; the deck's order is a secret, so it is shuffled
        # again from a stream that draws nothing the table sees.
        deck_rng.shuffle(rest)
    return hands, tuple(rest)


def _i3_sheet(maze: Maze, investigator: Investigator) -> Investigator:
    """I3: the Guardian tells each Investigator the 4 spaces around their Starting tile."""
    for direction in Direction:
        neighbour = investigator.start.step(direction)
        investigator = investigator.with_sheet(
            neighbour.minus(investigator.start), maze.is_street(neighbour), explored=False
        )
    return investigator


def new_game(
    maze: Maze, colours: Sequence[Colour], sleeping: Colour | None,
    guardian_start: Cell | None, options: Options, rng: random.Random,
    deck_rng: random.Random | None = None,
) -> GameState:
    """Set up a game; the Guardian plays first (the Investigators first under the Easy Rule).

    ``sleeping`` is the one Intruder the Guardian lays down (optional under the Easy Rule,
    where nobody attacks); ``guardian_start`` is None only under the Easy Rule. ``rng``
    deals the hands; ``deck_rng``, when given, orders the deck that stays hidden.
    """
    violations = validate_maze(maze)
    if violations:
        raise InvalidMazeError(violations)
    _check_seats(maze, colours, options)
    _check_guardian_start(maze, guardian_start, options)
    if sleeping is None and not options.easy:
        raise RulesError("the Guardian lays exactly one Intruder down")
    if sleeping is not None and sleeping not in colours:
        raise RulesError("the sleeping Intruder must be one of the Investigators' colours")
    hands, deck = _deal(colours, options, rng, deck_rng)
    starts = maze.colour_cells()
    investigators = []
    for colour, hand in zip(colours, hands, strict=True):
        start = starts[colour]
        investigator = Investigator(
            colour, start, start, colour is not sleeping, InvestigatorStatus.ACTIVE, hand,
            sheet=(((0, 0), True),),
        )
        investigators.append(_i3_sheet(maze, investigator) if options.has("I3") else investigator)
    state = GameState(
        options=options, maze=maze, round_number=1,
        phase=Phase.INVESTIGATORS if options.easy else Phase.GUARDIAN,
        guardian=None if options.easy else guardian_start,
        investigators=tuple(investigators), current=None,
        time_limit=_time_limit(options, len(colours)), digging_tokens=0, relic_deck=deck,
        collected=(),
    )
    state = replace(state, digging_tokens=state.full_digging_tokens)
    return state.logged("box", "setup", f"{len(colours)} Investigators")
