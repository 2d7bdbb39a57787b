"""The turns: MP spent and undone, a turn ended, the MP helper's price, the early end."""

from __future__ import annotations

from fogkeeper.errors import RulesError
from fogkeeper.flow.fog.session import (
    UNDO_DEPTH,
    CostChoice,
    CostField,
    FogFlowError,
    Session,
)
from fogkeeper.rules.fog import (
    Characteristic,
    EventCard,
    FogStep,
    GuardianCard,
    IslanderType,
    Move,
    Movement,
    Price,
    Refusal,
    Zone,
    advance_fog,
    current_turn,
    declare_nobody_left,
    end_turn,
    movement_cost,
    spend_mp,
)
from fogkeeper.rules.fog.game import PHASE_FOG_DUE, PHASE_OVER


class CostRefused(RulesError):
    """The MP helper's movement is not allowed; its reason is shown on the notice screen."""


def push_undo(s: Session) -> None:
    """Every undo step is taken on the turn screen."""
    s.undo = [*s.undo, s.state][-UNDO_DEPTH:]


def undo(s: Session) -> None:
    """Go back one step (a FOG step too, once the table has confirmed it)."""
    if not s.undo:
        raise FogFlowError("nothing left to undo")
    s.game = s.undo[-1]
    s.undo = s.undo[:-1]


def undo_crosses_fog(s: Session) -> bool:
    """The next undo would take back a FOG step: the box asks first."""
    return bool(s.undo) and len(s.undo[-1].fog_steps) < len(s.state.fog_steps)


def spend(s: Session, mp: int) -> None:
    state = spend_mp(s.state, mp)
    push_undo(s)
    s.game = state


def lose_remaining_mp(s: Session) -> None:
    """The hourglass ran out: the MP left are lost (A1.5)."""
    turn = current_turn(s.state)
    if turn.mp_left:
        s.game = spend_mp(s.state, turn.mp_left)


def finish_turn(s: Session) -> FogStep | None:
    """End the active turn; after the round's last turn the FOG advances (undo may take it
    back after a question)."""
    state = end_turn(s.state, s.rules)
    push_undo(s)
    s.game = state
    if state.phase != PHASE_FOG_DUE:
        return None
    s.game, step = advance_fog(state, s.rules)
    return step


def is_round_end(s: Session) -> bool:
    """Ending the active turn now would make the FOG due; asks the engine, changes nothing."""
    return end_turn(s.state, s.rules).phase == PHASE_FOG_DUE


def end_now(s: Session) -> None:
    """Nobody has an Islander left to move: the game ends (B-F12)."""
    s.game = declare_nobody_left(s.state)
    s.undo = []


def is_over(s: Session) -> bool:
    return s.game is not None and s.game.phase == PHASE_OVER


# ---- the MP helper ---------------------------------------------------------------------------
def cost_fields(s: Session) -> list[CostField]:
    keys = [CostField.TYPE, CostField.CHARACTERISTIC, CostField.MOVE, CostField.ZONE]
    if s.state.setup.options.enhanced_movements:
        keys.append(CostField.ENHANCED)
    keys.append(CostField.ENTERS_BOAT)
    if s.cost.move == Move.SWAP.value:
        keys.append(CostField.SWAP_NUMBER)
    if s.cost.move in (Move.RUN.value, Move.BOARDING.value):
        keys.append(CostField.FREE_RUN)
    return keys


def movement_of(cost: CostChoice) -> Movement:
    try:
        return Movement(IslanderType(cost.type), Characteristic(cost.characteristic),
                        Move(cost.move), Zone(cost.zone), enhanced=cost.enhanced == "yes",
                        enters_boat=cost.enters_boat == "yes",
                        free_run="" if cost.free_run == "no" else cost.free_run,
                        swap_number=int(cost.swap_number))
    except ValueError as exc:
        raise FogFlowError(f"cost: {exc}") from None


def price(s: Session, cost: CostChoice) -> Price | Refusal:
    """The engine's price for this movement under the round's event and the Guardian."""
    state = s.state
    turn = current_turn(state)
    card = s.rules.cards.by_id(turn.event) if turn.event else None
    event = card if isinstance(card, EventCard) else None
    guardian, side = None, "A"
    player = s.players[0].name if s.solo and s.players else s.player_of(turn.entry)
    pick = s.guardians.get(player)
    if pick is not None:
        found = s.rules.cards.by_id(pick.card_id)
        guardian = found if isinstance(found, GuardianCard) else None
        side = pick.side
    return movement_cost(movement_of(cost), event=event, guardian=guardian,
                         guardian_side=side,
                         enhanced_movements=state.setup.options.enhanced_movements)


def pay(s: Session, cost: CostChoice) -> int:
    """Spend what the movement costs; a refused movement raises CostRefused. Returns MP."""
    found = price(s, cost)
    if isinstance(found, Refusal):
        raise CostRefused(found.reason)
    spend(s, found.mp)
    return found.mp
