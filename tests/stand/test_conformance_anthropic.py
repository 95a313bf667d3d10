"""The official `anthropic` SDK against the stand: what a real client sees must match the script."""

from __future__ import annotations

from typing import Any

import anthropic
import pytest

from tests.helpers import StandFactory

TEXT = "Paris is the capital of France, and this reply is long enough to stream in pieces."
REASONING = "The user wants a capital city; France's is Paris, no doubt about it."
# Anthropic's input_tokens excludes cache reads and writes: 1500 - 1024 - 300 = 176.
USAGE = {
    "prompt_tokens": 1500,
    "completion_tokens": 42,
    "cached_tokens": 1024,
    "cache_write_tokens": 300,
}
CALL = {"name": "get_weather", "arguments": {"city": "Paris", "days": 3}, "id": "toolu_weather_1"}
TOOLS: list[Any] = [
    {
        "name": "get_weather",
        "description": "Weather forecast",
        "input_schema": {
            "type": "object",
            "properties": {"city": {"type": "string"}, "days": {"type": "integer"}},
        },
    }
]
MESSAGES: list[Any] = [{"role": "user", "content": "What is the capital of France?"}]


def _script(*turns: dict[str, Any]) -> dict[str, Any]:
    return {"models": {"sim-large": {"turns": list(turns)}}}


def _client(url: str) -> anthropic.Anthropic:
    return anthropic.Anthropic(base_url=url, api_key="x", max_retries=0)


def _assert_usage(usage: Any) -> None:
    assert usage.input_tokens == 176
    assert usage.output_tokens == 42
    assert usage.cache_read_input_tokens == 1024
    assert usage.cache_creation_input_tokens == 300


# ---------------------------------------------------------------- text and usage


def test_stream_text_and_final_message(stand_factory: StandFactory) -> None:
    url = stand_factory(script=_script({"text": TEXT, "usage": USAGE}))
    with _client(url).messages.stream(
        model="sim-large", max_tokens=512, system="Be brief.", messages=MESSAGES
    ) as stream:
        pieces = list(stream.text_stream)
        final = stream.get_final_message()
    assert "".join(pieces) == TEXT
    assert len(pieces) > 1, "the reply should arrive in several deltas"
    assert final.role == "assistant"
    assert final.model == "sim-large"
    assert final.id.startswith("msg_")
    assert [b.type for b in final.content] == ["text"]
    block = final.content[0]
    assert isinstance(block, anthropic.types.TextBlock)
    assert block.text == TEXT
    assert final.stop_reason == "end_turn"
    _assert_usage(final.usage)


def test_stream_events_in_protocol_order(stand_factory: StandFactory) -> None:
    url = stand_factory(script=_script({"text": TEXT, "usage": USAGE}))
    with _client(url).messages.stream(
        model="sim-large", max_tokens=512, messages=MESSAGES
    ) as stream:
        kinds = [event.type for event in stream]
    raw = [k for k in kinds if k not in ("text",)]  # the helper adds `text` events
    assert raw[0] == "message_start"
    assert raw[1] == "content_block_start"
    assert raw[-3:] == ["content_block_stop", "message_delta", "message_stop"]
    assert raw.count("message_delta") == 1


def test_non_stream_create(stand_factory: StandFactory) -> None:
    url = stand_factory(script=_script({"text": TEXT, "usage": USAGE}))
    message = _client(url).messages.create(model="sim-large", max_tokens=512, messages=MESSAGES)
    assert message.type == "message"
    assert [b.type for b in message.content] == ["text"]
    block = message.content[0]
    assert isinstance(block, anthropic.types.TextBlock)
    assert block.text == TEXT
    assert message.stop_reason == "end_turn"
    _assert_usage(message.usage)


def test_default_usage_without_cache_is_all_input(stand_factory: StandFactory) -> None:
    url = stand_factory(script=_script({"text": TEXT, "usage": {"prompt_tokens": 90}}))
    message = _client(url).messages.create(model="sim-large", max_tokens=512, messages=MESSAGES)
    assert message.usage.input_tokens == 90
    assert not message.usage.cache_read_input_tokens
    assert not message.usage.cache_creation_input_tokens
    assert message.usage.output_tokens > 0


# ---------------------------------------------------------------- tool use and thinking


def test_stream_tool_use(stand_factory: StandFactory) -> None:
    url = stand_factory(script=_script({"text": "Let me check.", "tool_calls": [CALL]}))
    with _client(url).messages.stream(
        model="sim-large", max_tokens=512, messages=MESSAGES, tools=TOOLS
    ) as stream:
        text = "".join(stream.text_stream)
        final = stream.get_final_message()
    assert text == "Let me check."
    assert [b.type for b in final.content] == ["text", "tool_use"]
    block = final.content[1]
    assert isinstance(block, anthropic.types.ToolUseBlock)
    assert block.id == CALL["id"]
    assert block.name == CALL["name"]
    assert block.input == CALL["arguments"]
    assert final.stop_reason == "tool_use"


def test_non_stream_tool_use(stand_factory: StandFactory) -> None:
    url = stand_factory(script=_script({"tool_calls": [CALL]}))
    message = _client(url).messages.create(
        model="sim-large", max_tokens=512, messages=MESSAGES, tools=TOOLS
    )
    assert [b.type for b in message.content] == ["tool_use"]
    block = message.content[0]
    assert isinstance(block, anthropic.types.ToolUseBlock)
    assert (block.id, block.name, block.input) == (CALL["id"], CALL["name"], CALL["arguments"])
    assert message.stop_reason == "tool_use"


def test_stream_thinking_block(stand_factory: StandFactory) -> None:
    url = stand_factory(script=_script({"text": TEXT, "reasoning": REASONING}))
    with _client(url).messages.stream(
        model="sim-large",
        max_tokens=4096,
        thinking={"type": "enabled", "budget_tokens": 1024},
        messages=MESSAGES,
    ) as stream:
        thinking = "".join(e.thinking for e in stream if e.type == "thinking")
        final = stream.get_final_message()
    assert thinking == REASONING
    assert [b.type for b in final.content] == ["thinking", "text"]
    block = final.content[0]
    assert isinstance(block, anthropic.types.ThinkingBlock)
    assert block.thinking == REASONING
    text = final.content[1]
    assert isinstance(text, anthropic.types.TextBlock)
    assert text.text == TEXT


def test_non_stream_thinking_block(stand_factory: StandFactory) -> None:
    url = stand_factory(script=_script({"text": TEXT, "reasoning": REASONING}))
    message = _client(url).messages.create(model="sim-large", max_tokens=512, messages=MESSAGES)
    assert [b.type for b in message.content] == ["thinking", "text"]
    block = message.content[0]
    assert isinstance(block, anthropic.types.ThinkingBlock)
    assert block.thinking == REASONING


def test_scripted_turns_follow_the_conversation(stand_factory: StandFactory) -> None:
    url = stand_factory(script=_script({"tool_calls": [CALL]}, {"text": "It is sunny."}))
    client = _client(url)
    first = client.messages.create(
        model="sim-large", max_tokens=512, messages=MESSAGES, tools=TOOLS
    )
    assert first.stop_reason == "tool_use"
    follow: list[Any] = [
        *MESSAGES,
        {"role": "assistant", "content": [b.model_dump(exclude_none=True) for b in first.content]},
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": CALL["id"], "content": "sunny"}],
        },
    ]
    with client.messages.stream(
        model="sim-large", max_tokens=512, messages=follow, tools=TOOLS
    ) as stream:
        final = stream.get_final_message()
    assert final.stop_reason == "end_turn"
    assert [getattr(b, "text", None) for b in final.content] == ["It is sunny."]


# ---------------------------------------------------------------- errors


def test_overloaded_529_is_a_server_error(stand_factory: StandFactory) -> None:
    url = stand_factory(faults=["http:529"])
    with pytest.raises(anthropic.InternalServerError) as info:
        _client(url).messages.create(model="sim-large", max_tokens=64, messages=MESSAGES)
    assert info.value.status_code == 529
    body = info.value.body
    assert isinstance(body, dict)
    assert body["type"] == "error"
    assert body["error"]["type"] == "overloaded_error"


def test_529_while_streaming_raises_before_any_text(stand_factory: StandFactory) -> None:
    url = stand_factory(faults=["http:529"])
    with (
        pytest.raises(anthropic.APIStatusError) as info,
        _client(url).messages.stream(model="sim-large", max_tokens=64, messages=MESSAGES) as s,
    ):
        list(s.text_stream)
    assert info.value.status_code == 529


def test_rate_limit_carries_retry_after(stand_factory: StandFactory) -> None:
    url = stand_factory(faults=["http:429:7"])
    with pytest.raises(anthropic.RateLimitError) as info:
        _client(url).messages.create(model="sim-large", max_tokens=64, messages=MESSAGES)
    assert info.value.status_code == 429
    assert info.value.response.headers["retry-after"] == "7"
    body = info.value.body
    assert isinstance(body, dict)
    assert body["error"]["type"] == "rate_limit_error"


def test_unknown_model_is_not_found(stand_url: str) -> None:
    with pytest.raises(anthropic.NotFoundError) as info:
        _client(stand_url).messages.create(model="claude-nope", max_tokens=64, messages=MESSAGES)
    assert info.value.status_code == 404


def test_missing_max_tokens_is_bad_request(stand_url: str) -> None:
    # The SDK insists on max_tokens, so the raw HTTP layer is used to leave it out.
    client = _client(stand_url)
    with pytest.raises(anthropic.BadRequestError) as info:
        client.post(
            "/v1/messages",
            body={"model": "sim-large", "messages": MESSAGES},
            cast_to=anthropic.types.Message,
        )
    assert "max_tokens" in info.value.message
