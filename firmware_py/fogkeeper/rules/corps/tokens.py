"""The nine guess tokens and the nine terrain-rule slots of the Fog chapter's Reference Board."""

from __future__ import annotations

from enum import StrEnum

from fogkeeper.rules.corps.errors import SlotError, TokenError


class Token(StrEnum):
    """A guess token: which resource a hidden terrain rule finds."""

    WATER = "water"
    TIPI = "tipi"
    WOOD = "wood"
    MUD = "mud"
    ROCK = "rock"
    SKULL = "skull"
    FOOD = "food"
    MUSHROOM = "mushroom"
    FLOWER = "flower"


# One circle per token: the board is a bijection, so the slot count follows the token count.
SLOT_COUNT = len(Token)
SLOTS: tuple[int, ...] = tuple(range(1, SLOT_COUNT + 1))
TOKEN_NAMES = ", ".join(token.value for token in Token)


def parse_token(name: str, *, secret: bool = False) -> Token:
    """The token named ``name`` (case and surrounding blanks ignored).

    With ``secret`` (key entry) the error does not echo the text, which may be an answer
    with a typo in it.
    """
    try:
        return Token(name.strip().lower())
    except ValueError:
        shown = "that token" if secret else repr(name)
        raise TokenError(f"{shown} is not a guess token (expected one of {TOKEN_NAMES})") from None


def check_slot(slot: object) -> int:
    """``slot`` as a slot number 1..9, or a SlotError."""
    if isinstance(slot, bool) or not isinstance(slot, int) or slot not in SLOTS:
        raise SlotError(f"slot must be a whole number from 1 to {SLOT_COUNT}")
    return slot


def parse_slot(text: str) -> int:
    """A slot number written as text."""
    stripped = text.strip()
    if not stripped.isdigit():
        raise SlotError(f"slot must be a whole number from 1 to {SLOT_COUNT}")
    return check_slot(int(stripped))
