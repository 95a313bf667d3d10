"""Blocks tether has no neutral form for travel through the proxy, never dropped unsaid.

A client's conversation may hold blocks of its own API that tether's neutral messages do not
model: a PDF `document`, a `search_result`, an image inside a tool result (Claude Code's Read
tool on a screenshot), the provider's own web search (`server_tool_use`,
`web_search_tool_result`), and in the Responses API a `web_search_call` item or an `input_file`.
The proxy used to refuse some with a 400 ("unknown content block type") and drop others
silently (the model never saw the document). An upstream of the client's API now gets each
unchanged; an upstream of another API gets its text, or a note saying what was left out.
"""

from __future__ import annotations

import json
from typing import Any

import anthropic
import openai

from tests.proxy.conftest import ProxyFactory
from tests.proxy.helpers import sse

PDF = {"type": "base64", "media_type": "application/pdf", "data": "JVBERi0xLjQKJcfsj6IK"}
PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
DOCUMENT = {"type": "document", "source": PDF, "title": "invoice.pdf"}
TEXT_DOCUMENT = {"type": "document", "title": "notes.txt",
                 "source": {"type": "text", "media_type": "text/plain",
                            "data": "The invoice is due on 3 March."}}  # fmt: skip
SEARCH = [
    {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search",
     "input": {"query": "invoice due dates"}},
    {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_1", "content": [
        {"type": "web_search_result", "title": "Paying invoices", "url": "https://example.com/pay",
         "encrypted_content": "EqgfCioIARgB", "page_age": "2 days ago"}]},
    {"type": "text", "text": "Invoices are usually due within 30 days."},
]  # fmt: skip
SCREENSHOT = [
    {"type": "text", "text": "Screenshot of the failing page:"},
    {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}},
]
CONVERSATION: list[Any] = [
    {"role": "user", "content": [DOCUMENT, TEXT_DOCUMENT,
                                 {"type": "text", "text": "When is this invoice due?"}]},
    {"role": "assistant", "content": [
        *SEARCH, {"type": "tool_use", "id": "toolu_1", "name": "screenshot", "input": {}}]},
    {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": "toolu_1", "content": SCREENSHOT}]},
]  # fmt: skip
TOOL = {"name": "screenshot", "description": "Take a screenshot.",
        "input_schema": {"type": "object", "properties": {}}}  # fmt: skip
ANSWER = "The invoice is due on 3 March, as the notes say; the page shows it unpaid."


ANTHROPIC_REPLY = b"".join([
    sse("message_start", {"type": "message_start", "message": {
        "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-x",
        "content": [], "stop_reason": None, "usage": {"input_tokens": 90, "output_tokens": 1}}}),
    sse("content_block_start", {"type": "content_block_start", "index": 0,
                                "content_block": {"type": "text", "text": ""}}),
    sse("content_block_delta", {"type": "content_block_delta", "index": 0,
                                "delta": {"type": "text_delta", "text": ANSWER}}),
    sse("content_block_stop", {"type": "content_block_stop", "index": 0}),
    sse("message_delta", {"type": "message_delta", "delta": {"stop_reason": "end_turn"},
                          "usage": {"output_tokens": 20}}),
    sse("message_stop", {"type": "message_stop"}),
])  # fmt: skip
CHUNK = {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "m",
         "choices": [{"index": 0, "delta": {"role": "assistant", "content": ANSWER},
                      "finish_reason": "stop"}]}  # fmt: skip
CHAT_REPLY = f"data: {json.dumps(CHUNK)}\n\ndata: [DONE]\n\n".encode()
RESPONSE = {"id": "resp_1", "object": "response", "created_at": 1, "model": "gpt-x",
            "status": "completed", "output": [],
            "usage": {"input_tokens": 30, "output_tokens": 20, "total_tokens": 50}}  # fmt: skip
MESSAGE = {"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
           "content": [{"type": "output_text", "text": ANSWER, "annotations": []}]}  # fmt: skip
RESPONSES_REPLY = b"".join(
    f"event: {e['type']}\ndata: {json.dumps(e)}\n\n".encode()
    for e in [
        {"type": "response.created", "response": {**RESPONSE, "status": "in_progress"}},
        {"type": "response.output_item.added", "output_index": 0, "item": MESSAGE},
        {"type": "response.output_text.delta", "output_index": 0, "item_id": "msg_1",
         "content_index": 0, "delta": ANSWER},
        {"type": "response.output_item.done", "output_index": 0, "item": MESSAGE},
        {"type": "response.completed", "response": {**RESPONSE, "output": [MESSAGE]}},
    ]
)  # fmt: skip


def ask_claude(url: str) -> str:
    client = anthropic.Anthropic(base_url=url, api_key="k", max_retries=0)
    reply = client.messages.create(
        model="claude-x", max_tokens=500, tools=[TOOL], messages=CONVERSATION
    )
    return "".join(b.text for b in reply.content if b.type == "text")


def test_an_anthropic_upstream_gets_every_block_as_the_client_sent_it(
    proxy_factory: ProxyFactory, recorder: Any
) -> None:
    upstream = recorder(ANTHROPIC_REPLY)
    assert ask_claude(proxy_factory([upstream.url], api="anthropic")) == ANSWER
    sent = json.loads(upstream.received[-1][1])["messages"]
    assert sent[0]["content"][:2] == [DOCUMENT, TEXT_DOCUMENT]
    assert sent[1]["content"][:3] == SEARCH
    assert sent[2]["content"][0]["content"] == SCREENSHOT


def test_an_upstream_of_another_api_is_told_what_it_cannot_take(
    proxy_factory: ProxyFactory, recorder: Any
) -> None:
    upstream = recorder(CHAT_REPLY)
    assert ask_claude(proxy_factory([upstream.url], api="openai")) == ANSWER
    sent = json.dumps(json.loads(upstream.received[-1][1])["messages"])
    assert "The invoice is due on 3 March." in sent  # the text document's own text
    assert "a document block (invoice.pdf) was left out" in sent
    assert "Paying invoices https://example.com/pay" in sent  # what the search found
    assert "Screenshot of the failing page:" in sent and "an image block was left out" in sent
    assert PNG not in sent and PDF["data"] not in sent


def test_a_responses_upstream_gets_hosted_calls_and_files_as_the_client_sent_them(
    proxy_factory: ProxyFactory, recorder: Any
) -> None:
    upstream = recorder(RESPONSES_REPLY)
    client = openai.OpenAI(base_url=proxy_factory([upstream.url], api="responses") + "/v1",
                           api_key="k", max_retries=0)  # fmt: skip
    file_part = {"type": "input_file", "filename": "invoice.pdf",
                 "file_data": "data:application/pdf;base64," + PDF["data"]}  # fmt: skip
    search = {"type": "web_search_call", "id": "ws_1", "status": "completed",
              "action": {"type": "search", "query": "invoice due dates"}}  # fmt: skip
    said = {"type": "message", "role": "assistant",
            "content": [{"type": "output_text", "text": "Usually within 30 days."}]}  # fmt: skip
    reply = client.responses.create(
        model="gpt-x", store=False,
        input=[{"role": "user", "content": [file_part,
                                            {"type": "input_text", "text": "When is it due?"}]},
               search, said, {"role": "user", "content": "And this one?"}],
    )  # fmt: skip
    assert reply.output_text == ANSWER
    sent = json.loads(upstream.received[-1][1])["input"]
    assert sent[0]["content"][0] == file_part
    assert search in sent and sent.index(search) < sent.index(said | {"content": [
        {"type": "output_text", "text": "Usually within 30 days."}]})  # fmt: skip
