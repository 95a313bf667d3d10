"""MCP servers as tools: each server's tools become ordinary `Tool`s, so the runner's guards
(timeouts, caps, the repeat guard, fences, rules, taint, spans, cancellation) apply unchanged.

`servers.py` says what a server is (the `[[mcp]]` table, `--mcp NAME=COMMAND`), `connection.py`
keeps one server running (handshake, restart once, unavailable after), `hub.py` opens the
servers of a run and turns their listings into tools and default rules.
"""

from tether.tools.mcp.hub import McpHub, open_mcp
from tether.tools.mcp.servers import McpServer, parse_mcp_flag

__all__ = ["McpHub", "McpServer", "open_mcp", "parse_mcp_flag"]
