"""Span times the gate compares: whether one time is later than another (with the tolerance),
whether a value is a time at all, and both rules checked over whole columns at C speed
(`time_issues`), shared by the full gate (`gate`) and its quick yes (`clean`)."""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterator, Sequence
from datetime import datetime
from itertools import chain, compress, repeat
from operator import gt, is_, itemgetter
from typing import Any

from tether.trace.formats import Time, seconds
from tether.trace.recovery import TOLERANCE_S

INF = float("inf")
TOP = "\U0010ffff"  # sorts after any ISO-8601 string
NONE_LOW: dict[Any, Any] = {None: -INF}  # an open child is never late
NONE_HIGH: dict[Any, Any] = {None: INF}  # nor is anything under an open parent
NONE_EMPTY: dict[Any, Any] = {None: ""}
NONE_TOP: dict[Any, Any] = {None: TOP}


class _Bound:
    """Earlier (`EARLIEST`) or later (`LATEST`) than any datetime, for a missing time in a
    column of datetimes (a comparison with a datetime falls back on this object's own)."""

    __slots__ = ("_later",)

    def __init__(self, later: bool) -> None:
        self._later = later

    def __lt__(self, other: object) -> bool:
        return not self._later and other is not self

    def __gt__(self, other: object) -> bool:
        return self._later and other is not self


EARLIEST, LATEST = _Bound(later=False), _Bound(later=True)


def filled(column: Sequence[Any], bound: Any) -> Sequence[Any]:
    """The column with each missing time (None) as `bound`: a C-speed pass finds them (a dict
    lookup per value would hash every datetime, which costs more than comparing it). The
    column itself when none is missing (not to be changed)."""
    if None not in column:
        return column
    out = list(column)
    for i in compress(range(len(out)), map(is_, out, repeat(None))):
        out[i] = bound
    return out


def same_zone(a: str, b: str) -> bool:
    if len(a) != len(b) or len(a) < 7:
        return False
    if a[-1] == "Z" == b[-1]:
        return True
    return a[-6] in "+-" and a[-6:] == b[-6:]


def later(a: Time, b: Time) -> bool:
    """Whether time `a` is more than the tolerance after `b`."""
    if isinstance(a, str) and isinstance(b, str) and same_zone(a, b) and a <= b:
        return False  # ISO strings of one shape order as their instants do
    sa, sb = seconds(a), seconds(b)
    return sa is not None and sb is not None and sa > sb + TOLERANCE_S


def not_a_time(value: Any) -> bool:
    """Whether a span time that is there is no time: an ISO string that does not parse, epoch
    seconds that are not finite (or neither kind of value); a datetime is a time (the streamed
    reading parsed it)."""
    if value.__class__ is str:
        try:
            datetime.fromisoformat(value)
        except ValueError:
            return True
        return False
    if isinstance(value, datetime):
        return False
    return not isinstance(value, int | float) or not math.isfinite(value)


def time_issues(
    starts: Sequence[Any], ends: Sequence[Any], joined_ends: str | None
) -> list[tuple[str, int, None]] | None:
    """bad_time and ends_before_start, at C speed: every time parsed by one ``map``, starts
    compared with ends by another (a missing start or end never compares as before); zoned
    datetimes (the streamed reading's) are times already, and are only compared.
    `joined_ends`: the ends joined, when all are strings. None when a time is bad, or the
    times are ISO strings of several shapes or mixed kinds (`_find_one_by_one` then finds and
    names them)."""
    n = len(starts)
    if not n:
        return []
    try:
        try:
            joined = "".join(starts)
        except TypeError:  # numbers, or missing starts
            joined = None
        if joined is not None and joined_ends is not None:  # the usual case: ISO, all there
            width = len(starts[0])
            for column, text in ((starts, joined), (ends, joined_ends)):
                if len(text) != width * n or min(map(len, column)) != width:
                    return None  # several shapes
                if width < 7 or text[width - 1 :: width] != "Z" * n:
                    return None
            deque(map(datetime.fromisoformat, chain(starts, ends)), maxlen=0)
            before: Iterator[Any] = map(gt, starts, ends)
        elif next(filter(None, chain(starts, ends)), None).__class__ is datetime:
            # parsed as read, so all times (another kind of value fails to compare)
            before = map(gt, filled(starts, EARLIEST), filled(ends, LATEST))
        else:
            present = list(filter(None, chain(starts, ends)))
            if present and present[0].__class__ is str:
                width = len(present[0])
                if set(map(len, present)) != {width} or width < 7:
                    return None
                if set(map(itemgetter(-1), present)) != {"Z"}:
                    return None
                deque(map(datetime.fromisoformat, present), maxlen=0)
                low, high = NONE_EMPTY, NONE_TOP
            else:
                if not all(map(math.isfinite, present)):
                    return None
                low, high = NONE_LOW, NONE_HIGH
            before = map(gt, map(low.get, starts, starts), map(high.get, ends, ends))  # type: ignore[arg-type]
    except (TypeError, ValueError):  # a bad time, or mixed kinds
        return None
    return _before(starts, ends, before)


def _before(
    starts: Sequence[Any], ends: Sequence[Any], before: Iterator[Any]
) -> list[tuple[str, int, None]] | None:
    """ends_before_start where `before` (start > end, span by span) points, past the tolerance;
    None when the times do not compare (mixed kinds)."""
    try:
        suspects = list(compress(range(len(starts)), before))
    except TypeError:
        return None
    return [("ends_before_start", i, None) for i in suspects if later(starts[i], ends[i])]
