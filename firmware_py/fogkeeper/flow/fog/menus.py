"""What each list-like FOG screen lists: rows keyed by what they stand for, labels only drawn.

The flow acts on a row's key (``Entry.DONE``, ``Item(2)``, a ``SetupRow``...), never on its
words or its position; a cursor is placed on a key.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from fogkeeper.flow.fog import boats, missions, pictured, scoring, table_cards
from fogkeeper.flow.fog.begin import ValueRow, value_rows
from fogkeeper.flow.fog.board_check import board_word, left_aside
from fogkeeper.flow.fog.fog_step import loss_colour, losses_of
from fogkeeper.flow.fog.session import CostField, PickField, Session, display_name
from fogkeeper.flow.fog.setup import SetupRow, assumed_in_use, checklist
from fogkeeper.flow.fog.table import FogScreen
from fogkeeper.flow.fog.turns import cost_fields
from fogkeeper.rules.fog import AchievementCard, FogRules, RescuedIslanderCard
from fogkeeper.rules.fog.assumed import SHEET_ASSUMED, level_basis


class Entry(Enum):
    """The fixed rows under a list."""

    ADD = "add"
    DONE = "done"
    SCORE_GAME = "score"
    LOSSES = "losses"
    MISSIONS = "missions"
    LEVEL = "level"


@dataclass(frozen=True)
class Item:
    """The ``index``-th thing a list shows (a loss, an Islander, a colour, a card, a line)."""

    index: int


@dataclass(frozen=True)
class Tile:
    """A Preparation Bonus tile value."""

    value: int


@dataclass(frozen=True)
class MissionCard:
    """A "Rescued Islander" card whose picture the table enters at the review."""

    card_id: str


@dataclass(frozen=True)
class Note:
    """One line of a doubt the score lists without refusing (the CLI's Notes), to read."""

    index: int


Key = (Note | Entry | Item | Tile | SetupRow | ValueRow | CostField | PickField | boats.Slot
       | MissionCard)


@dataclass(frozen=True)
class Row:
    key: Key
    label: str
    value: str = ""


F = FogScreen
NOTE_WIDTH = 19   # a note's line on the panel's row, after its "Note: " or indent


def mission_text(rules: FogRules, card_id: str) -> str:
    """A mission card in a few words: its id, what it asks, its RP."""
    card = rules.cards.by_id(card_id)
    if isinstance(card, RescuedIslanderCard):
        wants = " + ".join(f"{n.nation if n.nation != 'any' else 'any'} {n.type.value}"
                           for n in card.islanders)
        return f"{card_id} rescue {wants} {card.rp}RP"
    if isinstance(card, AchievementCard):
        goal = {"most_in_any_boat": "most in any boat",
                "most_in_boat": f"most in {card.nation or card.water_tile} boat",
                "most_rescued": f"most {card.nation or card.water_tile} rescued"}[card.goal]
        return f"{card_id} {goal} {card.rp}RP"
    return card_id


def sheet_assumed(s: Session) -> list[str]:
    """The solo scenario's values this game uses as the box assumed them (their keys)."""
    return assumed_in_use(s.setup, s.boat_scoring) if s.solo else []


def info_rows(s: Session) -> list[tuple[str, str]]:
    """What the table lays out, as (label, value) rows."""
    state = s.state
    sheet = sheet_assumed(s)    # solo: the scenario's values the box only assumes

    def mark(key: str, value: str) -> str:
        return f"{value} assumed" if any(k.endswith(f".{key}") for k in sheet) else value

    laid = " ".join(str(v) for v in s.boat_scoring.values())
    rows = [("Board " + state.setup.board, "checked" if s.board_checked else "assumed!"),
            ("FOG start", mark("fog_start", str(state.setup.fog_start))),
            ("Boat Scoring", (f"{laid} assumed" if any(".boat_scoring." in k for k in sheet)
                              else laid) if s.boat_scoring else "dropped")]
    # (option 6 drops the Boat Scoring: each boat's own tiles below)
    if sheet:
        rows.insert(1, (SHEET_ASSUMED, ""))
    # the owner's own files the box could not use: played without them, named here
    rows[1:1] = [(f"Own {name}", "not used!") for name in left_aside(state.setup.board)]
    for nation, areas in s.individual.items():
        rows.append((f"{nation} A-D", " ".join(str(v) for v in areas.values())))
    rows += [(f"Row {r}", f"-{v}") for r, v in s.beach.items()]
    if s.solo:
        rows += [(f"MP {n}", mark(f"nation_mp.{n}", str(mp)))
                 for n, mp in state.setup.nation_mp.items()]
    else:
        rows += [("Discs/colour", str(s.discs)), ("Draft", f"{len(s.draft)} picks")]
    rows += [(f"Turn Board {i + 1}", display_name(e)) for i, e in enumerate(state.setup.entries)]
    for player, pick in s.guardians.items():
        name = s.rules.cards.by_id(pick.card_id).name.replace("Guardian of ", "")
        rows.append((f"Guardian {player}", f"{name} {pick.side}"))
    rows += [(f"Leader {i + 1}", f"{x.nation} {x.type.value} row {x.row}")
             for i, x in enumerate(s.leaders)]
    return rows


def menu_rows(s: Session, screen: FogScreen) -> list[Row]:
    """The rows of a list screen or the fields of a form, in screen order."""
    builder = BUILDERS.get(screen)
    return builder(s) if builder is not None else []


def _setup(s: Session) -> list[Row]:
    board = board_word(str(s.setup["board"]))   # the owner's files may change it: asked anew
    return [Row(r, r.label, board if r.key == "board_check" else value)
            for r, value in checklist(s.setup)]


def _values(s: Session) -> list[Row]:
    rows = value_rows(s.setup)
    now = {r.key: s.values.get(r.key, r.default) for r in rows}
    areas = {k.removeprefix("area."): v for k, v in now.items() if k.startswith("area.")}
    sheet = assumed_in_use(s.setup, areas) if s.solo else []   # a solo sheet's placeholders

    def shown(key: str) -> str:
        mark = key.startswith("area.") and any(k.endswith(f".boat_scoring.{key[5:]}")
                                               for k in sheet)
        return f"{now[key]} assumed" if mark else str(now[key])

    found = [Row(r, r.label, shown(r.key)) for r in rows]
    return [*found, Row(Entry.DONE, "Done")]


def _info(s: Session) -> list[Row]:
    return [Row(Item(i), label, value) for i, (label, value) in enumerate(info_rows(s))]


def _hand(s: Session) -> list[Row]:
    """One row a card; right reads the card under the cursor in full (scrolled, never cut)."""
    if s.reading:
        card = missions.hand(s)[s.cursor]
        return [Row(Item(i), line) for i, line in enumerate(table_cards.text_lines(s, card))]
    return [Row(Item(i), f"card {i + 1}: {c}", "> read") for i, c in enumerate(missions.hand(s))]


def _open(s: Session) -> list[Row]:
    return [Row(Item(i), mission_text(s.rules, c)) for i, c in enumerate(s.open_missions)]


def _losses(s: Session) -> list[Row]:
    mine = losses_of(s, loss_colour(s))
    found = [Row(Item(i), f"{x.row}: {x.nation} {x.type.value}") for i, x in mine]
    return [*found, Row(Entry.ADD, "+ add lost Islander"),
            Row(Entry.DONE, "Done", f"{len(mine)} lost")]


def _score(s: Session) -> list[Row]:
    colour = s.colours[s.score_colour]
    found = [Row(Item(i), scoring.islander_label(x))
             for i, x in enumerate(s.final.get(colour, []))]
    return [*found, Row(Entry.ADD, "+ add Islander"), Row(Entry.DONE, "Done", f"{len(found)} in")]


def _picture(s: Session) -> list[Row]:
    found = [Row(Item(i), label, value) for i, ((label, _), value)
             in enumerate(zip(pictured.fields(s), pictured.values(s), strict=True))]
    return [*found, Row(Entry.DONE, "Done")]


def _card(s: Session) -> list[Row]:
    rows = [Row(Item(0), "letter", s.card_letter), Row(Item(1), "number", f"{s.card_number:02d}")]
    if table_cards.steps_card(s) is not None:   # "FOG Speed 0/2": what the card shows
        rows.append(Row(Item(2), "steps", table_cards.steps_shown(s)))
    return rows


def _show(s: Session) -> list[Row]:
    return [Row(Item(i), line) for i, line in enumerate(table_cards.text_lines(s, s.shown_card))]


def _boats(s: Session) -> list[Row]:
    nation = boats.boat(s)
    return [Row(slot, slot.label(), boats.value(s, nation, slot))
            for slot in boats.column(s, nation)]


def _bonus(s: Session) -> list[Row]:
    colour = s.colours[s.score_colour]
    counts = s.bonuses.get(colour, {})
    found = [Row(Tile(v), f"Bonus tile {v}", str(counts.get(str(v), 0)))
             for v in scoring.bonus_values(s)]
    return [*found, Row(Entry.DONE, "Done", f"+{sum(scoring.bonus_list(s, colour))}")]


def _review(s: Session) -> list[Row]:
    found = []
    for i, colour in enumerate(s.colours):
        lost = sum(1 for x in s.state.losses if x.owner == colour or s.solo)
        bonus = "" if s.solo else f" +{sum(scoring.bonus_list(s, colour))}"
        found.append(Row(Item(i), display_name(colour),
                         f"{len(s.final.get(colour, []))} in {lost} lost{bonus}"))
    found.append(Row(Entry.LOSSES, "Lost Islanders", str(len(s.state.losses))))
    for card in pictured.unknown(s):
        given = s.pictured.get(card)
        found.append(Row(MissionCard(card), f"Card {card}",
                         f"{given.rp} RP" if given else "enter"))
    if table_cards.kept_at_review(s):
        kept = sum(len(cs) for cs in s.kept.values())
        found.append(Row(Entry.MISSIONS, "Kept missions", f"{kept} in"))
    found.append(Row(Entry.SCORE_GAME, "Score the game"))
    # the same doubts ``fogkeeper score`` prints under Notes, under the row the cursor
    # rests on, so the table reads them before it scores; each wrapped to the panel
    for note in scoring.review_notes(s):
        for i, line in enumerate(textwrap.wrap(note, NOTE_WIDTH)):
            found.append(Row(Note(len(found)), ("Note: " if i == 0 else "  ") + line))
    return found


def _results(s: Session) -> list[Row]:
    if s.result is None:
        return []
    found = [Row(Item(i), label, value)
             for i, (label, value) in enumerate(scoring.ranking_rows(s.result))]
    if s.result.get("level"):
        found.append(Row(Entry.LEVEL, str(s.result["level"])))  # "Guardian Novice"...
        # the scenario values it rests on: the assumed ones named, to read under it
        keys = s.result.get("level_assumed", [])
        basis = level_basis([str(k) for k in keys] if isinstance(keys, list) else [])
        found += [Row(Note(len(found)), line) for line in textwrap.wrap(basis, NOTE_WIDTH + 6)]
    return found


def _detail(s: Session) -> list[Row]:
    if s.result is None:
        return []
    players = len(scoring.ranking_rows(s.result))   # one row a player
    lines = scoring.detail_lines(s.result, min(s.detail, players - 1))
    return [Row(Item(i), line) for i, line in enumerate(lines)]


def _cost(s: Session) -> list[Row]:
    return [Row(k, k.value.replace("_", " "), s.cost.get(k)) for k in cost_fields(s)]


def _pick(s: Session) -> list[Row]:
    if s.pick is None:
        return []
    values = s.pick.values
    found = []
    for key, _ in scoring.pick_fields(s, s.pick.purpose, values):
        value = values.get(key, "")
        at = key is PickField.AT
        found.append(Row(key, "where" if at else key.value,
                         scoring.place_label(value) if at else value))
    return found


def _history(s: Session) -> list[Row]:
    return [Row(Item(i), line) for i, line in enumerate(s.history)]


def _notice(s: Session) -> list[Row]:
    return [Row(Item(i), line) for i, line in enumerate(s.notice)]


BUILDERS: dict[FogScreen, Callable[[Session], list[Row]]] = {
    F.NOTICE: _notice, F.HISTORY: _history,
    F.SETUP: _setup, F.VALUES: _values, F.INFO: _info, F.HAND: _hand, F.OPEN: _open,
    F.LOSSES: _losses, F.SCORE: _score, F.BOATS: _boats, F.CARD: _card, F.SHOW: _show,
    F.PICTURE: _picture,
    F.BONUS: _bonus, F.REVIEW: _review,
    F.RESULTS: _results, F.DETAIL: _detail, F.COST: _cost, F.PICK: _pick,
}
