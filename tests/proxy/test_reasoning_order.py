"""Reasoning comes back to the client where the provider made it, among the reply's blocks.

With interleaved thinking a model thinks, runs its own web search, thinks about what it found,
then answers: `thinking, server_tool_use, web_search_tool_result, thinking, text`. Anthropic
asks that the assistant message be echoed exactly as received ("rebuilding the message ...
triggers a 400 error"). The Responses API likewise wants each reasoning item followed by the
item it led to. The proxy used to put every reasoning block first: the client got, and sent
back, `thinking, thinking, server_tool_use, ...`, and OpenAI's reasoning items were sent
upstream ahead of the search calls they led to.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.proxy.conftest import ProxyFactory
from tests.proxy.helpers import anthropic_client, block, sse
from tests.proxy.helpers import client as openai_client
from tests.proxy.test_server_tool_replies import (
    CITATION,
    CITED,
    QUERY,
    RESULTS,
    SEARCH_CALL,
    ask_claude,
    ask_responses,
    responses_turn,
)

FIRST_SIG = "EqQBCkgIARABGAIiQL-first-thought"
SECOND_SIG = "EqQBCkgIARABGAIiQL-second-thought"
FIRST = "The user wants the usual invoice terms; I should search."
SECOND = "The first result gives 30 days; that answers it."


def interleaved_turn() -> bytes:
    """Anthropic's stream for a thinking turn with its web search in the middle."""
    return b"".join([
        sse("message_start", {"type": "message_start", "message": {
            "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-x",
            "content": [], "stop_reason": None, "usage": {"input_tokens": 900, "output_tokens": 1}}}),
        block(0, {"type": "thinking", "thinking": "", "signature": ""},
              {"type": "thinking_delta", "thinking": FIRST},
              {"type": "signature_delta", "signature": FIRST_SIG}),
        block(1, {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {}},
              {"type": "input_json_delta", "partial_json": json.dumps(QUERY)}),
        block(2, {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_1",
                  "content": RESULTS}),
        block(3, {"type": "thinking", "thinking": "", "signature": ""},
              {"type": "thinking_delta", "thinking": SECOND},
              {"type": "signature_delta", "signature": SECOND_SIG}),
        block(4, {"type": "text", "text": ""}, {"type": "citations_delta", "citation": CITATION},
              {"type": "text_delta", "text": CITED}),
        sse("message_delta", {"type": "message_delta", "delta": {"stop_reason": "end_turn"},
                              "usage": {"output_tokens": 80}}),
        sse("message_stop", {"type": "message_stop"}),
    ])  # fmt: skip


BLOCKS = [
    {"type": "thinking", "thinking": FIRST, "signature": FIRST_SIG},
    {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": QUERY},
    {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_1", "content": RESULTS},
    {"type": "thinking", "thinking": SECOND, "signature": SECOND_SIG},
    {"type": "text", "text": CITED, "citations": [CITATION]},
]


@pytest.mark.parametrize("stream", [True, False], ids=["streamed", "whole"])
def test_an_anthropic_client_gets_each_thought_where_it_was_and_sends_them_back_so(
    proxy_factory: ProxyFactory, recorder: Any, stream: bool
) -> None:
    upstream = recorder(interleaved_turn())
    client = anthropic_client(proxy_factory([upstream.url], api="anthropic"))
    question = [{"role": "user", "content": "When are invoices due?"}]
    blocks = ask_claude(client, stream, question)
    assert blocks == BLOCKS

    later = [*question, {"role": "assistant", "content": blocks},
             {"role": "user", "content": "And if I pay late?"}]  # fmt: skip
    ask_claude(client, stream, later)
    sent = json.loads(upstream.received[-1][1])
    assert sent["messages"][1] == {"role": "assistant", "content": BLOCKS}


def sealed(n: int) -> dict[str, Any]:
    return {"type": "reasoning", "id": f"rs_{n}", "summary": [],
            "encrypted_content": f"gAAAAB-sealed-thought-{n}"}  # fmt: skip


MESSAGE = {"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
           "content": [{"type": "output_text", "text": CITED, "annotations": []}]}  # fmt: skip


@pytest.mark.parametrize("stream", [True, False], ids=["streamed", "whole"])
def test_a_responses_client_gets_each_reasoning_item_before_the_item_it_led_to(
    proxy_factory: ProxyFactory, recorder: Any, stream: bool
) -> None:
    upstream = recorder(responses_turn(sealed(1), SEARCH_CALL, sealed(2), MESSAGE))
    client = openai_client(proxy_factory([upstream.url], api="responses"))
    output = ask_responses(client, stream, [{"role": "user", "content": "When are invoices due?"}])
    assert [i["type"] for i in output] == ["reasoning", "web_search_call", "reasoning", "message"]
    assert [i.get("encrypted_content") for i in output if i["type"] == "reasoning"] == [
        "gAAAAB-sealed-thought-1", "gAAAAB-sealed-thought-2",
    ]  # fmt: skip

    # sent back as Codex does: upstream in the same order, each reasoning before its item
    ask_responses(client, stream, [{"role": "user", "content": "When?"}, *output,
                                   {"role": "user", "content": "And if I pay late?"}])  # fmt: skip
    sent = json.loads(upstream.received[-1][1])["input"]
    kinds = [i.get("type") or i.get("role") for i in sent]
    assert kinds[1:5] == ["reasoning", "web_search_call", "reasoning", "message"]
