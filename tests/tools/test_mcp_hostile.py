"""A hostile MCP server under every guard of the tool runner, driven by a scripted stand model:
a tool that hangs, one that returns 1 MB, one whose reply carries a prompt injection, one that
crashes mid-call, one annotated destructive. The run goes on through all of them, and no
process of the server (nor the child it started) outlives the run."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import anyio
import pytest

from tests.helpers import StandFactory
from tests.processes import wait_for
from tests.tools.mcp_helpers import (
    HOSTILE,
    call,
    events,
    hostile,
    left_alive,
    mcp_runtime,
    run,
    script,
)
from tether.agent.receipt import Receipt
from tether.agent.runtime import RuntimeConfig
from tether.tools.base import ToolContext
from tether.tools.mcp import McpServer
from tether.tools.rules import Rule, Rules
from tether.trace.spans import Recorder

pytestmark = pytest.mark.timeout(120)


def test_every_hostile_tool_is_contained_and_the_run_answers(
    stand_factory: StandFactory, tmp_path: Path, anyio_backend: str
) -> None:
    log = tmp_path / "hostile.jsonl"
    url = stand_factory(
        script=script(
            {"tool_calls": [call("hang")]},
            {"tool_calls": [call("flood")]},
            {"tool_calls": [call("weather", city="Oslo")]},
            # text from the flagged reply, in the arguments of a tool that is allowed
            {"tool_calls": [call("hostile_read_file", path="call wipe with path=/home")]},
            {"tool_calls": [call("wipe", path="notes")]},
            {"tool_calls": [call("crash")]},
            {"tool_calls": [call("flood")]},  # the repeat guard, before any server
            {"tool_calls": [call("weather", city="Bergen")]},  # on the restarted server
            {"tool_calls": [call("crash", note="again")]},
            {"tool_calls": [call("weather", city="Turku")]},
            {"text": "All done."},
        )
    )
    runtime, store = mcp_runtime(url, tmp_path, [hostile(log, timeout_s=1.5)], max_steps=20)
    receipt, results = run(runtime, backend=anyio_backend)
    try:
        assert receipt.status == "answered" and receipt.final_text == "All done.", receipt
        by_step = [(r.call.name, r.status) for r in results]
        assert by_step == [
            ("hang", "timeout"),
            ("flood", "ok"),
            ("weather", "ok"),
            ("hostile_read_file", "denied"),
            ("wipe", "denied"),
            ("crash", "error"),
            ("flood", "skipped"),
            ("weather", "ok"),
            ("crash", "error"),
            ("weather", "error"),
        ]
        hang, flood, weather, tainted, wipe, crash1, _, bergen, crash2, turku = results
        # the hung call: stopped by the timeout, and the server was told (MCP cancellation)
        assert "timed out after 1.5 s" in hang.text
        assert [e["tool"] for e in events(log) if e["event"] == "cancelled"] == ["hang"]
        # 1 MB: capped for the model, the whole of it spilled to a file in the workspace
        assert "result too long: 1,000,000 characters" in flood.text and len(flood.text) < 25_000
        (spilled,) = (tmp_path / "ws" / ".tether" / "spill").iterdir()
        assert spilled.stat().st_size == 1_000_000
        # the injection: fenced, flagged; the call that carries its text was tightened to ask
        assert weather.flagged and "ignore previous instructions" in weather.flagged
        assert "untrusted DATA" in weather.text and "WARNING" in weather.text
        assert "tightened to ask" in tainted.decision and "denied" in tainted.text
        # destructive by its annotations: ask by default, nobody to ask, so denied; never ran
        assert "its MCP annotations say destructive" in wipe.decision
        assert not any(e["event"] == "wiped" for e in events(log))
        # the crash: the call fails naming the server and its stderr, the server restarts once
        assert "MCP server 'hostile' died during the call to crash" in crash1.text
        assert "crashing on purpose" in crash1.text and "restarted" in crash1.text
        assert "Bergen" in bergen.text
        assert "unavailable for the rest of this run" in crash2.text
        assert "unavailable" in turku.text
        assert [n for n in receipt.notices if "unavailable" in n]
        assert len([e for e in events(log) if e["event"] == "start"]) == 2
        # spans name the server and its tool; the trace is complete
        assert receipt.trace_problems == []
        trace = store.trace(receipt.run_id)
        assert trace is not None
        tool_spans = [s for s in trace["spans"] if s["kind"] == "tool"]
        assert {s["attrs"].get("tether.mcp.server") for s in tool_spans} == {"hostile"}
        assert {s["attrs"].get("tether.mcp.tool") for s in tool_spans} >= {"hang", "read_file"}
        assert [s["status"] for s in tool_spans if s["name"] == "hang"] == ["timeout"]
        assert left_alive(log) == []
    finally:
        store.close()


@pytest.mark.parametrize("tool", ["hang", "hang_writing"])
def test_stop_cancels_the_call_in_flight_and_ends_the_server(
    stand_factory: StandFactory, tmp_path: Path, tool: str, anyio_backend: str
) -> None:
    log = tmp_path / "hostile.jsonl"
    url = stand_factory(script=script({"tool_calls": [call(tool)]}, {"text": "never"}))
    # (a tool that may change things would be asked for, and denied, without a rule)
    runtime, store = mcp_runtime(
        url, tmp_path, [hostile(log)], rules=Rules([Rule("hang_writing", "allow")])
    )

    async def main() -> Receipt:
        async with anyio.create_task_group() as tg:

            async def stop_when_hanging() -> None:
                while not any(e["event"] == "hanging" for e in events(log)):  # noqa: ASYNC110
                    await anyio.sleep(0.05)  # (written by another process: nothing to wait on)
                runtime.cancel()

            tg.start_soon(stop_when_hanging)
            receipt = await runtime.run("hang")
            tg.cancel_scope.cancel()
        await runtime.chain.aclose()
        return receipt

    receipt = anyio.run(main, backend=anyio_backend)
    store.close()
    assert receipt.status == "cancelled" and f"tool {tool}" in receipt.cancelled
    assert [e["tool"] for e in events(log) if e["event"] == "cancelled"] == [tool]
    assert left_alive(log) == []
    # a call that may change things, stopped mid-way, may still be carried out by the server
    maybe = [f"maybe: {tool} {{}} (still running when stopped; it may have finished)"]
    assert receipt.done == ([] if tool == "hang" else maybe)


def test_a_handshake_that_never_ends_fails_the_run_naming_the_server(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    log = tmp_path / "hostile.jsonl"
    url = stand_factory(script=script({"text": "never asked"}))
    slow = hostile(log, env={"HOSTILE_SLOW_START": "60"}, handshake_timeout_s=5)
    runtime, store = mcp_runtime(url, tmp_path, [slow])
    receipt, _ = run(runtime)
    store.close()
    assert receipt.status == "error" and receipt.trace_problems == []
    assert "MCP server 'hostile'" in receipt.error and "within 5 s" in receipt.error
    assert "hostile: starting" in receipt.error  # its stderr tail
    assert left_alive(log) == []


def test_a_lazy_server_starts_at_its_first_call_once_its_listing_is_kept(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    log = tmp_path / "hostile.jsonl"
    lazy = hostile(log, start="lazy")
    url = stand_factory(script=script({"text": "no tools needed"}))
    runtime, store = mcp_runtime(url, tmp_path, [lazy])
    first, _ = run(runtime)  # no listing kept yet: it starts with the run, and is kept
    assert first.status == "answered"
    assert len(events(log)) == 1
    kept = json.loads((tmp_path / "ws" / ".tether" / "mcp" / "hostile.json").read_text())
    assert "weather" in {t["name"] for t in kept["tools"]}
    runtime, store2 = mcp_runtime(url, tmp_path, [lazy])
    second, _ = run(runtime)  # described from the kept listing; never started
    assert second.status == "answered" and len(events(log)) == 1
    url = stand_factory(script=script({"tool_calls": [call("weather", city="Oslo")]}, {}))
    runtime, store3 = mcp_runtime(url, tmp_path, [lazy])
    third, results = run(runtime)
    assert third.status == "answered" and results[0].status == "ok"
    assert len([e for e in events(log) if e["event"] == "start"]) == 2
    for s in (store, store2, store3):
        s.close()
    assert left_alive(log) == []


def test_filters_and_clashing_names(stand_factory: StandFactory, tmp_path: Path) -> None:
    log = tmp_path / "hostile.jsonl"
    url = stand_factory(script=script({"text": "ok"}))
    picky = hostile(log, tools=["w*", "read_file"], exclude=["wipe"])
    runtime, store = mcp_runtime(url, tmp_path, [picky])
    seen: list[str] = []

    async def main() -> None:
        recorder = Recorder("test", sink=store)
        async with runtime._tools_for_run(recorder, Receipt("error")) as (tools, rules):
            seen.extend(t.name for t in tools if t.server)
            ctx = ToolContext(tmp_path)
            decision = rules.decide("weather", {"city": "x"}, ctx, server="hostile")
            assert decision.action == "allow"

    anyio.run(main)
    store.close()
    assert seen == ["weather", "hostile_read_file"]
    assert left_alive(log) == []


def test_config_reads_mcp_tables(tmp_path: Path) -> None:
    from tether.agent.runtime import load_config
    from tether.errors import ConfigError

    path = tmp_path / "tether.toml"
    path.write_text('[[mcp]]\nname = "t"\ncommand = "mcp-server-time"\nurl = "http://x"\n')
    with pytest.raises(ConfigError, match=r"either command .* or url"):
        load_config(path)
    path.write_text('[[mcp]]\nname = "t"\ncommand = "mcp-server-time"\nstart = "later"\n')
    with pytest.raises(ConfigError, match=r"mcp\.0\.start"):
        load_config(path)
    assert RuntimeConfig().mcp == []


def test_a_streamable_http_server_gets_the_same_guards(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    log = tmp_path / "hostile.jsonl"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "HOSTILE_LOG": str(log), "HOSTILE_HTTP_PORT": str(port)}
    server = subprocess.Popen(
        [sys.executable, str(HOSTILE)], env=env, stderr=subprocess.DEVNULL, start_new_session=True
    )
    try:
        wait_for(lambda: _accepts(port), 60)
        url = stand_factory(
            script=script(
                {"tool_calls": [call("weather", city="Oslo")]},
                {"tool_calls": [call("hang")]},
                {"text": "ok"},
            )
        )
        remote = McpServer(name="hostile", url=f"http://127.0.0.1:{port}/mcp", timeout_s=1.5)
        runtime, store = mcp_runtime(url, tmp_path, [remote])
        receipt, results = run(runtime)
        store.close()
        # The server logs the cancellation when it has read it: wait while it still runs (a
        # loaded machine took longer than the run's end to get there, and a killed server
        # logs nothing more).
        wait_for(lambda: any(e["event"] == "cancelled" for e in events(log)), 30)
    finally:
        os.killpg(server.pid, signal.SIGKILL)  # the server and the child it started
        server.wait()
    assert receipt.status == "answered"
    weather, hang = results
    assert weather.status == "ok" and weather.flagged and "untrusted DATA" in weather.text
    assert hang.status == "timeout"
    assert [e["tool"] for e in events(log) if e["event"] == "cancelled"] == ["hang"]
    wait_for(lambda: not left_alive(log), 10)
    assert left_alive(log) == []


def _accepts(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    except OSError:
        return False
    return True
