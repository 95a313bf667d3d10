"""A reading of a reply: every signal that fired on it, their sum, and what it is taken for
(`signals.read_reply` reads the whole registry; `tail_signals` reads a last line alone)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from tether.reliability.reply import Reply, Signal, SignalFn

# A reading whose signals add up to this much is a failure.
THRESHOLD = 1.0


@dataclass(frozen=True, slots=True)
class Reading:
    """Every signal that fired on a reply, their sum, and what the reply is taken for."""

    signals: tuple[Signal, ...]
    threshold: float = THRESHOLD

    @property
    def score(self) -> float:
        return round(sum(s.weight for s in self.signals), 3)

    @property
    def failure(self) -> bool:
        return self.score >= self.threshold

    @property
    def kind(self) -> Literal["gateway", "empty", "filtered"]:
        """`empty` for a placeholder, `filtered` for a content filter's text, else `gateway`."""
        names = {s.name for s in self.signals}
        if "placeholder" in names:
            return "empty"
        if "vocabulary:filter" in names and not names & {
            "error_object",
            "html_page",
            "sse_frame",
            "status_code",
        }:
            strongest = max(
                (s for s in self.signals if s.name.startswith("vocabulary:")),
                key=lambda s: s.weight,
            )
            if strongest.name == "vocabulary:filter":
                return "filtered"
        return "gateway"

    def summary(self) -> str:
        """The strongest failure evidence, for a verdict's detail."""
        top = sorted((s for s in self.signals if s.weight > 0), key=lambda s: -s.weight)[:3]
        return ", ".join(f"{s.name} {s.evidence!r}" for s in top)


def read(r: Reply, w: Mapping[str, float], signals: tuple[SignalFn, ...]) -> Reading:
    """A reading of `r` by these signals only."""
    return Reading(tuple(s for fn in signals for s in fn(r, w)))
