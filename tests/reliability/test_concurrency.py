"""Adaptive concurrency: a stand that caps requests in flight per model, and chains that learn it
(AIMD per candidate) instead of retrying into the same wall."""

from __future__ import annotations

import anyio
import pytest

from tests.helpers import StandFactory
from tether.errors import ProviderStatusError
from tether.messages import Message, Request, collect
from tether.providers import OpenAIProvider
from tether.reliability.chain import Chain, Notice, RetryPolicy
from tether.reliability.concurrency import (
    AdaptiveLimit,
    ConcurrencyLimits,
    ConcurrencyPolicy,
    Slot,
    is_concurrency_limit,
)

pytestmark = pytest.mark.timeout(60)
HI = Request(messages=(Message.text("user", "hi"),))


def test_a_concurrency_429_is_told_apart_from_a_rate_limit() -> None:
    assert is_concurrency_limit(429, "Too many concurrent requests for m: at most 4 at a time")
    assert is_concurrency_limit(429, '{"code": "concurrency_limit_exceeded"}')
    assert not is_concurrency_limit(429, "Rate limit reached for requests per minute")
    assert not is_concurrency_limit(503, "too many concurrent requests")


def test_the_limit_halves_once_per_window_and_grows_by_one_after_a_window_of_successes() -> None:
    limit = AdaptiveLimit(ConcurrencyPolicy())
    limit.in_flight = 31  # 32 were sent when the first 429 came back
    sent_before = Slot(limit.generation)
    limit.narrow(sent_before)
    assert limit.limit == 16
    limit.narrow(sent_before)  # a 429 of a request sent under the old limit: no second halving
    assert limit.limit == 16
    limit.narrow(Slot(limit.generation))
    assert limit.limit == 8 and limit.narrowed == 2
    for _ in range(7):
        limit.widen()
    assert limit.limit == 8
    limit.widen()  # the eighth success of a window of eight
    assert limit.limit == 9


def test_a_fixed_policy_caps_and_never_moves() -> None:
    limit = AdaptiveLimit(ConcurrencyPolicy(adaptive=False, ceiling=32))
    limit.narrow(Slot(limit.generation))
    limit.widen()
    assert limit.limit == 32 and limit.narrowed == 0


def test_calls_wait_for_a_slot_under_the_limit(anyio_backend: str) -> None:
    limit = AdaptiveLimit(ConcurrencyPolicy(ceiling=2))
    most = [0]

    async def call() -> None:
        async with limit.slot():
            most[0] = max(most[0], limit.in_flight)
            await anyio.sleep(0.01)

    async def main() -> None:
        async with anyio.create_task_group() as tg:
            for _ in range(8):
                tg.start_soon(call)

    anyio.run(main, backend=anyio_backend)
    assert most[0] == 2 and limit.in_flight == 0


def test_the_stand_refuses_a_request_past_its_models_cap_until_a_reply_ends(
    stand_factory: StandFactory,
    anyio_backend: str,
) -> None:
    url = stand_factory(faults=["concurrency:2", "slow-first-byte:0.3"])

    async def main() -> list[int | None]:
        statuses: list[int | None] = []
        provider = OpenAIProvider(url + "/v1", "sim-large")

        async def one() -> None:
            try:
                await collect(provider.stream(HI))
                statuses.append(200)
            except ProviderStatusError as exc:
                too_many = is_concurrency_limit(exc.status, f"{exc} {exc.body}")
                statuses.append(exc.status if too_many else -1)

        async with anyio.create_task_group() as tg:
            for _ in range(3):
                tg.start_soon(one)
        await one()  # the replies ended: room again
        await provider.aclose()
        return statuses

    statuses = anyio.run(main, backend=anyio_backend)
    assert sorted(statuses, key=str) == [200, 200, 200, 429]


@pytest.mark.parametrize(("adaptive", "ceiling"), [(True, None), (False, 16)])
def test_a_chain_learns_the_cap_and_stops_hitting_it_without_opening_the_breaker(
    stand_factory: StandFactory, adaptive: bool, ceiling: int | None, anyio_backend: str
) -> None:
    url = stand_factory(faults=["concurrency:2", "slow-first-byte:0.1"])
    notices: list[Notice] = []
    limits = ConcurrencyLimits(ConcurrencyPolicy(adaptive, ceiling))
    chain = Chain(
        [OpenAIProvider(url + "/v1", "sim-large")],
        retry=RetryPolicy(max_attempts=12, backoff_s=0.05),
        limits=limits,
        on_notice=notices.append,
    )

    async def main() -> list[int]:
        rejected: list[int] = []

        async def one() -> None:
            answer = await chain.call(HI)
            rejected.append(sum(1 for a in answer.attempts if a.status == 429))

        async with anyio.create_task_group() as tg:
            for _ in range(8):
                tg.start_soon(one)
        # a second wave: an adaptive limit has learned the cap, a fixed one has not. A fixed
        # limit sends all eight at once, so the wall is hit unless a loaded machine happens to
        # serve them two at a time: up to three waves are sent until one meets a 429 (an
        # adaptive limit gets one wave, the one its claim is about).
        rejected_first = list(rejected)
        second = 0
        for _ in range(1 if adaptive else 3):
            rejected.clear()
            async with anyio.create_task_group() as tg:
                for _ in range(8):
                    tg.start_soon(one)
            second = sum(rejected)
            if second:
                break
        await chain.aclose()
        return [sum(rejected_first), second]

    first_wave, second_wave = anyio.run(main, backend=anyio_backend)
    limit = limits.of(chain.candidates[0].provider)
    assert first_wave >= 1  # eight at once against a cap of two
    assert not [n for n in notices if n.kind == "breaker"]  # the provider is not unhealthy
    if adaptive:
        assert limit.narrowed >= 1 and limit.limit is not None and limit.limit <= 4
        assert second_wave < first_wave
    else:
        assert limit.limit == 16 and limit.narrowed == 0 and second_wave >= 1
