"""Which format a parsed JSON document is in, and its runs: the one place that knows every
format, through which the streaming scanner and the file readers dispatch."""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import Any

import orjson

from tether.errors import TraceFormatError
from tether.trace.formats.model import Run, _Bad
from tether.trace.formats.otlp import _Grouper, _otlp_resource_spans
from tether.trace.formats.run_json import _run_json_doc
from tether.trace.formats.tracers import (
    console_span,
    is_console_span,
    is_jaeger_span,
    is_jaeger_trace,
    is_zipkin_span,
    jaeger_spans,
    jaeger_traces,
    zipkin_spans,
)
from tether.trace.formats.vendors import _agents_sdk_item, _langfuse


def _is_otlp(doc: dict[str, Any]) -> bool:
    return "resourceSpans" in doc or "batches" in doc


def _is_resource_spans(doc: dict[str, Any]) -> bool:
    """A bare ResourceSpans object (what the Java logging exporter writes, one per line)."""
    return "scopeSpans" in doc or "instrumentationLibrarySpans" in doc


_CHROME = (
    "looks like Chrome trace events (timed events on threads, with no span ids or parent ids: "
    "no span tree to check)"
)


def _is_chrome_event(item: Any) -> bool:
    return isinstance(item, dict) and "ph" in item and "ts" in item


def _unknown(doc: Any) -> _Bad:
    prefix = "not a trace format tether reads"
    if isinstance(doc, list) and doc and _is_chrome_event(doc[0]):
        return _Bad(f"{prefix}: {_CHROME}")
    if isinstance(doc, dict):
        keys = set(doc)
        if {"eval", "samples"} <= keys or ("eval" in keys and "version" in keys):
            return _Bad(
                f"{prefix}: looks like an inspect_ai eval log (its events carry no span tree "
                "with a root)"
            )
        if "traceEvents" in keys:
            return _Bad(f"{prefix}: {_CHROME}")
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
        yield from _runs_from_list(doc, source, keep, grouper)
        return
    if not isinstance(doc, dict):
        raise _unknown(doc)
    if "spans" in doc and doc.get("run_id") not in (None, ""):
        yield _run_json_doc(doc, source)
        return
    result = doc.get("result")
    if isinstance(result, dict) and _is_otlp(result):  # Jaeger's API v3 answer
        doc = result
    own = grouper or _Grouper(source, "otlp")
    if _is_otlp(doc) or _is_resource_spans(doc):
        body = [doc] if _is_resource_spans(doc) else doc.get("resourceSpans")
        if body is None:
            body = doc.get("batches")
        if not isinstance(body, list):
            raise _Bad("resourceSpans is not a list")
        for rs in body:
            _otlp_resource_spans(rs, own, keep)
    elif "observations" in doc and ("trace" in doc or "id" in doc):
        yield from _langfuse(doc, keep, source)
        return
    elif is_console_span(doc):
        console_span(doc, own, keep)
    elif is_jaeger_trace(doc):  # the Jaeger UI's trace object
        jaeger_spans(doc["spans"], own, keep)
    elif _is_jaeger_answer(doc):
        jaeger_traces(doc["data"], own, keep)
    elif _is_agents_sdk(doc):
        own.fmt = "openai-agents"
        for i, item in enumerate(doc["data"]):
            _agents_sdk_item(item, own, keep, f"data[{i}]")
    else:
        raise _unknown(doc)
    if grouper is None:
        yield from own.runs()


def _is_jaeger_answer(doc: dict[str, Any]) -> bool:
    data = doc.get("data")
    return isinstance(data, list) and bool(data) and all(map(is_jaeger_trace, data))


def _is_agents_sdk(doc: dict[str, Any]) -> bool:
    data = doc.get("data")
    return isinstance(data, list) and any(
        isinstance(d, dict) and str(d.get("object", "")).startswith("trace") for d in data
    )


def _runs_from_list(
    doc: list[Any], source: str, keep: Collection[str] | None, grouper: _Grouper | None
) -> Iterator[Run]:
    """A list: of spans (Jaeger's, Zipkin's), of Zipkin traces (lists of spans), or of
    documents (runs, OTLP, a span per item of the console exporter)."""
    first = doc[0] if doc else None
    spans: list[Any] | None = None
    if is_zipkin_span(first) or is_jaeger_span(first):
        spans = doc
    elif isinstance(first, list) and all(isinstance(t, list) for t in doc):  # Zipkin traces
        spans = [s for trace in doc for s in trace]
    if spans is not None:
        own = grouper or _Grouper(source, "zipkin")
        if is_jaeger_span(spans[0] if spans else None):
            jaeger_spans(spans, own, keep)
        else:
            zipkin_spans(spans, own, keep)
        if grouper is None:
            yield from own.runs()
        return
    if _is_chrome_event(first):
        raise _unknown(doc)
    own = grouper or _Grouper(source, "otlp")  # spans of one trace may be in several items
    for i, item in enumerate(doc):
        if not isinstance(item, dict):
            raise _Bad(f"item {i} of the list is {type(item).__name__}, not a run")
        try:
            yield from _runs_from_document(item, source, keep, own)
        except _Bad as exc:
            raise _Bad(f"item {i} of the list: {exc}") from None
    if grouper is None:
        yield from own.runs()


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
