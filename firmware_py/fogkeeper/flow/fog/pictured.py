""""Rescued Islander" cards (37-48) read off the real card at the score: the rulebook does not
print them, so the box asks what a card pictures and its RP unless its owner's deck file says.

The form has a row for the RP and two rows (type, colour) for each of up to three pictured
Islanders; "-" leaves an Islander out, colour "any" is a black icon.
"""

from __future__ import annotations

from dataclasses import replace

from fogkeeper.flow.fog.session import FogFlowError, Pictured, Session
from fogkeeper.rules.fog import IslanderType, RescuedIslanderCard

RP_CHOICES = tuple(range(1, 21))
SLOTS = 3


def unknown(s: Session) -> list[str]:
    """The "Rescued Islander" cards in play that neither the owner's file nor the table gave."""
    in_play = [*s.open_missions, *(c for cs in s.kept.values() for c in cs)]
    found = []
    for card_id in in_play:
        card = s.rules.cards.by_id(card_id)
        if isinstance(card, RescuedIslanderCard) and not card.known:
            found.append(card_id)
    return found


def fields(s: Session) -> list[tuple[str, tuple[str, ...]]]:
    """(label, choices) of each form row, in order."""
    extra = s.state.setup.options.extra_boat_tile
    types = ("-", *(t.value for t in IslanderType))
    colours = ("any", *(b.nation for b in s.rules.board.boats_in_play(extra)))
    rows: list[tuple[str, tuple[str, ...]]] = [("RP", tuple(str(r) for r in RP_CHOICES))]
    for i in range(SLOTS):
        rows += [(f"Islander {i + 1}", types), (f"  colour {i + 1}", colours)]
    return rows


def values(s: Session) -> list[str]:
    shown = [str(s.picture.rp)]
    for need in s.picture.islanders:
        kind, nation = need.split(":") if need != "-" else ("-", "any")
        shown += [kind, nation]
    return shown


def open_form(s: Session, card_id: str) -> None:
    s.picture_card = card_id
    s.picture = s.pictured.get(card_id, Pictured())


def step(s: Session, row: int, direction: int) -> None:
    """Left/right on a form row: its next choice."""
    rows = fields(s)
    if row >= len(rows):
        return
    choices = rows[row][1]
    shown = values(s)
    new = choices[(choices.index(shown[row]) + direction) % len(choices)]
    shown[row] = new
    needs = []
    for i in range(SLOTS):
        kind, nation = shown[1 + 2 * i], shown[2 + 2 * i]
        needs.append("-" if kind == "-" else f"{kind}:{nation}")
    s.picture = replace(s.picture, rp=int(shown[0]), islanders=tuple(needs))


def keep(s: Session) -> None:
    """The card's picture on record for this game."""
    if all(x == "-" for x in s.picture.islanders):
        raise FogFlowError("a \"Rescued Islander\" card pictures at least one Islander")
    s.pictured[s.picture_card] = s.picture
