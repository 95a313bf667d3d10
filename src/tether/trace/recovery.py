"""Whether a failed span's failure still stands, or was handled (the root rule's exception).

A failed span (``error``, ``timeout``, ``cancelled``) has *recovered* when it carries
``tether.recovered: true`` (tether's chain marks a model call that answered after failed
attempts), or when a later sibling (same parent, same name) started at or after its end and
ended ``ok``: a retry that worked. A failure also stands down when any span between it and its
root carries ``tether.recovered: true`` (the span that says it handled what failed below it), or
is itself a failed span that recovered (an attempt that failed inside, and was retried).

The gate and the recorder (`Recorder.derived_status`) both ask this module, so a root tether
writes never claims ``ok`` over a failure the gate would hold against it.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from itertools import compress, repeat
from operator import eq
from typing import Any

RECOVERED = "tether.recovered"
FAILED_STATUS: frozenset[str | None] = frozenset({"error", "timeout", "cancelled"})
TOLERANCE_S = 0.001


def marked_recovered(attrs: Any) -> bool:
    """Whether a span's attributes say ``tether.recovered: true``."""
    if not attrs:
        return False
    flag = attrs.get(RECOVERED)
    return flag is True or flag == "true"


def _seconds(value: Any) -> float | None:
    if value is None or isinstance(value, float | int):
        return value
    if isinstance(value, datetime):  # as the gate's streamed reading parsed it
        return (value if value.tzinfo else value.replace(tzinfo=UTC)).timestamp()
    try:
        dt = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        return None
    return (dt if dt.tzinfo else dt.replace(tzinfo=UTC)).timestamp()


class Recovery:
    """Answers, for failed spans of one run given as columns, where an unhandled failure
    lands: the root above it, or nowhere (it recovered, or its chain of parents breaks off)."""

    def __init__(
        self,
        parents: Sequence[Any],
        names: Sequence[Any],
        starts: Sequence[Any],
        ends: Sequence[Any],
        statuses: Sequence[Any],
        attrs: Sequence[Any],
        index: dict[Any, int],
    ) -> None:
        self.parents, self.names, self.starts = parents, names, starts
        self.ends, self.statuses, self.attrs = ends, statuses, attrs
        self.index = index
        self._groups: dict[tuple[Any, Any], list[int]] = {}

    def retried(self, f: int) -> bool:
        """Whether a later sibling of the same name started at or after `f` ended, and ended ok."""
        key = (self.parents[f], self.names[f])
        group = self._groups.get(key)
        if group is None:  # one C-speed pass per (parent, name) asked about
            pairs = zip(self.parents, self.names, strict=True)
            group = list(compress(range(len(self.parents)), map(eq, pairs, repeat(key))))
            self._groups[key] = group
        end = _seconds(self.ends[f])
        if end is None:
            return False
        for s in group:
            if s == f or self.statuses[s] != "ok" or self.ends[s] is None:
                continue
            start = _seconds(self.starts[s])
            if start is not None and start >= end - TOLERANCE_S:
                return True
        return False

    def recovered(self, i: int) -> bool:
        """Whether span `i` says its failures are handled (the attribute, or a working retry)."""
        if marked_recovered(self.attrs[i]):
            return True
        return self.statuses[i] in FAILED_STATUS and self.ends[i] is not None and self.retried(i)

    def lands_on(self, f: int, stop: int | None = None) -> int | None:
        """The root position the failure of span `f` holds against, or `stop` when the walk up
        meets that position first; None when it recovered on the way or the parents break off
        (a missing parent, a loop)."""
        cur = f
        for _ in range(len(self.parents) + 1):
            if cur == stop:
                return cur
            if self.recovered(cur):
                return None
            pid = self.parents[cur]
            if pid is None:
                return cur
            parent = self.index.get(pid)
            if parent is None:
                return None
            cur = parent
        return None  # a loop
