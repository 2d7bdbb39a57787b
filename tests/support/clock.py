"""Time passing on a fake clock the way the event loop lets it pass: waking at each deadline."""

from __future__ import annotations

from collections.abc import Callable


def pass_time(now: float, seconds: float, next_deadline: Callable[[float], float | None],
              tick: Callable[[float], None],
              woke: Callable[[], None] = lambda: None) -> float:
    """Tick at every deadline up to ``now + seconds`` (calling ``woke`` after each), then at
    the end; returns the end. ``tick`` moves the caller's clock before anything reads it."""
    end = now + seconds
    while (deadline := next_deadline(now)) is not None and deadline <= end:
        now = deadline
        tick(now)
        woke()
    tick(end)
    return end
