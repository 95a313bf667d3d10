"""32 agent runs at once against a model that takes 4 requests at a time: adaptive vs fixed.

The stand caps requests in flight per model (`concurrency:4`: one more gets a 429 "Too many
concurrent requests") and answers each request after `--first-byte` seconds. Each run is
`--steps` model calls (tool calls, then a final text) through one shared runtime. Two passes,
each against a fresh stand with the same script:

- adaptive: `[concurrency] adaptive = true` (the default): the candidate's limit halves on a
  concurrency 429 and grows by one after a window of successes (AIMD), calls queue for a slot;
- fixed: `[concurrency] adaptive = false, ceiling = 32`: up to 32 in flight, every 429 retried
  with the chain's backoff (the default retry policy: `--attempts` (4) per call, 0.5 s
  doubling; with `--attempts 12` every fixed run gets through too, for a time comparison).

Reported per pass: total wall time, runs answered (the others end `error`: a call met four
429s in a row), retries (the chain's retry notices), 429s (rejected attempts on the receipts)
and, for the adaptive pass, the limit it ended at. Target: adaptive answers every run with
fewer 429s than fixed, and where fixed answers every run too (`--attempts 12`), in less total
time. The floor is runs x steps x first byte / cap.

    python bench/concurrency_limit.py [--runs 32 --cap 4 --steps 4 --first-byte 0.2]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import anyio

from tether.agent.runtime import RuntimeConfig, create_agent_runtime
from tether.providers import OpenAIProvider
from tether.reliability.chain import Notice
from tether.stand import Script, StandThread, build_stand
from tether.tools.base import tool
from tether.tools.rules import Rule, Rules
from tether.trace.store import TraceStore

FINAL = "All the pings answered ok."


@tool
async def ping(n: int) -> str:
    """Answer ok (a trivial tool)."""
    return "ok"


def stand_script(steps: int, cap: int, first_byte: float) -> Script:
    turns: list[dict[str, Any]] = [
        {"tool_calls": [{"name": "ping", "arguments": {"n": i}}]} for i in range(steps - 1)
    ]
    turns.append({"text": FINAL})
    model = {"position": "history", "turns": turns}
    faults = [f"concurrency:{cap}", f"slow-first-byte:{first_byte}"]
    return Script.model_validate({"models": {"sim-large": model}, "faults": faults})


def one_pass(mode: str, args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    concurrency = {"adaptive": True} if mode == "adaptive" else {"adaptive": False, "ceiling": 32}
    config = RuntimeConfig.model_validate(
        {"concurrency": concurrency, "retry": {"max_attempts": args.attempts}}
    )
    retries = [0]

    def notice(n: Notice) -> None:
        retries[0] += n.kind == "retry"

    script = stand_script(args.steps, args.cap, args.first_byte)
    with StandThread(build_stand(script)) as url, TraceStore(folder / f"{mode}.db") as store:
        runtime = create_agent_runtime(
            config, providers=[OpenAIProvider(url + "/v1", "sim-large")], workspace=folder,
            tools=[ping], rules=Rules([Rule("ping", "allow")]), store=store, on_notice=notice,
        )  # fmt: skip
        receipts: list[Any] = []

        async def main() -> float:
            async def one(i: int) -> None:
                receipts.append(await runtime.run(f"Ping {args.steps - 1} times (run {i})."))

            t0 = time.perf_counter()
            async with anyio.create_task_group() as tg:
                for i in range(args.runs):
                    tg.start_soon(one, i)
            wall = time.perf_counter() - t0
            await runtime.chain.aclose()
            return wall

        wall = anyio.run(main)
        limit = runtime.chain.limits.of(runtime.chain.candidates[0].provider)
    return {
        "mode": mode,
        "wall_s": wall,
        "statuses": dict(Counter(r.status for r in receipts)),
        "answered": sum(r.status == "answered" and r.final_text == FINAL for r in receipts),
        "retries": retries[0],
        "http_429": sum(1 for r in receipts for x in r.rejected if x["status"] == 429),
        "limit": limit.limit,
        "narrowed": limit.narrowed,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=32)
    parser.add_argument("--cap", type=int, default=4)
    parser.add_argument("--steps", type=int, default=4)
    parser.add_argument("--first-byte", type=float, default=0.2)
    parser.add_argument("--attempts", type=int, default=4, help="the chain's attempts per call")
    args = parser.parse_args()
    floor = args.runs * args.steps * args.first_byte / args.cap
    print(f"{args.runs} runs x {args.steps} calls, cap {args.cap} in flight, first byte "
          f"{args.first_byte}s: floor {floor:.1f}s")  # fmt: skip
    results = []
    with tempfile.TemporaryDirectory(prefix="tether-bench-") as folder:
        for mode in ("adaptive", "fixed"):
            r = one_pass(mode, args, Path(folder))
            results.append(r)
            settled = f", limit settled at {r['limit']} (halved {r['narrowed']}x)"
            print(
                f"{mode:>8} (fixed limit 32 if fixed): {r['wall_s']:6.2f}s total, "
                f"{r['answered']}/{args.runs} answered {r['statuses']}, retries {r['retries']}, "
                f"429s {r['http_429']}" + (settled if mode == "adaptive" else "")
            )
    adaptive, fixed = results
    ok = (
        adaptive["answered"] == args.runs
        and adaptive["http_429"] < fixed["http_429"]
        and (fixed["answered"] < args.runs or adaptive["wall_s"] < fixed["wall_s"])
    )
    print(
        "target (adaptive answers every run with fewer 429s; where fixed answers every run "
        f"too, in less time): {'met' if ok else 'MISSED'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
