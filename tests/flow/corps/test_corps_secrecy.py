"""No hint of the sealed key before the end: a scripted chapter played against two keys that
share only Water's circle must look the same, frame for frame, reply for reply, log for log."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from typing import Any

import pytest

from flow.corps.corps_table import DOWN, HOLD, OK, UP, B, Table, shuffled_key
from fogkeeper.flow.corps import CorpsScreen as C
from fogkeeper.link.protocol import LinkError
from fogkeeper.rules import corps
from fogkeeper.rules.corps import AnswerKey, Token


@dataclass
class Seen:
    """Everything a player or the host could see, before and after the end."""

    before: list[str] = field(default_factory=list)
    after: list[str] = field(default_factory=list)

    def add(self, text: str, ended: bool) -> None:
        (self.after if ended else self.before).append(text)


def other_key(key: AnswerKey) -> AnswerKey:
    """The same Map and Water circle, every other circle holding another token."""
    free = [slot for slot in corps.SLOTS if slot != key.water_slot]
    tokens = [key.answer(slot) for slot in free]
    rotated = dict(zip(free, tokens[1:] + tokens[:1], strict=True))
    return corps.key_from_slots(key.map_id, {**rotated, key.water_slot: Token.WATER})


def ask(t: Table, seen: Seen, action: str, **args: Any) -> None:
    ended = t.game.session.chapter.ended
    try:
        seen.add(json.dumps(t.game.commands.call(t.game, action, args), sort_keys=True), ended)
    except LinkError as exc:
        seen.add(f"{exc.code}: {exc.message}", ended)


def play(key: AnswerKey, caplog: pytest.LogCaptureFixture) -> tuple[Seen, Seen]:
    """One scripted chapter; returns (what the screens showed, what the link and log said)."""
    caplog.clear()
    t = Table().open_corps().choose(key.map_id).enter_key(key)
    first_shared = len(t.frames)  # from the PIN screen on, the key holder is done
    first_shared_log = len(caplog.records)
    t.type_pin().press(OK, OK)  # setup, board
    replies = Seen()
    free = [slot for slot in corps.SLOTS if slot != key.water_slot]
    tokens = [tok for tok in Token if tok is not Token.WATER]
    for slot, token in zip(free[:4], tokens[:4], strict=True):
        t.place(slot, token)
    ask(t, replies, "guess", op="place", token=tokens[4].value, slot=free[4])
    ask(t, replies, "guess", op="place", token="food", slot=key.water_slot)
    ask(t, replies, "track", event="tipi")
    ask(t, replies, "end")
    ask(t, replies, "reveal")
    ask(t, replies, "key", pin="4711", key=corps.format_key_file([key]))
    ask(t, replies, "state")
    for slot, token in zip(free[5:], tokens[5:], strict=True):
        t.place(slot, token)
    t.tracker_row("Tipi revealed").press(OK, OK, B, DOWN, DOWN, OK, OK)
    t.press(DOWN, OK, HOLD, OK)  # End chapter, hold OK
    assert t.screen is C.REVEAL
    ask(t, replies, "reveal")
    t.press(OK).wait(30).press(OK)
    ask(t, replies, "state")
    assert t.screen is C.REVIEW
    t.press(*[DOWN] * 8, *[UP] * 8)
    screens = Seen()
    ended_at = _first_ended_frame(t, first_shared)
    for index, shown in enumerate(t.frames[first_shared:], start=first_shared):
        screens.add("\n".join(shown.lines) + shown.image.tobytes().hex(), index >= ended_at)
    for index, record in enumerate(caplog.records):
        # transitions' own DEBUG lines count the key holder's presses, so they are compared
        # from the PIN screen on; fogkeeper's own lines are compared over the whole chapter
        if index >= first_shared_log or record.name.startswith("fogkeeper"):
            replies.add(f"log {record.name}: {record.getMessage()}", False)
    for name, payload in t.effects.events:
        replies.add(f"event {name} {json.dumps(payload)}", name == "corps.ended")
    return screens, replies


def _first_ended_frame(t: Table, start: int) -> int:
    return next(i for i, shown in enumerate(t.frames) if i >= start
                and shown.lines[0].startswith("The reveal"))


def test_two_keys_sharing_only_water_look_the_same_until_the_end(
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    key = shuffled_key(21, map_id=4)
    screens_a, replies_a = play(key, caplog)
    screens_b, replies_b = play(other_key(key), caplog)
    assert len(screens_a.before) > 40 and screens_a.before == screens_b.before
    assert replies_a.before == replies_b.before
    assert screens_a.after != screens_b.after and replies_a.after != replies_b.after


def test_key_entry_shows_the_token_on_the_box_but_not_in_the_text_lines() -> None:
    """The text lines go to the host link as screen events; the key holder's do not hold it."""
    t = Table().open_corps().choose(3)
    start = len(t.frames)
    t.enter_key(shuffled_key(2, map_id=3))
    entry_text = " ".join(" ".join(shown.lines) for shown in t.frames[start:-1]).lower()
    assert all(f"circle {slot} of 9" in entry_text for slot in corps.SLOTS[:-1])  # 9: forced
    assert not [token.value for token in Token if token.value in entry_text]


def test_the_answers_appear_only_after_the_end(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    key = shuffled_key(9, map_id=2)
    screens, replies = play(key, caplog)
    assert not any('"answers"' in text or '"answer"' in text for text in replies.before)
    review = " | ".join(screens.after)
    for slot in corps.SLOTS:
        assert f"{slot} {key.answer(slot).value.capitalize()}" in review
    assert any('"answer"' in text for text in replies.after)
