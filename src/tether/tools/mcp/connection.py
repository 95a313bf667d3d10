"""One MCP server for one run: started in the hub's task group (at run start or at its first
call), restarted once after it dies, unavailable to the model and the user after that.

The official `mcp` SDK speaks the protocol; this module owns the server's life. Its task (the
"host") enters the transport and the session and leaves them in the same task, as anyio asks,
whichever tool call started it. A stdio server runs in its own process group and carries a
mark in its environment (`tether.procgroup.CALL_MARK`): when the host ends (the run ends, is
cancelled, or the server died) every process with the mark is ended, so neither the server nor
anything it started outlives the run.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from contextlib import AsyncExitStack
from pathlib import Path
from typing import IO, Any, cast

import anyio
import mcp_types as types
from anyio.abc import TaskGroup
from mcp.client.session import ClientSession
from mcp.shared.exceptions import MCPError

from tether.errors import McpServerError
from tether.procgroup import CALL_MARK, kill_marked, marked_child, pid_alive
from tether.tools.mcp.servers import McpServer

__all__ = ["MAX_STARTS", "McpConnection"]

MAX_STARTS = 2  # the first start and one restart after the server died
WATCH_S = 0.1  # during a call, how often a stdio server's process is looked at
STDERR_TAIL_CHARS = 1_500
_CLOSED = (anyio.ClosedResourceError, anyio.BrokenResourceError, anyio.EndOfStream)


class _Start:
    """What one start came to: the session and the tools, or why not."""

    def __init__(self) -> None:
        self.settled = anyio.Event()
        self.error: str = ""
        self.stop = anyio.Event()  # set: the host leaves the session and ends the server
        self.ended = anyio.Event()  # the host is gone, the server's processes with it
        self.mark = os.urandom(8).hex()
        self.pid: int | None = None  # a stdio server's process, once it answered


class McpConnection:
    """A server's session for one run. `call()` starts it when needed; a call that finds it dead
    fails with McpServerError (it may have done part of its work), and the next call starts it
    again, once; after a second death its tools are unavailable for the rest of the run."""

    def __init__(
        self, server: McpServer, cwd: Path, tg: TaskGroup, notify: Callable[[str], None]
    ) -> None:
        self.server = server
        self.cwd = cwd
        self._tg = tg
        self._notify = notify
        self.listing: list[types.Tool] | None = None
        self.session: ClientSession | None = None
        self.starts = 0
        self.unavailable = ""  # why its tools cannot be used any more ("" while they can)
        self._current: _Start | None = None
        self._attempts: list[_Start] = []  # every start whose host may still run
        self._lock = anyio.Lock()
        self._stderr: IO[bytes] | None = None

    # ------------------------------------------------------------------------- start and stop

    async def start(self) -> ClientSession:
        """The running session, started (or restarted) first when needed; a start under way
        (one whose caller was cancelled meanwhile) is waited for, never doubled."""
        async with self._lock:
            if self.session is not None:
                return self.session
            if self.unavailable:
                raise McpServerError(self.unavailable)
            attempt = self._current
            if attempt is None or attempt.settled.is_set():
                self.starts += 1
                attempt = _Start()
                self._current = attempt
                self._attempts.append(attempt)
                self._tg.start_soon(self._host, attempt)
            await attempt.settled.wait()
            if attempt.error:
                self.unavailable = attempt.error
                self._notify(attempt.error)
                raise McpServerError(attempt.error)
            assert self.session is not None
            return self.session

    async def stop(self) -> None:
        """End the server, and any start of it still under way (shielded: it runs on the way
        out of a cancelled run too)."""
        self._current = None
        self.session = None
        for attempt in self._attempts:
            attempt.stop.set()
        with anyio.CancelScope(shield=True):
            for attempt in self._attempts:
                await attempt.ended.wait()
        self._attempts.clear()

    async def _host(self, attempt: _Start) -> None:
        name = self.server.name
        self.close_stderr()  # a restart's tail is its own
        self._stderr = cast(IO[bytes], tempfile.TemporaryFile())  # noqa: SIM115 (closed by the hub)
        try:
            async with AsyncExitStack() as stack:
                read, write = await stack.enter_async_context(self._transport(attempt.mark))
                session = await stack.enter_async_context(ClientSession(read, write))
                with anyio.fail_after(self.server.handshake_timeout_s):
                    await session.initialize()
                    listing = await _list_tools(session)
                self.listing = listing
                if self.server.url is None:
                    attempt.pid = marked_child(attempt.mark)
                if not attempt.stop.is_set():
                    self.session = session
                attempt.settled.set()
                await attempt.stop.wait()
        except Exception as exc:  # any way a start fails is told, never raised into the hub
            if isinstance(_first(exc), TimeoutError):
                attempt.error = (
                    f"MCP server {name!r} ({self.server.describe()}) did not finish its "
                    f"handshake within {self.server.handshake_timeout_s:g} s"
                )
            else:
                attempt.error = (
                    f"MCP server {name!r} ({self.server.describe()}) did not start: {_explain(exc)}"
                )
        finally:
            if self._current is attempt:
                self.session = None
            with anyio.CancelScope(shield=True):
                await kill_marked(attempt.mark)  # what it started, wherever it moved
                if attempt.error:
                    attempt.error += self.stderr_tail()
                attempt.settled.set()
                attempt.ended.set()

    def _transport(self, mark: str) -> Any:
        if self.server.url is not None:
            from mcp.client.streamable_http import streamable_http_client

            return streamable_http_client(self.server.url)
        from mcp.client.stdio import StdioServerParameters, stdio_client

        params = StdioServerParameters(
            command=self.server.command or "",
            args=self.server.args,
            env={**self.server.env, CALL_MARK: mark},
            cwd=self.cwd,
        )
        assert self._stderr is not None
        return stdio_client(params, errlog=cast(Any, self._stderr))

    def stderr_tail(self) -> str:
        """`; stderr: ...` with the last characters the server wrote there ("" when none)."""
        f = self._stderr
        if f is None or f.closed:
            return ""
        try:
            size = f.seek(0, os.SEEK_END)
            f.seek(max(0, size - STDERR_TAIL_CHARS))
            lines = f.read().decode("utf-8", "replace").splitlines()
            text = " | ".join(line.strip() for line in lines if line.strip())
        except (OSError, ValueError):
            return ""
        return f"; its stderr ends: {text}" if text else "; it wrote nothing to stderr"

    def close_stderr(self) -> None:
        if self._stderr is not None:
            self._stderr.close()
            self._stderr = None

    # ------------------------------------------------------------------------- calls

    async def call(self, tool: str, arguments: dict[str, Any]) -> types.CallToolResult:
        """Call `tool`; McpServerError when the server cannot be started or died meanwhile
        (found by its process ending, even when a child of it still holds its output open, or
        by the connection closing)."""
        session = await self.start()
        attempt = self._current
        pid = attempt.pid if attempt is not None else None
        result: types.CallToolResult | None = None
        async with anyio.create_task_group() as tg:
            if pid is not None:
                tg.start_soon(_watch, pid, tg.cancel_scope)
            try:
                result = await session.call_tool(tool, arguments)
            except MCPError as exc:
                if exc.code != types.CONNECTION_CLOSED:
                    raise
            except _CLOSED:
                pass
            tg.cancel_scope.cancel()
        if result is not None:
            return result
        raise McpServerError(await self._died(tool))

    async def _died(self, tool: str) -> str:
        """Clean up after a server found dead; the message for the call, and the notice."""
        await self.stop()
        what = (
            f"MCP server {self.server.name!r} died during the call to {tool} (it may have done "
            f"part of the work){self.stderr_tail()}"
        )
        if self.starts < MAX_STARTS:
            return f"{what}. It will be restarted for the next call."
        self.unavailable = (
            f"MCP server {self.server.name!r} died again after its restart: its tools are "
            "unavailable for the rest of this run"
        )
        self._notify(self.unavailable)
        return f"{what}. {self.unavailable}."


async def _watch(pid: int, call: anyio.CancelScope) -> None:
    """Cancel the call when the server's process is gone (looked at from WATCH_S on: most
    calls are over before that, and cost no look)."""
    await anyio.sleep(WATCH_S)
    while pid_alive(pid):  # noqa: ASYNC110  (the SDK keeps the process: nothing to wait on)
        await anyio.sleep(WATCH_S)
    call.cancel()


async def _list_tools(session: ClientSession) -> list[types.Tool]:
    """Every tool of the server, page after page."""
    tools: list[types.Tool] = []
    cursor: str | None = None
    while True:
        params = types.PaginatedRequestParams(cursor=cursor) if cursor else None
        page = await session.list_tools(params=params)
        tools += page.tools
        cursor = page.next_cursor
        if not cursor:
            return tools


def _first(exc: BaseException) -> BaseException:
    """The error itself, or the first of a group's."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return exc


def _explain(exc: BaseException) -> str:
    """One line for an error (the first of a group's)."""
    exc = _first(exc)
    return f"{type(exc).__name__}: {exc}"
