"""Plain helpers shared by the proxy tests: SDK clients, requests and the proxy's log."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anthropic
import httpx2
import openai
import orjson

# The fixtures of tests/proxy/conftest.py.
ProxyFactory = Callable[..., str]
SharedStand = Callable[..., str]

# Big enough for the judge to check that the provider read it (`unprocessed`).
BIG = "Please read this whole text carefully before answering. " * 300


HTTP = httpx2.Client()  # one for every test: making a client takes ~50 ms (its TLS context)


def read_log(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [orjson.loads(line) for line in path.read_bytes().splitlines() if line.strip()]


def client(url: str) -> openai.OpenAI:
    return openai.OpenAI(
        base_url=url + "/v1", api_key="unused", max_retries=0, timeout=10, http_client=HTTP
    )


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


def ask_anthropic(c: anthropic.Anthropic, stream: bool, text: str = BIG) -> str:
    messages: list[anthropic.types.MessageParam] = [{"role": "user", "content": text}]
    if not stream:
        reply = c.messages.create(model="sim-large", max_tokens=256, messages=messages)
    else:
        with c.messages.stream(model="sim-large", max_tokens=256, messages=messages) as s:
            reply = s.get_final_message()
    assert reply.stop_reason == "end_turn"
    return "".join(b.text for b in reply.content if b.type == "text")
