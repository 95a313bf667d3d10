"""The gate's quick yes: a run proven clean in a few C-speed passes over its columns as decoded.

Most runs a CI step checks are clean, and for those the gate's answer is known without putting
the columns in normal form (`ColumnFacts`) and without looking for each kind of problem
(`gate._find`): `proven_clean` asks only whether everything that makes a run clean holds, on
the columns as the lean reader decoded them (`DecodedSpans.transposed`). Anything it cannot
prove clean (a failure, an open span, an orphan, children listed before their parents, times of
several shapes, a late child, a value not in normal form) goes to the full gate, which finds
and names the problems; so this path only ever answers "complete", and need not be thorough,
only never wrong: the tests hold it to the full gate's answers.

A per-span rule the gate grows belongs here too. Times are: `_times_clean` proves every start
and end a real time of one shape and no end before its start, with a few C-speed passes (one
parse per time, one comparison per span), as `times.time_issues` does on the full path; when
the decoder parsed them already (`DecodedSpans.checked`), `_datetimes_ordered` only compares.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from datetime import datetime
from itertools import chain
from math import isfinite
from operator import attrgetter, gt, itemgetter, lt
from typing import Any

from tether.trace.formats import Columns
from tether.trace.times import INF as _INF
from tether.trace.times import LATEST as _LATEST
from tether.trace.times import TOP as _TOP

_CITES = attrgetter("cites_tool_ids")
_OK_ONLY = {"ok"}
_FLOAT_ONLY = {float}
_LIST_ONLY = {list}
_TOOL_ONLY = {"tool"}


def proven_clean(columns: Columns, root_ids: tuple[str, ...], checked: bool = False) -> bool:
    """Whether the run is complete with nothing to note, proven from its columns as decoded
    (attrs None or objects with a ``cites_tool_ids`` attribute): ids distinct strings, every
    span started and ended ``ok``, every parent in the run and listed before its children (so
    no loop), no child ending after its parent, every citation a tool span of the run, and a
    root. `checked`: the decoder already held the ids to strings, the statuses to ``ok`` and
    the times to real times (datetimes, `DecodedSpans.checked`). False means "not proven" (the
    full gate decides), not "incomplete"."""
    ids, parents, kinds, _names, starts, ends, statuses, attrs = columns
    n = len(ids)
    if not checked:
        try:
            "".join(ids)  # strings only (a TypeError otherwise, without a Python loop)
            if set(statuses) != _OK_ONLY:
                return False
        except TypeError:  # an id that is no string, a status that cannot be hashed
            return False
    index: dict[Any, int] = dict(zip(ids, range(n), strict=True))
    if n == 0 or len(index) != n or "" in index:
        return False
    top = _datetimes_ordered(starts, ends) if checked else _times_clean(starts, ends)
    if top is None or index.keys().isdisjoint(root_ids):
        return False
    index[None] = -1  # a root's parent
    try:  # one C call for every lookup: a parent not in the run (or "", 0) raises
        parent_pos = pick(index, parents)
    except (KeyError, TypeError):
        return False
    del index[None]
    if not all(map(lt, parent_pos, range(n))):
        return False  # children before their parents: the gate looks for loops
    if any(map(gt, ends, pick((*ends, top), parent_pos))):
        return False  # a child that may have ended after its parent: the gate notes it
    cites = list(filter(None, map(_CITES, filter(None, attrs))))
    return not cites or _cites_tools(cites, index, kinds, checked)


def _times_clean(starts: Sequence[Any], ends: Sequence[Any]) -> Any:
    """The value later than every end when every start and end is a time of one shape that
    orders by plain comparison (ISO strings of one length ending in Z, which order as their
    instants; or finite epoch floats not 0, 0 being no time), each one a real time (no month
    13) and no end before its start; None otherwise (the full gate then names what is wrong,
    `times.time_issues`)."""
    if not all(starts):  # "" and 0.0 mean no start
        return None
    try:
        joined_starts = "".join(starts)
        joined = "".join(ends)
    except TypeError:
        if set(map(type, starts)) | set(map(type, ends)) != _FLOAT_ONLY:
            return None
        if not all(ends) or not all(map(isfinite, chain(starts, ends))):
            return None
        return None if any(map(gt, starts, ends)) else _INF
    n, width = len(ends), len(ends[0])
    for column, text in ((ends, joined), (starts, joined_starts)):
        if width < 7 or len(text) != width * n or min(map(len, column)) != width:
            return None
        if text[width - 1 :: width] != "Z" * n:
            return None
    try:  # every time parses (one C call per time), and none ends before it starts
        deque(map(datetime.fromisoformat, chain(starts, ends)), maxlen=0)
    except ValueError:
        return None
    return None if any(map(gt, starts, ends)) else _TOP


def _datetimes_ordered(starts: Sequence[Any], ends: Sequence[Any]) -> Any:
    """`_times_clean` for times the decoder parsed into datetimes (each a real time already):
    a value later than every end when none ends before its start; None otherwise, or when
    naive and zoned times mix (they do not compare)."""
    try:
        return None if any(map(gt, starts, ends)) else _LATEST
    except TypeError:
        return None


def _cites_tools(
    cites: list[Any], index: dict[Any, int], kinds: Sequence[Any], checked: bool
) -> bool:
    """Whether every citation (lists of ids; `checked`: of strings, as decoded) names a tool
    span of the run."""
    if not checked and set(map(type, cites)) != _LIST_ONLY:
        return False
    try:
        return set(pick(kinds, pick(index, tuple(chain.from_iterable(cites))))) == _TOOL_ONLY
    except (KeyError, TypeError):  # a citation of no span, an unhashable one or kind
        return False


def pick(source: Any, keys: Sequence[Any]) -> tuple[Any, ...]:
    """``tuple(source[k] for k in keys)`` in one C call (itemgetter)."""
    if len(keys) > 1:
        return itemgetter(*keys)(source)  # type: ignore[no-any-return]
    return tuple(source[k] for k in keys)
