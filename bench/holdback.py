"""Time to first text added by holdback: the chain holds the first 160 characters back until they
show no gateway phrase, so the caller's first `on_text` comes later than the first byte.

Target: the added time (median time to first `on_text` with `holdback_chars=160` minus with
`holdback_chars=0`) is at most the time the stream itself needs to deliver 160 characters
(median, measured on the bare adapter in the same run) plus a small tolerance: holdback waits
for those characters and for nothing else.

The stand streams a ~400-character reply in 24-character chunks with a pause after each chunk
(`chunk_delay_s`, 10 ms by default), so delivery takes measurable time. The three sides (bare
adapter, chain with holdback 0, chain with holdback 160) take turns on one provider.

    python bench/holdback.py [--reps 30] [--chunk-delay 0.01] [--tolerance-ms 5]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from collections.abc import Awaitable, Callable

from tether.messages import Event, Message, Request, TextDelta, collect
from tether.providers import OpenAIProvider
from tether.reliability.breaker import MemoryStore
from tether.reliability.chain import Chain
from tether.reliability.guard import GuardConfig
from tether.stand import Script, StandThread, build_stand

HOLDBACK = 160
CHUNK_CHARS = 24

REPLY = (
    "Paris is the capital of France. It lies on the Seine in the north of the country and has "
    "been the seat of the French government for most of the last thousand years. The city "
    "proper has about two million people; the metropolitan area has more than twelve million, "
    "which makes it one of the largest in Europe. Its museums, such as the Louvre and the "
    "Musee d'Orsay, draw millions of visitors a year."
)
REQUEST = Request(messages=(Message.text("user", "What is the capital of France?"),))


def stand_script(turns: int, chunk_delay_s: float) -> Script:
    return Script.model_validate(
        {
            "models": {"sim-large": {"turns": [{"text": REPLY}] * turns}},
            "chunk_chars": CHUNK_CHARS,
            "chunk_delay_s": chunk_delay_s,
        }
    )


async def measure(url: str, reps: int) -> tuple[list[float], list[float], list[float], list[float]]:
    """Per rep: time to first text with holdback 0 and 160 (chain), and the bare stream's time
    to its first text and from its first text to its 160th character."""
    provider = OpenAIProvider(url + "/v1", "sim-large")
    chains = {
        h: Chain(
            [provider],
            store=MemoryStore(),
            guard=GuardConfig(holdback_chars=h),
        )
        for h in (0, HOLDBACK)
    }
    first_text: dict[int, list[float]] = {0: [], HOLDBACK: []}
    bare_first: list[float] = []
    bare_160: list[float] = []

    def chain_side(h: int) -> Callable[[], Awaitable[None]]:
        async def side() -> None:
            seen: list[float] = []
            t0 = time.perf_counter()
            answer = await chains[h].call(
                REQUEST, on_text=lambda _t: seen.append(time.perf_counter())
            )
            if answer.turn.content != REPLY or not seen:
                raise SystemExit(f"holdback {h}: the chain did not answer with the reply")
            first_text[h].append(seen[0] - t0)

        return side

    async def bare_side() -> None:
        marks: list[float] = []
        chars = 0

        def on_event(event: Event) -> None:
            nonlocal chars
            if isinstance(event, TextDelta) and event.text:
                if chars == 0:
                    marks.append(time.perf_counter())
                chars += len(event.text)
                if chars >= HOLDBACK and len(marks) == 1:
                    marks.append(time.perf_counter())

        t0 = time.perf_counter()
        turn = await collect(provider.stream(REQUEST), on_event=on_event)
        if turn.content != REPLY or len(marks) != 2:
            raise SystemExit("the bare stream did not deliver the reply")
        bare_first.append(marks[0] - t0)
        bare_160.append(marks[1] - marks[0])

    sides = [bare_side, chain_side(0), chain_side(HOLDBACK)]
    try:
        for side in sides:  # warm up
            await side()
        first_text[0].clear()
        first_text[HOLDBACK].clear()
        bare_first.clear()
        bare_160.clear()
        for i in range(reps):
            for k in range(len(sides)):
                await sides[(i + k) % len(sides)]()
    finally:
        for chain in chains.values():
            await chain.aclose()
    return first_text[0], first_text[HOLDBACK], bare_first, bare_160


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--reps", type=int, default=30, help="timed runs per side")
    parser.add_argument("--chunk-delay", type=float, default=0.01, help="stand pause per chunk, s")
    parser.add_argument("--tolerance-ms", type=float, default=5.0, help="allowed extra, ms")
    args = parser.parse_args()
    script = stand_script(3 * (args.reps + 2), args.chunk_delay)
    with StandThread(build_stand(script)) as url:
        h0, h160, bare_first, bare_160 = asyncio.run(measure(url, args.reps))
    ms = 1000.0
    t_h0, t_h160 = statistics.median(h0) * ms, statistics.median(h160) * ms
    t_first, t_deliver = statistics.median(bare_first) * ms, statistics.median(bare_160) * ms
    added = t_h160 - t_h0
    limit = t_deliver + args.tolerance_ms
    ok = added <= limit
    print(
        f"holdback: {args.reps} runs per side, medians (python {sys.version.split()[0]}); reply "
        f"{len(REPLY)} chars in {CHUNK_CHARS}-char chunks, {args.chunk_delay * ms:g} ms apart"
    )
    rows = [
        ("bare stream: time to first text", t_first),
        (f"bare stream: first text -> {HOLDBACK}th character", t_deliver),
        ("chain, holdback_chars=0: time to first on_text", t_h0),
        (f"chain, holdback_chars={HOLDBACK}: time to first on_text", t_h160),
        (f"added by holdback ({HOLDBACK} - 0)", added),
    ]
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name:<{width}} {value:>8.2f} ms")
    print(
        f"target: added <= delivery of {HOLDBACK} chars + {args.tolerance_ms:g} ms "
        f"= {limit:.2f} ms: {'PASS' if ok else 'FAIL'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
