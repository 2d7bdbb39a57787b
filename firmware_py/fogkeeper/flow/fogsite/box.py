"""The box as Guardian: it builds a maze nobody has seen, sets itself up and plays its turns.

The table sees "The Guardian moves...", hears the buzzer and learns how many Intruders were
attacked; the route and the Guardian's space stay in the box until the reveal. Every choice
the box makes draws on a ``random.Random`` made from the game's seed and what it is choosing
(the setup, the round), so a game resumed after a power cut decides exactly as it would have.
The seed is secret until the game is really over: nothing the table sees is drawn from it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from fogkeeper.errors import RulesError
from fogkeeper.flow.fogsite.table import Go, Stage
from fogkeeper.rules.fogsite import format_maze, generate_maze
from fogkeeper.rules.fogsite.guardian import explain_last_turn
from fogkeeper.rules.fogsite.hints import Hint, hint
from fogkeeper.rules.fogsite.levels import LEVELS, level_player
from fogkeeper.rules.fogsite.players import guardian_knowledge
from fogkeeper.ui.fogsite_screens import wrap

if TYPE_CHECKING:
    from fogkeeper.flow.fogsite.game import FogsiteFlow

THINK_SECONDS = 2.0  # "The Guardian moves..." stays this long before the buzzer and the count
SEED_RANGE = 2**32  # a seed a host gives (behind the PIN): it knows the maze anyway
BOX_SEED_BITS = 128  # a seed the box draws itself
GUARDIAN_TUNE = "fog"


class BoxGuardian:
    """The box's own setup and turns; with a human Guardian it leaves everything alone."""

    def __init__(self, flow: FogsiteFlow) -> None:
        self.flow = flow

    def ready_key(self, button: str) -> None:
        """OK on the box's start screen: any refusal goes back to the menu, said there."""
        if button != "ok":
            return
        try:
            self.start_game()
        except RulesError as error:
            self.flow.context.effects.sound("error")
            self.flow.session.refusal = str(error)
            self.flow.fire(Go.SETUP_REFUSED)

    def start_game(self) -> None:
        """Draw a seed (unless the link gave one), build the maze, choose start and sleeper.

        The seed is the maze, the box's setup and every turn it plays: it is drawn from the
        secret stream (seeded from the OS), 128 bits wide, so that no search of seeds from
        what the table sees can find it (2^32 seeds, as before, can be tried in hours)."""
        draft = self.flow.session.draft
        if draft.seed is None:
            draft.seed = self.flow.session.secret_rng.getrandbits(BOX_SEED_BITS)
        maze = generate_maze(draft.seed, draft.size, LEVELS[draft.box_level].maze,
                             draft.colours)
        setup = level_player(draft.box_level).choose_setup(
            maze, draft.colours, self.flow.setup.game_options(), self.rng("setup"))
        self.flow.setup.start_game(format_maze(maze), draft.colours, setup.sleeping,
                                   setup.start)

    def rng(self, purpose: str) -> random.Random:
        """The same draws for the same game and purpose, however often the box restarts."""
        return random.Random(f"fogsite box {self.flow.session.draft.seed} {purpose}")

    def play_turn(self) -> None:
        """The box plays its whole turn at once; the table sees the count after the pause.
        Why it played so is kept with the turn's secret, for the reveal."""
        session = self.flow.session
        self.flow.team.stop_clock()
        game = session.running
        moves, why = level_player(session.draft.box_level).choose_turn_why(
            guardian_knowledge(game), self.rng(f"round {game.round_number}"))
        self.flow.guardian.play_moves(list(moves))
        session.running = explain_last_turn(session.running, why)
        session.box_due = self.flow.context.clock() + THINK_SECONDS

    def do_hint(self) -> Hint:
        """The team buys a hint: one Map tile for the fact it lacks that helps most, laid on
        a sheet and said to the whole table (the box and the link alike)."""
        session = self.flow.session
        session.running, fact = hint(session.running)
        self.flow.team.announce("hint", None, fact.text)
        self.flow.team.show_answer(("Hint",), wrap(fact.text))
        return fact

    def tick(self, now: float) -> None:
        """After the pause: the buzzer, then the count (the turn itself is already played)."""
        session = self.flow.session
        if self.flow.state is Stage.BOX_TURN and session.box_due is not None \
                and now >= session.box_due:
            session.box_due = None
            self.flow.context.effects.sound(GUARDIAN_TUNE)
            self.flow.fire(Go.THINK_OVER)

    def deadline(self) -> float | None:
        return self.flow.session.box_due if self.flow.state is Stage.BOX_TURN else None

    def resume_pause(self) -> None:
        """After a restart the pause starts again: the count was never shown."""
        if self.flow.session.box_plays():
            self.flow.session.box_due = self.flow.context.clock() + THINK_SECONDS
