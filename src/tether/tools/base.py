"""Declaring a tool: `@tool` turns a typed function into a Tool with a JSON schema.

The schema comes from the signature (pydantic builds it), the description from the docstring's
first paragraph. Arguments are validated against the same model before the function runs, so a
model's bad arguments come back to it as a clear tool error, never a crash.

    @tool(untrusted=True, timeout_s=20)
    async def fetch(url: str, ctx: ToolContext) -> ToolOutput:
        \"\"\"Fetch a web page.\"\"\"
        ...

A parameter annotated `ToolContext` receives the run's context (workspace, ...) and is not part
of the schema. A tool may be sync or async; sync tools run in a worker thread.
"""

from __future__ import annotations

import inspect
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, get_type_hints

import anyio
import anyio.to_thread
from pydantic import BaseModel, ConfigDict, ValidationError, create_model

from tether.errors import ConfigError, ToolArgumentsError
from tether.sandbox import Sandbox


@dataclass(frozen=True, slots=True)
class ToolContext:
    """What a tool may know about the run: its workspace (tools are confined to it)."""

    workspace: Path
    run_id: str = ""
    sandbox: Sandbox | None = None  # where commands run (tether.sandbox); None: unconfined


@dataclass(frozen=True, slots=True)
class ToolOutput:
    """A tool's result: the text for the model, and what it did that cannot be undone here."""

    text: str
    exit_code: int | None = None
    effects: tuple[
        str, ...
    ] = ()  # e.g. "wrote src/app.py (1,204 bytes)", "ran `pytest -q` (exit 1)"
    is_error: bool = False
    # True when the text came from outside the workspace's own files (a spilled output read
    # back, fetched text): fenced and checked for injection like an untrusted tool's result
    outside: bool = False


@dataclass(frozen=True)
class Tool:
    name: str
    description: str
    parameters: dict[str, Any]
    fn: Callable[..., Any]
    model: type[BaseModel]
    context_param: str | None = None
    untrusted: bool = False  # returns outside content: results are fenced
    timeout_s: float | None = None  # None: the runner's default
    # Only reads: a call left running after a Stop can change nothing, so the receipt has no
    # "maybe" for it (a search's thread starved past its grace on a loaded machine).
    reads_only: bool = False
    server: str = ""  # the MCP server it comes from ("" for a local tool); rules can match it

    async def prepare(self) -> None:
        """Work before the call's own timeout starts (an MCP server's start, which has its
        own handshake timeout). Nothing for a local tool."""

    def span_attrs(self) -> dict[str, Any]:
        """What its `tool` spans carry besides the name (an MCP tool: its server and tool)."""
        return {}

    def validate(self, arguments: dict[str, Any]) -> dict[str, Any]:
        """The arguments checked and converted by the schema; ToolArgumentsError names the field."""
        try:
            return dict(self.model.model_validate(arguments))
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in e['loc']) or 'arguments'}: {e['msg']}"
                for e in exc.errors()
            )
            raise ToolArgumentsError(f"invalid arguments for {self.name}: {problems}") from None

    async def invoke(
        self,
        arguments: dict[str, Any],
        ctx: ToolContext,
        on_abandon: Callable[[], None] | None = None,
    ) -> ToolOutput:
        """Validate and call; a plain string result becomes a ToolOutput. `on_abandon` is told
        when a sync tool was stopped and its thread left running (its effect is unknown)."""
        kwargs = self.validate(arguments)
        if self.context_param:
            kwargs[self.context_param] = ctx
        if inspect.iscoroutinefunction(self.fn):
            result = await self.fn(**kwargs)
        else:
            result = await _in_thread(lambda: self.fn(**kwargs), on_abandon)
        if isinstance(result, ToolOutput):
            return result
        return ToolOutput(text=str(result))


SYNC_GRACE_S = 0.5  # a sync tool cancelled while running gets this long to finish
_worker = threading.local()  # the stop request of the call a worker thread is running


class ToolStopped(Exception):
    """Raised by a sync tool that saw `stop_requested()`: it stopped, it did not fail."""


def stop_requested() -> bool:
    """Whether the call this thread runs was cancelled (Stop, or the runner's timeout): a tool
    that reads for long (a search) checks it between pieces of work and stops at once, so a
    timeout is a timeout and not a result that came in the grace period."""
    stop: threading.Event | None = getattr(_worker, "stop", None)
    return stop is not None and stop.is_set()


async def _in_thread(fn: Callable[[], Any], on_abandon: Callable[[], None] | None = None) -> Any:
    """Run a sync tool in a worker thread. Python cannot stop a thread, so on cancellation (Stop,
    or the runner's timeout) the thread gets `SYNC_GRACE_S` to finish: a call that finishes in
    time (a file write under way) returns its result, so its effect is reported as done, and the
    cancellation reaches the caller at its next checkpoint. One still running after that is
    abandoned (`on_abandon` is told: whatever it does may still happen), and the cancellation
    goes on at once."""
    box: list[Any] = []
    finished = threading.Event()
    stop = threading.Event()

    def target() -> None:
        _worker.stop = stop
        try:
            box.append((True, fn()))
        except BaseException as exc:  # handed back to the caller below
            box.append((False, exc))
        finally:
            _worker.stop = None
            finished.set()

    try:
        await anyio.to_thread.run_sync(target, abandon_on_cancel=True)
    except anyio.get_cancelled_exc_class():
        stop.set()
        with anyio.CancelScope(shield=True):
            await anyio.to_thread.run_sync(finished.wait, SYNC_GRACE_S)
        if not finished.is_set() and on_abandon is not None:
            on_abandon()
        if not (finished.is_set() and box and box[0][0]):
            raise
    ok, value = box[0]
    if not ok:
        raise value
    return value


def tool(
    fn: Callable[..., Any] | None = None,
    *,
    name: str | None = None,
    untrusted: bool = False,
    timeout_s: float | None = None,
    reads_only: bool = False,
) -> Any:
    """Make a Tool of a typed function (usable bare, `@tool`, or with options, `@tool(...)`)."""

    def make(f: Callable[..., Any]) -> Tool:
        hints = get_type_hints(f)
        fields: dict[str, Any] = {}
        context_param = None
        for pname, param in inspect.signature(f).parameters.items():
            annotation = hints.get(pname, Any)
            if annotation is ToolContext:
                context_param = pname
                continue
            if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
                raise ConfigError(
                    f"tool {f.__name__}: *args / **kwargs cannot be described to a model"
                )
            default = ... if param.default is inspect.Parameter.empty else param.default
            fields[pname] = (annotation, default)
        model = create_model(
            f"{f.__name__}_arguments", __config__=ConfigDict(extra="forbid"), **fields
        )
        schema = model.model_json_schema()
        schema.pop("title", None)
        for prop in schema.get("properties", {}).values():
            prop.pop("title", None)
        doc = inspect.getdoc(f) or ""
        description = doc.split("\n\n")[0].replace("\n", " ").strip()
        return Tool(
            name=name or f.__name__,
            description=description,
            parameters=schema,
            fn=f,
            model=model,
            context_param=context_param,
            untrusted=untrusted,
            timeout_s=timeout_s,
            reads_only=reads_only,
        )

    if fn is not None:
        return make(fn)
    return make
