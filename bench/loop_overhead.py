"""What the agent loop itself costs per step, with the model's and the tools' time taken out.

Target: the median step's overhead is at most 1 ms, where for each `step` span

    overhead = step duration - its `chain` span's duration - its `tool` spans' durations

read from the run's trace in the store. The `chain` span holds the whole model call (guard,
holdback, judge, breaker and the streamed reply); the `tool` spans hold the tool runner's work
per call (rules, timeout, cap and the tool itself). What is left is the loop's own work: the
request built from the history, accounting, the step span, the runner's batching around its tool
spans, the history grown by the answer and the results.

One runtime (`create_agent_runtime`, one `OpenAIProvider`, a `TraceStore` in a temporary
folder, one trivial async tool allowed by a rule) against one stand served from a background
thread (`tether.stand.StandThread`). The stand replays `--steps - 1` turns of one tool call each,
then a final text, per conversation; every run has its own task text, so it is its own
conversation. Runs go one after another; the GC is collected between runs (not inside them).

    python bench/loop_overhead.py [--runs 30 --steps 10]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

from tether.agent.runtime import AgentRuntime, create_agent_runtime
from tether.providers import OpenAIProvider
from tether.stand import Script, StandThread, build_stand
from tether.tools.base import tool
from tether.tools.rules import Rule, Rules
from tether.trace.store import TraceStore

TARGET_MS = 1.0
WARMUP_RUNS = 3
FINAL = "All the pings answered ok; nothing is left to do."


@tool
async def ping(n: int) -> str:
    """Answer ok (a trivial tool: the benchmark times everything around it)."""
    return "ok"


def stand_script(steps: int) -> Script:
    """Per conversation: `steps - 1` turns of one `ping` call each, then a final text."""
    turns: list[dict[str, Any]] = [
        {"tool_calls": [{"name": "ping", "arguments": {"n": i}}]} for i in range(steps - 1)
    ]
    turns.append({"text": FINAL})
    return Script.model_validate({"models": {"sim-large": {"turns": turns}}})


def build_runtime(url: str, tmp: Path) -> tuple[AgentRuntime, TraceStore]:
    store = TraceStore(tmp / "t.db", retention_runs=100_000)
    runtime = create_agent_runtime(
        providers=[OpenAIProvider(url + "/v1", "sim-large")],
        workspace=tmp,
        store=store,
        tools=[ping],
        rules=Rules([Rule("ping", "allow", reason="the benchmark's tool")]),
    )
    return runtime, store


def duration_ms(span: dict[str, Any]) -> float:
    return float(span["ended_at"] - span["started_at"]) * 1000.0


class Times:
    def __init__(self) -> None:
        self.overhead: list[float] = []
        self.step: list[float] = []
        self.model: list[float] = []  # the chain span: the whole model call
        self.tool: list[float] = []  # the step's tool spans, summed


def read_steps(trace: dict[str, Any], steps: int, into: Times) -> None:
    spans: list[dict[str, Any]] = trace["spans"]
    step_spans = [s for s in spans if s["kind"] == "step"]
    if len(step_spans) != steps:
        raise SystemExit(f"run {trace['run_id']}: {len(step_spans)} step spans, not {steps}")
    for step in step_spans:
        kids = [s for s in spans if s["parent_id"] == step["id"]]
        chains = [duration_ms(s) for s in kids if s["kind"] == "chain"]
        tools = [duration_ms(s) for s in kids if s["kind"] == "tool"]
        if len(chains) != 1:
            raise SystemExit(f"run {trace['run_id']}: a step with {len(chains)} chain spans")
        whole = duration_ms(step)
        into.step.append(whole)
        into.model.append(chains[0])
        into.tool.append(sum(tools))
        into.overhead.append(whole - chains[0] - sum(tools))


async def measure(url: str, tmp: Path, runs: int, steps: int) -> Times:
    runtime, store = build_runtime(url, tmp)
    times = Times()
    try:
        for i in range(WARMUP_RUNS + runs):
            gc.collect()
            if i == WARMUP_RUNS:
                gc.freeze()  # what the warm-up built is never scanned again
            receipt = await runtime.run(f"Ping the service {steps - 1} times (run {i}).")
            if receipt.status != "answered" or receipt.steps != steps or receipt.trace_problems:
                raise SystemExit(
                    f"run {i}: {receipt.status} after {receipt.steps} steps "
                    f"{receipt.trace_problems or receipt.error}"
                )
            if receipt.final_text != FINAL:
                raise SystemExit(f"run {i}: not the scripted answer: {receipt.final_text!r}")
            if i < WARMUP_RUNS:
                continue
            store.flush()
            trace = store.trace(receipt.run_id)
            if trace is None:
                raise SystemExit(f"run {i}: the store lost run {receipt.run_id}")
            read_steps(trace, steps, times)
    finally:
        await runtime.aclose()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=30, help="timed runs")
    parser.add_argument("--steps", type=int, default=10, help="steps per run (>= 2)")
    args = parser.parse_args()
    if args.steps < 2:
        parser.error("--steps must be at least 2")
    with (
        tempfile.TemporaryDirectory(prefix="tether-loop-") as tmp,
        StandThread(build_stand(stand_script(args.steps))) as url,
    ):
        times = asyncio.run(measure(url, Path(tmp), args.runs, args.steps))
    median = statistics.median(times.overhead)
    ok = median <= TARGET_MS
    print(
        f"loop_overhead: {args.runs} runs x {args.steps} steps ({len(times.overhead)} steps) "
        f"against a StandThread, one tool call per step but the last "
        f"(python {sys.version.split()[0]})"
    )
    header = f"{'per step':<46} {'median ms':>10} {'p90 ms':>8}"
    print(header)
    print("-" * len(header))
    for name, values in (
        ("loop overhead: step - chain - tool spans", times.overhead),
        ("step span (context)", times.step),
        ("chain span: the model call (context)", times.model),
        ("tool spans, summed (context)", times.tool),
    ):
        p90 = statistics.quantiles(values, n=10)[-1]
        print(f"{name:<46} {statistics.median(values):>10.3f} {p90:>8.3f}")
    print(
        f"loop overhead per step (median): {median:.3f} ms, target <= {TARGET_MS:g} ms: "
        f"{'PASS' if ok else 'FAIL'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
