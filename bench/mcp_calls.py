"""What tether adds to an MCP tool call: `mcp-server-time`'s `get_current_time` called through
the bare SDK session (`ClientSession.call_tool`) and through tether's `ToolRunner` (the tool as
an `McpTool`: schema check, the process watch, rules, fence, span), taking turns on ONE server,
medians; also the server's start (spawn + handshake + listing) through tether. Target: <= 2 ms
added per call (median). `python bench/mcp_calls.py` (options: `--calls 200`)."""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import anyio

from tether.messages import ToolCall
from tether.tools.base import ToolContext
from tether.tools.mcp import McpServer
from tether.tools.mcp.hub import open_mcp
from tether.tools.rules import Rules
from tether.tools.runner import ToolRunner
from tether.trace.spans import Recorder

TARGET_MS = 2.0


async def main(calls: int) -> int:
    server = McpServer(name="time", command=sys.executable, args=["-m", "mcp_server_time"])
    workspace = Path(tempfile.mkdtemp())
    started = time.perf_counter()
    async with open_mcp([server], workspace) as hub:
        start_ms = (time.perf_counter() - started) * 1000
        (connection,) = hub.connections
        session = await connection.start()
        recorder = Recorder("bench")
        runner = ToolRunner(
            hub.tools, ToolContext(workspace), rules=Rules([], default="allow"), recorder=recorder
        )
        bare: list[float] = []
        through: list[float] = []
        for i in range(calls):
            zone = ["UTC", "Europe/Oslo", "Asia/Tokyo", "America/Lima"][i % 4]
            t0 = time.perf_counter()
            await session.call_tool("get_current_time", {"timezone": zone})
            bare.append(time.perf_counter() - t0)
            call = ToolCall(f"c{i}", "get_current_time", f'{{"timezone": "{zone}"}}')
            runner._seen.clear()  # the same arguments again are the point here, not a repeat
            t0 = time.perf_counter()
            (result,) = await runner.run([call])
            through.append(time.perf_counter() - t0)
            assert result.status == "ok", result.text
    b, t = statistics.median(bare) * 1000, statistics.median(through) * 1000
    print(f"server start (spawn, handshake, listing): {start_ms:.0f} ms")
    print(f"bare SDK call_tool        median {b:.2f} ms  ({calls} calls)")
    print(f"tether ToolRunner call    median {t:.2f} ms")
    print(f"added by tether           median {t - b:.2f} ms  (target <= {TARGET_MS} ms)")
    return 0 if t - b <= TARGET_MS else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=200)
    sys.exit(anyio.run(main, parser.parse_args().calls))
