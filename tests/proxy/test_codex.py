"""The real Codex CLI (npm `@openai/codex`, installed by .ci/run into .cache/codex-npm) as the
proxy's client over the Responses API, against stands: nothing reaches the network.

Pointed straight at a provider that sends its shell call as text, or a gateway's error text
with HTTP 200, `codex exec` ends the turn on it (exit 0) and runs nothing. Through the proxy
the same run runs the command. It was Codex that showed holdback releasing a call's markup as
an answer's start: the lost call was found too late to fail over, and Codex kept the markup
as the model's message and went on.
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
from tests.proxy.test_server_tool_replies import AFTER, CITED, MESSAGE, SEARCH_CALL, responses_turn

pytestmark = pytest.mark.timeout(120)

ROOT = Path(__file__).resolve().parents[2]
CODEX = ROOT / ".cache/codex-npm/node_modules/.bin/codex"
MODEL = "gpt-5-codex"
CONFIG = """\
model = "{model}"
model_provider = "under_test"

[model_providers.under_test]
name = "the server under test"
base_url = "{url}/v1"
wire_api = "responses"
env_key = "OPENAI_API_KEY"
"""


def codex(url: str, prompt: str, work: Path) -> tuple[int, list[dict[str, Any]]]:
    """`codex exec --json PROMPT` in `work` against the Responses server at `url`: its exit
    code and its events."""
    assert CODEX.exists(), (
        "Codex is missing: run .ci/run, or npm install --prefix .cache/codex-npm "
        "@openai/codex@0.171.0"
    )
    home = work.parent / f"{work.name}-home"
    (home / ".codex").mkdir(parents=True, exist_ok=True)
    (home / ".codex/config.toml").write_text(CONFIG.format(model=MODEL, url=url))
    env = {
        "PATH": os.environ["PATH"],
        "HOME": str(home),
        "CODEX_HOME": str(home / ".codex"),
        "OPENAI_API_KEY": "sk-not-a-real-key",
    }
    done = subprocess.run(
        [str(CODEX), "exec", "--json", "--skip-git-repo-check",
         "--dangerously-bypass-approvals-and-sandbox", prompt],
        cwd=work, env=env, capture_output=True, text=True, timeout=90, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    events = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    return done.returncode, events


def messages(events: list[dict[str, Any]]) -> list[str]:
    return [
        e["item"]["text"]
        for e in events
        if e["type"] == "item.completed" and e["item"]["type"] == "agent_message"
    ]


def shell_task(fault: str | None = None) -> dict[str, Any]:
    call = {"name": "exec_command", "arguments": {"cmd": "echo hello > hello.txt"}}
    return call_then_done(MODEL, call, fault)


@pytest.mark.parametrize("fault", ["tool-as-text", "gateway-200"])
def test_codex_runs_the_command_through_the_proxy_where_alone_it_ends_the_turn(
    stand_factory: StandFactory, proxy_factory: ProxyFactory, tmp_path: Path, fault: str
) -> None:
    alone, proxied = tmp_path / "alone", tmp_path / "proxied"
    alone.mkdir()
    proxied.mkdir()

    # Straight at the faulty provider: the turn completes, exit 0, nothing ran.
    status, events = codex(stand_factory(script=shell_task(fault)), "write hello.txt", alone)
    assert status == 0 and events[-1]["type"] == "turn.completed"
    assert not (alone / "hello.txt").exists()
    assert messages(events) and "Wrote hello.txt." not in messages(events)

    # Through the proxy, the faulty provider first: the backup's call runs.
    log = tmp_path / "proxy.jsonl"
    primary = stand_factory(script=shell_task(fault))
    backup = stand_factory(script=shell_task())
    url = proxy_factory([primary, backup], api="responses", log=log)
    status, events = codex(url, "write hello.txt", proxied)
    assert status == 0 and events[-1]["type"] == "turn.completed"
    assert (proxied / "hello.txt").read_text() == "hello\n"
    said = messages(events)
    assert said[-1] == "Wrote hello.txt." and not any("<tool_call>" in m for m in said)
    assert not any(e["type"] == "error" for e in events)  # no reconnects: no 502 on the way
    verdicts = {v for record in read_log(log) for v in record["verdicts"]}
    assert verdicts == {"lost_tool_call" if fault == "tool-as-text" else "gateway"}


class SearchingProvider(socketserver.BaseRequestHandler):
    """The Responses API with its hosted web search, as `codex exec` meets it when its
    `web_search` tool is on: the search's `web_search_call` item, then the cited answer."""

    server: Any

    def handle(self) -> None:
        request = read_request(self.request)
        if request is None:
            return
        self.server.received.append(json.loads(request[1]))
        read = len(request[1]) // 4  # about what a tokenizer counts of it
        usage = {"input_tokens": read, "output_tokens": 60, "total_tokens": read + 60}
        reply = responses_turn(SEARCH_CALL, MESSAGE, usage=usage)
        self.request.sendall(
            b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ncontent-length: %d\r\n"
            b"connection: close\r\n\r\n%s" % (len(reply), reply)
        )


def test_codex_sees_the_providers_web_search_through_the_proxy(
    proxy_factory: ProxyFactory, tmp_path: Path
) -> None:
    """The provider's search reaches Codex as the `web_search_call` item it shows and keeps
    (it was dropped: Codex saw an answer with no search behind it)."""
    server = RawServer(SearchingProvider, received=[])
    with serving(server):
        work = tmp_path / "work"
        work.mkdir()
        code, events = codex(
            proxy_factory([server.url], api="responses"), "When are invoices due?", work
        )
    assert code == 0, events
    searches = [e["item"] for e in events if e["type"] == "item.completed"
                and e["item"]["type"] == "web_search"]  # fmt: skip
    assert searches and searches[0]["query"] == "invoice payment terms", events
    assert messages(events) == [CITED + AFTER]
