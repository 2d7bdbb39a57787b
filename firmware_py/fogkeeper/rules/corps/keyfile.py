"""Pure parser and writer of the Corps answer-key text format (see docs/corps.md)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from fogkeeper.rules.corps.errors import CorpsError, KeyFileError
from fogkeeper.rules.corps.key import AnswerKey, check_map_id, key_from_slots
from fogkeeper.rules.corps.tokens import SLOTS, Token, check_slot, parse_token

_MAP_LINE = re.compile(r"map\s+(\S+)", re.IGNORECASE)
_SLOT_LINE = re.compile(r"(\S+)\s*=\s*(\S*)")


@dataclass
class _MapDraft:
    """Lines of one ``map`` section collected so far (parser scratch, never leaves the module)."""

    map_id: int
    line: int
    slot_lines: dict[int, int] = field(default_factory=dict)
    token_lines: dict[Token, int] = field(default_factory=dict, repr=False)
    by_slot: dict[int, Token] = field(default_factory=dict, repr=False)


def parse_key_file(text: str) -> dict[int, AnswerKey]:
    """Every Map's key in ``text``, by Map number; KeyFileError names the first bad line."""
    drafts: list[_MapDraft] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        map_match = _MAP_LINE.fullmatch(line)
        slot_match = _SLOT_LINE.fullmatch(line)
        if map_match:
            drafts.append(_start_map(map_match.group(1), number, drafts))
        elif slot_match:
            if not drafts:
                raise KeyFileError('a slot line comes before any "map N" line', number)
            _add_slot(drafts[-1], slot_match.group(1), slot_match.group(2), number)
        else:
            raise KeyFileError('expected "map N" or "SLOT = TOKEN"', number)
    if not drafts:
        raise KeyFileError('the key file holds no "map N" section')
    return {draft.map_id: _finish(draft) for draft in drafts}


def parse_single_key(text: str, map_id: int | None = None) -> AnswerKey:
    """The key of ``map_id`` in ``text``, or its only key when ``map_id`` is None."""
    keys = parse_key_file(text)
    if map_id is None:
        if len(keys) != 1:
            raise KeyFileError(f"the file holds {len(keys)} maps: say which map is played")
        return next(iter(keys.values()))
    if map_id not in keys:
        raise KeyFileError(f"the file holds no key for map {map_id}")
    return keys[map_id]


def format_key_file(keys: Iterable[AnswerKey]) -> str:
    """The text of a key file holding ``keys`` (the inverse of parse_key_file)."""
    lines = ["# fogkeeper Corps of Discovery Fog answer key: keep it hidden from the players"]
    for key in keys:
        lines.append(f"map {key.map_id}")
        lines.extend(f"{slot} = {key.answer(slot).value}" for slot in SLOTS)
    return "\n".join(lines) + "\n"


def _start_map(text: str, number: int, drafts: list[_MapDraft]) -> _MapDraft:
    map_id = _whole_number(text, number, "map")
    try:
        check_map_id(map_id)
    except CorpsError as error:
        raise KeyFileError(str(error), number) from None
    for draft in drafts:
        if draft.map_id == map_id:
            raise KeyFileError(f"map {map_id} already appears on line {draft.line}", number)
    return _MapDraft(map_id, number)


def _add_slot(draft: _MapDraft, slot_text: str, token_text: str, number: int) -> None:
    slot = _whole_number(slot_text, number, "slot")
    try:
        check_slot(slot)
        token = parse_token(token_text, secret=True)
    except CorpsError as error:
        raise KeyFileError(str(error), number) from None
    if slot in draft.slot_lines:
        raise KeyFileError(f"slot {slot} is already given on line {draft.slot_lines[slot]}", number)
    if token in draft.token_lines:
        # Naming the token would tell a reader of the error which token lives here.
        earlier = draft.token_lines[token]
        raise KeyFileError(f"this token is already used on line {earlier}", number)
    draft.slot_lines[slot] = number
    draft.token_lines[token] = number
    draft.by_slot[slot] = token


def _finish(draft: _MapDraft) -> AnswerKey:
    try:
        return key_from_slots(draft.map_id, draft.by_slot)
    except KeyFileError as error:
        raise KeyFileError(f"{error} (section starting here)", draft.line) from None


def _whole_number(text: str, number: int, what: str) -> int:
    if not text.isdigit():
        raise KeyFileError(f"{what} must be a whole number", number)
    return int(text)
