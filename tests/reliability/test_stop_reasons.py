"""Finish reasons that end a stream without finishing the answer, on real sockets.

- Anthropic's `pause_turn`: the server paused a long-running turn (a server tool's loop, web
  search, reached its limit) and the client must send the content back to continue it
  (platform.claude.com/docs/en/build-with-claude/handling-stop-reasons). Other clients took it
  for the end: anthropics/anthropic-sdk-python#1170 (the tool runner returned the paused
  message as the final answer), gsd-build/gsd-2#2869 (pi mapped it to "stop"; the paused
  server_tool_use block then broke the next request with a 400). tether mapped it to `stop`
  and `tether ask` printed the paused preamble as the answer, exit 0. tether's messages do not
  carry server-tool blocks, so it cannot send the turn back as it came: a paused turn is judged
  `paused`, never an answer, and not retried (a retry runs the server tools again and pauses
  again): an honest error that says how to continue. The proxy relays the pause unchanged to an
  Anthropic client, whose SDK continues it.
- vLLM's `abort`: an engine-aborted request ends with HTTP 200, `finish_reason: "abort"` and
  `[DONE]` (vllm-project/vllm#57082); tether read it as `stop` and the partial text as the answer.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import anyio
import pytest

from tests.helpers import canned
from tether.messages import Message, Request, Turn, collect
from tether.providers import Timeouts, provider_at
from tether.reliability.judge import judge

pytestmark = pytest.mark.timeout(90)

SSE = b"text/event-stream"
HI = Request(messages=(Message.text("user", "What changed in the latest release?"),))


def _event(body: dict[str, Any]) -> bytes:
    return b"event: %s\ndata: %s\n\n" % (body["type"].encode(), json.dumps(body).encode())


def anthropic_stream(text: str, stop: str, output_tokens: int = 40) -> bytes:
    """A messages stream: one text block, a server tool's block, then `stop`."""
    blocks = [
        {"type": "message_start", "message": {"usage": {"input_tokens": 30}}},
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": text}},
        {"type": "content_block_stop", "index": 0},
        {
            "type": "content_block_start",
            "index": 1,
            "content_block": {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search"},
        },
        {"type": "content_block_stop", "index": 1},
        {
            "type": "message_delta",
            "delta": {"stop_reason": stop},
            "usage": {"output_tokens": output_tokens},
        },
        {"type": "message_stop"},
    ]
    return b"".join(_event(b) for b in blocks)


PREAMBLE = "I will search the release notes for what changed."
PAUSED = anthropic_stream(PREAMBLE, "pause_turn")


def stream_turn(api: str, body: bytes) -> Turn:
    async def main() -> Turn:
        with canned(SSE, body) as server:
            provider = provider_at(api, server.url, "m", timeouts=Timeouts(first_byte=10))
            try:
                return await collect(provider.stream(HI))
            finally:
                await provider.aclose()

    return anyio.run(main)


def test_tether_ask_does_not_take_a_paused_turn_for_the_answer() -> None:
    with canned(SSE, PAUSED) as server:
        result = subprocess.run(
            [sys.executable, "-m", "tether", "ask", "What changed?", "--api", "anthropic",
             "--base-url", server.url, "--model", "m", "--json"],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
    report = json.loads(result.stdout)
    assert result.returncode == 1, result.stdout
    assert report["status"] == "error" and report["turn"] is None
    # no retry: it would run the server tools again (billed) and pause again
    assert [a["verdict"] for a in report["attempts"]] == ["paused"]
    assert "tether cannot send a paused turn back" in report["error"]
    assert not any(n["kind"] == "breaker" for n in report["notices"])  # the provider is fine


VLLM_ABORTED = (
    b'data: {"choices":[{"index":0,"delta":{"role":"assistant","content":""}}]}\n\n'
    b'data: {"choices":[{"index":0,"delta":{"content":"The latest release adds"}}]}\n\n'
    b'data: {"choices":[{"index":0,"delta":{"content":""},"finish_reason":"abort"}]}\n\n'
    b"data: [DONE]\n\n"
)


def test_a_stream_vllm_aborted_is_not_an_answer() -> None:
    turn = stream_turn("openai", VLLM_ABORTED)
    assert turn.content == "The latest release adds" and turn.raw_finish_reason == "abort"
    found = judge(turn, HI)
    assert found is not None and found.kind == "error_frame" and "abort" in found.detail


def openai_stream(delta: dict[str, Any], finish: str, completion_tokens: int) -> bytes:
    chunks = [
        {"choices": [{"index": 0, "delta": delta}]},
        {"choices": [{"index": 0, "delta": {}, "finish_reason": finish}]},
        {"choices": [], "usage": {"prompt_tokens": 30, "completion_tokens": completion_tokens}},
    ]
    return b"".join(b"data: %s\n\n" % json.dumps(c).encode() for c in chunks) + b"data: [DONE]\n\n"


CALL = {
    "tool_calls": [
        {
            "index": 0,
            "id": "call_1",
            "type": "function",
            "function": {"name": "read_file", "arguments": '{"path": "CHANGELOG.md"}'},
        }
    ]
}
CUT = "A neural network learns by adjusting the weights of"


@pytest.mark.parametrize(
    ("api", "body"),
    [
        # vllm-project/vllm#58228: a turn cut at max_tokens is labelled tool_calls when any call
        # parsed (the cut may have come after the last complete call)
        ("openai", openai_stream(CALL, "tool_calls", 20)),
        # BerriAI/litellm#25825: the relay says stop / end_turn for a reply cut at max_tokens
        ("openai", openai_stream({"content": CUT}, "stop", 20)),
        ("anthropic", anthropic_stream(CUT, "end_turn", output_tokens=20)),
    ],
    ids=["vllm-tool-calls", "litellm-stop", "litellm-end-turn"],
)
def test_a_reply_that_used_the_whole_limit_is_truncated_whatever_its_finish(
    api: str, body: bytes
) -> None:
    turn = stream_turn(api, body)
    assert turn.finish_reason != "length"
    limited = Request(messages=HI.messages, max_tokens=20)
    found = judge(turn, limited)
    assert found is not None and found.kind == "truncated" and "all 20 tokens" in found.detail
    # under the limit it is the finish that says how the reply ended
    assert judge(turn, Request(messages=HI.messages, max_tokens=21)) is None
    # a limit a proxy's client set is theirs: the reply at it is what they asked for
    assert judge(turn, Request(messages=HI.messages, max_tokens=20, length_is_answer=True)) is None


@pytest.mark.parametrize("raw", ["MAX_TOKENS", "max_tokens"])
def test_a_length_stop_a_gateway_names_in_another_apis_words_is_truncated(raw: str) -> None:
    """QwenLM/qwen-code#9882, Portkey-AI/gateway#1200: OpenAI-compatible gateways in front of
    Gemini pass its `finishReason` through, upper case (`MAX_TOKENS`); tether read any name it
    did not know as a stop, and the cut text as the answer."""
    turn = stream_turn("openai", openai_stream({"content": CUT}, raw, 8))
    assert turn.finish_reason == "length" and turn.raw_finish_reason == raw
    found = judge(turn, HI)
    assert found is not None and found.kind == "truncated"


@pytest.mark.parametrize("raw", ["MALFORMED_FUNCTION_CALL", "UNEXPECTED_TOOL_CALL"])
def test_a_gemini_tool_call_failure_a_gateway_passes_on_is_not_an_answer(raw: str) -> None:
    """NousResearch/hermes-agent#83882: Gemini ends a turn whose tool call it could not make
    with `MALFORMED_FUNCTION_CALL` (or `UNEXPECTED_TOOL_CALL`), sometimes after some text; a
    gateway passes the name on as the finish."""
    turn = stream_turn("openai", openai_stream({"content": "Let me read the file."}, raw, 9))
    found = judge(turn, HI)
    assert found is not None and found.kind == "error_frame" and raw.lower() in found.detail


LEGACY_CALL = [
    {"function_call": {"name": "read_file", "arguments": ""}},
    {"function_call": {"arguments": '{"path": '}},
    {"function_call": {"arguments": '"CHANGELOG.md"}'}},
]


def test_a_call_in_the_legacy_function_call_shape_is_a_tool_call() -> None:
    """MeetKai/functionary#92: a server answered a request with `tools` in the legacy
    `functions` shape (`delta.function_call`, `finish_reason: function_call`). tether read only
    `tool_calls`: the call was lost and the turn judged empty, retried until it failed."""
    chunks = [{"choices": [{"index": 0, "delta": d}]} for d in LEGACY_CALL]
    chunks.append({"choices": [{"index": 0, "delta": {}, "finish_reason": "function_call"}]})
    body = b"".join(b"data: %s\n\n" % json.dumps(c).encode() for c in chunks) + b"data: [DONE]\n\n"
    turn = stream_turn("openai", body)
    assert [(c.name, c.arguments) for c in turn.tool_calls] == [
        ("read_file", '{"path": "CHANGELOG.md"}')
    ]
    assert turn.finish_reason == "tool_calls" and judge(turn, HI) is None


EVERY_CHUNK_FINISHED = (
    b'data: {"choices":[{"index":0,"delta":{"content":"First, close the valve;"},'
    b'"finish_reason":"stop"}]}\n\n'
    b'data: {"choices":[{"index":0,"delta":{"content":" second,"},"finish_reason":"stop"}]}\n\n'
)


def test_a_finish_on_every_chunk_is_trusted_only_with_the_end_marker() -> None:
    """Servers that mark every chunk finished: lhenault/simpleAI#39, songquanpeng/one-api#372
    (fixed by #373: "null until done, then stop"), open-webui/open-webui#16377 (`stop` on a
    reasoning chunk). A stream from one that ends cleanly before its `[DONE]` carried a finish,
    and tether took the cut text for the answer."""
    cut = stream_turn("openai", EVERY_CHUNK_FINISHED)
    assert cut.finish_reason == "stop" and cut.termination == "eof"
    found = judge(cut, HI)
    assert found is not None and found.kind == "eof" and "end marker" in found.detail
    whole = stream_turn("openai", EVERY_CHUNK_FINISHED + b"data: [DONE]\n\n")
    assert whole.termination == "stop" and judge(whole, HI) is None
    # a server without [DONE] whose finish comes last, as most do, is still whole
    last_only = EVERY_CHUNK_FINISHED.replace(b',"finish_reason":"stop"}]}', b"}]}", 1)
    assert judge(stream_turn("openai", last_only), HI) is None
