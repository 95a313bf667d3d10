"""The MCP servers of one run: opened when the run starts, closed (every server process ended)
when it ends, however it ends.

`open_mcp` starts the servers that start with the run (concurrently; one that cannot start
fails the run with its name and stderr tail), turns the listings into `McpTool`s (the server's
own names; a name already taken, by a local tool or an earlier server, is prefixed
`SERVER_`), and makes the default rules the tools' annotations ask for: a tool that may destroy
or reaches an open world asks, one that says it does neither is allowed. A `lazy` server is
described from the listing an earlier run kept in `.tether/mcp/` and starts at its first call.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

import anyio
import mcp_types as types

from tether.errors import McpServerError
from tether.tools.mcp.connection import McpConnection
from tether.tools.mcp.servers import McpServer
from tether.tools.mcp.tool import McpTool, mcp_tool
from tether.tools.rules import Rule

__all__ = ["McpHub", "default_rule", "open_mcp"]

_NOT_A_NAME = re.compile(r"[^A-Za-z0-9_-]+")
_NAME_MAX = 64  # what the providers accept as a function name


@dataclass
class McpHub:
    """What the servers bring to a run: their tools, the rules their annotations ask for, and
    what the user was told (a server that died twice, a tool left out)."""

    connections: list[McpConnection]
    tools: list[McpTool] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)

    def rules(self) -> list[Rule]:
        return [default_rule(t) for t in self.tools]


def default_rule(t: McpTool) -> Rule:
    """`ask` for a tool that may destroy (MCP's default when it does not say) or reaches an
    open world (the default too); `allow` for one whose annotations say neither."""
    hints = t.hints
    why = []
    if not hints.read_only_hint and hints.destructive_hint is not False:
        why.append("destructive")
    if hints.open_world_hint is not False:
        why.append("open-world")
    if why:
        said = "its MCP annotations say" if hints.model_fields_set else "MCP's default for"
        reason = f"{said} {' and '.join(why)}" + ("" if hints.model_fields_set else " tools")
        return Rule(t.name, "ask", server=t.server, reason=reason)
    kind = "read-only" if hints.read_only_hint else "not destructive"
    reason = f"its MCP annotations say {kind}, closed world"
    return Rule(t.name, "allow", server=t.server, reason=reason)


@asynccontextmanager
async def open_mcp(
    servers: Sequence[McpServer],
    workspace: Path,
    *,
    reserved: Iterable[str] = (),
    on_notice: Callable[[str], None] | None = None,
) -> AsyncIterator[McpHub]:
    """The servers of one run; on the way out every server is stopped (shielded, so a
    cancelled run still ends them). McpServerError when a server that starts with the run
    cannot start."""
    notices: list[str] = []

    def notify(message: str) -> None:
        notices.append(message)
        if on_notice is not None:
            on_notice(message)

    try:
        async with anyio.create_task_group() as tg:
            connections = [McpConnection(s, workspace, tg, notify) for s in servers]
            hub = McpHub(connections, notices=notices)
            try:
                await _start_with_run(connections, workspace)
                hub.tools = _tools(connections, set(reserved), notify)
                yield hub
            finally:
                with anyio.CancelScope(shield=True):
                    for c in connections:
                        await c.stop()
                        c.close_stderr()
    except BaseExceptionGroup as group:  # the hosts raise nothing: the run's own exception
        if len(group.exceptions) == 1:
            raise group.exceptions[0] from None
        raise


async def _start_with_run(connections: list[McpConnection], workspace: Path) -> None:
    """Start every server that starts with the run (and every lazy one with no kept listing),
    concurrently; the first failure, with every failure's message, is raised."""
    failures: list[str] = []
    due = []
    for c in connections:
        kept = _kept_listing(c.server, workspace) if c.server.start == "lazy" else None
        if kept is not None:
            c.listing = kept
        else:
            due.append(c)

    async def one(c: McpConnection) -> None:
        try:
            await c.start()
        except McpServerError as exc:
            failures.append(str(exc))
            return
        if c.server.start == "lazy" and c.listing is not None:
            _keep_listing(c.server, workspace, c.listing)

    async with anyio.create_task_group() as tg:
        for c in due:
            tg.start_soon(one, c)
    if failures:
        raise McpServerError("; ".join(failures))


def _tools(
    connections: list[McpConnection], taken: set[str], notify: Callable[[str], None]
) -> list[McpTool]:
    tools: list[McpTool] = []
    for c in connections:
        for listed in c.listing or ():
            if not c.server.wants(listed.name):
                continue
            name = _provider_name(listed.name)
            if name in taken:
                name = _provider_name(f"{c.server.name}_{listed.name}")
            if name in taken:
                notify(
                    f"MCP server {c.server.name!r}: tool {listed.name} left out, its name and "
                    f"{name} are both taken; exclude one of them in [[mcp]]"
                )
                continue
            taken.add(name)
            tools.append(mcp_tool(c, listed, name))
    return tools


def _provider_name(name: str) -> str:
    return _NOT_A_NAME.sub("_", name)[:_NAME_MAX] or "tool"


# ----------------------------------------------------------------------------- kept listings


def _listing_path(server: McpServer, workspace: Path) -> Path:
    return workspace / ".tether" / "mcp" / f"{server.name}.json"


def _listing_key(server: McpServer) -> str:
    """What the listing depends on: how the server is started, or where it listens."""
    what = [server.command, server.args, sorted(server.env.items()), server.url]
    return hashlib.sha256(json.dumps(what).encode()).hexdigest()


def _kept_listing(server: McpServer, workspace: Path) -> list[types.Tool] | None:
    """The listing a previous run kept for this very server, or None."""
    try:
        data = json.loads(_listing_path(server, workspace).read_text("utf-8"))
        if data.get("key") != _listing_key(server):
            return None
        return [types.Tool.model_validate(t) for t in data["tools"]]
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None  # none kept, or unreadable: the server starts with the run this time


def _keep_listing(server: McpServer, workspace: Path, listing: list[types.Tool]) -> None:
    path = _listing_path(server, workspace)
    tools = [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in listing]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"key": _listing_key(server), "tools": tools}), "utf-8")
    except OSError:
        pass  # not kept: the next run starts the server with the run again
