"""Plain helpers shared by the proxy tests: SDK clients, requests and the proxy's log."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import anthropic
import anyio
import httpx2
import openai

from tests.helpers import read_log as read_log  # (the proxy tests read their log here)
from tests.reliability.helpers import free_port

# The fixtures of tests/proxy/conftest.py.
ProxyFactory = Callable[..., str]
SharedStand = Callable[..., str]

# Big enough for the judge to check that the provider read it (`unprocessed`).
BIG = "Please read this whole text carefully before answering. " * 300


HTTP = httpx2.Client()  # one for every test: making a client takes ~50 ms (its TLS context)


def client(url: str) -> openai.OpenAI:
    return openai.OpenAI(
        base_url=url + "/v1", api_key="unused", max_retries=0, timeout=10, http_client=HTTP
    )


def anthropic_client(url: str) -> anthropic.Anthropic:
    return anthropic.Anthropic(base_url=url, api_key="unused", max_retries=0, timeout=10)


def ask(c: openai.OpenAI, stream: bool, text: str = BIG) -> str:
    messages: list[openai.types.chat.ChatCompletionMessageParam] = [
        {"role": "user", "content": text}
    ]
    if not stream:
        reply = c.chat.completions.create(model="sim-large", messages=messages)
        return reply.choices[0].message.content or ""
    pieces = []
    for chunk in c.chat.completions.create(model="sim-large", messages=messages, stream=True):
        if chunk.choices and chunk.choices[0].delta.content:
            pieces.append(chunk.choices[0].delta.content)
    return "".join(pieces)


def ask_cited(c: openai.OpenAI, stream: bool, question: str) -> tuple[str, list[Any]]:
    """A chat client's question; the reply's text and url citations as the SDK gives them."""
    messages: Any = [{"role": "user", "content": question}]
    if stream:
        text, cited = [], []
        for chunk in c.chat.completions.create(model="x", messages=messages, stream=True):
            if chunk.choices:
                text.append(chunk.choices[0].delta.content or "")
                cited += (chunk.choices[0].delta.model_extra or {}).get("annotations") or []
        return "".join(text), cited
    message = c.chat.completions.create(model="x", messages=messages).choices[0].message
    return message.content or "", [a.model_dump() for a in message.annotations or []]


def ask_anthropic(c: anthropic.Anthropic, stream: bool, text: str = BIG) -> str:
    messages: list[anthropic.types.MessageParam] = [{"role": "user", "content": text}]
    if not stream:
        reply = c.messages.create(model="sim-large", max_tokens=256, messages=messages)
    else:
        with c.messages.stream(model="sim-large", max_tokens=256, messages=messages) as s:
            reply = s.get_final_message()
    assert reply.stop_reason == "end_turn"
    return "".join(b.text for b in reply.content if b.type == "text")


@contextmanager
def served_by_hypercorn(app: Any, backend: str) -> Iterator[str]:
    """`app` served on 127.0.0.1 by Hypercorn, an ASGI server that runs on asyncio or on trio
    (`backend`), from a thread: its URL, until the block ends (the lifespan then ends too)."""
    from hypercorn.config import Config

    if backend == "trio":
        from hypercorn.trio import serve
    else:
        from hypercorn.asyncio import serve
    port = free_port()
    config = Config()
    config.bind = [f"127.0.0.1:{port}"]
    stop = threading.Event()
    failed: list[BaseException] = []

    async def until_stopped() -> None:
        await anyio.to_thread.run_sync(stop.wait, abandon_on_cancel=True)

    def run() -> None:
        try:
            anyio.run(lambda: serve(app, config, shutdown_trigger=until_stopped), backend=backend)
        except BaseException as exc:  # re-raised in the test's thread
            failed.append(exc)

    thread = threading.Thread(target=run, name=f"hypercorn-{backend}", daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            assert not failed and time.monotonic() < deadline, failed or "Hypercorn did not start"
            time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        stop.set()
        thread.join(10)
        assert not thread.is_alive(), "Hypercorn did not stop"
        if failed:
            raise failed[0]


def call_then_done(
    model: str, call: dict[str, Any], fault: str | None = None, reasoning: str = ""
) -> dict[str, Any]:
    """A stand script for an agent CLI: the tool call `call` (faulted by `fault` at its first
    serve; after `reasoning`, signed, when given), then the closing words "Wrote hello.txt.".
    `position: history` gives a retry or a backup the turn that failed."""
    first: dict[str, Any] = {"text": "I will write the file.", "tool_calls": [call]}
    if reasoning:
        first["reasoning"] = reasoning
    if fault:
        first["fault"] = fault
    turns = [first, {"text": "Wrote hello.txt."}]
    return {"models": {model: {"position": "history", "turns": turns}}}


def sse(kind: str, body: dict[str, Any]) -> bytes:
    """One server-sent event as Anthropic and the Responses API send them."""
    return f"event: {kind}\ndata: {json.dumps(body)}\n\n".encode()


def block(index: int, start: dict[str, Any], *deltas: dict[str, Any]) -> bytes:
    """One Anthropic content block as it streams: its start, its deltas, its stop."""
    out = sse("content_block_start", {"type": "content_block_start", "index": index,
                                      "content_block": start})  # fmt: skip
    for d in deltas:
        out += sse("content_block_delta", {"type": "content_block_delta", "index": index,
                                           "delta": d})  # fmt: skip
    return out + sse("content_block_stop", {"type": "content_block_stop", "index": index})


def responses_sse(body: dict[str, Any]) -> bytes:
    """One Responses API event (its type is its event name)."""
    return sse(body["type"], body)
