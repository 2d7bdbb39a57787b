"""Reference Investigator teams for measuring the box's Guardian: a cautious mapper and a team
that plays its Relics, Gives and calls the escape the way good players do.

Both read only the public view (what the table sees: sheets, hands, the log) and act within
the rules; the engine refuses anything else.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fogkeeper.rules.fogsite.maze import Colour, Direction
from fogkeeper.rules.fogsite.relics import RelicRequest
from fogkeeper.rules.fogsite.sim import (
    EndTurn,
    Explore,
    GiveRelic,
    InvestigatorStrategy,
    MapperTeam,
    Offset,
    TeamAction,
    UseRelic,
    _meeting,
    _Seat,
    _seats,
)
from fogkeeper.rules.fogsite.state import Phase

RESUME, EXTRA_TURN, RECOVER, ROOM_NEARBY = 11, 12, 13, 7
# the cards that give the team more actions before the Guardian's next turn
TEMPO_CARDS = (RESUME, EXTRA_TURN, RECOVER)


class CautiousMapper(MapperTeam):
    """Maps from each Colour tile without Relics, never asks about a space it can rule out,
    and calls the escape only when every Intruder stands on one space."""

    @property
    def name(self) -> str:
        return "cautious"


class RelicTeam(MapperTeam):
    """Maps like the cautious mapper, and plays its cards as good players do.

    - 11 (resume exploration) when a token was laid down and mapping goes on;
    - 12 (extra turn) for a teammate who has finished, while mapping goes on;
    - 13 takes back a spent 11 or 12;
    - 07 before an Explore: the answer names a Room space next to the asker, so that Explore
      cannot fail (the token stays up);
    - Give: a tempo card it cannot use now goes to a teammate who has yet to play;
    - the escape only when every Intruder stands on one space.
    """

    @property
    def name(self) -> str:
        return "relics"

    def next_action(self, view: Mapping[str, Any]) -> TeamAction:
        base = super().next_action(view)
        if view["phase"] != Phase.INVESTIGATORS.value \
                or not isinstance(base, (Explore, EndTurn)):
            return base
        size = 4 if view["easy"] else 5
        seats = _seats(view)
        frame, cells = self._frame(seats, size)
        mapping = len(frame) < len(seats) or _meeting(seats, frame, cells) is None
        actor = next(s for s in seats if s.colour is base.colour)
        public = next(inv for inv in view["investigators"]
                      if inv["colour"] == actor.colour.value)
        hand = tuple(public["hand"] or ())
        free = bool(hand) and (public["actions_used"] == 0 or "I5" in view["balancing"])
        if isinstance(base, Explore):
            return self._explore(view, actor, base, hand, free, frame, cells)
        if not (free and mapping and view["time_limit"]["tiles_left"] > 0):
            return base
        return self._before_ending(view, actor, seats, hand) or base

    def _explore(self, view: Mapping[str, Any], actor: _Seat, base: Explore,
                 hand: tuple[int, ...], free: bool, frame: Mapping[Colour, Offset],
                 cells: Mapping[Offset, bool]) -> TeamAction:
        said = _room_nearby_answer(view, actor.colour)
        if said is not None:
            return Explore(actor.colour, said)
        if free and ROOM_NEARBY in hand:
            placed: tuple[Offset, ...] = ()
            if actor.colour in frame:
                start = frame[actor.colour]
                placed = tuple((x - start[0], y - start[1]) for x, y in cells)
            return UseRelic(actor.colour, RelicRequest(ROOM_NEARBY, placed=placed))
        return base

    def _before_ending(self, view: Mapping[str, Any], actor: _Seat, seats: list[_Seat],
                       hand: tuple[int, ...]) -> TeamAction | None:
        """A card that buys the team another action before the Guardian moves, if any."""
        if actor.status == "down" and RESUME in hand:
            return UseRelic(actor.colour, RelicRequest(RESUME))
        finished = [s.colour for s in seats if s.status == "finished" and s is not actor]
        if EXTRA_TURN in hand and finished:
            return UseRelic(actor.colour, RelicRequest(EXTRA_TURN, receiver=finished[0]))
        spent = [card for card in (RESUME, EXTRA_TURN) if card in view["collected"]]
        if RECOVER in hand and spent:
            return UseRelic(actor.colour, RelicRequest(RECOVER, card=spent[0]))
        waiting = [s.colour for s in seats if s.status == "active" and s is not actor]
        tempo = [card for card in hand if card in TEMPO_CARDS]
        if tempo and waiting and not view["two_player"]:
            return GiveRelic(actor.colour, tempo[0], waiting[0])
        return None


def _room_nearby_answer(view: Mapping[str, Any], colour: Colour) -> Direction | None:
    """The direction Relic 07 just named to ``colour`` (the log's last line), if any."""
    if not view["log"]:
        return None
    _round, actor, action, public = view["log"][-1]
    if actor == colour.name and action == f"relic {ROOM_NEARBY:02d}" \
            and public in Direction.__members__:
        return Direction[public]
    return None


REFERENCE_TEAMS: tuple[type[InvestigatorStrategy], ...] = (CautiousMapper, RelicTeam)
