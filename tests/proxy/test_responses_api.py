"""The Responses API (`/v1/responses`), the fourth wire format: the official openai SDK's
`client.responses.create(...)` and `.stream(...)` against the stand and through the proxy,
with the same judge, failover and honest errors; a Responses upstream behind the proxy; the
adapter in the chain."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import anyio
import openai
import pytest

from tests.helpers import StandFactory
from tests.proxy.helpers import HTTP, ProxyFactory, SharedStand, client, read_log
from tether.messages import Message, Request
from tether.providers import ResponsesProvider
from tether.reliability.breaker import MemoryStore
from tether.reliability.chain import Chain

pytestmark = pytest.mark.timeout(30)

TOOLS = [
    {
        "type": "function",
        "name": "read_file",
        "description": "Read a file in the workspace.",
        "parameters": {"type": "object", "properties": {"path": {"type": "string"}}},
    }
]


def sdk(url: str) -> openai.OpenAI:
    return openai.OpenAI(base_url=url + "/v1", api_key="unused", max_retries=0, http_client=HTTP)


def test_the_sdk_reads_the_stands_responses_whole_streamed_and_with_tools(
    stand_factory: StandFactory,
) -> None:
    c = sdk(stand_factory())
    whole = c.responses.create(model="sim-large", input="hello there")
    assert whole.status == "completed" and whole.output_text.startswith("Simulated reply")
    assert whole.usage is not None and whole.usage.input_tokens > 0
    kinds = [e.type for e in c.responses.create(model="sim-large", input="hi", stream=True)]
    assert kinds[0] == "response.created" and kinds[-1] == "response.completed"
    assert "response.output_text.delta" in kinds
    with c.responses.stream(model="sim-large", input="hi") as stream:
        final = stream.get_final_response()
    assert final.output_text.startswith("Simulated reply")
    call = {"name": "read_file", "arguments": {"path": "a.py"}}
    tooling = sdk(
        stand_factory(script={"models": {"sim-large": {"turns": [{"tool_calls": [call]}]}}})
    )
    tooled = tooling.responses.create(model="sim-large", input="read a.py", tools=TOOLS)  # type: ignore[arg-type]
    (fc,) = [o for o in tooled.output if o.type == "function_call"]
    assert fc.name == "read_file" and json.loads(fc.arguments) == {"path": "a.py"}


@pytest.mark.parametrize("stream", [False, True], ids=["whole", "stream"])
def test_through_the_proxy_a_gateway_text_is_failed_over_not_answered(
    shared_stand: SharedStand, proxy_factory: ProxyFactory, tmp_path: Path, stream: bool
) -> None:
    log = tmp_path / "proxy.jsonl"
    url = proxy_factory([shared_stand("gateway-200"), shared_stand()], log=log)
    c = sdk(url)
    if stream:
        with c.responses.stream(model="sim-large", input="hello") as s:
            text = s.get_final_response().output_text
    else:
        text = c.responses.create(model="sim-large", input="hello").output_text
    assert text.startswith("Simulated reply")
    (record,) = read_log(log)
    assert record["api"] == "responses" and record["verdicts"] == ["gateway"]


def test_through_the_proxy_no_answer_is_a_502_in_the_responses_shape(
    shared_stand: SharedStand, proxy_factory: ProxyFactory
) -> None:
    url = proxy_factory([shared_stand("gateway-200"), shared_stand("drop")])
    with pytest.raises(openai.APIStatusError) as caught:
        sdk(url).responses.create(model="sim-large", input="hello")
    assert caught.value.status_code == 502
    assert isinstance(caught.value.body, dict) and "gateway" in caught.value.body["message"]


def test_a_responses_upstream_serves_a_chat_completions_client(
    shared_stand: SharedStand, proxy_factory: ProxyFactory
) -> None:
    url = proxy_factory([shared_stand("gateway-200"), shared_stand()], api="responses")
    reply = client(url).chat.completions.create(
        model="sim-large", messages=[{"role": "user", "content": "hello"}]
    )
    assert (reply.choices[0].message.content or "").startswith("Simulated reply")


@pytest.mark.parametrize(
    ("fault", "verdict"),
    [("error-frame", "error_frame"), ("finish-length", "truncated"), ("gateway-200", "gateway")],
)
def test_the_adapter_judges_responses_streams_like_any_other(
    stand_factory: StandFactory, fault: str, verdict: str
) -> None:
    bad, good = stand_factory(faults=[fault]), stand_factory()

    async def main() -> list[str | None]:
        chain = Chain(
            [
                ResponsesProvider(bad + "/v1", "sim-large"),
                ResponsesProvider(good + "/v1", "sim-large"),
            ],
            store=MemoryStore(),
        )
        try:
            answer = await chain.call(Request(messages=(Message.text("user", "hello"),)))
        finally:
            await chain.aclose()
        assert answer.turn.content.startswith("Simulated reply")
        assert answer.turn.usage is not None and answer.turn.usage.prompt_tokens > 0
        return [a.verdict.kind if a.verdict else None for a in answer.attempts]

    assert anyio.run(main) == [verdict, None]


def test_tether_ask_speaks_responses_to_the_builtin_stand() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tether", "ask", "hello", "--api", "responses", "--json"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    body = json.loads(result.stdout)
    assert body["status"] == "answered" and body["candidate"].startswith("responses|")
