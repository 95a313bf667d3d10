"""Benchmark: page load times of `tether view` for a store of 10,000 runs and a run of 100,000
spans, in a real headless Chromium (Debian's `chromium`, driven by Playwright).

The store is generated: 10,000 agent-shaped runs (a root, steps, chain calls, model attempts of
which some carry a verdict and fail over to a backup, tool calls with their permission spans, a
check; ~30 spans each, 300k spans) with a receipt each, and one run of 100,000 spans (1,000 steps
of the same shape, a few spans left open). `tether view` serves it from its own process; each
figure is the median of `--reps` page loads, timed in the page from navigation start to the
first rows drawn (`performance.now()` when the selector appears), and the JSON request alone
(the server's part, timed with httpx2).

Targets: the runs page (first page, a filtered page, a deep page, a search) <= 1 s; the
100,000-span run drawn <= 3 s, and a jump to its end (End key) drawn <= 200 ms.

    python bench/view.py                  # ~1 minute (the store is written once, ~150 MB)
    python bench/view.py --runs 2000 --big-spans 20000 --reps 3
"""

from __future__ import annotations

import argparse
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx2

from tether.trace.store import TraceStore

CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]  # fmt: skip
VERDICTS = ["gateway", "cut", "empty", "dropped", "truncated"]
STATUSES = ["done"] * 7 + ["failed", "not_done", "cancelled", "error", "unverified"]


def _step(
    rng: random.Random, run: str, parent: str, n: int, t: float
) -> tuple[list[dict[str, Any]], float]:
    spans: list[dict[str, Any]] = []
    sid = f"{run}-s{n}"
    spans.append(
        {
            "id": sid,
            "parent_id": parent,
            "kind": "step",
            "name": f"step {n}",
            "started_at": t,
            "ended_at": None,
            "status": "ok",
            "attrs": {},
        }
    )
    chain = f"{sid}-c"
    spans.append(
        {
            "id": chain,
            "parent_id": sid,
            "kind": "chain",
            "name": "model call",
            "started_at": t,
            "ended_at": None,
            "status": "ok",
            "attrs": {"tether.candidates": ["primary", "backup"], "tether.answered_by": "primary"},
        }
    )
    now = t
    if rng.random() < 0.15:
        verdict = rng.choice(VERDICTS)
        spans.append(
            {
                "id": f"{chain}-m0",
                "parent_id": chain,
                "kind": "model",
                "name": "chat primary",
                "started_at": now,
                "ended_at": now + 0.05,
                "status": "error",
                "attrs": {
                    "tether.candidate": "primary",
                    "tether.verdict": verdict,
                    "tether.verdict.detail": f"a {verdict} turn",
                },
            }
        )
        spans.append(
            {
                "id": f"{chain}-b",
                "parent_id": chain,
                "kind": "breaker",
                "name": "closed -> open",
                "started_at": now + 0.05,
                "ended_at": now + 0.05,
                "status": "ok",
                "attrs": {
                    "tether.candidate": "primary",
                    "tether.breaker.reason": f"bad_turn:{verdict}",
                },
            }
        )
        spans[1]["attrs"]["tether.answered_by"] = "backup"
        now += 0.05
    spans.append(
        {
            "id": f"{chain}-m1",
            "parent_id": chain,
            "kind": "model",
            "name": "chat",
            "started_at": now,
            "ended_at": now + 0.08,
            "status": "ok",
            "attrs": {
                "tether.candidate": spans[1]["attrs"]["tether.answered_by"],
                "gen_ai.usage.input_tokens": 900,
                "gen_ai.usage.output_tokens": 30,
            },
        }
    )
    now += 0.08
    spans[1]["ended_at"] = now
    for k in range(2):
        tool = f"{sid}-t{k}"
        spans.append(
            {
                "id": tool,
                "parent_id": sid,
                "kind": "tool",
                "name": "read_file",
                "started_at": now,
                "ended_at": now + 0.01,
                "status": "ok",
                "attrs": {
                    "gen_ai.tool.call.arguments": '{"path": "src/app.py"}',
                    "gen_ai.tool.call.result": "def main(): ...",
                },
            }
        )
        spans.append(
            {
                "id": f"{tool}-p",
                "parent_id": sid,
                "kind": "permission",
                "name": "read_file",
                "started_at": now,
                "ended_at": now,
                "status": "ok",
                "attrs": {"action": "allow", "reason": "read in the workspace"},
            }
        )
        now += 0.01
    spans[0]["ended_at"] = now
    return spans, now


def make_run(
    rng: random.Random, run: str, steps: int, t: float, open_tail: bool = False
) -> dict[str, Any]:
    root = f"{run}-r"
    spans: list[dict[str, Any]] = [
        {
            "id": root,
            "parent_id": None,
            "kind": "run",
            "name": "agent run",
            "started_at": t,
            "ended_at": None,
            "status": "ok",
            "attrs": {
                "tether.task": f"Task {run}: fix the failing tests in module {rng.randrange(1000)}"
            },
        }
    ]
    now = t
    for n in range(1, steps + 1):
        more, now = _step(rng, run, root, n, now)
        spans += more
    spans.append(
        {
            "id": f"{run}-check",
            "parent_id": root,
            "kind": "check",
            "name": "pytest -q",
            "started_at": now,
            "ended_at": now + 0.2,
            "status": "ok",
            "attrs": {"tether.check.status": "passed", "tether.check.quote": "5 passed"},
        }
    )
    spans[0]["ended_at"] = now + 0.2
    if open_tail:
        for s in spans[-5:]:
            s["ended_at"] = None
    return {"run_id": run, "root_id": root, "spans": spans}


def build(path: Path, runs: int, big_spans: int) -> str:
    rng = random.Random(7)
    store = TraceStore(path, retention_days=1e9, retention_runs=10**9)
    t0 = time.time() - runs * 2.0
    for i in range(runs):
        run = make_run(rng, f"run{i:06d}", 4, t0 + i * 2.0)
        store.write_trace(run)
        status = rng.choice(STATUSES)
        store.write_receipt(
            run["run_id"], {"status": status, "steps": 4, "cost_usd": 0.0004, "trace_problems": []}
        )
    big = make_run(rng, "big-run", max(1, (big_spans - 2) // 7), time.time(), open_tail=True)
    store.write_trace(big)
    store.close()
    return "big-run"


def page_load(page: Any, url: str, selector: str) -> float:
    """ms from navigation start to `selector` present, measured in the page."""
    page.goto("about:blank")
    page.goto(url, wait_until="commit")
    page.wait_for_selector(selector, timeout=60_000)
    return float(page.evaluate("performance.now()"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10_000)
    parser.add_argument("--big-spans", type=int, default=100_000)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--keep", help="reuse (or create) the store at this path")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="tether-view-bench-") as work:
        path = Path(args.keep) if args.keep else Path(work) / "traces.db"
        if not path.exists():
            started = time.perf_counter()
            build(path, args.runs, args.big_spans)
            print(
                f"store: {args.runs} runs + one of ~{args.big_spans} spans written in {time.perf_counter() - started:.1f}s"
            )
        proc = subprocess.Popen(
            [sys.executable, "-m", "tether", "view", "--store", str(path), "--port", "0"],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert proc.stdout is not None
        url = proc.stdout.readline().strip()
        try:
            results: dict[str, list[float]] = {}
            pages = {
                "runs page 1": ("#/runs", "tr.run-row"),
                "runs, status=failed": ("#/runs?status=failed", "tr.run-row"),
                "runs, verdict=gateway": ("#/runs?verdict=gateway", "tr.run-row"),
                "runs, page 150": ("#/runs?page=150", "tr.run-row"),
                "runs, search": ("#/runs?q=module%2042", "tr.run-row"),
                f"run of {args.big_spans} spans": ("#/run/big-run", "#waterfall .wf-row"),
            }
            api = {
                "runs page 1": "api/runs",
                "runs, status=failed": "api/runs?status=failed",
                "runs, verdict=gateway": "api/runs?verdict=gateway",
                "runs, page 150": "api/runs?page=150",
                "runs, search": "api/runs?q=module%2042",
                f"run of {args.big_spans} spans": "api/run/big-run",
            }
            server: dict[str, list[float]] = {}
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
                page = browser.new_page(viewport={"width": 1400, "height": 900})
                for _ in range(args.reps):
                    for name, (fragment, selector) in pages.items():
                        results.setdefault(name, []).append(
                            page_load(page, url + fragment, selector)
                        )
                        started = time.perf_counter()
                        httpx2.get(url + api[name], timeout=60).raise_for_status()
                        server.setdefault(name, []).append((time.perf_counter() - started) * 1000)
                # the big run: End jumps to the last span; time to draw it
                jumps = []
                for _ in range(args.reps):
                    page_load(page, url + "#/run/big-run", "#waterfall .wf-row")
                    page.focus("#waterfall")
                    jumps.append(
                        page.evaluate("""() => new Promise((done) => {
                        const t = performance.now();
                        document.dispatchEvent(new KeyboardEvent('keydown', {key: 'End', bubbles: true}));
                        requestAnimationFrame(() => done(performance.now() - t));
                    })""")
                    )
                    last = page.locator(".wf-row.selected").get_attribute("data-index")
                    if last is None or int(last) < args.big_spans * 0.9:
                        raise SystemExit(f"End did not reach the last span (selected {last})")
                browser.close()
        finally:
            proc.send_signal(signal.SIGINT)
            proc.wait(timeout=10)

    print(f"{'page':<28} {'load (ms, median)':>18} {'JSON alone (ms)':>16}")
    missed = False
    for name, times in results.items():
        load, alone = statistics.median(times), statistics.median(server[name])
        target = 3000 if name.startswith("run of") else 1000
        missed |= load > target
        print(f"{name:<28} {load:>18.0f} {alone:>16.0f}   target <= {target} ms")
    jump = statistics.median(jumps)
    missed |= jump > 200
    print(f"{'big run: End drawn':<28} {jump:>18.1f} {'':>16}   target <= 200 ms")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
