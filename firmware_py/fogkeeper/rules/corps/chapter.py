"""The Corps Fog-chapter state and its pure actions: key, seal, guesses, tracker, end, reveal."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from fogkeeper.rules.corps import board as guess_board
from fogkeeper.rules.corps.board import GuessBoard
from fogkeeper.rules.corps.errors import EndError, KeyRefusedError, KeySealedError, NoKeyError
from fogkeeper.rules.corps.key import AnswerKey, check_map_id
from fogkeeper.rules.corps.options import CorpsOptions
from fogkeeper.rules.corps.tokens import SLOT_COUNT, Token
from fogkeeper.rules.corps.tracker import ChapterTracker, TrackAction, apply_track, tracker_blockers
from fogkeeper.rules.corps.verdict import Verdict, judge


class ChapterMode(StrEnum):
    """The Fog chapter itself, or Fog played inside a previous Chapter (guess board as notebook)."""

    FOG = "fog"
    NOTEBOOK = "notebook"


class KeyStatus(StrEnum):
    """Where the answer key stands; only SEALED protects it against change."""

    NONE = "none"
    ENTERED = "entered"
    SEALED = "sealed"
    REVEALED = "revealed"


@dataclass(frozen=True)
class CorpsState:
    """Everything the box keeps for one chapter; immutable, saved as JSON by the flow.

    The key sits here (the box's own disk) but its repr hides the answers.
    """

    mode: ChapterMode = ChapterMode.FOG
    options: CorpsOptions = field(default_factory=CorpsOptions)
    map_id: int | None = None
    key: AnswerKey | None = None
    sealed: bool = False
    board: GuessBoard = field(default_factory=GuessBoard)
    tracker: ChapterTracker = field(default_factory=ChapterTracker)
    ended: bool = False
    core_loss: str | None = None
    revealed: int = 0


def new_chapter(
    mode: ChapterMode = ChapterMode.FOG,
    options: CorpsOptions | None = None,
    map_id: int | None = None,
) -> CorpsState:
    """A fresh chapter with an empty guess board and no key."""
    if map_id is not None:
        check_map_id(map_id)
    return CorpsState(mode=mode, options=options or CorpsOptions(), map_id=map_id)


def key_status(state: CorpsState) -> KeyStatus:
    """NONE, ENTERED (still editable), SEALED, or REVEALED once the chapter has ended."""
    if state.key is None:
        return KeyStatus.NONE
    if state.ended:
        return KeyStatus.REVEALED
    return KeyStatus.SEALED if state.sealed else KeyStatus.ENTERED


def is_sealed(state: CorpsState) -> bool:
    """True while a key is held sealed: it cannot change and nothing of it shows but Water."""
    return key_status(state) is KeyStatus.SEALED


def enter_key(state: CorpsState, key: AnswerKey) -> CorpsState:
    """Store (or replace, while unsealed) the key; in the Fog chapter Water goes on its slot."""
    _require_playing(state)
    if state.sealed:
        raise KeySealedError("the key is sealed: unseal it with the PIN to change it")
    if state.map_id is not None and key.map_id != state.map_id:
        raise KeyRefusedError(f"this chapter plays map {state.map_id}, the key is for another map")
    if state.mode is ChapterMode.NOTEBOOK and not state.options.notebook_reveal:
        raise KeyRefusedError("the post-game reveal is off for Fog in previous Chapters")
    water = key.water_slot if state.mode is ChapterMode.FOG else None
    board = guess_board.fix_water(state.board, water)
    return replace(state, key=key, map_id=key.map_id, board=board)


def seal(state: CorpsState) -> CorpsState:
    """Seal the entered key (the flow has checked the PIN); sealing twice changes nothing."""
    _require_playing(state)
    if state.key is None:
        raise NoKeyError("enter the answer key before sealing it")
    return replace(state, sealed=True)


def unseal(state: CorpsState) -> CorpsState:
    """Let the key holder fix the key (the flow has checked the PIN); never shows the key."""
    _require_playing(state)
    if state.key is None:
        raise NoKeyError("there is no key to unseal")
    return replace(state, sealed=False)


def place_token(state: CorpsState, token: Token, slot: int) -> CorpsState:
    """Put ``token`` from beside the board on the empty ``slot``."""
    return replace(state, board=guess_board.place_token(_guess_board(state), token, slot))


def move_token(state: CorpsState, from_slot: int, to_slot: int) -> CorpsState:
    """Move the token on ``from_slot`` to the empty ``to_slot``."""
    return replace(state, board=guess_board.move_token(_guess_board(state), from_slot, to_slot))


def remove_token(state: CorpsState, slot: int) -> CorpsState:
    """Take the token on ``slot`` back beside the board."""
    return replace(state, board=guess_board.remove_token(_guess_board(state), slot))


def track(state: CorpsState, action: TrackAction) -> CorpsState:
    """Record a change at the table (Tipi, Monster, Water, row) in the chapter tracker."""
    _require_playing(state)
    return replace(state, tracker=apply_track(state.tracker, action))


def end_blockers(state: CorpsState) -> tuple[str, ...]:
    """Every reason the table may not end the chapter now; empty when it may."""
    if state.ended:
        return ("the chapter has already ended",)
    if state.mode is ChapterMode.NOTEBOOK:
        return ()  # the chosen Chapter's own end conditions apply; the box does not judge them
    reasons = list(tracker_blockers(state.tracker, state.options.dormant_blocks))
    if key_status(state) is not KeyStatus.SEALED:
        reasons.append("the answer key is not sealed")
    empty = len(state.board.empty_slots)
    if empty:
        reasons.append(f"place all {SLOT_COUNT} tokens first: {empty} circle(s) empty")
    return tuple(reasons)


def can_end(state: CorpsState) -> tuple[bool, str]:
    """Whether the table may end the chapter now, and the first reason why not."""
    reasons = end_blockers(state)
    return (False, reasons[0]) if reasons else (True, "the table may end the chapter")


def end_chapter(state: CorpsState) -> CorpsState:
    """Declare the end; guesses lock and the reveal becomes available."""
    reasons = end_blockers(state)
    if reasons:
        raise EndError("cannot end the chapter yet: " + "; ".join(reasons))
    return replace(state, ended=True)


def lose_by_core_rules(state: CorpsState, reason: str) -> CorpsState:
    """The core game's loss conditions ended the chapter (B-C12); the reveal stays possible."""
    _require_playing(state)
    return replace(state, ended=True, core_loss=reason.strip() or "core rules")


def reveal_available(state: CorpsState) -> bool:
    """True once the chapter has ended and a key exists to compare the guesses with."""
    return state.ended and state.key is not None


def verdict(state: CorpsState) -> Verdict:
    """The full judgement; only after the end."""
    if not state.ended:
        raise EndError("the verdict comes only after the chapter ends")
    if state.key is None:
        raise NoKeyError("no answer key was entered, so there is nothing to reveal")
    judged = state.mode is ChapterMode.FOG
    return judge(state.key, state.board, judged=judged, core_loss=state.core_loss is not None)


def reveal_next(state: CorpsState) -> CorpsState:
    """Uncover the next circle of the reveal (slot order)."""
    verdict(state)  # raises before the end or without a key
    if state.revealed >= SLOT_COUNT:
        raise EndError("every circle is already uncovered")
    return replace(state, revealed=state.revealed + 1)


def reveal_all(state: CorpsState) -> CorpsState:
    """Uncover every circle at once."""
    verdict(state)
    return replace(state, revealed=SLOT_COUNT)


def _require_playing(state: CorpsState) -> None:
    if state.ended:
        raise EndError("the chapter has ended: nothing can change any more")


def _guess_board(state: CorpsState) -> GuessBoard:
    _require_playing(state)
    if state.mode is ChapterMode.FOG and state.key is None:
        raise NoKeyError("enter the answer key first: Water's slot comes from it")
    return state.board
