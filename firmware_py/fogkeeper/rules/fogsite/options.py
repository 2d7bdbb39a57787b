"""FOGSITE game options: the [CONFIG] readings, the balancing options G1-G9/I1-I5, variants."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, TypeVar

from fogkeeper.errors import ConfigError

GUARDIAN_BALANCING = ("G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "G9")
INVESTIGATOR_BALANCING = ("I1", "I2", "I3", "I4", "I5")
ALL_BALANCING = GUARDIAN_BALANCING + INVESTIGATOR_BALANCING

E = TypeVar("E", bound=Enum)


class PresenceDistance(Enum):
    """Relics 03/06: grid distance ignoring walls (B-S07)."""

    MANHATTAN = "manhattan"
    CHEBYSHEV = "chebyshev"


class RowColumnCount(Enum):
    """Relic 08: whole row and column, or four arms N/E/S/W (B-S10)."""

    FULL = "full"
    ARMS = "arms"


class UnplacedSource(Enum):
    """Relic 07: which sheet tiles count as placed (B-S09)."""

    EXPLORES_AND_VISITS = "explores_and_visits"
    EXPLORES = "explores"


class NoReturn(Enum):
    """B-S03: the Guardian may never re-enter its start space, or only not end there."""

    STRICT = "strict"
    END_ONLY = "end_only"


class IllegalStep(Enum):
    """B-S15: a Move into a real wall stops at the last legal cell, or is refused whole."""

    PARTIAL = "partial"
    PAUSE = "pause"


class GuardianStart(Enum):
    """B-S01: any Street space, or any Street space no Intruder stands on."""

    ANY_STREET = "any_street"
    NOT_ON_INTRUDER = "not_on_intruder"


@dataclass(frozen=True)
class Options:
    """Everything that shapes one FOGSITE game besides the maze and the seats."""

    decks_two_investigators: tuple[int, ...]
    decks_three_investigators: tuple[int, ...]
    guardian_start: GuardianStart
    initial_arrows: int
    no_return: NoReturn
    choice_policy: str
    presence_distance: PresenceDistance
    row_column_count: RowColumnCount
    wall_neighbourhood: int
    unplaced_source: UnplacedSource
    illegal_step: IllegalStep
    balancing: frozenset[str] = frozenset()
    two_player: bool = False
    easy: bool = False
    hidden_hands: bool = False  # each Investigator's Relics are kept from the others
    # a house rule, not the rulebook's: G9's team time may be paused (the rule is a hard stop)
    team_time_pause: bool = False

    def has(self, option: str) -> bool:
        """Whether balancing option ``option`` ("G1".."G9", "I1".."I5") is in play."""
        return option in self.balancing

    def with_game(
        self, balancing: frozenset[str] | None = None, two_player: bool | None = None,
        easy: bool | None = None, hidden_hands: bool | None = None,
    ) -> Options:
        """The same readings with this game's balancing options and variants."""
        chosen = self.balancing if balancing is None else frozenset(balancing)
        unknown = sorted(chosen - set(ALL_BALANCING))
        if unknown:
            raise ConfigError(f"unknown balancing option(s) {unknown}; allowed {ALL_BALANCING}")
        return replace(
            self, balancing=chosen,
            two_player=self.two_player if two_player is None else two_player,
            easy=self.easy if easy is None else easy,
            hidden_hands=self.hidden_hands if hidden_hands is None else hidden_hands,
        )


def _pick(data: Mapping[str, Any], path: str) -> Any:
    node: Any = data
    for key in path.split("."):
        if not isinstance(node, Mapping) or key not in node:
            raise ConfigError(f"missing key {path!r}")
        node = node[key]
    return node


def _enum(data: Mapping[str, Any], path: str, kind: type[E]) -> E:
    value = _pick(data, path)
    try:
        return kind(value)
    except ValueError:
        allowed = [member.value for member in kind]
        raise ConfigError(f"{path} = {value!r}; allowed {allowed}") from None


def _decks(data: Mapping[str, Any], path: str) -> tuple[int, ...]:
    value = _pick(data, path)
    if (not isinstance(value, list) or not value
            or not all(isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in value)):
        raise ConfigError(f"{path} must be a list of positive whole numbers, got {value!r}")
    return tuple(value)


def _int_in(data: Mapping[str, Any], path: str, allowed: tuple[int, ...]) -> int:
    value = _pick(data, path)
    if isinstance(value, bool) or value not in allowed:
        raise ConfigError(f"{path} = {value!r}; allowed {list(allowed)}")
    return int(value)


def _flag(data: Mapping[str, Any], path: str) -> bool:
    value = _pick(data, path)
    if not isinstance(value, bool):
        raise ConfigError(f"{path} must be true or false, got {value!r}")
    return value


def options_from_mapping(data: Mapping[str, Any]) -> Options:
    """Build Options from parsed ``config/fogsite.toml`` data; ConfigError names the key."""
    policy = _pick(data, "guardian.choice_policy")
    if not isinstance(policy, str) or not policy:
        raise ConfigError(f"guardian.choice_policy must be a policy name, got {policy!r}")
    balancing = _pick(data, "game.balancing")
    if not isinstance(balancing, list) or not all(isinstance(b, str) for b in balancing):
        raise ConfigError(f"game.balancing must be a list of names, got {balancing!r}")
    base = Options(
        decks_two_investigators=_decks(data, "setup.decks_two_investigators"),
        decks_three_investigators=_decks(data, "setup.decks_three_investigators"),
        guardian_start=_enum(data, "setup.guardian_start", GuardianStart),
        initial_arrows=_int_in(data, "guardian.initial_arrows", (1, 2, 3)),
        no_return=_enum(data, "guardian.no_return", NoReturn),
        choice_policy=policy,
        presence_distance=_enum(data, "answers.presence_distance", PresenceDistance),
        row_column_count=_enum(data, "answers.row_column_count", RowColumnCount),
        wall_neighbourhood=_int_in(data, "answers.wall_neighbourhood", (4, 8)),
        unplaced_source=_enum(data, "answers.unplaced_source", UnplacedSource),
        illegal_step=_enum(data, "answers.illegal_step", IllegalStep),
    )
    hidden = _flag(data, "game.hidden_hands") if "hidden_hands" in data["game"] else False
    # optional: a file (or a saved game) from before the house rules has none of them
    house = data.get("house", {})
    pause = _flag(data, "house.team_time_pause") if isinstance(house, Mapping) \
        and "team_time_pause" in house else False
    return replace(base.with_game(
        frozenset(balancing), _flag(data, "game.two_player"), _flag(data, "game.easy"), hidden
    ), team_time_pause=pause)


def options_to_mapping(options: Options) -> dict[str, Any]:
    """The inverse of options_from_mapping (used by the state's JSON form)."""
    return {
        "setup": {
            "decks_two_investigators": list(options.decks_two_investigators),
            "decks_three_investigators": list(options.decks_three_investigators),
            "guardian_start": options.guardian_start.value,
        },
        "guardian": {
            "initial_arrows": options.initial_arrows,
            "no_return": options.no_return.value,
            "choice_policy": options.choice_policy,
        },
        "answers": {
            "presence_distance": options.presence_distance.value,
            "row_column_count": options.row_column_count.value,
            "wall_neighbourhood": options.wall_neighbourhood,
            "unplaced_source": options.unplaced_source.value,
            "illegal_step": options.illegal_step.value,
        },
        "game": {
            "balancing": sorted(options.balancing),
            "two_player": options.two_player,
            "easy": options.easy,
            "hidden_hands": options.hidden_hands,
        },
        "house": {"team_time_pause": options.team_time_pause},
    }
