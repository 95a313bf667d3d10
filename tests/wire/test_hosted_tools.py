"""Tools the provider runs itself pass through the proxy to an upstream of the client's API.

Codex 0.171 sends `web_search` and a `namespace` of its multi-agent functions beside its
function tools; Claude Code's clients may send Anthropic's server tools (`web_search_20250305`).
tether does not run them, and it used to drop them, so a model behind the proxy never saw them.
"""

from __future__ import annotations

from typing import Any

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
