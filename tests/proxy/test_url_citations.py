"""A search model's url citations reach the client through the proxy, in its API's words.

OpenAI's search models (`gpt-4o-search-preview`) cite their sources in `annotations`: on the
message of a whole reply, and in a stream on a last delta of their own, after the text
(`{"annotations": [{"type": "url_citation", ...}]}`). OpenAI asks that the citations be shown
to the user. The proxy's decoder dropped them: a client got the answer without its sources;
and a Responses client of a chat upstream got them in no form at all.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.proxy.conftest import ProxyFactory
from tests.proxy.helpers import anthropic_client, ask_cited
from tests.proxy.helpers import client as openai_client

TEXT = (
    "The city council approved the new cycling plan on Tuesday, adding 40 km of protected "
    "lanes over the next three years; construction of the first stretch along the river "
    "starts in the spring, according to the council's announcement and local reporting."
)
CITATIONS = [
    {"type": "url_citation", "url_citation": {"start_index": 0, "end_index": 88,
     "title": "Council approves cycling plan", "url": "https://example.com/news/cycling"}},
    {"type": "url_citation", "url_citation": {"start_index": 89, "end_index": len(TEXT),
     "title": "Construction starts in spring", "url": "https://example.com/news/spring"}},
]  # fmt: skip


def chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
    body = {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "search-x",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}  # fmt: skip
    return b"data: " + json.dumps(body).encode() + b"\n\n"


# As OpenAI streams a search model's answer: the text, then a delta with only the citations.
SEARCH_REPLY = b"".join(
    [
        chunk({"role": "assistant", "content": ""}),
        chunk({"content": TEXT[:100]}),
        chunk({"content": TEXT[100:]}),
        chunk({"annotations": CITATIONS}),
        chunk({}, "stop"),
        b"data: [DONE]\n\n",
    ]
)
QUESTION: list[Any] = [{"role": "user", "content": "What did the city council decide?"}]


@pytest.mark.parametrize("stream", [True, False], ids=["streamed", "whole"])
def test_url_citations_reach_a_chat_completions_client(
    proxy_factory: ProxyFactory, recorder: Any, stream: bool
) -> None:
    server = recorder(SEARCH_REPLY)
    text, cited = ask_cited(openai_client(proxy_factory([server.url])), stream, "Who decided?")
    assert text == TEXT
    assert cited == CITATIONS


def test_a_client_of_another_api_gets_the_answer_without_them(
    proxy_factory: ProxyFactory, recorder: Any
) -> None:
    server = recorder(SEARCH_REPLY)
    client = anthropic_client(proxy_factory([server.url]))
    reply = client.messages.create(model="search-x", max_tokens=500, messages=QUESTION)
    assert [b.type for b in reply.content] == ["text"]
    assert reply.content[0].type == "text" and reply.content[0].text == TEXT


@pytest.mark.parametrize("junk", ["see sources", [1, None, "x"], {"url": "https://x"}])
def test_annotations_that_are_not_citations_do_not_break_the_reply(
    proxy_factory: ProxyFactory, recorder: Any, junk: Any
) -> None:
    reply = SEARCH_REPLY.replace(json.dumps(CITATIONS).encode(), json.dumps(junk).encode())
    server = recorder(reply)
    client = openai_client(proxy_factory([server.url]))
    message = client.chat.completions.create(model="search-x", messages=QUESTION).choices[0]
    assert message.message.content == TEXT
    assert not message.message.annotations


@pytest.mark.parametrize("stream", [True, False], ids=["streamed", "whole"])
def test_a_responses_client_gets_them_as_annotations_of_the_text(
    proxy_factory: ProxyFactory, recorder: Any, stream: bool
) -> None:
    server = recorder(SEARCH_REPLY)
    client = openai_client(proxy_factory([server.url], upstream={"api": "openai"}, api="responses"))
    kw: dict[str, Any] = {"model": "search-x", "input": "What did the city council decide?"}
    announced: list[Any] = []
    if stream:
        with client.responses.stream(**kw) as s:
            for event in s:
                if event.type == "response.output_text.annotation.added":
                    a = event.annotation  # a typed model in newer SDKs
                    announced.append(a if isinstance(a, dict) else a.model_dump())
            reply = s.get_final_response()
    else:
        reply = client.responses.create(**kw)
    [message] = [i.model_dump(exclude_none=True) for i in reply.output]
    part = message["content"][0]
    assert part["text"] == TEXT
    # the same spans and pages, in Responses' words (indices into the message's text)
    expected = [{"type": "url_citation", **c["url_citation"]} for c in CITATIONS]
    assert part["annotations"] == expected
    if stream:  # announced as they came, as OpenAI's own stream does
        assert announced == expected
