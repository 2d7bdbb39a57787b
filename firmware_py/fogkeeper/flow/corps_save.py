"""The Corps flow's snapshot: the engine's JSON plus the screen, cursors and reveal progress.

The snapshot holds the sealed key; it goes to the box's own disk only, never to the link.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fogkeeper.errors import FogkeeperError
from fogkeeper.flow.corps_model import CorpsScreen
from fogkeeper.flow.corps_setup import KeyEntry
from fogkeeper.flow.kit.pin import PinPad
from fogkeeper.rules import corps

if TYPE_CHECKING:
    from fogkeeper.flow.corps import CorpsFlow

VERSION = 1
C = CorpsScreen


class CorpsSaveError(FogkeeperError, ValueError):
    """A saved Corps chapter this firmware cannot put back; names the field, never a token."""


def take(flow: CorpsFlow) -> dict[str, Any]:
    """Everything needed to come back to the same screen with the key still sealed."""
    return {
        "version": VERSION,
        "screen": flow.state.value,
        "chapter": corps.to_json(flow.chapter),
        "cursors": dict(flow.cursors),
        "map_choice": flow.map_choice,
        "key_entry": None if flow.key_entry is None else flow.key_entry.to_json(),
        "cursor_slot": flow.cursor_slot,
        "carried": flow.carried,
        "row_choice": flow.row_choice,
        "board_opened": flow.board_opened,
        "reveal_running": flow.next_reveal_at is not None,
        "record_path": flow.record_path,
        "quit_from": flow.quit_from.value,
        "why_from": flow.why_from.value,
    }


def put_back(flow: CorpsFlow, saved: dict[str, Any]) -> None:
    """Restore a snapshot taken by ``take``; CorpsSaveError (or the engine's) when broken."""
    if saved.get("version") != VERSION:
        raise CorpsSaveError(f"corps save version {saved.get('version')!r}, expected {VERSION}")
    try:
        _put_back(flow, saved)
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, FogkeeperError):
            raise
        raise CorpsSaveError(f"the saved corps chapter is damaged ({type(exc).__name__})") from None


def _put_back(flow: CorpsFlow, saved: dict[str, Any]) -> None:
    flow.chapter = corps.from_json(saved["chapter"])
    flow.options = flow.chapter.options
    flow.cursors = {str(k): int(v) for k, v in saved["cursors"].items()}
    flow.map_choice = int(saved["map_choice"])
    entry = saved["key_entry"]
    flow.key_entry = None if entry is None else KeyEntry.from_json(entry)
    flow.cursor_slot = corps.parse_slot(str(saved["cursor_slot"]))
    carried = saved["carried"]
    flow.carried = None if carried is None else corps.parse_slot(str(carried))
    flow.row_choice = int(saved["row_choice"])
    flow.board_opened = bool(saved["board_opened"])
    flow.record_path = saved["record_path"]
    flow.quit_from = CorpsScreen(saved["quit_from"])
    flow.why_from = CorpsScreen(saved["why_from"])
    screen = _safe_screen(flow, CorpsScreen(saved["screen"]))
    if screen in (C.SEAL_PIN, C.UNSEAL_PIN):  # the digits typed before the power cut are gone
        flow.pad = PinPad("PIN to seal" if screen is C.SEAL_PIN else "PIN to unseal")
    if saved["reveal_running"] and screen is C.REVEAL:
        flow.next_reveal_at = flow.context.clock() + flow.options.reveal_step_seconds
    flow.set_screen(screen)


def _safe_screen(flow: CorpsFlow, screen: CorpsScreen) -> CorpsScreen:
    """The saved screen, or the nearest one that makes sense with the restored data."""
    if screen is C.KEY_SLOT and flow.key_entry is None:
        return C.KEY_MENU
    if screen is C.CARRY and flow.carried is None:
        return C.BOARD
    return screen
