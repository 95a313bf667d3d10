"""One run as the run page draws it: its spans (as rows, so a run of 100,000 spans is one
compact array), the receipt it handed back, and the gate's finding on it.

A run from the store is passed on without parsing its spans' attributes: each stays the JSON
text SQLite holds (an `orjson.Fragment`), and the gate gets parsed only the attributes it reads
(`GATE_ATTRS`), from the spans whose text names one.
"""

from __future__ import annotations

from typing import Any

import orjson

from tether.trace.formats import GATE_ATTRS, Run
from tether.trace.gate import check_run
from tether.trace.store import TraceStore

# The row layout the page reads (static/view.js keeps the same order).
SPAN_FIELDS = ("id", "parent_id", "kind", "name", "started_at", "ended_at", "status", "attrs")
_GATE_KEYS = tuple(sorted(name.encode() for name in GATE_ATTRS))


def span_rows(spans: list[dict[str, Any]]) -> list[list[Any]]:
    return [[s.get(f) for f in SPAN_FIELDS] for s in spans]


def _gate_attrs(raw: bytes | None, keys: tuple[bytes, ...] = _GATE_KEYS) -> dict[str, Any] | None:
    """The attributes the gate reads, parsed only when the stored JSON (bytes) names one."""
    if not raw or not any(key in raw for key in keys):
        return None
    return {k: v for k, v in orjson.loads(raw).items() if k in GATE_ATTRS}


def gate_finding(run_id: str, root_id: str | None, rows: list[tuple[Any, ...]]) -> dict[str, Any]:
    """The completeness gate on a run's span rows (id, parent, kind, name, start, end, status,
    attrs): complete, its problems (the first 200) and their fingerprint."""
    roots = (root_id,) if root_id else tuple(r[0] for r in rows if r[1] is None)
    result = check_run(Run(run_id, roots, rows))
    return {
        "complete": result.complete,
        "problems": result.problems[:200],
        "problem_count": len(result.problems),
        "fingerprint": result.fingerprint,
    }


def run_page(store: TraceStore, run_id: str) -> dict[str, Any] | None:
    """Everything the run page shows, or None when the store has no such run."""
    rows = store.span_rows(run_id)
    if not rows:
        return None
    roots = [r[0] for r in rows if r[1] is None]
    root_id = roots[0] if len(roots) == 1 else None
    gate_rows = [(*r[:7], _gate_attrs(r[7])) for r in rows]
    return {
        "run_id": run_id,
        "root_id": root_id,
        "fields": SPAN_FIELDS,
        "spans": [[*r[:7], orjson.Fragment(r[7] or "{}")] for r in rows],
        "receipt": store.receipt(run_id),
        "gate": gate_finding(run_id, root_id, gate_rows),
    }
