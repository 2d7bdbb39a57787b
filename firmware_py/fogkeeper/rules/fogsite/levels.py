"""The box as Guardian at one level the table chooses: the maze and the Guardian's play together.

Each level is measured (``bench/fogsite_difficulty.py``): the Guardian's win rate rises by
even steps against both reference teams (``teams.py``). The Guardian only ever plays legal
turns from what a human Guardian knows (the maze, the Intruders it moves for the team), and
the one rulebook balancing option a level adds (G4 at brutal) is announced with the level.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from fogkeeper.rules.fogsite.generate import Difficulty
from fogkeeper.rules.fogsite.options import Options
from fogkeeper.rules.fogsite.players import FocusedGuardian


class Level(Enum):
    """How hard the box plays the Guardian, from a first game to a fight."""

    LEARNING = "learning"
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"
    BRUTAL = "brutal"


@dataclass(frozen=True)
class LevelPlay:
    """What a level sets: the maze's measured difficulty, the share of turns the Guardian
    hunts (the rest it wanders, and of those it keeps off the Intruders a ``mercy`` share),
    how it picks among true answers, the balancing it adds.

    ``line`` explains the level in one line of the box's screen; ``about`` in two.
    """

    maze: Difficulty
    focus: float
    choice_policy: str
    balancing: frozenset[str]
    line: str
    about: str
    mercy: float = 0.0


LEVELS: dict[Level, LevelPlay] = {
    Level.LEARNING: LevelPlay(Difficulty.EASY, 0.0, "fair", frozenset(),
                              "Learning: a wanderer",
                              "An open maze; the Guardian only wanders.", mercy=0.2),
    Level.EASY: LevelPlay(Difficulty.NORMAL, 0.3, "fair", frozenset(),
                          "Easy: hunts at times",
                          "The Guardian hunts about one turn in three."),
    Level.NORMAL: LevelPlay(Difficulty.NORMAL, 0.6, "fair", frozenset(),
                            "Normal: hunts often",
                            "The Guardian hunts about three turns in five."),
    Level.HARD: LevelPlay(Difficulty.HARD, 0.9, "hunter", frozenset(),
                          "Hard: twisty, hunts",
                          "Twisty maze; it hunts nine turns in ten."),
    Level.BRUTAL: LevelPlay(Difficulty.HARD, 1.0, "hunter", frozenset({"G4"}),
                            "Brutal: 4 tiles a hit",
                            "Always hunts, twisty maze; 4 tiles a hit (G4)."),
}


def level_player(level: Level) -> FocusedGuardian:
    """The box's Guardian at this level."""
    play = LEVELS[level]
    return FocusedGuardian(level.value, play.focus, play.mercy)


def level_options(options: Options, level: Level) -> Options:
    """The table's options with what the level adds: its answer policy and balancing."""
    play = LEVELS[level]
    return replace(options.with_game(options.balancing | play.balancing),
                   choice_policy=play.choice_policy)
