"""The FOG's table steps over a session: missions, draft, MP, undo, the FOG step, losses."""

from __future__ import annotations

from typing import Any

from fogkeeper.flow.fog_model import UNDO_DEPTH, FogFlowError, Session
from fogkeeper.rules.fog import (
    Characteristic,
    EventCard,
    GuardianCard,
    IslanderType,
    Loss,
    Move,
    Movement,
    Price,
    Refusal,
    Zone,
    advance_fog,
    current_turn,
    declare_nobody_left,
    end_turn,
    keep_mission,
    movement_cost,
    record_losses,
    spend_mp,
)
from fogkeeper.rules.fog.game import PHASE_FOG_DUE, PHASE_OVER

COST_FIELDS: dict[str, tuple[str, ...]] = {
    "type": tuple(t.value for t in IslanderType),
    "characteristic": tuple(c.value for c in Characteristic),
    "move": tuple(m.value for m in Move),
    "zone": tuple(z.value for z in Zone),
    "enhanced": ("no", "yes"),
    "enters_boat": ("no", "yes"),
}
COST_DEFAULT = {k: v[0] for k, v in COST_FIELDS.items()}


# ---- missions --------------------------------------------------------------------------------
def mission_turn(s: Session) -> tuple[str, str] | None:
    """(deck, player) whose secret pick is next, or None when every mission is kept."""
    if s.mission_step >= len(s.mission_queue):
        return None
    deck, player = s.mission_queue[s.mission_step]
    return deck, player


def hand(s: Session) -> list[str]:
    turn = mission_turn(s)
    if turn is None:
        raise FogFlowError("every mission card is already kept")
    return s.hands[f"{turn[0]}:{turn[1]}"]


def keep(s: Session, choice: int) -> None:
    """The player keeps card ``choice`` (0 or 1) of their hand; the other goes back."""
    cards = hand(s)
    if choice not in range(len(cards)):
        raise FogFlowError(f"choose card 1-{len(cards)}")
    turn = mission_turn(s)
    assert turn is not None
    s.kept.setdefault(turn[1], []).append(keep_mission(cards, cards[choice]))
    s.mission_step += 1


# ---- draft -----------------------------------------------------------------------------------
def draft_next(s: Session, picks: int = 1) -> bool:
    """Count picks; True once every Islander is drafted."""
    s.draft_pick = min(len(s.draft), s.draft_pick + picks)
    return s.draft_pick >= len(s.draft)


def draft_back(s: Session) -> None:
    s.draft_pick = max(0, s.draft_pick - 1)


# ---- turns and undo --------------------------------------------------------------------------
def push_undo(s: Session, screen: str) -> None:
    s.undo = [*s.undo, {"game": s.game, "screen": screen}][-UNDO_DEPTH:]


def undo(s: Session) -> str:
    """Go back one step; returns the screen it was taken on. Never past a card or FOG step."""
    if not s.undo:
        raise FogFlowError("nothing to undo since the last FOG step or card")
    last = s.undo[-1]
    s.undo = s.undo[:-1]
    s.game = last["game"]
    return str(last["screen"])


def spend(s: Session, mp: int, screen: str) -> None:
    state = spend_mp(s.state, mp)
    push_undo(s, screen)
    s.set_state(state)


def lose_remaining_mp(s: Session) -> None:
    """The hourglass ran out: the MP left are lost (A1.5)."""
    turn = current_turn(s.state)
    if turn.mp_left:
        s.set_state(spend_mp(s.state, turn.mp_left))


def finish_turn(s: Session, screen: str) -> dict[str, Any] | None:
    """End the active turn; after the round's last turn the FOG advances (an undo barrier)."""
    state = end_turn(s.state, s.rules)
    push_undo(s, screen)
    s.set_state(state)
    if state.phase != PHASE_FOG_DUE:
        return None
    state, step = advance_fog(state, s.rules)
    s.set_state(state)
    s.undo = []
    s.last_step = step.to_dict()
    s.loss_colour = 0
    s.pending_losses = []
    return s.last_step


def is_round_end(s: Session) -> bool:
    """Ending the active turn now would make the FOG due; asks the engine, changes nothing."""
    return end_turn(s.state, s.rules).phase == PHASE_FOG_DUE


def end_now(s: Session) -> None:
    """Nobody has an Islander left to move: the game ends (B-F12)."""
    s.set_state(declare_nobody_left(s.state))
    s.undo = []


def is_over(s: Session) -> bool:
    return s.game is not None and s.state.phase == PHASE_OVER


# ---- losses ----------------------------------------------------------------------------------
def loss_rows(s: Session) -> list[str]:
    return list(s.last_step["rows"]) if s.last_step else []


def loss_colour(s: Session) -> str:
    return s.colours[s.loss_colour]


def add_loss(s: Session, row: str, nation: str, kind: str, owner: str | None = None) -> None:
    if row not in loss_rows(s):
        raise FogRulesViolation(f"row {row} was not swallowed in this FOG step")
    IslanderType(kind)
    s.pending_losses.append({"row": row, "owner": owner or loss_colour(s), "nation": nation,
                             "type": kind})


class FogRulesViolation(FogFlowError):
    """A loss or entry that the FOG step does not allow."""


def losses_next(s: Session) -> bool:
    """Move to the next colour; on the last one the losses go on record. True when done."""
    s.loss_colour += 1
    if s.loss_colour < len(s.colours):
        return False
    commit_losses(s)
    return True


def commit_losses(s: Session) -> None:
    losses = [Loss(x["row"], x["owner"], x["nation"], IslanderType(x["type"]))
              for x in s.pending_losses]
    s.set_state(record_losses(s.state, s.rules, losses))
    s.pending_losses = []
    s.loss_colour = len(s.colours)


# ---- the MP helper ---------------------------------------------------------------------------
def cost_fields(s: Session) -> list[str]:
    keys = ["type", "characteristic", "move", "zone"]
    if s.state.setup.options.enhanced_movements:
        keys.append("enhanced")
    return [*keys, "enters_boat"]


def movement_of(values: dict[str, Any]) -> Movement:
    v = {**COST_DEFAULT, **values}
    try:
        return Movement(IslanderType(v["type"]), Characteristic(v["characteristic"]),
                        Move(v["move"]), Zone(v["zone"]), enhanced=v["enhanced"] == "yes",
                        enters_boat=v["enters_boat"] == "yes")
    except ValueError as exc:
        raise FogFlowError(f"cost: {exc}") from None


def price(s: Session, values: dict[str, Any]) -> Price | Refusal:
    """The engine's price for this movement under the round's event and the Guardian."""
    state = s.state
    turn = current_turn(state)
    card = s.rules.cards.by_id(turn.event) if turn.event else None
    event = card if isinstance(card, EventCard) else None
    guardian, side = None, "A"
    pick = s.guardians.get(s.player_of(turn.entry))
    if pick is not None:
        found = s.rules.cards.by_id(pick["card"])
        guardian = found if isinstance(found, GuardianCard) else None
        side = pick["side"]
    return movement_cost(movement_of(values), event=event, guardian=guardian,
                         guardian_side=side,
                         enhanced_movements=state.setup.options.enhanced_movements)

