"""The run JSON schema (closed-span runs), ``{run_id, root_id, spans[]}``, and tether's store,
which keeps its runs in that schema: most files are in it, so this is the fast path (whole
columns at once when the spans are already normalised)."""

from __future__ import annotations

from collections.abc import Callable, Collection
from datetime import datetime
from itertools import repeat
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from tether.trace.formats.model import (
    _NO_COLUMNS,
    CITES_TOOL_IDS,
    ColumnFacts,
    Columns,
    DecodedSpans,
    Run,
    SpanRow,
    _Bad,
    _orjson_keys,
    _time,
    _transpose,
)

if TYPE_CHECKING:
    from tether.trace.store import TraceStore

_SPAN_KEYS = _orjson_keys(
    "id", "parent_id", "kind", "name", "started_at", "ended_at", "status", "attrs"
)
_span_row: Callable[[Any], SpanRow] = itemgetter(*_SPAN_KEYS)
_TIME_TYPES = frozenset({str, float, datetime, type(None)})


def _run_columns(
    raw: list[Any], keep: Collection[str] | None, first: int = 0
) -> tuple[Columns, ColumnFacts | None]:
    """Seed spans as columns: all at once when every span is already in normal form (the
    usual case, checked column by column at C speed), else span by span (`_run_span`)."""
    if not raw:
        return _NO_COLUMNS, None
    columns: Columns | None
    try:
        columns = tuple(zip(*map(_span_row, raw), strict=True))
    except (KeyError, TypeError):  # a span without some key, or not an object
        columns = None
    facts = None if columns is None else _column_facts(columns)
    if columns is None or facts is None:
        columns = _transpose([_run_span(s, f"spans[{first + i}]") for i, s in enumerate(raw)])
    if keep is not None:
        keep_set = frozenset(keep)
        attrs = [a if a is None or not keep_set.isdisjoint(a) else None for a in columns[7]]
        columns = (*columns[:7], attrs)
    return columns, facts


def _column_facts(columns: Columns, cites: list[Any] | None = None) -> ColumnFacts | None:
    """None unless rows taken as they were parsed are already normalised spans. `cites` are
    the citations when the reader found them itself (its attrs are not dicts)."""
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
    all_started = times[0] is not None or None not in starts
    if cites is not None:
        return ColumnFacts(distinct, all_started, times[1], cites)
    # attrs: dicts (dict.get takes nothing else) or empty ones or None; and the citations
    present = list(filter(None, attrs))
    try:
        cites = list(filter(None, map(dict.get, present, repeat(CITES_TOOL_IDS))))
    except TypeError:
        return None
    if len(present) + attrs.count(None) + attrs.count({}) != len(attrs):
        return None  # a falsy attrs that is neither None nor {}: [], "", 0
    return ColumnFacts(distinct, all_started, times[1], cites)


def _run_span(raw: Any, where: str) -> SpanRow:
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


def _renormalised(columns: Columns, plain: Callable[[Any], Any]) -> Columns:
    """Columns whose values the run JSON reader's span-by-span path puts in normal form (`plain`
    makes lean attrs dicts again)."""
    rows = [
        _run_span(dict(zip(_SPAN_FIELDS, (*row[:7], plain(row[7])), strict=True)), f"spans[{i}]")
        for i, row in enumerate(zip(*columns, strict=True))
    ]
    return _transpose(rows)


_SPAN_FIELDS = ("id", "parent_id", "kind", "name", "started_at", "ended_at", "status", "attrs")


def _run_of_columns(
    run_id: Any,
    root_id: Any,
    columns: Columns | None,
    source: str,
    fmt: str = "run-json",
    decoded: DecodedSpans | None = None,
) -> Run:
    if run_id is None or run_id == "":
        raise _Bad("the run has no run_id")
    roots = (str(root_id),) if root_id is not None and root_id != "" else ()
    return Run(str(run_id), roots, source=source, format=fmt, columns=columns, decoded=decoded)


def _run_json_doc(doc: dict[str, Any], source: str) -> Run:
    raw = doc.get("spans")
    if not isinstance(raw, list):
        raise _Bad("spans is not a list")
    columns, facts = _run_columns(raw, None)  # parsed whole anyway: attrs stay as they are
    run = _run_of_columns(doc.get("run_id"), doc.get("root_id"), columns, source)
    run.facts = facts
    return run


def read_store_run(
    store: TraceStore, run_id: str, *, keep_attrs: Collection[str] | None = None
) -> Run | None:
    """A run from tether's store, or None when the store does not have it."""
    doc = store.trace(run_id)
    if doc is None:
        return None
    columns, _ = _run_columns(doc["spans"], keep_attrs)
    return _run_of_columns(doc["run_id"], doc["root_id"], columns, f"store:{run_id}", "store")
