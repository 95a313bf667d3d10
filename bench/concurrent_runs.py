"""Many agent runs at once in one process: all complete, and what each costs in time and memory.

Target: all `--runs` (500) concurrent runs of `--steps` (10) steps complete: every receipt
`answered` after exactly `--steps` steps with the scripted final text, none lost (one receipt per
run, distinct run ids, every run's trace in the store with its step spans closed), and every
trace passes the completeness gate (`receipt.trace_problems == []`). Reported beside it: wall
time, runs per second and memory per run.

Everything is one process on the machine's cores: one stand served from a background thread
(`tether.stand.StandThread`) and ONE shared runtime (`create_agent_runtime`: one chain, one
`OpenAIProvider` with its one connection pool, one `TraceStore`, one trivial async tool allowed
by a rule), all runs started at once in one anyio task group. `--limit N` bounds how many run at
a time with an anyio CapacityLimiter (default 0: no limiter). The stand replays `--steps - 1`
turns of one tool call each, then a final text, per conversation; each run's task text differs,
so each run is its own conversation.

Two passes of the same load: the first gives wall time, runs/s and the ru_maxrss delta (peak
RSS of the process over its RSS after a warm-up, / runs); the second runs under tracemalloc
(slower, so not timed) for the peak of Python allocations (/ runs).

    python bench/concurrent_runs.py [--runs 500 --steps 10 --limit 0]
"""

from __future__ import annotations

import argparse
import gc
import os
import resource
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from pathlib import Path
from typing import Any

import anyio

from tether.agent.receipt import Receipt
from tether.agent.runtime import AgentRuntime, create_agent_runtime
from tether.providers import OpenAIProvider
from tether.stand import Script, StandThread, build_stand
from tether.tools.base import tool
from tether.tools.rules import Rule, Rules
from tether.trace.store import TraceStore

FINAL = "All the pings answered ok; nothing is left to do."
WARMUP_RUNS = 5


@tool
async def ping(n: int) -> str:
    """Answer ok (a trivial tool)."""
    return "ok"


def stand_script(steps: int) -> Script:
    """Per conversation: `steps - 1` turns of one `ping` call each, then a final text."""
    turns: list[dict[str, Any]] = [
        {"tool_calls": [{"name": "ping", "arguments": {"n": i}}]} for i in range(steps - 1)
    ]
    turns.append({"text": FINAL})
    return Script.model_validate({"models": {"sim-large": {"turns": turns}}})


def rss_peak_kib() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux


def rss_now_kib() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * (os.sysconf("SC_PAGE_SIZE") // 1024)


async def run_all(
    runtime: AgentRuntime, tag: str, runs: int, steps: int, limit: int
) -> tuple[dict[int, Receipt], dict[int, str], float]:
    """Start `runs` runs at once; the receipts (and exceptions) by run index, and the wall time."""
    receipts: dict[int, Receipt] = {}
    failures: dict[int, str] = {}
    limiter = anyio.CapacityLimiter(limit) if limit > 0 else None

    async def one(i: int) -> None:
        task = f"Ping the service {steps - 1} times ({tag} run {i})."
        try:
            if limiter is None:
                receipts[i] = await runtime.run(task)
            else:
                async with limiter:
                    receipts[i] = await runtime.run(task)
        except Exception as exc:  # counted and reported: a run that raised is a lost run
            failures[i] = f"{type(exc).__name__}: {exc}"

    t0 = time.perf_counter()
    async with anyio.create_task_group() as tg:
        for i in range(runs):
            tg.start_soon(one, i)
    return receipts, failures, time.perf_counter() - t0


def problems_of(
    receipts: dict[int, Receipt], failures: dict[int, str], runs: int, steps: int,
    store: TraceStore | None,
) -> list[str]:  # fmt: skip
    """Everything wrong with a pass, in words (empty: every run complete)."""
    out: list[str] = []
    if failures:
        kinds = Counter(f.split(":")[0] for f in failures.values())
        first = next(iter(failures.values()))
        out.append(f"{len(failures)} runs raised: {dict(kinds)}; first: {first}")
    lost = runs - len(receipts) - len(failures)
    if lost:
        out.append(f"{lost} runs gave no receipt and no exception")
    statuses = Counter(r.status for r in receipts.values())
    if set(statuses) - {"answered"}:
        bad = next(r for r in receipts.values() if r.status != "answered")
        out.append(f"statuses {dict(statuses)}; first: {bad.error or bad.trace_problems}")
    wrong = [r for r in receipts.values() if r.status == "answered" and (
        r.steps != steps or r.final_text != FINAL)]  # fmt: skip
    if wrong:
        out.append(f"{len(wrong)} answered with the wrong steps or text (e.g. {wrong[0].steps})")
    gated = [r for r in receipts.values() if r.trace_problems]
    if gated:
        out.append(f"{len(gated)} traces fail the gate; first: {gated[0].trace_problems[:3]}")
    ids = {r.run_id for r in receipts.values()}
    if len(ids) != len(receipts):
        out.append(f"{len(receipts) - len(ids)} duplicate run ids")
    if store is not None:
        store.flush()
        missing = closed_wrong = 0
        for run_id in ids:
            trace = store.trace(run_id)
            if trace is None:
                missing += 1
                continue
            step_spans = [s for s in trace["spans"] if s["kind"] == "step"]
            if len(step_spans) != steps or any(s["ended_at"] is None for s in trace["spans"]):
                closed_wrong += 1
        if missing:
            out.append(f"{missing} runs missing from the trace store")
        if closed_wrong:
            out.append(f"{closed_wrong} stored traces with the wrong step count or open spans")
    return out


async def bench(url: str, tmp: Path, args: argparse.Namespace) -> dict[str, Any]:
    store = TraceStore(tmp / "t.db", retention_runs=100_000)
    runtime = create_agent_runtime(
        providers=[OpenAIProvider(url + "/v1", "sim-large")],
        workspace=tmp,
        store=store,
        tools=[ping],
        rules=Rules([Rule("ping", "allow", reason="the benchmark's tool")]),
    )
    result: dict[str, Any] = {}
    try:
        for i in range(WARMUP_RUNS):  # imports, connections, caches
            receipt = await runtime.run(f"warm-up {i}: ping {args.steps - 1} times")
            if receipt.status != "answered":
                raise SystemExit(f"warm-up run: {receipt.status} {receipt.error}")
        store.flush()
        gc.collect()
        rss_before, peak_before = rss_now_kib(), rss_peak_kib()

        receipts, failures, wall = await run_all(
            runtime, "timed", args.runs, args.steps, args.limit
        )
        rss_peak = rss_peak_kib()
        result["wall_s"] = wall
        result["rss_before_kib"] = rss_before
        result["rss_peak_kib"] = rss_peak
        result["peak_before_kib"] = peak_before
        result["problems"] = problems_of(receipts, failures, args.runs, args.steps, store)
        result["complete"] = sum(
            r.status == "answered" and r.steps == args.steps and not r.trace_problems
            for r in receipts.values()
        )

        del receipts, failures
        gc.collect()
        tracemalloc.start()
        tracemalloc.reset_peak()
        base, _ = tracemalloc.get_traced_memory()
        receipts, failures, _ = await run_all(runtime, "traced", args.runs, args.steps, args.limit)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        result["traced_peak_b"] = peak - base
        result["problems"] += [
            f"(tracemalloc pass) {p}"
            for p in problems_of(receipts, failures, args.runs, args.steps, None)
        ]
    finally:
        await runtime.aclose()
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=500, help="runs started at once")
    parser.add_argument("--steps", type=int, default=10, help="steps per run (>= 2)")
    parser.add_argument("--limit", type=int, default=0, help="CapacityLimiter size (0: none)")
    args = parser.parse_args()
    if args.steps < 2:
        parser.error("--steps must be at least 2")
    with (
        tempfile.TemporaryDirectory(prefix="tether-conc-") as tmp,
        StandThread(build_stand(stand_script(args.steps))) as url,
    ):
        r = anyio.run(bench, url, Path(tmp), args)
    runs, wall = args.runs, r["wall_s"]
    rss_delta = max(r["rss_peak_kib"] - r["rss_before_kib"], 0)
    ok = not r["problems"]
    limiter = f"CapacityLimiter({args.limit})" if args.limit > 0 else "no limiter"
    print(
        f"concurrent_runs: {runs} runs x {args.steps} steps at once, one process, one shared "
        f"runtime, one StandThread, {os.cpu_count()} cores, {limiter} "
        f"(python {sys.version.split()[0]})"
    )
    header = f"{'figure':<44} {'value':>12}"
    print(header)
    print("-" * len(header))
    rows = [
        ("runs complete (answered, gate passed)", f"{r['complete']} / {runs}"),
        ("wall time, s", f"{wall:.2f}"),
        ("runs per second", f"{runs / wall:.1f}"),
        ("steps per second", f"{runs * args.steps / wall:.0f}"),
        ("RSS after warm-up, MiB", f"{r['rss_before_kib'] / 1024:.1f}"),
        ("ru_maxrss peak, MiB", f"{r['rss_peak_kib'] / 1024:.1f}"),
        ("ru_maxrss delta per run, KiB", f"{rss_delta / runs:.1f}"),
        ("tracemalloc peak per run, KiB", f"{r['traced_peak_b'] / 1024 / runs:.1f}"),
    ]
    for name, value in rows:
        print(f"{name:<44} {value:>12}")
    for p in r["problems"]:
        print(f"PROBLEM: {p}")
    print(
        f"all {runs} runs complete (answered, none lost, traces pass the gate): "
        f"{'PASS' if ok else 'FAIL'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
