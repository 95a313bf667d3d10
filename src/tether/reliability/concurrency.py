"""How many calls may be in flight at one candidate: a limit that learns from concurrency 429s.

Many providers answer 429 for too many requests at once (not for tokens per minute). Retrying
into that wall only makes more 429s; the adaptive limit (AIMD, as TCP does) halves the
candidate's limit on a concurrency 429 and grows it by one after a window of successes (as many
as the limit), so calls queue here instead of at the provider. One halving per window: the
429s of requests sent under the old limit do not halve it again.

Limits are per endpoint and model (not per chain), shared by every chain in the process that
uses the same policy (`shared_limits`), so concurrent runs, eval cases and proxy clients
calling one model pace together. A fixed policy (`adaptive=False, ceiling=N`) only caps.
"""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

import anyio

from tether.providers.base import Provider

CONCURRENCY_WORDS = ("concurren", "too many requests at once", "parallel requests")


def is_concurrency_limit(status: int | None, text: str) -> bool:
    """A 429 that says too many requests are in flight (not a rate or quota limit)."""
    low = text.lower()
    return status == 429 and any(w in low for w in CONCURRENCY_WORDS)


def limit_key(provider: Provider) -> str:
    return f"{provider.api}|{provider.model}|{getattr(provider, 'base_url', '')}"


@dataclass(frozen=True)
class ConcurrencyPolicy:
    adaptive: bool = True  # halve on a concurrency 429, +1 after a window of successes
    ceiling: int | None = None  # the most in flight at one candidate (None: no fixed cap)

    def __post_init__(self) -> None:
        if self.ceiling is not None and self.ceiling < 1:
            from tether.errors import ConfigError

            raise ConfigError("the concurrency ceiling must be at least 1 (or none)")


@dataclass
class Slot:
    """One call's place under a limit; `generation` says which limit it was sent under."""

    generation: int


@dataclass
class AdaptiveLimit:
    policy: ConcurrencyPolicy
    limit: int | None = None  # None: not limited (until a concurrency 429, or the ceiling)
    in_flight: int = 0
    generation: int = 0
    successes: int = 0
    narrowed: int = 0  # times the limit was halved
    _waiters: list[anyio.Event] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self.limit = self.policy.ceiling

    def _full(self) -> bool:
        return self.limit is not None and self.in_flight >= self.limit

    @asynccontextmanager
    async def slot(self) -> AsyncIterator[Slot]:
        """Wait for room (first come, first served), hold it while the call runs."""
        while True:
            with self._lock:
                if not self._full() and not self._waiters:
                    self.in_flight += 1
                    break
                waiter = anyio.Event()
                self._waiters.append(waiter)
            try:
                await waiter.wait()
            except BaseException:  # cancelled: a wake-up meant for this call goes to the next
                with self._lock:
                    if waiter in self._waiters:
                        self._waiters.remove(waiter)
                    self._wake()
                raise
            with self._lock:
                if not self._full():
                    self.in_flight += 1
                    break
        try:
            yield Slot(self.generation)
        finally:
            with self._lock:
                self.in_flight -= 1
                self._wake()

    def _wake(self) -> None:
        room = (self.limit - self.in_flight) if self.limit is not None else len(self._waiters)
        for waiter in self._waiters[: max(0, room)]:
            waiter.set()
        del self._waiters[: max(0, room)]

    def narrow(self, slot: Slot) -> None:
        """A concurrency 429: halve the limit, once per generation of the limit."""
        if not self.policy.adaptive:
            return
        with self._lock:
            if slot.generation != self.generation:
                return
            current = self.limit if self.limit is not None else self.in_flight + 1
            self.limit = max(1, current // 2)
            self.generation += 1
            self.successes = 0
            self.narrowed += 1

    def widen(self) -> None:
        """A success: after a window of them (as many as the limit), one more slot."""
        if not self.policy.adaptive or self.limit is None:
            return
        with self._lock:
            self.successes += 1
            if self.successes >= self.limit:
                ceiling = self.policy.ceiling
                if ceiling is None or self.limit < ceiling:
                    self.limit += 1
                    self.generation += 1
                    self._wake()
                self.successes = 0


class ConcurrencyLimits:
    """The limits of one policy, one per endpoint and model."""

    def __init__(self, policy: ConcurrencyPolicy | None = None) -> None:
        self.policy = policy or ConcurrencyPolicy()
        self._limits: dict[str, AdaptiveLimit] = {}
        self._lock = threading.Lock()

    def of(self, provider: Provider) -> AdaptiveLimit:
        key = limit_key(provider)
        with self._lock:
            found = self._limits.get(key)
            if found is None:
                found = self._limits[key] = AdaptiveLimit(self.policy)
            return found


_SHARED: dict[ConcurrencyPolicy, ConcurrencyLimits] = {}
_SHARED_LOCK = threading.Lock()


def shared_limits(policy: ConcurrencyPolicy | None = None) -> ConcurrencyLimits:
    """The process's limits for `policy` (every chain with the same policy paces together)."""
    policy = policy or ConcurrencyPolicy()
    with _SHARED_LOCK:
        found = _SHARED.get(policy)
        if found is None:
            found = _SHARED[policy] = ConcurrencyLimits(policy)
        return found
