"""The guess board: the table's tokens on the Reference Board's circles, one token per circle."""

from __future__ import annotations

from dataclasses import dataclass, replace

from fogkeeper.rules.corps.errors import (
    GuessError,
    SlotEmptyError,
    SlotTakenError,
    TokenInUseError,
    WaterFixedError,
)
from fogkeeper.rules.corps.tokens import SLOT_COUNT, SLOTS, Token, check_slot

_EMPTY: tuple[Token | None, ...] = (None,) * SLOT_COUNT


@dataclass(frozen=True)
class GuessBoard:
    """Slot 1..9 -> the token the table placed there (None: empty circle).

    ``water_slot`` is the public Water circle in the Fog chapter (Water sits there and cannot
    move); None when no window applies (Fog in previous Chapters, or before the key exists).
    """

    slots: tuple[Token | None, ...] = _EMPTY
    water_slot: int | None = None

    def __post_init__(self) -> None:
        placed = [token for token in self.slots if token is not None]
        if len(self.slots) != SLOT_COUNT or len(placed) != len(set(placed)):
            raise GuessError("a guess board holds 9 circles and each token at most once")
        if self.water_slot is not None and self.token_at(self.water_slot) is not Token.WATER:
            raise GuessError("Water must sit on its public slot")

    def token_at(self, slot: int) -> Token | None:
        """The token on ``slot``, or None."""
        return self.slots[check_slot(slot) - 1]

    def slot_of(self, token: Token) -> int | None:
        """Where ``token`` is placed, or None while it waits beside the board."""
        return self.slots.index(token) + 1 if token in self.slots else None

    @property
    def supply(self) -> tuple[Token, ...]:
        """Tokens not yet placed, in the rulebook's order."""
        return tuple(token for token in Token if token not in self.slots)

    @property
    def empty_slots(self) -> tuple[int, ...]:
        """Circles with no token on them."""
        return tuple(slot for slot in SLOTS if self.slots[slot - 1] is None)

    @property
    def is_complete(self) -> bool:
        """All nine tokens placed, each once (the bijection the end needs)."""
        return not self.empty_slots

    def as_dict(self) -> dict[int, Token]:
        """Placed tokens by slot."""
        return {slot: token for slot, token in zip(SLOTS, self.slots, strict=True) if token}


def _with(board: GuessBoard, slot: int, token: Token | None) -> tuple[Token | None, ...]:
    cells = list(board.slots)
    cells[slot - 1] = token
    return tuple(cells)


def _guard_water(board: GuessBoard, slot: int, token: Token | None = None) -> None:
    if board.water_slot is None:
        return
    if slot == board.water_slot:
        raise WaterFixedError(f"slot {slot} is Water's public slot: Water stays there")
    if token is Token.WATER:
        raise WaterFixedError(f"Water is fixed on its public slot {board.water_slot}")


def place_token(board: GuessBoard, token: Token, slot: int) -> GuessBoard:
    """``token`` from beside the board onto the empty ``slot``."""
    check_slot(slot)
    _guard_water(board, slot, token)
    where = board.slot_of(token)
    if where is not None:
        raise TokenInUseError(f"{token.value} is already on slot {where}: move it instead")
    if board.token_at(slot) is not None:
        raise SlotTakenError(f"slot {slot} already holds {board.token_at(slot)}: remove it first")
    return replace(board, slots=_with(board, slot, token))


def move_token(board: GuessBoard, from_slot: int, to_slot: int) -> GuessBoard:
    """The token on ``from_slot`` onto the empty ``to_slot``."""
    check_slot(from_slot)
    check_slot(to_slot)
    _guard_water(board, from_slot)
    _guard_water(board, to_slot)
    token = board.token_at(from_slot)
    if token is None:
        raise SlotEmptyError(f"slot {from_slot} holds no token")
    if from_slot == to_slot:
        raise GuessError(f"the token is already on slot {to_slot}")
    if board.token_at(to_slot) is not None:
        raise SlotTakenError(f"slot {to_slot} already holds {board.token_at(to_slot)}")
    cells = list(board.slots)
    cells[from_slot - 1], cells[to_slot - 1] = None, token
    return replace(board, slots=tuple(cells))


def remove_token(board: GuessBoard, slot: int) -> GuessBoard:
    """The token on ``slot`` back beside the board."""
    check_slot(slot)
    _guard_water(board, slot)
    if board.token_at(slot) is None:
        raise SlotEmptyError(f"slot {slot} holds no token")
    return replace(board, slots=_with(board, slot, None))


def fix_water(board: GuessBoard, water_slot: int | None) -> GuessBoard:
    """The board with Water pinned on ``water_slot`` (None: Water is free again).

    A token already on that circle goes back beside the board: the window shows Water there.
    """
    if water_slot is None:
        return replace(board, water_slot=None)
    check_slot(water_slot)
    cells: list[Token | None] = [None if t is Token.WATER else t for t in board.slots]
    cells[water_slot - 1] = Token.WATER
    return GuessBoard(tuple(cells), water_slot)
