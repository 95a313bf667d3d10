"""Each format's encoder and decoder agree: what the stand sends is what the adapter reads."""

from __future__ import annotations

from typing import Any

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tether.messages import (
    Event,
    Finish,
    ImagePart,
    Message,
    ReasoningDelta,
    Request,
    StreamEnd,
    TextDelta,
    TextPart,
    ToolCall,
    ToolCallDelta,
    ToolResultPart,
    ToolSpec,
    Turn,
    TurnBuilder,
    Usage,
    UsageReport,
)
from tether.wire import anthropic, ollama, openai

text = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=40)


@st.composite
def replies(draw: Any) -> list[Event]:
    events: list[Event] = [ReasoningDelta(t) for t in draw(st.lists(text, max_size=3))]
    events += [TextDelta(t) for t in draw(st.lists(text, max_size=4))]
    calls = draw(
        st.lists(st.dictionaries(st.sampled_from("abc"), st.integers(-(2**40), 2**40)), max_size=2)
    )
    for i, args in enumerate(calls):
        raw = orjson.dumps(args).decode()
        events.append(ToolCallDelta(i, "", f"call_{i}", f"tool_{i}"))
        events += [ToolCallDelta(i, raw[j : j + 5]) for j in range(0, len(raw), 5)]
    reason = "tool_calls" if calls else draw(st.sampled_from(["stop", "length"]))
    events.append(Finish(reason, reason))
    prompt = draw(st.integers(min_value=0, max_value=10**6))
    cached = draw(st.integers(min_value=0, max_value=prompt))
    events.append(UsageReport(Usage(prompt, draw(st.integers(0, 10**5)), cached)))
    events.append(StreamEnd())
    return events


def built(events: list[Event]) -> Turn:
    builder = TurnBuilder()
    for e in events:
        builder.add(e)
    return builder.build()


def through(fmt: str, events: list[Event]) -> list[Event]:
    encoder: Any
    if fmt == "openai":
        encoder, decoder = openai.StreamEncoder("m", "id"), openai.StreamDecoder()
    elif fmt == "anthropic":
        encoder, decoder = anthropic.StreamEncoder("m", "id"), anthropic.StreamDecoder()
    else:
        encoder, decoder = ollama.StreamEncoder("m"), ollama.StreamDecoder()
    usage = next(e.usage for e in events if isinstance(e, UsageReport))
    data = encoder.start(usage) + b"".join(encoder.encode(e) for e in events)
    return decoder.feed(data) + decoder.flush()


def same(a: Turn, b: Turn, cache: bool = True) -> None:
    assert b.content == a.content
    assert b.reasoning == a.reasoning
    assert [(c.name, orjson.loads(c.arguments)) for c in b.tool_calls] == [
        (c.name, orjson.loads(c.arguments)) for c in a.tool_calls
    ]
    assert b.finish_reason == a.finish_reason
    assert b.termination == a.termination
    assert a.usage is not None and b.usage is not None
    assert (b.usage.prompt_tokens, b.usage.completion_tokens) == (
        a.usage.prompt_tokens,
        a.usage.completion_tokens,
    )
    if cache:  # Ollama reports no cache counts at all
        assert b.usage.cached_tokens == a.usage.cached_tokens


@pytest.mark.parametrize("fmt", ["openai", "anthropic", "ollama"])
@settings(max_examples=60, deadline=None)
@given(events=replies())
def test_stream_round_trip(fmt: str, events: list[Event]) -> None:
    same(built(events), built(through(fmt, events)), cache=fmt != "ollama")


def test_anthropic_usage_excludes_cache_on_the_wire() -> None:
    raw = anthropic.usage_to_raw(Usage(prompt_tokens=1000, completion_tokens=5, cached_tokens=900))
    assert raw["input_tokens"] == 100
    assert raw["cache_read_input_tokens"] == 900
    assert anthropic.usage_from_raw(raw).prompt_tokens == 1000


def test_openai_usage_includes_cache() -> None:
    raw = {
        "prompt_tokens": 1000,
        "completion_tokens": 5,
        "prompt_tokens_details": {"cached_tokens": 900},
    }
    usage = openai.usage_from_raw(raw)
    assert (usage.prompt_tokens, usage.cached_tokens, usage.raw) == (1000, 900, raw)


REQUEST = Request(
    messages=(
        Message.text("system", "You are terse."),
        Message(
            "user", (TextPart("look at this"), ImagePart(data="aGVsbG8=", media_type="image/png"))
        ),
        Message(
            "assistant", (TextPart("reading"), ToolCall("call_1", "read_file", '{"path": "a.py"}'))
        ),
        Message("tool", (ToolResultPart("call_1", "print('hi')", "read_file"),)),
        Message.text("user", "and now?"),
    ),
    tools=(
        ToolSpec(
            "read_file",
            "Read a file",
            {"type": "object", "properties": {"path": {"type": "string"}}},
        ),
    ),
    max_tokens=100,
)


@pytest.mark.parametrize("wire", [openai, anthropic, ollama])
def test_request_round_trip(wire: Any) -> None:
    model, decoded = wire.decode_request(wire.encode_request(REQUEST, "sim-large"))
    assert model == "sim-large"
    assert decoded.system == "You are terse."
    assert [m.role for m in decoded.messages] == ["system", "user", "assistant", "tool", "user"]
    assert decoded.messages[1].text_content == "look at this"
    assert any(isinstance(p, ImagePart) for p in decoded.messages[1].parts)
    call = decoded.messages[2].tool_calls[0]
    assert (call.name, orjson.loads(call.arguments)) == ("read_file", {"path": "a.py"})
    result = decoded.messages[3].parts[0]
    assert isinstance(result, ToolResultPart) and result.content == "print('hi')"
    assert decoded.tools[0].name == "read_file"
    assert decoded.tools[0].parameters["properties"]["path"]["type"] == "string"
    assert decoded.max_tokens == 100
