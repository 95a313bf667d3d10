"""The lab's provider keeps its fault shapes on a busy machine: a first-byte delay runs from the
request's arrival (reading and planning a big request eat into it), and a stall of the client's
own event loop in mid-stream is not read as the provider's silence."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
from starlette.types import ASGIApp, Receive, Scope, Send

from tether.errors import FirstByteTimeout
from tether.messages import Message, Request, Turn, collect
from tether.providers import OpenAIProvider, Timeouts
from tether.stand.plan import Planner
from tether.stand.script import ModelSpec, Script, TurnSpec
from tether.stand.server import StandThread, build_stand

pytestmark = pytest.mark.timeout(60)

DELAY_S = 0.5  # the fault shape's first byte
PARSE_S = 0.6  # planning the big request (a loaded machine's parse), longer than the delay


class Arrivals:
    """An ASGI wrapper outside the stand: when each request came in and when its reply's head
    went out, by the same clock the stand uses."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.spans: list[tuple[float, float]] = []
        self.arrived: list[float] = []

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        arrived = time.perf_counter()
        self.arrived.append(arrived)

        async def timed(message: Any) -> None:
            if message["type"] == "http.response.start":
                self.spans.append((arrived, time.perf_counter()))
            await send(message)

        await self.app(scope, receive, timed)


def test_a_first_byte_delay_runs_from_the_requests_arrival(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 1 MB request whose planning takes 0.6 s: the first byte still leaves at the shape's
    0.5 s after the request came in (before: 0.5 s after the planning, 1.1 s in). The bound is
    the planning's own measured end plus the delay, which the old order cannot beat however
    slow the machine is, and which the new one misses only if the stand is 0.5 s late."""
    planned: list[tuple[float, float]] = []
    plan = Planner.plan

    def slow_plan(self: Planner, *args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        time.sleep(PARSE_S)  # the stand's loop busy with the request, as a loaded core is
        try:
            return plan(self, *args, **kwargs)
        finally:
            planned.append((start, time.perf_counter()))

    monkeypatch.setattr(Planner, "plan", slow_plan)
    log = tmp_path / "log.jsonl"
    stand = build_stand(faults=[f"slow-first-byte:{DELAY_S}"], log=str(log))
    watch = Arrivals(stand.app)
    stand.app = watch  # type: ignore[assignment]
    body = {"model": "sim-large", "stream": True,
            "messages": [{"role": "user", "content": "x" * 1_000_000}]}  # fmt: skip
    with StandThread(stand) as url:
        reply = httpx2.post(url + "/v1/chat/completions", json=body, timeout=30)
    assert reply.status_code == 200
    [(arrived, first_byte)] = watch.spans
    [(plan_start, plan_end)] = planned
    assert first_byte - arrived >= DELAY_S - 0.01  # never earlier than the shape says
    assert first_byte < plan_end + DELAY_S, (first_byte - arrived, plan_end - arrived)
    # the log times the first byte from the arrival too: the planning is inside it
    [record] = [json.loads(line) for line in log.read_text().splitlines()]
    assert record["timing"]["first_byte_s"] >= plan_end - plan_start


def _stream(url: str, silence_s: float, block_at: float, block_s: float) -> Turn:
    """One streamed reply from the stand (a silence ends it as a turn with termination
    `timeout`), while this loop is blocked `block_s` from `block_at`
    (a judge building its lexicon, or a process without CPU, blocks it)."""

    async def main() -> Turn:
        timeouts = Timeouts(connect=5.0, first_byte=2.0, silence=silence_s)
        provider = OpenAIProvider(url + "/v1", "m", timeouts=timeouts)
        request = Request(messages=(Message.text("user", "hi"),))

        async def block() -> None:
            await anyio.sleep(block_at)
            time.sleep(block_s)  # noqa: ASYNC251  (on purpose: the loop can run nothing meanwhile)

        try:
            async with anyio.create_task_group() as tg:
                tg.start_soon(block)
                return await collect(provider.stream(request))
        finally:
            await provider.aclose()

    return anyio.run(main)


TEXT = "word " * 30  # 30 chunks of 5 characters, one each 0.05 s: a 1.5 s healthy stream


def test_a_stall_of_the_own_loop_mid_stream_is_not_the_providers_silence() -> None:
    """The loop blocked 0.9 s in mid-stream, past the 0.5 s silence limit: the stream ends
    whole. A byte the provider sent during the stall is read before the overdue limit can cut
    the read (asyncio handles ready sockets before overdue timers, and anyio does not cancel a
    task whose wait has already been answered), and a provider whose gaps are under the limit
    has always sent one before the limit is due: the silence timer needs no discount."""
    script = Script(models={"m": ModelSpec(turns=[TurnSpec(text=TEXT)] * 3)},
                    chunk_chars=5, chunk_delay_s=0.05)  # fmt: skip
    with StandThread(build_stand(script)) as url:
        for block_at in (0.3, 0.52, 0.77):
            turn = _stream(url, 0.5, block_at, 0.9)
            assert (turn.termination, turn.content) == ("stop", TEXT), turn.detail


def test_a_real_stall_of_the_provider_still_times_out() -> None:
    """The stand's `stall` shape (1.5 s silent after 20 characters) is silence, whether the
    loop was free through it or blocked for part of it."""
    script = Script(
        models={"m": ModelSpec(turns=[TurnSpec(text=TEXT)] * 2, faults=["stall:20:1.5"])},
        chunk_chars=5, chunk_delay_s=0.05,
    )  # fmt: skip
    with StandThread(build_stand(script)) as url:
        free = _stream(url, 0.5, 5.0, 0.0)
        blocked = _stream(url, 0.5, 0.4, 0.3)
    for turn in (free, blocked):
        assert turn.termination == "timeout" and "silence limit" in turn.detail, turn
        assert turn.content == TEXT[:20]


def _first_byte(url: str, model: str, watch: Arrivals, after_s: float, block_s: float) -> str:
    """One call to `model` with a 0.5 s first-byte limit while this loop is blocked `block_s`
    from `after_s` after the stand took the request in (blocked before the request went out,
    the loop would only delay the call): the turn's termination, or the timeout that ended it."""

    async def main() -> str:
        timeouts = Timeouts(connect=5.0, first_byte=0.5, silence=0.5)
        provider = OpenAIProvider(url + "/v1", model, timeouts=timeouts)
        request = Request(messages=(Message.text("user", "hi"),))
        seen = len(watch.arrived)

        async def block() -> None:
            while len(watch.arrived) == seen:  # noqa: ASYNC110  (the stand's thread appends)
                await anyio.sleep(0.002)
            await anyio.sleep(after_s)
            time.sleep(block_s)  # noqa: ASYNC251  (on purpose: the loop can run nothing meanwhile)

        try:
            async with anyio.create_task_group() as tg:
                tg.start_soon(block)
                try:
                    return (await collect(provider.stream(request))).termination
                except FirstByteTimeout:
                    return "first-byte timeout"
        finally:
            await provider.aclose()

    return anyio.run(main)


def test_a_stall_of_the_own_loop_past_the_first_byte_limit_does_not_cut_a_byte_that_came() -> None:
    """The lab's first-byte limit is not calibrated (lab/timing.py says why), nor does it need
    the stall watch: the loop blocked 0.9 s from just after the request went out, through the
    provider's byte (0.3 s) and past the 0.5 s limit, and the call is answered, since the byte
    is read before the overdue limit can cut the wait. A provider past the limit (1.5 s) is
    cut, whether the loop was free or blocked 0.6 s through the limit's time."""
    script = Script(models={
        "m": ModelSpec(turns=[TurnSpec(text="ok")] * 4, faults=["slow-first-byte:0.3"]),
        "late": ModelSpec(turns=[TurnSpec(text="ok")] * 4, faults=["slow-first-byte:1.5"]),
    })  # fmt: skip
    stand = build_stand(script)
    watch = Arrivals(stand.app)
    stand.app = watch  # type: ignore[assignment]
    with StandThread(stand) as url:
        assert _first_byte(url, "m", watch, 0.05, 0.9) == "stop"
        assert _first_byte(url, "m", watch, 0.0, 0.0) == "stop"
        assert _first_byte(url, "late", watch, 0.0, 0.0) == "first-byte timeout"
        assert _first_byte(url, "late", watch, 0.1, 0.6) == "first-byte timeout"
