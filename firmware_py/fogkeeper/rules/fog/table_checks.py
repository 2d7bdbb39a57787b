"""Checks that a record's table could have been set up: players and colours, teams, the FOG
start, the option tiles, the missions dealt, the Islanders and piers in play.

Each problem is said in the rulebook's words; an empty list means the table is possible.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from fogkeeper.rules.fog.board import Board, InPlay
from fogkeeper.rules.fog.cards import CardSet
from fogkeeper.rules.fog.census import Census, count_islanders
from fogkeeper.rules.fog.errors import FogRulesError
from fogkeeper.rules.fog.legality import label_of
from fogkeeper.rules.fog.model import AREAS, FinalIslander, IslanderType
from fogkeeper.rules.fog.record import Record
from fogkeeper.rules.fog.setup import colours_per_player

PIER_FIELDS = 3          # «Each pier consists of exactly 3 fields.»
PIERS_PER_BOAT = 2       # «Each boat must have a pier to the left and right»
MISSIONS_KEPT = 1        # deal 2, keep 1, per mission deck
MISSIONS_OPEN = 3        # alternate play: 3 cards face up per deck
TEAM_SHAPES: dict[int, tuple[tuple[int, int], ...]] = {4: ((2, 2),), 6: ((3, 2), (2, 3))}
LEADER_TYPES = frozenset({IslanderType.LEADER, IslanderType.ELDER})  # option 10: or its Elder
AREA_SET = frozenset(AREAS)
DECK_NAMES = {"rescued_islanders": "Rescued Islander", "rescue_achievements":
              "Rescue Achievements"}


def table_problems(record: Record, board: Board, cards: CardSet,
                   census: Census | None = None) -> list[str]:
    """Every way the record's table breaks the setup rules, in record order. `census` is
    the record's Islanders counted (counted here when not given). Each check returns its
    problems as a list (most often empty: a list costs less than a generator)."""
    if census is None:
        census = count_islanders(record.islanders)
    in_play = board.in_play(record.options.extra_boat_tile)
    return (_fog_start(record, board) + _players(record, board) + _teams(record)
            + _tiles(record, board, in_play) + _islanders(record, census, in_play)
            + _missions(record, board, cards))


def fog_start_range(board: Board) -> tuple[int, int]:
    """The fields the FOG Marker can start on: above the lower-left corner, on the track."""
    return board.fog_corner + 1, board.fog_positions[0]    # (highest first)


def _fog_start(record: Record, board: Board) -> list[str]:
    low, high = fog_start_range(board)
    if low <= record.fog_start <= high:
        return []
    shown = str(record.fog_start)
    if len(shown) > 7:
        shown = shown[:7] + "..."
    return [f"fog.start: the FOG Marker starts above the lower-left corner field of board "
            f"{board.name}'s FOG Track ({low} to {high}), not {shown}"]


def _players(record: Record, board: Board) -> list[str]:
    count = len(record.players)
    if record.is_solo:
        return [f"players: a solo game has one player, not {count}"] if count != 1 else []
    if not board.min_players <= count <= board.max_players:
        return [f"players: board {board.name} is played by {board.min_players} to "
                f"{board.max_players} players, not {count}"]
    try:
        allowed = colours_per_player(board, count, record.options.three_colours)
    except FogRulesError as exc:
        return [f"options.three_colours: {exc}"]
    return [f"players: {player.name} plays {len(player.colours)} colours; with {count} "
            f"players on board {board.name} a player plays {allowed}"
            for player in record.players if len(player.colours) > allowed]


def _teams(record: Record) -> list[str]:
    if not record.teams:
        if record.options.team_scoring:
            return ["options.team_scoring: option 8 (Team Play) is on, but no teams are listed"]
        return []
    found = []
    if not record.options.team_scoring:
        found.append("teams: teams are option 8 (Team Play); choose its team scoring (sum or "
                     "lowest) or list no teams")
    teams = record.teams
    members = sum(teams, ())    # (every team's members, in team order)
    in_teams = set(members)
    if len(in_teams) != len(members):   # (someone is listed twice: say who, how often)
        for name, times in sorted(Counter(members).items()):
            if times > 1:
                found.append(f"teams: {name} is in {times} teams; every player is in exactly "
                             "one team")
    names = {p.name for p in record.players}
    if not names <= in_teams:
        left_out = sorted(names - in_teams)
        found.append(f"teams: {', '.join(left_out)} is in no team; every player is in "
                     "exactly one team")
    shapes = TEAM_SHAPES.get(len(record.players), ())
    size = len(teams[0])
    if (len(teams), size) not in shapes or any(len(team) != size for team in teams):
        allowed = " or ".join(f"{n} teams of {k}" for n, k in shapes) or "no teams"
        found.append(f"teams: with {len(record.players)} players, option 8 plays {allowed}")
    return found


def _tiles(record: Record, board: Board, in_play: InPlay) -> list[str]:
    options = record.options
    if options.individual_boat_scorings:
        for boat in in_play.boats:
            tiles = record.individual_boat_scorings.get(boat.nation, {})
            if tiles.keys() >= AREA_SET:
                continue    # (a tile on every Area)
            for area in AREAS:
                if area not in tiles:   # (the first Area without a tile)
                    return [f"option 6 (Individual Boat Scorings): no tile on Area {area} of "
                            f"the {boat.nation} boat (setup.individual_boat_scorings)"]
    found = [f"setup.beach_scoring.{row}: option 7 places Beach Scorings on the printed rows; "
             f"no row {row} on board {board.name} ({board.rows[0]} to {board.rows[-1]})"
             for row in record.beach_scoring if row not in board.row_set]
    if record.beach_scoring and not options.beach_scoring:
        found.append("setup.beach_scoring: Individual Beach Scorings are option 7, which is off")
    return found


def _islanders(record: Record, census: Census, in_play: InPlay) -> list[str]:
    islanders = record.islanders
    found: list[str] = []
    if in_play.left_in_box:     # (board M: a boat left in the box)
        found += _islander_problems(record, list(enumerate(islanders)), in_play.left_in_box)
    else:   # only an Islander marked as a Leader can be wrong here
        marked = census.marked
        if marked and (not record.options.rescue_leaders
                       or not {x.type for x in marked} <= LEADER_TYPES):
            found += _islander_problems(record, [
                (i, x) for i, x in enumerate(islanders) if x.rescue_leader], in_play.left_in_box)
    room = PIER_FIELDS * PIERS_PER_BOAT
    for nation, count in sorted(census.on_piers.items()):
        if count > room:
            found.append(f"{count} Islanders on the {nation} boat's piers; its two piers have "
                         f"exactly {PIER_FIELDS} fields each ({room} in all)")
    return found


def _islander_problems(record: Record, suspects: list[tuple[int, FinalIslander]],
                       left_in_box: frozenset[str]) -> Iterator[str]:
    """Each suspect's problems, in record order: its nation's boat left in the box, a
    Leader mark without option 10 or on an Islander that cannot be one."""
    for i, x in suspects:
        if x.nation in left_in_box:
            yield (f"{label_of(i, x)}: no {x.nation} boat on the table, so no {x.nation} "
                   "Islanders are in play")
        if x.rescue_leader and not record.options.rescue_leaders:
            yield (f"{label_of(i, x)}: marked as a Leader of option 10 (Rescue the Leaders), "
                   "which is off")
        elif x.rescue_leader and x.type not in LEADER_TYPES:
            yield (f"{label_of(i, x)}: marked as a Leader of option 10, but only a Leader, or "
                   "the Elder standing in for one, can be")


def _missions(record: Record, board: Board, cards: CardSet) -> list[str]:
    try:
        letters = board.mission_card_letters(record.options.extra_boat_tile)
    except FogRulesError:
        return []
    if _missions_right(record, cards, letters):
        return []
    return list(_mission_problems(record, board, cards, letters))


def _mission_problems(record: Record, board: Board, cards: CardSet, letters: tuple[str, ...]
                      ) -> Iterator[str]:
    """Each problem of the mission cards, in card order (a walk over every card held or
    shown: it runs only when one is wrong)."""
    decks = cards.mission_decks     # (mission card id -> its deck; other ids have none)
    holders: dict[str, list[str]] = {}
    for player, held in record.missions.held.items():
        per_deck = Counter(decks.get(card, "") for card in held)
        for deck, count in sorted(per_deck.items()):
            if deck and count > MISSIONS_KEPT:
                yield (f"missions.held.{player}: {player} keeps {count} {DECK_NAMES[deck]} "
                       f"cards; of the 2 dealt a player keeps {MISSIONS_KEPT}")
        for card in held:
            holders.setdefault(card, []).append(player)
    for card, who in holders.items():
        if len(who) > 1:
            yield f"missions: {card} is held by {' and '.join(who)}; each card is dealt once"
    shown = Counter(record.missions.open)
    open_per_deck = Counter(decks[card] for card in shown if card in decks)
    unprinted = cards.unprinted
    for card in sorted(holders.keys() | shown.keys()):
        deck = decks.get(card, "")
        if not deck:
            continue    # not a mission card: the scoring names it
        times_open = shown[card]
        if card[0] not in letters:
            yield (f"missions: {card} is not used on board {board.name} (it uses mission "
                   f"cards {', '.join(letters)})")
        if card in unprinted:   # (an Achievement is always printed)
            yield (f"missions: the rulebook does not print {card}; enter what the card "
                   f"pictures and its RP (missions.cards.{card}), or keep it in the owner's "
                   "deck file")
        mode = getattr(record.options, deck)
        if mode == "open" and card in holders:
            yield (f"missions: {card} is held, but the {DECK_NAMES[deck]} deck is played "
                   "open (alternate play)")
        if times_open and mode == "secret":
            yield (f"missions: {card} is open, but the {DECK_NAMES[deck]} deck is dealt "
                   "(keep 1 of 2)")
        if times_open > 1:
            yield f"missions.open: {card} is listed {times_open} times"
    for deck, count in sorted(open_per_deck.items()):
        if count > MISSIONS_OPEN:
            yield (f"missions.open: {count} {DECK_NAMES[deck]} cards face up; alternate play "
                   f"shows {MISSIONS_OPEN}")


def _missions_right(record: Record, cards: CardSet, letters: tuple[str, ...]) -> bool:
    """True when no mission card breaks a rule, judged on sets of card ids (the same rules
    as the walk that names each problem): each card dealt or shown once, a player keeps one
    card per deck, every card is one the board uses and printed, each deck is played as the
    options say, with at most 3 of its cards face up."""
    missions = record.missions
    shown = frozenset(missions.open)
    if len(shown) != len(missions.open):
        return False
    decks = cards.mission_deck_ids
    held: set[str] = set()
    dealt = 0
    for kept in missions.held.values():
        held.update(kept)
        dealt += len(kept)
        for ids in decks.values():
            if len(ids.intersection(kept)) > MISSIONS_KEPT:
                return False
    lettered = cards.missions_lettered(letters)     # (only mission cards: others are named)
    if (len(held) != dealt or not held <= lettered or not shown <= lettered
            or not cards.unprinted.isdisjoint(held) or not cards.unprinted.isdisjoint(shown)):
        return False
    for deck, ids in decks.items():
        mode = getattr(record.options, deck)
        face_up = len(ids.intersection(shown))
        if (face_up > MISSIONS_OPEN or (face_up and mode == "secret")
                or (mode == "open" and not ids.isdisjoint(held))):
            return False
    return True
