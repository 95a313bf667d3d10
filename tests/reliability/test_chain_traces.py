"""Every model call leaves a trace that passes the gate: answered, failed, timed out, cancelled."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import anyio
import pytest

from tests.reliability.helpers import connect_that_hangs
from tether.errors import ModelCallFailed
from tether.messages import Message, Request
from tether.providers import OpenAIProvider, Timeouts
from tether.reliability.breaker import MemoryStore
from tether.reliability.chain import Chain, RetryPolicy
from tether.reliability.guard import GuardConfig
from tether.trace.formats import runs_from_document
from tether.trace.gate import check_run
from tether.trace.spans import Recorder

REQUEST = Request(messages=(Message.text("user", "hello"),))


async def no_sleep(_: float) -> None:
    return None


def traced_call(
    urls: list[str],
    *,
    timeouts: Timeouts | None = None,
    cancel_after: float | None = None,
    guard: GuardConfig | None = None,
    backend: str = "asyncio",
) -> tuple[Recorder, Any]:
    rec = Recorder("test run")
    outcome: dict[str, Any] = {}

    async def main() -> None:
        chain = Chain(
            [OpenAIProvider(u + "/v1", "sim-large", timeouts=timeouts) for u in urls],
            store=MemoryStore(),
            retry=RetryPolicy(max_attempts=3),
            guard=guard,
            sleep=no_sleep,
            rng=random.Random(0),
        )
        try:
            if cancel_after is None:
                outcome["answer"] = await chain.call(REQUEST, recorder=rec)
            else:
                with anyio.move_on_after(cancel_after):
                    outcome["answer"] = await chain.call(REQUEST, recorder=rec)
                outcome["cancelled"] = "answer" not in outcome
        except ModelCallFailed as exc:
            outcome["error"] = exc
        finally:
            await chain.aclose()

    anyio.run(main, backend=backend)
    rec.finish()
    return rec, outcome


def gate(rec: Recorder) -> list[str]:
    (run,) = runs_from_document(rec.to_json(), "test")
    return check_run(run).problems


def statuses(rec: Recorder, kind: str) -> list[str | None]:
    return [s.status for s in rec.spans.values() if s.kind == kind]


Scenario = Callable[[Callable[..., str]], tuple[Recorder, Any]]


@pytest.mark.timeout(20)
@pytest.mark.parametrize(
    ("faults", "expect_model", "expect_root"),
    [
        (None, ["ok"], "ok"),
        (["gateway-200"], ["error", "ok"], "ok"),  # failed over: the chain span is recovered
        (["http:401"], ["error"], "error"),
        (["http:503"], ["error", "error", "error"], "error"),
    ],
)
def test_answered_and_failed_calls_leave_complete_traces(
    stand_factory, faults, expect_model, expect_root, anyio_backend: str
) -> None:
    urls = [stand_factory(faults=faults)]
    if faults == ["gateway-200"]:
        urls.append(stand_factory())
    rec, _ = traced_call(urls, backend=anyio_backend)
    assert gate(rec) == []
    assert statuses(rec, "model") == expect_model
    assert rec.root.status == expect_root


@pytest.mark.timeout(20)
def test_a_timed_out_attempt_ends_as_timeout(stand_factory, anyio_backend: str) -> None:
    slow = stand_factory(faults=["slow-first-byte:3"])
    rec, outcome = traced_call(
        [slow, stand_factory()], timeouts=Timeouts(first_byte=0.3), backend=anyio_backend
    )
    assert "answer" in outcome
    assert statuses(rec, "model") == ["timeout", "ok"]
    assert gate(rec) == []


@pytest.mark.timeout(20)
def test_a_loop_cut_twice_is_an_honest_error_with_a_closed_trace(
    stand_factory, anyio_backend: str
) -> None:
    rec, outcome = traced_call(
        [stand_factory(faults=["endless-reasoning"])],
        guard=GuardConfig(loop_chars=5_000),
        backend=anyio_backend,
    )
    assert "error" in outcome
    model = [s for s in rec.spans.values() if s.kind == "model"]
    assert [s.attrs.get("tether.verdict") for s in model] == ["cut", "cut"]
    assert model[1].attrs.get("tether.reasoning_effort") == "low"
    assert gate(rec) == []


@pytest.mark.timeout(20)
def test_a_cancelled_call_ends_its_spans_as_cancelled(stand_factory, anyio_backend: str) -> None:
    stalled = stand_factory(faults=["stall:10:5"])
    rec, outcome = traced_call([stalled], cancel_after=0.5, backend=anyio_backend)
    assert outcome.get("cancelled") is True
    assert statuses(rec, "model") == ["cancelled"]
    assert statuses(rec, "chain") == ["cancelled"]
    assert rec.root.status == "cancelled"
    assert gate(rec) == []


@pytest.mark.timeout(20)
def test_a_call_cancelled_while_connecting_ends_its_spans_as_cancelled(anyio_backend: str) -> None:
    """On trio the cancellation leaves the TCP connect as a group of cancellations."""
    with connect_that_hangs() as url:
        rec, outcome = traced_call([url], cancel_after=0.3, backend=anyio_backend)
    assert outcome.get("cancelled") is True
    assert statuses(rec, "model") == ["cancelled"]
    assert statuses(rec, "chain") == ["cancelled"]
    assert rec.root.status == "cancelled"
    assert gate(rec) == []
