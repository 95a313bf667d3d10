"""tether's runs in OpenTelemetry's shapes: OTLP JSON files, and live export over OTLP/HTTP.

A run's id is the trace id (16 bytes) and span ids are 8 bytes, so nothing is renamed. tether's
own kind and status ride along as `tether.kind` / `tether.status`; `timeout` and `cancelled`
are OTLP errors with that word as the message. A span that never ended is left out, as every
OpenTelemetry exporter does: in OTLP an unended parent shows as a child whose parent is
missing, which the gate reports.

Live export needs the `otel` extra (`pip install 'tether[otel]'`) and an endpoint
(`--otlp-endpoint URL` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`), e.g. Phoenix, Jaeger or
Langfuse's OTLP receiver.
"""

from __future__ import annotations

import os
from typing import Any

import orjson

from tether.errors import UsageError

SERVICE = "tether"
_KIND_CLIENT = 3  # SPAN_KIND_CLIENT: a call out to a provider or a tool
_KIND_INTERNAL = 1
_CLIENT_KINDS = frozenset({"model", "tool"})


def _value(value: Any) -> dict[str, Any] | None:
    if value is None:
        return None
    if isinstance(value, bool):
        return {"boolValue": value}
    if isinstance(value, int):
        return {"intValue": str(value)}
    if isinstance(value, float):
        return {"doubleValue": value}
    if isinstance(value, str):
        return {"stringValue": value}
    if isinstance(value, list | tuple):
        items = [v for v in (_value(x) for x in value) if v is not None]
        return {"arrayValue": {"values": items}}
    return {"stringValue": orjson.dumps(value, default=str).decode()}


def _attributes(attrs: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for key, value in attrs.items():
        encoded = _value(value)
        if encoded is not None:
            out.append({"key": key, "value": encoded})
    return out


def _nanos(seconds: float) -> str:
    return str(round(seconds * 1_000_000_000))


def to_otlp_json(trace: dict[str, Any], version: str = "") -> dict[str, Any]:
    """A run in the run JSON schema (`{run_id, root_id, spans}`) as OTLP JSON TracesData."""
    spans = []
    for s in trace["spans"]:
        if s.get("ended_at") is None:
            continue
        status = s.get("status")
        attrs = {"tether.kind": s.get("kind"), "tether.status": status, **(s.get("attrs") or {})}
        span: dict[str, Any] = {
            "traceId": trace["run_id"],
            "spanId": s["id"],
            "name": s.get("name") or s.get("kind") or "span",
            "kind": _KIND_CLIENT if s.get("kind") in _CLIENT_KINDS else _KIND_INTERNAL,
            "startTimeUnixNano": _nanos(s["started_at"]),
            "endTimeUnixNano": _nanos(s["ended_at"]),
            "attributes": _attributes(attrs),
            "status": {"code": 1} if status == "ok" else {"code": 2, "message": str(status)},
        }
        if s.get("parent_id"):
            span["parentSpanId"] = s["parent_id"]
        spans.append(span)
    return {
        "resourceSpans": [
            {
                "resource": {"attributes": _attributes({"service.name": SERVICE})},
                "scopeSpans": [{"scope": {"name": SERVICE, "version": version}, "spans": spans}],
            }
        ]
    }


def endpoint_from_env() -> str | None:
    return os.environ.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") or (
        os.environ["OTEL_EXPORTER_OTLP_ENDPOINT"].rstrip("/") + "/v1/traces"
        if os.environ.get("OTEL_EXPORTER_OTLP_ENDPOINT")
        else None
    )


def export_otlp_http(trace: dict[str, Any], endpoint: str, timeout_s: float = 10.0) -> int:
    """Send a run's ended spans to an OTLP/HTTP receiver (protobuf); returns how many."""
    try:
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
        from opentelemetry.sdk.resources import Resource
        from opentelemetry.sdk.trace import ReadableSpan
        from opentelemetry.sdk.trace.export import SpanExportResult
        from opentelemetry.sdk.util.instrumentation import InstrumentationScope
        from opentelemetry.trace import SpanContext, SpanKind, TraceFlags
        from opentelemetry.trace.status import Status, StatusCode
    except ImportError:
        raise UsageError(
            "live OTLP export needs the otel extra: pip install 'tether[otel]'"
        ) from None

    trace_id = int(trace["run_id"], 16)
    resource = Resource.create({"service.name": SERVICE})
    scope = InstrumentationScope(SERVICE)

    def context(span_id: str) -> SpanContext:
        return SpanContext(trace_id, int(span_id, 16), is_remote=False, trace_flags=TraceFlags(1))

    readable = []
    for s in trace["spans"]:
        if s.get("ended_at") is None:
            continue
        status = s.get("status")
        attrs = {"tether.kind": s.get("kind") or "", "tether.status": status or ""}
        for key, value in (s.get("attrs") or {}).items():
            if isinstance(value, str | bool | int | float):
                attrs[key] = value
            elif isinstance(value, list) and all(isinstance(v, str) for v in value):
                attrs[key] = tuple(value)
            elif value is not None:
                attrs[key] = orjson.dumps(value, default=str).decode()
        readable.append(
            ReadableSpan(
                name=s.get("name") or s.get("kind") or "span",
                context=context(s["id"]),
                parent=context(s["parent_id"]) if s.get("parent_id") else None,
                resource=resource,
                attributes=attrs,
                kind=SpanKind.CLIENT if s.get("kind") in _CLIENT_KINDS else SpanKind.INTERNAL,
                status=Status(StatusCode.OK)
                if status == "ok"
                else Status(StatusCode.ERROR, str(status)),
                start_time=int(s["started_at"] * 1e9),
                end_time=int(s["ended_at"] * 1e9),
                instrumentation_scope=scope,
            )
        )
    exporter = OTLPSpanExporter(endpoint=endpoint, timeout=timeout_s)
    try:
        result = exporter.export(readable)
    finally:
        exporter.shutdown()  # type: ignore[no-untyped-call]
    if result != SpanExportResult.SUCCESS:
        raise UsageError(
            f"the OTLP receiver at {endpoint} did not accept the spans; is it running?"
        )
    return len(readable)
