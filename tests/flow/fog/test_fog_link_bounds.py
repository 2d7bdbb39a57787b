"""The largest FOG game over the link: six players on the Large board and sixty Islanders lost;
every reply fits a line, and the state pages the losses."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from support.box import BoxHarness

TYPES = ("sailor", "warrior", "commoner", "leader")


def ok(reply: dict[str, Any]) -> dict[str, Any]:
    assert reply["ok"], reply
    return reply


def test_sixty_losses_on_a_six_player_large_board_fit_and_page(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path, security={"pin": "4711"})
    ask = h.request
    ok(ask("game.start", game="fog"))
    ok(ask("fog.setup", board="L", players=6, seed=5, pin="4711"))
    game = h.box.app.game
    assert game is not None
    colours = game.s.colours  # type: ignore[attr-defined]
    losses: list[dict[str, Any]] = []
    for _ in range(600):
        screen = ok(ask("fog.state"))["screen"]
        if screen == "draft":
            ok(ask("fog.draft.pick"))
        elif screen == "turn":
            ok(ask("fog.end_turn"))
        elif screen in ("show", "info", "open"):
            ok(ask("fog.continue"))
        elif screen == "fog":
            step = game.s.last_step  # type: ignore[attr-defined]
            rows = step.to_dict().get("rows", []) if step is not None else []
            new = [{"owner": c, "row": row, "nation": "blue", "type": TYPES[i % 4]}
                   for row in rows for i, c in enumerate(colours)][:60 - len(losses)]
            ok(ask("fog.losses", losses=new) if rows else ask("fog.continue"))
            losses += new
        else:
            break
    assert len(losses) == 60, "the FOG took too few rows to lose sixty Islanders"
    assert ok(ask("fog.lost", losses=losses))["losses"] == 60
    latest = ok(ask("fog.state"))
    assert latest["losses_total"] == 60 and latest["losses"][-1]["row"] == losses[-1]["row"]
    assert ok(ask("state"))["game"]["losses_total"] == 60
    paged: list[dict[str, Any]] = []
    while len(paged) < 60:
        page = ok(ask("fog.state", losses_from=len(paged)))
        assert page["losses_from"] == len(paged) and page["losses"]
        paged += page["losses"]
    assert [(x["owner"], x["row"], x["type"]) for x in paged] == [
        (x["owner"], x["row"], x["type"]) for x in losses]
