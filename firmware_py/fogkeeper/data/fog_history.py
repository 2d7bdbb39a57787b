"""Past games of The FOG from the records the box wrote (`<data>/records/fog-*.json`): date,
board, players, scores, winner; for solo games the best score and level per scenario.

Each record is scored once: its summary is kept in the past games' index (``fog_history_index``)
when the game's record is written (``note_record``) or when a list finds the index missing,
damaged or stale, and a list after that reads the index, a page at a time (``open_history``)."""

from __future__ import annotations

import json
import logging
import textwrap
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from fogkeeper.data import MAX_RECORD_BYTES, read_json
from fogkeeper.data import fog_history_index as index
from fogkeeper.data.fog import load_rules, rules_fingerprint
from fogkeeper.errors import FogkeeperError
from fogkeeper.rules.fog import FogRules, record_from_dict, score_record

log = logging.getLogger(__name__)


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


def _date(name: str) -> str:
    """A record's date, from its file name (``fog-YYYYmmdd-HHMMSS.json``)."""
    stamp = name.removesuffix(".json").removeprefix("fog-")
    if len(stamp) >= 13 and stamp[:8].isdigit():
        return f"{stamp[:4]}-{stamp[4:6]}-{stamp[6:8]} {stamp[9:11]}:{stamp[11:13]}"
    return stamp


def read_game(path: Path, rules: dict[str, FogRules] | None = None) -> PastGame:
    """One record file, scored again (leniently: a record the table accepted stays listed).
    ``rules``: the boards already read, by name (a history reads each board once)."""
    date = _date(path.name)
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


# ---- a game's summary as the index keeps it ------------------------------------------------
def _summary(game: PastGame) -> dict[str, Any]:
    """What the index keeps of a game (its date is its record's name)."""
    kept = asdict(game)
    del kept["date"]
    return kept


def _from_summary(date: str, kept: Mapping[str, Any]) -> PastGame | None:
    """The game an index line summarises, or None when the line does not hold one (read
    for every solo game when a list opens: plain loops, no generator per field)."""
    board, mode, scenario = kept.get("board"), kept.get("mode"), kept.get("scenario")
    level, problem = kept.get("level"), kept.get("problem")
    scores, winners = kept.get("scores"), kept.get("winners")
    if not (type(board) is str and type(mode) is str and type(scenario) is str
            and type(level) is str and type(problem) is str
            and type(scores) is list and type(winners) is list):
        return None
    pairs = []
    for pair in scores:
        if type(pair) is not list or len(pair) != 2 or type(pair[0]) is not str \
                or type(pair[1]) is not int:
            return None
        pairs.append((pair[0], pair[1]))
    for winner in winners:
        if type(winner) is not str:
            return None
    return PastGame(date, board, mode, scenario, tuple(pairs), tuple(winners), level, problem)


SoloPart = tuple[str, str, int, str]    # a solo game's scenario, board, score and level


def _solo_part(game: PastGame) -> SoloPart | None:
    """What the solo bests read of a game (None: not a solo game with a score)."""
    if game.mode != "solo" or not game.scores:
        return None
    return game.scenario, game.board, game.scores[0][1], game.level


def _read_solo_part(text: str) -> SoloPart | None:
    try:
        part = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if type(part) is not list or len(part) != 4 or type(part[0]) is not str \
            or type(part[1]) is not str or type(part[2]) is not int or type(part[3]) is not str:
        return None
    return part[0], part[1], part[2], part[3]


def _line(name: str, key: index.Key, game: PastGame) -> str:
    part = _solo_part(game)
    return index.line(name, key, None if part is None else list(part), _summary(game))


# ---- the history: counted whole, read a page at a time -------------------------------------
class History:
    """The past games of a data folder, oldest first, as its index lists them: how many,
    the solo bests, and any game, read from its line when it is shown."""

    def __init__(self, folder: Path, rules: str, names: list[str], lines: list[str],
                 games: dict[int, PastGame]) -> None:
        self.folder = folder
        self._rules = rules
        self._names = names
        self._lines = lines
        self._games = games
        self.total = len(names)
        self.bests: list[SoloBest] = []

    def game(self, at: int) -> PastGame:
        """The ``at``-th game, oldest first: from its index line, or scored again (and the
        index mended) when the line is damaged past its freshness key."""
        found = self._games.get(at)
        if found is None:
            kept = index.summary(self._lines[at])
            found = None if kept is None else _from_summary(_date(self._names[at]), kept)
            if found is None:
                found = self._mend(at)
            self._games[at] = found
        return found

    def newest(self, start: int, count: int) -> list[PastGame]:
        """``count`` games from the ``start``-th newest on (0: the newest), newest first."""
        last = self.total - 1 - start
        return [self.game(at) for at in range(last, max(-1, last - count), -1)]

    def games(self) -> list[PastGame]:
        """Every game, oldest first (``fogkeeper history`` prints them all)."""
        return [self.game(at) for at in range(self.total)]

    def solo_part(self, at: int, text: str, known: dict[str, SoloPart]) -> SoloPart | None:
        """A solo game's part for the bests, from its line's solo words (its whole line, or
        its record, when those are damaged). ``known``: the words already read (a box's
        solo games repeat a few scenarios, scores and levels: each is decoded once)."""
        part = known.get(text)
        if part is None:
            part = _read_solo_part(text)
            if part is None:
                return _solo_part(self.game(at))
            known[text] = part
        return part

    def _mend(self, at: int) -> PastGame:
        name = self._names[at]
        path = self.folder / "records" / name
        game = read_game(path)
        log.info("past games: the index line of %s is damaged; it is scored again and the "
                 "index rewritten", name)
        self._games[at] = game
        try:
            kept = path.stat()
        except OSError:
            return game   # gone since the list opened: the next list leaves it out
        self._lines[at] = _line(name, (kept.st_size, kept.st_mtime_ns, kept.st_ctime_ns), game)
        index.write(self.folder, self._rules, self._lines)
        return game


def open_history(folder: Path) -> History:
    """The past games in ``<folder>/records``, checked against the index (one stat a record,
    no record read) and, when the index is missing, damaged or stale, with it rebuilt first:
    the lines still fresh are kept, every other record is scored once, boards and decks read
    once for all of them, and the index written anew (temp file, then rename)."""
    rules = rules_fingerprint()
    fresh = index.read_fresh(folder, rules)
    if isinstance(fresh, str):
        return _rebuilt(folder, rules, fresh)
    history = History(folder, rules, fresh.names, fresh.lines, {})
    known: dict[str, SoloPart] = {}
    history.bests = _bests(part for at, text in fresh.solo
                           if (part := history.solo_part(at, text, known)) is not None)
    return history


def _rebuilt(folder: Path, rules: str, why: str) -> History:
    listed = index.listing(folder / "records")
    kept = index.read_entries(folder, rules)
    boards: dict[str, FogRules] = {}
    games: dict[int, PastGame] = {}
    lines = []
    scored = 0
    for at, record in enumerate(listed):
        entry = kept.get(record.name)
        game = None
        if entry is not None and entry.key == record.key:
            game = _from_summary(_date(record.name), entry.game)
        if game is None:
            game = read_game(folder / "records" / record.name, boards)
            scored += 1
        games[at] = game
        # a record that cannot be read is never taken as fresh: it has no line
        lines.append("" if record.key is None else _line(record.name, record.key, game))
    if listed or index.index_path(folder).exists():
        written = index.write(folder, rules, (text for text in lines if text))
        log.info("past games: index %s %s; %s (%d records, %d scored again)",
                 index.index_path(folder), why, "rebuilt" if written else "not written",
                 len(listed), scored)
    history = History(folder, rules, [record.name for record in listed], lines, games)
    history.bests = solo_bests(history.games())
    return history


def warm(folder: Path) -> None:
    """Bring the index up to date with the records folder (nothing to do when it is): a
    box that starts with many records and a missing or stale index rebuilds it here, off
    the loop, instead of when a player first opens Past games (3 s for 10,000 records
    here, about 25 s on a Pi Zero 2 W). Never raises: the list rebuilds it again if needed."""
    try:
        if (folder / "records").is_dir():
            open_history(folder)
    except Exception as exc:  # a damaged folder is the list's to report, not the start's
        log.warning("past games: the index could not be brought up to date at start (%s: %s)",
                    type(exc).__name__, exc)


def past_games(folder: Path) -> list[PastGame]:
    """Every FOG record in ``<folder>/records``, oldest first, each scored once (the index
    keeps the summaries: see ``open_history``)."""
    return open_history(folder).games()


def note_record(path: Path) -> bool:
    """A record the box has just written, summarised at once onto the end of its folder's
    index, so the next list does not score it (a record that is not there, or an index that
    is not whole, is left to the next list's rebuild). True when the index holds it."""
    folder = path.parent.parent
    try:
        kept = path.stat()
    except OSError:
        return False
    if not index.index_path(folder).exists():
        return False
    game = read_game(path)
    key = (kept.st_size, kept.st_mtime_ns, kept.st_ctime_ns)
    return index.append(folder, rules_fingerprint(), _line(path.name, key, game))


# ---- what the lists show -------------------------------------------------------------------
def solo_bests(games: Iterable[PastGame]) -> list[SoloBest]:
    """Per solo scenario: the best score, its level and how many games were played."""
    return _bests(part for game in games if (part := _solo_part(game)) is not None)


def _bests(parts: Iterable[SoloPart]) -> list[SoloBest]:
    best: dict[str, SoloBest] = {}
    for scenario, board, score, level in parts:
        name = scenario or "(no scenario)"
        seen = best.get(name)
        games_played = seen.games + 1 if seen else 1
        if seen is None or score > seen.score:
            best[name] = SoloBest(name, board, score, level, games_played)
        else:
            best[name] = SoloBest(name, seen.board, seen.score, seen.level, games_played)
    return sorted(best.values(), key=lambda b: b.scenario)


def game_line(game: PastGame) -> str:
    """One game as the box's history screen words it (before wrapping)."""
    if game.problem:
        return f"{game.date[5:10]} not scored"
    top = "solo" if game.mode == "solo" else "+".join(game.winners)
    best = max(score for _, score in game.scores)
    return f"{game.date[5:10]} {game.board} {top} {best}"


def best_line(best: SoloBest) -> str:
    return f"best {best.scenario}: {best.score} ({best.level})"


def history_lines(games: list[PastGame], width: int = 21) -> list[str]:
    """The box's history screen: a game a line or two (newest first), then the solo bests,
    wrapped to the screen's width (read by scrolling, never cut)."""
    if not games:
        return ["No game recorded yet."]
    lines = [game_line(g) for g in reversed(games)]
    lines += [best_line(b) for b in solo_bests(games)]
    return wrapped(lines, width)


def wrapped(lines: Iterable[str], width: int = 21) -> list[str]:
    return [part for line in lines for part in textwrap.wrap(line, width)]
