"""The failover chain end to end against real stands: what a user of `chain.call` notices.

Every test talks HTTP to stands on 127.0.0.1. Waits are recorded by an injected `sleep` and
breaker time moves on a fake wall clock, so nothing waits for real minutes.
"""

from __future__ import annotations

import random
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar, cast

import anyio
import orjson
import pytest
from starlette.types import Message as ASGIMessage
from starlette.types import Receive, Scope, Send

from tests.helpers import StandFactory, read_log, wait_for_log
from tests.reliability.helpers import FakeClock
from tether.context.tokens import count_request
from tether.errors import ConfigError, ModelCallFailed, RequestRejected
from tether.messages import Message, Request, TextPart, ToolCall, ToolResultPart, ToolSpec
from tether.providers import AnthropicProvider, OpenAIProvider, Timeouts
from tether.providers.base import Provider
from tether.reliability.breaker import BreakerPolicy, BreakerStore, MemoryStore
from tether.reliability.chain import (
    TOOLLESS_NOTE,
    Answer,
    Attempt,
    Candidate,
    Chain,
    Notice,
    RetryPolicy,
)
from tether.reliability.guard import GuardConfig
from tether.stand import GATEWAY_TEXT, StandThread, build_stand

network = pytest.mark.timeout(15)

HI = Request(messages=(Message.text("user", "What is the capital of France?"),))
ANSWER_TEXT = (
    "The capital of France is Paris. It lies on the Seine and has been the seat of the "
    "government for centuries; this reply is long enough to pass the holdback and stream in "
    "several pieces."
)

T = TypeVar("T")


# ---------------------------------------------------------------- helpers


class Sleeps:
    """An injected `sleep`: records each wait instead of waiting."""

    def __init__(self) -> None:
        self.waits: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)


class Recorder:
    """Everything the chain handed to the caller: text pieces and notices."""

    def __init__(self) -> None:
        self.text: list[str] = []
        self.notices: list[Notice] = []

    def on_text(self, piece: str) -> None:
        self.text.append(piece)

    def on_notice(self, notice: Notice) -> None:
        self.notices.append(notice)

    @property
    def shown(self) -> str:
        return "".join(self.text)

    def kinds(self) -> list[str]:
        return [n.kind for n in self.notices]


def openai(url: str, model: str = "sim-large", **options: Any) -> OpenAIProvider:
    return OpenAIProvider(url + "/v1", model, **options)


def make_chain(
    providers: Sequence[Provider],
    *,
    store: BreakerStore | None = None,
    sleeps: Sleeps | None = None,
    clock: FakeClock | None = None,
    recorder: Recorder | None = None,
    **options: Any,
) -> Chain:
    return Chain(
        list(providers),
        store=store if store is not None else MemoryStore(),
        sleep=sleeps if sleeps is not None else Sleeps(),
        clock=clock if clock is not None else FakeClock(),
        rng=random.Random(0),
        on_notice=recorder.on_notice if recorder is not None else None,
        **options,
    )


def run(main: Callable[[], Awaitable[T]], backend: str = "asyncio") -> T:
    return anyio.run(main, backend=backend)


async def call(chain: Chain, request: Request = HI, recorder: Recorder | None = None) -> Answer:
    return await chain.call(request, on_text=recorder.on_text if recorder else None)


def big_system(chars: int) -> str:
    sentence = "You are a careful coding agent; read the files before you change them. "
    return (sentence * (chars // len(sentence) + 1))[:chars]


# ---------------------------------------------------------------- gateway text with HTTP 200


@network
def test_gateway_text_fails_over_and_never_reaches_the_caller(
    stand_factory: StandFactory,
    anyio_backend: str,
) -> None:
    primary = stand_factory(faults=["gateway-200"])
    backup = stand_factory()
    seen = Recorder()

    async def main() -> Answer:
        chain = make_chain([openai(primary), openai(backup)], recorder=seen)
        try:
            return await call(chain, recorder=seen)
        finally:
            await chain.aclose()

    answer = run(main, backend=anyio_backend)
    assert answer.candidate.endswith(backup + "/v1")
    assert answer.turn.content.startswith("Simulated reply from sim-large")
    assert seen.shown == answer.turn.content  # the real answer, whole, once
    for piece in ("could not be completed", "Please retry later", "reduce the request"):
        assert piece not in seen.shown
    assert GATEWAY_TEXT not in seen.shown
    verdicts = [a.verdict.kind if a.verdict else None for a in answer.attempts]
    assert verdicts == ["gateway", None]
    assert answer.attempts[0].turn is not None
    assert answer.attempts[0].turn.content == GATEWAY_TEXT  # judged on what really came
    breaker = [n for n in seen.notices if n.kind == "breaker"]
    assert breaker and "closed -> open" in breaker[0].message
    assert breaker[0].candidate.endswith(primary + "/v1")
    assert "failover" in seen.kinds()


@network
def test_gateway_text_on_the_first_turn_only_is_retried_after_a_backoff(
    stand_factory: StandFactory,
) -> None:
    url = stand_factory(
        script={
            "models": {"sim-large": {"turns": [{"fault": "gateway-200"}, {"text": ANSWER_TEXT}]}}
        }
    )
    sleeps = Sleeps()
    seen = Recorder()

    async def main() -> Answer:
        chain = make_chain([openai(url)], sleeps=sleeps, recorder=seen)
        try:
            return await call(chain, recorder=seen)
        finally:
            await chain.aclose()

    started = time.perf_counter()
    answer = run(main)
    assert time.perf_counter() - started < 3
    assert answer.turn.content == ANSWER_TEXT
    assert seen.shown == ANSWER_TEXT
    assert [a.verdict.kind if a.verdict else None for a in answer.attempts] == ["gateway", None]
    assert len(sleeps.waits) == 1
    # RetryPolicy's first backoff is 0.5 s with half of it drawn at random.
    assert 0.25 <= sleeps.waits[0] <= 0.5
    assert "retry" in seen.kinds()


# ---------------------------------------------------------------- empty stream held open


@network
def test_an_empty_stream_is_caught_at_the_first_byte_limit_not_after_100_s(
    stand_factory: StandFactory,
    anyio_backend: str,
) -> None:
    primary = stand_factory(faults=["empty-stream:100"])
    backup = stand_factory()
    timeouts = Timeouts(first_byte=0.5, silence=0.5)
    store = MemoryStore()

    async def main() -> Answer:
        chain = make_chain(
            [openai(primary, timeouts=timeouts), openai(backup, timeouts=timeouts)], store=store
        )
        try:
            return await call(chain)
        finally:
            await chain.aclose()

    started = time.perf_counter()
    answer = run(main, backend=anyio_backend)
    elapsed = time.perf_counter() - started
    assert elapsed < 5, f"the empty stream held the call for {elapsed:.1f}s"
    assert answer.candidate.endswith(backup + "/v1")
    first = answer.attempts[0]
    assert first.turn is None and first.verdict is None
    assert "first-byte limit" in first.error
    assert 0.4 <= first.duration_s < 3
    assert store.get(first.candidate).reason == "timeout"
    assert answer.attempts[1].ok


# ---------------------------------------------------------------- endless reasoning


@network
def test_endless_reasoning_is_cut_retried_once_lower_then_an_honest_error(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    log = tmp_path / "stand.jsonl"
    endless = {"fault": "endless-reasoning"}
    url = stand_factory(
        script={"models": {"sim-large": {"turns": [endless, endless, {"text": ANSWER_TEXT}]}}},
        log=log,
    )
    request = Request(messages=HI.messages, reasoning_effort="high")
    seen = Recorder()
    reasoning: list[str] = []

    async def main() -> tuple[ModelCallFailed, Answer]:
        chain = make_chain([openai(url)], recorder=seen, guard=GuardConfig(loop_chars=20_000))
        try:
            with pytest.raises(ModelCallFailed) as failed:
                await chain.call(request, on_text=seen.on_text, on_reasoning=reasoning.append)
            answer = await chain.call(request, on_text=seen.on_text)
            return failed.value, answer
        finally:
            await chain.aclose()

    started = time.perf_counter()
    error, answer = run(main)
    assert time.perf_counter() - started < 3
    assert not isinstance(error, RequestRejected)
    assert "cut" in str(error) and "loop" in str(error)
    attempts = cast(tuple[Attempt, ...], error.attempts)
    assert [a.verdict.kind if a.verdict else None for a in attempts] == ["cut", "cut"]
    assert [a.reasoning_effort for a in attempts] == ["high", "low"]
    assert "reasoning_lowered" in seen.kinds()
    assert sum(map(len, reasoning)) > 20_000  # reasoning streamed live, then cut
    assert seen.shown == ANSWER_TEXT  # the cut attempts showed nothing; the answer all

    # The next call sends the request's own level again: the lowered level does not stick.
    assert answer.turn.content == ANSWER_TEXT
    assert [a.reasoning_effort for a in answer.attempts] == ["high"]
    records = wait_for_log(log, 3)
    assert [r["request"].get("reasoning_effort") for r in records] == ["high", "low", "high"]
    assert [r["ended_early"] for r in records] == [True, True, False]


@network
def test_without_a_level_the_cut_retry_sends_low_and_the_next_call_sends_none(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    log = tmp_path / "stand.jsonl"
    endless = {"fault": "endless-reasoning"}
    url = stand_factory(
        script={"models": {"sim-large": {"turns": [endless, endless, {}]}}}, log=log
    )

    async def main() -> Answer:
        chain = make_chain([openai(url)], guard=GuardConfig(loop_chars=20_000))
        try:
            with pytest.raises(ModelCallFailed, match="cut twice"):
                await call(chain)
            return await call(chain)
        finally:
            await chain.aclose()

    answer = run(main)
    assert answer.attempts[0].reasoning_effort is None
    records = wait_for_log(log, 3)
    assert [r["request"].get("reasoning_effort") for r in records] == [None, "low", None]


@network
def test_a_cut_followed_by_a_good_turn_is_answered_with_a_notice(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    log = tmp_path / "stand.jsonl"
    url = stand_factory(
        script={
            "models": {
                "sim-large": {"turns": [{"fault": "endless-reasoning"}, {"text": ANSWER_TEXT}]}
            }
        },
        log=log,
    )
    sleeps = Sleeps()
    seen = Recorder()

    async def main() -> Answer:
        chain = make_chain(
            [openai(url)], sleeps=sleeps, recorder=seen, guard=GuardConfig(loop_chars=20_000)
        )
        try:
            return await call(chain, recorder=seen)
        finally:
            await chain.aclose()

    answer = run(main)
    assert answer.turn.content == ANSWER_TEXT
    assert seen.shown == ANSWER_TEXT
    assert [a.verdict.kind if a.verdict else None for a in answer.attempts] == ["cut", None]
    assert [a.reasoning_effort for a in answer.attempts] == [None, "low"]
    assert answer.request.reasoning_effort == "low"
    lowered = [n for n in seen.notices if n.kind == "reasoning_lowered"]
    assert len(lowered) == 1 and "'low'" in lowered[0].message
    assert sleeps.waits == []  # the lower-level retry goes at once
    records = wait_for_log(log, 2)
    assert [r["ended_early"] for r in records] == [True, False]
    assert [r["request"].get("reasoning_effort") for r in records] == [None, "low"]


class RefuseReasoningField:
    """ASGI middleware in front of a stand: a 400 naming `reasoning_effort` whenever a request
    carries it, as some OpenAI-compatible servers answer; everything else goes to the stand."""

    MESSAGE = "Unrecognized request argument supplied: reasoning_effort"

    def __init__(self, inner: Callable[[Scope, Receive, Send], Awaitable[None]]) -> None:
        self.inner = inner
        self.refused = 0
        self.passed = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST":
            await self.inner(scope, receive, send)
            return
        chunks: list[bytes] = []
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if b'"reasoning_effort"' in body:
            self.refused += 1
            payload = orjson.dumps(
                {
                    "error": {
                        "message": self.MESSAGE,
                        "type": "invalid_request_error",
                        "param": "reasoning_effort",
                        "code": None,
                    }
                }
            )
            headers = [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(payload)).encode()),
            ]
            await send({"type": "http.response.start", "status": 400, "headers": headers})
            await send({"type": "http.response.body", "body": payload})
            return
        self.passed += 1
        replayed = False

        async def replay() -> ASGIMessage:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.inner(scope, replay, send)


@network
def test_a_400_naming_the_reasoning_field_drops_the_field_for_good() -> None:
    stand = build_stand()
    middleware = RefuseReasoningField(stand.app)
    stand.app = middleware  # type: ignore[assignment]
    server = StandThread(stand)
    url = server.start()
    request = Request(messages=HI.messages, reasoning_effort="high")
    seen = Recorder()
    try:

        async def main() -> tuple[Answer, Answer, bool]:
            provider = openai(url)
            chain = make_chain([provider], recorder=seen)
            try:
                first = await call(chain, request)
                second = await call(chain, request)
                return first, second, provider.omit_reasoning
            finally:
                await chain.aclose()

        first, second, omitted = run(main)
    finally:
        server.stop()
    assert omitted
    assert [a.status for a in first.attempts] == [400, None]
    assert RefuseReasoningField.MESSAGE in first.attempts[0].error
    assert first.turn.content.startswith("Simulated reply")
    assert len(second.attempts) == 1  # remembered: not refused again
    assert (middleware.refused, middleware.passed) == (1, 2)
    assert any("reasoning field" in n.message for n in seen.notices)


# ---------------------------------------------------------------- unprocessed requests


@network
def test_an_unread_request_fails_over_to_the_backup(stand_factory: StandFactory) -> None:
    primary = stand_factory(faults=["unprocessed"])
    backup = stand_factory()
    request = Request(
        messages=(
            Message.text("system", big_system(16_000)),  # ~4,000 tokens
            Message.text("user", "Summarise the rules above."),
        )
    )

    async def main() -> Answer:
        chain = make_chain([openai(primary), openai(backup)])
        try:
            return await call(chain, request)
        finally:
            await chain.aclose()

    answer = run(main)
    assert answer.candidate.endswith(backup + "/v1")
    first = answer.attempts[0]
    assert first.verdict is not None and first.verdict.kind == "unprocessed"
    assert first.turn is not None and first.turn.usage is not None
    assert first.turn.usage.prompt_tokens < 200
    assert answer.attempts[1].ok


@network
def test_a_cached_prompt_with_few_uncached_tokens_is_an_answer(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    log = tmp_path / "stand.jsonl"
    usage = {"prompt_tokens": 10_000, "cached_tokens": 9_500}
    url = stand_factory(
        script={"models": {"sim-large": {"turns": [{"text": ANSWER_TEXT, "usage": usage}]}}},
        log=log,
    )
    request = Request(
        messages=(
            Message.text("system", big_system(40_000)),  # ~10,000 tokens
            Message.text("user", "Summarise the rules above."),
        )
    )

    async def main() -> Answer:
        chain = make_chain([AnthropicProvider(url, "sim-large")])
        try:
            return await call(chain, request)
        finally:
            await chain.aclose()

    answer = run(main)
    assert len(answer.attempts) == 1 and answer.attempts[0].ok
    assert answer.turn.content == ANSWER_TEXT
    assert answer.turn.usage is not None
    assert answer.turn.usage.prompt_tokens == 10_000
    assert answer.turn.usage.raw["input_tokens"] == 500  # alone it would look unread
    assert len(read_log(log)) == 1


# ---------------------------------------------------------------- slowness opens the breaker


@network
def test_two_slow_first_bytes_send_traffic_to_the_backup_until_the_probe(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    primary_log = tmp_path / "primary.jsonl"
    backup_log = tmp_path / "backup.jsonl"
    slow = {"fault": "slow-first-byte:0.3"}
    primary = stand_factory(
        script={"models": {"sim-large": {"turns": [slow, slow]}}}, log=primary_log
    )
    backup = stand_factory(log=backup_log)
    clock = FakeClock()
    seen = Recorder()
    policy = BreakerPolicy(slow_first_byte_s=0.2, slow_streak=2, slow_open_s=600)
    answered: list[str] = []

    async def main() -> None:
        chain = make_chain(
            [openai(primary), openai(backup)],
            clock=clock,
            recorder=seen,
            breaker_policy=policy,
        )
        try:

            async def one() -> Answer:
                answer = await call(chain)
                answered.append("primary" if primary in answer.candidate else "backup")
                return answer

            for _ in range(2):  # slow but fine: answered by the primary
                answer = await one()
                assert answer.turn.first_byte_s is not None
                assert answer.turn.first_byte_s >= 0.3
            assert [n.message for n in seen.notices if n.kind == "breaker"] == [
                "breaker closed -> open (slow)"
            ]
            for _ in range(3):  # within the 600 s: the backup
                clock.advance(100)
                await one()
            clock.advance(301)  # 601 s after it opened: one probe to the primary
            await one()
            await one()  # the probe closed it: traffic is back on the primary
        finally:
            await chain.aclose()

    run(main)
    assert answered == ["primary", "primary", "backup", "backup", "backup", "primary", "primary"]
    messages = [n.message for n in seen.notices if n.kind == "breaker"]
    assert messages == [
        "breaker closed -> open (slow)",
        "breaker open -> half_open (probe)",
        "breaker half_open -> closed (probe_ok)",
    ]
    assert len(read_log(primary_log)) == 4
    assert len(read_log(backup_log)) == 3


# ---------------------------------------------------------------- HTTP statuses


def _retry_after_call(
    url: str, retry: RetryPolicy, sleeps: Sleeps, backend: str = "asyncio"
) -> Answer:
    async def main() -> Answer:
        chain = make_chain([openai(url)], sleeps=sleeps, retry=retry)
        try:
            return await call(chain)
        finally:
            await chain.aclose()

    return run(main, backend)


RATE_LIMITED_ONCE = {"models": {"sim-large": {"turns": [{"fault": "http:429:7"}, {}]}}}


@network
def test_retry_after_is_honoured(stand_factory: StandFactory, anyio_backend: str) -> None:
    sleeps = Sleeps()
    started = time.perf_counter()
    answer = _retry_after_call(
        stand_factory(script=RATE_LIMITED_ONCE),
        RetryPolicy(retry_after_max_s=60),
        sleeps,
        backend=anyio_backend,
    )
    assert time.perf_counter() - started < 3
    assert sleeps.waits == [7.0]
    assert [a.status for a in answer.attempts] == [429, None]
    assert answer.attempts[1].ok


@network
def test_a_long_retry_after_is_clamped(stand_factory: StandFactory) -> None:
    sleeps = Sleeps()
    answer = _retry_after_call(
        stand_factory(script=RATE_LIMITED_ONCE), RetryPolicy(retry_after_max_s=3), sleeps
    )
    assert sleeps.waits == [3.0]
    assert answer.attempts[1].ok


@network
@pytest.mark.parametrize(
    ("status", "fix"),
    [(401, "check the key"), (403, "access"), (404, "check the model name")],
)
def test_a_refused_request_fails_at_once_without_failover(
    stand_factory: StandFactory, tmp_path: Path, status: int, fix: str
) -> None:
    primary_log = tmp_path / "primary.jsonl"
    backup_log = tmp_path / "backup.jsonl"
    primary = stand_factory(faults=[f"http:{status}"], log=primary_log)
    backup = stand_factory(log=backup_log)
    sleeps = Sleeps()

    async def main() -> None:
        chain = make_chain([openai(primary), openai(backup)], sleeps=sleeps)
        try:
            await call(chain)
        finally:
            await chain.aclose()

    with pytest.raises(RequestRejected) as rejected:
        run(main)
    assert rejected.value.status == status
    assert fix in str(rejected.value)
    assert f"HTTP {status}" in str(rejected.value)
    assert len(rejected.value.attempts) == 1
    assert sleeps.waits == []
    assert len(read_log(primary_log)) == 1
    assert read_log(backup_log) == []


@network
def test_a_wrong_model_name_is_a_404_that_says_so(stand_factory: StandFactory) -> None:
    url = stand_factory()

    async def main() -> None:
        chain = make_chain([openai(url, "no-such-model")])
        try:
            await call(chain)
        finally:
            await chain.aclose()

    with pytest.raises(RequestRejected, match="check the model name") as rejected:
        run(main)
    assert rejected.value.status == 404
    assert "no-such-model" in str(rejected.value)


@network
def test_when_every_candidate_fails_the_error_lists_the_attempts(
    stand_factory: StandFactory, tmp_path: Path, anyio_backend: str
) -> None:
    logs = [tmp_path / "primary.jsonl", tmp_path / "backup.jsonl"]
    urls = [stand_factory(faults=["http:503"], log=log) for log in logs]
    sleeps = Sleeps()

    async def main() -> None:
        chain = make_chain(
            [openai(u) for u in urls], sleeps=sleeps, retry=RetryPolicy(max_attempts=5)
        )
        try:
            await call(chain)
        finally:
            await chain.aclose()

    with pytest.raises(ModelCallFailed) as failed:
        run(main, backend=anyio_backend)
    error = failed.value
    assert not isinstance(error, RequestRejected)
    message = str(error)
    assert "no answer after 5 attempts" in message
    for number in range(1, 6):
        url = urls[(number - 1) % 2]
        assert f"#{number} openai|sim-large|{url}/v1: " in message
    assert message.count("answered HTTP 503") == 5
    assert len(error.attempts) == 5
    assert [len(read_log(log)) for log in logs] == [3, 2]  # max_attempts bounds the requests
    # Going around again to candidates that already failed waits first, longer each round
    # (backoff 0.5 s, doubling, half of it drawn at random).
    assert len(sleeps.waits) == 2
    assert 0.25 <= sleeps.waits[0] <= 0.5
    assert 0.5 <= sleeps.waits[1] <= 1.0


# ---------------------------------------------------------------- a backup without tools


def _agent_history() -> Request:
    """A long tool-using conversation: ~7,000 tokens, most of it old tool results."""
    messages: list[Message] = [
        Message.text("system", "You are a coding agent. Use the tools to read files."),
        Message.text("user", "Find out why the tests fail."),
    ]
    for i in range(4):
        call_ = ToolCall(f"call_old_{i}", "read_file", orjson.dumps({"path": f"m{i}.py"}).decode())
        messages += [
            Message("assistant", (TextPart(f"Reading m{i}.py."), call_)),
            Message(
                "tool",
                (ToolResultPart(call_.id, f"# m{i}.py\n" + "x = compute(x)\n" * 450, "read_file"),),
            ),
        ]
    last_call = ToolCall("call_last", "read_file", '{"path": "tests/test_m.py"}')
    messages += [
        Message("assistant", (last_call,)),
        Message("tool", (ToolResultPart("call_last", "assert m.run() == 3", "read_file"),)),
        Message.text("user", "So what is wrong? Answer in one paragraph."),
    ]
    tool = ToolSpec(
        "read_file",
        "Read a file of the repository.",
        {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]},
    )
    return Request(messages=tuple(messages), tools=(tool,))


@network
def test_a_toolless_small_backup_gets_a_flattened_refitted_request(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    backup_log = tmp_path / "backup.jsonl"
    primary = stand_factory(faults=["http:500"])
    backup = stand_factory(log=backup_log)
    request = _agent_history()
    seen = Recorder()

    async def main() -> Answer:
        small = openai(backup, "sim-small", window=4096, supports_tools=False)
        chain = make_chain([openai(primary), small], recorder=seen)
        try:
            return await call(chain, request)
        finally:
            await chain.aclose()

    answer = run(main)
    assert answer.candidate.endswith(backup + "/v1")
    assert answer.turn.content.startswith("Simulated reply from sim-small")
    assert [a.status for a in answer.attempts] == [500, None]
    kinds = seen.kinds()
    assert "tools_removed" in kinds and "refit" in kinds

    (record,) = read_log(backup_log)
    assert record["status"] == 200  # it fit: the stand answers 400 past 4,096 tokens
    sent = record["request"]
    assert "tools" not in sent
    roles = [m["role"] for m in sent["messages"]]
    assert "tool" not in roles
    assert not any(m.get("tool_calls") for m in sent["messages"])
    texts = [
        m["content"] if isinstance(m["content"], str) else orjson.dumps(m["content"]).decode()
        for m in sent["messages"]
    ]
    assert any(TOOLLESS_NOTE in t for t in texts if t)
    assert any("[called read_file(" in t and "call_last" in t for t in texts)
    assert any("[result of tool call call_last]" in t and "assert m.run() == 3" in t for t in texts)
    assert "So what is wrong?" in texts[-1]
    assert len(sent["messages"]) < len(request.messages) + 1  # old turns were dropped
    assert answer.request.tools == ()


# ---------------------------------------------------------------- one breaker for every caller


@network
def test_concurrent_callers_share_one_breaker(
    stand_factory: StandFactory, tmp_path: Path, anyio_backend: str
) -> None:
    primary_log = tmp_path / "primary.jsonl"
    primary = stand_factory(faults=["http:503"], log=primary_log)
    backup = stand_factory()
    store = MemoryStore()
    clock = FakeClock()
    policy = BreakerPolicy(open_s=30)
    seen = Recorder()
    answered: list[str] = []

    async def main() -> None:
        chains = [
            make_chain(
                [openai(primary), openai(backup)],
                store=store,
                clock=clock,
                breaker_policy=policy,
                recorder=seen,
            )
            for _ in range(2)
        ]
        try:

            async def one(chain: Chain) -> None:
                answer = await call(chain)
                answered.append(answer.candidate)

            await one(chains[0])  # trips the primary
            assert len(read_log(primary_log)) == 1
            for _ in range(2):  # twice within the 30 s, 20 callers at once
                async with anyio.create_task_group() as tg:
                    for i in range(20):
                        tg.start_soon(one, chains[i % 2])
                clock.advance(10)
            assert len(read_log(primary_log)) == 1  # nobody sent it traffic
            clock.advance(11)  # the period is over: exactly one probe among 20 callers
            async with anyio.create_task_group() as tg:
                for i in range(20):
                    tg.start_soon(one, chains[i % 2])
        finally:
            for chain in chains:
                await chain.aclose()

    run(main, backend=anyio_backend)
    assert len(answered) == 61
    assert all(c.endswith(backup + "/v1") for c in answered)
    assert len(read_log(primary_log)) == 2
    messages = [n.message for n in seen.notices if n.kind == "breaker"]
    assert messages == [
        "breaker closed -> open (http_503)",
        "breaker open -> half_open (probe)",
        "breaker half_open -> open (probe_failed)",
    ]


# ---------------------------------------------------------------- construction


def test_a_chain_needs_a_candidate() -> None:
    with pytest.raises(ConfigError, match="at least one candidate"):
        Chain([])


def test_retry_policy_needs_an_attempt() -> None:
    with pytest.raises(ConfigError, match="max_attempts"):
        RetryPolicy(max_attempts=0)


def test_timeouts_must_be_positive() -> None:
    with pytest.raises(ConfigError, match="first_byte"):
        Timeouts(first_byte=-1)


def test_a_chain_refuses_the_same_candidate_twice() -> None:
    async def main() -> None:
        a = OpenAIProvider("http://127.0.0.1:9/v1", "m")
        b = OpenAIProvider("http://127.0.0.1:9/v1", "m")
        try:
            with pytest.raises(ConfigError, match="twice"):
                Chain([a, b], store=MemoryStore())
        finally:
            await a.aclose()
            await b.aclose()

    run(main)


def test_a_candidates_own_limit_is_sent_and_a_stop_at_it_is_a_truncation(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    """The agent's own limit (`max_tokens` per candidate): sent when the request sets none,
    and a length stop at it is retried like any truncation, on the next candidate."""
    log = tmp_path / "primary.jsonl"
    primary = stand_factory(faults=["finish-length"], log=log)
    backup = stand_factory()
    chain = make_chain(
        [Candidate(openai(primary), max_tokens=64), Candidate(openai(backup), max_tokens=64)]
    )
    answer = run(lambda: call(chain))
    assert [a.verdict.kind if a.verdict else None for a in answer.attempts] == ["truncated", None]
    assert read_log(log)[0]["request"]["max_tokens"] == 64


def test_a_stop_at_the_callers_own_limit_is_the_answer(stand_factory: StandFactory) -> None:
    chain = make_chain([openai(stand_factory(faults=["finish-length"]))])
    request = Request(HI.messages, max_tokens=8, length_is_answer=True)
    answer = run(lambda: chain.call(request))
    assert answer.turn.finish_reason == "length" and len(answer.attempts) == 1


def test_a_provider_that_counts_more_than_the_estimate_gets_a_scaled_window(
    stand_factory: StandFactory,
) -> None:
    """A real tokenizer that counts twice the estimate: after one answer says so, a request the
    estimate fits into the window is re-fitted as the server would count it, instead of being
    sent and refused (or cut) for its length."""
    system = big_system(12_000)
    first = Request(messages=(Message.text("system", system), Message.text("user", "Start.")))
    counted = 2 * count_request(first).total
    history = [
        Message.text("user", f"note {i}: " + "details of the work so far " * 40) for i in range(12)
    ]
    second = Request(
        messages=(
            *first.messages,
            Message.text("assistant", "Started."),
            *history,
            Message.text("user", "Go on."),
        )
    )
    assert count_request(second).total + 1024 < 12_000 < 2 * count_request(second).total
    turns = [{"usage": {"prompt_tokens": counted, "completion_tokens": 5}}, {}]
    url = stand_factory(script={"models": {"sim-large": {"position": "history", "turns": turns}}})
    recorder = Recorder()
    chain = make_chain([openai(url, window=12_000)], recorder=recorder)

    async def both() -> Answer:
        await call(chain, first)
        return await call(chain, second)

    answer = run(both)
    assert len(answer.request.messages) < len(second.messages)
    (refit,) = [n for n in recorder.notices if n.kind == "refit"]
    assert "x2.00" in refit.message


# ---------------------------------------------------------------- endless upstreams


@network
@pytest.mark.parametrize(
    ("fault", "verdict"),
    [
        ("endless-empty", "cut"),  # the reply's bytes: nothing kept, nothing seen, yet it ends
        ("endless-errors", "error_frame"),
        ("endless-malformed", "malformed"),
        ("endless-tool-args", "cut"),  # tool-call arguments count toward the loop guard
    ],
)
def test_an_endless_stream_of_any_event_is_dropped_and_failed_over(
    stand_factory: StandFactory, fault: str, verdict: str
) -> None:
    hostile = stand_factory(faults=[fault])
    backup = stand_factory()

    async def main() -> Answer:
        guard = GuardConfig(loop_chars=20_000, loop_events=2_000)
        first = openai(hostile, max_reply_bytes=1 << 20)
        chain = make_chain([first, openai(backup)], guard=guard)
        try:
            return await call(chain)
        except ModelCallFailed as exc:  # a loop is retried once lower, then given up
            return cast(Answer, exc)
        finally:
            await chain.aclose()

    outcome = run(main)
    attempts = outcome.attempts
    verdicts = [a.verdict.kind if a.verdict else None for a in attempts]
    if verdict == "cut":
        assert isinstance(outcome, ModelCallFailed)
        assert verdicts == ["cut", "cut"]
        assert "looped again" in str(outcome)
        detail = cast(Attempt, attempts[0]).verdict
        assert detail is not None
        assert ("1,048,576 bytes" if fault == "endless-empty" else "characters") in detail.detail
    else:
        assert isinstance(outcome, Answer)
        assert verdicts == [verdict, None]
        first = cast(Attempt, attempts[0]).turn
        assert first is not None and len(first.errors) + len(first.malformed) == 64


def test_events_that_carry_no_characters_still_end_at_the_event_limit() -> None:
    from tether.messages import Finish
    from tether.reliability.guard import Holdback, guarded_turn

    async def finishes() -> Any:
        while True:  # a decoded event the turn keeps nothing of, without end
            yield Finish("stop", "stop")

    async def main() -> Any:
        return await guarded_turn(finishes(), Holdback(None, 0), GuardConfig(loop_events=500))

    turn = run(main)
    assert turn.termination == "cut" and "501 events > 500" in turn.detail
