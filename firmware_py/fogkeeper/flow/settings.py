"""Settings the players change on the box (contrast, sound, rotation, hold time), kept on disk."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace

from fogkeeper.config import Config


@dataclass(frozen=True)
class Settings:
    contrast: int = 207
    volume_percent: int = 70
    muted: bool = False
    rotation: int = 0
    hold_seconds: float = 1.0

    @classmethod
    def from_config(cls, config: Config) -> Settings:
        return cls(config.display.contrast, config.buzzer.volume_percent, config.buzzer.muted,
                   config.display.rotation, config.inputs.hold_seconds)

    def to_json(self) -> dict[str, object]:
        return asdict(self)

    def merged(self, saved: Mapping[str, object]) -> Settings:
        """Take the saved values that are still valid; a bad one keeps the configured value."""
        contrast = saved.get("contrast")
        volume = saved.get("volume_percent")
        muted = saved.get("muted")
        rotation = saved.get("rotation")
        held = saved.get("hold_seconds")
        return replace(
            self,
            contrast=contrast if isinstance(contrast, int) and 0 <= contrast <= 255
            else self.contrast,
            volume_percent=volume if isinstance(volume, int) and 0 <= volume <= 100
            else self.volume_percent,
            muted=muted if isinstance(muted, bool) else self.muted,
            rotation=int(rotation) if isinstance(rotation, int | float) and rotation in (0, 180)
            else self.rotation,
            hold_seconds=held if isinstance(held, int | float) and 0.3 <= held <= 3.0
            else self.hold_seconds,
        )


@dataclass(frozen=True)
class SettingRow:
    """One adjustable row of the Settings screen: how it reads and how left/right change it."""

    key: str
    label: str

    def shown(self, s: Settings) -> str:
        if self.key == "contrast":
            return f"{round(s.contrast * 100 / 255)}%"
        if self.key == "volume_percent":
            return f"{s.volume_percent}%"
        if self.key == "muted":
            return "off" if s.muted else "on"
        if self.key == "rotation":
            return f"{s.rotation}°"
        return f"{s.hold_seconds:g} s"  # 1.25 s as it is, not rounded to 1.2

    def step(self, s: Settings, direction: int) -> Settings:
        """Move the value one step; ends clamp, toggles flip."""
        if self.key == "contrast":
            return replace(s, contrast=max(15, min(255, s.contrast + 16 * direction)))
        if self.key == "volume_percent":
            return replace(s, volume_percent=max(0, min(100, s.volume_percent + 10 * direction)))
        if self.key == "muted":
            return replace(s, muted=not s.muted)
        if self.key == "rotation":
            return replace(s, rotation=180 - s.rotation)
        held = round(s.hold_seconds + 0.25 * direction, 2)
        return replace(s, hold_seconds=max(0.5, min(3.0, held)))


SETTING_ROWS = (
    SettingRow("contrast", "Contrast"),
    SettingRow("volume_percent", "Volume"),
    SettingRow("muted", "Sound"),
    SettingRow("rotation", "Rotate"),
    SettingRow("hold_seconds", "Hold time"),
)
