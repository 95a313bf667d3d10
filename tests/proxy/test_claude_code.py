"""The real Claude Code CLI (npm `@anthropic-ai/claude-code`, installed by .ci/run into
.cache/claude-code-npm) as the proxy's client, against stands: nothing reaches the network.

Claude Code takes any well-formed turn for the model's: pointed straight at a provider that
sends its tool call as text or an error text with HTTP 200, it reports success and never does
the work. Through the proxy, the same run does the work.
"""

from __future__ import annotations

import json
import os
import socketserver
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import RawServer, StandFactory, read_request, serving
from tests.proxy.helpers import ProxyFactory, call_then_done, read_log
from tests.proxy.test_server_tool_replies import SHORT, block, search_turn, sse

pytestmark = pytest.mark.timeout(120)

ROOT = Path(__file__).resolve().parents[2]
CLAUDE = ROOT / ".cache/claude-code-npm/node_modules/.bin/claude"
MODEL = "claude-opus-4-8"  # the model Claude Code asks for; the stands serve it by that name


def claude(base_url: str, prompt: str, cwd: Path, *options: str) -> dict[str, Any]:
    """`claude -p PROMPT` against `base_url`: its JSON result."""
    assert CLAUDE.exists(), (
        "Claude Code is missing: run .ci/run, or npm install --prefix .cache/claude-code-npm "
        "@anthropic-ai/claude-code@2.1.197"
    )
    home = cwd / "home"
    home.mkdir(exist_ok=True)
    env = {
        "PATH": os.environ["PATH"],
        "HOME": str(home),
        "ANTHROPIC_BASE_URL": base_url,
        "ANTHROPIC_API_KEY": "sk-not-a-real-key",
        "DISABLE_TELEMETRY": "1",
        "DISABLE_AUTOUPDATER": "1",
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
        "CLAUDE_CODE_MAX_RETRIES": "0",
    }
    done = subprocess.run(
        [str(CLAUDE), "-p", prompt, "--model", MODEL, "--output-format", "json",
         "--permission-mode", "acceptEdits", *options],
        cwd=cwd, env=env, capture_output=True, text=True, timeout=90,
    )  # fmt: skip
    assert done.stdout.strip(), f"claude printed nothing (exit {done.returncode}): {done.stderr}"
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def write_task(target: Path, fault: str | None = None, reasoning: str = "") -> dict[str, Any]:
    """Claude Code's `Write` of `target`, then the closing words (`call_then_done`)."""
    call = {"name": "Write", "arguments": {"file_path": str(target), "content": "hello\n"}}
    return call_then_done(MODEL, call, fault, reasoning)


@pytest.mark.parametrize("fault", ["tool-as-text", "gateway-200"])
def test_claude_code_does_the_work_through_the_proxy_where_alone_it_says_done(
    stand_factory: StandFactory, proxy_factory: ProxyFactory, tmp_path: Path, fault: str
) -> None:
    alone, proxied = tmp_path / "alone", tmp_path / "proxied"
    alone.mkdir()
    proxied.mkdir()

    # Straight at the faulty provider: a success, and no file.
    direct = claude(stand_factory(script=write_task(alone / "hello.txt", fault)), "go", alone)
    assert direct["subtype"] == "success" and not direct["is_error"]
    assert not (alone / "hello.txt").exists()

    # Through the proxy, the faulty provider first: the turn is judged, the backup answers.
    log = tmp_path / "proxy.jsonl"
    primary = stand_factory(script=write_task(proxied / "hello.txt", fault))
    backup = stand_factory(script=write_task(proxied / "hello.txt"))
    result = claude(proxy_factory([primary, backup], api="anthropic", log=log), "go", proxied)
    assert result["subtype"] == "success" and result["result"] == "Wrote hello.txt."
    assert (proxied / "hello.txt").read_text() == "hello\n"
    verdicts = [v for record in read_log(log) for v in record["verdicts"]]
    assert verdicts and set(verdicts) == {
        "lost_tool_call" if fault == "tool-as-text" else "gateway"
    }


def test_claude_codes_tool_loop_with_thinking_goes_through_the_proxy(
    stand_factory: StandFactory, proxy_factory: ProxyFactory, tmp_path: Path
) -> None:
    """Claude Code asks for thinking on every request; the stand, as Anthropic, signs its
    thinking and refuses a tool loop's next request unless the block comes back first and
    unchanged. The proxy used to drop the signature: the loop's second request got that 400."""
    log = tmp_path / "stand.jsonl"
    task = write_task(tmp_path / "hello.txt", reasoning="The user wants hello.txt written.")
    url = proxy_factory([stand_factory(script=task, log=log)], api="anthropic")
    result = claude(url, "go", tmp_path)
    assert result["subtype"] == "success" and result["result"] == "Wrote hello.txt."
    assert (tmp_path / "hello.txt").read_text() == "hello\n"
    records = read_log(log)
    assert len(records) >= 2 and all(r["status"] == 200 for r in records)
    assert records[-1]["request"]["thinking"]["type"] in ("enabled", "adaptive")


def test_claude_code_reads_through_the_proxys_pings(
    stand_factory: StandFactory, proxy_factory: ProxyFactory, tmp_path: Path
) -> None:
    """A slow first byte with keep-alives on: Claude Code gets `ping` events before the
    message starts (as the API itself may send them) and the answer after."""
    script = {
        "models": {MODEL: {"turns": [{"text": "All good."}], "faults": ["slow-first-byte:1"]}}
    }
    url = proxy_factory([stand_factory(script=script)], api="anthropic", keepalive_s=0.1)
    result = claude(url, "hi", tmp_path)
    assert result["subtype"] == "success" and result["result"] == "All good."


class SearchingProvider(socketserver.BaseRequestHandler):
    """Anthropic with its web search, scripted: the main loop's first request gets a call of
    Claude Code's WebSearch tool; the request that tool makes (with the `web_search` server
    tool) gets a search turn (the search, its results, cited text); the loop's next request
    gets the closing words. Every request is kept in `server.received`."""

    server: Any

    def handle(self) -> None:
        request = read_request(self.request)
        if request is None:
            return
        body = json.loads(request[1])
        self.server.received.append(body)
        read = len(request[1]) // 4  # about what a tokenizer counts of it
        tools = body.get("tools") or []
        said = json.dumps(body.get("messages"))
        if any(str(t.get("type", "")).startswith("web_search") for t in tools):
            reply = search_turn(SHORT)
        elif "tool_result" in said:
            reply = text_turn(read, "Invoices are usually due within 30 days (example.com/pay).")
        elif any(t.get("name") == "WebSearch" for t in tools):
            reply = tool_turn(read, "WebSearch", {"query": "invoice payment terms"})
        else:  # anything else Claude Code asks on the side (a title, a check)
            reply = text_turn(read, "ok")
        self.request.sendall(
            b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ncontent-length: %d\r\n"
            b"connection: close\r\n\r\n%s" % (len(reply), reply)
        )


def _turn(read: int, blocks: bytes, stop: str) -> bytes:
    start = {"type": "message_start", "message": {
        "id": "msg_1", "type": "message", "role": "assistant", "model": MODEL, "content": [],
        "stop_reason": None, "usage": {"input_tokens": read, "output_tokens": 1}}}  # fmt: skip
    end = {"type": "message_delta", "delta": {"stop_reason": stop},
           "usage": {"output_tokens": 20}}  # fmt: skip
    return (
        sse("message_start", start) + blocks + sse("message_delta", end)
        + sse("message_stop", {"type": "message_stop"})
    )  # fmt: skip


def text_turn(read: int, text: str) -> bytes:
    return _turn(read, block(0, {"type": "text", "text": ""},
                             {"type": "text_delta", "text": text}), "end_turn")  # fmt: skip


def tool_turn(read: int, name: str, arguments: dict[str, Any]) -> bytes:
    call = {"type": "tool_use", "id": "toolu_1", "name": name, "input": {}}
    delta = {"type": "input_json_delta", "partial_json": json.dumps(arguments)}
    return _turn(read, block(0, call, delta), "tool_use")


def test_claude_codes_web_search_finds_what_the_provider_found(
    proxy_factory: ProxyFactory, tmp_path: Path
) -> None:
    """Claude Code's WebSearch tool asks Anthropic with its `web_search` server tool and
    reads the pages from the reply's `web_search_tool_result` blocks. The proxy used to drop
    them: the search found nothing ("No links found.") though the provider had found pages."""
    server = RawServer(SearchingProvider, received=[])
    with serving(server):
        url = proxy_factory([server.url], api="anthropic")
        result = claude(url, "When are invoices due? Search the web.", tmp_path,
                        "--allowedTools", "WebSearch")  # fmt: skip
    assert result["subtype"] == "success", result
    searched = [b for b in server.received if any("web_search" in str(t.get("type", ""))
                                                  for t in b.get("tools") or [])]  # fmt: skip
    assert searched, "Claude Code never ran its WebSearch tool"
    results = [
        block
        for body in server.received
        for message in body["messages"]
        if isinstance(message["content"], list)
        for block in message["content"]
        if block.get("type") == "tool_result"
    ]
    assert results, "the search's result never reached the model"
    said = json.dumps(results[-1]["content"])
    assert "https://example.com/pay" in said and "Late fees" in said
    assert "No links found" not in said
