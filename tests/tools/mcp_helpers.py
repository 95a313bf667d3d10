"""Shared by the MCP tests: the hostile server, its log, and a runtime on a scripted stand."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import anyio

from tether.agent.receipt import Receipt
from tether.agent.runtime import AgentRuntime, RuntimeConfig, create_agent_runtime
from tether.procgroup import pid_alive
from tether.providers import OpenAIProvider
from tether.tools.builtin import CODING_TOOLS
from tether.tools.mcp import McpServer
from tether.tools.runner import ToolResult
from tether.trace.store import TraceStore

HOSTILE = Path(__file__).resolve().parents[1] / "data" / "hostile_mcp.py"


def hostile(log: Path, **options: Any) -> McpServer:
    """The hostile server, writing its events to `log`."""
    env = {"HOSTILE_LOG": str(log), **options.pop("env", {})}
    return McpServer(
        name="hostile", command=sys.executable, args=[str(HOSTILE)], env=env, **options
    )


def events(log: Path) -> list[dict[str, Any]]:
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text().splitlines() if line.strip()]


def left_alive(log: Path) -> list[int]:
    """The hostile servers' processes and their children that still run."""
    pids = [e["pid"] for e in events(log) if e["event"] == "start"]
    pids += [e["child"] for e in events(log) if e["event"] == "start"]
    return [p for p in pids if pid_alive(p)]


def call(name: str, **arguments: Any) -> dict[str, Any]:
    return {"name": name, "arguments": arguments}


def script(*turns: Any) -> dict[str, Any]:
    return {"models": {"sim-large": {"turns": list(turns)}}}


def mcp_runtime(
    url: str,
    tmp_path: Path,
    servers: Sequence[McpServer],
    config: RuntimeConfig | None = None,
    **options: Any,
) -> tuple[AgentRuntime, TraceStore]:
    ws = tmp_path / "ws"
    ws.mkdir(exist_ok=True)
    store = TraceStore(tmp_path / "t.db")
    runtime = create_agent_runtime(
        config,
        providers=[OpenAIProvider(url + "/v1", "sim-large")],
        workspace=ws,
        store=store,
        tools=[*CODING_TOOLS, *servers],
        **options,
    )
    return runtime, store


def run(
    runtime: AgentRuntime, task: str = "use the tools", backend: str = "asyncio"
) -> tuple[Receipt, list[ToolResult]]:
    """The receipt and every tool result, in order."""
    results: list[ToolResult] = []

    async def main() -> Receipt:
        try:
            return await runtime.run(task, on_step=lambda _, rs: results.extend(rs))
        finally:
            await runtime.chain.aclose()

    return anyio.run(main, backend=backend), results
