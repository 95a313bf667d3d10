"""Which format a parsed JSON document is in, and its runs: the one place that knows every
format, through which the streaming scanner and the file readers dispatch."""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import Any

import orjson

from tether.errors import TraceFormatError
from tether.trace.formats.model import Run, _Bad
from tether.trace.formats.otlp import _Grouper, _otlp_resource_spans
from tether.trace.formats.seed import _seed_doc
from tether.trace.formats.vendors import _agents_sdk_item, _langfuse


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
