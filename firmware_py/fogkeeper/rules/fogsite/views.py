"""What each side may see: the public view (shared screen, host link) and the Guardian's view."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fogkeeper.grown import Grown
from fogkeeper.rules.fogsite.state import GameState, Investigator, LogEntry, Phase


def _public_investigator(inv: Investigator, hidden_hands: bool) -> dict[str, Any]:
    """Only what the table knows: positions relative to the Investigator's own Starting tile;
    with hidden hands, how many Relics each holds but not which."""
    return {
        "colour": inv.colour.value,
        "status": inv.status.value,
        "hand": None if hidden_hands else list(inv.hand),
        "hand_size": len(inv.hand),
        "actions_used": inv.actions_used,
        "offset": list(inv.offset),
        "sheet": [[dx, dy, street] for (dx, dy), street in inv.sheet],
    }


def _public_attack(state: GameState) -> dict[str, Any] | None:
    attack = state.last_attack
    if attack is None:
        return None
    report: dict[str, Any] = {"count": len(attack.attacked), "tiles_removed": attack.tiles_removed}
    if state.options.has("I2"):
        report["attacked"] = [colour.value for colour in attack.attacked]
    return report


def public_view(state: GameState) -> dict[str, Any]:
    """Everything the Investigators may know; no maze, no absolute cell, no Guardian secret.

    This is the only view the shared screen and the host link ever get during a game.
    """
    limit = state.time_limit
    return {
        "phase": state.phase.value,
        "round": state.round_number,
        "current": None if state.current is None else state.current.value,
        "investigators": [_public_investigator(inv, state.options.hidden_hands)
                          for inv in state.investigators],
        "time_limit": {"decks": list(limit.decks), "tiles_left": limit.tiles_left},
        "visible_arrows": None if state.options.easy else state.visible_arrows,
        "digging_tokens": state.digging_tokens,
        "relic_deck_size": len(state.relic_deck),
        "collected": list(state.collected),
        "last_attack": _public_attack(state),
        "balancing": sorted(state.options.balancing),
        "two_player": state.options.two_player,
        "easy": state.options.easy,
        "hidden_hands": state.options.hidden_hands,
        "team_seconds": state.team_seconds if state.options.has("G9") else None,
        "winner": None if state.winner is None else state.winner.value,
        "playing_on": state.playing_on,
        "end_reason": state.end_reason,
        "log": list(_PUBLIC_LOG.of(state.log)),
    }


def _public_rows(log: Sequence[LogEntry]) -> list[list[Any]]:
    return [[e.round_number, e.actor, e.action, e.public] for e in log]


# the log only grows (GameState.logged) and this view is made after every action (the
# link's replies, the sim's players): its rows are kept as it grows. Each view gets its
# own list of the shared rows
_PUBLIC_LOG: Grown[LogEntry, list[list[Any]]] = Grown(_public_rows)


def guardian_view(state: GameState) -> dict[str, Any]:
    """The Guardian's screen behind the PIN (and the reveal at game end): adds the maze,
    every token's true cell, which Intruders are Targets, and the secret log column.

    The Relic deck order stays out: the Guardian does not know it either.
    """
    view = public_view(state)
    view["maze"] = list(state.maze.rows_text())
    view["guardian"] = None if state.guardian is None else state.guardian.name
    view["intruders"] = [
        {"colour": inv.colour.value, "cell": inv.cell.name, "start": inv.start.name,
         "target": inv.target}
        for inv in state.investigators
    ]
    view["investigators"] = [_public_investigator(inv, False) for inv in state.investigators]
    view["lie_used"] = state.lie_used
    view["g6_announce"] = state.g6_announce
    view["log"] = [[e.round_number, e.actor, e.action, e.public, e.secret] for e in state.log]
    return view


def reveal_view(state: GameState) -> dict[str, Any]:
    """The end-of-game picture for everyone; before the end it is the public view only."""
    return guardian_view(state) if state.phase is Phase.OVER else public_view(state)
