"""What each list-like FOG screen lists: (key, label, value) rows for the views and the actions."""

from __future__ import annotations

from fogkeeper.flow import fog_play as play
from fogkeeper.flow import fog_scoring as scoring
from fogkeeper.flow.fog_begin import value_rows
from fogkeeper.flow.fog_model import FogScreen, Session, display_name, mission_text
from fogkeeper.flow.fog_setup import rows as setup_rows
from fogkeeper.flow.fog_setup import shown_value

Row = tuple[str, str, str]
F = FogScreen


def menu_rows(s: Session, screen: FogScreen) -> list[Row]:
    """The rows of a list screen or the fields of a form, in screen order."""
    builder = BUILDERS.get(screen)
    return builder(s) if builder is not None else []


def _setup(s: Session) -> list[Row]:
    return [(f"setup:{i}", r.label, "" if r.key == "start_game" else shown_value(s.setup, r))
            for i, r in enumerate(setup_rows(s.setup))]


def _values(s: Session) -> list[Row]:
    found = [(r.key, r.label, str(s.values.get(r.key, r.default))) for r in value_rows(s.setup)]
    return [*found, ("done", "Done", "")]


def _info(s: Session) -> list[Row]:
    return [(f"info:{i}", label, value) for i, (label, value) in enumerate(s.info)]


def _hand(s: Session) -> list[Row]:
    return [(f"card:{i}", mission_text(s.rules, c), "") for i, c in enumerate(play.hand(s))]


def _open(s: Session) -> list[Row]:
    return [(f"open:{i}", mission_text(s.rules, c), "") for i, c in enumerate(s.open_missions)]


def _losses(s: Session) -> list[Row]:
    colour = play.loss_colour(s)
    mine = [(i, x) for i, x in enumerate(s.pending_losses) if x["owner"] == colour]
    found = [(f"loss:{i}", f"{x['row']}: {x['nation']} {x['type']}", "") for i, x in mine]
    return [*found, ("add", "+ add lost Islander", ""), ("done", "Done", f"{len(mine)} lost")]


def _score(s: Session) -> list[Row]:
    colour = s.colours[s.score_colour]
    found = [(f"isl:{i}", scoring.islander_label(x), "")
             for i, x in enumerate(s.final.get(colour, []))]
    return [*found, ("add", "+ add Islander", ""), ("done", "Done", f"{len(found)} in")]


def _bonus(s: Session) -> list[Row]:
    colour = s.colours[s.score_colour]
    counts = s.bonuses.get(colour, {})
    found = [(f"bonus:{v}", f"Bonus tile {v}", str(counts.get(str(v), 0)))
             for v in scoring.bonus_values(s)]
    return [*found, ("done", "Done", f"+{sum(scoring.bonus_list(s, colour))}")]


def _review(s: Session) -> list[Row]:
    found = []
    for i, colour in enumerate(s.colours):
        lost = sum(1 for x in s.state.losses if x.owner == colour or s.solo)
        bonus = "" if s.solo else f" +{sum(scoring.bonus_list(s, colour))}"
        found.append((f"colour:{i}", display_name(colour),
                      f"{len(s.final.get(colour, []))} in {lost} lost{bonus}"))
    return [*found, ("score", "Score the game", "")]


def _results(s: Session) -> list[Row]:
    if s.result is None:
        return []
    found = [(f"rank:{i}", label, value)
             for i, (label, value) in enumerate(scoring.ranking_rows(s.result))]
    if s.result.get("level"):
        found.append(("level", "Level", str(s.result["level"])))
    return found


def _detail(s: Session) -> list[Row]:
    if s.result is None:
        return []
    lines = scoring.detail_lines(s.result, min(s.detail, len(s.result["players"]) - 1))
    return [(f"line:{i}", line, "") for i, line in enumerate(lines)]


def _cost(s: Session) -> list[Row]:
    return [(k, k.replace("_", " "), str(s.cost.get(k, play.COST_DEFAULT[k])))
            for k in play.cost_fields(s)]


def _pick(s: Session) -> list[Row]:
    purpose = str(s.pick.get("purpose", "loss"))
    values = s.pick.get("values", {})
    found = []
    for key, _ in scoring.pick_fields(s, purpose, values):
        value = str(values.get(key, ""))
        found.append((key, "where" if key == "at" else key,
                      scoring.place_label(value) if key == "at" else value))
    return found


def _notice(s: Session) -> list[Row]:
    return [(f"why:{i}", line, "") for i, line in enumerate(s.notice)]


BUILDERS = {
    F.NOTICE: _notice,
    F.SETUP: _setup, F.VALUES: _values, F.INFO: _info, F.HAND: _hand, F.OPEN: _open,
    F.LOSSES: _losses, F.SCORE: _score, F.BONUS: _bonus, F.REVIEW: _review,
    F.RESULTS: _results, F.DETAIL: _detail, F.COST: _cost, F.PICK: _pick,
}
