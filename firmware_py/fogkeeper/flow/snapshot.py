"""The session snapshot: the app's state as JSON, and its checked way back after a restart."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fogkeeper.errors import FogkeeperError
from fogkeeper.flow.app import MENUS, App, Screen
from fogkeeper.flow.game import GameFlow
from fogkeeper.flow.hourglass import NAMES, SAVED_AT_WALL, GlassSnapshot, Phase, PlayerTurns
from fogkeeper.flow.time_control import CLOCK, PlayerClock, TimeControl
from fogkeeper.schema import SchemaError

FORMAT = "fogkeeper-session"
VERSION = 2
# version 1 kept every turn's seconds (``hourglass.turns``); it is read, and folded into
# the per-player records version 2 keeps (``hourglass.turn_times``)
EVERY_TURN_LISTED = 1
QUIET_SCREENS = {Screen.HOME, Screen.KEYMAP, Screen.ABOUT, Screen.RESUME, Screen.PROBLEM}


# What no promise rests on: where a cursor stands, which page of a list is shown. A change of
# these alone is saved with the next change that matters, or within a few seconds, never
# fsynced before its frame (a pulled plug puts the cursor back a little, nothing else)
NO_PROMISE = frozenset({"cursors", "cursor", "back_cursor", "review_cursor", "cursor_slot",
                        "page"})
# a running clock's time left moves every instant; saved with the wall clock beside it
# (SAVED_AT_WALL: that it runs is a promise, its instant is not), any later save brings it
# back the same, aged, so its ticking alone promises nothing new
RUNNING_TIME = "left_seconds"


def promised(parts: Mapping[tuple[str, ...], str]) -> dict[tuple[str, ...], object]:
    """The snapshot's leaves (app.journal.leaves: each value's text by its path) without
    what no promise rests on: two snapshots with the same ``promised`` differ only in
    cursors (and a running clock's ticking). Texts, never live objects: a snapshot may share
    lists with the live state, which a later step changes in place."""
    kept: dict[tuple[str, ...], object] = {}
    for path, text in parts.items():
        if NO_PROMISE.intersection(path):
            continue
        if path[-1] in (RUNNING_TIME, SAVED_AT_WALL) and (*path[:-1], SAVED_AT_WALL) in parts:
            kept[path] = True  # it runs (a promise); its instant is none
            continue
        kept[path] = text
    return kept


class SnapshotError(FogkeeperError, ValueError):
    """A saved session that this firmware cannot put back (damaged, foreign or too new)."""


def take(app: App, now: float) -> dict[str, object]:
    """Everything needed to come back to the same screen with the same state."""
    screen = Screen.HOME if app.state in (Screen.PROBLEM, Screen.PIN_OFFER) else app.state
    if screen in (Screen.PIN_OLD, Screen.PIN_NEW, Screen.PIN_AGAIN):
        screen = Screen.SETTINGS  # a PIN half typed is never written down
    if screen is Screen.RESUME:  # still deciding: keep what was offered, not the offer itself
        return app.saved or {}
    glass = app.glass.snapshot(now)
    return {
        "format": FORMAT,
        "version": VERSION,
        "screen": screen.value,
        "cursors": dict(app.cursors),
        "visual_only": app.visual_only,
        "hourglass": glass,
        "game": None if app.game is None else {"name": app.game.name,
                                                "state": app.game.snapshot()},
        "summary": describe(screen, glass, app.game.title if app.game else None),
        "pin_guard": app.pin_guard.snapshot(now),  # wrong PINs survive a restart
    }


def describe(screen: Screen, glass: GlassSnapshot, game: str | None = None) -> str:
    """A few words for the boot offer, e.g. 'timer P2 0:42 paused'."""
    if game is not None:
        return f"a game of {game}"
    if glass["phase"] != Phase.READY.value or _any_turns(glass):
        left = round(glass["left_seconds"])
        names = glass.get("names", [])
        player = glass["player"]
        who = names[player] if player < len(names) and names[player] else f"P{player + 1}"
        return f"timer {who} {left // 60}:{left % 60:02d} {glass['phase']}"
    return screen.value.replace("_", " ")


def worth_offering(saved: dict[str, Any]) -> bool:
    """Offer a resume only when there is something to lose by starting fresh."""
    glass = saved.get("hourglass", {})
    busy = glass.get("phase") != Phase.READY.value or _any_turns(glass) or bool(
        saved.get("game"))
    return busy or saved.get("screen") not in {s.value for s in QUIET_SCREENS}


def _any_turns(glass: GlassSnapshot | dict[str, Any]) -> bool:
    return any(turns["count"] for turns in glass.get("turn_times", []))


def check(saved: object) -> dict[str, Any]:
    """Raise SnapshotError naming the first thing wrong; return the snapshot when usable."""
    if not isinstance(saved, dict) or saved.get("format") != FORMAT:
        raise SnapshotError("not a fogkeeper session file")
    if saved.get("version") not in (EVERY_TURN_LISTED, VERSION):
        raise SnapshotError(f"session format version {saved.get('version')!r}, "
                            f"this firmware reads {EVERY_TURN_LISTED}-{VERSION}")
    if saved["version"] == EVERY_TURN_LISTED:
        saved = _turns_folded(saved)
    _expect(saved.get("screen") in {s.value for s in Screen}, "screen")
    cursors = saved.get("cursors")
    _expect(isinstance(cursors, dict) and all(
        isinstance(cursors.get(m.value), int) and cursors[m.value] >= 0 for m in MENUS),
        "cursors")
    _expect(isinstance(saved.get("visual_only"), bool), "visual_only")
    _check_glass(saved.get("hourglass"))
    game = saved.get("game")
    _expect(game is None or (isinstance(game, dict) and isinstance(game.get("name"), str)
                             and isinstance(game.get("state"), dict)), "game")
    _expect((saved["screen"] == Screen.GAME.value) == (game is not None), "screen")
    return saved


def _check_glass(glass: object) -> None:
    if not isinstance(glass, dict):
        raise _bad("hourglass")
    _expect(glass.get("phase") in {p.value for p in Phase}, "hourglass.phase")
    duration = glass.get("duration_seconds")
    if not (isinstance(duration, int) and 1 <= duration <= 3600):
        raise _bad("hourglass.duration_seconds")
    left = glass.get("left_seconds")
    most = CLOCK.by_key["bank_seconds"].high if "control" in glass else duration
    _expect(isinstance(left, int | float) and 0 <= left <= (most or duration),
            "hourglass.left_seconds")
    turns = glass.get("turn_times")
    if not (isinstance(turns, list) and 1 <= len(turns) <= 8 and all(
            _is_turns(t) for t in turns)):
        raise _bad("hourglass.turn_times")
    player = glass.get("player")
    _expect(isinstance(player, int) and 0 <= player < len(turns), "hourglass.player")
    warned = glass.get("warned")
    _expect(isinstance(warned, list) and all(isinstance(w, int) for w in warned),
            "hourglass.warned")
    first, round_no = glass.get("first", 0), glass.get("round", 1)
    _expect(isinstance(first, int) and not isinstance(first, bool)
            and 0 <= first < len(turns), "hourglass.first")
    _expect(isinstance(round_no, int) and not isinstance(round_no, bool)
            and 1 <= round_no <= 10**9, "hourglass.round")
    _check_names(glass.get("names", []))
    if "control" in glass:
        _check_banks(glass, len(turns))


def _check_names(names: object) -> None:
    try:
        NAMES.read(names)
    except SchemaError:
        raise _bad("hourglass.names") from None


def _check_banks(glass: dict[str, Any], players: int) -> None:
    """A bank mode's control, every player's clock, the turn's seconds, the flagged."""
    try:
        control = TimeControl.from_json(glass["control"])
    except (SchemaError, TypeError):
        raise _bad("hourglass.control") from None
    _expect(control.banked and control.problem(players) is None, "hourglass.control")
    clocks = glass.get("clocks")
    if not (isinstance(clocks, list) and len(clocks) == players):
        raise _bad("hourglass.clocks")
    for i, saved in enumerate(clocks):
        if not isinstance(saved, dict):
            raise _bad(f"hourglass.clocks[{i}]")
        try:
            PlayerClock.from_json(saved)
        except SchemaError:
            raise _bad(f"hourglass.clocks[{i}]") from None
    used = glass.get("used_seconds")
    _expect(_seconds(used) and used <= 7 * 86400, "hourglass.used_seconds")  # type: ignore[operator]
    flagged = glass.get("flagged")
    _expect(isinstance(flagged, list) and all(
        isinstance(p, int) and not isinstance(p, bool) and 0 <= p < players for p in flagged),
        "hourglass.flagged")


def _is_turns(turns: object) -> bool:
    """One player's record of turns, as ``PlayerTurns.to_json`` writes it."""
    if not isinstance(turns, dict):
        return False
    count, last = turns.get("count"), turns.get("last_seconds")
    return (isinstance(count, int) and count >= 0
            and all(_seconds(turns.get(key)) for key in ("total_seconds", "longest_seconds"))
            and isinstance(last, list) and all(_seconds(t) for t in last))


def _seconds(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and value >= 0


def _turns_folded(saved: dict[str, Any]) -> dict[str, Any]:
    """A version 1 session as version 2: each player's listed turns made one record."""
    glass = saved.get("hourglass")
    if not isinstance(glass, dict):
        return saved  # refused by the checks that follow, by name
    turns = glass.get("turns")
    if not (isinstance(turns, list) and all(
            isinstance(t, list) and all(_seconds(x) for x in t) for t in turns)):
        raise _bad("hourglass.turns")
    kept = {key: value for key, value in glass.items() if key != "turns"}
    kept["turn_times"] = [PlayerTurns.folded(t).to_json() for t in turns]
    return {**saved, "version": VERSION, "hourglass": kept}


def _expect(ok: bool, key: str) -> None:
    if not ok:
        raise _bad(key)


def _bad(key: str) -> SnapshotError:
    return SnapshotError(f"the saved session has a bad value at {key}")


def restore_app(app: App, saved: dict[str, Any]) -> None:
    """Put a checked snapshot back into the app, on the screen it was saved on."""
    app.visual_only = saved["visual_only"]
    app.glass.restore(saved["hourglass"])
    if saved["game"] is not None:
        app.game = _restore_game(app, saved["game"])
    app.place_cursors(saved["cursors"])
    app.machine.set_state(Screen(saved["screen"]), model=app)
    app.mark_changed()


def restore_quiet(app: App, saved: dict[str, Any]) -> None:
    """Put back, without asking, what a session with nothing to resume still holds: the
    timer's set time, players and visual mode (an acknowledged ``timer.set`` is never lost)."""
    glass = saved["hourglass"]
    app.visual_only = saved["visual_only"]
    app.glass.set_duration(glass["duration_seconds"])
    app.set_players(len(glass["turn_times"]))
    app.glass.names = tuple(glass.get("names", ()))
    if "control" in glass:
        app.glass.set_control(TimeControl.from_json(glass["control"]))
    app.place_cursors(saved["cursors"])


def _restore_game(app: App, saved: dict[str, Any]) -> GameFlow:
    try:
        game = app.new_game(saved["name"])
    except KeyError:
        raise SnapshotError(f"the saved game {saved['name']!r} is not in this firmware") from None
    game.restore(saved["state"])
    return game
