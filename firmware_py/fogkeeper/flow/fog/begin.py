"""From the checklist to a game: entered tile values, every random setup step, what to lay out.

All the randomness of a game happens here, in one go, from two streams that share nothing.
The public draws (the Starting Player, Boat Scorings, Guardians, option 10's Leaders, open
missions and the decks' order) come from the session's seed, itself drawn from the OS. The
secret mission deals come from the OS's randomness directly (``deal_stream``), so that every
public draw observed, and even the public seed, says nothing about a player's cards. A game
replayed from a given seed (behind the PIN, or in a test) derives both from it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from fogkeeper.flow.fog.session import (
    MISSION_DECKS,
    SOLO_OWNER,
    MissionDeal,
    Seat,
    Session,
    Setup,
    display_name,
    rules_for,
)
from fogkeeper.flow.fog.setup import colour_count, options_keys
from fogkeeper.rules.fog import (
    Board,
    FogRules,
    GameSetup,
    Options,
    Player,
    deal_guardians,
    deal_missions,
    discs_per_colour,
    draft_order,
    mission_deck_ids,
    new_game,
    open_missions,
    rescue_leaders,
    shuffled_deck,
    solo_nation_order,
    standard_boat_scorings,
    start_position,
    turn_board,
)
from fogkeeper.rules.fog.model import AREAS
from fogkeeper.secret import Secret

TYPICAL_SCORING = {"A": 6, "B": 5, "C": 4, "D": 2}
AREA_MAX = 12
ROW_MAX = 25


@dataclass(frozen=True)
class ValueRow:
    """A number the table reads off a real tile: key, label, range."""

    key: str
    label: str
    low: int
    high: int
    default: int


def options_of(setup: Setup) -> Options:
    values = {k: setup[k] for k in options_keys(setup)}
    if setup["board"] == "M":
        values["extra_boat"] = setup["extra_boat"] or "A7"
    return Options(**values)


def drops_boat_scoring(setup: Setup) -> bool:
    """Option 6 "Individual Boat Scorings" drops the Boat Scoring from the setup: each boat's
    Areas carry tiles of their own, so the table neither lays out nor enters a Boat Scoring."""
    return setup["mode"] == "multiplayer" and bool(setup["individual_boat_scorings"])


def value_rows(setup: Setup) -> list[ValueRow]:
    """Tile values to enter: Boat Scorings (entered or option 2; none with option 6, which
    drops them), option 6 boats, option 7B."""
    board = rules_for(str(setup["board"])).board
    found: list[ValueRow] = []
    if (setup["boat_scoring"] == "entered" or setup["boat_area_scoring"]) and (
            not drops_boat_scoring(setup)):
        given = setup.get("scenario_values") or TYPICAL_SCORING
        found += [ValueRow(f"area.{a}", f"Area {a}", 0, AREA_MAX, int(given.get(a, 0)))
                  for a in AREAS]
    if setup["mode"] == "multiplayer" and setup["individual_boat_scorings"]:
        for boat in board.boats_in_play(options_of(setup).extra_boat_tile):
            found += [ValueRow(f"ind.{boat.nation}.{a}", f"{boat.nation} {a}", 0, AREA_MAX,
                               TYPICAL_SCORING[a]) for a in AREAS]
    if setup["mode"] == "multiplayer" and setup["beach_scoring"] == "B":
        found += [ValueRow(f"beach.{r}", f"Row {r}", 0, ROW_MAX, abs(board.row_value[r]))
                  for r in board.rows]
    return found


# what ``begin`` lays out: each is made afresh, so nothing of an earlier layout stays
LAID_OUT = ("players", "teams", "boat_scoring", "individual", "beach", "discs", "guardians",
            "leaders", "mission_deals", "open_missions", "draft")


def begin(session: Session) -> None:
    """Lay out the whole game from the checklist and the seed (see the module docstring)."""
    fresh = Session(setup=session.setup, seed=session.seed, replay=session.replay)
    for name in LAID_OUT:
        setattr(session, name, getattr(fresh, name))
    setup = session.setup
    rules = rules_for(str(setup["board"]))
    rng = random.Random(session.seed)
    options = options_of(setup)
    if setup["mode"] == "solo":
        entries, fog_start = _solo(session, rules.board, options)
    else:
        entries, fog_start = _multiplayer(session, rules.board, rng)
    _scorings(session, rules.board, rng)
    seating = ([p.name for p in session.players] if session.solo
               else session.seating(entries))
    if options.guardians:
        sides: str | dict[str, str] = options.guardians
        if sides == "per_player":
            sides = {p.name: str(setup["guardian_sides"][i])
                     for i, p in enumerate(session.players)}
        picks = deal_guardians(rules.cards, seating, rng, sides)
        session.guardians = dict(picks)
    if options.rescue_leaders:
        session.leaders = list(rescue_leaders(rules.board, len(entries), rng,
                                              options.extra_boat_tile))
    _missions(session, rules, seating, rng, deal_stream(session))
    nation_mp = {n: int(setup["nation_mp"].get(n, 5)) for n in entries} if session.solo else {}
    game = GameSetup(rules.board.name, entries, fog_start, options, session.solo, nation_mp)
    session.game = new_game(game, rules, rng)


def _solo(session: Session, board: Board, options: Options) -> tuple[tuple[str, ...], int]:
    session.players = [Seat("Solo", (SOLO_OWNER,))]
    return solo_nation_order(board, options.extra_boat_tile), int(session.setup["fog_start"])


def _multiplayer(session: Session, board: Board,
                 rng: random.Random) -> tuple[tuple[str, ...], int]:
    setup = session.setup
    count = int(setup["players"])
    depth = colour_count(setup) // count
    colours = setup["colours"][:count * depth]
    players = [Player(display_name(colours[i]), tuple(colours[i + j * count]
                                                      for j in range(depth)))
               for i in range(count)]
    session.players = [Seat(p.name, tuple(p.colours)) for p in players]
    if setup["team_scoring"]:
        teams = count // int(setup.get("team_size", 2))   # 6 players: 3 x 2 or 2 x 3
        session.teams = [[players[i + k * teams].name for k in range(count // teams)]
                         for i in range(teams)]
    start = rng.randrange(count) if setup["start"] == "draw" else int(setup["start"][1:]) - 1
    entries = turn_board(players, start, session.teams)
    session.discs = discs_per_colour(board, len(entries))
    extra = options_of(setup).extra_boat_tile
    islanders = sum(sum(board.supply[b.nation].values()) for b in board.boats_in_play(extra))
    session.draft = list(draft_order(entries, min(islanders, session.discs * len(entries))))
    flex = 1 if setup.get("flex_plus_one") else 0   # F: more Islanders in rows A-D
    return entries, start_position(board, count) + flex


def _scorings(session: Session, board: Board, rng: random.Random) -> None:
    values = session.values
    if "area.A" in values:
        session.boat_scoring = {a: values[f"area.{a}"] for a in AREAS}
    else:
        session.boat_scoring = standard_boat_scorings(rng)
    if drops_boat_scoring(session.setup):
        # drawn all the same: the draws after it (Guardians, Leaders, decks) stay those of
        # the same seed; but no Boat Scoring lies on the table, so none is shown or recorded
        session.boat_scoring = {}
    for key, value in values.items():
        parts = key.split(".")
        if parts[0] == "ind":
            session.individual.setdefault(parts[1], {})[parts[2]] = value
        elif parts[0] == "beach":
            session.beach[parts[1]] = value


def deal_stream(session: Session) -> random.Random:
    """What deals the secret mission cards: the OS's randomness, never the public draws'
    seed; a replayed game derives it from its given seed under a label of its own."""
    if session.replay:
        return random.Random(f"fogkeeper: The FOG's mission deal from seed {session.seed}")
    return random.SystemRandom()


def _missions(session: Session, rules: FogRules, seating: list[str],
              rng: random.Random, secret: random.Random) -> None:
    """Open missions are public: drawn from ``rng``; dealt hands from ``secret`` alone."""
    extra = options_of(session.setup).extra_boat_tile
    for deck_name in MISSION_DECKS:
        mode = session.setup.get(deck_name) if not session.solo else ""
        if not mode:
            continue
        ids = mission_deck_ids(rules.cards, deck_name, rules.board, extra)
        if mode == "open":
            deck, shown = open_missions(shuffled_deck(deck_name, ids, rng))
            session.open_missions += list(shown)
            continue
        deck = shuffled_deck(deck_name, ids, secret)
        deck, hands = deal_missions(deck, seating)
        session.mission_deals += [MissionDeal(deck_name, player, Secret(tuple(hand)))
                                  for player, hand in hands.items()]


def public_setup(session: Session) -> dict[str, object]:
    """The setup every player may see (no mission card)."""
    state = session.state
    return {"board": state.setup.board, "mode": "solo" if session.solo else "multiplayer",
            "players": [p.to_dict() for p in session.players], "teams": session.teams,
            "turn_board": list(state.setup.entries), "fog_start": state.setup.fog_start,
            "options": {k: v for k, v in state.setup.options.to_dict().items()
                        if v not in (False, "")},
            "boat_scoring": session.boat_scoring, "discs_per_colour": session.discs,
            "guardians": guardians_json(session), "leaders": leaders_json(session),
            "nation_mp": dict(state.setup.nation_mp), "open_missions": session.open_missions}


def guardians_json(session: Session) -> dict[str, dict[str, str]]:
    return {p: {"card": g.card_id, "side": g.side} for p, g in session.guardians.items()}


def leaders_json(session: Session) -> list[dict[str, str]]:
    return [{"nation": x.nation, "type": x.type.value, "row": x.row} for x in session.leaders]
