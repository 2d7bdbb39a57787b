"""The end of a FOGSITE game: the winner, the maze revealed with every route, the whole log,
and the record kept once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fogkeeper.rules.fogsite import Cell, Phase, reveal_view
from fogkeeper.ui.fogsite_screens import LOG_ROWS, wrap

if TYPE_CHECKING:
    from fogkeeper.flow.fogsite.game import FogsiteFlow


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
            effects.sound("reveal")
            winner = session.running.winner
            effects.emit("fogsite.over", {"winner": winner.value if winner else None})
            effects.save_record(self.flow.name, self.record())

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

    def reveal_pages(self) -> tuple[str, ...]:
        """"All" and one page per route; the routes exist only for the reveal."""
        return ("All", *self.flow.session.routes)

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
        session = self.flow.session
        if button == "up":
            session.cursor = max(0, session.cursor - 1)
        elif button == "down":
            session.cursor = min(max(0, len(self.log_lines()) - LOG_ROWS), session.cursor + 1)
        else:
            self.key(button)
