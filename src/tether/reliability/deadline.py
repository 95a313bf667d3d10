"""How long the caller will wait, and what its leaving says about the upstream.

A client of the proxy has its own timeout (the OpenAI and Anthropic SDKs send it in
`x-stainless-read-timeout` / `x-stainless-timeout`). A provider's phase limits (60 s to the
first byte) outlast it, so without a deadline the client gives up before the chain fails over,
and every retry of the client meets the same stalled upstream again. With one, each attempt
gets a share of the time left (split evenly between it and the candidates not yet tried), and
an attempt that has not reached the caller by the end of its share is a timeout: recorded on
its breaker, and the chain fails over while the caller still waits. Once text reaches the
caller the share is lifted: its timeout now counts from that text.

A caller that leaves (`leaving_counts`) during an attempt that had run `ABANDONED_AFTER_S` with
nothing to show counts it as a failed attempt on that upstream's breaker: a client that timed
out on a stalled model should not find it chosen first again on its retry.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import anyio

from tether.reliability.guard import TextCallback

# A caller gone sooner than this is a person changing their mind, not a slow upstream.
ABANDONED_AFTER_S = 1.0


@dataclass(frozen=True, slots=True)
class Deadline:
    """When the caller stops waiting (anyio's clock; infinite: it never said), and whether its
    leaving is counted against the upstream it was waiting on."""

    end: float = math.inf
    leaving_counts: bool = False

    @classmethod
    def within(cls, seconds: float | None, *, leaving_counts: bool = False) -> Deadline:
        """The deadline `seconds` from now (None: no deadline)."""
        end = math.inf if seconds is None else anyio.current_time() + seconds
        return cls(end, leaving_counts)

    @property
    def bounded(self) -> bool:
        return math.isfinite(self.end)

    def remaining(self) -> float:
        return self.end - anyio.current_time()

    def share(self, untried: int) -> float:
        """This attempt's share of the time left, with `untried` candidates (itself included)
        still to go."""
        return self.remaining() / max(1, untried)


class AttemptScope:
    """The cancel scope that ends one attempt at the end of its share, lifted as soon as
    text reaches the caller."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.scope = anyio.CancelScope(deadline=anyio.current_time() + seconds)

    def lifting(self, on_text: TextCallback | None) -> TextCallback | None:
        """`on_text`, lifting the limit at the first text released (a caller that streams
        nothing keeps the limit to the end of the turn)."""
        if on_text is None:
            return None

        def released(text: str) -> None:
            self.scope.deadline = math.inf
            on_text(text)

        return released
