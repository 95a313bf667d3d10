"""Anthropic's `count_tokens` through the proxy, with the official SDK: the upstream's count
when an Anthropic upstream has one, else tether's estimate, marked as such."""

from __future__ import annotations

import anthropic
import pytest

from tests.proxy.helpers import BIG, HTTP, ProxyFactory, SharedStand
from tether.context.tokens import count_request
from tether.wire.apis import ANTHROPIC

pytestmark = pytest.mark.timeout(20)

MESSAGES: list[anthropic.types.MessageParam] = [{"role": "user", "content": BIG}]


def sdk(url: str) -> anthropic.Anthropic:
    return anthropic.Anthropic(base_url=url, api_key="-", max_retries=0, http_client=HTTP)


def expected() -> int:
    _, request = ANTHROPIC.decode_request({"model": "m", "max_tokens": 1, "messages": MESSAGES})
    return count_request(request).total


def test_an_anthropic_upstream_counts_them(
    shared_stand: SharedStand, proxy_factory: ProxyFactory
) -> None:
    url = proxy_factory([shared_stand()], api="anthropic")
    raw = sdk(url).messages.with_raw_response.count_tokens(model="sim-large", messages=MESSAGES)
    assert raw.headers["x-tether-token-count"] == "upstream"
    counted = raw.parse()
    assert counted.input_tokens == expected() > 1000
    assert (counted.model_extra or {}).get("estimated") is None


def test_without_an_anthropic_upstream_the_estimate_answers_marked(
    shared_stand: SharedStand, proxy_factory: ProxyFactory
) -> None:
    url = proxy_factory([shared_stand()], api="openai")
    raw = sdk(url).messages.with_raw_response.count_tokens(
        model="sim-large", messages=MESSAGES, system="Be brief."
    )
    assert raw.headers["x-tether-token-count"] == "estimate"
    counted = raw.parse()
    assert counted.input_tokens > expected()  # the system prompt is counted too
    assert (counted.model_extra or {}).get("estimated") is True


def test_an_upstream_that_cannot_count_the_model_leaves_it_to_the_estimate(
    shared_stand: SharedStand, proxy_factory: ProxyFactory
) -> None:
    url = proxy_factory([shared_stand()], api="anthropic", upstream={"model": "no-such-model"})
    counted = sdk(url).messages.count_tokens(model="sim-large", messages=MESSAGES)
    assert counted.input_tokens == expected()
    assert (counted.model_extra or {}).get("estimated") is True


def test_a_body_that_is_no_messages_request_is_a_400_in_anthropic_shape(
    shared_stand: SharedStand, proxy_factory: ProxyFactory
) -> None:
    url = proxy_factory([shared_stand()], api="openai")
    with pytest.raises(anthropic.BadRequestError) as caught:
        sdk(url).messages.count_tokens(
            model="sim-large", messages=[{"role": "robot", "content": "x"}]
        )  # type: ignore[typeddict-item]
    assert "role" in str(caught.value)


def test_a_request_big_for_its_window_is_counted_by_the_upstream_first(
    shared_stand: SharedStand, proxy_factory: ProxyFactory
) -> None:
    """A request past a third of the upstream's window is counted by the upstream before it
    is sent (a real tokenizer may count far more than the estimate). Over the proxy's default
    transport that count used to raise (its lean client has no `post`): an HTTP 500 for every
    long conversation of an agent."""
    url = proxy_factory([shared_stand()], api="anthropic", upstream={"window": 8000})
    reply = sdk(url).messages.create(model="sim-large", max_tokens=200, messages=MESSAGES)
    assert reply.content and reply.stop_reason == "end_turn"
