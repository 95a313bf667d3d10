"""`tether run --mcp` with the hostile server, as a user runs it: SIGINT and SIGTERM in the
middle of a hung MCP call, and a server that crashes twice. The run ends the way it should,
and no process of the server (nor the child it started) is left."""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.processes import signal_when_ready
from tests.tools.mcp_helpers import HOSTILE, call, events, left_alive, script

pytestmark = pytest.mark.timeout(120)


def _args(tmp_path: Path, log: Path, *turns: object) -> list[str]:
    path = tmp_path / "script.json"
    path.write_text(json.dumps(script(*turns)))
    workspace = tmp_path / "ws"
    workspace.mkdir(exist_ok=True)
    command = shlex.join(["env", f"HOSTILE_LOG={log}", sys.executable, str(HOSTILE)])
    return ["run", "use the hostile tools", "--workspace", str(workspace), "--script", str(path),
            "--mcp", f"hostile={command}"]  # fmt: skip


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_during_a_hung_mcp_call_ends_the_run_and_the_server(
    sig: signal.Signals, tmp_path: Path
) -> None:
    log = tmp_path / "hostile.jsonl"
    args = _args(tmp_path, log, {"tool_calls": [call("hang")]}, {"text": "never"})
    env = {**os.environ, "TETHER_TRACE_STORE": str(tmp_path / "t.db")}
    code, out, err = signal_when_ready(
        [*args, "--json"], env, tmp_path,
        lambda: any(e["event"] == "hanging" for e in events(log)), sig, what="the hung call",
    )  # fmt: skip
    assert code == 130, err
    receipt = json.loads(out)
    assert receipt["status"] == "cancelled" and "tool hang" in receipt["cancelled"]
    assert receipt["trace_problems"] == []
    assert [e["tool"] for e in events(log) if e["event"] == "cancelled"] == ["hang"]
    assert left_alive(log) == []


def test_a_server_that_crashes_twice_is_reported_and_the_run_answers(tmp_path: Path) -> None:
    log = tmp_path / "hostile.jsonl"
    args = _args(
        tmp_path, log,
        {"tool_calls": [call("crash")]},
        {"tool_calls": [call("crash", note="again")]},
        {"tool_calls": [call("weather", city="Oslo")]},
        {"text": "Could not use the weather service."},
    )  # fmt: skip
    result = subprocess.run(
        [sys.executable, "-m", "tether", *args], capture_output=True, text=True, timeout=100,
        env={**os.environ, "TETHER_TRACE_STORE": str(tmp_path / "t.db")},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "step 1: crash({}) -> error" in result.stderr
    assert "[mcp] MCP server 'hostile' died again after its restart" in result.stderr
    assert "step 3: weather" in result.stderr and "-> error" in result.stderr
    assert len([e for e in events(log) if e["event"] == "start"]) == 2
    assert left_alive(log) == []


def test_a_malformed_mcp_flag_is_a_usage_error(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tether", "run", "x", "--mcp", "mcp-server-time"],
        capture_output=True, text=True, timeout=60, cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 2
    assert "--mcp NAME=COMMAND" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
