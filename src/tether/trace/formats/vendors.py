"""Vendors' own trace shapes whose parent ids and start / end times map onto the same spans:
Langfuse trace exports and OpenAI Agents SDK trace ingest bodies."""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import Any

from tether.trace.formats.model import Run, _Bad, _span, _time
from tether.trace.formats.otlp import _Grouper


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
