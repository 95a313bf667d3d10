"""Prompt caching on the Anthropic wire: breakpoints at the end of the system prompt and on the
last block of the last user message; the stable sections (tools, system) first."""

from __future__ import annotations

from tether.messages import Message, Request, TextPart, ToolCall, ToolResultPart, ToolSpec
from tether.wire import anthropic as wire

EPHEMERAL = {"type": "ephemeral"}
TOOL = ToolSpec("read_file", "Read a file.", {"type": "object", "properties": {}})


def test_breakpoints_on_system_and_the_last_user_message() -> None:
    request = Request(
        (
            Message.text("system", "You are careful."),
            Message.text("user", "read a.py"),
            Message("assistant", (TextPart("ok"), ToolCall("c1", "read_file", '{"path":"a.py"}'))),
            Message("tool", (ToolResultPart("c1", "print(1)"),)),
        ),
        tools=(TOOL,),
    )
    body = wire.encode_request(request, "claude")
    assert list(body).index("tools") < list(body).index("system") < list(body).index("messages")
    assert body["system"] == [
        {"type": "text", "text": "You are careful.", "cache_control": EPHEMERAL}
    ]
    first, assistant, results = body["messages"]
    assert "cache_control" not in first["content"][-1]
    assert all("cache_control" not in b for b in assistant["content"])
    assert results["role"] == "user"
    assert results["content"][-1]["type"] == "tool_result"
    assert results["content"][-1]["cache_control"] == EPHEMERAL
    assert sum("cache_control" in b for m in body["messages"] for b in m["content"]) == 1


def test_no_system_no_system_breakpoint_and_the_decoder_reads_it_back() -> None:
    request = Request((Message.text("user", "hi"),))
    body = wire.encode_request(request, "claude")
    assert "system" not in body
    assert body["messages"][0]["content"] == [
        {"type": "text", "text": "hi", "cache_control": EPHEMERAL}
    ]
    with_system = Request((Message.text("system", "Be brief."), Message.text("user", "hi")))
    model, decoded = wire.decode_request(wire.encode_request(with_system, "claude"))
    assert model == "claude"
    assert [(m.role, m.text_content) for m in decoded.messages] == [
        ("system", "Be brief."),
        ("user", "hi"),
    ]


def test_an_assistant_last_message_gets_the_breakpoint_on_the_user_before_it() -> None:
    request = Request((Message.text("user", "hi"), Message.text("assistant", "Hel")))
    body = wire.encode_request(request, "claude")
    user, assistant = body["messages"]
    assert user["content"][-1]["cache_control"] == EPHEMERAL
    assert "cache_control" not in assistant["content"][-1]
