"""Tools the provider runs itself pass through the proxy to an upstream of the client's API.

Codex 0.171 sends `web_search` and a `namespace` of its multi-agent functions beside its
function tools; Claude Code's clients may send Anthropic's server tools (`web_search_20250305`).
tether does not run them, and it used to drop them, so a model behind the proxy never saw them.
"""

from __future__ import annotations

import json
from typing import Any

from tether.citations import Citations, UrlCitation
from tether.messages import TurnBuilder
from tether.proxy.forward import upstream_request
from tether.wire import anthropic, responses

CODEX_TOOLS: list[dict[str, Any]] = [
    {
        "type": "function",
        "name": "exec_command",
        "description": "Runs a command",
        "parameters": {"type": "object", "properties": {"cmd": {"type": "string"}}},
    },
    {
        "type": "namespace",
        "name": "multi_agent_v1",
        "tools": [{"type": "function", "name": "spawn"}],
    },
    {"type": "web_search", "external_web_access": False},
]


def test_responses_hosted_tools_reach_a_responses_upstream_as_sent() -> None:
    body = {"model": "gpt-5-codex", "input": "hi", "tools": CODEX_TOOLS, "stream": True}
    _, request = responses.decode_request(body)
    assert [t.name for t in request.tools] == ["exec_command"]
    sent = upstream_request("responses", body, request, {"responses"})
    tools = responses.encode_request(sent, "gpt-5-codex")["tools"]
    assert tools[0]["name"] == "exec_command" and tools[1:] == CODEX_TOOLS[1:]


def test_anthropic_server_tools_reach_an_anthropic_upstream_as_sent() -> None:
    search = {"type": "web_search_20250305", "name": "web_search", "max_uses": 3}
    body = {
        "model": "claude-opus-4-8",
        "max_tokens": 100,
        "messages": [{"role": "user", "content": "news?"}],
        "tools": [search],
    }
    _, request = anthropic.decode_request(body)
    assert request.tools == () and request.hosted_tools == (search,)
    sent = upstream_request("anthropic", body, request, {"anthropic"})
    assert anthropic.encode_request(sent, "claude-opus-4-8")["tools"] == [search]


def test_an_upstream_of_another_api_gets_none() -> None:
    body = {"model": "gpt-5-codex", "input": "hi", "tools": CODEX_TOOLS}
    _, request = responses.decode_request(body)
    sent = upstream_request("responses", body, request, {"responses", "anthropic"})
    assert sent.hosted_tools == ()
    tools = anthropic.encode_request(sent, "claude-opus-4-8")["tools"]
    assert [t["name"] for t in tools] == ["exec_command"]


def test_a_whole_anthropic_reply_keeps_its_server_tool_blocks_in_place() -> None:
    """A non-streamed reply with a web search (the library's `stream = false` providers):
    the blocks come out of the turn as they went in, the text between them as text."""
    content: list[dict[str, Any]] = [
        {"type": "text", "text": "Searching."},
        {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search",
         "input": {"query": "tides"}},
        {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_1",
         "content": [{"type": "web_search_result", "title": "Tides", "url": "https://t.example",
                      "encrypted_content": "Eq1"}]},
        {"type": "text", "text": "High tide is at noon.",
         "citations": [{"type": "web_search_result_location", "url": "https://t.example",
                        "title": "Tides", "cited_text": "noon", "encrypted_index": "Eo1"}]},
        {"type": "text", "text": " Low tide at six."},
    ]  # fmt: skip
    body = {"id": "msg_1", "type": "message", "role": "assistant", "content": content,
            "stop_reason": "end_turn", "usage": {"input_tokens": 9, "output_tokens": 9}}  # fmt: skip
    builder = TurnBuilder()
    for event in anthropic.decode_whole(json.dumps(body).encode()):
        builder.add(event)
    turn = builder.build()
    assert turn.content == "Searching.High tide is at noon. Low tide at six."
    again = anthropic.message_body("m", "msg_2", content=turn.content, reasoning=(),
                                   tool_calls=(), finish_raw="end_turn", usage=None,
                                   pieces=turn.pieces("anthropic"))  # fmt: skip
    assert again["content"] == content
    # another API's client: the text, and after the cited words which page they cite
    cited = Citations((UrlCitation(10, 31, "https://t.example", "Tides"),))
    assert turn.pieces("openai") == ["Searching.High tide is at noon.", cited, " Low tide at six."]
    assert turn.content[10:31] == "High tide is at noon."
