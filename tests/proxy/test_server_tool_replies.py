"""What the provider's own tools put in a reply reaches a client of its API, in order.

Claude Code's WebSearch tool asks Anthropic with the `web_search_20250305` server tool and
reads what was found from the reply's `web_search_tool_result` blocks; the answer's text cites
the pages (`citations`). The proxy's stream decoder used to drop every such block: through
tether the search found nothing, and the text lost its sources. The same held for the
Responses API's hosted tools (`web_search_call` items, `url_citation` annotations), and a
reply that was only a hosted tool's item (a generated image) was judged empty. A client of
the upstream's API now gets each block verbatim at its place, streamed or whole, and can send
them back unchanged; a client of another API gets the text, and the text's url citations in
its own API's words (a chat client's `annotations`, a Responses client's `url_citation`s).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anthropic
import openai
import pytest

from tests.proxy.conftest import ProxyFactory
from tests.proxy.helpers import anthropic_client, ask_cited, block, responses_sse, sse
from tests.proxy.helpers import client as openai_client
from tether.audit import audit_record

QUERY = {"query": "invoice payment terms"}
RESULTS = [
    {"type": "web_search_result", "title": "Paying invoices", "url": "https://example.com/pay",
     "encrypted_content": "EqgfCioIARgBIiQ3-page-one", "page_age": "2 days ago"},
    {"type": "web_search_result", "title": "Late fees", "url": "https://example.com/late",
     "encrypted_content": "EqgfCioIARgBIiQ3-page-two"},
]  # fmt: skip
CITATION = {"type": "web_search_result_location", "url": "https://example.com/pay",
            "title": "Paying invoices", "cited_text": "Invoices are due within 30 days.",
            "encrypted_index": "Eo8BCioIAhgBIiQ"}  # fmt: skip
SHORT = "I will look up the usual terms."
LONG = (
    "I will look up the usual payment terms for invoices, and what suppliers tend to "
    "charge when one is paid late, before answering."
)
CITED = "Invoices are usually due within 30 days of issue."
AFTER = (
    " Many suppliers also accept early payment with a small discount, so it is worth asking "
    "before you pay; a late payment may cost a fee."
)


def search_turn(opening: str) -> bytes:
    """What Anthropic streams for a turn with its web search: a sentence, the search (its
    input streamed), the results, text that cites them, more text."""
    return b"".join([
        sse("message_start", {"type": "message_start", "message": {
            "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-x",
            "content": [], "stop_reason": None, "usage": {"input_tokens": 900, "output_tokens": 1}}}),
        block(0, {"type": "text", "text": ""}, {"type": "text_delta", "text": opening}),
        block(1, {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {}},
              {"type": "input_json_delta", "partial_json": '{"query": "invoice '},
              {"type": "input_json_delta", "partial_json": 'payment terms"}'}),
        block(2, {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_1",
                  "content": RESULTS}),
        block(3, {"type": "text", "text": ""}, {"type": "citations_delta", "citation": CITATION},
              {"type": "text_delta", "text": CITED}),
        block(4, {"type": "text", "text": ""}, {"type": "text_delta", "text": AFTER}),
        sse("message_delta", {"type": "message_delta", "delta": {"stop_reason": "end_turn"},
                              "usage": {"output_tokens": 80,
                                        "server_tool_use": {"web_search_requests": 1}}}),
        sse("message_stop", {"type": "message_stop"}),
    ])  # fmt: skip


def blocks_of(opening: str) -> list[dict[str, Any]]:
    """The reply's content as Anthropic's SDK assembles it from that stream."""
    return [
        {"type": "text", "text": opening},
        {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": QUERY},
        {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_1", "content": RESULTS},
        {"type": "text", "text": CITED, "citations": [CITATION]},
        {"type": "text", "text": AFTER},
    ]


WEB_SEARCH = {"type": "web_search_20250305", "name": "web_search", "max_uses": 5}


def ask_claude(client: anthropic.Anthropic, stream: bool, messages: list[Any]) -> list[Any]:
    kw: dict[str, Any] = {"model": "claude-x", "max_tokens": 2000, "tools": [WEB_SEARCH],
                          "messages": messages}  # fmt: skip
    if stream:
        with client.messages.stream(**kw) as s:
            reply = s.get_final_message()
    else:
        reply = client.messages.create(**kw)
    return [b.model_dump(exclude_none=True) for b in reply.content]


@pytest.mark.parametrize("opening", [SHORT, LONG], ids=["held-opening", "streamed-opening"])
@pytest.mark.parametrize("stream", [True, False], ids=["streamed", "whole"])
def test_a_web_search_reaches_an_anthropic_client_in_order_and_goes_back_unchanged(
    proxy_factory: ProxyFactory, recorder: Any, stream: bool, opening: str
) -> None:
    upstream = recorder(search_turn(opening))
    client = anthropic_client(proxy_factory([upstream.url], api="anthropic"))
    question = [{"role": "user", "content": "When are invoices due?"}]
    blocks = ask_claude(client, stream, question)
    # The search, what it found, the text citing it, in the order the provider sent them
    # (text the holdback had streamed already stays before the search; none overtakes it).
    assert blocks == blocks_of(opening)

    later = [*question, {"role": "assistant", "content": blocks},
             {"role": "user", "content": "And if I pay late?"}]  # fmt: skip
    ask_claude(client, stream, later)
    sent = json.loads(upstream.received[-1][1])
    assert sent["messages"][1] == {"role": "assistant", "content": blocks_of(opening)}
    assert sent["tools"] == [WEB_SEARCH]


# The cited sentence as a client of OpenAI's APIs gets it: a url citation of its span.
CITED_SPAN = {"start_index": len(SHORT), "end_index": len(SHORT) + len(CITED),
              "title": "Paying invoices", "url": "https://example.com/pay"}  # fmt: skip


@pytest.mark.parametrize("stream", [True, False], ids=["streamed", "whole"])
def test_a_chat_client_of_that_upstream_gets_the_text_and_its_sources(
    proxy_factory: ProxyFactory, recorder: Any, stream: bool
) -> None:
    upstream = recorder(search_turn(SHORT))
    url = proxy_factory([upstream.url], upstream={"api": "anthropic"}, api="openai")
    text, cited = ask_cited(openai_client(url), stream, "When are invoices due?")
    assert text == SHORT + CITED + AFTER
    # the search's own blocks have no place in chat completions; which words cite which
    # page does: as the url citation a search model of that API would have sent
    assert cited == [{"type": "url_citation", "url_citation": CITED_SPAN}]


@pytest.mark.parametrize("stream", [True, False], ids=["streamed", "whole"])
def test_a_responses_client_of_that_upstream_gets_the_sources_as_annotations(
    proxy_factory: ProxyFactory, recorder: Any, stream: bool
) -> None:
    upstream = recorder(search_turn(SHORT))
    url = proxy_factory([upstream.url], upstream={"api": "anthropic"}, api="responses")
    output = ask_responses(openai_client(url), stream, [{"role": "user", "content": "When?"}])
    assert [i["type"] for i in output] == ["message"]
    part = output[0]["content"][0]
    assert part["text"] == SHORT + CITED + AFTER
    assert part["annotations"] == [{"type": "url_citation", **CITED_SPAN}]


RESPONSE = {"id": "resp_1", "object": "response", "created_at": 1, "model": "gpt-x",
            "status": "in_progress", "output": []}  # fmt: skip
USAGE = {"input_tokens": 300, "output_tokens": 60, "total_tokens": 360}
SEARCH_CALL = {"type": "web_search_call", "id": "ws_1", "status": "completed",
               "action": {"type": "search", "query": "invoice payment terms"}}  # fmt: skip
ANNOTATION = {"type": "url_citation", "start_index": 0, "end_index": len(CITED),
              "url": "https://example.com/pay", "title": "Paying invoices"}  # fmt: skip
MESSAGE = {"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
           "content": [{"type": "output_text", "text": CITED + AFTER,
                        "annotations": [ANNOTATION]}]}  # fmt: skip


def responses_turn(*items: dict[str, Any], usage: dict[str, Any] = USAGE) -> bytes:
    """What the Responses API streams for output items: a hosted tool's item added and done,
    a message's text as deltas and its annotations once done."""
    events: list[dict[str, Any]] = [{"type": "response.created", "response": RESPONSE}]
    for i, item in enumerate(items):
        if item["type"] != "message":
            events += [
                {"type": "response.output_item.added", "output_index": i,
                 "item": {**item, "status": "in_progress"}},
                {"type": "response.output_item.done", "output_index": i, "item": item},
            ]  # fmt: skip
            continue
        text = item["content"][0]["text"]
        events += [
            {"type": "response.output_item.added", "output_index": i,
             "item": {**item, "status": "in_progress", "content": []}},
            {"type": "response.content_part.added", "output_index": i, "item_id": item["id"],
             "content_index": 0, "part": {"type": "output_text", "text": "", "annotations": []}},
            {"type": "response.output_text.delta", "output_index": i, "item_id": item["id"],
             "content_index": 0, "delta": text[:30]},
            {"type": "response.output_text.delta", "output_index": i, "item_id": item["id"],
             "content_index": 0, "delta": text[30:]},
            {"type": "response.output_text.annotation.added", "output_index": i,
             "item_id": item["id"], "content_index": 0, "annotation_index": 0,
             "annotation": ANNOTATION},
            {"type": "response.output_item.done", "output_index": i, "item": item},
        ]  # fmt: skip
    done = {**RESPONSE, "status": "completed", "output": list(items), "usage": usage}
    events.append({"type": "response.completed", "response": done})
    return b"".join(responses_sse(e) for e in events)


def ask_responses(client: openai.OpenAI, stream: bool, items: list[Any]) -> list[dict[str, Any]]:
    kw: dict[str, Any] = {"model": "gpt-x", "store": False, "input": items,
                          "tools": [{"type": "web_search"}]}  # fmt: skip
    if stream:
        with client.responses.stream(**kw) as s:
            reply = s.get_final_response()
    else:
        reply = client.responses.create(**kw)
    return [i.model_dump(exclude_none=True) for i in reply.output]


@pytest.mark.parametrize("stream", [True, False], ids=["streamed", "whole"])
def test_a_responses_client_gets_the_search_call_and_the_cited_message(
    proxy_factory: ProxyFactory, recorder: Any, stream: bool
) -> None:
    upstream = recorder(responses_turn(SEARCH_CALL, MESSAGE))
    client = openai_client(proxy_factory([upstream.url], api="responses"))
    output = ask_responses(client, stream, [{"role": "user", "content": "When are invoices due?"}])
    assert [i["type"] for i in output] == ["web_search_call", "message"]
    assert output[0] == SEARCH_CALL
    assert output[1]["content"][0]["text"] == CITED + AFTER
    assert output[1]["content"][0]["annotations"] == [ANNOTATION]

    # Codex sends the output back as input: the search call reaches the upstream unchanged.
    ask_responses(client, stream, [{"role": "user", "content": "When?"}, *output,
                                   {"role": "user", "content": "And if I pay late?"}])  # fmt: skip
    sent = json.loads(upstream.received[-1][1])["input"]
    assert sent[1] == SEARCH_CALL and sent[2]["role"] == "assistant"


@pytest.mark.parametrize("stream", [True, False], ids=["streamed", "whole"])
def test_a_chat_client_of_a_responses_upstream_gets_the_message_and_its_sources(
    proxy_factory: ProxyFactory, recorder: Any, stream: bool
) -> None:
    upstream = recorder(responses_turn(SEARCH_CALL, MESSAGE))
    url = proxy_factory([upstream.url], upstream={"api": "responses"}, api="openai")
    text, cited = ask_cited(openai_client(url), stream, "When are invoices due?")
    assert text == CITED + AFTER
    span = {"start_index": 0, "end_index": len(CITED), "title": "Paying invoices",
            "url": "https://example.com/pay"}  # fmt: skip
    assert cited == [{"type": "url_citation", "url_citation": span}]


IMAGE = {"type": "image_generation_call", "id": "ig_1", "status": "completed",
         "result": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB", "revised_prompt": "a red invoice stamp"}  # fmt: skip


@pytest.mark.parametrize("stream", [True, False], ids=["streamed", "whole"])
def test_a_reply_that_is_only_a_hosted_tools_item_is_an_answer(
    proxy_factory: ProxyFactory, recorder: Any, stream: bool, tmp_path: Path
) -> None:
    """A generated image and no text: an answer, not `empty` (a 502 after retries), for the
    proxy and for `tether audit` re-judging its log."""
    upstream = recorder(responses_turn(IMAGE))
    log = tmp_path / "exchanges.jsonl"
    client = openai_client(proxy_factory([upstream.url], api="responses", log=log))
    output = ask_responses(client, stream, [{"role": "user", "content": "Draw a stamp."}])
    assert output == [IMAGE]
    assert len(upstream.received) == 1
    record = json.loads(log.read_text().splitlines()[-1])
    assert audit_record(record).is_answer
