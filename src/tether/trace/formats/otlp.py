"""OTLP JSON as exporters write it: ids, times, enums and typed attribute values made plain,
and spans grouped into one run per trace id (`_Grouper`, which the vendor formats share)."""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Collection, Iterator, Mapping
from typing import Any

from tether.trace.formats.model import Run, SpanRow, _Bad, _span

TETHER_KIND = "tether.kind"
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
