"""The recorder: every unit of work in a run is a span, opened and closed by the wrapper.

Times come from the wrapper's own clock (wall-clock seconds), never from the model. A span is
closed on every path: `with recorder.span(...)` ends it `ok`, or `error` / `timeout` /
`cancelled` by the exception that left the block. Ending twice keeps the first end, so a body
may end its span with a status of its own (a bad turn is an `error` without an exception).

Root status is derived, never copied from the last token: `finish()` gives the run `ok` only
when nothing is left open and no span below the root failed without recovering (marked
`tether.recovered`, as a chain that answered after a failed attempt is, or retried by a later
span of the same name that worked): the gate's rule, from `tether.trace.recovery`.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from tether.errors import ProviderTimeout
from tether.trace.recovery import FAILED_STATUS, Recovery

Status = Literal["ok", "error", "timeout", "cancelled"]
STATUSES: frozenset[str] = frozenset({"ok", "error", "timeout", "cancelled"})


def new_id(nbytes: int = 8) -> str:
    """A random hex id (8 bytes for spans, 16 for runs: OTLP's span and trace id sizes)."""
    return os.urandom(nbytes).hex()


@dataclass(slots=True, eq=False)
class Span:
    id: str
    parent_id: str | None
    kind: str
    name: str
    started_at: float
    ended_at: float | None = None
    status: str | None = None
    attrs: dict[str, Any] = field(default_factory=dict)

    @property
    def open(self) -> bool:
        return self.ended_at is None

    def to_json(self) -> dict[str, Any]:
        """The run JSON's span shape (times as epoch seconds)."""
        return {
            "id": self.id,
            "parent_id": self.parent_id,
            "kind": self.kind,
            "name": self.name,
            "started_at": self.started_at,
            "ended_at": self.ended_at,
            "status": self.status,
            "attrs": self.attrs,
        }


class SpanSink(Protocol):
    """Where spans go as they start and end (the store writes both, so a killed process
    leaves its open spans behind as evidence)."""

    def span_started(self, run_id: str, span: Span) -> None: ...

    def span_ended(self, run_id: str, span: Span) -> None: ...


def is_cancellation(exc: BaseException) -> bool:
    """Whether `exc` is the async library's cancellation (works outside an event loop too).
    Looked up among the modules already loaded: a cancellation comes from a library that is
    running, and the gate (which reads spans, never runs them) starts without asyncio.
    A group of cancellations is one too: trio's nurseries (its TCP connect's among them) raise
    their children's cancellations in a group."""
    if isinstance(exc, BaseExceptionGroup):
        return bool(exc.exceptions) and all(is_cancellation(e) for e in exc.exceptions)
    asyncio = sys.modules.get("asyncio")
    if asyncio is not None and isinstance(exc, asyncio.CancelledError):
        return True
    anyio = sys.modules.get("anyio")
    if anyio is None:
        return False
    try:
        return isinstance(exc, anyio.get_cancelled_exc_class())
    except Exception:  # no event loop running: not a cancellation
        return False


def _status_of(exc: BaseException) -> Status:
    if is_cancellation(exc):
        return "cancelled"
    if isinstance(exc, TimeoutError | ProviderTimeout):
        return "timeout"
    return "error"


def _under(span: Span, top: Span, spans: dict[str, Span]) -> bool:
    """Whether `top` is an ancestor of `span` (a loop or a missing parent ends the walk)."""
    seen = 0
    parent = span.parent_id
    while parent is not None and seen <= len(spans):
        if parent == top.id:
            return True
        above = spans.get(parent)
        parent = above.parent_id if above is not None else None
        seen += 1
    return False


class Recorder:
    """Records one run: a root span of kind `run` and everything under it."""

    def __init__(
        self,
        name: str = "run",
        *,
        run_id: str | None = None,
        sink: SpanSink | None = None,
        clock: Callable[[], float] = time.time,
        attrs: dict[str, Any] | None = None,
    ) -> None:
        self.run_id = run_id or new_id(16)
        self._sink = sink
        self._clock = clock
        self.spans: dict[str, Span] = {}
        self.on_end: list[Callable[[Span], None]] = []
        self.root = self.start("run", name, parent=None, attrs=attrs)

    def start(
        self,
        kind: str,
        name: str,
        parent: Span | None = None,
        attrs: dict[str, Any] | None = None,
    ) -> Span:
        """Open a span under `parent` (the root when omitted, except for the root itself)."""
        parent_id = None
        if parent is not None:
            parent_id = parent.id
        elif self.spans:
            parent_id = self.root.id
        span = Span(new_id(), parent_id, kind, name, self._clock(), attrs=attrs or {})
        self.spans[span.id] = span
        if self._sink is not None:
            self._sink.span_started(self.run_id, span)
        return span

    def end(self, span: Span, status: Status = "ok", attrs: dict[str, Any] | None = None) -> None:
        """Close `span`; a span already closed keeps its first end."""
        if span.ended_at is not None:
            return
        if attrs:
            span.attrs.update(attrs)
        span.status = status
        span.ended_at = self._clock()
        if self._sink is not None:
            self._sink.span_ended(self.run_id, span)
        for hook in self.on_end:
            hook(span)

    @contextmanager
    def span(
        self,
        kind: str,
        name: str,
        parent: Span | None = None,
        attrs: dict[str, Any] | None = None,
    ) -> Iterator[Span]:
        """A span closed on every path out of the block."""
        span = self.start(kind, name, parent, attrs)
        try:
            yield span
        except BaseException as exc:
            self.end(span, _status_of(exc), {"error.type": type(exc).__name__})
            raise
        self.end(span)

    def children(self, span: Span) -> list[Span]:
        return [s for s in self.spans.values() if s.parent_id == span.id]

    def derived_status(self, span: Span) -> Status:
        """`ok` only if nothing below `span` is open and nothing below it, at any depth, failed
        without recovering (`tether.trace.recovery`, the gate's own rule); else the worst of
        the failures that stand (cancelled, then error, then timeout)."""
        spans = list(self.spans.values())
        index = {s.id: i for i, s in enumerate(spans)}
        top = index[span.id]
        below = [i for i, s in enumerate(spans) if i != top and _under(s, span, self.spans)]
        if any(spans[i].open for i in below):
            return "error"
        recovery = Recovery(
            [s.parent_id for s in spans],
            [s.name for s in spans],
            [s.started_at for s in spans],
            [s.ended_at for s in spans],
            [s.status for s in spans],
            [s.attrs for s in spans],
            index,
        )
        standing = {
            spans[i].status
            for i in below
            if spans[i].status in FAILED_STATUS and recovery.lands_on(i, stop=top) == top
        }
        if "cancelled" in standing:
            return "cancelled"
        if "error" in standing:
            return "error"
        return "timeout" if standing else "ok"

    def finish(self, status: Status | None = None, attrs: dict[str, Any] | None = None) -> Status:
        """Close the root with `status` or, by default, the status derived from its children.

        Spans still open stay open: that is the truth the gate must see (work that never
        returned), not something to tidy away here.
        """
        final = status or self.derived_status(self.root)
        self.end(self.root, final, attrs)
        return final

    def to_json(self) -> dict[str, Any]:
        """The run in the run JSON schema: `{run_id, root_id, spans[]}`."""
        return {
            "run_id": self.run_id,
            "root_id": self.root.id,
            "spans": [s.to_json() for s in self.spans.values()],
        }
