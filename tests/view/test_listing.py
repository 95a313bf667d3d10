"""The runs list in SQL (statuses, filters, search, pages), the viewer's JSON from a real
`tether view` process, and its usage errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx2
import pytest

from tests.view.support import tether
from tether.trace.store import TraceStore
from tether.view.listing import RunFilter, list_runs


def _run(run_id: str, t: float, *, root_end: float | None = 1.0, root_status: str = "ok",
         child_end: float | None = 0.5, verdict: str | None = None, task: str = "") -> dict[str, Any]:  # fmt: skip
    root = {"id": "r", "parent_id": None, "kind": "run", "name": "agent run", "started_at": t,
            "ended_at": None if root_end is None else t + root_end, "status": root_status,
            "attrs": {"tether.task": task or f"task of {run_id}"}}  # fmt: skip
    model = {"id": "m", "parent_id": "r", "kind": "model", "name": "chat", "started_at": t,
             "ended_at": None if child_end is None else t + child_end,
             "status": "error" if verdict else "ok",
             "attrs": {"tether.verdict": verdict} if verdict else {}}  # fmt: skip
    return {"run_id": run_id, "spans": [root, model]}


@pytest.fixture
def store(tmp_path: Path) -> TraceStore:
    return TraceStore(tmp_path / "t.db", retention_days=1e6, retention_runs=10**6)


def test_status_is_the_receipts_else_what_the_spans_say(store: TraceStore) -> None:
    store.write_trace(_run("with-receipt", 1.0, root_status="error"))
    store.write_receipt("with-receipt", {"status": "not_done", "steps": 3, "cost_usd": 0.5})
    store.write_trace(_run("answered", 2.0))
    store.write_trace(_run("errored", 3.0, root_status="error", verdict="gateway"))
    store.write_trace(_run("cancelled", 4.0, root_status="cancelled"))
    store.write_trace(_run("killed", 5.0, child_end=None))
    store.write_trace(_run("running", 6.0, root_end=None, child_end=None))
    store.flush()
    body = list_runs(store, RunFilter())
    assert [(r["run_id"], r["status"]) for r in body["runs"]] == [
        ("running", "open"),
        ("killed", "incomplete"),
        ("cancelled", "cancelled"),
        ("errored", "error"),
        ("answered", "answered"),
        ("with-receipt", "not_done"),
    ]
    receipt_row = body["runs"][-1]
    assert receipt_row["steps"] == 3 and receipt_row["cost_usd"] == 0.5
    assert body["runs"][3]["verdicts"] == ["gateway"]
    for status in ("open", "incomplete", "error", "not_done"):
        (only,) = list_runs(store, RunFilter(status=status))["runs"]
        assert only["status"] == status
    assert [r["run_id"] for r in list_runs(store, RunFilter(verdict="gateway"))["runs"]] == [
        "errored"
    ]
    store.close()


def test_pages_are_newest_first_without_gaps_and_search_is_literal(store: TraceStore) -> None:
    for i in range(120):
        store.write_trace(_run(f"run{i:03d}", float(i), task=f"fix {i}% of tests_{i % 2}"))
    store.flush()
    seen: list[str] = []
    for page in (1, 2, 3):
        body = list_runs(store, RunFilter(page=page, size=50))
        assert body["total"] == 120
        seen += [r["run_id"] for r in body["runs"]]
    assert seen == [f"run{i:03d}" for i in range(119, -1, -1)]
    assert list_runs(store, RunFilter(search="fix 7% of"))["total"] == 1  # % is a character
    assert list_runs(store, RunFilter(search="tests_1"))["total"] == 60  # so is _
    assert list_runs(store, RunFilter(search="run11"))["total"] == 10
    store.close()


def test_a_trace_file_from_elsewhere_is_served_with_its_gate(viewer: Any) -> None:
    data = Path(__file__).parents[1] / "data" / "run_7f3a.json"
    v = viewer("--file", str(data))
    runs = httpx2.get(v.url + "api/runs", timeout=30).json()["runs"]
    assert [r["run_id"] for r in runs] == [json.loads(data.read_text())["run_id"]]
    page = httpx2.get(v.url + f"api/run/{runs[0]['run_id']}", timeout=30).json()
    assert len(page["spans"]) == 3
    assert page["receipt"] is None and "complete" in page["gate"]
    assert httpx2.get(v.url + "api/run/nope", timeout=30).status_code == 404
    assert httpx2.get(v.url + "static/view.js", timeout=30).status_code == 200
    # a name that is not this machine's (DNS rebinding) gets nothing
    rebound = httpx2.get(v.url + "api/runs", headers={"Host": "evil.example"}, timeout=30)
    assert rebound.status_code == 400


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--store", "{tmp}/missing.db"], "--store"),
        (["--file", "{tmp}/missing.json"], "--file"),
        (["--file", "{tmp}/x.json", "--store", "{tmp}/t.db"], "not both"),
        (["--store", "{tmp}/t.db", "--lab", "{tmp}"], "--lab"),
        (["--store", "{tmp}/t.db", "--port", "70000"], "--port"),
    ],
)
def test_usage_errors_are_one_line_and_exit_2(tmp_path: Path, args: list[str], named: str) -> None:
    TraceStore(tmp_path / "t.db").close()
    result = tether("view", *[a.format(tmp=tmp_path) for a in args], timeout=60)
    assert result.returncode == 2, result.stdout + result.stderr
    assert named in result.stderr and len(result.stderr.strip().splitlines()) == 1
