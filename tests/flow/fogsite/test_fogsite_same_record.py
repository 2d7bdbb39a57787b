"""One FOGSITE game with the box as Guardian, the Easy Rule and balancing G9, played twice:
once entirely on the joystick and once entirely over the link (in-process, no press at all).
Both reach the same game record, and on both G9 runs from the moment each team turn starts
(the game's start, the last End turn's next round, a time-up's next round), with a full
glass every round, and its expiry ends the team's turn.

Nothing in the record must differ between the two: it holds no time of day, so the whole
records are compared."""

from __future__ import annotations

from typing import Any

from flow.fogsite.fogsite_table import PIN, FogsiteTable
from fogkeeper.rules.fogsite import Phase

SEED = 2024
TEAM_SECONDS = 360   # G9: 2 minutes for each of 3 Investigators, shared
MOST_ROUNDS = 30


def left(t: FogsiteTable) -> int:
    glass = t.session.glass
    assert glass is not None, "no team time runs"
    return int(glass.shown_seconds(t.now))


class Script:
    """The table's game, one call per thing the table does; each path says how."""

    def __init__(self, t: FogsiteTable) -> None:
        self.t = t
        self.glass_at_start: list[int] = []   # the team time shown as each round began

    def play(self) -> None:
        t = self.t
        # round 1: the team's turn began with the game; its time runs already
        self.round_begins()
        self.explore("R", "S")
        t.wait(100)
        assert left(t) == TEAM_SECONDS - 100
        self.end_turn("R")
        self.explore("G", "W")
        t.wait(TEAM_SECONDS - 100)      # the time runs out mid-turn: the turn is over
        assert t.session.running.phase is Phase.ESCAPE and t.session.glass is None
        self.time_up_seen()
        self.play_on()                  # the Easy Rule: no escape, 3 Map tiles go
        # round 2: a full glass, though round 1 used it all; everyone ends the turn
        self.round_begins()
        t.wait(30)
        for colour in "RGB":
            self.end_turn(colour)
        assert t.session.running.phase is Phase.ESCAPE and t.session.glass is None
        self.play_on()
        # every later round: a full glass again, left to run out, until the tiles are gone
        for _ in range(MOST_ROUNDS):
            if t.session.running.phase is Phase.OVER:
                break
            self.round_begins()
            self.explore("B", "N")
            t.wait(TEAM_SECONDS)
            self.time_up_seen()
            if t.session.running.phase is Phase.OVER:   # no Map tile left: the Guardian wins
                break
            self.play_on()
        assert t.session.running.phase is Phase.OVER

    def explore(self, colour: str, direction: str) -> None:
        raise NotImplementedError

    def end_turn(self, colour: str) -> None:
        raise NotImplementedError

    def play_on(self) -> None:
        """The Easy Rule's call after the team's turn: no escape this round."""
        raise NotImplementedError

    def round_begins(self) -> None:
        t = self.t
        assert t.session.running.phase is Phase.INVESTIGATORS
        self.glass_at_start.append(left(t))

    def time_up_seen(self) -> None:
        """The shared screen says the turn is over; the joystick's OK goes on from it."""
        assert self.t.lines[1:3] == ("Time up", "The team's turn is over"), self.t.lines


class OnTheJoystick(Script):
    def __init__(self) -> None:
        t = FogsiteTable().open_fogsite(seed=SEED)
        t.menu_to("Guardian").press("right")
        t.session.draft.seed = SEED   # the seed the box draws itself, fixed to know the maze
        t.menu_to("Easy Rule").press("right")
        t.menu_to("Balancing").press("ok").menu_to("G9").press("ok", "back")
        t.menu_to("Level")
        while t.session.draft.box_level.value != "easy":
            t.press("right")
        t.menu_to("Start game").press("ok")
        assert t.stage == "box_ready"
        t.press("ok")                 # "OK start": the team's turn, and G9, begin
        super().__init__(t)

    def choose(self, colour: str) -> None:
        t = self.t
        if t.stage == "actions" and t.session.acting.value == colour:
            return
        assert t.stage == "choose", t.lines
        t.menu_to({"R": "RED", "G": "GREEN", "B": "BLUE"}[colour]).press("ok")

    def explore(self, colour: str, direction: str) -> None:
        self.choose(colour)
        key = {"N": "up", "E": "right", "S": "down", "W": "left"}[direction]
        self.t.menu_to("Explore").press("ok", key)
        assert self.t.stage == "answer", self.t.lines
        self.t.press("ok")

    def end_turn(self, colour: str) -> None:
        self.choose(colour)
        self.t.menu_to("End turn").press("ok")

    def time_up_seen(self) -> None:
        super().time_up_seen()
        self.t.press("ok")

    def play_on(self) -> None:
        t = self.t
        assert t.stage == "escape_call", t.lines
        t.menu_to("Play on").press("ok")
        assert t.lines[1:3] == ("3 tiles", "removed from the Time Limit"), t.lines
        t.press("ok")


class OverTheLink(Script):
    def __init__(self) -> None:
        t = FogsiteTable().open_fogsite(seed=None)
        super().__init__(t)
        self.call("setup", guardian="box", size=4, level="easy", seed=SEED, pin=PIN,
                  options={"easy": True, "balancing": ["G9"]})

    def explore(self, colour: str, direction: str) -> None:
        self.call("explore", colour=colour, direction=direction)

    def end_turn(self, colour: str) -> None:
        self.call("end_turn", colour=colour)

    def play_on(self) -> None:
        self.call("escape", announce=False)

    def call(self, command: str, **args: object) -> dict[str, Any]:
        return dict(self.t.flow.commands.call(self.t.flow, command, args))


def played(script: Script) -> tuple[dict[str, Any], list[int]]:
    script.play()
    records = script.t.effects.records
    assert len(records) == 1, "the game's end keeps one record, with nobody pressing"
    return records[0], script.glass_at_start


def test_the_joystick_and_the_link_reach_the_same_record() -> None:
    joystick, joystick_glasses = played(OnTheJoystick())
    link, link_glasses = played(OverTheLink())
    assert joystick["view"]["winner"] == "guardian"
    assert joystick["box"] == {"size": 4, "level": "easy", "seed": SEED}
    assert joystick == link
    # G9 on both paths: every round's team turn began with a full glass, running
    assert joystick_glasses == link_glasses == [TEAM_SECONDS] * len(link_glasses)
    assert len(link_glasses) >= 3
