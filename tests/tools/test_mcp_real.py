"""Real MCP servers over stdio, driven by a scripted stand model: `mcp-server-time` and
`mcp-server-git` (PyPI, in the dev extra) and `@modelcontextprotocol/server-everything` (npm,
installed by .ci/run into .cache/mcp-npm). Nothing reaches the network."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import StandFactory
from tests.tools.mcp_helpers import call, mcp_runtime, run, script
from tether.tools.mcp import McpServer

pytestmark = pytest.mark.timeout(120)

ROOT = Path(__file__).resolve().parents[2]
EVERYTHING = (
    ROOT / ".cache/mcp-npm/node_modules/@modelcontextprotocol/server-everything/dist/index.js"
)


def test_mcp_server_time_answers_under_the_guards(
    stand_factory: StandFactory, tmp_path: Path, anyio_backend: str
) -> None:
    url = stand_factory(
        script=script(
            {"tool_calls": [call("get_current_time", timezone="Asia/Tokyo")]},
            {"tool_calls": [call("get_current_time", timezone="Asia/Tokyo")]},  # repeated
            {"tool_calls": [call("convert_time", source_timezone="UTC", time="12:00")]},
            {"text": "It is evening in Tokyo."},
        )
    )
    time = McpServer(name="time", command=sys.executable, args=["-m", "mcp_server_time"])
    runtime, store = mcp_runtime(url, tmp_path, [time])
    receipt, results = run(runtime, backend=anyio_backend)
    store.close()
    assert receipt.status == "answered" and receipt.trace_problems == []
    now, again, bad = results
    assert now.status == "ok" and '"timezone": "Asia/Tokyo"' in now.text
    assert "untrusted DATA" in now.text  # outside content, fenced
    assert "read-only" in now.decision  # allowed by its annotations
    assert again.status == "skipped"
    # a missing argument never reaches the server: the server's own schema says so
    assert bad.status == "error" and "'target_timezone' is a required property" in bad.text
    assert receipt.done == []  # read-only tools did nothing to undo


def test_mcp_server_git_reads_writes_and_is_refused_what_destroys(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    subprocess.run(["git", "init", "-q", str(ws)], check=True)
    (ws / "notes.txt").write_text("hello\n")
    url = stand_factory(
        script=script(
            {"tool_calls": [call("git_status", repo_path=str(ws))]},
            {"tool_calls": [call("git_add", repo_path=str(ws), files=["notes.txt"])]},
            {"tool_calls": [call("git_reset", repo_path=str(ws))]},
            {"tool_calls": [call("git_status", repo_path="/")]},
            {"text": "Staged notes.txt."},
        )
    )
    git = McpServer(name="git", command=sys.executable, args=["-m", "mcp_server_git"])
    runtime, store = mcp_runtime(url, tmp_path, [git])
    receipt, results = run(runtime)
    store.close()
    assert receipt.status == "answered"
    status, add, reset, outside = results
    assert status.status == "ok" and "notes.txt" in status.text
    assert add.status == "ok" and "not destructive" in add.decision
    assert reset.status == "denied" and "destructive" in reset.decision
    assert outside.status == "blocked" and "outside the workspace" in outside.text
    staged = subprocess.run(
        ["git", "-C", str(ws), "diff", "--cached", "--name-only"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert staged.stdout.split() == ["notes.txt"]  # added, and never reset
    assert receipt.done and "called git_add on MCP server git" in receipt.done[0]


def _everything() -> McpServer:
    node = shutil.which("node")
    if node is None:
        pytest.skip(
            "node is not installed: the npm server-everything needs it (.ci/run installs it)"
        )
    assert EVERYTHING.is_file(), (
        "@modelcontextprotocol/server-everything is missing: run .ci/run, or "
        "npm install --prefix .cache/mcp-npm @modelcontextprotocol/server-everything"
    )
    return McpServer(name="everything", command=node, args=[str(EVERYTHING), "stdio"], timeout_s=3)


def test_server_everything_long_running_tools_progress_images_and_its_environment(
    stand_factory: StandFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-not-for-mcp-servers")
    url = stand_factory(
        script=script(
            {"tool_calls": [call("echo", message="hi there")]},
            {"tool_calls": [call("trigger-long-running-operation", duration=1, steps=2)]},
            {"tool_calls": [call("trigger-long-running-operation", duration=60, steps=2)]},
            {"tool_calls": [call("get-tiny-image")]},
            {"tool_calls": [call("get-env")]},
            {
                "tool_calls": [
                    {"name": "gzip-file-as-resource", "arguments": {"name": "x", "data": "aGk="}}
                ]
            },
            {"text": "done"},
        )
    )
    runtime, store = mcp_runtime(url, tmp_path, [_everything()])
    receipt, results = run(runtime)
    store.close()
    assert receipt.status == "answered" and receipt.trace_problems == []
    echo, short, long, image, env, gzip = results
    assert echo.status == "ok" and "hi there" in echo.text
    assert short.status == "ok" and "completed" in short.text.lower()
    assert long.status == "timeout" and "timed out after 3 s" in long.text  # the run went on
    assert image.status == "ok" and "[image image/png" in image.text
    assert env.status == "ok" and "sk-not-for-mcp-servers" not in env.text
    assert gzip.status == "denied" and "open-world" in gzip.decision
