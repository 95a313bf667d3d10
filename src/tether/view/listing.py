"""Which runs one page of the runs list shows: filters, search and pagination done in SQL.

A store can hold ten thousand runs (and millions of spans): nothing here loads them all. The
page's runs are picked with one query over `runs` (the newest first, LIMIT/OFFSET on the
`started_at` index), and the figures of those runs only (steps, verdicts met, failovers, cost)
with one more, grouped by run over the span table's primary key.

A run's status is its receipt's (agent runs keep one, `TraceStore.write_receipt`); a run without
one says what its spans say, in the same words: `open` (its root has not ended: running, or
killed), `incomplete` (some span never ended), `answered` (root ok), `cancelled`, `error`.
`tether traces list` shows the same statuses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

from tether.trace.store import TraceStore
from tether.view.runs import gate_of

STATUSES = (
    "done",
    "answered",
    "not_done",
    "failed",
    "unverified",
    "cancelled",
    "error",
    "incomplete",
    "open",
)

_OPEN_SPAN = "EXISTS (SELECT 1 FROM spans o WHERE o.run_id = r.run_id AND o.ended_at IS NULL)"
STATUS_SQL = f"""CASE
    WHEN rc.status IS NOT NULL THEN rc.status
    WHEN r.ended_at IS NULL THEN 'open'
    WHEN {_OPEN_SPAN} THEN 'incomplete'
    WHEN r.status = 'ok' THEN 'answered'
    WHEN r.status = 'cancelled' THEN 'cancelled'
    ELSE 'error' END"""
GATE_MAX_SPANS = 5000  # the runs page checks runs up to this size itself
_FROM = "FROM runs r LEFT JOIN receipts rc ON rc.run_id = r.run_id"
_VERDICT = "json_extract(s.attrs, '$.\"tether.verdict\"')"


@dataclass(frozen=True, slots=True)
class RunFilter:
    """What the runs page asks for; every field optional."""

    status: str = ""
    verdict: str = ""
    search: str = ""
    page: int = 1
    size: int = 50

    def where(self) -> tuple[str, list[Any]]:
        clauses: list[str] = []
        args: list[Any] = []
        if self.status:
            clauses.append(f"({STATUS_SQL}) = ?")
            args.append(self.status)
        if self.verdict:  # through the store's verdict index (kind = 'model')
            clauses.append(
                f"r.run_id IN (SELECT s.run_id FROM spans s WHERE s.kind = 'model' "
                f"AND {_VERDICT} = ?)"
            )
            args.append(self.verdict)
        if self.search:
            like = "%" + self.search.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
            like += "%"
            clauses.append(
                "(json_extract(r.attrs, '$.\"tether.task\"') LIKE ? ESCAPE '\\' "
                "OR r.name LIKE ? ESCAPE '\\' OR r.run_id LIKE ? ESCAPE '\\')"
            )
            args += [like, like, like]
        return (" WHERE " + " AND ".join(clauses)) if clauses else "", args


def list_runs(store: TraceStore, wanted: RunFilter) -> dict[str, Any]:
    """One page of runs, newest first, with the total that matched and each run's figures."""
    where, args = wanted.where()
    size = max(1, wanted.size)
    page = max(1, wanted.page)
    with store.reading() as conn:
        total = conn.execute(f"SELECT COUNT(*) {_FROM}{where}", args).fetchone()[0]
        rows = conn.execute(
            f"SELECT r.run_id, r.name, r.started_at, r.ended_at, r.attrs, ({STATUS_SQL}), "
            f"rc.body {_FROM}{where} ORDER BY r.started_at DESC LIMIT ? OFFSET ?",
            [*args, size, (page - 1) * size],
        ).fetchall()
        figures = _figures(conn, [r[0] for r in rows])
    runs = []
    for run_id, name, started, ended, attrs, status, body in rows:
        receipt = orjson.loads(body) if body else None
        fig = figures.get(run_id, {})
        root_attrs = orjson.loads(attrs or "{}")
        runs.append(
            {
                "run_id": run_id,
                "name": name,
                "task": root_attrs.get("tether.task") or "",
                "resumed_from": root_attrs.get("tether.resumed_from") or None,
                "started_at": started,
                "duration_s": None if ended is None else ended - started,
                "status": status,
                "steps": receipt["steps"] if receipt else fig.get("steps", 0),
                "verdicts": fig.get("verdicts", []),
                "failovers": fig.get("failovers", 0),
                "cost_usd": receipt.get("cost_usd") if receipt else fig.get("cost_usd"),
                "spans": fig.get("spans", 0),
                "open_spans": fig.get("open_spans", 0),
            }
        )
    return {"total": total, "page": page, "size": size, "runs": runs}


def with_gate(store: TraceStore, runs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The gate's finding on each run of a page (`gate`: "complete", "N problems", or None for
    a run of more than GATE_MAX_SPANS spans, whose own page says it)."""
    for run in runs:
        finding = gate_of(store, run["run_id"]) if run["spans"] <= GATE_MAX_SPANS else None
        run["gate"] = None if finding is None else finding["problem_count"]
    return runs


def _figures(conn: Any, run_ids: list[str]) -> dict[str, dict[str, Any]]:
    """Steps, verdicts met, failovers (chain calls answered by another than the first
    candidate), priced cost, span and open-span counts of the given runs."""
    if not run_ids:
        return {}
    marks = ",".join("?" * len(run_ids))
    # Each CASE reads the JSON of the spans of one kind only: a run of 100,000 spans costs a
    # scan, not 400,000 JSON parses.
    answered = "json_extract(s.attrs, '$.\"tether.answered_by\"')"
    rows = conn.execute(
        "SELECT s.run_id, SUM(s.kind = 'step'), "
        f"SUM(CASE WHEN s.kind = 'chain' THEN {answered} IS NOT NULL AND {answered} "
        "IS NOT json_extract(s.attrs, '$.\"tether.candidates\"[0]') END), "
        f"group_concat(DISTINCT CASE WHEN s.kind = 'model' THEN {_VERDICT} END), "
        "SUM(CASE WHEN s.kind IN ('step', 'chain', 'model') "
        "THEN json_extract(s.attrs, '$.\"tether.cost_usd\"') END), COUNT(*), "
        f"SUM(s.ended_at IS NULL) FROM spans s WHERE s.run_id IN ({marks}) GROUP BY s.run_id",
        run_ids,
    ).fetchall()
    return {
        r[0]: {
            "steps": r[1] or 0,
            "failovers": r[2] or 0,
            "verdicts": sorted(r[3].split(",")) if r[3] else [],
            "cost_usd": r[4],
            "spans": r[5],
            "open_spans": r[6] or 0,
        }
        for r in rows
    }


def verdicts_met(store: TraceStore) -> list[str]:
    """Every verdict any run of the store met (the verdict filter's choices)."""
    with store.reading() as conn:
        rows = conn.execute(
            f"SELECT DISTINCT {_VERDICT} FROM spans s WHERE s.kind = 'model'"
        ).fetchall()
    return sorted(str(r[0]) for r in rows if r[0])
