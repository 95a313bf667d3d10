"""A candidate's own count endpoint calibrates the window check before the first call that is
near its window, once; a provider without one keeps the estimate. On the stand (which counts as
the estimate does); the real tokenizer's counts are in tests/providers/test_real_server.py."""

from __future__ import annotations

import anyio
import pytest

from tests.helpers import StandFactory
from tether.context.tokens import count_request
from tether.messages import Message, Request
from tether.providers import OpenAIProvider
from tether.reliability.breaker import MemoryStore
from tether.reliability.chain import COUNT_FROM_SHARE, Chain

pytestmark = pytest.mark.timeout(30)


class Counted(OpenAIProvider):
    """The real adapter over real HTTP, noting each count it is asked for and its answer."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.counts: list[int | None] = []

    async def count_tokens(self, request: Request, timeout_s: float = 10.0) -> int | None:
        counted = await super().count_tokens(request, timeout_s)
        self.counts.append(counted)
        return counted


def _request(tokens: int) -> Request:
    return Request(messages=(Message.text("user", "Summarise: " + "word " * tokens),))


def _calls(provider: OpenAIProvider, *requests: Request) -> None:
    async def main() -> None:
        chain = Chain([provider], store=MemoryStore())
        try:
            for request in requests:
                await chain.call(request)
        finally:
            await chain.aclose()

    anyio.run(main)


def test_the_count_is_asked_once_for_the_first_request_near_the_window(
    stand_factory: StandFactory,
) -> None:
    provider = Counted(stand_factory() + "/v1", "sim-large", window=8_000)
    small, near = _request(200), _request(3_000)
    assert count_request(small).total < COUNT_FROM_SHARE * 8_000 <= count_request(near).total
    _calls(provider, small, small, near, near, near)
    assert provider.counts == [count_request(near).total]  # the stand counts as we estimate


def test_without_a_count_endpoint_the_estimate_stands(stand_factory: StandFactory) -> None:
    """A base URL whose root has no count route (here: a path under the stand's): 404, None,
    and the call goes ahead on the estimate."""
    stand = stand_factory()
    provider = Counted(stand + "/v1", "sim-large", window=8_000)
    provider.base_url = stand + "/nowhere/v1"  # the count is asked at /nowhere/v1/messages/...
    assert provider.count_url == stand + "/nowhere/v1/messages/count_tokens"

    async def main() -> int | None:
        try:
            return await provider.count_tokens(_request(3_000))
        finally:
            await provider.aclose()

    assert anyio.run(main) is None
