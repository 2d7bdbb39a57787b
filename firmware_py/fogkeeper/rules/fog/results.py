"""Player and team scores, missions, ranking with tie-breaks, solo level; score_record()."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import asdict, replace
from typing import Any, NamedTuple, TypeVar

from fogkeeper.rules.fog import legality
from fogkeeper.rules.fog.board import Board
from fogkeeper.rules.fog.cards import with_pictured
from fogkeeper.rules.fog.census import Census, count_islanders
from fogkeeper.rules.fog.errors import RecordError
from fogkeeper.rules.fog.game import FogRules
from fogkeeper.rules.fog.missions import MissionResult, Standing, missions_by_player
from fogkeeper.rules.fog.model import Need
from fogkeeper.rules.fog.record import Missions, Record
from fogkeeper.rules.fog.scoring import (
    ColourScore,
    Table,
    Tally,
    colour_score,
    solo_score,
    table_of,
    tally,
)
from fogkeeper.rules.fog.table_checks import table_problems

RESCUE_LEVELS: tuple[tuple[int, str], ...] = (
    (175, "Guardian Legend"), (150, "Guardian Hero"), (125, "Guardian Protector"),
    (80, "Guardian Novice"),
)
LOWEST_LEVEL = "Guardian Apprentice"
K = TypeVar("K", bound=Hashable)


# The results are NamedTuples, not frozen dataclasses: as immutable, and a frozen dataclass
# costs about four times as much to build (each field goes through object.__setattr__). A
# score builds a dozen of them; on a Large-board record that was 5% of the score.
class PlayerScore(NamedTuple):
    """A player's colours, aggregated score, missions, tie-break counts and rank."""

    name: str
    colours: tuple[ColourScore, ...]
    colour_score: int
    missions: tuple[MissionResult, ...]
    score: int
    lost: int
    commoners_rescued: int
    rank: int = 0


class TeamScore(NamedTuple):
    """Option 8: a team's value (sum or lowest member) with summed tie-break counts."""

    members: tuple[str, ...]
    score: int
    lost: int
    commoners_rescued: int
    rank: int = 0


class Result(NamedTuple):
    """The whole final scoring, ready for a table or JSON."""

    board: str
    mode: str
    players: tuple[PlayerScore, ...]
    teams: tuple[TeamScore, ...]
    winners: tuple[str, ...]
    level: str
    warnings: tuple[str, ...]
    notes: tuple[str, ...]
    # solo: the scenario values the level rests on that the box assumed (none: the
    # sheet's values, as entered or printed)
    level_assumed: tuple[str, ...] = ()

    @property
    def shared_victory(self) -> bool:
        """True when several players (or teams) share first place."""
        firsts = self.teams if self.teams else self.players
        return sum(1 for x in firsts if x.rank == 1) > 1

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: per colour each category and total, per player score and rank."""
        colours = {c.colour: {**dict(c.categories), "total": c.total}
                   for p in self.players for c in p.colours}
        return {
            "board": self.board, "mode": self.mode, "colours": colours,
            "players": [{"name": p.name, "colours": [c.colour for c in p.colours],
                         "colour_score": p.colour_score, "score": p.score, "rank": p.rank,
                         "lost": p.lost, "commoners_rescued": p.commoners_rescued,
                         "missions": [asdict(m) for m in p.missions]} for p in self.players],
            "teams": [t._asdict() for t in self.teams], "winners": list(self.winners),
            "shared_victory": self.shared_victory, "level": self.level,
            "level_assumed": list(self.level_assumed),
            "warnings": list(self.warnings), "notes": list(self.notes),
        }


def rescue_level(score: int) -> str:
    """Solo rescue level for a final score."""
    for floor, name in RESCUE_LEVELS:
        if score >= floor:
            return name
    return LOWEST_LEVEL


def _ranks(keys: Sequence[tuple[int, int, int]]) -> list[int]:
    """Most RP, then fewest lost, then most Commoners rescued; equal keys share a rank."""
    order = [(-s, lost, -com) for s, lost, com in keys]
    ranked = sorted(order)
    return [1 + bisect_left(ranked, mine) for mine in order]   # 1 + how many are ahead


def _mission_cards(record: Record, player: str) -> tuple[str, ...]:
    return (*record.missions.held.get(player, ()), *record.missions.open)


def _mission_problems(record: Record, rules: FogRules) -> list[str]:
    found = []
    names = [p.name for p in record.players]
    for player in record.missions.held:
        if player not in names:
            found.append(f"missions.held.{player}: not a player in this game")
    known = _mission_ids(rules)
    listed = set(record.missions.open)     # (every player scores the open cards)
    for name in names:
        listed.update(record.missions.held.get(name, ()))
    if listed <= known:
        return found
    for card_id in sorted(listed):
        if card_id not in known:
            found.append(f"missions: {card_id} is not a mission card (37-60)")
    return found


def _mission_ids(rules: FogRules) -> frozenset[str]:
    return rules.cards.mission_ids


def _players(record: Record, rules: FogRules, table: Table) -> list[PlayerScore]:
    board = rules.board
    tallies = _tallies(record, board, table)
    missions_of = missions_by_player(
        {p.name: _mission_cards(record, p.name) for p in record.players}, rules.cards, board,
        _standing(record, tallies), [b.nation for b in table.boats])
    add_up = sum if record.options.multi_colour == "sum" else min
    solo = record.is_solo
    unranked, keys = [], []
    for player in record.players:
        mine = tallies[player.name]
        if solo:
            colours: tuple[ColourScore, ...] = (solo_score(record, table, mine[0]),)
            base = colours[0].total
        elif len(mine) == 1:    # (most play one colour: nothing to add up)
            colours = (colour_score(record, table, player.colours[0], mine[0]),)
            base = colours[0].total
        else:
            of_colour = dict(zip(dict.fromkeys(player.colours), mine, strict=True))
            colours = tuple([colour_score(record, table, c, of_colour[c])
                             for c in player.colours])
            base = add_up([c.total for c in colours])
        missions = tuple(missions_of[player.name])
        score = base
        for m in missions:
            score += m.rp
        lost = commoners = 0
        for t in mine:
            lost, commoners = lost + t.lost_islanders, commoners + t.commoners_rescued
        unranked.append((player.name, colours, base, missions, score, lost, commoners))
        keys.append((score, lost, commoners))
    ranks = _ranks(keys)
    return [PlayerScore(*row, rank) for row, rank in zip(unranked, ranks, strict=True)]


def _tallies(record: Record, board: Board, table: Table) -> dict[str, list[Tally]]:
    """Per player, a tally of each of their colours' Islanders (solo: one of every
    Islander)."""
    if record.is_solo:
        everyone = tally(board, table, record.islanders)
        return {p.name: [everyone] for p in record.players}
    owned, tallies = table.owned, {}
    for p in record.players:
        colours = p.colours if len(p.colours) == 1 else dict.fromkeys(p.colours)
        tallies[p.name] = [tally(board, table, owned.get(c, ())) for c in colours]
    return tallies


def _standing(record: Record, tallies: Mapping[str, Sequence[Tally]]) -> Standing:
    """What the missions compare, from each player's tallies. Solo: every Islander is the
    first player's; another player (a record scored leniently) has none."""
    rescued: dict[str, Mapping[Need, int]] = {}
    in_boat: dict[str, Mapping[str, int]] = {}
    solo = record.is_solo
    for i, player in enumerate(record.players):
        mine = tallies[player.name] if i == 0 or not solo else []
        if len(mine) == 1:      # (most play one colour: nothing to add up)
            rescued[player.name], in_boat[player.name] = mine[0].rescued, mine[0].in_boat
        else:
            rescued[player.name] = _merged([t.rescued for t in mine])
            in_boat[player.name] = _merged([t.in_boat for t in mine])
    return Standing(rescued, in_boat)


def _merged(counts: Sequence[Mapping[K, int]]) -> Mapping[K, int]:
    """One player's counts over their colours."""
    total: dict[K, int] = {}
    for part in counts:
        for key, n in part.items():
            total[key] = total.get(key, 0) + n
    return total


def _teams(record: Record, players: Sequence[PlayerScore]) -> list[TeamScore]:
    by_name = {p.name: p for p in players}
    add_up = min if record.options.team_scoring == "lowest" else sum
    unranked, keys = [], []
    for members in record.teams:
        scores = []
        lost = commoners = 0
        for member in members:
            player = by_name.get(member)
            if player is None:
                unknown = [m for m in members if m not in by_name]
                raise RecordError(f"teams: {', '.join(unknown)} is not a player")
            scores.append(player.score)
            lost, commoners = lost + player.lost, commoners + player.commoners_rescued
        value = add_up(scores)
        unranked.append((tuple(members), value, lost, commoners))
        keys.append((value, lost, commoners))
    ranks = _ranks(keys)
    return [TeamScore(*row, rank) for row, rank in zip(unranked, ranks, strict=True)]


def _with_cards(record: Record, rules: FogRules) -> FogRules:
    """The rules with the "Rescued Islander" cards as the record's table read them."""
    if record.missions.cards:
        return replace(rules, cards=with_pictured(rules.cards, record.missions.cards))
    return rules


def _problems(record: Record, rules: FogRules, census: Census) -> list[str]:
    return (table_problems(record, rules.board, rules.cards, census)
            + legality.problems(record, rules.board, census) + _mission_problems(record, rules))


def refusals(record: Record, rules: FogRules) -> list[str]:
    """Every rule the record breaks by the box's data, each a reason a strict score gives
    (the table may accept them: ``Record.accepted_by_table``)."""
    rules = _with_cards(record, rules)
    return _problems(record, rules, count_islanders(record.islanders))


def plausibility_notes(record: Record, rules: FogRules) -> list[str]:
    """The doubts a score lists without refusing (the Notes of ``fogkeeper score``)."""
    census = count_islanders(record.islanders)
    table = table_of(record, rules.board, census)
    return legality.notes(record, rules.board, table.owned)


def score_record(record: Record, rules: FogRules, lenient: bool = False) -> Result:
    """Score a finished game. A record that breaks a rule raises RecordError with every
    reason, unless the record says the table accepted each of them (``accepted_by_table``:
    the box scored it anyway, on a board its owner never checked) or `lenient`, which
    scores it; either way the reasons come back as warnings."""
    rules = _with_cards(record, rules)
    census = count_islanders(record.islanders)     # (the checks and the score read it)
    found = _problems(record, rules, census)
    refused = [why for why in found if why not in record.accepted_by_table]
    if refused and not lenient:
        raise RecordError("record breaks the rules: " + "; ".join(refused))
    if found:   # (a record without problems lists only known mission cards)
        record = _known_missions(record, _mission_ids(rules))
    table = table_of(record, rules.board, census)
    players = _players(record, rules, table)
    teams = _teams(record, players) if record.teams else []
    if teams:
        winners = tuple(m for t in teams if t.rank == 1 for m in t.members)
    else:
        winners = tuple(p.name for p in players if p.rank == 1)
    level = rescue_level(players[0].score) if record.is_solo else ""
    return Result(record.board, record.mode, tuple(players), tuple(teams), winners, level,
                  tuple(found), tuple(legality.notes(record, rules.board, table.owned)),
                  record.solo.assumed if record.is_solo else ())


def _known_missions(record: Record, known: frozenset[str]) -> Record:
    """Lenient scoring skips mission ids that are not mission cards."""
    listed = (*record.missions.open, *(c for cs in record.missions.held.values() for c in cs))
    if all(c in known for c in listed):
        return record
    held = {p: tuple(c for c in cs if c in known) for p, cs in record.missions.held.items()}
    shown = tuple(c for c in record.missions.open if c in known)
    return replace(record, missions=Missions(held, shown, record.missions.cards))
