"""Hedged requests: when a call's first byte is late, the same request goes to the next
healthy candidate too, and the first turn the judge accepts wins.

What this module answers: when to hedge (`HedgePolicy`, the threshold per candidate learned
from its recent first bytes, `FirstBytes`), how many times a run may (`HedgeBudget`), and what
a racing attempt's text does meanwhile (`Relay`: live until a race starts, then held until the
winner is known, so two attempts never both reach the caller). The race itself is the chain's
(`Chain._race`): both attempts are spans, the loser is cancelled and its tokens (estimated:
the request it was sent, the text it had streamed) still count on the receipt.

Never hedged: from or to a candidate marked non-idempotent (an upstream that executes tools
would do the work twice), to a candidate whose breaker is open, past the run's budget, or
when the call has no attempt left.
"""

from __future__ import annotations

import threading
import weakref
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from tether.errors import ConfigError

TextCallback = Callable[[str], None]


@dataclass(frozen=True)
class HedgePolicy:
    after_s: float | None = None  # a fixed threshold; None: learned per candidate
    quantile: float = 0.9  # learned: this quantile of the candidate's recent first bytes
    min_samples: int = 5  # first bytes seen before a learned threshold is trusted
    window: int = 50  # recent first bytes kept per candidate
    max_per_run: int = 2  # hedges one run (one recorder) may start

    def __post_init__(self) -> None:
        if self.after_s is not None and self.after_s <= 0:
            raise ConfigError(f"hedge after_s={self.after_s}: give a positive number of seconds")
        if not 0 < self.quantile < 1:
            raise ConfigError(f"hedge quantile={self.quantile}: must be between 0 and 1")
        if self.min_samples < 1 or self.window < self.min_samples:
            raise ConfigError("hedge min_samples must be >= 1 and window >= min_samples")
        if self.max_per_run < 0:
            raise ConfigError(f"hedge max_per_run={self.max_per_run}: cannot be negative")


class FirstBytes:
    """Recent first-byte times per candidate, and the threshold they give."""

    def __init__(self, policy: HedgePolicy) -> None:
        self.policy = policy
        self._seen: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def observe(self, key: str, first_byte_s: float | None) -> None:
        if first_byte_s is None:
            return
        with self._lock:
            seen = self._seen.setdefault(key, deque(maxlen=self.policy.window))
            seen.append(first_byte_s)

    def threshold(self, key: str) -> float | None:
        """Seconds to wait for `key`'s first byte before hedging (None: not known yet)."""
        if self.policy.after_s is not None:
            return self.policy.after_s
        with self._lock:
            seen = sorted(self._seen.get(key, ()))
        if len(seen) < self.policy.min_samples:
            return None
        return seen[min(len(seen) - 1, int(self.policy.quantile * len(seen)))]


class HedgeBudget:
    """Hedges started per run (a run is its recorder; a call without one is its own run)."""

    def __init__(self, per_run: int) -> None:
        self.per_run = per_run
        self._used: weakref.WeakKeyDictionary[object, int] = weakref.WeakKeyDictionary()
        self._lock = threading.Lock()

    def left(self, run: object) -> bool:
        with self._lock:
            return self._used.get(run, 0) < self.per_run

    def spend(self, run: object) -> None:
        with self._lock:
            self._used[run] = self._used.get(run, 0) + 1


class Relay:
    """A stream callback that passes text on live, or holds it while a race is undecided."""

    def __init__(self, target: TextCallback | None) -> None:
        self.target = target
        self.live = True
        self.forwarded = False  # some text reached the caller through this relay
        self._held: list[str] = []

    def __call__(self, text: str) -> None:
        if self.target is None or not text:
            return
        if self.live:
            self.forwarded = True
            self.target(text)
        else:
            self._held.append(text)

    @property
    def seen(self) -> str:
        return "".join(self._held)

    def hold(self) -> None:
        self.live = False

    def open(self) -> None:
        """This attempt won: what it held goes out, and the rest flows live."""
        self.live = True
        held, self._held = "".join(self._held), []
        self(held)
