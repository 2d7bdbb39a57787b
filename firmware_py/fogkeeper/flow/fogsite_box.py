"""The box as Guardian: it builds a maze nobody has seen, sets itself up and plays its turns.

The table sees "The Guardian moves...", hears the buzzer and learns how many Intruders were
attacked; the route and the Guardian's space stay in the box until the reveal. Every choice
the box makes draws on a ``random.Random`` made from the game's seed and what it is choosing
(the setup, the round), so a game resumed after a power cut decides exactly as it would have.
"""

from __future__ import annotations

import random
from typing import Any

from fogkeeper.errors import RulesError
from fogkeeper.flow.fogsite_core import S
from fogkeeper.flow.fogsite_guardian import GuardianMixin
from fogkeeper.flow.fogsite_setup import SetupMixin
from fogkeeper.rules.fogsite import Difficulty, format_maze, generate_maze, guardian_player
from fogkeeper.rules.fogsite.players import guardian_knowledge

TRANSITIONS: list[dict[str, Any]] = [
    {"trigger": "ok", "source": S.BOX_READY, "dest": None, "after": "box_ready_ok"},
    {"trigger": "back", "source": S.BOX_READY, "dest": S.SETUP_MENU},
    # the box's pause is over (box_tick): the buzzer, then the count of those attacked
    {"trigger": "think_over", "source": S.BOX_TURN, "dest": S.GUARDIAN_REPORT,
     "before": "sound_guardian_tune"},
]
THINK_SECONDS = 2.0  # "The Guardian moves..." stays this long before the buzzer and the count
SEED_RANGE = 2**32
GUARDIAN_TUNE = "fog"


class BoxMixin(SetupMixin, GuardianMixin):
    """The box's own setup and turns; with a human Guardian it leaves everything alone."""

    box_due: float | None = None  # when the count is shown; only read on the BOX_TURN screen

    def box_ready_ok(self) -> None:
        """OK on the box's start screen: any refusal goes back to the menu, said there."""
        try:
            self.start_box_game()
        except RulesError as error:
            self.context.effects.sound("error")
            self.refusal = str(error)
            self.trigger("setup_refused")

    def start_box_game(self) -> None:
        """Draw a seed (unless the link gave one), build the maze, choose start and sleeper."""
        draft = self.draft
        if draft.seed is None:
            draft.seed = random.SystemRandom().randrange(SEED_RANGE)
        maze = generate_maze(draft.seed, draft.size, Difficulty(draft.difficulty),
                             draft.colours)
        setup = guardian_player(draft.strength).choose_setup(
            maze, draft.colours, self.game_options(), self.box_rng("setup"))
        self.start_game(format_maze(maze), draft.colours, setup.sleeping, setup.start)

    def box_rng(self, purpose: str) -> random.Random:
        """The same draws for the same game and purpose, however often the box restarts."""
        return random.Random(f"fogsite box {self.draft.seed} {purpose}")

    def play_box_turn(self) -> None:
        """The box plays its whole turn at once; the table sees the count after the pause."""
        self.stop_team_clock()
        game = self.running
        moves = guardian_player(self.draft.strength).choose_turn(
            guardian_knowledge(game), self.box_rng(f"round {game.round_number}"))
        self.play_guardian_moves(list(moves))
        self.box_due = self.clock() + THINK_SECONDS

    def box_tick(self, now: float) -> None:
        """After the pause: the buzzer, then the count (the turn itself is already played)."""
        if self.state is S.BOX_TURN and self.box_due is not None and now >= self.box_due:
            self.trigger("think_over")

    def sound_guardian_tune(self) -> None:
        self.box_due = None
        self.context.effects.sound(GUARDIAN_TUNE)

    def box_deadline(self) -> float | None:
        return self.box_due if self.state is S.BOX_TURN else None

    def resume_box_pause(self) -> None:
        """After a restart the pause starts again: the count was never shown."""
        if self.box_plays():
            self.box_due = self.clock() + THINK_SECONDS
