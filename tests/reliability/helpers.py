"""Test doubles shared by the reliability tests."""

from __future__ import annotations

T0 = 1_700_000_000.0


class FakeClock:
    """Wall-clock seconds that move only when a test says so."""

    def __init__(self, now: float = T0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
