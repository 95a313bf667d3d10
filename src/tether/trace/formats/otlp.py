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


TRACE_ID_BYTES, SPAN_ID_BYTES = 16, 8
_REMOTE_PARENT = 0x300  # span flags: bit 8 says bit 9 is set, bit 9 that the parent is remote


def _otlp_id(value: Any, size: int) -> str | None:
    """An OTLP id of `size` bytes as lower hex: hex of either case, or base64 (protobuf's JSON
    mapping); "" for no id, None for a value that is neither (the caller names it)."""
    if value is None or value == "":
        return ""
    if value.__class__ is not str:
        return None
    n = len(value)
    if n == 2 * size and _HEX.fullmatch(value):
        return value.lower()
    if n != 4 * ((size + 2) // 3) and n != (4 * size + 2) // 3:  # padded, or not
        return None
    try:
        padded = value.replace("-", "+").replace("_", "/") + "=" * (-n % 4)  # URL-safe too
        raw = base64.b64decode(padded, validate=True)
    except (binascii.Error, ValueError):
        return None
    return raw.hex() if len(raw) == size else None


def _bad_id(field: str, value: Any, size: int) -> str:
    """The defect a bad id makes (see `Run.defects`): the field, the value, what an id is."""
    return f"bad_id:{field} {value!r} is not hex or base64 of {size} bytes"


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
    """Collects spans by trace id across a whole file, then hands out one run per trace, with
    the defects found in its spans (`defect`)."""

    def __init__(self, source: str, fmt: str) -> None:
        self.source = source
        self.fmt = fmt
        self.traces: dict[str, list[SpanRow]] = {}
        self.defects: dict[str, list[str]] = {}

    def defect(self, trace_id: str, text: str) -> None:
        self.defects.setdefault(trace_id, []).append(text)

    def add(self, trace_id: str, span: SpanRow) -> None:
        spans = self.traces.get(trace_id)
        if spans is None:
            self.traces[trace_id] = [span]
        else:
            spans.append(span)

    def runs(self) -> Iterator[Run]:
        traces, self.traces = self.traces, {}
        defects, self.defects = self.defects, {}
        for trace_id, spans in traces.items():
            roots = tuple(dict.fromkeys(s[0] for s in spans if s[1] is None))
            run_id = trace_id or "(empty trace id)"
            found = tuple(defects.get(trace_id, ()))
            yield Run(run_id, roots, spans, self.source, self.fmt, defects=found)


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
        value = raw.get("traceId")
        trace_id = _otlp_id(value, TRACE_ID_BYTES)
        if trace_id is None:
            trace_id = str(value)
            into.defect(trace_id, _bad_id("traceId", value, TRACE_ID_BYTES))
        into.add(trace_id, _otlp_span(raw, wanted, keep, into, trace_id))


def _span_id(raw: dict[str, Any], field: str, into: _Grouper, trace_id: str) -> str:
    value = raw.get(field)
    sid = _otlp_id(value, SPAN_ID_BYTES)
    if sid is None:
        into.defect(trace_id, _bad_id(field, value, SPAN_ID_BYTES))
        return str(value)
    if not sid and field == "spanId":
        into.defect(trace_id, f"bad_id:spanId is empty (a span of {raw.get('name')!r})")
    return sid


def _otlp_span(
    raw: dict[str, Any],
    wanted: Collection[str] | None,
    keep: Collection[str] | None,
    into: _Grouper,
    trace_id: str,
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
    parent = _span_id(raw, "parentSpanId", into, trace_id) or None
    flags = raw.get("flags")
    if parent is not None and flags.__class__ is int and flags & _REMOTE_PARENT == _REMOTE_PARENT:
        if full:  # its parent is in another process: a local root, not an orphan
            attrs["otel.remote_parent_span_id"] = parent
        parent = None
    return _span(
        _span_id(raw, "spanId", into, trace_id),
        parent,
        kind,
        name if isinstance(name, str) else "",
        _nanos(raw.get("startTimeUnixNano"), "startTimeUnixNano"),
        ended,
        status,
        attrs or None,
    )
