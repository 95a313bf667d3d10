"""Fitting a long, growing agent history into a window, step after step: `ContextBudget.fit`.

A 10,000-message history of ~100k tokens (system prompt, task, tool calls with results of
varied sizes, a few over the 1,500-token cap, chat turns) grows by one message per step for 50
steps; each step builds a new `Request` (as the agent loop does) and fits it into a 32k window,
which drops most of the history into the summary note.

Measured in one run, median time per step:

- `fit`, incremental: the budget as shipped (per-message counts kept by identity, running sums
  of the last history seen, so a step counts the one new message);
- `fit`, no cache: the same fit counting every message afresh each step (what calling
  `count_request` per step costs), the naive baseline;
- `count_request` alone, for reference: one plain count of the whole request.

Target: incremental fit <= 5 ms per step. Exits 1 if missed.

    python bench/context_fit.py [--messages 10000] [--steps 50] [--window 32000]
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections.abc import Callable

from tether.context.budget import ContextBudget
from tether.context.tokens import count_request
from tether.messages import Message, Request, TextPart, ToolCall, ToolResultPart, ToolSpec

TARGET_MS = 5.0
TOOLS = (
    ToolSpec("read_file", "Read a file.", {"type": "object", "properties": {"path": {}}}),
    ToolSpec("run_command", "Run a command.", {"type": "object", "properties": {"cmd": {}}}),
)


def message(k: int) -> list[Message]:
    """The k-th piece of history: mostly tool turns, some chat, now and then a big result."""
    if k % 5 == 4:
        return [Message.text("user" if k % 2 else "assistant", f"Step {k}: looks right, go on.")]
    call = ToolCall(f"call_{k}", "read_file", f'{{"path": "m{k % 97}.py"}}')
    size = 9_000 if k % 1000 == 0 else 4 + (k * 7) % 20
    body = (f"def f{k}(x):\n    return x + {k}\n" * (size // 28 + 1))[:size]
    return [
        Message("assistant", (call,)),
        Message("tool", (ToolResultPart(f"call_{k}", body, "read_file"),)),
    ]


def history(n: int) -> list[Message]:
    out = [
        Message.text("system", "You are a careful coding agent. " * 20),
        Message.text("user", "Refactor the math package and keep the tests green."),
    ]
    k = 0
    while len(out) < n:
        out += message(k)
        k += 1
    return out[:n]


def steps(base: list[Message], n: int) -> list[Request]:
    grown = list(base)
    out = []
    for k in range(n):
        grown.append(Message("user", (TextPart(f"Step {k} of the run: what next?"),)))
        out.append(Request(tuple(grown), tools=TOOLS))
    return out


def timed(fn: Callable[[Request], object], requests: list[Request]) -> tuple[float, float, float]:
    """(first call, median, p90) in ms; the first call (cold caches) is not in the median."""
    gc.collect()
    gc.disable()
    try:
        times = []
        for r in requests:
            t0 = time.perf_counter_ns()
            fn(r)
            times.append((time.perf_counter_ns() - t0) / 1e6)
    finally:
        gc.enable()
    rest = sorted(times[1:])
    return times[0], statistics.median(rest), rest[int(len(rest) * 0.9)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--messages", type=int, default=10_000)
    ap.add_argument("--steps", type=int, default=50)
    ap.add_argument("--window", type=int, default=32_000)
    args = ap.parse_args()

    base = history(args.messages)
    requests = steps(base, args.steps + 1)
    tokens = count_request(requests[0]).total
    print(f"history: {len(requests[0].messages):,} messages, {tokens:,} tokens (estimate)")
    print(
        f"{args.steps} steps of one new message each, fitted into a {args.window:,}-token window\n"
    )

    fast = ContextBudget()
    naive = ContextBudget(incremental=False)
    results = {
        "fit, incremental (shipped)": timed(lambda r: fast.fit(r, args.window), requests),
        "fit, no cache (naive baseline)": timed(lambda r: naive.fit(r, args.window), requests),
        "count_request alone (reference)": timed(count_request, requests),
    }
    # Both fits give the same request, and it fits.
    for r in requests[-3:]:
        a, b = fast.fit(r, args.window), naive.fit(r, args.window)
        assert a.messages == b.messages, "the cached and uncached fits differ"
        assert count_request(a).total + 1024 <= args.window, "the fitted request overflows"
    report = fast.last_fit
    assert report is not None
    print(
        f"last fit: {report.tokens_before:,} -> {report.tokens_after:,} tokens, "
        f"{report.dropped:,} messages folded into the note, {report.shortened} results capped\n"
    )

    print(f"{'method':34} {'first ms':>9} {'median ms':>10} {'p90 ms':>8}")
    for name, (first, med, p90) in results.items():
        print(f"{name:34} {first:9.2f} {med:10.3f} {p90:8.3f}")
    med = results["fit, incremental (shipped)"][1]
    base_med = results["fit, no cache (naive baseline)"][1]
    ok = med <= TARGET_MS
    print(
        f"\nincremental median {med:.3f} ms per step (target <= {TARGET_MS} ms): "
        f"{'OK' if ok else 'MISSED'}; {base_med / med:.0f}x faster than the naive baseline"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
