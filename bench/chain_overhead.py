"""What the chain adds to one model call: guard, holdback, judge and breaker, per call.

Target: the median `Chain.call` takes at most 0.5 ms longer than the median bare adapter call
(`collect(provider.stream(request))`) to the same stand, in the same run.

Both sides use ONE `OpenAIProvider` (one connection pool) against one stand served from a
background thread (`tether.stand.StandThread`), with the same ~8 KB request (system prompt,
tool schemas, a few messages) and the same ~1 KB streamed reply. Calls alternate (bare, chain,
bare, chain, ...) so both share the machine's noise; the chain's side has an `on_text`
callback, so holdback is in play, and a fresh `MemoryStore` (its breaker stays closed).

With `--against REF` (a commit, a branch), the same measurement runs on that commit's tether
too, in the same run: two worker processes (this tree's and REF's, each with its own stand,
`bench/against.py`) take turns, `--rounds` rounds of alternating calls each, and what each
chain adds is shown beside the baseline's.

    python bench/chain_overhead.py [--calls 500] [--against main --rounds 10]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from tether.messages import Message, Request, ToolSpec, Turn, collect
from tether.providers import OpenAIProvider
from tether.reliability.breaker import MemoryStore
from tether.reliability.chain import Chain
from tether.stand import Script, StandThread, build_stand

TARGET_MS = 0.5

REPLY = (
    "The loader ran twice because two callers missed the cache at the same moment. I added an "
    "in-flight map of events keyed by cache key: the first caller loads and sets the event, "
    "later callers wait for it and read the stored entry. A loader that raises still sets the "
    "event and clears the key, so the next caller retries instead of hanging. The concurrency "
    "test passes 200 times in a row, the suite is green, and mypy and ruff are clean. Two "
    "choices are yours: whether waiting callers should share the loader's timeout (they do "
    "now), and whether the in-flight map needs a bound for very wide fan-out (it is bounded by "
    "the number of concurrent requests today, so I left it). The diff touches the store module "
    "and its tests only; no dependency was added, and nothing else in the project changed."
)


def build_request() -> Request:
    rules = (
        "You are a coding agent. Read a file before you change it, run the tests after each "
        "change, and never invent tool output. "
    ) * 40
    tools = tuple(
        ToolSpec(
            name,
            f"{name.replace('_', ' ')} in the repository.",
            {
                "type": "object",
                "properties": {"path": {"type": "string"}, "start": {"type": "integer"}},
                "required": ["path"],
            },
        )
        for name in ("read_file", "write_file", "edit_file", "search", "run_tests", "git_diff")
    )
    return Request(
        messages=(
            Message.text("system", rules),
            Message.text("user", "The cache's concurrency test fails half the time. Fix it."),
            Message.text("assistant", "I read the store; the loader can run twice per key."),
            Message.text("user", "Go ahead and tell me what you changed."),
        ),
        tools=tools,
    )


def stand_script(turns: int) -> Script:
    """Every request gets REPLY (all calls are one conversation to the stand)."""
    return Script.model_validate({"models": {"sim-large": {"turns": [{"text": REPLY}] * turns}}})


async def measure(
    url: str, calls: int, more: Any = None
) -> tuple[list[float], list[float], Turn, Turn]:
    """`calls` alternating bare and chained calls (after a warm-up); with `more` (a worker's
    `--against` requests: an async function that returns how many calls to make next, 0 to
    stop), further rounds, each passed to `more` as (bare ms, chain ms) once timed."""
    provider = OpenAIProvider(url + "/v1", "sim-large")
    chain = Chain([provider], store=MemoryStore())
    request = build_request()
    shown: list[str] = []

    async def bare() -> Turn:
        return await collect(provider.stream(request))

    async def chained() -> Turn:
        shown.clear()
        answer = await chain.call(request, on_text=shown.append)
        return answer.turn

    bare_ms: list[float] = []
    chain_ms: list[float] = []
    try:
        for _ in range(20):  # warm up: connections, imports, caches
            bare_turn = await bare()
            chain_turn = await chained()
        sides: list[tuple[Any, list[float]]] = [(bare, bare_ms), (chained, chain_ms)]
        gc.freeze()  # what exists now is never collected again: each gc.collect() stays short
        clock = time.perf_counter_ns
        n = calls if more is None else await more(None)
        while n:
            bare_ms.clear()
            chain_ms.clear()
            for i in range(n):
                for k in range(2):
                    side, times = sides[(i + k) % 2]  # alternate which side goes first
                    gc.collect()
                    t0 = clock()
                    await side()
                    times.append((clock() - t0) / 1e6)
            if "".join(shown) != chain_turn.content:
                raise SystemExit("the chain's on_text did not receive the whole answer")
            n = 0 if more is None else await more((bare_ms, chain_ms))
    finally:
        await chain.aclose()
    return bare_ms, chain_ms, bare_turn, chain_turn


def worker(calls: int) -> None:
    """One side of `--against`: {"calls": n} -> n alternating calls' times, `calls` of them in
    all; an empty line ends."""
    import json

    async def more(done: Any) -> int:
        if done is not None:
            print(json.dumps(done), flush=True)
        line = await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        return int(json.loads(line)["calls"]) if line.strip() else 0

    print(json.dumps("ready"), flush=True)
    with StandThread(build_stand(stand_script(2 * calls + 100))) as url:
        bare_turn, chain_turn = asyncio.run(measure(url, 0, more))[2:]
    if bare_turn.content != REPLY or chain_turn.content != REPLY:
        raise SystemExit("a side did not get the scripted reply")


def against(ref: str, calls: int, rounds: int) -> int:
    """What the chain adds, on this tree beside REF, taking turns (`bench/against.py`)."""
    from against import turns, workers

    per_round = max(1, calls // rounds)
    print(
        f"chain_overhead: this tree beside {ref}, {per_round * rounds} alternating calls per "
        f"side in {rounds} rounds taking turns, each against its own StandThread, medians "
        f"(python {sys.version.split()[0]}); request ~8 KB with 6 tools, reply {len(REPLY)} chars"
    )
    with workers(Path(__file__), ref, ["--calls", str(per_round * rounds)]) as pair:
        answers = turns(pair, {"calls": per_round}, rounds)
    header = f"{'side':<44} {'baseline ms':>11} {'ms':>8}"
    print(header)
    print("-" * len(header))
    medians: list[list[float]] = []
    for k, name in enumerate(
        ("bare adapter: collect(provider.stream(req))", "chain: await chain.call(req, on_text=...)")
    ):
        sides = [[t for answer in tree for t in answer[k]] for tree in answers]
        medians.append([statistics.median(times) for times in sides])
        print(f"{name:<44} {medians[-1][0]:>11.3f} {medians[-1][1]:>8.3f}")
    added = [medians[1][i] - medians[0][i] for i in (0, 1)]
    ok = added[1] <= TARGET_MS
    print(f"{'added by the chain (median difference)':<44} {added[0]:>11.3f} {added[1]:>8.3f}")
    print(f"target <= {TARGET_MS:g} ms added: {'PASS' if ok else 'FAIL'}")
    return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=500, help="timed calls per side")
    parser.add_argument("--against", metavar="REF", help="also measure this commit's chain")
    parser.add_argument("--rounds", type=int, default=10, help="alternating rounds (--against)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.calls)
        return 0
    if args.against:
        return against(args.against, args.calls, args.rounds)
    with StandThread(build_stand(stand_script(2 * args.calls + 100))) as url:
        bare_ms, chain_ms, bare_turn, chain_turn = asyncio.run(measure(url, args.calls))
    if bare_turn.content != REPLY or chain_turn.content != REPLY:
        raise SystemExit("a side did not get the scripted reply")
    bare, chained = statistics.median(bare_ms), statistics.median(chain_ms)
    added = chained - bare
    ok = added <= TARGET_MS
    print(
        f"chain_overhead: {args.calls} alternating calls per side against a StandThread, medians "
        f"(python {sys.version.split()[0]}); request ~8 KB with 6 tools, reply {len(REPLY)} chars"
    )
    header = f"{'side':<44} {'median ms':>10} {'p90 ms':>8}"
    print(header)
    print("-" * len(header))
    for name, times in (
        ("bare adapter: collect(provider.stream(req))", bare_ms),
        ("chain: await chain.call(req, on_text=...)", chain_ms),
    ):
        p90 = statistics.quantiles(times, n=10)[-1]
        print(f"{name:<44} {statistics.median(times):>10.3f} {p90:>8.3f}")
    print(
        f"added by the chain (median difference): {added:.3f} ms, target <= {TARGET_MS:g} ms: "
        f"{'PASS' if ok else 'FAIL'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
