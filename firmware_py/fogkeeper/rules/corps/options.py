"""The Fog chapter's configurable rulings and Monster card data, validated from parsed TOML."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from fogkeeper.rules.corps.errors import CorpsConfigError


class RevealPacing(StrEnum):
    """How the end reveal is shown (B-C05)."""

    SLOT_BY_SLOT = "slot_by_slot"
    ALL_AT_ONCE = "all_at_once"


@dataclass(frozen=True)
class MonsterCard:
    """A Fog Threat card as printed: the Terrain that costs Water, and what kills it."""

    card: str
    terrain: str = ""
    kill_cost: tuple[str, ...] = ()


@dataclass(frozen=True)
class CorpsOptions:
    """Rulings the table may change ([CONFIG] in RULINGS B.3)."""

    dormant_blocks: bool = False
    reveal_pacing: RevealPacing = RevealPacing.SLOT_BY_SLOT
    reveal_step_seconds: float = 1.5
    notebook_reveal: bool = False
    monsters: tuple[MonsterCard, ...] = ()

    def monster(self, card: str) -> MonsterCard | None:
        """The configured card data named ``card`` (case ignored), if any."""
        wanted = card.strip().casefold()
        return next((m for m in self.monsters if m.card.casefold() == wanted), None)


_TOP_KEYS = {"dormant_blocks", "reveal_pacing", "reveal_step_seconds", "notebook_reveal", "monster"}
_MONSTER_KEYS = {"card", "terrain", "kill_cost"}


def options_from_mapping(data: Mapping[str, object], source: str = "corps") -> CorpsOptions:
    """CorpsOptions from a parsed TOML table; CorpsConfigError names ``source`` and the key."""
    _no_unknown(data, _TOP_KEYS, source)
    defaults = CorpsOptions()
    pacing_text = _str(data, "reveal_pacing", defaults.reveal_pacing.value, source)
    try:
        pacing = RevealPacing(pacing_text)
    except ValueError:
        allowed = ", ".join(p.value for p in RevealPacing)
        raise CorpsConfigError(f"{source}: reveal_pacing must be one of {allowed}") from None
    step = _seconds(data, "reveal_step_seconds", defaults.reveal_step_seconds, source)
    if not 0 <= step <= 10:
        raise CorpsConfigError(f"{source}: reveal_step_seconds must be from 0 to 10")
    return CorpsOptions(
        dormant_blocks=_bool(data, "dormant_blocks", defaults.dormant_blocks, source),
        reveal_pacing=pacing,
        reveal_step_seconds=step,
        notebook_reveal=_bool(data, "notebook_reveal", defaults.notebook_reveal, source),
        monsters=_monsters(data.get("monster", []), source),
    )


def _monsters(raw: object, source: str) -> tuple[MonsterCard, ...]:
    if not isinstance(raw, list):
        raise CorpsConfigError(f"{source}: monster must be an array of tables ([[monster]])")
    cards: list[MonsterCard] = []
    for index, entry in enumerate(raw):
        where = f"{source}: monster[{index}]"
        if not isinstance(entry, Mapping):
            raise CorpsConfigError(f"{where} must be a table")
        _no_unknown(entry, _MONSTER_KEYS, where)
        card = _str(entry, "card", "", where).strip()
        if not card:
            raise CorpsConfigError(f"{where}.card must be a non-empty name")
        if any(c.card.casefold() == card.casefold() for c in cards):
            raise CorpsConfigError(f"{where}.card repeats the name {card!r}")
        cost = entry.get("kill_cost", [])
        if not isinstance(cost, list) or not all(isinstance(item, str) for item in cost):
            raise CorpsConfigError(f"{where}.kill_cost must be a list of strings")
        terrain = _str(entry, "terrain", "", where).strip()
        cards.append(MonsterCard(card, terrain, tuple(cost)))
    return tuple(cards)


def _no_unknown(data: Mapping[str, object], allowed: set[str], where: str) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise CorpsConfigError(
            f"{where}: unknown key {unknown[0]!r} (allowed: {', '.join(sorted(allowed))})"
        )


def _bool(data: Mapping[str, object], key: str, default: bool, where: str) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise CorpsConfigError(f"{where}: {key} must be true or false")
    return value


def _str(data: Mapping[str, object], key: str, default: str, where: str) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise CorpsConfigError(f"{where}: {key} must be a string")
    return value


def _seconds(data: Mapping[str, object], key: str, default: float, where: str) -> float:
    value = data.get(key, default)
    # bool is an int in Python; a TOML true must not pass as a number of seconds.
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise CorpsConfigError(f"{where}: {key} must be a number of seconds")
    return float(value)
