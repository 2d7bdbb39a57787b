"""Player and team scores, missions, ranking with tie-breaks, solo level; score_record()."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from fogkeeper.rules.fog import legality
from fogkeeper.rules.fog.cards import with_pictured
from fogkeeper.rules.fog.errors import RecordError
from fogkeeper.rules.fog.game import FogRules
from fogkeeper.rules.fog.missions import MissionResult, missions_by_player, standing_of
from fogkeeper.rules.fog.model import FinalIslander, IslanderType
from fogkeeper.rules.fog.record import Missions, Record
from fogkeeper.rules.fog.scoring import ColourScore, colour_score, solo_score, table_of
from fogkeeper.rules.fog.table_checks import table_problems

RESCUE_LEVELS: tuple[tuple[int, str], ...] = (
    (175, "Guardian Legend"), (150, "Guardian Hero"), (125, "Guardian Protector"),
    (80, "Guardian Novice"),
)
LOWEST_LEVEL = "Guardian Apprentice"


@dataclass(frozen=True)
class PlayerScore:
    """A player's colours, aggregated score, missions, tie-break counts and rank."""

    name: str
    colours: tuple[ColourScore, ...]
    colour_score: int
    missions: tuple[MissionResult, ...]
    score: int
    lost: int
    commoners_rescued: int
    rank: int = 0


@dataclass(frozen=True)
class TeamScore:
    """Option 8: a team's value (sum or lowest member) with summed tie-break counts."""

    members: tuple[str, ...]
    score: int
    lost: int
    commoners_rescued: int
    rank: int = 0


@dataclass(frozen=True)
class Result:
    """The whole final scoring, ready for a table or JSON."""

    board: str
    mode: str
    players: tuple[PlayerScore, ...]
    teams: tuple[TeamScore, ...]
    winners: tuple[str, ...]
    level: str
    warnings: tuple[str, ...]
    notes: tuple[str, ...]

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
            "teams": [asdict(t) for t in self.teams], "winners": list(self.winners),
            "shared_victory": self.shared_victory, "level": self.level,
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
    return [1 + sum(1 for other in order if other < mine) for mine in order]


def _tie_counts(islanders: Sequence[FinalIslander]) -> tuple[int, int]:
    lost = sum(1 for x in islanders if x.at.lost)
    commoner = IslanderType.COMMONER    # (an Enum member: read once, not per Islander)
    commoners = sum(1 for x in islanders if x.type is commoner and x.at.rescued
                    and not x.covered)
    return lost, commoners


def _mission_cards(record: Record, player: str) -> tuple[str, ...]:
    return (*record.missions.held.get(player, ()), *record.missions.open)


def _mission_problems(record: Record, rules: FogRules) -> list[str]:
    found = []
    for player in record.missions.held:
        if player not in {p.name for p in record.players}:
            found.append(f"missions.held.{player}: not a player in this game")
    known = _mission_ids(rules)
    for card_id in sorted({c for p in record.players for c in _mission_cards(record, p.name)}):
        if card_id not in known:
            found.append(f"missions: {card_id} is not a mission card (37-60)")
    return found


def _mission_ids(rules: FogRules) -> frozenset[str]:
    return rules.cards.mission_ids


def _players(record: Record, rules: FogRules) -> list[PlayerScore]:
    board = rules.board
    table = table_of(record, board)
    solo = record.is_solo
    # each player's scoring Islanders, for the missions (solo: every one is the player's)
    if solo:
        by_player: dict[str, list[FinalIslander]] = {p.name: [] for p in record.players}
        by_player[record.players[0].name] = list(table.scored)
    else:
        by_player = {p.name: [x for c in dict.fromkeys(p.colours)
                              for x in table.scored_by_owner.get(c, ())]
                     for p in record.players}
    missions_of = missions_by_player(
        {p.name: _mission_cards(record, p.name) for p in record.players}, rules.cards, board,
        standing_of(by_player), [b.nation for b in table.boats])
    unranked = []
    for player in record.players:
        if solo:
            colours: tuple[ColourScore, ...] = (solo_score(record, board, table),)
            mine = list(record.islanders)
        else:
            colours = tuple(colour_score(record, board, table, c) for c in player.colours)
            mine = [x for c in dict.fromkeys(player.colours) for x in table.owned.get(c, ())]
        totals = [c.total for c in colours]
        base = sum(totals) if record.options.multi_colour == "sum" else min(totals)
        missions = tuple(missions_of[player.name])
        score = base + sum(m.rp for m in missions)
        unranked.append((player.name, colours, base, missions, score, *_tie_counts(mine)))
    ranks = _ranks([(score, lost, commoners) for *_, score, lost, commoners in unranked])
    return [PlayerScore(*row, rank=rank) for row, rank in zip(unranked, ranks, strict=True)]


def _teams(record: Record, players: Sequence[PlayerScore]) -> list[TeamScore]:
    by_name = {p.name: p for p in players}
    unranked = []
    for members in record.teams:
        unknown = [m for m in members if m not in by_name]
        if unknown:
            raise RecordError(f"teams: {', '.join(unknown)} is not a player")
        scores = [by_name[m].score for m in members]
        value = min(scores) if record.options.team_scoring == "lowest" else sum(scores)
        unranked.append((tuple(members), value, sum(by_name[m].lost for m in members),
                         sum(by_name[m].commoners_rescued for m in members)))
    ranks = _ranks([(value, lost, commoners) for _, value, lost, commoners in unranked])
    return [TeamScore(*row, rank=rank) for row, rank in zip(unranked, ranks, strict=True)]


def score_record(record: Record, rules: FogRules, lenient: bool = False) -> Result:
    """Score a finished game. A record that breaks a rule raises RecordError with every
    reason, unless `lenient`, which scores it and returns the reasons as warnings."""
    if record.missions.cards:
        rules = replace(rules, cards=with_pictured(rules.cards, record.missions.cards))
    found = (table_problems(record, rules.board, rules.cards)
             + legality.problems(record, rules.board) + _mission_problems(record, rules))
    if found and not lenient:
        raise RecordError("record breaks the rules: " + "; ".join(found))
    record = _known_missions(record, _mission_ids(rules))
    players = _players(record, rules)
    teams = _teams(record, players) if record.teams else []
    if teams:
        winners = tuple(m for t in teams if t.rank == 1 for m in t.members)
    else:
        winners = tuple(p.name for p in players if p.rank == 1)
    level = rescue_level(players[0].score) if record.is_solo else ""
    return Result(record.board, record.mode, tuple(players), tuple(teams), winners, level,
                  tuple(found), tuple(legality.notes(record, rules.board)))


def _known_missions(record: Record, known: frozenset[str]) -> Record:
    """Lenient scoring skips mission ids that are not mission cards."""
    listed = (*record.missions.open, *(c for cs in record.missions.held.values() for c in cs))
    if all(c in known for c in listed):
        return record
    held = {p: tuple(c for c in cs if c in known) for p, cs in record.missions.held.items()}
    shown = tuple(c for c in record.missions.open if c in known)
    return replace(record, missions=Missions(held, shown, record.missions.cards))
