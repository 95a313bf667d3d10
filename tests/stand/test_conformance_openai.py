"""The official `openai` SDK against the stand: what a real client sees must match the script."""

from __future__ import annotations

import json
from typing import Any

import anyio
import openai
import pytest

from tests.helpers import StandFactory

TEXT = "The answer is forty-two, and here is a longer sentence so that it streams in pieces."
REASONING = "The user asks a question; I should think about it before answering."
USAGE = {"prompt_tokens": 1200, "completion_tokens": 57, "cached_tokens": 1024}
CALLS = [
    {"name": "get_weather", "arguments": {"city": "Paris", "days": 3}, "id": "call_weather_1"},
    {"name": "lookup", "arguments": {"query": "eiffel tower", "exact": True}, "id": "call_look_2"},
]
TOOLS: list[Any] = [
    {
        "type": "function",
        "function": {
            "name": "get_weather",
            "description": "Weather forecast",
            "parameters": {
                "type": "object",
                "properties": {"city": {"type": "string"}, "days": {"type": "integer"}},
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "lookup",
            "description": "Search",
            "parameters": {"type": "object", "properties": {"query": {"type": "string"}}},
        },
    },
]
MESSAGES: list[Any] = [
    {"role": "system", "content": "You are terse."},
    {"role": "user", "content": "What is the answer?"},
]


def _script(**turn: Any) -> dict[str, Any]:
    return {"models": {"sim-large": {"turns": [turn]}}}


def _client(url: str, **kw: Any) -> openai.OpenAI:
    return openai.OpenAI(base_url=url + "/v1", api_key="x", max_retries=0, **kw)


def _assert_calls(calls: Any) -> None:
    assert calls is not None
    assert [c.id for c in calls] == [c["id"] for c in CALLS]
    assert [c.type for c in calls] == ["function", "function"]
    assert [c.function.name for c in calls] == [c["name"] for c in CALLS]
    assert [json.loads(c.function.arguments) for c in calls] == [c["arguments"] for c in CALLS]


# ---------------------------------------------------------------- text, usage, reasoning


def test_stream_text_usage_and_finish(stand_factory: StandFactory) -> None:
    url = stand_factory(script=_script(text=TEXT, usage=USAGE))
    stream = _client(url).chat.completions.create(
        model="sim-large",
        messages=MESSAGES,
        stream=True,
        stream_options={"include_usage": True},
    )
    pieces: list[str] = []
    finishes: list[str] = []
    usages = []
    ids = set()
    for chunk in stream:
        assert chunk.object == "chat.completion.chunk"
        assert chunk.model == "sim-large"
        ids.add(chunk.id)
        if chunk.usage is not None:
            usages.append(chunk.usage)
            assert chunk.choices == []
        for choice in chunk.choices:
            if choice.delta.content:
                pieces.append(choice.delta.content)
            if choice.finish_reason:
                finishes.append(choice.finish_reason)
    assert "".join(pieces) == TEXT
    assert len(pieces) > 1, "the reply should arrive in several chunks"
    assert finishes == ["stop"]
    assert len(ids) == 1
    assert len(usages) == 1
    usage = usages[0]
    assert usage.prompt_tokens == 1200
    assert usage.completion_tokens == 57
    assert usage.total_tokens == 1257
    assert usage.prompt_tokens_details is not None
    assert usage.prompt_tokens_details.cached_tokens == 1024


def test_non_stream_text_usage_and_finish(stand_factory: StandFactory) -> None:
    url = stand_factory(script=_script(text=TEXT, usage=USAGE))
    completion = _client(url).chat.completions.create(model="sim-large", messages=MESSAGES)
    assert completion.object == "chat.completion"
    assert completion.model == "sim-large"
    choice = completion.choices[0]
    assert choice.message.role == "assistant"
    assert choice.message.content == TEXT
    assert choice.message.tool_calls is None
    assert choice.finish_reason == "stop"
    usage = completion.usage
    assert usage is not None
    assert (usage.prompt_tokens, usage.completion_tokens, usage.total_tokens) == (1200, 57, 1257)
    assert usage.prompt_tokens_details is not None
    assert usage.prompt_tokens_details.cached_tokens == 1024


def test_stream_reasoning_in_reasoning_content(stand_factory: StandFactory) -> None:
    url = stand_factory(script=_script(text=TEXT, reasoning=REASONING))
    stream = _client(url).chat.completions.create(model="sim-large", messages=MESSAGES, stream=True)
    reasoning: list[str] = []
    content: list[str] = []
    order: list[str] = []
    for chunk in stream:
        for choice in chunk.choices:
            piece = getattr(choice.delta, "reasoning_content", None)
            if piece:
                assert (choice.delta.model_extra or {}).get("reasoning_content") == piece
                reasoning.append(piece)
                order.append("reasoning")
            if choice.delta.content:
                content.append(choice.delta.content)
                order.append("content")
    assert "".join(reasoning) == REASONING
    assert "".join(content) == TEXT
    # Reasoning comes first, as reasoning models send it.
    assert order.index("content") > max(i for i, k in enumerate(order) if k == "reasoning")


def test_non_stream_reasoning_in_reasoning_content(stand_factory: StandFactory) -> None:
    url = stand_factory(script=_script(text=TEXT, reasoning=REASONING))
    completion = _client(url).chat.completions.create(model="sim-large", messages=MESSAGES)
    message = completion.choices[0].message
    assert message.content == TEXT
    assert (message.model_extra or {}).get("reasoning_content") == REASONING


# ---------------------------------------------------------------- tool calls


def test_stream_tool_calls_assembled_by_index(stand_factory: StandFactory) -> None:
    url = stand_factory(script=_script(tool_calls=CALLS))
    stream = _client(url).chat.completions.create(
        model="sim-large", messages=MESSAGES, tools=TOOLS, stream=True
    )
    calls: dict[int, dict[str, str]] = {}
    finishes: list[str] = []
    for chunk in stream:
        for choice in chunk.choices:
            for delta in choice.delta.tool_calls or []:
                slot = calls.setdefault(delta.index, {"id": "", "name": "", "arguments": ""})
                if delta.id:
                    assert not slot["id"], "the id is sent once, on the first piece"
                    slot["id"] = delta.id
                if delta.function is not None:
                    if delta.function.name:
                        slot["name"] += delta.function.name
                    if delta.function.arguments:
                        slot["arguments"] += delta.function.arguments
            if choice.finish_reason:
                finishes.append(choice.finish_reason)
    assert sorted(calls) == [0, 1]
    assert [calls[i]["id"] for i in (0, 1)] == [c["id"] for c in CALLS]
    assert [calls[i]["name"] for i in (0, 1)] == [c["name"] for c in CALLS]
    assert [json.loads(calls[i]["arguments"]) for i in (0, 1)] == [c["arguments"] for c in CALLS]
    assert finishes == ["tool_calls"]


def test_stream_helper_final_completion_has_tool_calls(stand_factory: StandFactory) -> None:
    url = stand_factory(script=_script(tool_calls=CALLS))
    with _client(url).chat.completions.stream(
        model="sim-large", messages=MESSAGES, tools=TOOLS
    ) as stream:
        final = stream.get_final_completion()
    choice = final.choices[0]
    assert choice.finish_reason == "tool_calls"
    assert not choice.message.content
    _assert_calls(choice.message.tool_calls)


def test_non_stream_tool_calls(stand_factory: StandFactory) -> None:
    url = stand_factory(script=_script(tool_calls=CALLS))
    completion = _client(url).chat.completions.create(
        model="sim-large", messages=MESSAGES, tools=TOOLS
    )
    choice = completion.choices[0]
    assert choice.finish_reason == "tool_calls"
    assert choice.message.content is None
    _assert_calls(choice.message.tool_calls)


def test_stream_helper_text_events(stand_factory: StandFactory) -> None:
    url = stand_factory(script=_script(text=TEXT, usage=USAGE))
    with _client(url).chat.completions.stream(
        model="sim-large", messages=MESSAGES, stream_options={"include_usage": True}
    ) as stream:
        deltas = [e.delta for e in stream if e.type == "content.delta"]
        final = stream.get_final_completion()
    assert "".join(deltas) == TEXT
    assert final.choices[0].message.content == TEXT
    assert final.choices[0].finish_reason == "stop"
    assert final.usage is not None
    assert final.usage.prompt_tokens == 1200


def test_async_client_stream(stand_factory: StandFactory) -> None:
    url = stand_factory(script=_script(text=TEXT, usage=USAGE))

    async def main() -> tuple[str, int | None]:
        async with openai.AsyncOpenAI(base_url=url + "/v1", api_key="x", max_retries=0) as client:
            stream = await client.chat.completions.create(
                model="sim-large",
                messages=MESSAGES,
                stream=True,
                stream_options={"include_usage": True},
            )
            text = ""
            cached = None
            async for chunk in stream:
                for choice in chunk.choices:
                    text += choice.delta.content or ""
                if chunk.usage and chunk.usage.prompt_tokens_details:
                    cached = chunk.usage.prompt_tokens_details.cached_tokens
            return text, cached

    assert anyio.run(main) == (TEXT, 1024)


# ---------------------------------------------------------------- defaults and refusals


def test_default_reply_is_non_empty_and_deterministic(stand_url: str) -> None:
    client = _client(stand_url)
    messages: list[Any] = [{"role": "user", "content": "Tell me about the stand."}]
    first = client.chat.completions.create(model="sim-large", messages=messages)
    second = client.chat.completions.create(model="sim-large", messages=messages)
    text = first.choices[0].message.content
    assert text
    assert text.strip()
    assert second.choices[0].message.content == text
    streamed = client.chat.completions.create(model="sim-large", messages=messages, stream=True)
    assert "".join(c.choices[0].delta.content or "" for c in streamed if c.choices) == text
    other = client.chat.completions.create(
        model="sim-large", messages=[{"role": "user", "content": "Something else entirely."}]
    )
    assert other.choices[0].message.content != text


def test_unknown_model_is_not_found(stand_url: str) -> None:
    with pytest.raises(openai.NotFoundError) as info:
        _client(stand_url).chat.completions.create(
            model="no-such-model", messages=[{"role": "user", "content": "hi"}]
        )
    assert info.value.status_code == 404
    assert "no-such-model" in info.value.message


def test_unknown_model_is_not_found_when_streaming(stand_url: str) -> None:
    with pytest.raises(openai.NotFoundError):
        _client(stand_url).chat.completions.create(
            model="no-such-model", messages=[{"role": "user", "content": "hi"}], stream=True
        )


def test_context_window_exceeded_is_bad_request(stand_url: str) -> None:
    long_text = "word " * 5000  # about 6250 tokens, over sim-small's 4096
    with pytest.raises(openai.BadRequestError) as info:
        _client(stand_url).chat.completions.create(
            model="sim-small", messages=[{"role": "user", "content": long_text}]
        )
    assert info.value.status_code == 400
    assert info.value.code == "context_length_exceeded"
    assert "4096" in info.value.message


def test_same_size_request_fits_sim_large(stand_url: str) -> None:
    long_text = "word " * 5000
    completion = _client(stand_url).chat.completions.create(
        model="sim-large", messages=[{"role": "user", "content": long_text}]
    )
    assert completion.choices[0].message.content
    assert completion.usage is not None
    assert completion.usage.prompt_tokens > 4096


def test_tools_sent_to_sim_small_are_refused(stand_url: str) -> None:
    with pytest.raises(openai.BadRequestError) as info:
        _client(stand_url).chat.completions.create(
            model="sim-small", messages=[{"role": "user", "content": "hi"}], tools=TOOLS
        )
    assert info.value.status_code == 400
    assert info.value.code == "tools_not_supported"
