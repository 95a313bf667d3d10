"""Run JSON decoded lean, for the gate: only the fields its rules read become Python objects.

A CI step checks thousands of run files; building a dict per span (and per span's attrs, with
every model and usage attribute in it) costs more than everything the gate then does. msgspec
decodes each file into structs that name only the span fields and, of the attrs, only
``cites_tool_ids`` and ``tether.recovered``: the rest is skipped at C speed. Anything that is not
one run in normal form goes back to the full reader (`run_json`), which says what is wrong.
Imported only when the gate reads a run file (msgspec is not loaded otherwise).

Most files a CI step checks are clean runs, and for those a stricter decoding comes first
(`_CheckedSpan`): ids strings, status ``ok``, both times RFC 3339 strings that msgspec parses
into datetimes as it reads them (validating each at C speed: month 13 fails), citations lists of
strings, names not read at all. A file that passes is handed over as `CheckedSpans`, whose
columns the gate's quick yes judges without parsing a time; any other file (a failure, an open
span, epoch times) is decoded the lean way, as before. msgspec takes every time
``datetime.fromisoformat`` takes but one: a lowercase ``z`` zone, which the gate calls no time,
so a file holding one (or an escaped character that could be one) skips the strict decoding.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from itertools import compress, repeat
from operator import and_, attrgetter, is_not, ne
from typing import Annotated, Any, Literal

import msgspec
import orjson
from msgspec.structs import astuple

from tether.errors import TraceFormatError
from tether.trace.formats.model import (
    CITES_TOOL_IDS,
    RECOVERED,
    ColumnFacts,
    Columns,
    Run,
    _Bad,
)
from tether.trace.formats.run_json import _column_facts, _renormalised, _run_of_columns


class _Attrs(msgspec.Struct, gc=False):
    """A span's attrs, cut to the two the gate reads; `get` answers as the dict would."""

    cites_tool_ids: Any = None
    recovered: Any = msgspec.field(default=None, name="tether.recovered")

    def get(self, key: str, default: Any = None) -> Any:
        if key == CITES_TOOL_IDS:
            value = self.cites_tool_ids
        elif key == RECOVERED:
            value = self.recovered
        else:
            return default
        return default if value is None else value


class _Span(msgspec.Struct, gc=False):
    id: Any = None
    parent_id: Any = None
    kind: Any = None
    name: Any = None
    started_at: Any = None
    ended_at: Any = None
    status: Any = None
    attrs: _Attrs | None = None


class _Doc(msgspec.Struct, gc=False):
    run_id: Any
    spans: list[_Span]
    root_id: Any = None


class _Cites(msgspec.Struct, gc=False):
    cites_tool_ids: list[str] | None = None


class _CheckedSpan(msgspec.Struct, gc=False, kw_only=True):
    """A span as the quick yes takes it (fields in `Columns` order, the name left unread):
    anything else fails validation, and the file is decoded the lean way."""

    id: str
    parent_id: str | None = None
    kind: str = ""
    started_at: datetime
    ended_at: datetime
    status: Literal["ok"]
    attrs: _Cites | None = None


class _CheckedDoc(msgspec.Struct, gc=False):
    run_id: Any
    spans: list[_CheckedSpan]
    root_id: Any = None


_Zoned = Annotated[datetime, msgspec.Meta(tz=True)]


class _TimedSpan(msgspec.Struct, gc=False):
    """A span of a streamed file in the types normal form wants, times parsed as read (RFC
    3339 with a zone: the columns keep them as these zoned datetimes, `extend_columns`); a
    batch with any other span is decoded as `_Span`s."""

    id: str
    parent_id: str | None = None
    kind: str = ""
    name: str = ""
    started_at: _Zoned | None = None
    ended_at: _Zoned | None = None
    status: str | None = None
    attrs: _Attrs | None = None


_NONE = _Attrs()
_TIMED = msgspec.json.Decoder(list[_TimedSpan])
_DECODER = msgspec.json.Decoder(_Doc)
_CHECKED = msgspec.json.Decoder(_CheckedDoc)
_NOT_CHECKED = (msgspec.DecodeError, msgspec.ValidationError)
_SPANS = msgspec.json.Decoder(list[_Span])
_CITES = attrgetter("cites_tool_ids")


def run_for_gate(data: bytes, source: str) -> Run | None:
    """The run in a run JSON file with its spans as decoded (`LeanSpans`: columns only when
    the gate asks for them, its quick yes needs none), attrs cut to the gate's (`_Attrs`, read
    with `get` as a dict is); `CheckedSpans` when every span passes the strict decoding; None
    when the bytes are not one such run."""
    if _no_lowercase_zone(data):
        try:
            checked = _CHECKED.decode(data)
        except _NOT_CHECKED:
            pass
        else:
            if checked.spans and checked.run_id is not None and checked.run_id != "":
                held = CheckedSpans(checked.spans, data, source)
                return _run_of_columns(checked.run_id, checked.root_id, None, source, decoded=held)
    try:
        doc = _DECODER.decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError):
        return None
    spans = doc.spans
    if not spans or doc.run_id is None or doc.run_id == "":
        return None
    return _run_of_columns(doc.run_id, doc.root_id, None, source, decoded=LeanSpans(spans, source))


def _no_lowercase_zone(data: bytes) -> bool:
    """Whether no JSON string in `data` can end in a lowercase ``z``, written or escaped (one
    byte searched for first: memchr is many times faster than a two-byte search)."""
    if b"z" in data and b'z"' in data:
        return False
    return b"\\" not in data or b"\\u007" not in data


class CheckedSpans:
    """A run file's spans as `_CheckedSpan`s (a `DecodedSpans` whose `checked` transposed
    columns hold ids that are strings, statuses ``ok``, times as datetimes and no names);
    `columns` in normal form from the file decoded again the lean way (the quick yes could not
    prove the run clean, so the full gate reads it)."""

    __slots__ = ("data", "source", "spans")
    checked = True

    def __init__(self, spans: list[_CheckedSpan], data: bytes, source: str) -> None:
        self.spans = spans
        self.data = data
        self.source = source

    def transposed(self) -> Columns:
        ids, parents, kinds, starts, ends, statuses, attrs = zip(
            *map(astuple, self.spans), strict=True
        )
        return ids, parents, kinds, (), starts, ends, statuses, attrs

    def columns(self) -> tuple[Columns, ColumnFacts | None]:
        return LeanSpans(_DECODER.decode(self.data).spans, self.source).columns()


class LeanSpans:
    """A run file's spans as `_Span`s (a `DecodedSpans`): `transposed` as they are, `columns`
    in normal form the way the full reader would put them when they are not in it already."""

    __slots__ = ("_transposed", "source", "spans")
    checked = False

    def __init__(self, spans: list[_Span], source: str) -> None:
        self.spans = spans
        self.source = source
        self._transposed: Columns | None = None

    def transposed(self) -> Columns:
        if self._transposed is None:  # astuple: a C loop over a struct's fields, no lookups
            self._transposed = tuple(zip(*map(astuple, self.spans), strict=True))
        return self._transposed

    def columns(self) -> tuple[Columns, ColumnFacts | None]:
        columns = self.transposed()
        facts = _column_facts(columns, list(filter(None, map(_CITES, filter(None, columns[7])))))
        if facts is not None:
            return columns, facts
        try:
            return _renormalised(columns, plain), None
        except _Bad as exc:  # what reading the file the full way says
            raise TraceFormatError(self.source, str(exc)) from None


def decode_spans(data: bytes) -> list[Any]:
    """A JSON array of spans (a batch the streaming scanner cut out of a big file) as
    `_TimedSpan`s, else as `_Span`s, else as dicts when a span is not in the form `_Span` takes
    (the full reader then reads those); ValueError when the bytes are not JSON (a cut in the
    wrong place)."""
    if _no_lowercase_zone(data):
        try:
            return _TIMED.decode(data)
        except msgspec.ValidationError:  # not JSON at all: the lean decoding says so too
            pass
    try:
        return _SPANS.decode(data)
    except msgspec.ValidationError:
        return orjson.loads(data)  # type: ignore[no-any-return]


def extend_columns(
    columns: list[list[Any]], batch: list[Any], share: Callable[[Any], Any]
) -> bool | None:
    """Append a batch `decode_spans` gave as `_TimedSpan`s or `_Span`s to the columns, taken
    apart at C speed (a tuple per span, transposed): kinds, names and statuses through `share`
    (one string object per value), attrs with neither attribute as None (a million spans keep
    no empty objects). Whether the batch was in normal form as decoded (`_TimedSpan`s: times as
    zoned datetimes, kept as they are: turning two million of them into epoch seconds took
    longer than the gate's rules over them, which compare datetimes as they are); None, and
    nothing appended, for a batch of dicts."""
    kind = type(batch[0]) if batch else None
    if kind is not _Span and kind is not _TimedSpan:
        return None
    timed = kind is _TimedSpan
    at = len(columns[0])
    fields = zip(*map(astuple, batch), strict=True)
    for i, values in enumerate(fields):
        column = columns[i]
        if i in (2, 3, 6):  # kinds, names, statuses
            try:
                column.extend(map(share, values))
            except TypeError:  # a value that cannot be hashed (a list for a kind): as it is
                del column[at:]
                column.extend(values)
        elif i == 7:
            column.extend(_held(values))
        else:
            column.extend(values)
    if timed and "" in columns[1][at:]:  # normal form: no parent
        columns[1][at:] = [p or None for p in columns[1][at:]]
    return timed


def _held(attrs: tuple[Any, ...]) -> list[Any]:
    """The attrs with neither attribute the gate reads as None (a C-speed pass finds the few
    worth keeping: the spans that cite tools, or say they recovered)."""
    held: list[Any] = [None] * len(attrs)
    present = map(is_not, attrs, repeat(None))
    for i in compress(range(len(attrs)), map(and_, present, map(ne, attrs, repeat(_NONE)))):
        held[i] = attrs[i]
    return held


def timed_facts(columns: Columns) -> ColumnFacts:
    """What `_column_facts` would find on columns that are all in normal form already (every
    batch of them from `lean_columns`), without checking it again."""
    return ColumnFacts(set(columns[6]), None not in columns[4], None, citations(columns[7]))


def plain(attrs: Any) -> Any:
    """`_Attrs` as the dict of what it holds (anything else as it is)."""
    if type(attrs) is not _Attrs:
        return attrs
    held = {CITES_TOOL_IDS: attrs.cites_tool_ids, RECOVERED: attrs.recovered}
    return {k: v for k, v in held.items() if v is not None}


def citations(attrs: Sequence[Any]) -> list[Any]:
    """The ``cites_tool_ids`` there are in a column of `_Attrs`, dicts and Nones."""
    present = list(filter(None, attrs))
    try:
        return list(filter(None, map(_CITES, present)))
    except AttributeError:  # some are dicts
        return [c for a in present if (c := a.get(CITES_TOOL_IDS))]
