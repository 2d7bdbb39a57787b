"""Shared helpers for the bench scripts: percentiles and a byte-counting display bus."""

from __future__ import annotations

import statistics
from collections.abc import Sequence


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
