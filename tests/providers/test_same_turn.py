"""tether's three adapters against the stand: one script, three wire formats, the same Turn."""

from __future__ import annotations

import json
from typing import Any

import anyio
import pytest

from tests.helpers import StandFactory
from tether.messages import (
    Message,
    ReasoningPart,
    Request,
    TextPart,
    ToolResultPart,
    ToolSpec,
    Turn,
    collect,
)
from tether.providers import AnthropicProvider, HTTPProvider, OllamaProvider, OpenAIProvider

APIS = ("openai", "anthropic", "ollama")
MODEL = "sim-large"
TEXT = "Here is what I found: the museum opens at nine and closes at six on weekdays."
REASONING = "The user wants opening hours; I should look them up before answering."
CALLS = [
    {"name": "lookup", "arguments": {"query": "louvre hours", "limit": 3}, "id": "call_lookup_1"},
    {"name": "get_weather", "arguments": {"city": "Paris", "days": 2}, "id": "call_weather_2"},
]
TOOLS = (
    ToolSpec(
        "lookup",
        "Search the web",
        {"type": "object", "properties": {"query": {"type": "string"}}},
    ),
    ToolSpec(
        "get_weather",
        "Weather forecast",
        {"type": "object", "properties": {"city": {"type": "string"}}},
    ),
)
REQUEST = Request(
    messages=(
        Message.text("system", "You are a helpful guide."),
        Message.text("user", "When is the Louvre open?"),
    ),
    tools=TOOLS,
)


def _provider(api: str, url: str, conversation: str | None = None) -> HTTPProvider:
    headers = {"x-stand-conversation": conversation} if conversation else None
    if api == "openai":
        return OpenAIProvider(url + "/v1", MODEL, headers=headers)
    if api == "anthropic":
        return AnthropicProvider(url, MODEL, headers=headers)
    return OllamaProvider(url, MODEL, headers=headers)


async def _ask(provider: HTTPProvider, request: Request) -> Turn:
    async with provider:
        return await collect(provider.stream(request))


def _turns(url: str, request: Request = REQUEST) -> dict[str, Turn]:
    """One turn per API; each API is its own conversation, so each gets the script's first turn."""

    async def main() -> dict[str, Turn]:
        return {api: await _ask(_provider(api, url, api), request) for api in APIS}

    return anyio.run(main)


def _shape(turn: Turn) -> dict[str, Any]:
    """What must not depend on the wire format (tool-call ids aside: Ollama sends none)."""
    assert turn.usage is not None
    return {
        "content": turn.content,
        "reasoning": turn.reasoning,
        "calls": [(c.name, json.loads(c.arguments)) for c in turn.tool_calls],
        "finish_reason": turn.finish_reason,
        "termination": turn.termination,
        "prompt_tokens": turn.usage.prompt_tokens,
        "completion_tokens": turn.usage.completion_tokens,
        "errors": turn.errors,
        "malformed": turn.malformed,
    }


def test_text_reasoning_and_usage_are_the_same(stand_factory: StandFactory) -> None:
    usage = {"prompt_tokens": 1500, "completion_tokens": 64, "cached_tokens": 1024}
    url = stand_factory(
        script={
            "models": {MODEL: {"turns": [{"text": TEXT, "reasoning": REASONING, "usage": usage}]}}
        }
    )
    turns = _turns(url)
    shapes = {api: _shape(t) for api, t in turns.items()}
    assert shapes["openai"] == {
        "content": TEXT,
        "reasoning": REASONING,
        "calls": [],
        "finish_reason": "stop",
        "termination": "stop",
        "prompt_tokens": 1500,
        "completion_tokens": 64,
        "errors": (),
        "malformed": (),
    }
    assert shapes["anthropic"] == shapes["openai"]
    assert shapes["ollama"] == shapes["openai"]
    # Cached tokens: OpenAI reports them inside prompt_tokens, Anthropic beside input_tokens;
    # both normalise to the same counts. Ollama's format has no field for them.
    assert turns["openai"].usage is not None
    assert turns["anthropic"].usage is not None
    assert turns["openai"].usage.cached_tokens == 1024
    assert turns["anthropic"].usage.cached_tokens == 1024
    assert turns["anthropic"].usage.raw["input_tokens"] == 1500 - 1024
    assert [t.raw_finish_reason for t in turns.values()] == ["stop", "end_turn", "stop"]


def test_cache_writes_count_as_prompt_tokens(stand_factory: StandFactory) -> None:
    usage = {
        "prompt_tokens": 2000,
        "completion_tokens": 10,
        "cached_tokens": 600,
        "cache_write_tokens": 900,
    }
    url = stand_factory(script={"models": {MODEL: {"turns": [{"text": TEXT, "usage": usage}]}}})
    turns = _turns(url)
    for api, turn in turns.items():
        assert turn.usage is not None
        assert turn.usage.prompt_tokens == 2000, api
    anthropic_usage = turns["anthropic"].usage
    assert anthropic_usage is not None
    assert anthropic_usage.raw["input_tokens"] == 500
    assert (anthropic_usage.cached_tokens, anthropic_usage.cache_write_tokens) == (600, 900)


def test_tool_calls_are_the_same(stand_factory: StandFactory) -> None:
    usage = {"prompt_tokens": 300, "completion_tokens": 40}
    turn = {"text": "Let me check.", "tool_calls": CALLS, "usage": usage}
    url = stand_factory(script={"models": {MODEL: {"turns": [turn]}}})
    turns = _turns(url)
    shapes = {api: _shape(t) for api, t in turns.items()}
    assert shapes["openai"]["calls"] == [(c["name"], c["arguments"]) for c in CALLS]
    assert shapes["openai"]["content"] == "Let me check."
    assert shapes["openai"]["finish_reason"] == "tool_calls"
    assert shapes["openai"]["termination"] == "tool_calls"
    assert shapes["anthropic"] == shapes["openai"]
    assert shapes["ollama"] == shapes["openai"]
    scripted_ids = [c["id"] for c in CALLS]
    assert [c.id for c in turns["openai"].tool_calls] == scripted_ids
    assert [c.id for c in turns["anthropic"].tool_calls] == scripted_ids
    assert len({c.id for c in turns["ollama"].tool_calls}) == 2
    assert [t.raw_finish_reason for t in turns.values()] == ["tool_calls", "tool_use", "stop"]


def test_length_finish_is_the_same(stand_factory: StandFactory) -> None:
    turn = {"text": TEXT, "finish_reason": "length", "usage": {"completion_tokens": 16}}
    url = stand_factory(script={"models": {MODEL: {"turns": [turn]}}})
    shapes = {api: _shape(t) for api, t in _turns(url).items()}
    assert shapes["openai"]["finish_reason"] == "length"
    assert shapes["openai"]["termination"] == "length"
    assert shapes["openai"]["content"] == TEXT
    assert shapes["anthropic"] == shapes["openai"]
    assert shapes["ollama"] == shapes["openai"]


def test_estimated_usage_does_not_depend_on_the_wire_format(stand_factory: StandFactory) -> None:
    url = stand_factory(script={"models": {MODEL: {"turns": [{"text": TEXT}]}}})
    shapes = {api: _shape(t) for api, t in _turns(url).items()}
    assert shapes["openai"]["prompt_tokens"] > 0
    assert shapes["openai"]["completion_tokens"] > 0
    assert shapes["anthropic"] == shapes["openai"]
    assert shapes["ollama"] == shapes["openai"]


def test_default_reply_is_the_same(stand_factory: StandFactory) -> None:
    url = stand_factory()
    shapes = {api: _shape(t) for api, t in _turns(url).items()}
    assert MODEL in shapes["openai"]["content"]
    assert "When is the Louvre open?" in shapes["openai"]["content"]
    assert shapes["anthropic"] == shapes["openai"]
    assert shapes["ollama"] == shapes["openai"]


@pytest.mark.parametrize("api", APIS)
def test_second_request_gets_the_second_turn(stand_factory: StandFactory, api: str) -> None:
    script = {
        "models": {
            MODEL: {
                "turns": [
                    {"reasoning": REASONING, "tool_calls": CALLS[:1]},
                    {"text": TEXT},
                    {"text": "A third turn, never reached here."},
                ]
            }
        }
    }
    url = stand_factory(script=script)

    async def main() -> tuple[Turn, Turn]:
        # No conversation header: the stand keys the conversation on its opening messages.
        first = await _ask(_provider(api, url), REQUEST)
        assert first.termination == "tool_calls"
        call = first.tool_calls[0]
        follow = Request(
            messages=(
                *REQUEST.messages,
                Message(
                    "assistant", (ReasoningPart(first.reasoning), TextPart(first.content), call)
                ),
                Message("tool", (ToolResultPart(call.id, "Open 9:00-18:00.", call.name),)),
            ),
            tools=TOOLS,
        )
        second = await _ask(_provider(api, url), follow)
        return first, second

    first, second = anyio.run(main)
    assert [(c.name, json.loads(c.arguments)) for c in first.tool_calls] == [
        (CALLS[0]["name"], CALLS[0]["arguments"])
    ]
    assert first.reasoning == REASONING
    assert second.content == TEXT
    assert second.tool_calls == ()
    assert second.finish_reason == "stop"
    assert second.termination == "stop"
    assert first.usage is not None
    assert second.usage is not None
    # The second request carried the first turn and the tool result, so it read more tokens.
    assert second.usage.prompt_tokens > first.usage.prompt_tokens
