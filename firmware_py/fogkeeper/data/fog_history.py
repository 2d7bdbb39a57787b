"""Past games of The FOG from the records the box wrote (`<data>/records/fog-*.json`): date,
board, players, scores, winner; for solo games the best score and level per scenario."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from fogkeeper.data import MAX_RECORD_BYTES, read_json
from fogkeeper.data.fog import load_rules
from fogkeeper.errors import FogkeeperError
from fogkeeper.rules.fog import FogRules, record_from_dict, score_record

PATTERN = "fog-*.json"


@dataclass(frozen=True)
class PastGame:
    """One finished game as the history lists it (``problem`` when it could not be scored)."""

    date: str                      # "2026-12-01 20:15", from the record's file name
    board: str = ""
    mode: str = ""
    scenario: str = ""
    scores: tuple[tuple[str, int], ...] = ()
    winners: tuple[str, ...] = ()
    level: str = ""
    problem: str = ""


@dataclass(frozen=True)
class SoloBest:
    """The best solo score of a scenario, and its rescue level."""

    scenario: str
    board: str
    score: int
    level: str
    games: int


def _date(path: Path) -> str:
    stamp = path.stem.removeprefix("fog-")            # YYYYmmdd-HHMMSS
    if len(stamp) >= 13 and stamp[:8].isdigit():
        return f"{stamp[:4]}-{stamp[4:6]}-{stamp[6:8]} {stamp[9:11]}:{stamp[11:13]}"
    return stamp


def read_game(path: Path, rules: dict[str, FogRules] | None = None) -> PastGame:
    """One record file, scored again (leniently: a record the table accepted stays listed).
    ``rules``: the boards already read, by name (a history reads each board once)."""
    date = _date(path)
    known = {} if rules is None else rules
    try:
        record = record_from_dict(read_json(path, MAX_RECORD_BYTES))
        if record.board not in known:
            known[record.board] = load_rules(record.board)
        result = score_record(record, known[record.board], lenient=True)
    except (OSError, ValueError, FogkeeperError) as exc:
        return PastGame(date, problem=f"{path.name}: {exc}")
    return PastGame(date, record.board, record.mode, record.solo.scenario,
                    tuple((p.name, p.score) for p in result.players), result.winners,
                    result.level)


def past_games(folder: Path) -> list[PastGame]:
    """Every FOG record in ``<folder>/records``, oldest first; each board's data (seven
    TOML files and the owner's corrections) is read once for the whole history."""
    rules: dict[str, FogRules] = {}
    return [read_game(p, rules) for p in sorted((folder / "records").glob(PATTERN))]


def solo_bests(games: Iterable[PastGame]) -> list[SoloBest]:
    """Per solo scenario: the best score, its level and how many games were played."""
    best: dict[str, SoloBest] = {}
    for game in games:
        if game.mode != "solo" or not game.scores:
            continue
        name = game.scenario or "(no scenario)"
        score = game.scores[0][1]
        seen = best.get(name)
        games_played = seen.games + 1 if seen else 1
        if seen is None or score > seen.score:
            best[name] = SoloBest(name, game.board, score, game.level, games_played)
        else:
            best[name] = SoloBest(name, seen.board, seen.score, seen.level, games_played)
    return sorted(best.values(), key=lambda b: b.scenario)


def history_lines(games: list[PastGame], width: int = 21) -> list[str]:
    """The box's history screen: a game a line or two (newest first), then the solo bests,
    wrapped to the screen's width (read by scrolling, never cut)."""
    if not games:
        return ["No game recorded yet."]
    lines = []
    for g in reversed(games):
        if g.problem:
            lines.append(f"{g.date[5:10]} not scored")
            continue
        top = "solo" if g.mode == "solo" else "+".join(g.winners)
        best = max(score for _, score in g.scores)
        lines.append(f"{g.date[5:10]} {g.board} {top} {best}")
    for b in solo_bests(games):
        lines.append(f"best {b.scenario}: {b.score} ({b.level})")
    return [part for line in lines for part in textwrap.wrap(line, width)]
