"""Span JSON that tracing back ends and SDKs write in shapes of their own: Jaeger's JSON (the
``/api/traces`` answer and the UI's download ``{"data": [trace]}``, one trace object, or a plain
array of its spans), Zipkin v2 JSON (a span array, or the list of traces ``/api/v2/traces``
answers), and the OpenTelemetry Python console exporter (`span.to_json()` objects one after
another). Each maps onto the same spans, grouped by trace id (`_Grouper`), with the same rules:

- Jaeger: the parent is the first ``CHILD_OF`` reference (else ``FOLLOWS_FROM``, else an old
  ``parentSpanID``); a span always has a start and a duration, so it ended; it failed when its
  tag ``error`` is true or ``otel.status_code`` is ``ERROR``.
- Zipkin: ``parentId``; a span without ``duration`` has not finished (open); it failed when it
  carries an ``error`` tag. A CLIENT and a SERVER span sharing one id is Zipkin's shared span
  (one RPC seen from both sides): they are read as one span, not as a duplicate.
- OpenTelemetry console: ``context.span_id``, ``parent_id``, ISO times; ``end_time: null`` is a
  span that has not ended; ``status.status_code`` ``ERROR`` failed.

Ids are hex of at most 8 bytes (a span's) or 16 (a trace's), kept as written but in lower case
(Jaeger drops leading zeros); any other id is a defect of the run (`Run.defects`), as in OTLP.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from typing import Any

from tether.trace.formats.model import SpanRow, _Bad, _span
from tether.trace.formats.otlp import TRACE_ID_BYTES, _Grouper, _kind_of

_HEX = re.compile(r"(?:0x)?([0-9a-fA-F]{1,32})")
_STATUS_ERROR = frozenset({"ERROR", "STATUS_CODE_ERROR", "StatusCode.ERROR"})


def _hex_id(value: Any, digits: int) -> str | None:
    """A hex id of at most `digits` digits, in lower case as written (Jaeger drops leading
    zeros, and a user looks a trace up by the id the tool showed); "" for none, None for a value
    that is no hex id."""
    if value is None or value == "":
        return ""
    if value.__class__ is not str:
        return None
    m = _HEX.fullmatch(value)
    if m is None or len(m.group(1)) > digits:
        return None
    return m.group(1).lower()


def _ids(
    into: _Grouper, trace: Any, span: Any, parent: Any, where: str
) -> tuple[str, str, str | None]:
    """(trace id, span id, parent id) as hex, each bad one named as a defect of its run."""
    trace_id = _hex_id(trace, 2 * TRACE_ID_BYTES)
    out: list[str] = []
    if trace_id is None:
        trace_id = str(trace)
        into.defect(trace_id, f"bad_id:{where} trace id {trace!r} is not hex of up to 16 bytes")
    for field, value in (("span", span), ("parent", parent)):
        sid = _hex_id(value, 16)
        if sid is None or (field == "span" and not sid):
            into.defect(trace_id, f"bad_id:{where} {field} id {value!r} is not hex of 8 bytes")
            sid = str(value)
        out.append(sid)
    return trace_id, out[0], out[1] or None


def _micros(value: Any, what: str) -> float | None:
    if value is None:
        return None
    if value.__class__ is bool or not isinstance(value, int | float):
        raise _Bad(f"{what} is {value!r}, not microseconds")
    return value / 1e6 if value else None


def _attrs(tags: Mapping[str, Any], keep: Collection[str] | None) -> dict[str, Any]:
    if keep is None:
        return dict(tags)
    return {k: v for k, v in tags.items() if k in keep}


def _row(
    ids: tuple[str, str, str | None],
    name: Any,
    tags: dict[str, Any],
    times: tuple[float | None, float | None],
    failed: bool,
    keep: Collection[str] | None,
) -> SpanRow:
    started, ended = times
    return _span(
        ids[1],
        ids[2],
        _kind_of(tags),
        name if isinstance(name, str) else "",
        started,
        ended,
        None if ended is None else ("error" if failed else "ok"),
        _attrs(tags, keep) or None,
    )


# ----------------------------------------------------------------------------- Jaeger


def is_jaeger_span(item: Any) -> bool:
    return isinstance(item, dict) and "spanID" in item and "traceID" in item


def is_jaeger_trace(item: Any) -> bool:
    return isinstance(item, dict) and "traceID" in item and isinstance(item.get("spans"), list)


def _jaeger_tags(raw: Any, where: str) -> dict[str, Any]:
    if not raw:
        return {}
    if not isinstance(raw, list):
        raise _Bad(f"{where}.tags is not a list")
    return {t["key"]: t.get("value") for t in raw if isinstance(t, dict) and "key" in t}


def _jaeger_parent(span: dict[str, Any]) -> Any:
    """The first CHILD_OF reference in the span's own trace, else the first FOLLOWS_FROM (as
    Jaeger reads them); a reference into another trace is a link, not a parent."""
    refs = span.get("references") or ()
    trace = (_hex_id(span.get("traceID"), 2 * TRACE_ID_BYTES) or "").lstrip("0")
    if isinstance(refs, list):
        for ref_type in ("CHILD_OF", "FOLLOWS_FROM"):
            for ref in refs:
                if (
                    isinstance(ref, dict)
                    and ref.get("refType") == ref_type
                    and (_hex_id(ref.get("traceID"), 32) or "").lstrip("0") in (trace, "")
                ):
                    return ref.get("spanID")
    return span.get("parentSpanID")


def jaeger_spans(
    spans: list[Any], into: _Grouper, keep: Collection[str] | None, where: str = "spans"
) -> None:
    """Jaeger JSON spans (of one trace object, or a plain array) into `into`."""
    into.fmt = "jaeger"
    for i, span in enumerate(spans):
        at = f"{where}[{i}]"
        if not isinstance(span, dict):
            raise _Bad(f"{at} is not a span object")
        tags = _jaeger_tags(span.get("tags"), at)
        started = _micros(span.get("startTime"), f"{at}.startTime")
        duration = _micros(span.get("duration"), f"{at}.duration")
        ended = None if started is None else started + (duration or 0.0)
        error = tags.get("error")
        failed = error is True or error == "true" or tags.get("otel.status_code") == "ERROR"
        if keep is None and "span.kind" in tags:
            tags["otel.span_kind"] = tags["span.kind"]
        ids = _ids(into, span.get("traceID"), span.get("spanID"), _jaeger_parent(span), at)
        into.add(ids[0], _row(ids, span.get("operationName"), tags, (started, ended), failed, keep))


def jaeger_traces(traces: list[Any], into: _Grouper, keep: Collection[str] | None) -> None:
    """``{"data": [trace, ...]}``'s traces (each ``{traceID, spans, processes}``)."""
    for i, trace in enumerate(traces):
        if not is_jaeger_trace(trace):
            raise _Bad(f"data[{i}] is not a Jaeger trace (expected traceID and spans[])")
        jaeger_spans(trace["spans"], into, keep, f"data[{i}].spans")


# ----------------------------------------------------------------------------- Zipkin


def is_zipkin_span(item: Any) -> bool:
    return isinstance(item, dict) and "traceId" in item and "id" in item and "spanId" not in item


def zipkin_spans(spans: list[Any], into: _Grouper, keep: Collection[str] | None) -> None:
    """Zipkin v2 spans into `into`, the two halves of a shared span as one."""
    into.fmt = "zipkin"
    seen: dict[tuple[str, str], tuple[int, Any]] = {}  # (trace, span id) -> (row, its kind)
    for i, span in enumerate(spans):
        at = f"[{i}]"
        if not isinstance(span, dict):
            raise _Bad(f"span {at} is not an object")
        tags = span.get("tags") or {}
        if not isinstance(tags, dict):
            raise _Bad(f"span {at}.tags is not an object")
        tags = dict(tags)
        kind = span.get("kind")
        if keep is None and kind:
            tags["otel.span_kind"] = str(kind).lower()
        started = _micros(span.get("timestamp"), f"span {at}.timestamp")
        duration = _micros(span.get("duration"), f"span {at}.duration")
        ended = None if started is None or duration is None else started + duration
        ids = _ids(into, span.get("traceId"), span.get("id"), span.get("parentId"), at)
        row = _row(ids, span.get("name"), tags, (started, ended), "error" in tags, keep)
        key = (ids[0], ids[1])
        first = seen.get(key)
        if first is not None and (kind != first[1] or span.get("shared")):
            _merge_shared(into, ids[0], first[0], row)
            continue
        spans_of_trace = into.traces.get(ids[0])
        seen[key] = (0 if spans_of_trace is None else len(spans_of_trace), kind)
        into.add(ids[0], row)


def _merge_shared(into: _Grouper, trace_id: str, position: int, half: SpanRow) -> None:
    """One span out of a shared span's CLIENT and SERVER halves: the parent the client half
    names, the earliest start, the latest end (open while a half is open), failed if a half did."""
    rows = into.traces[trace_id]
    other = rows[position]
    sid, parent, kind, name, start, end, status, attrs = other
    starts = [t for t in (start, half[4]) if t is not None]
    ends = [t for t in (end, half[5]) if t is not None]
    ended = max(ends) if len(ends) == 2 else None
    failed = "error" in (status, half[6])
    rows[position] = _span(
        sid,
        parent or half[1],
        kind if kind != "span" else half[2],
        name or half[3],
        min(starts) if starts else None,
        ended,
        None if ended is None else ("error" if failed else "ok"),
        {**(half[7] or {}), **(attrs or {})} or None,
    )


# ----------------------------------------------------------------------------- OTel console


def is_console_span(item: Any) -> bool:
    return (
        isinstance(item, dict)
        and isinstance(item.get("context"), dict)
        and "span_id" in item["context"]
        and "start_time" in item
    )


def console_span(item: dict[str, Any], into: _Grouper, keep: Collection[str] | None) -> None:
    """One `span.to_json()` object of the OpenTelemetry Python console exporter."""
    into.fmt = "otel-console"
    context = item["context"]
    name = item.get("name")
    at = repr(name)
    attrs = item.get("attributes") or {}
    if not isinstance(attrs, dict):
        raise _Bad(f"span {at}: attributes is not an object")
    tags = dict(attrs)
    if keep is None and item.get("kind"):
        tags["otel.span_kind"] = str(item["kind"]).removeprefix("SpanKind.").lower()
    started, ended = item.get("start_time"), item.get("end_time")
    for what, value in (("start_time", started), ("end_time", ended)):
        if value is not None and not isinstance(value, str):
            raise _Bad(f"span {at}: {what} is {value!r}, not an ISO-8601 time")
    status = item.get("status")
    code = status.get("status_code") if isinstance(status, dict) else None
    ids = _ids(into, context.get("trace_id"), context.get("span_id"), item.get("parent_id"), at)
    times = (started or None, ended or None)
    into.add(ids[0], _row(ids, name, tags, times, code in _STATUS_ERROR, keep))
