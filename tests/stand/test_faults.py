"""Every stand fault, observed through real clients: the official SDKs and tether's adapters.

A fault is only useful if a client sees it the way it would see the real failure, so each
test talks HTTP to a stand on 127.0.0.1 and checks what came out of the client (and, where the
fault is about the connection, what the stand's exchange log recorded).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import anthropic
import anyio
import httpx2
import openai
import orjson
import pytest

from tests.helpers import StandFactory, wait_for_log
from tether.context.tokens import count_request
from tether.errors import ProviderStatusError
from tether.messages import Message, Request, ToolSpec, Turn, collect
from tether.providers import (
    HTTPProvider,
    Timeouts,
    provider_at,
)
from tether.reliability.judge import judge
from tether.stand import GATEWAY_TEXT
from tether.stand.app import ERROR_FRAME_TEXT, MALFORMED_RAW
from tether.stand.faults import TOOL_PREAMBLE

APIS = ("openai", "anthropic", "ollama")
each_api = pytest.mark.parametrize("api", APIS)

TEXT = (
    "The capital of France is Paris. It sits on the Seine, and this reply is long enough "
    "to stream in several pieces of twenty-four characters each."
)
SCRIPT: dict[str, Any] = {"models": {"sim-large": {"turns": [{"text": TEXT}]}}}
HI = Request(messages=(Message.text("user", "What is the capital of France?"),))
OPENAI_MESSAGES: list[Any] = [{"role": "user", "content": "What is the capital of France?"}]
LOOKUP = ToolSpec(
    "lookup",
    "Search the web",
    {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]},
)
OPENAI_TOOLS: list[Any] = [
    {
        "type": "function",
        "function": {
            "name": LOOKUP.name,
            "description": LOOKUP.description,
            "parameters": LOOKUP.parameters,
        },
    }
]


# ---------------------------------------------------------------- helpers


def provider_for(api: str, url: str, timeouts: Timeouts | None = None) -> HTTPProvider:
    return provider_at(api, url, "sim-large", timeouts=timeouts)


def ask(api: str, url: str, request: Request = HI, timeouts: Timeouts | None = None) -> Turn:
    """One streamed call through tether's adapter for `api`, collected into a Turn."""

    async def main() -> Turn:
        provider = provider_for(api, url, timeouts)
        try:
            return await collect(provider.stream(request))
        finally:
            await provider.aclose()

    return anyio.run(main)


def oa_client(url: str) -> openai.OpenAI:
    return openai.OpenAI(base_url=url + "/v1", api_key="sk-stand", max_retries=0)


def an_client(url: str) -> anthropic.Anthropic:
    return anthropic.Anthropic(base_url=url, api_key="sk-stand", max_retries=0)


class Seen:
    """What a client saw of a stream before it ended or raised."""

    def __init__(self) -> None:
        self.content: list[str] = []
        self.finish: list[str] = []
        self.kinds: list[str] = []
        self.usage: list[Any] = []
        self.args: list[str] = []

    @property
    def text(self) -> str:
        return "".join(self.content)


def drain_openai(chunks: Iterable[Any], seen: Seen) -> None:
    for chunk in chunks:
        if chunk.usage is not None:
            seen.usage.append(chunk.usage)
        for choice in chunk.choices:
            if choice.delta.content:
                seen.content.append(choice.delta.content)
            for call in choice.delta.tool_calls or []:
                if call.function is not None and call.function.arguments:
                    seen.args.append(call.function.arguments)
            if choice.finish_reason:
                seen.finish.append(choice.finish_reason)


def drain_anthropic(events: Iterable[Any], seen: Seen) -> None:
    for event in events:
        seen.kinds.append(event.type)
        if event.type == "content_block_delta" and event.delta.type == "text_delta":
            seen.content.append(event.delta.text)
        elif event.type == "message_delta" and event.delta.stop_reason:
            seen.finish.append(event.delta.stop_reason)


def openai_stream(url: str, **kw: Any) -> Seen:
    seen = Seen()
    with oa_client(url) as client:
        drain_openai(
            client.chat.completions.create(
                model="sim-large",
                messages=OPENAI_MESSAGES,
                stream=True,
                stream_options={"include_usage": True},
                **kw,
            ),
            seen,
        )
    return seen


def anthropic_stream(url: str) -> Seen:
    seen = Seen()
    with an_client(url) as client:
        drain_anthropic(
            client.messages.create(
                model="sim-large", max_tokens=256, messages=OPENAI_MESSAGES, stream=True
            ),
            seen,
        )
    return seen


# ---------------------------------------------------------------- gateway-200


def test_gateway_200_is_a_normal_completion_to_the_openai_sdk(stand_factory: StandFactory) -> None:
    url = stand_factory(faults=["gateway-200"])
    with oa_client(url) as client:
        raw = client.chat.completions.with_raw_response.create(
            model="sim-large", messages=OPENAI_MESSAGES
        )
        completion = raw.parse()
    assert raw.status_code == 200
    assert completion.choices[0].finish_reason == "stop"
    assert completion.choices[0].message.content == GATEWAY_TEXT


def test_gateway_200_streams_like_an_answer_to_the_openai_sdk(
    stand_factory: StandFactory,
) -> None:
    url = stand_factory(faults=["gateway-200"])
    seen = openai_stream(url)
    assert seen.text == GATEWAY_TEXT
    assert seen.finish == ["stop"]


@each_api
def test_gateway_200_through_tether_is_a_clean_stop(stand_factory: StandFactory, api: str) -> None:
    url = stand_factory(script=SCRIPT, faults=["gateway-200"])
    turn = ask(api, url)
    assert turn.termination == "stop"
    assert turn.content == GATEWAY_TEXT
    assert turn.errors == ()
    assert turn.malformed == ()


# ---------------------------------------------------------------- drop


def test_drop_breaks_the_openai_sdk_stream_before_any_finish(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    log = tmp_path / "x.jsonl"
    url = stand_factory(script=SCRIPT, faults=["drop"], log=log)
    seen = Seen()
    with oa_client(url) as client:
        chunks = client.chat.completions.create(
            model="sim-large", messages=OPENAI_MESSAGES, stream=True
        )
        with pytest.raises(openai.APIConnectionError) as caught:
            drain_openai(chunks, seen)
    assert isinstance(caught.value.__cause__, httpx2.RemoteProtocolError)
    assert seen.finish == []
    assert seen.text, "some content arrives before the connection breaks"
    assert TEXT.startswith(seen.text)
    assert len(seen.text) < len(TEXT)
    [record] = wait_for_log(log)
    assert record["reply"]["cut"] is True
    assert record["ended_early"] is True
    assert record["faults"] == ["drop"]


def test_drop_breaks_the_anthropic_sdk_stream_before_message_stop(
    stand_factory: StandFactory,
) -> None:
    url = stand_factory(script=SCRIPT, faults=["drop"])
    seen = Seen()
    with an_client(url) as client:
        events = client.messages.create(
            model="sim-large", max_tokens=256, messages=OPENAI_MESSAGES, stream=True
        )
        # The SDK's own connection error since anthropic 2.17 (the transport's error its
        # cause); the transport's error itself before: either way the stream broke.
        with pytest.raises((httpx2.RemoteProtocolError, anthropic.APIConnectionError)) as caught:
            drain_anthropic(events, seen)
    broken = caught.value
    if isinstance(broken, anthropic.APIConnectionError):
        assert isinstance(broken.__cause__, httpx2.RemoteProtocolError), broken.__cause__
    assert "message_start" in seen.kinds
    assert "message_delta" not in seen.kinds
    assert "message_stop" not in seen.kinds
    assert seen.text
    assert TEXT.startswith(seen.text)


def test_drop_of_a_whole_reply_is_an_incomplete_body(stand_factory: StandFactory) -> None:
    url = stand_factory(script=SCRIPT, faults=["drop"])
    with oa_client(url) as client, pytest.raises(openai.APIConnectionError) as caught:
        client.chat.completions.create(model="sim-large", messages=OPENAI_MESSAGES)
    assert isinstance(caught.value.__cause__, httpx2.RemoteProtocolError)


@each_api
def test_drop_through_tether_is_a_partial_turn_ending_in_error(
    stand_factory: StandFactory, tmp_path: Path, api: str
) -> None:
    log = tmp_path / "x.jsonl"
    url = stand_factory(script=SCRIPT, faults=["drop"], log=log)
    turn = ask(api, url)
    assert turn.termination == "error"
    assert turn.finish_reason is None
    assert turn.content
    assert TEXT.startswith(turn.content)
    assert len(turn.content) < len(TEXT)
    assert "broke the stream off" in turn.detail
    [record] = wait_for_log(log)
    assert record["api"] == api
    assert record["reply"]["cut"] is True
    assert record["reply"]["content"] == turn.content


# ---------------------------------------------------------------- http:STATUS[:RETRY_AFTER]


def test_http_429_reaches_the_openai_sdk_with_retry_after(stand_factory: StandFactory) -> None:
    url = stand_factory(faults=["http:429:7"])
    with oa_client(url) as client, pytest.raises(openai.RateLimitError) as caught:
        client.chat.completions.create(model="sim-large", messages=OPENAI_MESSAGES, stream=True)
    assert caught.value.status_code == 429
    assert caught.value.response.headers["retry-after"] == "7"


def test_http_503_reaches_the_openai_sdk_as_a_server_error(stand_factory: StandFactory) -> None:
    url = stand_factory(faults=["http:503"])
    with oa_client(url) as client, pytest.raises(openai.InternalServerError) as caught:
        client.chat.completions.create(model="sim-large", messages=OPENAI_MESSAGES)
    assert caught.value.status_code == 503
    assert "retry-after" not in caught.value.response.headers


def test_http_402_reaches_the_anthropic_sdk_in_anthropic_shape(
    stand_factory: StandFactory,
) -> None:
    url = stand_factory(faults=["http:402"])
    with an_client(url) as client, pytest.raises(anthropic.PaymentRequiredError) as caught:
        client.messages.create(model="sim-large", max_tokens=64, messages=OPENAI_MESSAGES)
    assert caught.value.status_code == 402
    body = caught.value.body
    assert isinstance(body, dict)
    assert body["type"] == "error"
    assert body["error"]["type"] == "billing_error"


@each_api
@pytest.mark.parametrize(
    ("spec", "status", "retry_after"),
    [("http:429:7", 429, 7.0), ("http:503", 503, None), ("http:402", 402, None)],
)
def test_http_status_through_tether(
    stand_factory: StandFactory,
    tmp_path: Path,
    api: str,
    spec: str,
    status: int,
    retry_after: float | None,
) -> None:
    log = tmp_path / "x.jsonl"
    url = stand_factory(faults=[spec], log=log)
    with pytest.raises(ProviderStatusError) as caught:
        ask(api, url)
    assert caught.value.status == status
    assert caught.value.retry_after == retry_after
    assert f"simulated HTTP {status}" in str(caught.value)
    if api == "anthropic":
        assert orjson.loads(caught.value.body)["type"] == "error"
    [record] = wait_for_log(log)
    assert record["status"] == status


# ---------------------------------------------------------------- empty-stream


@pytest.mark.timeout(10)
def test_empty_stream_gives_the_openai_sdk_no_chunk(stand_factory: StandFactory) -> None:
    url = stand_factory(faults=["empty-stream:1"])
    started = time.perf_counter()
    with oa_client(url) as client:
        chunks = list(
            client.chat.completions.create(model="sim-large", messages=OPENAI_MESSAGES, stream=True)
        )
    elapsed = time.perf_counter() - started
    assert chunks == []
    assert 0.9 <= elapsed < 3.0


@pytest.mark.timeout(10)
@each_api
def test_empty_stream_through_tether_is_an_empty_eof(stand_factory: StandFactory, api: str) -> None:
    # The silence limit is shorter than the hold: the wait for the first body byte is still
    # the first-byte phase, so the stream must end by itself (eof), not time out.
    url = stand_factory(faults=["empty-stream:1"])
    started = time.perf_counter()
    turn = ask(api, url, timeouts=Timeouts(first_byte=5, silence=0.5))
    elapsed = time.perf_counter() - started
    assert turn.termination == "eof"
    assert turn.content == ""
    assert turn.finish_reason is None
    assert turn.usage is None
    assert 0.9 <= elapsed < 3.0


# ---------------------------------------------------------------- error-frame


def test_error_frame_raises_in_the_openai_sdk_mid_stream(stand_factory: StandFactory) -> None:
    url = stand_factory(script=SCRIPT, faults=["error-frame"])
    seen = Seen()
    with oa_client(url) as client:
        chunks = client.chat.completions.create(
            model="sim-large", messages=OPENAI_MESSAGES, stream=True
        )
        with pytest.raises(openai.APIError) as caught:
            drain_openai(chunks, seen)
    assert type(caught.value) is openai.APIError  # in-stream, not a status or connection error
    assert caught.value.message == ERROR_FRAME_TEXT
    assert seen.text, "the error comes after some content"
    assert seen.finish == []


def test_error_frame_raises_in_the_anthropic_sdk_stream(stand_factory: StandFactory) -> None:
    url = stand_factory(script=SCRIPT, faults=["error-frame"])
    seen = Seen()
    with an_client(url) as client:
        events = client.messages.create(
            model="sim-large", max_tokens=256, messages=OPENAI_MESSAGES, stream=True
        )
        with pytest.raises(anthropic.APIStatusError) as caught:
            drain_anthropic(events, seen)
    assert ERROR_FRAME_TEXT in str(caught.value)
    assert seen.text
    assert "message_stop" not in seen.kinds


@each_api
def test_error_frame_through_tether_is_an_error_turn(stand_factory: StandFactory, api: str) -> None:
    url = stand_factory(script=SCRIPT, faults=["error-frame"])
    turn = ask(api, url)
    assert turn.termination == "error"
    assert [e.message for e in turn.errors] == [ERROR_FRAME_TEXT]
    assert turn.content
    assert TEXT.startswith(turn.content)
    assert len(turn.content) < len(TEXT)
    assert turn.finish_reason is None


# ---------------------------------------------------------------- malformed-chunk


def test_malformed_chunk_breaks_the_openai_sdk(stand_factory: StandFactory) -> None:
    # The official SDK does not skip a chunk that is not JSON: it raises from json.
    url = stand_factory(script=SCRIPT, faults=["malformed-chunk"])
    with pytest.raises(json.JSONDecodeError):
        openai_stream(url)


@each_api
def test_malformed_chunk_through_tether_is_reported_and_skipped(
    stand_factory: StandFactory, api: str
) -> None:
    url = stand_factory(script=SCRIPT, faults=["malformed-chunk"])
    turn = ask(api, url)
    assert len(turn.malformed) == 1
    assert turn.malformed[0].raw == MALFORMED_RAW
    assert turn.content == TEXT
    assert turn.termination == "stop"
    assert turn.errors == ()


# ---------------------------------------------------------------- truncated-tool-args


def test_truncated_tool_args_reach_the_openai_sdk(stand_factory: StandFactory) -> None:
    url = stand_factory(faults=["truncated-tool-args"])
    seen = openai_stream(url, tools=OPENAI_TOOLS)
    assert seen.finish == ["tool_calls"]
    arguments = "".join(seen.args)
    assert arguments
    with pytest.raises(json.JSONDecodeError):
        json.loads(arguments)


@each_api
def test_truncated_tool_args_through_tether(stand_factory: StandFactory, api: str) -> None:
    url = stand_factory(faults=["truncated-tool-args"])
    turn = ask(api, url, Request(messages=HI.messages, tools=(LOOKUP,)))
    assert turn.termination == "tool_calls"
    assert turn.finish_reason == "tool_calls"
    [call] = turn.tool_calls
    assert call.name == "lookup"
    assert call.arguments
    with pytest.raises(orjson.JSONDecodeError):
        orjson.loads(call.arguments)


# ---------------------------------------------------------------- tool-as-text, tool-calls-lost


@each_api
def test_a_tool_call_sent_as_text_is_judged_a_lost_call(
    stand_factory: StandFactory, api: str
) -> None:
    url = stand_factory(faults=["tool-as-text"])
    request = Request(messages=HI.messages, tools=(LOOKUP,))
    turn = ask(api, url, request)
    assert turn.tool_calls == () and turn.finish_reason == "stop"
    assert turn.content.startswith('<tool_call>\n{"name": "lookup"')
    found = judge(turn, request)
    assert found is not None and found.kind == "lost_tool_call"


# Ollama's wire has no finish reason for tool calls (`done_reason` is `stop` after them): the
# fault reaches its clients as a plain preamble.
@pytest.mark.parametrize("api", [a for a in APIS if a != "ollama"])
def test_a_tool_calls_finish_without_calls_is_judged_a_lost_call(
    stand_factory: StandFactory, api: str
) -> None:
    url = stand_factory(faults=["tool-calls-lost"])
    request = Request(messages=HI.messages, tools=(LOOKUP,))
    turn = ask(api, url, request)
    assert turn.tool_calls == () and turn.finish_reason == "tool_calls"
    assert turn.content == TOOL_PREAMBLE
    found = judge(turn, request)
    assert found is not None and found.kind == "lost_tool_call"


# ---------------------------------------------------------------- finish-length


def test_finish_length_reaches_the_openai_sdk(stand_factory: StandFactory) -> None:
    url = stand_factory(script=SCRIPT, faults=["finish-length"])
    seen = openai_stream(url)
    assert seen.finish == ["length"]
    assert seen.text
    assert TEXT.startswith(seen.text)
    assert len(seen.text) < len(TEXT)


def test_finish_length_is_max_tokens_to_the_anthropic_sdk(stand_factory: StandFactory) -> None:
    url = stand_factory(script=SCRIPT, faults=["finish-length"])
    seen = anthropic_stream(url)
    assert seen.finish == ["max_tokens"]
    assert seen.kinds[-1] == "message_stop"


@each_api
def test_finish_length_through_tether(stand_factory: StandFactory, api: str) -> None:
    url = stand_factory(script=SCRIPT, faults=["finish-length"])
    turn = ask(api, url)
    assert turn.termination == "length"
    assert turn.finish_reason == "length"
    assert turn.raw_finish_reason == ("max_tokens" if api == "anthropic" else "length")
    assert TEXT.startswith(turn.content)
    assert len(turn.content) < len(TEXT)


# ---------------------------------------------------------------- no-usage


def test_no_usage_leaves_the_openai_sdk_without_usage(stand_factory: StandFactory) -> None:
    clean = openai_stream(stand_factory(script=SCRIPT))
    assert len(clean.usage) == 1, "include_usage gets a usage chunk from a healthy stand"
    seen = openai_stream(stand_factory(script=SCRIPT, faults=["no-usage"]))
    assert seen.usage == []
    assert seen.text == TEXT
    assert seen.finish == ["stop"]


@each_api
def test_no_usage_through_tether(stand_factory: StandFactory, api: str) -> None:
    assert ask(api, stand_factory(script=SCRIPT)).usage is not None
    turn = ask(api, stand_factory(script=SCRIPT, faults=["no-usage"]))
    assert turn.usage is None
    assert turn.content == TEXT
    assert turn.termination == "stop"


# ---------------------------------------------------------------- unprocessed

LONG = "Please summarise the following notes carefully. " + "word " * 1600
LONG_REQUEST = Request(messages=(Message.text("user", LONG),))


def test_unprocessed_under_reports_prompt_tokens_to_the_openai_sdk(
    stand_factory: StandFactory,
) -> None:
    honest = count_request(LONG_REQUEST).total
    messages: list[Any] = [{"role": "user", "content": LONG}]
    counts = []
    for faults in ([], ["unprocessed"]):
        with oa_client(stand_factory(faults=faults)) as client:
            completion = client.chat.completions.create(model="sim-large", messages=messages)
        assert completion.usage is not None
        counts.append(completion.usage.prompt_tokens)
    clean, faulty = counts
    assert honest > 1000
    assert clean == honest
    assert faulty * 10 < honest


@each_api
def test_unprocessed_through_tether(stand_factory: StandFactory, api: str) -> None:
    honest = count_request(LONG_REQUEST).total
    clean = ask(api, stand_factory(), LONG_REQUEST)
    faulty = ask(api, stand_factory(faults=["unprocessed"]), LONG_REQUEST)
    assert clean.usage is not None
    assert faulty.usage is not None
    assert clean.usage.prompt_tokens == honest
    assert 0 < faulty.usage.prompt_tokens * 10 < honest
    assert faulty.termination == "stop"


# ---------------------------------------------------------------- rates


def gateway_sequence(url: str, n: int) -> list[bool]:
    with oa_client(url) as client:
        return [
            client.chat.completions.create(model="sim-large", messages=OPENAI_MESSAGES)
            .choices[0]
            .message.content
            == GATEWAY_TEXT
            for _ in range(n)
        ]


@pytest.mark.timeout(10)
def test_fault_rate_is_drawn_from_the_seed(stand_factory: StandFactory, tmp_path: Path) -> None:
    log = tmp_path / "x.jsonl"
    first = gateway_sequence(stand_factory(faults=["gateway-200@0.5"], seed=7, log=log), 40)
    again = gateway_sequence(stand_factory(faults=["gateway-200@0.5"], seed=7), 40)
    other = gateway_sequence(stand_factory(faults=["gateway-200@0.5"], seed=8), 40)
    assert first == again
    assert first != other
    assert 10 <= sum(first) <= 30
    records = wait_for_log(log, 40)
    assert [r["faults"] == ["gateway-200@0.5"] for r in records] == first
