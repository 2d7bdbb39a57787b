"""Pull the plug the instant an "ok" or an event arrives: nothing the host heard is lost.

A real box process (`fogkeeper run --sim --link pty:`) is killed with SIGKILL right after
every reply that says ok to a command that changes something (``at="reply"``), or the
instant the first event of such a command arrives, before its reply (``at="event"``), then
started again and its session resumed. A twin box in this process plays the same commands
and is restarted at the same moments, but cleanly (it saves on the way out, as a box does on
a normal stop); after every restart the two must agree on the whole `state`, and a game
ends with the same result and record.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, ClassVar

import pytest

from flow.fog.scripts import FOUR_PLAYER_BONUSES, FOUR_PLAYER_FINAL
from flow.fog.test_fog_link import SETUP, place
from support.box import BoxHarness
from support.process import BoxProcess

READ_ONLY = {"hello", "screen", "state", "fog.state", "fog.result", "fog.cost", "corps.state",
             "fogsite.state"}


def _comparable(value: Any) -> Any:
    """The state without what differs between a process and the twin on its fake clock: the
    request ids, the seconds left, the turn times, the configured settings, where a record
    is written (each box has its own folder) and the seed a
    game draws from the clock before its setup names one."""
    if isinstance(value, dict):
        return {k: _comparable(v) for k, v in value.items()
                if k not in {"id", "seconds_left", "turns", "settings", "seed", "record"}}
    if isinstance(value, list):
        return [_comparable(v) for v in value]
    return value


KILL_AT = pytest.mark.parametrize("at", ["reply", "event"])


def _killed_at_event(box: BoxProcess, cmd: str, args: dict[str, Any],
                     heard: set[str]) -> dict[str, Any]:
    """Send the command and return the first line of its step the host hears: one of the
    ``heard`` events (what the twin sent in the same step), or the reply when it sent none."""
    box.next_id += 1
    box.port.write(json.dumps({"id": box.next_id, "cmd": cmd, **args}).encode() + b"\n")
    return box.wait_for(lambda line: line.get("event") in heard
                        or line.get("id") == box.next_id)


class Lockstep:
    """The killed box and its twin, asked the same things in the same order."""

    def __init__(self, folder: Path, pin: str = "", at: str = "reply") -> None:
        self.folder, self.twin_folder, self.pin = folder / "box", folder / "twin", pin
        self.sections = {"security": {"pin": pin}}
        self.twin = BoxHarness(self.twin_folder, **self.sections)
        self.box = BoxProcess(self.folder, pin)
        self.at = at
        self.kills = 0
        self.kills_at_event = 0

    def _restart_twin(self) -> None:
        self.twin.close()
        self.twin = BoxHarness(self.twin_folder, **self.sections)
        if self.twin.request("screen")["state"] == "resume":
            assert self.twin.request("session.resume")["ok"]

    def _running(self) -> bool:
        return bool(self.twin.box.app.glass.phase.value == "running")

    def ask(self, cmd: str, **args: Any) -> dict[str, Any]:
        running = self._running()
        before = len(self.twin.link.lines)
        want = self.twin.request(cmd, **args)
        # the events of this step, as the twin sent them; a screen event counts only while
        # no glass runs (a running one sends one every second, whatever the host asked)
        heard = {line["event"] for line in self.twin.link.lines[before:] if "event" in line}
        if running or self._running():
            heard.discard("screen")
        if self.at == "event" and heard and cmd not in READ_ONLY:
            got = _killed_at_event(self.box, cmd, args, heard)
            at_event = "event" in got
        else:
            got, at_event = self.box.request(cmd, **args), False
        if not at_event:
            assert got["ok"] is want["ok"], (cmd, got, want)
        if at_event or (got["ok"] and cmd not in READ_ONLY):
            self.box.kill()  # the instant the event or the ok arrived
            self.kills += 1
            self.kills_at_event += at_event
            self.box = BoxProcess(self.folder, self.pin)
            if self.box.request("screen")["state"] == "resume":
                assert self.box.request("session.resume")["ok"]
            self._restart_twin()
            after = _comparable(self.box.request("state"))
            assert after == _comparable(self.twin.request("state")), f"lost: {cmd} {args}"
        return want

    def close(self) -> None:
        self.box.stop()


@KILL_AT
def test_the_timer_loses_no_acknowledged_command(tmp_path: Path, at: str) -> None:
    both = Lockstep(tmp_path, at=at)
    try:
        both.ask("timer.set", seconds=45, players=3)
        both.ask("timer.start")  # a running glass comes back paused after the restart
        both.ask("timer.resume")
        both.ask("timer.next")
        both.ask("press", button="key1")
        both.ask("timer.reset")
        both.ask("timer.set", seconds=90, visual_only=True)
        both.ask("press", button="left")
        assert both.kills == 8
        assert at == "reply" or both.kills_at_event >= 2
    finally:
        both.close()


@KILL_AT
def test_a_game_of_the_fog_loses_no_acknowledged_command(tmp_path: Path, at: str) -> None:
    both = Lockstep(tmp_path, pin="4711", at=at)  # a seed over the link needs the PIN
    try:
        ask = both.ask
        ask("game.start", game="fog")
        ask("fog.setup", **SETUP, seed=11, pin="4711")
        ask("fog.continue")
        for i in range(4):
            ask("fog.mission.show")
            ask("fog.mission.keep", choice=1 + i % 2)
        ask("fog.draft.pick", count=32)
        step: dict[str, Any] = {}
        for _ in range(8):
            screen = ask("fog.state")["screen"]
            if screen == "turn":
                step = ask("fog.end_turn")["fog_step"] or {}
            elif step.get("rows"):
                ask("fog.losses", losses=[])
            else:
                ask("fog.continue")
        while ask("fog.state")["screen"] != "turn":
            ask("fog.losses", losses=[]) if step.get("rows") else ask("fog.continue")
        ask("fog.end_game")
        for colour, islanders in FOUR_PLAYER_FINAL.items():
            entered = [{"at": place(w), "nation": n, "type": k} for w, n, k in islanders]
            ask("fog.score.enter", colour=colour, islanders=entered,
                bonuses=FOUR_PLAYER_BONUSES[colour])
        done = ask("fog.score.confirm")
        killed = both.box.request("fog.result")
        assert killed["result"] == done["result"]
        by_twin = json.loads(Path(done["record"]).read_text(encoding="utf-8"))
        by_killed = json.loads(Path(killed["record"]).read_text(encoding="utf-8"))
        for key in ("setup", "fog", "draws", "turns", "missions", "final_positions",
                    "preparation_bonuses"):
            assert by_killed[key] == by_twin[key], key
        assert both.kills >= 25
        assert at == "reply" or both.kills_at_event >= 20
    finally:
        both.close()


@KILL_AT
def test_a_corps_chapter_loses_no_acknowledged_command(tmp_path: Path, at: str) -> None:
    from flow.corps.test_corps_link import FREE, KEY, KEY_TEXT

    both = Lockstep(tmp_path, pin="4711", at=at)
    try:
        ask = both.ask
        ask("game.start", game="corps")
        assert ask("corps.key", pin="4711", key=KEY_TEXT, map=5)["ok"]
        for slot in FREE:
            assert ask("corps.guess", op="place", token=KEY.answer(slot).value, slot=slot)["ok"]
        for _ in range(3):
            assert ask("corps.track", event="tipi")["ok"]
        assert ask("corps.end")["ok"]
        assert ask("corps.reveal")["ok"]
        done = ask("corps.reveal", all=True)
        assert done["reveal"]["verdict"]["summary"] == "won: 9 of 9 rules right"
        killed = both.box.request("corps.state")
        assert _comparable(killed) == _comparable(both.twin.request("corps.state"))
        assert both.kills >= 14
        assert at == "reply" or both.kills_at_event >= 5
    finally:
        both.close()


class KilledOnly:
    """A box killed at every ok, for a game whose replies carry its whole public state
    (FOGSITE): after each restart, the state must be the one the acknowledged reply showed.
    (FOGSITE deals its Relic hands from the clock, so a twin would deal other hands.) With
    ``at="event"`` it is killed the instant an answer or the end is heard instead: after the
    restart the log ends with that answer, and the winner is the one heard."""

    HEARD: ClassVar[set[str]] = {"fogsite.answer", "fogsite.over"}

    def __init__(self, folder: Path, pin: str, at: str = "reply") -> None:
        self.folder, self.pin, self.at = folder, pin, at
        self.box = BoxProcess(folder, pin)
        self.kills = 0
        self.kills_at_event = 0

    def _restart(self) -> None:
        self.box.kill()
        self.kills += 1
        self.box = BoxProcess(self.folder, self.pin)
        if self.box.request("screen")["state"] == "resume":
            assert self.box.request("session.resume")["ok"]

    def ask(self, cmd: str, **args: Any) -> dict[str, Any]:
        if self.at == "event" and cmd in ("fogsite.explore", "fogsite.move", "fogsite.escape"):
            heard = _killed_at_event(self.box, cmd, args, self.HEARD)
            if "event" in heard:
                self._restart()
                self.kills_at_event += 1
                self._still_true(heard)
                return {"ok": True, **{k: v for k, v in heard.items() if k != "event"}}
            got = heard
        else:
            got = self.box.request(cmd, **args)
        if got["ok"] and cmd not in READ_ONLY:
            self._restart()
            if cmd.startswith("fogsite."):
                after = self.box.request("fogsite.state")
                shared = {k for k in got if k in after} - {"id", "ok"}
                assert len(shared) >= 5
                assert {k: _comparable(after[k]) for k in shared} == {
                    k: _comparable(got[k]) for k in shared}, f"lost: {cmd} {args}"
        return got

    def _still_true(self, event: dict[str, Any]) -> None:
        state = self.box.request("fogsite.state")
        if event["event"] == "fogsite.over":
            assert state["winner"] == event["winner"], (event, state["winner"])
            return
        last = self.box.request("fogsite.state", log_from=state["log_size"] - 1)["log"][-1]
        assert last[2] == event["action"], (event, last)
        if event["action"] in ("explore", "move"):  # the log has the answer the table heard
            assert last[3].endswith(event["answer"]), (event, last)


@KILL_AT
def test_a_fogsite_game_loses_no_acknowledged_command(tmp_path: Path, at: str) -> None:
    from flow.fogsite.fogsite_table import MAZE, PIN

    box = KilledOnly(tmp_path, PIN, at)
    try:
        ask = box.ask
        assert ask("game.start", game="fogsite")["ok"]
        assert ask("fogsite.setup", maze=MAZE, colours=["R", "G", "B"], sleeping="G",
                   guardian_start="E3", pin=PIN)["ok"]
        assert ask("fogsite.guardian_move", pin=PIN, moves="S1")["ok"]
        # A Move stays on the mover's sheet: explore a step, walk it; the last steps of
        # Green and Blue go over Red's sheet copied onto theirs.
        for colour, route, last, copy in (("R", "SSEE", "", None), ("G", "WN", "NE", [-2, -4]),
                                          ("B", "WSW", "S", [-4, 0])):
            for step in route:
                assert ask("fogsite.explore", colour=colour, direction=step)["ok"]
                assert ask("fogsite.move", colour=colour, route=step)["ok"]
            if copy is not None:
                moved = ask("fogsite.move", colour=colour, route=last,
                            copies=[{"colour": "R", "shift": copy}])
                assert moved["ok"] and (at == "event" or moved["completed"])
            assert ask("fogsite.end_turn", colour=colour)["ok"]
        escaped = ask("fogsite.escape", announce=True)
        if "winner" not in escaped:  # killed at the answer: the restarted box tells
            escaped = box.box.request("fogsite.state")
        assert escaped["winner"] == "investigators"
        assert box.kills >= 10
        assert at == "reply" or box.kills_at_event >= 20
    finally:
        box.box.stop()
