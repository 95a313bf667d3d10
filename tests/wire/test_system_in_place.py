"""System messages after the conversation began (Anthropic's mid-conversation system messages).

Claude Code 2.1 sends `{"role": "system"}` inside `messages` (its list of agent types, after the
user's turn). tether's proxy answered such a request with a 400 ("expected user or
assistant"), so Claude Code could not be used through it at all. Such a message keeps its place
where the client put it in a format that defines one there; where only some models accept one
(an Anthropic upstream of an OpenAI client), it is folded into the system prompt.
"""

from __future__ import annotations

from tether.messages import Message, Request
from tether.wire import anthropic, openai, responses

# The shape of Claude Code 2.1.197's first request (texts shortened).
CLAUDE_CODE = {
    "model": "claude-opus-4-8",
    "max_tokens": 64000,
    "stream": True,
    "system": [
        {"type": "text", "text": "x-anthropic-billing-header: cc_version=2.1.197;"},
        {"type": "text", "text": "You are a Claude agent.", "cache_control": {"type": "ephemeral"}},
    ],
    "messages": [
        {"role": "user", "content": [{"type": "text", "text": "say hi"}]},
        {"role": "system", "content": "Available agent types for the Agent tool:\n- claude"},
    ],
}


def test_an_anthropic_request_with_a_system_message_in_its_messages_is_read() -> None:
    _, request = anthropic.decode_request(CLAUDE_CODE)
    assert [m.role for m in request.messages] == ["system", "user", "system"]
    assert request.messages[2].text_content.startswith("Available agent types")
    assert request.system_in_place


def test_it_keeps_its_place_on_the_way_to_an_anthropic_upstream() -> None:
    _, request = anthropic.decode_request(CLAUDE_CODE)
    body = anthropic.encode_request(request, "claude-opus-4-8")
    assert [m["role"] for m in body["messages"]] == ["user", "system"]
    assert body["messages"][1]["content"] == [
        {"type": "text", "text": "Available agent types for the Agent tool:\n- claude"}
    ]
    (prompt,) = body["system"]  # the top system prompt has only what was there
    assert "Available agent types" not in prompt["text"]
    assert prompt["text"].endswith("You are a Claude agent.")


def test_from_a_format_that_allows_it_anywhere_it_is_folded_for_anthropic() -> None:
    """An OpenAI client's later system message: not every Claude model takes one in
    `messages`, and every one takes a system prompt."""
    _, request = openai.decode_request(
        {
            "model": "m",
            "messages": [
                {"role": "system", "content": "Be terse."},
                {"role": "user", "content": "hi"},
                {"role": "system", "content": "Answer in French."},
                {"role": "user", "content": "again"},
            ],
        }
    )
    assert not request.system_in_place
    body = anthropic.encode_request(request, "claude-haiku-4-5")
    assert {m["role"] for m in body["messages"]} == {"user"}
    assert body["system"][0]["text"] == "Be terse.\n\nAnswer in French."


def test_the_responses_api_gets_it_as_an_input_item_in_place() -> None:
    request = Request(
        messages=(
            Message.text("system", "Be terse."),
            Message.text("user", "hi"),
            Message.text("system", "Answer in French."),
        )
    )
    body = responses.encode_request(request, "gpt-5")
    assert body["instructions"] == "Be terse."
    assert [(i["role"], i["content"][0]["text"]) for i in body["input"]] == [
        ("user", "hi"),
        ("system", "Answer in French."),
    ]
