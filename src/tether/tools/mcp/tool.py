"""An MCP server's tool as an ordinary `Tool`: the server's JSON schema checks the arguments,
the call goes through the server's connection, and the reply becomes a `ToolOutput`. Every
result is outside content (`untrusted`): the runner fences it and looks for injection signs."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import jsonschema
import mcp_types as types
from pydantic import BaseModel, ConfigDict

from tether.errors import ToolArgumentsError
from tether.procgroup import shorten
from tether.tools.base import Tool, ToolContext, ToolOutput
from tether.tools.mcp.connection import McpConnection
from tether.trace.spans import is_cancellation

__all__ = ["McpTool", "mcp_tool", "result_output"]


class _Arguments(BaseModel):
    """Stands in for a signature's model: the server's schema does the checking."""

    model_config = ConfigDict(extra="allow")


@dataclass(frozen=True)
class McpTool(Tool):
    """A tool of an MCP server; `name` is what the model sees (`SERVER_tool` after a clash),
    `remote` the server's own name for it."""

    remote: str = ""
    hints: types.ToolAnnotations = field(default_factory=types.ToolAnnotations, compare=False)
    connection: McpConnection | None = field(default=None, compare=False, repr=False)

    @cached_property
    def _validator(self) -> Any:
        try:
            cls = jsonschema.validators.validator_for(self.parameters)
            cls.check_schema(self.parameters)
        except jsonschema.SchemaError:
            return None  # a server's broken schema: the server checks its own arguments
        return cls(self.parameters)

    def validate(self, arguments: dict[str, Any]) -> dict[str, Any]:
        validator = self._validator
        if validator is not None:
            error = jsonschema.exceptions.best_match(validator.iter_errors(arguments))
            if error is not None:
                where = ".".join(str(p) for p in error.absolute_path) or "arguments"
                raise ToolArgumentsError(
                    f"invalid arguments for {self.name}: {where}: {error.message}"
                )
        return dict(arguments)

    async def prepare(self) -> None:
        """Start the server first when it is not running: the start has its own timeout (the
        handshake's), apart from the call's."""
        assert self.connection is not None
        await self.connection.start()

    async def invoke(
        self,
        arguments: dict[str, Any],
        ctx: ToolContext,
        on_abandon: Callable[[], None] | None = None,
    ) -> ToolOutput:
        assert self.connection is not None  # (the runner checked the arguments already)
        try:
            result = await self.connection.call(self.remote, arguments)
        except BaseException as exc:  # a cancellation, or a group of them (trio's)
            if is_cancellation(exc) and on_abandon is not None and not self.hints.read_only_hint:
                on_abandon()  # the server may still carry out a call stopped mid-way
            raise
        effects = () if self.hints.read_only_hint else (self._effect(arguments, result),)
        return result_output(result, effects)

    def span_attrs(self) -> dict[str, Any]:
        return {"tether.mcp.server": self.server, "tether.mcp.tool": self.remote}

    def _effect(self, arguments: dict[str, Any], result: types.CallToolResult) -> str:
        args = shorten(json.dumps(arguments, ensure_ascii=False, sort_keys=True), 120)
        ended = "failed" if result.is_error else "ok"
        return f"called {self.remote} on MCP server {self.server} with {args} ({ended})"


def mcp_tool(connection: McpConnection, listed: types.Tool, name: str) -> McpTool:
    """The `Tool` for one listed tool of `connection`'s server, shown to the model as `name`."""
    schema = dict(listed.input_schema or {"type": "object"})
    return McpTool(
        name=name,
        description=(listed.description or listed.title or listed.name).strip(),
        parameters=schema,
        fn=connection.call,
        model=_Arguments,
        untrusted=True,
        timeout_s=connection.server.timeout_s,
        server=connection.server.name,
        remote=listed.name,
        hints=listed.annotations or types.ToolAnnotations(),
        connection=connection,
    )


def result_output(result: types.CallToolResult, effects: tuple[str, ...] = ()) -> ToolOutput:
    """The reply as text for the model: text blocks as they are, anything else described."""
    parts = [_block_text(block) for block in result.content]
    if not parts and result.structured_content is not None:
        parts.append(json.dumps(result.structured_content, ensure_ascii=False))
    return ToolOutput(
        text="\n".join(parts), effects=effects, is_error=bool(result.is_error), outside=True
    )


def _block_text(block: Any) -> str:
    if isinstance(block, types.TextContent):
        return block.text
    if isinstance(block, types.ImageContent | types.AudioContent):
        kind = "image" if isinstance(block, types.ImageContent) else "audio"
        size = len(block.data) * 3 // 4
        return f"[{kind} {block.mime_type}, about {size:,} bytes, not shown]"
    if isinstance(block, types.ResourceLink):
        return f"[resource link: {block.uri} ({block.name})]"
    if isinstance(block, types.EmbeddedResource):
        resource = block.resource
        if isinstance(resource, types.TextResourceContents):
            return resource.text
        return (
            f"[resource {resource.uri}: binary, {len(resource.blob) * 3 // 4:,} bytes, not shown]"
        )
    return f"[{getattr(block, 'type', type(block).__name__)} content, not shown]"
