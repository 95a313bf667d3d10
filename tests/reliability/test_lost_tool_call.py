"""A tool call that never arrived as one is not an answer (`lost_tool_call`).

The texts are as reported in public trackers: a provider that finished with `tool_calls` and
sent no call, only the preamble (an agent's cron "stalled 9/12 runs" showing ok); LM Studio
and oMLX servers returning Qwen's `<tool_call>` markup as the content with `finish_reason:
stop`. The lookalikes: a server that says `tool_calls` on every whole answer, a reply that
explains the markup and goes on, markup naming a tool the request did not offer.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from tether.messages import Message, Request, ToolCall, ToolSpec, Turn
from tether.reliability.guard import Holdback
from tether.reliability.judge import judge

TOOLS = (ToolSpec("search_products"), ToolSpec("read_file"), ToolSpec("get_weather"))
ASK = Request(messages=(Message.text("user", "Find Dell products under $50."),), tools=TOOLS)

LM_STUDIO = (
    "<think>\n\n</think>\n\n<tool_call>\n"
    '{"name": "search_products", "arguments": {"query": "Dell", "category": "electronics", '
    '"max_price": 50}}\n</tool_call>'
)


def verdict(text: str, finish: str = "stop", request: Request = ASK, **turn: Any) -> str | None:
    raw = {"tool_calls": "tool_calls"}.get(finish, finish)
    reply = Turn(
        content=text, finish_reason=finish, raw_finish_reason=raw, termination="stop", **turn
    )  # type: ignore[arg-type]
    found = judge(reply, request)
    return found.kind if found else None


@pytest.mark.parametrize(
    "text",
    [
        LM_STUDIO,
        # the envelope left unclosed (the server cut it and sent the rest as text)
        '<tool_call>\n{"name": "search_products", "arguments": {"query": "Dell"',
        # a preamble, then the markup
        "Let me look that up.\n\n<tool_call>\n<function=search_products>\n"
        "<parameter=query>\nDell\n</parameter>\n</function>\n</tool_call>",
        '[TOOL_CALLS][{"name": "search_products", "arguments": {"query": "Dell"}}]',
        "<\uff5ctool\u2581calls\u2581begin\uff5c><\uff5ctool\u2581call\u2581begin\uff5c>function"
        '<\uff5ctool\u2581sep\uff5c>search_products\n```json\n{"query": "Dell"}\n```'
        "<\uff5ctool\u2581call\u2581end\uff5c><\uff5ctool\u2581calls\u2581end\uff5c>",
        '{"name": "search_products", "parameters": {"query": "Dell"}}',
        '```json\n{"name": "search_products", "arguments": {"query": "Dell"}}\n```',
    ],
    ids=["qwen", "unclosed", "qwen3-coder", "mistral", "deepseek", "llama-json", "fenced-json"],
)
def test_a_call_sent_as_text_is_a_lost_tool_call(text: str) -> None:
    assert verdict(text) == "lost_tool_call"


def test_a_tool_calls_finish_with_only_a_preamble_is_a_lost_tool_call() -> None:
    assert verdict("I'll read the brief file first.", "tool_calls") == "lost_tool_call"


def test_a_whole_answer_finished_as_tool_calls_is_still_an_answer() -> None:
    """LocalAI said `tool_calls` on every reply; a whole answer is not a preamble."""
    recipe = (
        "Absolutely! Here's a simple recipe for cold water:\n\n"
        "1.  **Find a source:** This could be a tap, a bottle, or even a stream (if you're "
        "feeling adventurous!).\n2.  **Fill a container:** Use a glass, a bottle, or anything "
        "that holds water.\n3.  **Chill it:** Put it in the fridge for an hour, or add ice.\n"
        "4.  **Enjoy:** Sip and savor the refreshing coolness."
    )
    assert verdict(recipe, "tool_calls") is None


@pytest.mark.parametrize(
    ("text", "request_"),
    [
        # the markup explained, then more prose: an example inside an answer
        (
            "Qwen writes a call like this:\n\n<tool_call>\n"
            '{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>\n\n'
            "The server's parser turns that block into a `tool_calls` entry; when the parser "
            "is off, you get the block back as plain text instead, which is what you saw.",
            ASK,
        ),
        # markup naming a tool the request did not offer
        ('<tool_call>\n{"name": "delete_repo", "arguments": {}}\n</tool_call>', ASK),
        # no tools offered at all: nothing could have been lost
        (LM_STUDIO, Request(messages=(Message.text("user", "Show Qwen's call format."),))),
        # a JSON answer that merely has a name
        ('{"name": "search_products", "price": 45, "brand": "Dell"}', ASK),
    ],
    ids=["explained", "unknown-tool", "no-tools", "json-answer"],
)
def test_lookalikes_are_answers(text: str, request_: Request) -> None:
    assert verdict(text, request=request_) is None


def test_a_real_tool_call_with_a_preamble_is_fine() -> None:
    call = ToolCall(id="c1", name="read_file", arguments='{"path": "a.py"}')
    assert verdict("I'll read the file first.", "tool_calls", tool_calls=(call,)) is None


def _run(tmp_path: Path, turns: list[dict[str, Any]]) -> dict[str, Any]:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "brief.md").write_text("Ship on Friday.\n")
    path = tmp_path / "script.yaml"
    path.write_text(yaml.safe_dump({"models": {"sim-large": {"turns": turns}}}))
    result = subprocess.run(
        [sys.executable, "-m", "tether", "run", "summarise brief.md", "--workspace", str(ws),
         "--script", str(path), "--json", "--store", str(tmp_path / "t.db")],
        capture_output=True, text=True, timeout=60, cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    receipt: dict[str, Any] = json.loads(result.stdout)
    return receipt


READ = {"tool_calls": [{"name": "read_file", "arguments": {"path": "brief.md"}}]}
DONE = {"text": "The brief says to ship on Friday."}
MARKUP = '<tool_call>\n{"name": "read_file", "arguments": {"path": "brief.md"}}\n</tool_call>'


@pytest.mark.parametrize(
    "lost",
    [
        {"text": "I'll read the brief file first.", "finish_reason": "tool_calls"},
        {"text": MARKUP},
    ],
    ids=["preamble", "markup"],
)
def test_an_agent_run_retries_a_lost_call_instead_of_ending_on_it(
    tmp_path: Path, lost: dict[str, Any]
) -> None:
    receipt = _run(tmp_path, [lost, READ, DONE])
    assert receipt["status"] == "answered"
    assert receipt["final_text"] == DONE["text"]
    assert receipt["verdicts"] == ["lost_tool_call"]
    assert receipt["steps"] == 2  # the retried step read the file, the next one answered


# ---------------------------------------------------------------- holdback


def _shown(text: str, tools: bool, chunk: int = 24) -> str:
    """What a caller's `on_text` got of `text` streamed in chunks before the turn's end."""
    got: list[str] = []
    held = Holdback(got.append, 64, max_chars=100, tools=tools)
    for i in range(0, len(text), chunk):
        held.feed(text[i : i + chunk])
    return "".join(got)


LONG_CALL = (
    "I will write the file now.\n<tool_call>\n"
    '{"name": "write_file", "arguments": {"path": "notes.md", "content": "'
    + "A line of the notes. " * 40
    + '"}}\n</tool_call>'
)


@pytest.mark.parametrize(
    "text",
    [LM_STUDIO, LONG_CALL, '[{"name": "read_file", "arguments": {"path": "' + "a/" * 60 + '"}}]'],
)
def test_holdback_keeps_what_may_be_a_call_sent_as_text_past_its_cap(text: str) -> None:
    """Found through Codex (`codex exec`) behind the proxy: the markup was released as an
    answer's start, the lost call was found at the end with text already sent (no failover),
    and Codex kept the markup as the model's message and went on as if it were said."""
    assert _shown(text, tools=True) == ""
    # without tools in the request it is text like any other (released at the cap at most)
    assert _shown(text, tools=False) != ""


@pytest.mark.parametrize(
    "text",
    [
        "The loader ran twice because two callers missed the cache at the same moment; I added "
        "an in-flight map so later callers wait for the first one.",
        '{"total": 3, "items": ["a", "b", "c"], "note": "the three files the task named"}',
    ],
)
def test_holdback_still_shows_an_answer_early_when_tools_are_offered(text: str) -> None:
    assert _shown(text, tools=True).startswith(text[:64])


def test_through_the_proxy_a_call_sent_as_text_never_reaches_the_client(
    stand_factory: Any, tmp_path: Path
) -> None:
    """The real OpenAI SDK streams chat completions and Responses through the proxy; the
    primary sends its call as text, the backup as a call: the client gets the call and no
    byte of the markup."""
    import openai

    from tether.proxy import Proxy, ProxyConfig, ProxyThread

    call = {"name": "read_file", "arguments": {"path": "brief.md"}}
    script = {"models": {"sim-large": {"turns": [{"text": "Reading it.", "tool_calls": [call]}]}}}
    primary = stand_factory(script=script, faults=["tool-as-text"])
    backup = stand_factory(script=script)
    rows = [{"api": "openai", "base_url": url + "/v1"} for url in (primary, backup)]
    config = ProxyConfig.model_validate(
        {"upstreams": rows, "proxy": {"log": str(tmp_path / "p.jsonl"), "backoff_s": 0.01}}
    )
    thread = ProxyThread(Proxy(config))
    url = thread.start()
    try:
        client = openai.OpenAI(base_url=url + "/v1", api_key="unused", max_retries=0, timeout=20)
        tool = {
            "type": "function",
            "function": {"name": "read_file", "parameters": {"type": "object"}},
        }
        text, calls = "", []
        for chunk in client.chat.completions.create(
            model="sim-large",
            messages=[{"role": "user", "content": "read brief.md"}],
            tools=[tool],  # type: ignore[list-item]
            stream=True,
        ):
            delta = chunk.choices[0].delta if chunk.choices else None
            text += (delta.content or "") if delta else ""
            calls += (
                [
                    c.function.name
                    for c in (delta.tool_calls or [])
                    if c.function and c.function.name
                ]
                if delta
                else []
            )
        assert "<tool_call>" not in text and calls == ["read_file"]
        events = list(
            client.responses.create(
                model="sim-large",
                input="read brief.md, please",
                tools=[{"type": "function", "name": "read_file", "parameters": {"type": "object"}}],  # type: ignore[list-item]
                stream=True,
            )
        )
        deltas = "".join(e.delta for e in events if e.type == "response.output_text.delta")
        assert "<tool_call>" not in deltas
        final = events[-1]
        assert final.type == "response.completed"
        assert [o.name for o in final.response.output if o.type == "function_call"] == ["read_file"]
    finally:
        thread.stop()
