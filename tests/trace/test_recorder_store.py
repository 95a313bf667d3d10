"""The recorder closes spans on every path; the store survives kill -9 and keeps the truth."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import anyio
import pytest

from tether.errors import FirstByteTimeout
from tether.trace.recovery import RECOVERED
from tether.trace.spans import Recorder
from tether.trace.store import TraceStore


def test_spans_close_on_every_path(anyio_backend: str) -> None:
    rec = Recorder("run")
    with rec.span("tool", "fine"):
        pass
    with pytest.raises(ValueError, match="x"), rec.span("tool", "boom"):
        raise ValueError("x")
    with pytest.raises(ExceptionGroup), rec.span("tool", "two failures"):
        raise ExceptionGroup("two", [ValueError("x"), KeyError("y")])
    with pytest.raises(FirstByteTimeout), rec.span("model", "slow"):
        raise FirstByteTimeout("late", limit_s=1)

    async def cancelled() -> None:
        with anyio.move_on_after(0.01), rec.span("tool", "hung"):
            await anyio.sleep(5)
        with anyio.move_on_after(0.01), rec.span("tool", "hung in a group"):
            try:  # as trio's nurseries (its TCP connect's) raise their tasks' cancellations
                await anyio.sleep(5)
            except anyio.get_cancelled_exc_class() as exc:
                raise BaseExceptionGroup("connect", [exc]) from None

    anyio.run(cancelled, backend=anyio_backend)
    statuses = {s.name: s.status for s in rec.spans.values() if s is not rec.root}
    assert statuses == {
        "fine": "ok",
        "boom": "error",
        "two failures": "error",
        "slow": "timeout",
        "hung": "cancelled",
        "hung in a group": "cancelled",
    }
    assert all(
        s.ended_at is not None and s.ended_at >= s.started_at
        for s in rec.spans.values()
        if s is not rec.root
    )


def test_first_end_wins() -> None:
    rec = Recorder()
    with rec.span("model", "bad turn") as span:
        rec.end(span, "error", {"tether.verdict": "gateway"})
    assert span.status == "error"
    assert span.attrs["tether.verdict"] == "gateway"


def test_root_status_is_derived_from_children() -> None:
    rec = Recorder()
    with rec.span("model", "ok call"):
        pass
    assert rec.derived_status(rec.root) == "ok"
    failed = rec.start("tool", "failed")
    rec.end(failed, "error")
    assert rec.derived_status(rec.root) == "error"
    failed.attrs[RECOVERED] = True
    assert rec.derived_status(rec.root) == "ok"
    with rec.span("step", "deeper") as step:
        deep = rec.start("tool", "failed deep", step)
        rec.end(deep, "timeout")
    assert rec.derived_status(rec.root) == "timeout"  # a failure at any depth, as the gate says
    retry = rec.start("tool", "failed deep", step)
    rec.end(retry, "ok")  # a retry of the same name that worked, after the failure
    assert rec.derived_status(rec.root) == "ok"
    rec.start("tool", "never ended")
    assert rec.finish() == "error"  # an open child: the run cannot be ok
    assert rec.root.status == "error"


def test_store_round_trip_and_retention(tmp_path: Path) -> None:
    now = [1_000_000.0]
    store = TraceStore(tmp_path / "t.db", retention_runs=3, clock=lambda: now[0])
    ids = []
    for i in range(5):
        rec = Recorder(f"run {i}", sink=store, clock=lambda: now[0])
        with rec.span("model", "call", attrs={"i": i}):
            now[0] += 1
        rec.finish()
        ids.append(rec.run_id)
    store.close()
    again = TraceStore(tmp_path / "t.db", retention_runs=3, clock=lambda: now[0])
    again.span_started("x", Recorder(clock=lambda: now[0]).root)  # opening for writing prunes
    again.flush()
    kept = {r.run_id for r in again.runs(10)}
    assert set(ids[-2:]) <= kept and ids[0] not in kept
    trace = again.trace(ids[-1])
    assert trace is not None and trace["root_id"] and len(trace["spans"]) == 2
    assert trace["spans"][1]["attrs"] == {"i": 4}
    again.close()


def test_retention_by_age(tmp_path: Path) -> None:
    store = TraceStore(tmp_path / "t.db", retention_days=7)
    old = Recorder("old", sink=store, clock=lambda: time.time() - 8 * 86400)
    old.finish()
    store.close()
    store = TraceStore(tmp_path / "t.db", retention_days=7)
    fresh = Recorder("fresh", sink=store)
    fresh.finish()
    store.flush()
    assert [r.name for r in store.runs()] == ["fresh"]
    store.close()


CHILD = """
import sys, time
from tether.trace.spans import Recorder
from tether.trace.store import TraceStore
store = TraceStore(sys.argv[1])
rec = Recorder("killed run", sink=store)
with rec.span("model", "call"):
    pass
rec.start("tool", "apply_patch")
store.flush()
print(rec.run_id, flush=True)
time.sleep(60)
"""


@pytest.mark.timeout(30)
def test_kill_9_leaves_a_store_that_opens_with_the_run_incomplete(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    proc = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(CHILD), str(db)], stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None
    run_id = proc.stdout.readline().strip()
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    store = TraceStore(db)
    (info,) = store.runs()
    assert info.run_id == run_id and info.ended_at is None and info.status is None
    assert info.open_spans == 2  # the root and apply_patch never ended
    trace = store.trace(run_id)
    assert trace is not None
    open_names = {s["name"] for s in trace["spans"] if s["ended_at"] is None}
    assert open_names == {"killed run", "apply_patch"}
    store.close()


def test_unwritable_store_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(Exception, match="cannot open the trace store"):
        TraceStore(blocker / "sub" / "t.db")
