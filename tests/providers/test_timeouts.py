"""tether's phase timeouts against the stand's timing faults, over real HTTP, in all three APIs.

first_byte bounds the wait for the reply's first body byte, silence bounds each gap once the
reply flows, and nothing bounds a stream that keeps flowing. Time margins are wide: the
machine running these is shared.
"""

from __future__ import annotations

import contextlib
import json
import statistics
import time
from pathlib import Path
from typing import Any

import anyio
import httpx2
import openai
import pytest

from tests.helpers import StandFactory, wait_for_log
from tether.errors import FirstByteTimeout
from tether.messages import Message, ReasoningDelta, Request, Turn, collect
from tether.providers import (
    HTTPProvider,
    Timeouts,
    provider_at,
)

APIS = ("openai", "anthropic", "ollama")
each_api = pytest.mark.parametrize("api", APIS)
# The phase timeouts on each API on asyncio, and on trio through one of them (the timeouts are
# the adapters' shared code): `backend` is the event loop
each_api_and_trio = pytest.mark.parametrize(
    ("api", "backend"),
    [pytest.param(api, "asyncio", id=api) for api in APIS]
    + [pytest.param("openai", "trio", id="openai-trio")],
)

TEXT = (
    "The capital of France is Paris. It sits on the Seine, and this reply is long enough "
    "to stream in several pieces of twenty-four characters each."
)
SCRIPT: dict[str, Any] = {"models": {"sim-large": {"turns": [{"text": TEXT}]}}}
HI = Request(messages=(Message.text("user", "What is the capital of France?"),))


def provider_for(api: str, url: str, timeouts: Timeouts | None = None) -> HTTPProvider:
    return provider_at(api, url, "sim-large", timeouts=timeouts)


def ask(
    api: str,
    url: str,
    timeouts: Timeouts | None = None,
    request: Request = HI,
    backend: str = "asyncio",
) -> Turn:
    """One streamed call through tether's adapter for `api`, collected into a Turn."""

    async def main() -> Turn:
        provider = provider_for(api, url, timeouts)
        try:
            return await collect(provider.stream(request))
        finally:
            await provider.aclose()

    return anyio.run(main, backend=backend)


# ---------------------------------------------------------------- first byte


@pytest.mark.timeout(10)
@each_api_and_trio
def test_slow_first_byte_past_the_limit_raises_first_byte_timeout(
    stand_factory: StandFactory, tmp_path: Path, api: str, backend: str
) -> None:
    log = tmp_path / "x.jsonl"
    url = stand_factory(script=SCRIPT, faults=["slow-first-byte:1.5"], log=log)
    started = time.perf_counter()
    with pytest.raises(FirstByteTimeout) as caught:
        ask(api, url, Timeouts(first_byte=0.5), backend=backend)
    elapsed = time.perf_counter() - started
    assert elapsed >= 0.45, "the limit is waited for"
    # the limit ends the wait, not the stand's 1.5 s delay: the stand logs a client that left
    assert caught.value.limit_s == 0.5
    assert caught.value.phase == "first_byte"
    [record] = wait_for_log(log)
    assert record["ended_early"] is True, "the stand saw the client give up"


@pytest.mark.timeout(10)
@each_api_and_trio
def test_slow_first_byte_within_the_limit_answers(
    stand_factory: StandFactory, api: str, backend: str
) -> None:
    url = stand_factory(script=SCRIPT, faults=["slow-first-byte:1.5"])
    turn = ask(api, url, Timeouts(first_byte=3), backend=backend)
    assert turn.termination == "stop"
    assert turn.content == TEXT
    assert turn.first_byte_s is not None
    assert 1.4 <= turn.first_byte_s < 2.9


@pytest.mark.timeout(10)
@each_api_and_trio
def test_headers_without_a_body_past_the_limit_raise_first_byte_timeout(
    stand_factory: StandFactory, api: str, backend: str
) -> None:
    # empty-stream sends its headers at once and then nothing: the body's first byte is late.
    url = stand_factory(faults=["empty-stream:2"])
    started = time.perf_counter()
    with pytest.raises(FirstByteTimeout, match="sent headers but no body"):
        ask(api, url, Timeouts(first_byte=0.5, silence=5), backend=backend)
    assert time.perf_counter() - started < 1.5


@pytest.mark.timeout(10)
@each_api_and_trio
def test_the_first_body_byte_may_take_the_whole_first_byte_limit(
    stand_factory: StandFactory, api: str, backend: str
) -> None:
    # A silence limit shorter than the wait for the first body byte must not cut that wait.
    url = stand_factory(faults=["empty-stream:1.5"])
    started = time.perf_counter()
    turn = ask(api, url, Timeouts(first_byte=5, silence=0.5), backend=backend)
    elapsed = time.perf_counter() - started
    assert turn.termination == "eof"
    assert turn.content == ""
    assert 1.4 <= elapsed < 2.9


# ---------------------------------------------------------------- silence


@pytest.mark.timeout(10)
@each_api_and_trio
def test_stall_ends_in_a_partial_turn_after_the_silence_limit(
    stand_factory: StandFactory, tmp_path: Path, api: str, backend: str
) -> None:
    # Were the silence limit not applied mid-stream, the 5 s read limit of the first byte
    # would let the 2 s stall pass and the turn would end with "stop".
    log = tmp_path / "x.jsonl"
    url = stand_factory(script=SCRIPT, faults=["stall:20:2"], log=log)
    turn = ask(api, url, Timeouts(first_byte=5, silence=0.5), backend=backend)
    assert turn.termination == "timeout"
    assert "silence limit" in turn.detail
    assert len(turn.content) >= 20
    assert TEXT.startswith(turn.content)
    assert len(turn.content) < len(TEXT)
    assert turn.first_byte_s is not None
    gap = turn.total_s - turn.first_byte_s
    assert 0.45 <= gap < 1.4, f"silence of {gap:.2f}s before the timeout, not ~0.5s"
    [record] = wait_for_log(log)
    assert record["ended_early"] is True
    assert record["reply"]["cut"] is True


@pytest.mark.timeout(10)
@each_api_and_trio
def test_stall_after_slow_headers_still_ends_at_the_silence_limit(
    stand_factory: StandFactory, api: str, backend: str
) -> None:
    # Headers take most of the first-byte limit, so what is left of it (~0.5 s) is shorter
    # than the silence limit (0.6 s); the mid-stream gap must still be cut at ~0.6 s, not at
    # the 2 s the first byte was allowed.
    url = stand_factory(script=SCRIPT, faults=["slow-first-byte:1.5", "stall:20:2.5"])
    turn = ask(api, url, Timeouts(first_byte=2, silence=0.6), backend=backend)
    assert turn.termination == "timeout"
    assert turn.content
    assert turn.first_byte_s is not None
    assert turn.first_byte_s >= 1.4
    gap = turn.total_s - turn.first_byte_s
    assert 0.55 <= gap < 1.4, f"silence of {gap:.2f}s before the timeout, not ~0.6s"


@pytest.mark.timeout(10)
@each_api_and_trio
def test_a_slow_but_flowing_stream_is_never_cut(
    stand_factory: StandFactory, api: str, backend: str
) -> None:
    text = "word " * 48  # ten pieces of 24 characters, one every 0.15 s with the tail: ~2 s
    script = {
        "chunk_chars": 24,
        "chunk_delay_s": 0.15,
        "models": {"sim-large": {"turns": [{"text": text}]}},
    }
    url = stand_factory(script=script)
    turn = ask(api, url, Timeouts(first_byte=1, silence=1), backend=backend)
    assert turn.termination == "stop"
    assert turn.content == text
    assert turn.total_s >= 1.2, "the stream took longer than either limit"


# ---------------------------------------------------------------- endless reasoning

ENDLESS_SCRIPT: dict[str, Any] = {
    "models": {"sim-large": {"turns": [{"fault": "endless-reasoning"}]}}
}
ENOUGH = 160_000


@pytest.mark.timeout(10)
@each_api_and_trio
def test_endless_reasoning_ends_when_the_client_stops_reading(
    stand_factory: StandFactory, tmp_path: Path, api: str, backend: str
) -> None:
    log = tmp_path / "x.jsonl"
    url = stand_factory(script=ENDLESS_SCRIPT, log=log)

    async def read_until_enough() -> int:
        provider = provider_for(api, url, Timeouts(first_byte=5, silence=2))
        chars = 0
        try:
            async with contextlib.aclosing(provider.stream(HI)) as events:
                async for event in events:
                    if isinstance(event, ReasoningDelta):
                        chars += len(event.text)
                    if chars >= ENOUGH:
                        break
        finally:
            await provider.aclose()
        return chars

    assert anyio.run(read_until_enough, backend=backend) >= ENOUGH
    [record] = wait_for_log(log)
    assert record["ended_early"] is True
    assert record["reply"]["cut"] is True
    assert record["faults"] == ["endless-reasoning"]
    reply = record["reply"]
    sent = reply.get("chars", {}).get("reasoning", len(reply["reasoning"]))  # long texts are cut
    assert sent >= ENOUGH
    # The stand stopped writing: the process (stand thread included) is idle now ...
    cpu = time.process_time()
    time.sleep(0.4)
    assert time.process_time() - cpu < 0.2, "the stand keeps burning CPU after the client left"
    # ... and the next turn of the conversation (no fault) is answered at once.
    turn = ask(api, url, Timeouts(first_byte=2, silence=2), backend=backend)
    assert turn.termination == "stop"
    assert turn.reasoning == ""
    assert turn.total_s < 1.0


# ---------------------------------------------------------------- latency files


def latency_file(tmp_path: Path) -> Path:
    path = tmp_path / "latency.jsonl"
    path.write_text('{"ttfb": 0.3, "s": 0.6}\n', encoding="utf-8")
    return path


@pytest.mark.timeout(10)
@each_api
def test_latency_file_sets_first_byte_and_total(
    stand_factory: StandFactory, tmp_path: Path, api: str
) -> None:
    log = tmp_path / "x.jsonl"
    script = {"models": {"sim-large": {"turns": [{"text": "Paris."}]}}}
    url = stand_factory(script=script, faults=[f"latency:{latency_file(tmp_path)}"], log=log)
    turn = ask(api, url)
    assert turn.termination == "stop"
    assert turn.content == "Paris."
    assert turn.first_byte_s is not None
    assert 0.28 <= turn.first_byte_s < 0.55
    assert 0.55 <= turn.total_s < 0.9
    [record] = wait_for_log(log)
    assert 0.29 <= record["timing"]["first_byte_s"] < 0.5
    assert 0.58 <= record["timing"]["total_s"] < 0.85


@pytest.mark.timeout(10)
def test_latency_file_sets_the_total_of_a_whole_reply(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    log = tmp_path / "x.jsonl"
    url = stand_factory(script=SCRIPT, faults=[f"latency:{latency_file(tmp_path)}"], log=log)
    started = time.perf_counter()
    with openai.OpenAI(base_url=url + "/v1", api_key="sk-stand", max_retries=0) as client:
        completion = client.chat.completions.create(
            model="sim-large", messages=[{"role": "user", "content": "What is it?"}]
        )
    elapsed = time.perf_counter() - started
    assert completion.choices[0].message.content == TEXT
    # the whole reply arrived at the file's total (0.6 s), as the stand recorded it: lower
    # bounds only (a loaded machine can always be later, never earlier)
    (record,) = [json.loads(line) for line in log.read_text().splitlines()]
    assert record["timing"]["total_s"] >= 0.58 and elapsed >= 0.58
    assert record["timing"]["first_byte_s"] >= 0.58  # whole: nothing before the total


def test_the_stand_adds_no_latency_of_its_own(stand_factory: StandFactory) -> None:
    # Latency faults are only faithful if the stand itself answers at once, keep-alive
    # requests included (a reply written as headers then body must not wait on Nagle).
    url = stand_factory()
    body = {"model": "sim-large", "messages": [{"role": "user", "content": "hi"}]}
    times = []
    with httpx2.Client() as client:
        for _ in range(15):
            started = time.perf_counter()
            response = client.post(url + "/v1/chat/completions", json=body)
            times.append(time.perf_counter() - started)
            assert response.status_code == 200
    assert statistics.median(times) < 0.025, f"median {statistics.median(times) * 1000:.1f} ms"
