"""A reply that used all of the client's own `max_tokens` but says it stopped is relayed as the
length stop it was.

Servers and relays report a length stop as `stop`, `end_turn` or `tool_calls` (vLLM,
vllm-project/vllm#58228; LiteLLM's Ollama relay, BerriAI/litellm#25825). The proxy passes a
reply cut at the client's own limit (the limit is the client's), but it used to pass the false
`stop` too, so the client took a cut reply for a whole one. Now its finish says length in the
client's API (`length`, `max_tokens`, Responses' `incomplete`).
"""

from __future__ import annotations

import anthropic
import pytest

from tests.helpers import StandFactory
from tests.proxy.helpers import ProxyFactory, client

pytestmark = pytest.mark.timeout(30)

CUT = "The loader ran twice because two callers missed the cache at the same"
LIMIT = 16


def script(finish: str = "stop", used: int = LIMIT) -> dict[str, object]:
    turn = {
        "text": CUT,
        "finish_reason": finish,
        "usage": {"prompt_tokens": 40, "completion_tokens": used},
    }
    return {"models": {"sim-large": {"turns": [turn] * 4}}}


@pytest.mark.parametrize("stream", [False, True])
def test_openai_clients_get_length(
    stand_factory: StandFactory, proxy_factory: ProxyFactory, stream: bool
) -> None:
    url = proxy_factory([stand_factory(script=script())])
    c = client(url)
    messages = [{"role": "user", "content": "why twice?"}]
    if not stream:
        reply = c.chat.completions.create(model="sim-large", messages=messages, max_tokens=LIMIT)  # type: ignore[arg-type]
        assert reply.choices[0].message.content == CUT
        assert reply.choices[0].finish_reason == "length"
        return
    finishes = [
        chunk.choices[0].finish_reason
        for chunk in c.chat.completions.create(
            model="sim-large",
            messages=messages,
            max_tokens=LIMIT,
            stream=True,  # type: ignore[arg-type]
        )
        if chunk.choices and chunk.choices[0].finish_reason
    ]
    assert finishes == ["length"]


@pytest.mark.parametrize("stream", [False, True])
def test_anthropic_clients_get_max_tokens(
    stand_factory: StandFactory, proxy_factory: ProxyFactory, stream: bool
) -> None:
    url = proxy_factory([stand_factory(script=script())], api="anthropic")
    sdk = anthropic.Anthropic(base_url=url, api_key="unused", max_retries=0, timeout=10)
    messages: list[anthropic.types.MessageParam] = [{"role": "user", "content": "why twice?"}]
    if stream:
        with sdk.messages.stream(model="sim-large", max_tokens=LIMIT, messages=messages) as s:
            reply = s.get_final_message()
    else:
        reply = sdk.messages.create(model="sim-large", max_tokens=LIMIT, messages=messages)
    assert reply.stop_reason == "max_tokens"


def test_a_reply_under_the_limit_keeps_its_stop(
    stand_factory: StandFactory, proxy_factory: ProxyFactory
) -> None:
    url = proxy_factory([stand_factory(script=script(used=LIMIT - 3))])
    reply = client(url).chat.completions.create(
        model="sim-large", messages=[{"role": "user", "content": "why twice?"}], max_tokens=LIMIT
    )
    assert reply.choices[0].finish_reason == "stop"
