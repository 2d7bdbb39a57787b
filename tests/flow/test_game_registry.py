"""One row a game: the home menu, its labels, the PIN offer, ``hello`` and ``game.start`` are
all made from the registry (``fogkeeper.flow.game.Game``), so adding a game is one row."""

from __future__ import annotations

from pathlib import Path

import pytest

from fogkeeper.config import Config
from fogkeeper.events import Button
from fogkeeper.flow.app import HOME_ITEMS, Screen
from fogkeeper.flow.game import GAMES, Game, GameContext
from support.effects import Effects
from support.table import AppTable

BOX_OWN = ("Timer", "Settings", "About")


def test_the_home_menu_is_every_registered_game_in_order_then_the_box_own_screens() -> None:
    assert (*(game.title for game in Game), *BOX_OWN) == HOME_ITEMS
    assert HOME_ITEMS[:3] == ("The FOG", "FOGSITE", "Corps of Discovery")  # as drawn today
    assert list(GAMES) == ["fog", "fogsite", "corps"]


@pytest.mark.parametrize("game", list(Game), ids=lambda g: g.key)
def test_each_row_makes_its_flow_with_the_row_s_name_and_title(game: Game) -> None:
    flow = game.make(GameContext(Config(), Effects(), lambda: 0.0))
    assert (flow.name, flow.title) == (game.key, game.title)


@pytest.mark.parametrize("game", list(Game), ids=lambda g: g.key)
def test_a_game_with_secrets_offers_the_pin_first_and_the_others_start(game: Game) -> None:
    t = AppTable(Effects(), Screen.HOME, None)
    t.press(*[Button.DOWN] * list(Game).index(game), Button.PRESS)
    assert t.app.state is (Screen.PIN_OFFER if game.has_secrets else Screen.GAME)
    assert [g.key for g in Game if g.has_secrets] == ["fogsite", "corps"]


def test_hello_and_game_start_name_exactly_the_registered_games(tmp_path: Path) -> None:
    from support.box import BoxHarness

    h = BoxHarness(tmp_path)
    assert h.request("hello")["games"] == {key: "ready" for key in GAMES}
    refused = h.request("game.start", game="chess")
    assert refused["error"]["code"] == "bad_args"
    assert refused["error"]["message"].endswith("one of: " + ", ".join(sorted(GAMES)))
    assert h.request("game.start", game="fog")["game"] == "fog"
