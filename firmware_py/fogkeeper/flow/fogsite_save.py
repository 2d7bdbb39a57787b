"""A FOGSITE flow's snapshot for power-loss safety, and its way back.

The snapshot is the box's own save (the session file), so it holds the maze; what comes back
is always locked: a screen that showed the maze after the PIN resumes on its gate instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fogkeeper.flow.fogsite_core import SETUP_STAGES, S, SetupDraft, Stage
from fogkeeper.flow.fogsite_relic import RelicPlan
from fogkeeper.flow.hourglass import Hourglass
from fogkeeper.flow.snapshot import SnapshotError
from fogkeeper.rules.fogsite import Colour, Direction, GuardianMove, from_json, to_json

if TYPE_CHECKING:
    from fogkeeper.flow.fogsite import FogsiteFlow

VERSION = 1
# where a screen that needs a PIN or shows the maze comes back after a restart
RESUME_ON = {S.GUARDIAN_PIN: S.GUARDIAN_GATE, S.GUARDIAN_MOVES: S.GUARDIAN_GATE}
BACK_TO_STAGES = {S.PEEK, S.PEEK_PIN}


def snapshot_flow(flow: FogsiteFlow) -> dict[str, Any]:
    glass = flow.glass
    version, internal, gauss = flow.rng.getstate()
    return {
        "version": VERSION, "stage": flow.state.value, "cursor": flow.cursor,
        "draft": flow.draft.to_json(),
        "game": None if flow.game is None else to_json(flow.game),
        "rng": [version, list(internal), gauss], "acting": flow.acting.value,
        "answer": [list(flow.answer[0]), list(flow.answer[1])],
        "report": [list(flow.report[0]), list(flow.report[1])],
        "path": [d.name for d in flow.path],
        "plan": [[m.direction.name, m.spaces] for m in flow.plan],
        "relic_plan": None if flow.relic_choice is None else flow.relic_choice.to_json(),
        "gift": flow.gift, "refusal": flow.refusal,
        "routes": {who: [list(c) for c in cells] for who, cells in flow.routes.items()},
        "glass": None if glass is None else glass.snapshot(flow.clock()),
        "page": flow.page, "back_to": flow.back_to.value, "back_cursor": flow.back_cursor,
        "record_saved": flow.record_saved,
    }


def restore_flow(flow: FogsiteFlow, saved: dict[str, Any]) -> None:
    """Put a snapshot back; SnapshotError when it is not one this firmware wrote."""
    try:
        _restore(flow, saved)
    except (KeyError, TypeError, ValueError) as error:
        raise SnapshotError(f"the saved FOGSITE game cannot be read ({error})") from None


def _restore(flow: FogsiteFlow, saved: dict[str, Any]) -> None:
    if saved["version"] != VERSION:
        raise SnapshotError(f"FOGSITE save version {saved['version']!r}, this reads {VERSION}")
    flow.draft = SetupDraft.from_json(saved["draft"])
    flow.game = None if saved["game"] is None else from_json(saved["game"])
    version, internal, gauss = saved["rng"]
    flow.rng.setstate((version, tuple(internal), gauss))
    flow.acting = Colour(saved["acting"])
    flow.answer = (tuple(saved["answer"][0]), tuple(saved["answer"][1]))
    flow.report = (tuple(saved["report"][0]), tuple(saved["report"][1]))
    flow.path = [Direction[name] for name in saved["path"]]
    flow.plan = [GuardianMove(Direction[name], int(spaces)) for name, spaces in saved["plan"]]
    relic = saved["relic_plan"]
    flow.relic_choice = None if relic is None else RelicPlan.from_json(relic)
    flow.gift, flow.refusal = int(saved["gift"]), str(saved["refusal"])
    flow.routes = {str(who): [(int(c[0]), int(c[1])) for c in cells]
                   for who, cells in saved["routes"].items()}
    flow.glass = _glass(flow, saved["glass"])
    flow.page, flow.record_saved = int(saved["page"]), bool(saved["record_saved"])
    flow.back_to, flow.back_cursor = Stage(saved["back_to"]), int(saved["back_cursor"])
    _resume_screen(flow, Stage(saved["stage"]), int(saved["cursor"]))


def _glass(flow: FogsiteFlow, saved: dict[str, Any] | None) -> Hourglass | None:
    """The team's clock comes back paused: the table restarts it with key3 when ready."""
    if saved is None:
        return None
    glass = Hourglass(int(saved["duration_seconds"]),
                      warn_at=flow.context.config.timer.warn_at_seconds, players=1)
    glass.restore(saved)
    return glass


def _resume_screen(flow: FogsiteFlow, stage: Stage, cursor: int) -> None:
    flow.unlocked = False
    flow.resume_box_pause()
    if stage in BACK_TO_STAGES:
        stage, cursor = flow.back_to, flow.back_cursor
    stage = RESUME_ON.get(stage, stage)
    if stage is S.LOCK:
        flow.arm_lock()
        cursor = 0
    if flow.game is None and stage not in SETUP_STAGES:
        raise SnapshotError("a FOGSITE screen of play was saved without its game")
    # a resume is not a move of play: the saved screen is put back as it was
    flow.machine.set_state(stage, model=flow)
    flow.cursor = cursor

