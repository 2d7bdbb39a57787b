"""The end of a FOGSITE game: the winner, the maze revealed with every route, the whole log,
and the record kept once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fogkeeper.flow.fogsite.session import COLOUR_WORD
from fogkeeper.rules.fogsite import Cell, Direction, Phase, Side, play_on, reveal_view
from fogkeeper.rules.fogsite.guardian import turn_reasons
from fogkeeper.ui.fogsite_screens import LOG_ROWS, wrap

if TYPE_CHECKING:
    from fogkeeper.flow.fogsite.game import FogsiteFlow

WHY_PAGE = "Why"  # the reveal's pages of the box's reasons, after the routes
REVEAL_ENDS = "A reveal ends it."  # the winner screen after a loss: no play on after a look
MAZE_SEEN = ("not now: the maze was revealed, so the game is over for good "
             "(play on comes before the reveal)")


class End:
    """The end screens; any long press there leaves the game."""

    def __init__(self, flow: FogsiteFlow) -> None:
        self.flow = flow

    def finish(self) -> None:
        """The game is over: stop the clock, keep the record once (the winner shows next)."""
        session = self.flow.session
        self.flow.team.stop_clock()
        session.unlocked = False
        if not session.record_saved:
            session.record_saved = True
            effects = self.flow.context.effects
            winner = session.running.winner
            # the outcome heard as well as read: the team's win and its loss sound unlike
            effects.sound("win" if winner is Side.INVESTIGATORS else "loss")
            effects.emit("fogsite.over", {"winner": winner.value if winner else None})
            effects.save_record(self.flow.name, self.record())

    def keep_if_over(self) -> None:
        """A game the engine has ended is kept at once, however it ended (a link command, a
        time-up, an answer still on the screen): a game played over the link keeps its
        record and tells the host without anyone pressing OK on the box. Called after
        every press, command and tick."""
        session = self.flow.session
        if (session.game is not None and not session.record_saved
                and session.running.phase is Phase.OVER):
            self.finish()

    def record(self) -> dict[str, object]:
        session = self.flow.session
        record: dict[str, object] = {
            "game": self.flow.name, "view": reveal_view(session.running),
            "routes": {k: [Cell(*c).name for c in v] for k, v in session.routes.items()}}
        if session.box_plays():  # with the seed, `fogkeeper maze new` makes the maze again
            record["box"] = {**session.box_settings(), "seed": session.draft.seed}
        return record

    def key(self, button: str) -> None:
        """The winner, the reveal and the log share their long presses: leave the game."""
        if button in ("hold_back", "hold_ok"):
            self.flow.ask_exit()

    def winner_key(self, button: str) -> None:
        """After a loss, "right" plays on (before the maze is shown: OK shows it and ends the
        game for good)."""
        if button == "right" and self.can_play_on():
            self.do_play_on()
        else:
            self.key(button)

    def reveal_pages(self) -> tuple[str, ...]:
        """"All" and one page per route (the routes exist only for the reveal); after them,
        with the box as Guardian, the pages of why it played each turn ("Why 1/3")."""
        reasons = self.reason_lines()
        count = -(-len(reasons) // LOG_ROWS)
        return ("All", *self.flow.session.routes,
                *(f"{WHY_PAGE} {n}/{count}" for n in range(1, count + 1)))

    def reason_lines(self) -> tuple[str, ...]:
        """The box's reason for each of its turns (its attacks named in it)."""
        lines: list[str] = []
        for round_number, _heard, why in turn_reasons(self.flow.session.running):
            lines.extend(wrap(f"{round_number}. {why}"))
        return tuple(lines)

    def reveal_key(self, button: str) -> None:
        session = self.flow.session
        if button in ("left", "right"):
            step = -1 if button == "left" else 1
            session.page = (session.page + step) % len(self.reveal_pages())
        else:
            self.key(button)

    def log_lines(self) -> tuple[str, ...]:
        """The question-and-answer log, wrapped; after the end with the secret column too."""
        game = self.flow.session.running
        over = game.phase is Phase.OVER
        lines: list[str] = []
        for entry in reveal_view(game)["log"]:
            text = f"{entry[0]}. {entry[1]} {entry[3]}"
            if over and entry[4]:
                text += f" ({entry[4]})"
            lines.extend(wrap(text))
        return tuple(lines)

    def log_key(self, button: str) -> None:
        if button in ("up", "down"):
            self.scroll(button, len(self.log_lines()))
        else:
            self.key(button)

    def scroll(self, button: str, length: int) -> None:
        session = self.flow.session
        if button == "up":
            session.cursor = max(0, session.cursor - 1)
        elif button == "down":
            session.cursor = min(max(0, length - LOG_ROWS), session.cursor + 1)

    # ---- what the table may read during play -------------------------------------------------
    def play_log_lines(self) -> tuple[str, ...]:
        """The question-and-answer log as the table heard it (its public column only)."""
        lines: list[str] = []
        for round_number, actor, _action, public in self.flow.session.facts().log:
            lines.extend(wrap(f"{round_number}. {actor} {public}"))
        return tuple(lines)

    def play_log_key(self, button: str) -> None:
        self.scroll(button, len(self.play_log_lines()))

    def start_tile_lines(self) -> tuple[str, ...]:
        """I3: what the Guardian told each Investigator of the four spaces around their
        Starting tile (the engine lays them on each sheet at setup)."""
        lines = []
        for seat in self.flow.session.facts().seats:
            sheet = dict(seat.sheet)
            kinds = " ".join(f"{d.name}:{'room' if sheet.get(d.value) else 'wall'}"
                             for d in Direction if d.value in sheet)
            lines.append(f"{COLOUR_WORD[seat.colour]} {kinds}")
        return tuple(lines)

    # ---- playing on after a loss (the rulebook's Q&A) ----------------------------------------
    def can_play_on(self) -> bool:
        """After a loss, once, and only while nobody without the PIN has seen the maze."""
        facts = self.flow.session.facts()
        return (facts.winner is Side.GUARDIAN and not facts.playing_on
                and not self.flow.session.maze_seen)

    def see_maze(self) -> bool:
        """The maze is shown without the PIN: the game cannot go on any more. True when this
        took away a play-on the team still had."""
        had = self.can_play_on()
        self.flow.session.maze_seen = True
        return had

    def do_play_on(self) -> None:
        """The team lost and plays on: Map tiles count below zero until it escapes."""
        session = self.flow.session
        session.running = play_on(session.running)
        session.record_saved = False  # the record is kept again at the real end
        self.flow.team.announce("play_on", None, "playing on after the loss")
        self.flow.onward()
