"""What a movement costs in MP, and why, or why it is not allowed (A1.6, B-F15, B-F16)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from fogkeeper.rules.fog.cards import EventCard, GuardianCard
from fogkeeper.rules.fog.model import Characteristic, IslanderType, Move, Zone

MP_PER_TURN = 7
MIN_PAID_MP = 1
ENHANCEMENT_MP = 2
WATER_MP = 1
BASE_MP: dict[Move, int] = {
    Move.RUN: 1, Move.SWAP: 3, Move.PUSH: 3, Move.JUMP: 3, Move.SQUEEZE: 4, Move.CROSS: 4,
}
CHARACTERISTIC_MP = 2
ALL_ROUNDER_MP = 3
ALL_ROUNDER_MOVES = (Move.SQUEEZE, Move.CROSS)
ENHANCEABLE = (Move.PUSH, Move.JUMP, Move.CROSS, Move.SQUEEZE)
FREE_RUN_SOURCES = ("endurance", "guardian")
FOLLOW_UP_MOVES = (Move.JUMP, Move.CROSS, Move.SQUEEZE)
# what a movement still asks of the table, each kept to one line of the 128x64 screen
THEN_EMPTY = "then 1 move to empty hex"          # enhanced: it ends on an occupied hex
ONTO_SHORE = "on a shore Isl.: move on"          # from the beach onto a shore Islander
BOARDING_PATHS = "shore:stern pier:side/mid"     # the places reachable when boarding
STERN_FINAL = "never leave the stern"            # moving within a boat
# on the shore and piers a Swap is a Run pulling the other back (fits the cost screen's line)
PULL_BACK = f"pull-back Run (Swap): {WATER_MP} MP"


@dataclass(frozen=True)
class Movement:
    """One movement of one Islander, as the player describes it to the box."""

    islander_type: IslanderType
    characteristic: Characteristic
    move: Move
    zone: Zone = Zone.BEACH
    enhanced: bool = False
    enters_boat: bool = False
    free_run: str = ""
    swap_number: int = 1


@dataclass(frozen=True)
class Price:
    """The MP the movement costs and the rules that set that price."""

    mp: int
    reasons: tuple[str, ...]
    with_characteristic: bool = False
    reminder: str = ""      # what the rules still ask of this movement, one short line


@dataclass(frozen=True)
class Refusal:
    """The movement is not allowed; `reason` says which rule forbids it."""

    reason: str


@dataclass(frozen=True)
class _Option:
    mp: int
    reasons: tuple[str, ...]
    with_characteristic: bool


def movement_cost(
    movement: Movement, *, event: EventCard | None = None,
    guardian: GuardianCard | None = None, guardian_side: str = "A",
    enhanced_movements: bool = False,
) -> Price | Refusal:
    """The cheapest legal price of `movement` under the round's event and the player's
    Guardian, or a Refusal naming the rule that forbids it."""
    refusal = _refusal(movement, event, guardian, guardian_side, enhanced_movements)
    if refusal is not None:
        return refusal
    if movement.zone is Zone.WATER and movement.move is Move.SWAP:
        return _pull_back(movement, event)
    if movement.free_run:
        return Price(0, (f"free Run ({movement.free_run}): 0 MP, no event applies",),
                     reminder=reminder(movement))
    options = [_with_event(o, movement, event) for o in _options(movement, guardian,
                                                                  guardian_side)]
    best = min(options, key=lambda o: (o.mp, len(o.reasons)))
    return Price(best.mp, best.reasons, best.with_characteristic, reminder(movement))


def reminder(m: Movement) -> str:
    """The rule the table must still follow after paying (A1.6, option 11): an enhanced
    Jump/Cross/Squeeze ends on an occupied hex and needs a further move to an empty one, as
    does a Jump/Cross/Squeeze from the beach onto a shore Islander; boarding reaches only
    the stern from the shore and its own side or the middle from a pier; nobody leaves the
    stern or the boat once in it. "" when nothing is left to remind."""
    if m.move in FOLLOW_UP_MOVES and m.zone is Zone.BEACH:
        return THEN_EMPTY if m.enhanced else ONTO_SHORE
    if m.zone is Zone.WATER and m.enters_boat:
        return BOARDING_PATHS
    if m.move is Move.BOARDING:
        return STERN_FINAL
    return ""


def _pull_back(movement: Movement, event: EventCard | None) -> Price:
    """On the shore and the piers a Swap is a Run past the other Islander that pulls it
    back onto the field just left: priced as that Run (B-F15: Run modifiers apply, the beach
    Swap's do not)."""
    run = replace(movement, move=Move.RUN)
    best = _with_event(_Option(WATER_MP, (PULL_BACK,), False), run, event)
    return Price(best.mp, best.reasons, reminder=reminder(movement))


def _refusal(
    m: Movement, event: EventCard | None, guardian: GuardianCard | None, side: str,
    enhanced_movements: bool,
) -> Refusal | None:
    if event is not None and event.effect == "forbid" and m.move in event.moves:
        return Refusal(f"{event.name} ({event.card_id}) forbids {m.move.value} this round")
    if m.free_run:
        return _free_run_refusal(m, guardian, side)
    if m.zone is Zone.WATER and m.move not in (Move.RUN, Move.BOARDING, Move.SWAP):
        return Refusal(f"only Run and Boarding are possible on the shore, piers and boats, "
                       f"not {m.move.value}")
    if m.zone is Zone.BEACH and m.move is Move.BOARDING:
        return Refusal("boats are boarded from the shore or a pier, not from the beach")
    if m.enters_boat and m.zone is Zone.BEACH:
        return Refusal("an Islander on the beach cannot enter a boat directly")
    if m.enhanced and not enhanced_movements:
        return Refusal("Enhanced Movements (option 11) are not in play")
    if m.enhanced and m.move not in ENHANCEABLE:
        return Refusal(f"only Push, Jump, Cross and Squeeze can be enhanced, not {m.move.value}")
    if m.move is Move.RUN3 and not _speed_a(guardian, side):
        return Refusal("the 3-hex Run for 2 MP needs the Guardian of Speed on side A")
    return None


def _free_run_refusal(m: Movement, guardian: GuardianCard | None, side: str) -> Refusal | None:
    if m.move not in (Move.RUN, Move.BOARDING) or m.enhanced:
        return Refusal("a free extra movement is always a single Run")
    if m.free_run not in FREE_RUN_SOURCES:
        return Refusal(f"free Run source must be one of {', '.join(FREE_RUN_SOURCES)}")
    if m.free_run == "endurance" and m.characteristic is not Characteristic.ENDURANCE:
        return Refusal("only an Islander with Endurance gets the free Run")
    if m.free_run == "guardian" and (guardian is None or side != "B" or not guardian.b_free_run):
        return Refusal("no Guardian side B in play grants a free Run")
    return None


def _speed_a(guardian: GuardianCard | None, side: str) -> bool:
    return guardian is not None and side == "A" and guardian.a_move is Move.RUN3


def _options(m: Movement, guardian: GuardianCard | None, side: str) -> list[_Option]:
    if m.zone is Zone.WATER:
        what = "Boarding" if m.move is Move.BOARDING else "Run on shore/pier"
        return [_Option(WATER_MP, (f"{what}: {WATER_MP} MP per hex/place",), False)]
    options: list[_Option] = []
    if m.move in BASE_MP:
        options.append(_Option(BASE_MP[m.move], (f"{m.move.value}: {BASE_MP[m.move]} MP",), False))
    if m.move.value == m.characteristic.value:
        options.append(_Option(CHARACTERISTIC_MP, (f"{m.move.value} characteristic: "
                                                   f"{CHARACTERISTIC_MP} MP",), True))
    if m.characteristic is Characteristic.ALL_ROUNDER and m.move in ALL_ROUNDER_MOVES:
        options.append(_Option(ALL_ROUNDER_MP, (f"All-rounder {m.move.value}: "
                                                f"{ALL_ROUNDER_MP} MP",), True))
    guardian_option = _guardian_option(m, guardian, side)
    if guardian_option is not None:
        options.append(guardian_option)
    if m.enhanced:
        options = [_Option(o.mp + ENHANCEMENT_MP, (*o.reasons, f"enhanced +{ENHANCEMENT_MP}"),
                           o.with_characteristic) for o in options]
    return options


def _guardian_option(m: Movement, guardian: GuardianCard | None, side: str) -> _Option | None:
    if guardian is None or side != "A" or guardian.a_move is not m.move:
        return None
    if guardian.a_swap_numbers and m.swap_number not in guardian.a_swap_numbers:
        return None
    return _Option(guardian.a_mp, (f"{guardian.name} (side A): {guardian.a_mp} MP",), False)


def _event_delta(m: Movement, o: _Option, event: EventCard) -> int:
    effect = event.effect
    if effect == "type_delta" and m.islander_type in event.types:
        return event.delta_mp
    if effect == "boat_entry_delta" and m.enters_boat:
        return event.delta_mp
    if effect == "characteristic_delta" and o.with_characteristic == event.with_characteristic:
        return event.delta_mp
    if effect == "move_delta" and m.move in event.moves:
        return event.delta_mp
    return 0


def _with_event(o: _Option, m: Movement, event: EventCard | None) -> _Option:
    delta = 0 if event is None else _event_delta(m, o, event)
    reasons = o.reasons
    if delta and event is not None:
        reasons = (*reasons, f"{event.name} ({event.card_id}) {delta:+d}")
    mp = o.mp + delta
    if mp < MIN_PAID_MP:
        return _Option(MIN_PAID_MP, (*reasons, f"minimum {MIN_PAID_MP} MP"),
                       o.with_characteristic)
    return _Option(mp, reasons, o.with_characteristic)


def mp_budget(
    event: EventCard | None = None, nation_mp: int | None = None, track_max_mp: int = 10
) -> int:
    """MP for one turn: 7, or the event's amount; in solo the nation's MP shifted by the
    event's difference from 7 and kept on the track (B-F28)."""
    event_mp = event.mp if event is not None and event.effect == "mp_budget" else None
    if nation_mp is None:
        return MP_PER_TURN if event_mp is None else event_mp
    if event_mp is None:
        return nation_mp
    return min(max(nation_mp + event_mp - MP_PER_TURN, 1), track_max_mp)
