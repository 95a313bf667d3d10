"""A paused turn (Anthropic's `pause_turn`) through the proxy: an Anthropic client gets it
unchanged (its SDK's contract is to send the content back to continue), an OpenAI client, which
cannot continue it, is not handed it as an answer. The judge's side and the threads that found
the bug: tests/reliability/test_stop_reasons.py."""

from __future__ import annotations

from typing import Any

import anthropic
import openai
import pytest

from tests.helpers import canned
from tests.proxy.helpers import ProxyFactory
from tests.reliability.test_stop_reasons import PAUSED, PREAMBLE, SSE

pytestmark = pytest.mark.timeout(90)


def test_a_paused_turn_is_relayed_unchanged_to_an_anthropic_client(
    proxy_factory: ProxyFactory,
) -> None:
    with canned(SSE, PAUSED) as server:
        url = proxy_factory([server.url], api="anthropic")
        client = anthropic.Anthropic(base_url=url, api_key="unused", max_retries=0)
        ask: dict[str, Any] = {
            "model": "m",
            "max_tokens": 1024,
            "messages": [{"role": "user", "content": "What changed?"}],
        }
        whole = client.messages.create(**ask)
        with client.messages.stream(**ask) as stream:
            streamed = stream.get_final_message()
    for message in (whole, streamed):
        assert message.stop_reason == "pause_turn"
        assert [b.text for b in message.content if b.type == "text"] == [PREAMBLE]


def test_an_openai_client_is_not_handed_a_paused_turn(proxy_factory: ProxyFactory) -> None:
    """An OpenAI client cannot continue an Anthropic pause: for it the turn is not an answer."""
    with canned(SSE, PAUSED) as server:
        url = proxy_factory([server.url], upstream={"api": "anthropic"})
        client = openai.OpenAI(base_url=url + "/v1", api_key="unused", max_retries=0)
        with pytest.raises(openai.APIStatusError) as failed:
            client.chat.completions.create(
                model="m", messages=[{"role": "user", "content": "What changed?"}]
            )
    assert failed.value.status_code == 502 and "paused" in str(failed.value)
