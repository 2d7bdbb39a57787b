"""A fake of the world the flow talks to: it keeps every sound, event, setting, record, preset."""

from __future__ import annotations

from typing import Any

from fogkeeper.flow.settings import Settings


class Effects:
    """Records everything the flow asks of the world; presets are kept in memory."""

    def __init__(self) -> None:
        self.sounds: list[str] = []
        self.events: list[tuple[str, dict[str, Any]]] = []
        self.settings: list[Settings] = []
        self.records: list[dict[str, Any]] = []
        self.presets: dict[str, Any] = {}
        self.set_aside: list[str] = []

    def sound(self, tune: str) -> None:
        self.sounds.append(tune)

    def apply_settings(self, settings: Settings) -> None:
        self.settings.append(settings)

    def emit(self, event: str, payload: dict[str, Any]) -> None:
        self.events.append((event, payload))

    def save_record(self, game: str, record: dict[str, Any]) -> str:
        self.records.append(record)
        return f"/records/{game}-{len(self.records)}.json"

    def load_preset(self, game: str) -> Any:
        return self.presets.get(game)

    def save_preset(self, game: str, preset: Any) -> None:
        self.presets[game] = preset

    def keep_board(self, name: str, confirmed: bool, values: dict[str, Any]) -> bool:
        """Written to the data folder as the box writes it (tests read it back)."""
        from fogkeeper.app.board_cmd import save

        save(name, confirmed, values)
        return True

    def set_aside_session(self, reason: str, what: str = "session") -> None:
        self.set_aside.append(reason)
