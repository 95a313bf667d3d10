"""What an MCP server is to tether: how to start it or where it listens, which of its tools to
take, when to start it. The `[[mcp]]` table of a configuration and `tether run --mcp` both make
an `McpServer`."""

from __future__ import annotations

import shlex
from fnmatch import fnmatchcase
from typing import Literal

from pydantic import Field, model_validator

from tether.config.files import Strict
from tether.errors import ConfigError

__all__ = ["McpServer", "parse_mcp_flag"]

NAME_PATTERN = r"^[A-Za-z0-9_-]{1,32}$"  # it may prefix tool names, which providers restrict


class McpServer(Strict):
    """One `[[mcp]]` table: a stdio server (`command` + `args` + `env`) or a streamable HTTP
    one (`url`), with the tools to take (`tools` globs; all when absent) and leave (`exclude`)."""

    name: str = Field(pattern=NAME_PATTERN)
    command: str | None = Field(default=None, min_length=1)
    args: list[str] = Field(default_factory=list)
    env: dict[str, str] = Field(default_factory=dict)  # over a small safe environment
    url: str | None = Field(default=None, pattern=r"^https?://")
    tools: list[str] | None = None
    exclude: list[str] = Field(default_factory=list)
    # "run": started when the run starts; "lazy": at the first call of one of its tools (its
    # tools are described from the listing kept by an earlier run; the first run starts it)
    start: Literal["run", "lazy"] = "run"
    handshake_timeout_s: float = Field(default=30.0, gt=0)
    timeout_s: float | None = Field(default=None, gt=0)  # per call; default: [tools].timeout_s

    @model_validator(mode="after")
    def _one_transport(self) -> McpServer:
        if (self.command is None) == (self.url is None):
            raise ValueError(
                f"mcp server {self.name!r}: give either command (a stdio server) or url "
                "(streamable HTTP), not both and not neither"
            )
        return self

    def wants(self, tool_name: str) -> bool:
        """Whether the `tools` / `exclude` filters keep this tool of the server."""
        if self.tools is not None and not any(fnmatchcase(tool_name, g) for g in self.tools):
            return False
        return not any(fnmatchcase(tool_name, g) for g in self.exclude)

    def describe(self) -> str:
        """The command line or the URL, for messages."""
        if self.url is not None:
            return self.url
        return shlex.join([self.command or "", *self.args])


def parse_mcp_flag(value: str) -> McpServer:
    """`NAME=COMMAND` (the command read as a shell reads words) as a stdio server; ConfigError
    names the problem and the fix."""
    name, sep, command = value.partition("=")
    fix = "give --mcp NAME=COMMAND, e.g. --mcp time=mcp-server-time"
    if not sep or not name.strip() or not command.strip():
        raise ConfigError(f"--mcp {value!r}: {fix}")
    try:
        argv = shlex.split(command)
    except ValueError as exc:
        raise ConfigError(f"--mcp {value!r}: the command cannot be read ({exc}); {fix}") from None
    from tether.config.files import validated

    return validated(
        McpServer, {"name": name.strip(), "command": argv[0], "args": argv[1:]}, f"--mcp {value!r}"
    )
