"""Reasoning a client sends back goes through the proxy as the provider sent it.

An Anthropic client with extended thinking sends each reply's thinking blocks back on the next
request of a tool loop, signature and all, and redacted blocks as they came; Anthropic refuses
a tool loop whose last assistant message does not start with them ("Expected `thinking` or
`redacted_thinking`, but found `tool_use`"). The proxy used to drop the signatures and the
redacted blocks, and to send streamed text before the thinking: every tool loop with thinking
failed at its second request. The client's `anthropic-beta` flags (interleaved thinking, beta
tools) reach an Anthropic upstream too, and only an upstream of that API.
"""

from __future__ import annotations

import json
from typing import Any

import anthropic
import pytest

from tests.helpers import RawServer
from tests.proxy.conftest import ProxyFactory
from tests.proxy.helpers import anthropic_client, block, responses_sse, sse
from tests.proxy.helpers import client as openai_client

SIGNATURE = "EqQBCkgIARABGAIiQL-a-signature-the-provider-checks"
REDACTED = "EmwKAhgBEgy3-opaque-data-of-a-withheld-thought"
TEXT = "I will list the files of the repository first, then read the one you named. " * 3
TOOL = {
    "name": "ls",
    "description": "List a folder.",
    "input_schema": {"type": "object", "properties": {"path": {"type": "string"}}},
}
BETA = "interleaved-thinking-2025-05-14"


# What Anthropic streams for a thinking turn that calls a tool: a signed thinking block, a
# redacted one, text longer than the proxy's holdback, then the call.
THINKING_TURN = b"".join(
    [
        sse(
            "message_start",
            {
                "type": "message_start",
                "message": {
                    "id": "msg_1",
                    "type": "message",
                    "role": "assistant",
                    "model": "claude-x",
                    "content": [],
                    "stop_reason": None,
                    "usage": {"input_tokens": 40, "output_tokens": 1},
                },
            },
        ),
        block(
            0,
            {"type": "thinking", "thinking": "", "signature": ""},
            {"type": "thinking_delta", "thinking": "The user wants the files listed."},
            {"type": "signature_delta", "signature": SIGNATURE},
        ),
        block(1, {"type": "redacted_thinking", "data": REDACTED}),
        block(2, {"type": "text", "text": ""}, {"type": "text_delta", "text": TEXT}),
        block(
            3,
            {"type": "tool_use", "id": "toolu_1", "name": "ls", "input": {}},
            {"type": "input_json_delta", "partial_json": '{"path": "."}'},
        ),
        sse(
            "message_delta",
            {
                "type": "message_delta",
                "delta": {"stop_reason": "tool_use"},
                "usage": {"output_tokens": 60},
            },
        ),
        sse("message_stop", {"type": "message_stop"}),
    ]
)
SENT_BLOCKS = [
    {"type": "thinking", "thinking": "The user wants the files listed.", "signature": SIGNATURE},
    {"type": "redacted_thinking", "data": REDACTED},
    {"type": "text", "text": TEXT},
    {"type": "tool_use", "id": "toolu_1", "name": "ls", "input": {"path": "."}},
]
CHAT_REPLY = (
    b'data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":'
    b'[{"index":0,"delta":{"role":"assistant","content":"The folder holds three files: a.txt, '
    b'b.txt and c.txt, as listed."},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n'
)


@pytest.fixture
def upstream(recorder: Any) -> RawServer:
    """An upstream that keeps every request and answers each with Anthropic's thinking turn."""
    server: RawServer = recorder(THINKING_TURN)
    return server


def ask(client: anthropic.Anthropic, stream: bool, messages: list[Any]) -> list[dict[str, Any]]:
    """One request with thinking on and the client's beta flag: the reply's blocks."""
    kw: dict[str, Any] = {
        "model": "claude-x", "max_tokens": 4000, "tools": [TOOL], "messages": messages,
        "thinking": {"type": "enabled", "budget_tokens": 2000}, "betas": [BETA],
    }  # fmt: skip
    if stream:
        with client.beta.messages.stream(**kw) as s:
            reply = s.get_final_message()
    else:
        reply = client.beta.messages.create(**kw)
    return [b.model_dump(exclude_none=True) for b in reply.content]


@pytest.mark.parametrize("stream", [True, False], ids=["streamed", "whole"])
def test_thinking_blocks_reach_the_client_signed_in_order_and_go_back_unchanged(
    proxy_factory: ProxyFactory, upstream: RawServer, stream: bool
) -> None:
    client = anthropic_client(proxy_factory([upstream.url], api="anthropic"))
    question = [{"role": "user", "content": "What is in this folder?"}]
    blocks = ask(client, stream, question)
    # The client got every block: signed, the redacted one, and the thinking before the text
    # (the text is longer than the holdback, yet it waited for the thinking).
    assert blocks == SENT_BLOCKS

    # The tool loop's next request carries the blocks back: the upstream gets them unchanged.
    result = {"type": "tool_result", "tool_use_id": "toolu_1", "content": "a.txt b.txt"}
    ask(client, stream, [*question, {"role": "assistant", "content": blocks},
                         {"role": "user", "content": [result]}])  # fmt: skip
    sent = json.loads(upstream.received[-1][1])
    assert sent["messages"][1] == {"role": "assistant", "content": SENT_BLOCKS}


def test_the_clients_beta_flags_reach_an_anthropic_upstream(
    proxy_factory: ProxyFactory, upstream: RawServer
) -> None:
    client = anthropic_client(proxy_factory([upstream.url], api="anthropic"))
    ask(client, True, [{"role": "user", "content": "What is in this folder?"}])
    headers, _ = upstream.received[-1]
    assert headers["anthropic-beta"] == BETA


def test_beta_flags_stay_away_from_an_upstream_of_another_api(
    proxy_factory: ProxyFactory,
    recorder: Any,
) -> None:
    server = recorder(CHAT_REPLY)
    client = anthropic_client(proxy_factory([server.url], api="openai"))
    reply = client.beta.messages.create(
        model="m", max_tokens=500, betas=[BETA],
        messages=[{"role": "user", "content": "What is in this folder?"}],
    )  # fmt: skip
    assert reply.content[0].type == "text" and "three files" in reply.content[0].text
    headers, _ = server.received[-1]
    assert "anthropic-beta" not in headers


SEALED = "gAAAAABo-encrypted-reasoning-only-its-provider-reads"
RESPONSE = {"id": "resp_1", "object": "response", "created_at": 1, "model": "gpt-x",
            "status": "in_progress", "output": []}  # fmt: skip
REASONING_ITEM = {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": SEALED}
CALL_ITEM = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "ls",
             "arguments": '{"path": "."}', "status": "completed"}  # fmt: skip
# What the Responses API streams for a reasoning turn that calls a tool, with
# `include: ["reasoning.encrypted_content"]` and `store: false` (as Codex asks).
REASONING_TURN = b"".join(
    responses_sse(e)
    for e in [
        {"type": "response.created", "response": RESPONSE},
        {"type": "response.output_item.added", "output_index": 0,
         "item": {**REASONING_ITEM, "encrypted_content": None}},
        {"type": "response.output_item.done", "output_index": 0, "item": REASONING_ITEM},
        {"type": "response.output_item.added", "output_index": 1,
         "item": {**CALL_ITEM, "arguments": "", "status": "in_progress"}},
        {"type": "response.function_call_arguments.delta", "output_index": 1,
         "item_id": "fc_1", "delta": '{"path": "."}'},
        {"type": "response.output_item.done", "output_index": 1, "item": CALL_ITEM},
        {"type": "response.completed", "response": {
            **RESPONSE, "status": "completed", "output": [REASONING_ITEM, CALL_ITEM],
            "usage": {"input_tokens": 30, "output_tokens": 20, "total_tokens": 50}}},
    ]
)  # fmt: skip


@pytest.mark.parametrize("stream", [True, False], ids=["streamed", "whole"])
def test_encrypted_reasoning_reaches_a_responses_client_and_goes_back_unchanged(
    proxy_factory: ProxyFactory, recorder: Any, stream: bool
) -> None:
    server = recorder(REASONING_TURN)
    client = openai_client(proxy_factory([server.url], api="responses"))
    tool = {"type": "function", "name": "ls", "description": "List a folder.",
            "parameters": TOOL["input_schema"]}  # fmt: skip
    kw: dict[str, Any] = {"model": "gpt-x", "tools": [tool], "store": False,
                          "include": ["reasoning.encrypted_content"]}  # fmt: skip
    question: list[Any] = [{"role": "user", "content": "What is in this folder?"}]
    if stream:
        with client.responses.stream(input=question, **kw) as s:
            reply = s.get_final_response()
    else:
        reply = client.responses.create(input=question, **kw)
    reasoning = [i for i in reply.output if i.type == "reasoning"]
    assert [i.encrypted_content for i in reasoning] == [SEALED]
    assert reply.output[0].type == "reasoning"  # before the call it led to

    # Codex's next request: the output items, then the call's result.
    items = [i.model_dump(exclude_none=True) for i in reply.output]
    result = {"type": "function_call_output", "call_id": "call_1", "output": "a.txt"}
    client.responses.create(input=[*question, *items, result], **kw)
    sent = json.loads(server.received[-1][1])["input"]
    assert [i for i in sent if i["type"] == "reasoning"] == [
        {"type": "reasoning", "summary": [], "encrypted_content": SEALED}
    ]


def test_a_signature_never_reaches_an_upstream_of_another_api(
    proxy_factory: ProxyFactory,
    recorder: Any,
) -> None:
    server = recorder(REASONING_TURN)
    client = anthropic_client(proxy_factory([server.url], api="responses"))
    earlier = [{"role": "user", "content": "What is in this folder?"},
               {"role": "assistant", "content": SENT_BLOCKS},
               {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1",
                                             "content": "a.txt"}]}]  # fmt: skip
    reply = client.messages.create(model="gpt-x", max_tokens=500, tools=[TOOL],
                                   messages=earlier)  # fmt: skip
    assert reply.content[-1].type == "tool_use"
    sent = json.loads(server.received[-1][1])["input"]
    assert SIGNATURE not in json.dumps(sent) and REDACTED not in json.dumps(sent)
    assert not [i for i in sent if i["type"] == "reasoning"]


@pytest.mark.parametrize("stream", [True, False], ids=["streamed", "whole"])
def test_an_anthropic_clients_reply_from_another_api_carries_no_seal(
    proxy_factory: ProxyFactory, recorder: Any, stream: bool
) -> None:
    """OpenAI's encrypted reasoning given to an Anthropic client as a thinking signature would
    be sent back, and refused by the next Anthropic upstream (or by Anthropic directly)."""
    server = recorder(REASONING_TURN)
    client = anthropic_client(proxy_factory([server.url], api="responses"))
    blocks = ask(client, stream, [{"role": "user", "content": "What is in this folder?"}])
    assert SEALED not in json.dumps(blocks)
    assert [b["type"] for b in blocks] == ["tool_use"]  # the call, and no empty thinking


@pytest.mark.parametrize("stream", [True, False], ids=["streamed", "whole"])
def test_a_responses_clients_reply_from_another_api_carries_no_seal(
    proxy_factory: ProxyFactory, upstream: RawServer, stream: bool
) -> None:
    client = openai_client(proxy_factory([upstream.url], api="anthropic"))
    question: list[Any] = [{"role": "user", "content": "What is in this folder?"}]
    kw: dict[str, Any] = {"model": "claude-x", "store": False,
                          "include": ["reasoning.encrypted_content"]}  # fmt: skip
    if stream:
        with client.responses.stream(input=question, **kw) as s:
            reply = s.get_final_response()
    else:
        reply = client.responses.create(input=question, **kw)
    dumped = json.dumps([i.model_dump() for i in reply.output])
    assert SIGNATURE not in dumped and REDACTED not in dumped
    reasoning = [i for i in reply.output if i.type == "reasoning"]
    # the thinking's text still reaches the client, as a summary of its reasoning item
    assert "The user wants the files listed." in json.dumps([i.model_dump() for i in reasoning])
