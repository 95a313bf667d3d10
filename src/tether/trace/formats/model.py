"""The run model every reader produces: a run of normalised spans, its times, a read error.

A run's spans are normalised and kept as columns (`Run.columns`: ids, parent ids, kinds, names,
starts, ends, statuses, attrs; `Run.spans` gives rows, `Run.views()` named `TraceSpan`s): a
column is what the gate's C-speed passes read, and a million spans cost least that way. Ids are
strings (OTLP's as lower hex), parent ids None for a root, "" / 0 / null times None, attrs a
dict or None. Times are epoch seconds (float) or, for ISO-8601 input, the string as written:
parsing two timestamps per span would cost more than everything else the gate does, so they
are parsed on demand by `seconds()` (the gate compares ISO strings of one shape directly, which
orders them as their instants). The gate's streamed reading of a big run JSON file keeps the
zoned datetimes its decoder parsed as it read (`run_json_lean`), which compare as they are. A
run JSON file whose spans are already in that form (the usual
case) is taken apart a column at a time with no Python loop per span, and what the check of the
columns found travels with the run (`ColumnFacts`) so the gate does not look twice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, NamedTuple, Protocol

import orjson

Time = float | str | datetime
"""Epoch seconds, an ISO-8601 string kept as written (see `seconds`), or a zoned datetime the
gate's streamed reading parsed as it read."""


def _orjson_keys(*names: str) -> tuple[str, ...]:
    """The very string objects orjson hands out as these keys (it caches keys): looking a key
    up with the same object skips comparing characters, a fifth of the cost of taking a span
    apart. Any equal string works the same, only slower."""
    return tuple(orjson.loads(orjson.dumps(dict.fromkeys(names, 0))))


CITES_TOOL_IDS, RECOVERED = _orjson_keys("cites_tool_ids", "tether.recovered")
GATE_ATTRS: frozenset[str] = frozenset({CITES_TOOL_IDS, RECOVERED})
"""The attributes the gate reads (`keep_attrs` for a streamed run of a million spans)."""

STREAM_THRESHOLD = 64 * 1024 * 1024
"""Files larger than this are streamed in chunks instead of parsed whole."""
CHUNK_SIZE = 4 * 1024 * 1024
BOM = b"\xef\xbb\xbf"


SpanRow = tuple[str, str | None, str, str, Time | None, Time | None, str | None, Any]
"""A normalised span: (id, parent_id, kind, name, started_at, ended_at, status, attrs), attrs a
dict or None. Plain tuples: the gate reads millions of them."""


class TraceSpan(NamedTuple):
    """A `SpanRow` with names, for people and tests (``TraceSpan._make(row)``)."""

    id: str
    parent_id: str | None
    kind: str
    name: str
    started_at: Time | None
    ended_at: Time | None
    status: str | None
    attrs: Mapping[str, Any] | None


Columns = tuple[Sequence[Any], ...]
"""A run's spans transposed: (ids, parent ids, kinds, names, starts, ends, statuses, attrs)."""

_NO_COLUMNS: Columns = ((),) * 8


def _transpose(rows: Sequence[SpanRow]) -> Columns:
    return tuple(zip(*rows, strict=True)) if rows else _NO_COLUMNS


class ColumnFacts(NamedTuple):
    """What checking a run's columns found, so the gate need not look again."""

    statuses: set[Any]  # the distinct statuses
    all_started: bool  # no span without a start
    ends_joined: str | None  # every span ended, with an ISO string: the ends joined
    cites: list[Any]  # the cites_tool_ids there are, of any span


class DecodedSpans(Protocol):
    """A run's spans as a lean reader decoded them (`run_json_lean`), before any columns in normal
    form. `transposed` gives them as columns as they were decoded (attrs None or objects whose
    ``cites_tool_ids`` attribute holds the citations), which the gate's quick yes judges
    (`tether.trace.clean`); `columns` in normal form, with what checking them found, raising
    TraceFormatError when they cannot be put in normal form (a span without an id, a time of
    the wrong type), as reading the file the full way would have."""

    checked: bool
    """Whether the decoder itself held every span to what a clean run is (`run_json_lean`): then
    the transposed ids are strings, the statuses ``ok`` and the times datetimes."""

    def transposed(self) -> Columns:
        """The spans as columns, values as decoded (not yet checked for normal form)."""

    def columns(self) -> tuple[Columns, ColumnFacts | None]:
        """The columns in normal form, with what checking them found."""


class Run:
    """One run: its spans and the id(s) of its root span(s).

    The spans are kept as columns (`columns`: ids, parent ids, kinds, ... one sequence each),
    which is what the gate reads and what costs least memory for a run of a million spans;
    `spans` gives them as rows and `views()` as named tuples. A lean reader may give them as
    `decoded` spans instead, transposed into columns on first use (the gate's quick yes needs
    none). `defects` are what the reader found wrong in the input itself (an id that is no
    id), which the gate reports as problems.
    """

    __slots__ = (
        "_columns",
        "decoded",
        "defects",
        "facts",
        "format",
        "root_ids",
        "run_id",
        "source",
    )

    def __init__(
        self,
        run_id: str,
        root_ids: tuple[str, ...],
        spans: Sequence[SpanRow] = (),
        source: str = "",
        format: str = "",
        *,
        columns: Columns | None = None,
        facts: ColumnFacts | None = None,
        defects: tuple[str, ...] = (),
        decoded: DecodedSpans | None = None,
    ) -> None:
        self.run_id = run_id
        self.root_ids = root_ids
        self.source = source
        self.format = format
        self.decoded = decoded
        self._columns = columns
        if columns is None and decoded is None:
            self._columns = _transpose(spans)
        self.facts = facts  # what the reader learnt of the columns, when it checked them
        self.defects = defects  # problems the reader found in the input (``code:detail``)

    @property
    def columns(self) -> Columns:
        if self._columns is None:
            assert self.decoded is not None
            self._columns, self.facts = self.decoded.columns()
        return self._columns

    @columns.setter
    def columns(self, columns: Columns) -> None:
        self._columns = columns

    @property
    def spans(self) -> list[SpanRow]:
        return list(zip(*self.columns, strict=True))

    def __len__(self) -> int:
        return len(self.columns[0])

    def views(self) -> list[TraceSpan]:
        return [TraceSpan._make(row) for row in zip(*self.columns, strict=True)]

    def __repr__(self) -> str:
        return f"Run({self.run_id!r}, {len(self)} spans, roots={self.root_ids!r}, {self.source!r})"


@dataclass(frozen=True, slots=True)
class ReadError:
    """An input that could not be read: the file (or run id) and why, in one line."""

    source: str
    reason: str

    def __str__(self) -> str:
        return f"{self.source}: {self.reason}"


class _Bad(Exception):
    """Internal: the reason a document cannot be read (the caller adds the file name)."""


def _span(
    sid: str,
    parent: str | None,
    kind: str,
    name: str,
    started: Time | None,
    ended: Time | None,
    status: str | None,
    attrs: Mapping[str, Any] | None,
) -> SpanRow:
    return (sid, parent, kind, name, started, ended, status, attrs)


# ----------------------------------------------------------------------------- times


def seconds(value: Time | None) -> float | None:
    """Epoch seconds of a span time; None for no time or an ISO string that does not parse.

    ISO-8601 strings without a zone are taken as UTC.
    """
    if value is None or isinstance(value, float):
        return value
    if isinstance(value, int):
        return float(value)
    if isinstance(value, datetime):
        return (value if value.tzinfo else value.replace(tzinfo=UTC)).timestamp()
    try:
        dt = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        return None
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=UTC)
    return dt.timestamp()


def _time(value: Any, what: str) -> Time | None:
    """A run JSON time: epoch number or ISO string (or a datetime the lean decoder parsed);
    None, "" and 0 mean no time."""
    cls = value.__class__
    if cls is str or cls is float:
        return value or None
    if cls is datetime:
        return value  # type: ignore[no-any-return]
    if cls is int:
        return float(value) or None
    if value is None:
        return None
    raise _Bad(f"{what} is {type(value).__name__}, not a time (ISO-8601 string or epoch seconds)")
