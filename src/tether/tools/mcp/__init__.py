"""MCP servers as tools: each server's tools become ordinary `Tool`s, so the runner's guards
(timeouts, caps, the repeat guard, fences, rules, taint, spans, cancellation) apply unchanged.

`servers.py` says what a server is (the `[[mcp]]` table, `--mcp NAME=COMMAND`) and imports no
MCP code; `connection.py` keeps one server running (handshake, restart once, unavailable
after); `tool.py` is one of its tools as a `Tool`; `hub.py` opens the servers of a run and
turns their listings into tools and default rules.
"""

from tether.tools.mcp.servers import McpServer, parse_mcp_flag

__all__ = ["McpServer", "parse_mcp_flag"]
