"""OpenAI's legacy completions (`/v1/completions`), through the official openai SDK's
`client.completions.create(...)`: the stand speaks it, the proxy serves it with the same judge
and failover, and the adapter reads it in a chain."""

from __future__ import annotations

from pathlib import Path

import anyio
import openai
import pytest

from tests.helpers import StandFactory
from tests.proxy.helpers import HTTP, ProxyFactory, SharedStand, read_log
from tether.messages import Message, Request
from tether.providers import CompletionsProvider
from tether.reliability.breaker import MemoryStore
from tether.reliability.chain import Chain

pytestmark = pytest.mark.timeout(30)


def sdk(url: str) -> openai.OpenAI:
    return openai.OpenAI(base_url=url + "/v1", api_key="-", max_retries=0, http_client=HTTP)


def complete(c: openai.OpenAI, stream: bool) -> str:
    if not stream:
        reply = c.completions.create(model="sim-large", prompt="Once upon a time")
        assert reply.object == "text_completion" and reply.choices[0].finish_reason == "stop"
        assert reply.usage is not None and reply.usage.prompt_tokens > 0
        return reply.choices[0].text
    chunks = list(
        c.completions.create(
            model="sim-large",
            prompt="Once upon a time",
            stream=True,
            stream_options={"include_usage": True},
        )
    )
    assert chunks[-1].usage is not None and not chunks[-1].choices
    return "".join(ch.choices[0].text for ch in chunks if ch.choices)


@pytest.mark.parametrize("stream", [False, True], ids=["whole", "stream"])
def test_the_sdk_reads_the_stands_completions(stand_factory: StandFactory, stream: bool) -> None:
    assert complete(sdk(stand_factory()), stream).startswith("Simulated reply")


@pytest.mark.parametrize("stream", [False, True], ids=["whole", "stream"])
def test_the_proxy_serves_completions_past_a_gateway_error(
    shared_stand: SharedStand, proxy_factory: ProxyFactory, tmp_path: Path, stream: bool
) -> None:
    log = tmp_path / "proxy.jsonl"
    url = proxy_factory([shared_stand("gateway-200"), shared_stand()], log=log)
    assert complete(sdk(url), stream).startswith("Simulated reply")
    (record,) = read_log(log)
    assert record["api"] == "completions" and record["verdicts"] == ["gateway"]


def test_no_answer_is_a_502_in_openai_shape(
    shared_stand: SharedStand, proxy_factory: ProxyFactory
) -> None:
    url = proxy_factory([shared_stand("empty-stream"), shared_stand("error-frame")])
    with pytest.raises(openai.APIStatusError) as caught:
        sdk(url).completions.create(model="sim-large", prompt="hi")
    assert caught.value.status_code == 502
    with pytest.raises(openai.BadRequestError):
        sdk(url).completions.create(model="sim-large", prompt=[1, 2, 3])


def test_the_adapter_answers_in_a_chain(shared_stand: SharedStand) -> None:
    async def ask() -> str:
        provider = CompletionsProvider(shared_stand() + "/v1", "sim-large")
        chain = Chain([provider], store=MemoryStore())
        try:
            answer = await chain.call(Request((Message.text("user", "Once upon a time"),)))
        finally:
            await chain.aclose()
        return answer.turn.content

    assert anyio.run(ask).startswith("Simulated reply")
