"""Benchmark: the box's "Past games" and `fog.history` over 10,000 FOG records, on the real
path: a whole box (BoxHarness: mock pins, dummy display, recording link) on a data folder of
N records, the press that opens the screen timed up to its frame drawn and its session
saved, and `fog.history` pages answered as the link asks for them.

The records are realistic: two games played through on the box itself (the scripted
4-player game and the solo example, written by the box's own record writer), and the tests'
6-player all-options record, each read back by the engine's record reader, varied (the
players' names, a few Islanders fewer) and written by the engine's record writer and the
box's store encoding (``record_to_dict``, ``store.encode``; without the store's fsync a file,
to spare the disk: 10,000 fsyncs measure the disk, not the history), a few games an evening.

It prints, each with its ratio to the reference workload measured in the same run:
the cold open (no index: every record scored once, the index written), the CPU per record
of that rebuild, what every open cost before the index (each record read and scored again,
as ``past_games`` did), the warm open (the index fresh: one stat a record, no record read),
pages of `fog.history`, and the whole list `fogkeeper history` prints.
Run: .venv/bin/python bench/fog_history.py [N]"""

from __future__ import annotations

import copy
import datetime
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import reference
from flow.fog import scripts
from flow.fog.drivers import BoxDriver
from fogkeeper.app.store import encode
from fogkeeper.data import read_json
from fogkeeper.data.fog import OWNER_ENV
from fogkeeper.data.fog_history import open_history, past_games, read_game
from fogkeeper.data.fog_history_index import index_path
from fogkeeper.events import Button
from fogkeeper.link.protocol import MAX_LINE_BYTES
from fogkeeper.rules.fog import record_from_dict
from fogkeeper.rules.fog.record import record_to_dict
from support.box import BoxHarness, close_all

TESTS_DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "fog"
NAMES = ("Ann", "Bob", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jo", "Kim", "Lea")
RUNS = 15   # warm opens and pages: the figures are their median and best


def played_records(folder: Path) -> list[dict[str, Any]]:
    """The scripted 4-player game and the solo example played on a box, as it wrote them."""
    found = []
    for name, game in (("four", scripts.four_player_game), ("solo", scripts.solo_game)):
        t = BoxDriver(folder / name)
        for step in game():
            step(t)
        found.append(read_json(Path(t.fog.s.record_path)))
        t.harness.close()
    return found


def variant(base: dict[str, Any], n: int) -> dict[str, Any]:
    """Game ``n`` from a base record: other players' names (teams keep theirs), up to two
    Islanders fewer, read and written back by the engine (so it is a record it accepts)."""
    raw = copy.deepcopy(base)
    if not raw.get("teams") and raw["mode"] != "solo":
        renames = {p["name"]: NAMES[(n + i) % len(NAMES)] for i, p in enumerate(raw["players"])}
        for player in raw["players"]:
            player["name"] = renames[player["name"]]
        held = raw.get("missions", {}).get("held", {})
        raw["missions"]["held"] = {renames.get(k, k): v for k, v in held.items()}
    raw["final_positions"] = raw["final_positions"][:len(raw["final_positions"]) - n % 3]
    return record_to_dict(record_from_dict(raw))


def write_records(records: Path, bases: list[dict[str, Any]], count: int) -> None:
    """``count`` games, three an evening from 2018-01-01 on: a quarter solo, an eighth the
    6-player all-options game, the rest the 4-player game."""
    records.mkdir(parents=True)
    start = datetime.datetime(2018, 1, 1, 19, 0)
    for n in range(count):
        day, slot = divmod(n, 3)
        when = start + datetime.timedelta(days=day, minutes=95 * slot + n % 7)
        base = bases[1] if n % 4 == 0 else bases[2] if n % 8 == 1 else bases[0]
        name = f"fog-{when:%Y%m%d-%H%M%S}.json"
        (records / name).write_bytes(encode(variant(base, n)))


def to_past_games_row(h: BoxHarness) -> BoxHarness:
    """The checklist's cursor down to its "Past games" row (untimed)."""
    for _ in range(40):
        if any(line.startswith("> Past games") for line in h.lines):
            return h
        h.tap(Button.DOWN)
    raise SystemExit(f"no Past games row: {h.lines}")


def timed(action: Any) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this thread) of one call."""
    wall, cpu = time.perf_counter(), time.thread_time()
    action()
    return time.perf_counter() - wall, time.thread_time() - cpu


def open_screen(h: BoxHarness) -> None:
    h.tap(Button.PRESS)
    assert h.lines[0].startswith("Past games"), h.lines


def describe(ref: reference.Reference, name: str, samples: list[tuple[float, float]]) -> str:
    walls = [w for w, _ in samples]
    cpus = [c for _, c in samples]
    return (ref.ms(f"{name}, median wall", statistics.median(walls))
            + f"\n    best wall {min(walls) * 1000:.2f} ms, median CPU "
              f"{statistics.median(cpus) * 1000:.2f} ms, over {len(samples)} runs")


def main(argv: list[str]) -> int:
    count = int(argv[0]) if argv else 10_000
    with tempfile.TemporaryDirectory() as where:
        folder = Path(where) / "data"
        os.environ[OWNER_ENV] = str(folder)   # no owner corrections: the shipped boards
        bases = played_records(Path(where) / "played")
        bases.append(read_json(TESTS_DATA / "large_all_options.json"))
        write_records(folder / "records", bases, count)
        ref = reference.measure()
        print(ref.describe())
        size = sum(p.stat().st_size for p in (folder / "records").iterdir())
        print(f"{count} records, {size / count / 1024:.1f} kB each on average")

        h = BoxHarness(folder)
        assert h.request("game.start", game="fog")["ok"]
        to_past_games_row(h)
        index_path(folder).unlink(missing_ok=True)
        cold = timed(lambda: open_screen(h))
        first = h.lines[1]
        print(ref.ms(f"open Past games, cold (no index: {count} records scored, index "
                     "written), wall", cold[0]))
        print(ref.ms("  cold rebuild, CPU per record", cold[1] / count))
        print(f"  index: {index_path(folder).stat().st_size / 1024:.0f} kB")
        started = time.thread_time()      # what each open cost before the index
        boards: dict[str, Any] = {}
        every = [read_game(p, boards) for p in sorted((folder / "records").glob("fog-*.json"))]
        before = time.thread_time() - started
        assert every == open_history(folder).games()
        print(ref.ms("  before the index, every open: each record scored again, CPU", before))

        warm = []
        for _ in range(RUNS):
            h.tap(Button.KEY2)   # B: back to the checklist
            to_past_games_row(h)
            warm.append(timed(lambda: open_screen(h)))
            assert h.lines[1] == first, (h.lines, first)
        print(describe(ref, f"open Past games at {count} records, index warm", warm))
        print(f"    (goal: under 50 ms here; first line {first!r}, title {h.lines[0]!r})")

        pages = open_history(folder).total // 4
        for page in (1, pages // 2, pages):
            replies: list[dict[str, Any]] = []
            samples = [timed(lambda p=page, got=replies: got.append(  # type: ignore[misc]
                h.request("fog.history", page=p))) for _ in range(RUNS)]
            assert all(r["ok"] and len(r["games"]) == 4 for r in replies), replies[-1]
            print(describe(ref, f"fog.history page {page} of {replies[-1]['pages']}", samples))
        whole = [timed(lambda: past_games(folder)) for _ in range(5)]
        print(describe(ref, f"the whole list of {count} (`fogkeeper history`'s past_games)",
                       whole))
        sent = max(len(json.dumps(line, separators=(",", ":"), ensure_ascii=False).encode())
                   + 1 for line in h.link.lines if "id" in line)
        print(f"  largest reply line: {sent} bytes (a line holds {MAX_LINE_BYTES})")
        assert not any(g.problem for g in open_history(folder).newest(0, 200))
        close_all()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
