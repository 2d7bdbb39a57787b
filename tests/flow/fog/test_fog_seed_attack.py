"""The seed attack on The FOG's secret missions, run as a host with no PIN would run it.

The host plays over the link, keeps every public reply and event, notes its own clock around
``game.start``, and searches a window of a million seeds for those that reproduce what the
table saw (the Starting Player, the Boat Scorings, option 10's Leaders, then the whole public
setup and the first round's event, with the firmware's own functions). From each survivor it
predicts every player's cards. A box that drew its seed from that clock (as it once did) is
read in seconds; this box's public draws come from the OS, and its secret deal from a stream
of its own, so nothing is found, and even the true public seed predicts no hand.

A positive control runs the same search on a game whose seed does sit in the window (a
replayed game, as a test hook gives it): the search finds it and reads every hand, so a
search that finds nothing on the box is the box's doing, not a broken search.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from fogkeeper.flow.fog import begin as laying_out
from fogkeeper.flow.fog.begin import options_of
from fogkeeper.flow.fog.session import Session, rules_for
from fogkeeper.rules.fog import rescue_leaders, standard_boat_scorings
from support.box import BoxHarness

SETUP = {"players": 4, "rescue_leaders": True, "rescue_achievements": "secret",
         "rescued_islanders": "secret", "events": "with_calm", "fog_cards": "standard"}
WINDOW = 1_000_000   # microseconds of the host's clock: the attack's own bound
CONTROL_WINDOW = 50_000


def ok(reply: dict[str, Any]) -> dict[str, Any]:
    assert reply["ok"], reply
    return reply


def _played(h: BoxHarness) -> tuple[int, dict[str, Any], dict[str, Any]]:
    """What a host with no PIN holds after the start: its clock at ``game.start`` (the
    box's clock in this harness), the public setup and the first public state."""
    noted = int(h.now * 1_000_000)
    ok(h.request("game.start", game="fog"))
    setup = ok(h.request("fog.setup", **SETUP))["setup"]
    ok(h.request("fog.continue"))
    return noted, setup, ok(h.request("fog.state"))


def _hands(session: Session) -> dict[str, tuple[str, ...]]:
    return {d.player: d.cards for d in session.mission_deals
            if d.deck == "rescue_achievements"} | {
        f"{d.player}/islanders": d.cards for d in session.mission_deals
        if d.deck == "rescued_islanders"}


def _true_hands(h: BoxHarness) -> dict[str, tuple[str, ...]]:
    game = h.box.app.game
    assert game is not None
    return _hands(game.s)  # type: ignore[attr-defined]


def _laid_out(setup: dict[str, Any], seed: int, derive: str) -> Session:
    """The firmware's own layout from ``seed``; the secret deal as the attacker guesses it:
    ``replay`` (derived from the seed, as a replayed game does) or ``same`` (a stream on the
    very seed of the public draws)."""
    session = Session(setup=setup, seed=seed, replay=True)
    original = laying_out.deal_stream
    if derive == "same":
        laying_out.deal_stream = lambda s: random.Random(s.seed)  # type: ignore[assignment]
    try:
        laying_out.begin(session)
    finally:
        laying_out.deal_stream = original
    return session


def _search(h: BoxHarness, start: int, count: int, seen: dict[str, Any],
            state: dict[str, Any]) -> list[dict[str, tuple[str, ...]]]:
    """Every candidate seed in the window that reproduces the public draws, as the hands
    it predicts (two guesses each at how the secret deal follows from the seed)."""
    game = h.box.app.game
    assert game is not None
    checklist = game.s.setup  # type: ignore[attr-defined]
    board = rules_for(str(checklist["board"])).board
    extra = options_of(checklist).extra_boat_tile
    players = int(checklist["players"])
    first = [p["name"] for p in seen["players"]].index(seen["turn_board"][0].capitalize()) \
        if checklist["start"] == "draw" else None
    scorings = seen["boat_scoring"]
    leaders = [(x["nation"], x["type"], x["row"]) for x in seen["leaders"]]
    event = state["turn"]["event"]  # round 1's event, turned over for everyone
    found: list[dict[str, tuple[str, ...]]] = []
    for candidate in range(start, start + count):
        rng = random.Random(candidate & 0xFFFFFFFF)
        if first is not None and rng.randrange(players) != first:
            continue
        if standard_boat_scorings(rng) != scorings:
            continue
        placed = rescue_leaders(board, len(seen["turn_board"]), rng, extra)
        if [(x.nation, x.type.value, x.row) for x in placed] != leaders:
            continue
        for derive in ("replay", "same"):
            session = _laid_out(checklist, candidate & 0xFFFFFFFF, derive)
            public = laying_out.public_setup(session)
            events = session.state.event_deck
            if public == seen and events is not None and events.order[0] == event:
                found.append(_hands(session))
    return found


def test_the_clock_attack_finds_nothing_on_the_box(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path, game_seed=None)  # the box's own path: every draw from the OS
    noted, seen, state = _played(h)
    truth = _true_hands(h)
    assert truth and all(truth.values())
    predicted = _search(h, noted - WINDOW // 2, WINDOW, seen, state)
    assert truth not in predicted, "a seed near the host's clock reads the secret cards"
    # even the public draws' own seed, were it ever learnt, predicts the deal no better than
    # chance (one hand of eight may match by chance, about one game in four; all never do)
    game = h.box.app.game
    assert game is not None
    for derive in ("replay", "same"):
        guessed = _hands(_laid_out(game.s.setup, game.s.seed, derive))  # type: ignore[attr-defined]
        assert guessed != truth, derive
        assert sum(guessed[who] == cards for who, cards in truth.items()) < len(truth) // 2


def test_control_the_search_reads_a_game_whose_seed_is_in_its_window(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path, game_seed=1_000_012_345)  # a replayed game: seed and deal known
    noted, seen, state = _played(h)
    predicted = _search(h, noted, CONTROL_WINDOW, seen, state)
    assert _true_hands(h) in predicted
