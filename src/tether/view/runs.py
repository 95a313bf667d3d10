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


def gate_of(store: TraceStore, run_id: str) -> dict[str, Any] | None:
    """The gate's finding on a stored run, or None when the store does not have it."""
    rows = store.span_rows(run_id)
    if not rows:
        return None
    return gate_finding(run_id, _root(rows), [(*r[:7], _gate_attrs(r[7])) for r in rows])


def _root(rows: list[tuple[Any, ...]]) -> str | None:
    roots = [r[0] for r in rows if r[1] is None]
    return roots[0] if len(roots) == 1 else None


def run_page(store: TraceStore, run_id: str) -> dict[str, Any] | None:
    """Everything the run page shows, or None when the store has no such run."""
    rows = store.span_rows(run_id)
    if not rows:
        return None
    root_id = _root(rows)
    gate_rows = [(*r[:7], _gate_attrs(r[7])) for r in rows]
    return {
        "run_id": run_id,
        "root_id": root_id,
        "fields": SPAN_FIELDS,
        "spans": [[*r[:7], orjson.Fragment(r[7] or "{}")] for r in rows],
        "receipt": store.receipt(run_id),
        "gate": gate_finding(run_id, root_id, gate_rows),
    }


class SpanFollower:
    """What changed in a stored run since the last look: the spans written since (rowid past
    the last seen) and the spans that were open then (an end is an update of the same row).
    Each look reads only those, so following a long run stays cheap."""

    def __init__(self, store: TraceStore, run_id: str) -> None:
        self.store = store
        self.run_id = run_id
        self.last_rowid = 0
        self.open: set[str] = set()
        self.root_ended = False

    def changes(self) -> list[list[Any]]:
        columns = "rowid, id, parent_id, kind, name, started_at, ended_at, status, attrs"
        with self.store.reading() as conn:
            rows = conn.execute(
                f"SELECT {columns} FROM spans WHERE run_id = ? AND rowid > ?",
                (self.run_id, self.last_rowid),
            ).fetchall()
            still = sorted(self.open - {r[1] for r in rows})
            for at in range(0, len(still), 500):
                chunk = still[at : at + 500]
                rows += conn.execute(
                    f"SELECT {columns} FROM spans WHERE run_id = ? "
                    f"AND id IN ({','.join('?' * len(chunk))}) AND ended_at IS NOT NULL",
                    (self.run_id, *chunk),
                ).fetchall()
        out = []
        for rowid, *span in rows:
            self.last_rowid = max(self.last_rowid, rowid)
            if span[5] is None:
                self.open.add(span[0])
            else:
                self.open.discard(span[0])
                self.root_ended = self.root_ended or span[1] is None
            out.append([*span[:7], orjson.Fragment(span[7] or "{}")])
        return out
