"""Readers that turn trace files (and runs in tether's store) into runs of normalised spans.

What is read:

- **seed JSON** (the completeness seed's schema): ``{"run_id", "root_id", "spans": [{"id",
  "parent_id", "kind", "name", "started_at", "ended_at", "status", "attrs"}]}``, times as
  ISO-8601 strings or epoch seconds; also a JSON list of such runs, and JSONL with one run per
  line.
- **OTLP JSON** as exporters write it: ``resourceSpans[].scopeSpans[].spans[]`` (the older
  ``instrumentationLibrarySpans``, and Tempo's ``batches`` too), ids in hex of either case or
  base64 (the protobuf JSON mapping), times as strings or ints, enums as numbers or names; one
  run per ``traceId``; the root is the span (or spans) without ``parentSpanId``. JSONL of such
  documents (the collector's file exporter) is read as one stream, traces grouped across lines.
- **Langfuse trace exports** (``{"trace", "observations"}``) and **OpenAI Agents SDK trace
  ingest bodies** (JSONL of ``{"data": [trace | trace.span, ...]}``), whose parent ids and
  start / end times map onto the same spans.
- **tether's store**: a run id (or a unique prefix of one), read through ``TraceStore.trace``.

Not read, with a one-line reason: inspect_ai eval logs (their events carry no span tree with a
root), OTLP documents holding only logs or metrics, and any other JSON.

A run's spans are normalised and kept as columns (`Run.columns`: ids, parent ids, kinds, names,
starts, ends, statuses, attrs; `Run.spans` gives rows, `Run.views()` named `TraceSpan`s): a
column is what the gate's C-speed passes read, and a million spans cost least that way. Ids are
strings (OTLP's as lower hex), parent ids None for a root, "" / 0 / null times None, attrs a
dict or None. Times are epoch seconds (float) or, for ISO-8601 input, the string as written:
parsing two timestamps per span would cost more than everything else the gate does, so they
are parsed on demand by `seconds()` (the gate compares ISO strings of one shape directly, which
orders them as their instants). A seed file whose spans are already in that form (the usual
case) is taken apart a column at a time with no Python loop per span, and what the check of the
columns found travels with the run (`ColumnFacts`) so the gate does not look twice.

Reading is lazy and one file at a time: `iter_runs` is a generator, a folder is read file by
file (``*.json``, ``*.jsonl``, sorted, not recursive), and a bad file becomes a `ReadError`
naming the file and the reason without stopping the others. A file larger than
`STREAM_THRESHOLD` is never loaded whole: `_Scanner` reads it in chunks and cuts out the
elements of its big array (``spans`` of a seed run, ``resourceSpans`` of OTLP, the runs of a
list), parsing a chunk's worth at once with orjson after a successful parse has shown that the
cut fell between two elements (a cut inside a string or an object never parses); kinds, names
and statuses then share one string object per value, and `keep_attrs` drops the attrs that
hold none of the attributes the caller reads (the gate's are `GATE_ATTRS`).
"""

from __future__ import annotations

import base64
import binascii
import os
import re
import stat
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import repeat
from operator import itemgetter
from pathlib import Path
from typing import IO, Any, NamedTuple

import orjson

from tether.errors import UsageError
from tether.trace.store import TraceStore, default_path

__all__ = [
    "GATE_ATTRS",
    "STREAM_THRESHOLD",
    "ColumnFacts",
    "Columns",
    "ReadError",
    "Run",
    "SpanRow",
    "Time",
    "TraceFormatError",
    "TraceSpan",
    "iter_runs",
    "read_file",
    "read_store_run",
    "runs_from_document",
    "seconds",
]

Time = float | str
"""Epoch seconds, or an ISO-8601 string kept as written (see `seconds`)."""


def _orjson_keys(*names: str) -> tuple[str, ...]:
    """The very string objects orjson hands out as these keys (it caches keys): looking a key
    up with the same object skips comparing characters, a fifth of the cost of taking a span
    apart. Any equal string works the same, only slower."""
    return tuple(orjson.loads(orjson.dumps(dict.fromkeys(names, 0))))


CITES_TOOL_IDS, RECOVERED = _orjson_keys("cites_tool_ids", "tether.recovered")
TETHER_KIND = "tether.kind"
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


class Run:
    """One run: its spans and the id(s) of its root span(s).

    The spans are kept as columns (`columns`: ids, parent ids, kinds, ... one sequence each),
    which is what the gate reads and what costs least memory for a run of a million spans;
    `spans` gives them as rows and `views()` as named tuples.
    """

    __slots__ = ("columns", "facts", "format", "root_ids", "run_id", "source")

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
    ) -> None:
        self.run_id = run_id
        self.root_ids = root_ids
        self.source = source
        self.format = format
        self.columns = columns if columns is not None else _transpose(spans)
        self.facts = facts  # what the reader learnt of the columns, when it checked them

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


class TraceFormatError(UsageError):
    """A trace input that cannot be read; the message names the input and the reason."""

    def __init__(self, source: str, reason: str) -> None:
        self.source = source
        self.reason = reason
        super().__init__(f"{source}: {reason}")


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
    try:
        dt = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        return None
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=UTC)
    return dt.timestamp()


def _time(value: Any, what: str) -> Time | None:
    """A seed time: epoch number or ISO string; None, "" and 0 mean no time."""
    cls = value.__class__
    if cls is str or cls is float:
        return value or None
    if cls is int:
        return float(value) or None
    if value is None:
        return None
    raise _Bad(f"{what} is {type(value).__name__}, not a time (ISO-8601 string or epoch seconds)")


# ----------------------------------------------------------------------------- seed schema


_SEED_KEYS = _orjson_keys(
    "id", "parent_id", "kind", "name", "started_at", "ended_at", "status", "attrs"
)
_seed_row: Callable[[Any], SpanRow] = itemgetter(*_SEED_KEYS)
_TIME_TYPES = frozenset({str, float, type(None)})


def _seed_columns(
    raw: list[Any], keep: Collection[str] | None, first: int = 0
) -> tuple[Columns, ColumnFacts | None]:
    """Seed spans as columns: all at once when every span is already in normal form (the
    usual case, checked column by column at C speed), else span by span (`_seed_span`)."""
    if not raw:
        return _NO_COLUMNS, None
    columns: Columns | None
    try:
        columns = tuple(zip(*map(_seed_row, raw), strict=True))
    except (KeyError, TypeError):  # a span without some key, or not an object
        columns = None
    facts = None if columns is None else _column_facts(columns)
    if columns is None or facts is None:
        columns = _transpose([_seed_span(s, f"spans[{first + i}]") for i, s in enumerate(raw)])
    if keep is not None:
        keep_set = frozenset(keep)
        attrs = [a if a is None or not keep_set.isdisjoint(a) else None for a in columns[7]]
        columns = (*columns[:7], attrs)
    return columns, facts


def _column_facts(columns: Columns) -> ColumnFacts | None:
    """None unless rows taken as they were parsed are already normalised spans."""
    ids, parents, kinds, names, starts, ends, statuses, attrs = columns
    try:
        # join() raises TypeError on anything that is not a str, without a Python loop
        "".join(ids)
        "".join(kinds)
        "".join(names)
        "".join(filter(None, parents))
        distinct = set(statuses)
    except TypeError:
        return None
    if "" in parents or not all(s is None or s.__class__ is str for s in distinct):
        return None
    times: list[str | None] = []
    for col in (starts, ends):
        try:
            joined = "".join(col)
        except TypeError:  # numbers or None: fine, but 0 and False mean "no time" (None)
            if 0 in col or "" in col or not set(map(type, col)) <= _TIME_TYPES:
                return None
            times.append(None)
        else:
            if not all(col):  # an empty string
                return None
            times.append(joined)
    # attrs: dicts (dict.get takes nothing else) or empty ones or None; and the citations
    present = list(filter(None, attrs))
    try:
        cites = list(filter(None, map(dict.get, present, repeat(CITES_TOOL_IDS))))
    except TypeError:
        return None
    if len(present) + attrs.count(None) + attrs.count({}) != len(attrs):
        return None  # a falsy attrs that is neither None nor {}: [], "", 0
    all_started = times[0] is not None or None not in starts
    return ColumnFacts(distinct, all_started, times[1], cites)


def _seed_span(raw: Any, where: str) -> SpanRow:
    if raw.__class__ is not dict:
        raise _Bad(f"{where} is {type(raw).__name__}, not a span object")
    get = raw.get
    sid = get("id")
    if sid.__class__ is not str:
        if sid is None:
            raise _Bad(f"{where} has no id")
        sid = str(sid)
    parent = get("parent_id") or None
    if parent is not None and parent.__class__ is not str:
        parent = str(parent)
    kind = get("kind") or ""
    name = get("name") or ""
    status = get("status")
    attrs = get("attrs")
    if attrs is not None and attrs.__class__ is not dict:
        raise _Bad(f"{where}.attrs is {type(attrs).__name__}, not an object")
    return (
        sid,
        parent,
        kind if kind.__class__ is str else str(kind),
        name if name.__class__ is str else str(name),
        _time(get("started_at"), f"{where}.started_at"),
        _time(get("ended_at"), f"{where}.ended_at"),
        status if status is None or status.__class__ is str else str(status),
        attrs,
    )


def _seed_run(run_id: Any, root_id: Any, columns: Columns, source: str, fmt: str = "seed") -> Run:
    if run_id is None or run_id == "":
        raise _Bad("the run has no run_id")
    roots = (str(root_id),) if root_id is not None and root_id != "" else ()
    return Run(str(run_id), roots, source=source, format=fmt, columns=columns)


def _seed_doc(doc: dict[str, Any], source: str) -> Run:
    raw = doc.get("spans")
    if not isinstance(raw, list):
        raise _Bad("spans is not a list")
    columns, facts = _seed_columns(raw, None)  # parsed whole anyway: attrs stay as they are
    run = _seed_run(doc.get("run_id"), doc.get("root_id"), columns, source)
    run.facts = facts
    return run


def read_store_run(
    store: TraceStore, run_id: str, *, keep_attrs: Collection[str] | None = None
) -> Run | None:
    """A run from tether's store, or None when the store does not have it."""
    doc = store.trace(run_id)
    if doc is None:
        return None
    columns, _ = _seed_columns(doc["spans"], keep_attrs)
    return _seed_run(doc["run_id"], doc["root_id"], columns, f"store:{run_id}", "store")


# ----------------------------------------------------------------------------- OTLP JSON

_HEX = re.compile(r"[0-9a-fA-F]*")
_OTLP_KINDS = ("unspecified", "internal", "server", "client", "producer", "consumer")
_STATUS_OK = {0, 1, "0", "1", "STATUS_CODE_UNSET", "STATUS_CODE_OK", "UNSET", "OK", None}
_STATUS_ERROR = {2, "2", "STATUS_CODE_ERROR", "ERROR"}
_MODEL_OPERATIONS = frozenset({"chat", "text_completion", "generate_content"})
_TOOL_OPERATIONS = frozenset({"execute_tool"})
_NAMES_KEPT = ("gen_ai.operation.name", TETHER_KIND)


def _otlp_id(value: Any) -> str:
    """An OTLP id as lower hex: hex of either case, or base64 (protobuf's JSON mapping)."""
    if value is None or value == "":
        return ""
    if not isinstance(value, str):
        raise _Bad(f"an id is {type(value).__name__}, not a string")
    n = len(value)
    if n in (16, 32) and _HEX.fullmatch(value):
        return value.lower()
    try:
        raw = base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        return value.lower() if _HEX.fullmatch(value) else value
    return raw.hex()


def _nanos(value: Any, what: str) -> float | None:
    if value is None:
        return None
    try:
        n = int(value)
    except (TypeError, ValueError):
        raise _Bad(f"{what} is {value!r}, not nanoseconds") from None
    return n / 1e9 if n else None


def _any_value(value: Any) -> Any:
    """OTLP's typed AnyValue as a plain value."""
    if not isinstance(value, dict):
        return value
    for key, item in value.items():
        if key == "stringValue" or key == "bytesValue":
            return item
        if key == "boolValue":
            return item if isinstance(item, bool) else str(item).lower() == "true"
        if key == "intValue":
            try:
                return int(item)
            except (TypeError, ValueError):
                return item
        if key == "doubleValue":
            try:
                return float(item)
            except (TypeError, ValueError):
                return item
        if key == "arrayValue":
            return [_any_value(v) for v in (item or {}).get("values") or ()]
        if key == "kvlistValue":
            return _flatten((item or {}).get("values"))
    return None


def _flatten(attributes: Any, keep: Collection[str] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if not attributes:
        return out
    if not isinstance(attributes, list):
        raise _Bad("attributes is not a list")
    for kv in attributes:
        if not isinstance(kv, dict):
            continue
        key = kv.get("key")
        if not isinstance(key, str) or (keep is not None and key not in keep):
            continue
        out[key] = _any_value(kv.get("value"))
    return out


def _kind_of(attrs: Mapping[str, Any]) -> str:
    kind = attrs.get(TETHER_KIND)
    if isinstance(kind, str) and kind:
        return kind
    op = attrs.get("gen_ai.operation.name")
    if op in _MODEL_OPERATIONS:
        return "model"
    if op in _TOOL_OPERATIONS:
        return "tool"
    return "span"


def _otel_kind(value: Any) -> str:
    if isinstance(value, int) and 0 <= value < len(_OTLP_KINDS):
        return _OTLP_KINDS[value]
    if isinstance(value, str):
        return value.removeprefix("SPAN_KIND_").lower()
    return "unspecified" if value is None else str(value)


class _Grouper:
    """Collects spans by trace id across a whole file, then hands out one run per trace."""

    def __init__(self, source: str, fmt: str) -> None:
        self.source = source
        self.fmt = fmt
        self.traces: dict[str, list[SpanRow]] = {}

    def add(self, trace_id: str, span: SpanRow) -> None:
        spans = self.traces.get(trace_id)
        if spans is None:
            self.traces[trace_id] = [span]
        else:
            spans.append(span)

    def runs(self) -> Iterator[Run]:
        traces, self.traces = self.traces, {}
        for trace_id, spans in traces.items():
            roots = tuple(dict.fromkeys(s[0] for s in spans if s[1] is None))
            yield Run(trace_id or "(empty trace id)", roots, spans, self.source, self.fmt)


def _otlp_resource_spans(rs: Any, into: _Grouper, keep: Collection[str] | None) -> None:
    if not isinstance(rs, dict):
        raise _Bad("resourceSpans holds a non-object")
    scopes = rs.get("scopeSpans")
    if scopes is None:
        scopes = rs.get("instrumentationLibrarySpans")
    if not scopes:
        return
    if not isinstance(scopes, list):
        raise _Bad("scopeSpans is not a list")
    for scope in scopes:
        if not isinstance(scope, dict):
            raise _Bad("scopeSpans holds a non-object")
        spans = scope.get("spans") or ()
        if not isinstance(spans, list):
            raise _Bad("scopeSpans[].spans is not a list")
        _otlp_spans(spans, into, keep)


def _otlp_spans(spans: list[Any], into: _Grouper, keep: Collection[str] | None) -> None:
    wanted = None if keep is None else frozenset(keep).union(_NAMES_KEPT)
    for raw in spans:
        if not isinstance(raw, dict):
            raise _Bad("spans[] holds a non-object")
        into.add(_otlp_id(raw.get("traceId")), _otlp_span(raw, wanted, keep))


def _otlp_span(
    raw: dict[str, Any], wanted: Collection[str] | None, keep: Collection[str] | None
) -> SpanRow:
    full = keep is None
    attrs = _flatten(raw.get("attributes"), wanted)
    kind = _kind_of(attrs)
    if full:
        attrs["otel.span_kind"] = _otel_kind(raw.get("kind"))
    ended = _nanos(raw.get("endTimeUnixNano"), "endTimeUnixNano")
    status: str | None = None
    st = raw.get("status")
    if ended is not None:
        code = st.get("code") if isinstance(st, dict) else None
        if code in _STATUS_OK:
            status = "ok"
        elif code in _STATUS_ERROR:
            status = "error"
        else:
            status = str(code)
    if full and isinstance(st, dict) and st.get("message"):
        attrs["otel.status_description"] = st["message"]
    if keep is not None:
        for key in _NAMES_KEPT:
            if key not in keep:
                attrs.pop(key, None)
    name = raw.get("name")
    return _span(
        _otlp_id(raw.get("spanId")),
        _otlp_id(raw.get("parentSpanId")) or None,
        kind,
        name if isinstance(name, str) else "",
        _nanos(raw.get("startTimeUnixNano"), "startTimeUnixNano"),
        ended,
        status,
        attrs or None,
    )


# ----------------------------------------------------------------------------- other formats


def _langfuse(doc: dict[str, Any], keep: Collection[str] | None, source: str) -> Iterator[Run]:
    trace = doc.get("trace") if isinstance(doc.get("trace"), dict) else doc
    observations = doc.get("observations")
    if observations is None and isinstance(trace, dict):
        observations = trace.get("observations")
    if not isinstance(observations, list):
        raise _Bad("a Langfuse export without an observations list")
    kinds = {"GENERATION": "model", "TOOL": "tool"}
    grouper = _Grouper(source, "langfuse")
    trace_id = str(trace.get("id") or "") if isinstance(trace, dict) else ""
    for i, ob in enumerate(observations):
        if not isinstance(ob, dict) or not ob.get("id"):
            raise _Bad(f"observations[{i}] has no id")
        kind = str(ob.get("type") or "SPAN")
        started = _time(ob.get("startTime"), f"observations[{i}].startTime")
        ended = _time(ob.get("endTime"), f"observations[{i}].endTime")
        if ended is None and kind == "EVENT":
            ended = started  # an event is a point in time
        attrs: dict[str, Any] = {}
        if keep is None:
            attrs = {"langfuse.level": ob.get("level"), "langfuse.type": kind}
        grouper.add(
            str(ob.get("traceId") or trace_id),
            _span(
                str(ob["id"]),
                str(ob["parentObservationId"]) if ob.get("parentObservationId") else None,
                kinds.get(kind, kind.lower()),
                str(ob.get("name") or ""),
                started,
                ended,
                None if ended is None else ("error" if ob.get("level") == "ERROR" else "ok"),
                attrs or None,
            ),
        )
    yield from grouper.runs()


def _agents_sdk_item(item: Any, into: _Grouper, keep: Collection[str] | None, where: str) -> None:
    """One object of an OpenAI Agents SDK ingest body: a trace (skipped) or a trace.span."""
    if not isinstance(item, dict):
        raise _Bad(f"{where} is not an object")
    if item.get("object") != "trace.span":
        return
    data = item.get("span_data")
    if not isinstance(data, dict):
        data = {}
    typ = str(data.get("type") or "span")
    kind = {"response": "model", "generation": "model", "function": "tool"}.get(typ, typ)
    ended = _time(item.get("ended_at"), f"{where}.ended_at")
    attrs: dict[str, Any] = {}
    if keep is None:
        attrs = {"openai_agents.type": typ}
        if item.get("error") is not None:
            attrs["error"] = item["error"]
    into.add(
        str(item.get("trace_id") or ""),
        _span(
            str(item.get("id") or ""),
            str(item["parent_id"]) if item.get("parent_id") else None,
            kind,
            str(data.get("name") or typ),
            _time(item.get("started_at"), f"{where}.started_at"),
            ended,
            None if ended is None else ("ok" if item.get("error") is None else "error"),
            attrs or None,
        ),
    )


# ----------------------------------------------------------------------------- dispatch


def _is_otlp(doc: dict[str, Any]) -> bool:
    return "resourceSpans" in doc or "batches" in doc


def _unknown(doc: Any) -> _Bad:
    prefix = "not a trace format tether reads"
    if isinstance(doc, dict):
        keys = set(doc)
        if {"eval", "samples"} <= keys or ("eval" in keys and "version" in keys):
            return _Bad(
                f"{prefix}: looks like an inspect_ai eval log (its events carry no span tree "
                "with a root)"
            )
        if "resourceLogs" in keys or "resourceMetrics" in keys:
            return _Bad(f"{prefix}: OTLP logs or metrics, not traces (no resourceSpans)")
        if "spans" in keys:
            return _Bad("a run JSON without run_id (expected {run_id, root_id, spans[]})")
        shown = ", ".join(sorted(map(str, keys))[:6]) or "none"
        return _Bad(
            f"{prefix}: a JSON object with keys {shown} (expected a run's "
            "{run_id, root_id, spans[]} or OTLP's resourceSpans[])"
        )
    return _Bad(f"{prefix}: a JSON {type(doc).__name__} (expected an object or a list of runs)")


def runs_from_document(
    doc: Any,
    source: str,
    *,
    keep_attrs: Collection[str] | None = None,
    grouper: _Grouper | None = None,
) -> Iterator[Run]:
    """The runs in one parsed JSON document (raises TraceFormatError naming `source`).

    OTLP and OpenAI Agents SDK spans go to `grouper` when one is given (so a JSONL file groups
    traces across lines) and are handed out by the caller; otherwise they are yielded here.
    """
    try:
        yield from _runs_from_document(doc, source, keep_attrs, grouper)
    except _Bad as exc:
        raise TraceFormatError(source, str(exc)) from None


def _runs_from_document(
    doc: Any, source: str, keep: Collection[str] | None, grouper: _Grouper | None
) -> Iterator[Run]:
    if isinstance(doc, list):
        for i, item in enumerate(doc):
            if not isinstance(item, dict):
                raise _Bad(f"item {i} of the list is {type(item).__name__}, not a run")
            try:
                yield from _runs_from_document(item, source, keep, grouper)
            except _Bad as exc:
                raise _Bad(f"item {i} of the list: {exc}") from None
        return
    if not isinstance(doc, dict):
        raise _unknown(doc)
    if "spans" in doc and doc.get("run_id") not in (None, ""):
        yield _seed_doc(doc, source)
        return
    if _is_otlp(doc):
        own = grouper or _Grouper(source, "otlp")
        body = doc.get("resourceSpans")
        if body is None:
            body = doc.get("batches")
        if not isinstance(body, list):
            raise _Bad("resourceSpans is not a list")
        for rs in body:
            _otlp_resource_spans(rs, own, keep)
        if grouper is None:
            yield from own.runs()
        return
    if "observations" in doc and ("trace" in doc or "id" in doc):
        yield from _langfuse(doc, keep, source)
        return
    data = doc.get("data")
    if isinstance(data, list) and any(
        isinstance(d, dict) and str(d.get("object", "")).startswith("trace") for d in data
    ):
        own = grouper or _Grouper(source, "openai-agents")
        own.fmt = "openai-agents"
        for i, item in enumerate(data):
            _agents_sdk_item(item, own, keep, f"data[{i}]")
        if grouper is None:
            yield from own.runs()
        return
    raise _unknown(doc)


def _json_error(exc: orjson.JSONDecodeError, data: bytes, offset: int = 0) -> _Bad:
    msg = str(exc)
    if "UTF-8" in msg:
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as bad:
            return _Bad(
                f"not UTF-8 text: byte 0x{data[bad.start]:02x} at offset {offset + bad.start}"
            )
        return _Bad(f"not UTF-8 text ({msg})")
    if not data.strip():
        return _Bad("empty file")
    if exc.pos >= len(data.rstrip()):
        return _Bad(f"truncated JSON: the data ends at byte {offset + len(data)} mid-document")
    return _Bad(f"invalid JSON: {msg}")


# ----------------------------------------------------------------------------- streaming

_WS = re.compile(rb"[ \t\r\n]*")
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
_STRUCT = re.compile(rb'["{}\[\]]')
_SCALAR = re.compile(rb"[^ \t\r\n,\]}]+")


class _Scanner:
    """Incremental JSON reading over a binary file: one small value at a time, or the elements
    of a big array in batches (see the module docstring)."""

    def __init__(self, f: IO[bytes], chunk: int = CHUNK_SIZE) -> None:
        self.f = f
        self.chunk = chunk
        self.buf = b""
        self.pos = 0
        self.base = 0  # file offset of buf[0]
        self.eof = False

    def _more(self, at_least: int = 0) -> bool:
        if self.eof:
            return False
        data = self.f.read(max(self.chunk, at_least))
        if not data:
            self.eof = True
            return False
        self.base += self.pos
        self.buf = self.buf[self.pos :] + data
        self.pos = 0
        return True

    def peek(self) -> int | None:
        """The next byte that is not white space (not consumed), None at the end."""
        while True:
            m = _WS.match(self.buf, self.pos)
            self.pos = m.end() if m else self.pos
            if self.pos < len(self.buf):
                return self.buf[self.pos]
            if not self._more():
                return None

    def expect(self, char: bytes, what: str) -> None:
        c = self.peek()
        if c is None:
            raise _Bad(f"truncated JSON: the data ends at byte {self.base + self.pos}")
        if c != char[0]:
            got = repr(chr(c))
            raise _Bad(f"invalid JSON at byte {self.base + self.pos}: expected {what}, got {got}")
        self.pos += 1

    def _scan(self, i: int, resume: int, depth: int) -> tuple[int, int, int]:
        """(index just after the JSON value starting at buf[i], 0, 0), or (-1, where to resume
        scanning, depth there) when the buffer ends first: a long value is scanned once."""
        buf = self.buf
        c = buf[i]
        if c == 0x22:  # "
            m = _STRING.match(buf, i)
            return (m.end(), 0, 0) if m else (-1, 0, 0)
        if c not in (0x7B, 0x5B):  # { [
            m = _SCALAR.match(buf, i)
            if m is None:
                return i + 1, 0, 0
            return (m.end(), 0, 0) if m.end() < len(buf) or self.eof else (-1, 0, 0)
        j = i + resume
        while True:
            m = _STRUCT.search(buf, j)
            if m is None:
                return -1, len(buf) - i, depth
            ch = buf[m.start()]
            if ch == 0x22:
                s = _STRING.match(buf, m.start())
                if s is None:
                    return -1, m.start() - i, depth
                j = s.end()
                continue
            j = m.end()
            depth += 1 if ch in (0x7B, 0x5B) else -1
            if depth == 0:
                return j, 0, 0

    def value(self) -> Any:
        """Parse the next complete JSON value."""
        if self.peek() is None:
            raise _Bad(f"truncated JSON: the data ends at byte {self.base + self.pos}")
        resume = depth = 0
        while True:
            end, resume, depth = self._scan(self.pos, resume, depth)
            if end >= 0:
                break
            if not self._more(len(self.buf)):
                raise _Bad(f"truncated JSON: the data ends at byte {self.base + len(self.buf)}")
        piece = self.buf[self.pos : end]
        try:
            value = orjson.loads(piece)
        except orjson.JSONDecodeError as exc:
            raise _json_error(exc, piece, self.base + self.pos) from None
        self.pos = end
        return value

    def members(self) -> Iterator[str]:
        """The keys of the object starting here, each with the scanner at its value, which the
        caller reads (`value`, or deeper) before asking for the next key."""
        self.expect(b"{", "an object")
        if self.peek() == 0x7D:  # }
            self.pos += 1
            return
        while True:
            key = self.value()
            if not isinstance(key, str):
                raise _Bad(f"invalid JSON at byte {self.base + self.pos}: a key is not a string")
            self.expect(b":", "':' after a key")
            yield key
            if self.peek() == 0x7D:
                self.pos += 1
                return
            self.expect(b",", "',' or '}' between members")

    def items(self) -> Iterator[None]:
        """Once per element of the list starting here, with the scanner at the element."""
        self.expect(b"[", "a list")
        if self.peek() == 0x5D:  # ]
            self.pos += 1
            return
        while True:
            yield
            if self.peek() == 0x5D:
                self.pos += 1
                return
            self.expect(b",", "',' or ']' between elements")

    def _batch(self) -> list[Any] | None:
        """As many whole elements as the buffer holds from pos, parsed at once; None when no
        cut in the last stretch of the buffer parses (the caller reads one element exactly)."""
        if len(self.buf) - self.pos < self.chunk:
            self._more()
        buf = self.buf
        start = self.pos
        j = len(buf)
        tries = steps = 0
        while tries < 4 and steps < 256:
            steps += 1
            j = buf.rfind(b"}", start, j)
            if j < 0:
                return None
            m = _WS.match(buf, j + 1)
            k = m.end() if m else j + 1
            if k >= len(buf) or buf[k] not in (0x2C, 0x5D):  # , ]
                continue
            tries += 1
            try:
                items = orjson.loads(b"[" + buf[start : j + 1] + b"]")
            except orjson.JSONDecodeError:
                continue
            self.pos = j + 1
            return items  # type: ignore[no-any-return]
        return None

    def elements(self) -> Iterator[Any]:
        """The elements of the array whose '[' was just consumed."""
        for batch in self.batches():
            yield from batch

    def batches(self) -> Iterator[list[Any]]:
        """The elements of the array whose '[' was just consumed, many at a time where it can."""
        first = True
        while True:
            c = self.peek()
            if c is None:
                raise _Bad(f"truncated JSON: the data ends at byte {self.base + self.pos}")
            if c == 0x5D:  # ]
                self.pos += 1
                return
            if not first:
                self.expect(b",", "',' or ']' between array elements")
                if self.peek() is None:
                    raise _Bad(f"truncated JSON: the data ends at byte {self.base + self.pos}")
            first = False
            items = self._batch() if self.buf[self.pos] == 0x7B else None
            yield [self.value()] if items is None else items


def _stream_document(scan: _Scanner, source: str, keep: Collection[str] | None) -> Iterator[Run]:
    c = scan.peek()
    if c is None:
        raise _Bad("empty file")
    if c == 0x5B:  # a list of runs
        scan.pos += 1
        for i, item in enumerate(scan.elements()):
            try:
                yield from _runs_from_document(item, source, keep, None)
            except _Bad as exc:
                raise _Bad(f"item {i} of the list: {exc}") from None
    elif c == 0x7B:
        yield from _stream_object(scan, source, keep)
    else:
        raise _Bad("invalid JSON: the file does not start with an object or a list")
    if scan.peek() is not None:
        raise _Bad(
            f"invalid JSON: unexpected content after the document at byte {scan.base + scan.pos}"
        )


def _stream_spans(scan: _Scanner, keep: Collection[str] | None) -> list[list[Any]]:
    """A seed run's spans array, batch by batch, into columns; kinds, names and statuses
    share one string object per distinct value (a million spans, a few dozen names)."""
    columns: list[list[Any]] = [[] for _ in range(8)]
    shared: dict[Any, Any] = {}
    same = shared.setdefault
    for batch in scan.batches():
        got, _ = _seed_columns(batch, keep, len(columns[0]))
        for i, (column, values) in enumerate(zip(columns, got, strict=True)):
            column.extend(map(same, values, values) if i in (2, 3, 6) else values)
    return columns


def _stream_object(scan: _Scanner, source: str, keep: Collection[str] | None) -> Iterator[Run]:
    fields: dict[str, Any] = {}
    spans: list[list[Any]] | None = None
    grouper: _Grouper | None = None
    for key in scan.members():
        if key == "spans" and scan.peek() == 0x5B:  # [
            scan.pos += 1
            spans = _stream_spans(scan, keep)
        elif key in ("resourceSpans", "batches") and scan.peek() == 0x5B:
            grouper = grouper or _Grouper(source, "otlp")
            _stream_otlp(scan, grouper, keep)
        else:
            fields[key] = scan.value()
    if spans is not None and fields.get("run_id") not in (None, ""):
        yield _seed_run(fields.get("run_id"), fields.get("root_id"), tuple(spans), source)
    elif grouper is not None:
        yield from grouper.runs()
    elif spans is not None:
        raise _Bad("a run JSON without run_id (expected {run_id, root_id, spans[]})")
    else:
        yield from _runs_from_document(fields, source, keep, None)


def _stream_otlp(scan: _Scanner, into: _Grouper, keep: Collection[str] | None) -> None:
    """resourceSpans[].scopeSpans[].spans[], down to the spans, which come in batches: one
    resource may hold a million spans."""
    for _ in scan.items():
        if scan.peek() != 0x7B:
            raise _Bad("resourceSpans holds a non-object")
        for key in scan.members():
            if key not in ("scopeSpans", "instrumentationLibrarySpans") or scan.peek() != 0x5B:
                scan.value()  # the resource: not needed
                continue
            for _ in scan.items():
                if scan.peek() != 0x7B:
                    raise _Bad("scopeSpans holds a non-object")
                for name in scan.members():
                    if name == "spans" and scan.peek() == 0x5B:
                        scan.pos += 1
                        for batch in scan.batches():
                            _otlp_spans(batch, into, keep)
                    else:
                        scan.value()


# ----------------------------------------------------------------------------- files


def _read_lines(f: Iterable[bytes], source: str, keep: Collection[str] | None) -> Iterator[Run]:
    grouper = _Grouper(source, "otlp")
    for number, line in enumerate(f, start=1):
        if not line.strip():
            continue
        try:
            doc = orjson.loads(line)
        except orjson.JSONDecodeError as exc:
            raise _Bad(f"line {number}: {_json_error(exc, line)}") from None
        try:
            yield from _runs_from_document(doc, source, keep, grouper)
        except _Bad as exc:
            raise _Bad(f"line {number}: {exc}") from None
    yield from grouper.runs()


def read_file(
    path: str | Path,
    *,
    keep_attrs: Collection[str] | None = None,
    stream_threshold: int = STREAM_THRESHOLD,
    chunk_size: int = CHUNK_SIZE,
) -> Iterator[Run]:
    """The runs in one trace file, lazily; raises TraceFormatError naming the file.

    `keep_attrs` names the span attributes the caller reads: where memory counts (a streamed
    file, OTLP attributes) the others are dropped; None keeps everything. Files larger than
    `stream_threshold` bytes are streamed, `chunk_size` bytes at a time.
    """
    source = os.fspath(path)  # plain strings from here: pathlib costs more than a small file
    count = 0
    try:
        for run in _read_file(source, keep_attrs, stream_threshold, chunk_size):
            count += 1
            yield run
    except _Bad as exc:
        raise TraceFormatError(source, str(exc)) from None
    except OSError as exc:
        raise TraceFormatError(source, exc.strerror or str(exc)) from None
    if count == 0:
        raise TraceFormatError(source, "no spans in this file, so no run to check")


def _read_file(
    source: str, keep: Collection[str] | None, threshold: int, chunk: int
) -> Iterator[Run]:
    try:  # os-level: io.open costs more than reading a small file
        fd = os.open(source, os.O_RDONLY)
    except FileNotFoundError:
        raise _Bad("no such file") from None
    except IsADirectoryError:
        raise _Bad(_FOLDER) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise _Bad(_FOLDER)
        if source.lower().endswith((".jsonl", ".ndjson")) or info.st_size > threshold:
            f = os.fdopen(fd, "rb")
            fd = -1  # the file object owns it now
            with f:
                if f.read(3) != BOM:
                    f.seek(0)
                if source.lower().endswith((".jsonl", ".ndjson")):
                    yield from _read_lines(f, source, keep)
                else:
                    yield from _stream_document(_Scanner(f, chunk), source, keep)
            return
        data = os.read(fd, info.st_size + 1)
        while len(data) > info.st_size:  # it grew since fstat: read on to the end
            more = os.read(fd, 1 << 20)
            if not more:
                break
            data += more
    finally:
        if fd >= 0:
            os.close(fd)
    if data[:3] == BOM:
        data = data[3:]
    try:
        doc = orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        if _looks_like_lines(data):
            yield from _read_lines(_Lines(data), source, keep)
            return
        raise _json_error(exc, data) from None
    yield from _runs_from_document(doc, source, keep, None)


_FOLDER = "is a folder (pass it as a target to read the files in it)"


def _looks_like_lines(data: bytes) -> bool:
    first, _, rest = data.partition(b"\n")
    if not rest.strip():
        return False
    try:
        return isinstance(orjson.loads(first), dict)
    except orjson.JSONDecodeError:
        return False


class _Lines:
    """Iterate over the lines of bytes already read, as a file would."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.data.splitlines())


# ----------------------------------------------------------------------------- targets

TRACE_SUFFIXES = (".json", ".jsonl")


@dataclass
class _StoreHandle:
    store: TraceStore | None
    owned: bool = False
    tried: bool = False
    problem: str = ""

    def get(self) -> TraceStore | None:
        if self.store is not None or self.tried:
            return self.store
        self.tried = True
        path = default_path()
        if not path.exists():
            self.problem = f"no trace store at {path} to look run ids up in"
            return None
        try:
            self.store = TraceStore(path)
        except UsageError as exc:
            self.problem = str(exc)
            return None
        self.owned = True
        return self.store

    def close(self) -> None:
        if self.owned and self.store is not None:
            self.store.close()
            self.store = None


def _looks_like_path(target: str) -> bool:
    return "/" in target or "\\" in target or target.lower().endswith(TRACE_SUFFIXES)


def iter_runs(
    targets: Iterable[str | Path],
    *,
    store: TraceStore | None = None,
    last: int | None = None,
    keep_attrs: Collection[str] | None = None,
    stream_threshold: int = STREAM_THRESHOLD,
    chunk_size: int = CHUNK_SIZE,
) -> Iterator[Run | ReadError]:
    """Every run in `targets`, one at a time, and a `ReadError` for each input that fails.

    A target is a file, a folder (its ``*.json`` and ``*.jsonl`` files, sorted), or a run id
    (or a unique prefix of one) in `store` (by default the store at `default_path()`, when it
    exists). `last` adds the store's newest `last` runs.
    """
    handle = _StoreHandle(store)
    options: dict[str, Any] = {
        "keep_attrs": keep_attrs,
        "stream_threshold": stream_threshold,
        "chunk_size": chunk_size,
    }
    try:
        for target in targets:
            path = Path(target)
            name = str(target)
            if path.is_dir():
                with os.scandir(path) as entries:
                    files = sorted(
                        e.path
                        for e in entries
                        if e.name.lower().endswith(TRACE_SUFFIXES) and e.is_file()
                    )
                if not files:
                    yield ReadError(name, "no *.json or *.jsonl files in this folder")
                for file in files:
                    yield from _file_runs(file, options)
            elif path.exists() or isinstance(target, Path) or _looks_like_path(name):
                yield from _file_runs(path, options)
            else:
                yield from _store_runs(name, handle, keep_attrs)
        if last is not None:
            st = handle.get()
            if st is None:
                yield ReadError(f"--last {last}", handle.problem)
            else:
                for run_id in st.last(last):
                    yield from _store_runs(run_id, handle, keep_attrs, exact=True)
    finally:
        handle.close()


def _file_runs(path: str | Path, options: dict[str, Any]) -> Iterator[Run | ReadError]:
    try:
        yield from read_file(path, **options)
    except TraceFormatError as exc:
        yield ReadError(exc.source, exc.reason)


def _store_runs(
    target: str, handle: _StoreHandle, keep: Collection[str] | None, exact: bool = False
) -> Iterator[Run | ReadError]:
    st = handle.get()
    if st is None:
        yield ReadError(target, f"no such file or folder, and {handle.problem}")
        return
    matches = [target] if exact else st.find(target)
    if target in matches:
        matches = [target]
    if not matches:
        yield ReadError(target, f"no such file, folder or run id in the trace store {st.path}")
        return
    if len(matches) > 1:
        shown = ", ".join(matches[:3])
        yield ReadError(
            target, f"run id prefix matches {len(matches)} runs ({shown}, ...); type more of it"
        )
        return
    try:
        run = read_store_run(st, matches[0], keep_attrs=keep)
    except _Bad as exc:
        yield ReadError(f"store:{matches[0]}", str(exc))
        return
    if run is None:
        yield ReadError(target, f"the run is no longer in the trace store {st.path}")
    else:
        yield run
