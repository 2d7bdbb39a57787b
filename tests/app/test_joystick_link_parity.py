"""Every action the joystick can do, the link can do, and the reverse, game by game.

Both sides are read from their declarations, never from a list of names written here:

- the joystick: every named trigger of the game's table (a move a part fires after a menu
  choice, ``Go.COPY_SHEET``), every row's work (``board.place_chosen``) and every row of the
  menus the parts choose on (``TrackerItem.TIPI``);
- the link: every command row of the game (``fogsite.move``), a command whose ``op`` or
  ``event`` is an enum counted once for each of its values (``corps.track:tipi``).

An action and a command of the same name match (``TeamAction.END_TURN`` is ``end_turn``,
``TrackerItem.TIPI`` is ``track:tipi``). Where the names differ the tables below say which
command does it, or why the entry is only the way to another one; each entry is checked
to exist, so a renamed action or command fails here too. A new menu row, trigger, work or
command that has no counterpart on the other side fails until one is built.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum

import pytest

from fogkeeper.flow.app.table import EVERY_TRIGGER
from fogkeeper.flow.corps import chapter as corps_chapter
from fogkeeper.flow.corps import key_entry as corps_keys
from fogkeeper.flow.corps import link as corps_link
from fogkeeper.flow.corps import table as corps_table
from fogkeeper.flow.fog import link as fog_link
from fogkeeper.flow.fog import menus as fog_menus
from fogkeeper.flow.fog import table as fog_table
from fogkeeper.flow.fogsite import link as fogsite_link
from fogkeeper.flow.fogsite import relic as fogsite_relic
from fogkeeper.flow.fogsite import setup as fogsite_setup
from fogkeeper.flow.fogsite import table as fogsite_table
from fogkeeper.flow.fogsite import team as fogsite_team
from fogkeeper.flow.kit.link import GameCommands
from fogkeeper.flow.tables import expand

CONTROLS = frozenset(EVERY_TRIGGER)   # a button, not a move: what it does is a row's work
SELECTORS = ("op", "event")           # a command's field that names what it does
WORK = ("prepare", "before", "after")  # conditions only ask


def joystick_actions(rows: Iterable[Mapping[str, object]],
                     menus: Iterable[type[Enum]]) -> frozenset[str]:
    """The table's named moves and work, and the menu rows the parts choose on."""
    found: set[str] = set()
    for row in expand(list(rows)):
        trigger = str(row["trigger"])
        if trigger not in CONTROLS and not trigger.startswith("back_to_"):
            found.add(trigger)
        for key in WORK:
            work = row.get(key) or []
            found.update(str(w) for w in ([work] if isinstance(work, str) else work))
    found.update(f"{menu.__name__}.{member.name}" for menu in menus for member in menu)
    return frozenset(found)


def link_actions(commands: GameCommands[object]) -> frozenset[str]:
    """The game's commands, one an enum value of their ``op``/``event`` where they have one."""
    found: set[str] = set()
    for name, row in commands.rows.items():
        chosen = [f for f in row.args if f.key in SELECTORS and issubclass(f.kind, Enum)]
        found.update(f"{name}:{m.value}" for f in chosen for m in f.kind)
        if not chosen:
            found.add(name)
    return frozenset(found)


def key(name: str) -> str:
    """What an action is called whichever side names it: ``TrackerItem.TIPI`` and
    ``track:tipi`` are ``tipi``, ``fogsite``'s ``end_turn`` is ``end_turn``."""
    return name.rsplit(":", 1)[-1] if ":" in name else name.rsplit(".", 1)[-1].lower()


@dataclass(frozen=True)
class Parity:
    """One game's two sides and the words between them."""

    joystick: frozenset[str]
    link: frozenset[str]
    # a joystick action -> the command(s) that do the same, where the names differ
    link_for: Mapping[str, tuple[str, ...]]
    # a joystick entry that only leads to another screen or choice (listed on its own)
    on_the_way: Mapping[str, str]
    # a command the joystick does in a screen's own key handling, not a declared entry
    joystick_for: Mapping[str, str] = field(default_factory=dict)
    # a joystick action the link must never do, and the rule that says so
    never_on_link: Mapping[str, str] = field(default_factory=dict)

    def counterparts(self, action: str) -> tuple[str, ...]:
        if action in self.link_for:
            return self.link_for[action]
        return tuple(sorted(c for c in self.link if key(c) == key(action)))

    def link_cannot(self) -> list[str]:
        """Joystick actions with no command doing the same."""
        return sorted(a for a in self.joystick
                      if a not in self.on_the_way and a not in self.never_on_link
                      and (not self.counterparts(a)
                           or not set(self.counterparts(a)) <= self.link))

    def joystick_cannot(self) -> list[str]:
        """Commands no joystick action does."""
        reached = {c for a in self.joystick for c in self.counterparts(a)}
        return sorted(c for c in self.link if c not in reached and c not in self.joystick_for)

    def stale(self) -> list[str]:
        """Words below about an action or a command that no longer exists."""
        named = {*self.link_for, *self.on_the_way, *self.never_on_link}
        return sorted({*(a for a in named if a not in self.joystick),
                       *(c for c in self.joystick_for if c not in self.link)})


# ---- Corps of Discovery --------------------------------------------------------------------
CORPS = Parity(
    joystick=joystick_actions(corps_table.TRANSITIONS, (
        corps_chapter.ModeItem, corps_chapter.ChapterItem, corps_chapter.TrackerItem,
        corps_keys.KeyWay)),
    link=link_actions(corps_link.COMMANDS),
    link_for={
        # the mode screen: its Map and its mode start a chapter, as corps.start (map, mode)
        "ModeItem.MAP": ("start",), "mode.change_map": ("start",),
        "ModeItem.FOG": ("start",), "ModeItem.NOTEBOOK": ("start",),
        # the key holder: typed circle by circle, or given over the link, then sealed
        "KeyWay.JOYSTICK": ("key:seal",),
        "KeyWay.LINK": ("key:seal",),
        "KeyWay.SEAL": ("key:seal",),
        "key_holder.confirm_slot": ("key:seal",),
        "key_holder.seal": ("key:seal",),
        "key_holder.unseal": ("key:unseal",),
        "ChapterItem.KEY_HOLDER": ("key:unseal",),
        # the guess board: a token placed, carried to another circle, taken off
        "board.place_chosen": ("guess:place",),
        "board.carry_ok": ("guess:move",),
        "board.return_carried": ("guess:remove",),
        # what the chapter menu and the tracker show, the public view says
        "ChapterItem.BOARD": ("state",),
        "ChapterItem.TRACKER": ("state",),
        "ChapterItem.WHY": ("state",),          # `blockers`
        "TrackerItem.WHY": ("state",),
        "ChapterItem.SETUP": ("state",),        # `setup`
        "ChapterItem.LOSE": ("lose",),
        "end.lose_now": ("lose",),
        "end.end_now": ("end",),
        # the Monsters: face up (with the Terrain on the card, or asleep), killed
        "tracker.monster_ok": ("track:monster", "track:kill"),
        "tracker.monster_asleep": ("track:monster",),
        "tracker.terrain_ok": ("track:monster",),
        # the reveal, circle by circle or all at once
        "end.reveal_ok": ("reveal",),
        "end.reveal_everything": ("reveal",),
    },
    on_the_way={
        # screens that open another, whose own rows and work are listed; the link's own
        # commands fire some of them (key_sealed, board_changed, reveal_done) after acting
        **{go: "a screen change" for go in (
            "give_key", "open_board", "enter_on_joystick", "wait_for_link", "drop_key_entry",
            "ask_pin_to_seal", "seal_without_pin", "pin_right", "pin_cancel", "key_sealed",
            "ask_pin_to_unseal", "say_no_pin", "pick_token", "take_token", "put_down",
            "board_changed", "open_tracker", "open_monsters", "name_terrain", "ask_why",
            "open_setup", "ask_to_end", "ask_to_lose", "reveal_begins", "nothing_to_reveal",
            "reveal_done")},
        "TrackerItem.MONSTERS": "opens the Monsters list (tracker.monster_ok)",
        "KeyWay.NO_KEY": "a previous Chapter played without a key: no command is needed",
        "mode.choose": "runs the mode row chosen (ModeItem)",
        "tracker.chapter_ok": "runs the chapter menu's row (ChapterItem)",
        "tracker.ok": "runs the tracker's row (TrackerItem)",
        "tracker.step": "left/right on the tracker's row (TrackerItem)",
        "key_holder.choose_way": "runs the key menu's row (KeyWay)",
        "board.ok": "opens the token list or takes a token in the hand",
        # moving about: a cursor, the hand, a token wheel, the PIN pad, the way back
        **{w: "moving about" for w in (
            "menus.move", "board.move_cursor", "board.drop_hand", "key_holder.step_token",
            "key_holder.previous_slot", "key_holder.start_entry", "key_holder.forget_entry",
            "key_holder.leave_menu", "key_holder.new_seal_pad", "key_holder.new_unseal_pad",
            "key_holder.pad_input", "asides.back_from_quit", "asides.back_from_why",
            "asides.remember_for_quit", "asides.remember_for_why", "asides.quit_game")},
        # the verdict's tune as it first shows (after the reveal, which corps.reveal does)
        "end.sound_verdict": "the verdict heard: the buzzer, no action",
    },
)

# ---- FOGSITE --------------------------------------------------------------------------------
FOGSITE = Parity(
    joystick=joystick_actions(fogsite_table.ROWS, (
        fogsite_setup.SetupRow, fogsite_team.TeamAction, fogsite_team.TableRow,
        fogsite_team.EscapeChoice, fogsite_relic.RelicMode)),
    link=link_actions(fogsite_link.COMMANDS),
    link_for={
        # the setup menu: each of its rows is an argument of fogsite.setup
        **{f"SetupRow.{row.name}": ("setup",) for row in fogsite_setup.SetupRow},
        **{go: ("setup",) for go in ("open_balancing", "enter_maze", "box_chosen",
                                     "maze_checked", "maze_refused", "sleeper_chosen",
                                     "lock", "setup_refused")},
        # a Move on teammates' tiles: their sheets laid first, as fogsite.move's copies
        "copy_sheet": ("move",),
        "copy_done": ("move",),
        # a Relic chosen and its questions, the human Guardian's answer to it (PIN)
        "relic_chosen": ("relic",),
        "relic_again": ("relic",),
        "use_relic": ("relic",),
        "RelicMode.USE": ("relic",),
        "RelicMode.RESTORE_TIME": ("relic",),   # I4: restore_time
        "guardian_choice": ("relic",),
        "choose_answer": ("relic",),            # lie / answer
        "gift_chosen": ("give",),
        # after everyone played: go on, or call the escape (announce)
        "EscapeChoice.PLAY_ON": ("escape",),
        "escape_call": ("escape",),
        # the Guardian's moves (G6's question too)
        "enter_moves": ("guardian_move",),
        "g6_ask": ("guardian_move",),
        "guardian_played": ("guardian_move",),
        # what the table may read: the log, the sheets (I3's Starting tiles)
        "TableRow.LOG": ("state",),
        "open_log": ("state",),
        "TableRow.START_TILES": ("state",),
        "open_start_tiles": ("state",),
        "TableRow.TEAM_TIME": ("team_time",),   # the house rule's pause
        "maze_seen": ("reveal",),
    },
    on_the_way={
        **{go: "a screen change after an action, or the engine's own turn" for go in (
            "answered", "box_turn", "guardian_turn", "team_turn", "turn_goes_on",
            "game_over", "team_time_out", "think_over", "maze_covered", "route_dropped",
            "hand_gate", "choose_again", "investigator_chosen", "lock_cancelled",
            "easy_lock_cancelled", "open_pin", "pin_cancel", "pin_ok")},
        "remember": "moving about",
    },
    joystick_for={
        # the winner screen's right key (End.winner_key), once, while nobody saw the maze
        "play_on": "right on the winner screen",
    },
    never_on_link={
        # the maze never reaches the link before the end (DESIGN: secrets)
        "peek": "the Guardian's look at the maze, on the box with the PIN",
        "TableRow.GUARDIAN_LOOK": "the Guardian's look at the maze, on the box with the PIN",
    },
)

# ---- The FOG ----------------------------------------------------------------------------------
FOG = Parity(
    joystick=joystick_actions(fog_table.TRANSITIONS, (fog_menus.Entry,)),
    link=link_actions(fog_link.COMMANDS),
    link_for={
        # the checklist and what the table lays out
        "start": ("setup",), "checklist.start_game": ("setup",),
        "checklist.store_preset": ("setup",),   # the checklist kept for the next game
        "enter_values": ("setup",), "checklist.ask_values": ("setup",),   # `values`
        # the missions, the draft
        "kept": ("mission.keep",), "drafted": ("draft.pick",),
        # cards the table turns over, and a "Rescued Islander" card's picture
        "ask_card": ("card",), "card_entered": ("card",), "cards.ask_fog_card": ("card",),
        "picture": ("mission.picture",), "pictured": ("mission.picture",),
        "cards.keep_picture": ("mission.picture",),
        # the review's "Kept missions" row asks each player's card, entered as it is
        "Entry.MISSIONS": ("score.missions", "card"),
        "show_card": ("state",),
        # turns: the MP helper's price paid, a turn ended, the FOG step taken back
        "paid": ("cost",), "rounds.pay_cost": ("cost",),
        "rounds.close_turn": ("end_turn",), "rounds.start_turn": ("end_turn",),
        "rounds.ask_round_end": ("end_turn",),
        "ask_undo_fog": ("undo",), "rounds.undo_fog_step": ("undo",),
        "rounds.end_game_now": ("end_game",), "scores.start_scoring": ("end_game",),
        # the FOG step's losses, entered, fixed at the review, removed
        "losses_entered": ("losses", "fog.losses"),   # fog.fog.losses: the same command
        "losses_done": ("losses",),
        "losses.add_picked_loss": ("losses",), "losses.close_losses": ("losses",),
        "losses.remove_asked_loss": ("lost",), "fix_losses": ("lost",),
        "losses.open_fixed_losses": ("lost",), "Entry.LOSSES": ("lost",),
        # the scoring: each colour's Islanders and bonuses, the review, the score
        "colour_done": ("score.enter",), "to_review": ("score.enter",),
        "scores.add_picked_islander": ("score.enter",),
        "scores.remove_asked_islander": ("score.enter",),
        "scores.next_score_colour": ("score.enter",),
        "score": ("score.confirm",), "scores.score_game": ("score.confirm",),
        "Entry.SCORE_GAME": ("score.confirm",),
        "ask_score": ("score.confirm",), "scores.score_game_anyway": ("score.confirm",),
        "scores.open_detail": ("result",), "Entry.LEVEL": ("result",),
        # the checklist's Past games, and the owner's board walk-through
        "past_games.read_history": ("history",),
        "check_board": ("board.open",), "checklist.open_check": ("board.open",),
        "checklist.ask_save_board": ("board.save",), "checklist.save_board": ("board.save",),
        "checklist.ask_drop_board": ("board.drop",),
    },
    on_the_way={
        **{go: "a screen change, a question asked first, or the hourglass's own expiry"
           for go in ("ask_remove", "edit", "grid_pick", "pick_islander", "pick_loss",
                      "refused", "time_up", "board_done")},
        **{w: "opens a pick or a list, moves a cursor, forgets a question" for w in (
            "cards.drop_cards", "losses.open_loss_pick", "losses.open_losses",
            "scores.cursor_to_score", "scores.cursor_to_type", "scores.leave_grid_pick",
            "scores.open_grid", "scores.open_score_pick", "scores.stop_editing",
            "controls.cursor_to_add", "controls.forget_question", "controls.go_back",
            "controls.quit_game", "controls.remember", "controls.warn_if_noted",
            "checklist.cursor_to_board_check", "rounds.begin_turns", "rounds.lose_mp",
            # the cursor back where the player left it, after a notice or a card entered
            "controls.back_on_row", "scores.cursor_back_on_review_row")},
        "Entry.ADD": "opens the pick of one more loss or Islander",
        "Entry.DONE": "closes the list (losses_done, colour_done)",
    },
    joystick_for={
        # a screen's own keys (Controls.press hands them to the screen's part first)
        "continue": "OK on the screens that say what the table lays out",
        "mission.show": "hold OK on the pass screen",
        "draft.undo": "B on the draft screen",
        "spend": "down on the turn screen, 1 MP a press",
        "hourglass": "left on the turn screen pauses the glass or runs it on",
        "board": "up/down (and OK) on the walk-through, one value a screen",
        "board.set": "left/right on the walk-through's value",
    },
)

GAMES = {"corps": CORPS, "fogsite": FOGSITE, "fog": FOG}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_words_between_the_two_sides_name_actions_and_commands_that_exist(
        game: str) -> None:
    assert GAMES[game].stale() == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_link_does_every_action_the_joystick_does(game: str) -> None:
    assert GAMES[game].link_cannot() == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_joystick_does_every_command_the_link_does(game: str) -> None:
    assert GAMES[game].joystick_cannot() == []


def test_the_enumeration_finds_an_action_on_one_side_only() -> None:
    class Menu(Enum):
        TIPI = "Tipi"
        DANCE = "Dance"   # no command does it

    rows = [{"trigger": "ok", "source": "a", "dest": "b", "before": "part.sing"},
            {"trigger": "back_to_a", "source": "b", "dest": "a"}]
    joystick = joystick_actions(rows, (Menu,))
    assert joystick == {"Menu.TIPI", "Menu.DANCE", "part.sing"}
    sides = Parity(joystick, frozenset({"track:tipi", "sing", "juggle"}), {}, {})
    assert sides.link_cannot() == ["Menu.DANCE"]   # TIPI is track:tipi, part.sing is sing
    assert sides.joystick_cannot() == ["juggle"]
    named = Parity(joystick, frozenset({"track:tipi", "sing"}), {"part.sing": ("sing",)},
                   {"Menu.DANCE": "moving about", "Menu.GONE": "a row since removed"})
    assert named.link_cannot() == [] and named.joystick_cannot() == []
    assert named.stale() == ["Menu.GONE"]
