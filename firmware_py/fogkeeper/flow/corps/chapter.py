"""The chapter at the table: the mode, the guess board, the chapter menu, tracker and Monsters."""

from __future__ import annotations

import logging
from enum import Enum

from fogkeeper.flow.corps.session import CorpsScreen, CorpsSession
from fogkeeper.flow.game import GameContext
from fogkeeper.rules import corps

log = logging.getLogger(__name__)

GRID_COLUMNS = 3
ROW_MAX = 20  # a generous upper bound for the row chooser; the Map grid size is not in the text
FALLBACK_MONSTERS = tuple(f"Monster {n}" for n in range(1, 6))  # the expansion's five Threats


class ModeItem(Enum):
    MAP = "map"
    FOG = "fog"  # the Fog chapter
    NOTEBOOK = "notebook"  # Fog in previous Chapters


class ChapterItem(Enum):
    BOARD = "board"
    TRACKER = "tracker"
    WHY = "why"
    END = "end"
    KEY_HOLDER = "key_holder"
    LOSE = "lose"  # the core game's loss conditions ended the chapter (B-C12)
    SETUP = "setup"  # the chapter's setup, to read again


class TrackerItem(Enum):
    TIPI = "tipi"
    MONSTERS = "monsters"
    WATER = "water"
    EXPLORE = "explore"  # an Explore revealed a Terrain: face-up Monsters naming it cost Water
    ROW = "row"
    SKULL = "skull"
    NIGHT = "night"
    WHY = "why"
    UNDO = "undo"


MODE_ITEMS = tuple(ModeItem)
TRACKER_ITEMS = tuple(TrackerItem)


def key_allowed(s: CorpsSession) -> bool:
    """Whether this chapter takes a key: always in the Fog, by config in a previous one."""
    return s.chapter.mode is corps.ChapterMode.FOG or s.options.notebook_reveal


# The chapter's setup as the rulebook asks it, one reminder a tuple of the screen's rows, for
# the table to read before the board first opens and again at any time: the Fog chapter's own
# deltas, or Fog played in a previous Chapter (that Chapter's setup). corps.state sends them.
FOG_SETUP = (("Covering on first,", "then the Concealer off"), ("Water rule: in window",),
             ("9 guess tokens beside", "the Reference Board"), ("No Peak",),
             ("Given Hill: remove its", "Path token"), ("Irene cannot be used",),
             ("First Exploration: a", "Path in Column 7"),
             ("Rock found: the next", "player goes on in Col 7"))
NOTEBOOK_SETUP = (("That Chapter's setup", "and its cards only"),
                  ("(no Fog Challenge,", "Threat, Destiny cards)"), ("No Covering",),
                  ("1 of each token aside", "for the guesses"), ("That Chapter's end",))


def setup_reminders(s: CorpsSession) -> tuple[tuple[str, ...], ...]:
    """The setup reminders for the chapter being played, each as the rows it is drawn on."""
    return NOTEBOOK_SETUP if s.chapter.mode is corps.ChapterMode.NOTEBOOK else FOG_SETUP


def setup_rows(s: CorpsSession) -> tuple[str, ...]:
    """The setup reminder's rows on the screen."""
    return tuple(row for reminder in setup_reminders(s) for row in reminder)


def chapter_items(s: CorpsSession) -> tuple[ChapterItem, ...]:
    return tuple(item for item in ChapterItem
                 if key_allowed(s) or item is not ChapterItem.KEY_HOLDER)


def pickable(s: CorpsSession) -> tuple[corps.Token, ...]:
    """Tokens beside the board that the table may place (Water sits fixed in the Fog)."""
    fixed = s.chapter.board.water_slot is not None
    return tuple(t for t in s.chapter.board.supply if not (fixed and t is corps.Token.WATER))


def monster_names(options: corps.CorpsOptions) -> tuple[str, ...]:
    """The Threat cards the tracker offers, from config, else the five unnamed ones."""
    return tuple(card.card for card in options.monsters) or FALLBACK_MONSTERS


def end_reasons(chapter: corps.CorpsState) -> tuple[str, ...]:
    """Why the table may not end now, each short enough for one row of the screen."""
    if chapter.ended:
        return ("The chapter has ended",)
    if chapter.mode is corps.ChapterMode.NOTEBOOK:
        return ("Your Chapter's rules say",)  # the box does not judge that Chapter's end
    if corps.can_end(chapter)[0]:
        return ("Yes: you may end now",)
    tracker = chapter.tracker
    reasons = []
    if not tracker.end_unlocked:
        reasons.append(f"Tipis: {tracker.tipis_revealed} of {corps.TIPIS_TO_UNLOCK}")
    blocking = tracker.monsters if chapter.options.dormant_blocks else tracker.active_monsters
    reasons.extend(f"Kill {m.card}" for m in blocking)
    if not corps.is_sealed(chapter):
        reasons.append("Key not sealed")
    empty = len(chapter.board.empty_slots)
    if empty:
        reasons.append(f"Empty circles: {empty}")
    return tuple(reasons)


# ---- the mode ---------------------------------------------------------------------------
def start(s: CorpsSession, mode: corps.ChapterMode) -> None:
    """A new chapter on the chosen Map, with the options the box started with."""
    s.chapter = corps.new_chapter(mode, s.options, s.map_choice)
    s.board_opened = False
    s.cursors[CorpsScreen.KEY_MENU] = 0
    log.info("corps: %s chapter on map %d", mode.value, s.map_choice)


def step_map(s: CorpsSession, direction: int) -> None:
    s.map_choice = (s.map_choice - 1 + direction) % corps.MAP_COUNT + 1


# ---- the guess board --------------------------------------------------------------------
def move_cursor(s: CorpsSession, trigger: str) -> None:
    row, column = divmod(s.cursor_slot - 1, GRID_COLUMNS)
    row += {"up": -1, "down": 1}.get(trigger, 0)
    column += {"left": -1, "right": 1}.get(trigger, 0)
    last_row = (corps.SLOT_COUNT - 1) // GRID_COLUMNS
    if 0 <= row <= last_row and 0 <= column < GRID_COLUMNS:
        s.cursor_slot = row * GRID_COLUMNS + column + 1


def on_fixed_water(s: CorpsSession) -> bool:
    return s.chapter.board.water_slot == s.cursor_slot


def on_empty_circle(s: CorpsSession) -> bool:
    return s.chapter.board.token_at(s.cursor_slot) is None


def place(s: CorpsSession, context: GameContext, token: corps.Token) -> None:
    s.attempt(context, lambda: corps.place_token(s.chapter, token, s.cursor_slot))


def drop_carried(s: CorpsSession, context: GameContext) -> None:
    """The token in the hand goes on the circle under the cursor."""
    origin, s.carried = s.carried, None
    if origin is not None:
        s.attempt(context, lambda: corps.move_token(s.chapter, origin, s.cursor_slot))


def return_carried(s: CorpsSession, context: GameContext) -> None:
    """The token in the hand goes off the board, back beside it."""
    origin, s.carried = s.carried, None
    if origin is not None:
        s.attempt(context, lambda: corps.remove_token(s.chapter, origin))


# ---- the tracker and the Monsters -------------------------------------------------------
def record(s: CorpsSession, context: GameContext, action: corps.TrackAction) -> None:
    """One tracker change; the state before it is kept for "Undo last"."""
    before = s.chapter
    if s.attempt(context, lambda: corps.track(s.chapter, action)):
        s.undo = before
        context.effects.sound("click")


def tracker_ok(s: CorpsSession, context: GameContext, item: TrackerItem) -> None:
    """OK on a tracker row that records something (Monsters and Why open their screens)."""
    actions: dict[TrackerItem, corps.TrackAction] = {
        TrackerItem.TIPI: corps.TipiRevealed(), TrackerItem.WATER: corps.WaterChanged(1),
        TrackerItem.ROW: corps.RowCompleted(s.row_choice),
        TrackerItem.SKULL: corps.SkullFound(), TrackerItem.NIGHT: corps.NightFell(),
    }
    if item is TrackerItem.UNDO:
        undo_last(s, context)
    elif item is TrackerItem.EXPLORE:
        explored(s, context)
    elif item in actions:
        record(s, context, actions[item])


OTHER_TERRAIN = "other"   # a Terrain no face-up Monster names


def explore_terrains(s: CorpsSession) -> list[str]:
    """What an Explore can reveal that matters: each Terrain a face-up Monster names (a
    Monster whose card the box does not know is named by its card), or another Terrain."""
    named: list[str] = []
    for monster in s.chapter.tracker.active_monsters:
        terrain = monster.terrain or f"as {monster.card}"   # the card's own Terrain
        if terrain not in named:
            named.append(terrain)
    return [*named, OTHER_TERRAIN]


def explored(s: CorpsSession, context: GameContext) -> None:
    """OK on Explore: the Terrain chosen was revealed (its Monsters cost 1 Water each)."""
    choices = explore_terrains(s)
    terrain = choices[s.explore_choice % len(choices)]
    unknown = [m for m in s.chapter.tracker.active_monsters
               if not m.terrain and terrain == f"as {m.card}"]
    if unknown:   # the card's Terrain is not in the box's data: its Water is lost all the same
        record(s, context, corps.WaterChanged(-len(unknown)))
    else:
        record(s, context, corps.TerrainExplored(terrain))


def tracker_step(s: CorpsSession, context: GameContext, item: TrackerItem,
                 direction: int) -> None:
    """Left/right on a tracker row: Water -1/+1, the row chooser, a Tipi (right only), the
    Terrain an Explore revealed."""
    if item is TrackerItem.EXPLORE:
        s.explore_choice = (s.explore_choice + direction) % len(explore_terrains(s))
    elif item is TrackerItem.WATER:
        record(s, context, corps.WaterChanged(direction))
    elif item is TrackerItem.ROW:
        s.row_choice = max(1, min(ROW_MAX, s.row_choice + direction))
    elif item is TrackerItem.TIPI and direction > 0:
        record(s, context, corps.TipiRevealed())


def take_back(s: CorpsSession) -> bool:
    """The chapter as it was before the last tracker change ("Undo last", corps.undo);
    False when there is none to take back (or the chapter has ended)."""
    if s.undo is None or s.chapter.ended:
        return False
    s.chapter, s.undo = s.undo, None
    return True


def undo_last(s: CorpsSession, context: GameContext) -> None:
    if not take_back(s):
        s.note = "nothing to undo"
        return
    context.effects.sound("click")


# The Terrains a Monster card can name: the nine the guess tokens stand for (the rulebook
# calls them "Tipi Terrains", "a Rock found", "Mushroom Field", "Flower"...), and whatever
# other Terrain the owner's card data names. NO_TERRAIN stands for one not on the list: the
# Monster is then recorded without it, and Explore offers it "as Monster N".
TERRAINS = tuple(token.value.capitalize() for token in corps.Token)
NO_TERRAIN = ""


def terrain_choices(options: corps.CorpsOptions, card: str) -> tuple[str, ...]:
    """The Terrains offered for ``card``: its own from the owner's data first, then the
    nine, then the others the owner's cards name, then "another Terrain"."""
    printed = options.monster(card)
    first = [printed.terrain] if printed is not None and printed.terrain else []
    others = [m.terrain for m in options.monsters if m.terrain]
    choices: list[str] = []
    for terrain in (*first, *TERRAINS, *others):
        if terrain.casefold() not in (c.casefold() for c in choices):
            choices.append(terrain)
    return (*choices, NO_TERRAIN)


def monster_revealed(s: CorpsSession, context: GameContext, card: str, terrain: str,
                     dormant: bool) -> None:
    """A card turned face up naming ``terrain`` (asleep by Medicinal Herbs: ``dormant``)."""
    record(s, context, corps.MonsterRevealed(card, terrain, dormant=dormant))


def monster_killed(s: CorpsSession, context: GameContext, card: str) -> None:
    record(s, context, corps.MonsterKilled(card))


def printed_terrain(options: corps.CorpsOptions, card: str) -> str:
    """The Terrain the owner's data gives ``card`` ("" when the box does not know it)."""
    printed = options.monster(card)
    return printed.terrain if printed is not None else ""
