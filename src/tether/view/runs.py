"""One run as the run page draws it: its spans (as rows, so a run of 100,000 spans is one
compact array), the receipt it handed back, and the gate's finding on it."""

from __future__ import annotations

from typing import Any

from tether.trace.formats import Run, seconds
from tether.trace.gate import check_run
from tether.trace.store import TraceStore

# The row layout the page reads (static/view.js keeps the same order).
SPAN_FIELDS = ("id", "parent_id", "kind", "name", "started_at", "ended_at", "status", "attrs")


def span_rows(spans: list[dict[str, Any]]) -> list[list[Any]]:
    return [[s.get(f) for f in SPAN_FIELDS] for s in spans]


def gate_finding(trace: dict[str, Any]) -> dict[str, Any]:
    """The completeness gate on a run given as run JSON: complete, problems, fingerprint."""
    rows = [
        (s["id"], s.get("parent_id"), s.get("kind") or "", s.get("name") or "",
         s.get("started_at"), s.get("ended_at"), s.get("status"), s.get("attrs") or None)
        for s in trace["spans"]
    ]  # fmt: skip
    roots = tuple(s["id"] for s in trace["spans"] if s.get("parent_id") is None)
    root = trace.get("root_id")
    result = check_run(Run(trace["run_id"], (root,) if root else roots, rows))
    return {
        "complete": result.complete,
        "problems": result.problems[:200],
        "problem_count": len(result.problems),
        "fingerprint": result.fingerprint,
    }


def run_page(store: TraceStore, run_id: str) -> dict[str, Any] | None:
    """Everything the run page shows, or None when the store has no such run."""
    trace = store.trace(run_id)
    if trace is None:
        return None
    return page_of(trace, store.receipt(run_id))


def page_of(trace: dict[str, Any], receipt: dict[str, Any] | None) -> dict[str, Any]:
    spans = trace["spans"]
    for s in spans:  # other systems' files may carry ISO-8601 times
        if not isinstance(s.get("started_at"), int | float | None):
            s["started_at"] = seconds(s["started_at"])
        if not isinstance(s.get("ended_at"), int | float | None):
            s["ended_at"] = seconds(s["ended_at"])
    return {
        "run_id": trace["run_id"],
        "root_id": trace.get("root_id"),
        "fields": SPAN_FIELDS,
        "spans": span_rows(spans),
        "receipt": receipt,
        "gate": gate_finding(trace),
    }
