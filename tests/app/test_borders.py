"""The borders of the host link, held by construction: one row per command, one check per
argument, nothing heard before its save, one reply that fits for every line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from flow.corps.test_corps_link import KEY_TEXT
from fogkeeper.app import box as box_module
from fogkeeper.app import doc_tables
from fogkeeper.app.commands import BOX_COMMANDS
from fogkeeper.flow import snapshot
from fogkeeper.flow.corps.link import COMMANDS as CORPS
from fogkeeper.flow.fog.link import COMMANDS as FOG
from fogkeeper.flow.fogsite.link import COMMANDS as FOGSITE
from fogkeeper.flow.hourglass import SAVED_AT_WALL
from fogkeeper.link.protocol import MAX_LINE_BYTES, LinkError, parse_line
from support.box import BoxHarness
from support.saved import on_disk

DOCS = Path(__file__).resolve().parents[2] / "docs"
GAME_ROWS = {"fog": FOG, "corps": CORPS, "fogsite": FOGSITE}


class SpyLink:
    """A link that, at the instant each line leaves, checks the box has nothing unsaved and
    keeps the session file as the disk held it then (what a pulled plug would leave)."""

    def __init__(self, harness: BoxHarness) -> None:
        self.harness = harness
        self.lines: list[dict[str, Any]] = []
        self.on_disk: list[dict[str, Any] | None] = []

    def send(self, line: bytes, host: int | None = None) -> None:
        assert line.endswith(b"\n") and len(line) <= MAX_LINE_BYTES
        box = self.harness.box
        guard = box.app.pin_guard
        path = self.harness.data_dir / "session.json"
        disk = on_disk(path.parent) if path.exists() else None
        if box._saved_changes != box.app.changes:
            # only the passing of time may wait for a later save, and only while the glass
            # on disk runs: a restart works out from the wall clock what time alone changed
            assert box.app.glass.phase.value == "running", f"heard before its save: {line!r}"
            assert disk is not None and SAVED_AT_WALL in disk["hourglass"], line
        assert box._saved_guard == (guard.wrong, guard.wait_until), f"PIN try unsaved: {line!r}"
        self.lines.append(json.loads(line))
        self.on_disk.append(disk)

    def close(self) -> None:
        pass

    def events(self, name: str) -> list[dict[str, Any]]:
        return [line for line in self.lines if line.get("event") == name]


def _spied(tmp_path: Path, **sections: Any) -> tuple[BoxHarness, SpyLink]:
    h = BoxHarness(tmp_path, **sections)
    spy = SpyLink(h)
    h.link = spy  # type: ignore[assignment]
    h.box.parts.link = spy
    return h, spy


def test_a_wrong_pin_is_counted_on_disk_before_its_event_leaves(tmp_path: Path) -> None:
    h, spy = _spied(tmp_path, security={"pin": "4711"})
    assert h.request("game.start", game="corps")["ok"]
    assert h.request("corps.key", pin="4711", key=KEY_TEXT, map=5)["ok"]
    for guess in range(6):
        assert h.request("corps.key", pin=f"{guess:04d}", op="unseal")["error"]["code"] == \
            "locked"
    refusals = [(line, disk) for line, disk in zip(spy.lines, spy.on_disk, strict=True)
                if line.get("event") == "pin.refused"]
    assert len(refusals) == 6
    for line, disk in refusals:
        assert disk is not None and disk["pin_guard"]["wrong"] >= line["wrong"]


def test_nothing_a_timer_session_tells_the_host_is_unsaved(tmp_path: Path) -> None:
    h, spy = _spied(tmp_path)
    assert h.request("timer.set", seconds=10, players=3)["ok"]
    assert h.request("timer.start")["ok"]
    h.wait(12)  # warnings, the expiry and the screen events on the way
    for _ in range(4):
        assert h.request("timer.next")["ok"]
    assert spy.events("timer.warning") and spy.events("timer.expired")
    assert spy.events("screen")


@pytest.mark.parametrize(("cmd", "args", "bogus"), [
    ("timer.start", {"seconds": 30, "secs": 10}, "secs"),
    ("press", {"button": "down", "bogus": 1}, "bogus"),
    ("hello", {"verbose": True}, "verbose"),
    ("state", {"page": 2}, "page"),
])
def test_an_unknown_argument_is_refused_naming_it_and_nothing_happens(
        box: BoxHarness, cmd: str, args: dict[str, Any], bogus: str) -> None:
    before = json.dumps(snapshot.take(box.box.app, box.now), sort_keys=True)
    reply = box.request(cmd, **args)
    assert reply["error"]["code"] == "bad_args" and f"'{bogus}'" in reply["error"]["message"]
    assert json.dumps(snapshot.take(box.box.app, box.now), sort_keys=True) == before
    assert box.box.app.glass.phase.value == "ready"


@pytest.mark.parametrize("game", sorted(GAME_ROWS))
def test_every_command_refuses_an_argument_it_does_not_declare(tmp_path: Path,
                                                                game: str) -> None:
    h = BoxHarness(tmp_path, security={"pin": "4711"})
    for row in BOX_COMMANDS:
        reply = h.request(row.name, zz_unheard_of=1)
        assert reply["error"]["code"] == "bad_args", row.name
        assert "'zz_unheard_of'" in reply["error"]["message"], row.name
    assert h.request("game.start", game=game)["ok"]
    for game_row in GAME_ROWS[game].commands:
        before = json.dumps(snapshot.take(h.box.app, h.now), sort_keys=True)
        reply = h.request(f"{game}.{game_row.name}", zz_unheard_of=1)
        assert reply["error"]["code"] == "bad_args", game_row.name
        assert "'zz_unheard_of'" in reply["error"]["message"], game_row.name
        assert json.dumps(snapshot.take(h.box.app, h.now), sort_keys=True) == before


def test_a_wrong_kind_or_range_names_the_key(box: BoxHarness) -> None:
    for args, words in [({"seconds": "30"}, "'seconds' must be"),
                        ({"seconds": 4}, "'seconds' must be"),
                        ({"seconds": 10**30}, "'seconds' must be"),
                        ({"seconds": True}, "'seconds' must be")]:
        reply = box.request("timer.start", **args)
        assert reply["error"]["code"] == "bad_args" and words in reply["error"]["message"]
    assert box.box.app.glass.phase.value == "ready"


def _writes_while_polling(h: BoxHarness, *cmds: str) -> int:
    assert h.request("hello")["ok"]  # a box writes its session once, at its first step
    before = h.box.session_writes
    for _ in range(100):
        for cmd in cmds:
            assert h.request(cmd)["ok"], cmd
    return h.box.session_writes - before


@pytest.mark.parametrize("game", sorted(GAME_ROWS))
def test_polling_the_state_writes_nothing(tmp_path: Path, game: str) -> None:
    h = BoxHarness(tmp_path, security={"pin": "4711"})
    assert _writes_while_polling(h, "hello", "screen", "state") == 0
    assert h.request("game.start", game=game)["ok"]
    assert _writes_while_polling(h, f"{game}.state", "state") == 0


def test_an_id_that_cannot_be_echoed_starts_nothing_and_gets_one_reply(box: BoxHarness) -> None:
    for line in (b'{"id":"\\udfff","cmd":"timer.start","seconds":45}',
                 json.dumps({"id": "x" * 4000, "cmd": "timer.start"}).encode()):
        with pytest.raises(LinkError) as refused:
            parse_line(line)
        before = len(box.link.lines)
        box.box.step(refused.value)
        replies = [x for x in box.link.lines[before:] if "event" not in x]
        assert replies == [{"id": None, "ok": False, "error": {
            "code": "bad_request", "message": replies[0]["error"]["message"]}}]
    assert box.box.app.glass.phase.value == "ready"


def test_a_fault_in_drawing_is_answered_internal_and_the_box_plays_on(
        box: BoxHarness, monkeypatch: pytest.MonkeyPatch) -> None:
    real = box_module.frame
    broken = {"on": True}

    def frame(app: Any, now: float) -> Any:
        if broken["on"]:
            raise RuntimeError("a bug in a screen")
        return real(app, now)

    monkeypatch.setattr(box_module, "frame", frame)
    reply = box.request("timer.set", seconds=45)
    assert reply["error"]["code"] == "internal"
    broken["on"] = False
    assert box.request("timer.start")["ok"]
    assert box.request("state")["timer"]["duration_seconds"] == 45


def test_a_fault_in_pushing_a_frame_is_answered_internal_and_the_box_plays_on(
        box: BoxHarness, monkeypatch: pytest.MonkeyPatch) -> None:
    sink = box.box.parts.sink
    real = sink.push
    calls = {"n": 0}

    def push(image: Any) -> bool:
        calls["n"] += 1
        if calls["n"] == 1:
            raise OSError("the bus went away mid-frame")
        return real(image)

    monkeypatch.setattr(sink, "push", push)
    assert box.request("timer.start")["error"]["code"] == "internal"
    assert box.request("timer.pause")["ok"]


def test_a_fault_in_a_command_is_answered_internal_and_the_box_plays_on(
        box: BoxHarness, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any) -> Any:
        raise KeyError("a bug in a command")

    monkeypatch.setattr(box.box.app, "toggle_glass", broken)
    assert box.request("timer.start")["ok"]
    assert box.request("timer.pause")["error"]["code"] == "internal"
    assert box.request("hello")["ok"]


@pytest.mark.parametrize("page", sorted(doc_tables.PAGES))
def test_the_docs_command_tables_are_the_rows(page: str) -> None:
    text = (DOCS / page).read_text(encoding="utf-8")
    assert "<!-- commands:" in text
    assert doc_tables.filled(text) == text, "run: python -m fogkeeper.app.doc_tables docs"


def test_nothing_a_whole_fogsite_game_tells_the_host_is_unsaved(tmp_path: Path) -> None:
    from flow.fogsite.fogsite_table import PIN
    from flow.fogsite.test_box_guardian_link import ok, play_to_the_end, set_up

    h, spy = _spied(tmp_path, security={"pin": PIN})
    assert h.request("game.start", game="fogsite")["ok"]
    replies = play_to_the_end(h, ok(set_up(h)))
    assert replies[-1]["winner"] is not None and len(spy.lines) > 50


def test_nothing_a_game_of_the_fog_tells_the_host_is_unsaved(tmp_path: Path) -> None:
    from flow.fog.test_fog_link import SETUP

    h, spy = _spied(tmp_path, security={"pin": "2468"})

    def ask(cmd: str, **args: Any) -> dict[str, Any]:
        reply = h.request(cmd, **args)
        assert reply["ok"], reply
        return reply

    ask("game.start", game="fog")
    ask("fog.setup", **SETUP, seed=5, pin="2468")
    ask("fog.continue")
    for i in range(4):
        ask("fog.mission.show")
        ask("fog.mission.keep", choice=1 + i % 2)
    ask("fog.draft.pick", count=32)
    for _ in range(200):
        screen = ask("fog.state")["screen"]
        if screen == "turn":
            ask("fog.end_turn")
        elif screen == "show":
            ask("fog.continue")
        elif screen == "fog":
            ask("fog.losses", losses=[])
        else:
            break
    assert spy.events("fog.advanced") and spy.events("fog.turn") and spy.events("fog.over")


def test_a_session_too_large_to_keep_says_so_not_that_the_disk_will_take_it(
        box: BoxHarness, monkeypatch: pytest.MonkeyPatch) -> None:
    from fogkeeper.app import store

    monkeypatch.setattr(store, "MAX_FILE_BYTES", 200)
    reply = box.request("timer.set", seconds=45)
    assert reply["error"]["code"] == "not_saved"
    message = reply["error"]["message"]
    assert "too large" in message and "disk takes it" not in message
    assert "NOT SAVED" in " ".join(box.lines) or box.box.storage_problem


def test_a_fault_in_a_save_is_answered_internal_tells_nothing_and_the_box_plays_on(
        box: BoxHarness, monkeypatch: pytest.MonkeyPatch) -> None:
    real = snapshot.take
    broken = {"on": True}

    def take(app: Any, now: float) -> Any:
        if broken["on"]:
            raise RuntimeError("a bug in a snapshot")
        return real(app, now)

    monkeypatch.setattr(snapshot, "take", take)
    before = len(box.link.lines)
    reply = box.request("timer.set", seconds=45)
    assert reply["error"]["code"] == "internal"
    assert not [line for line in box.link.lines[before:] if "event" in line
                and line["event"] != "screen"]
    broken["on"] = False
    assert box.request("timer.start")["ok"]
