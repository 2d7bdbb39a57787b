"""Shared helpers for the bench scripts: percentiles, a byte-counting display bus, and a quiet
in-process box (its config and a link that keeps the replies)."""

from __future__ import annotations

import json
import statistics
from collections.abc import Sequence
from pathlib import Path
from typing import Any


class CountingBus:
    """A luma serial interface that counts the bytes a real OLED driver sends."""

    def __init__(self) -> None:
        self.command_bytes = 0
        self.data_bytes = 0
        self.calls = 0  # bus transactions: each costs an address and a control byte on I2C

    def command(self, *cmd: int) -> None:
        self.command_bytes += len(cmd)
        self.calls += 1

    def data(self, data: Sequence[int] | bytes) -> None:
        self.data_bytes += len(data)
        self.calls += 1

    def cleanup(self) -> None:
        pass


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def describe_ms(name: str, seconds: Sequence[float]) -> str:
    ms = [s * 1000 for s in seconds]
    return (f"{name}: median {statistics.median(ms):.2f} ms, p99 {percentile(ms, 0.99):.2f} ms,"
            f" max {max(ms):.2f} ms over {len(ms)} samples")


def quiet_config(folder: Path) -> Any:
    """A box on the dummy display and mock pins, saving in ``folder``, that never shifts or
    dims the screen (so only the bench's own steps change it)."""
    from fogkeeper.config import parse_config

    return parse_config({"display": {"driver": "dummy"}, "inputs": {"pin_factory": "mock"},
                         "storage": {"data_dir": str(folder)},
                         "screen": {"shift_every_seconds": 0, "dim_after_seconds": 0}},
                        source="bench")


class Replies:
    """Stands in for the serial link: keeps the replies the box sent (not its events)."""

    def __init__(self) -> None:
        self.lines: dict[int, bytes] = {}

    def send(self, line: bytes, host: int | None = None) -> None:
        sent = json.loads(line)
        if "id" in sent:
            self.lines[sent["id"]] = line

    def close(self) -> None:
        pass
