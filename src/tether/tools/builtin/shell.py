"""run_command: a shell command in the workspace, in its own process group, never outliving the
call: on timeout, cancellation or exit, whatever is left of the group is killed."""

from __future__ import annotations

from tether.errors import WorkspacePathError
from tether.procgroup import run_in_group, shorten
from tether.tools.base import Tool, ToolContext, ToolOutput, tool
from tether.tools.builtin.files import (
    display,
    error,
    resolve_in_workspace,
    workspace_root,
)

OUTPUT_LIMIT_CHARS = 20_000  # the last this-many characters of the output are kept


async def _run_command(
    command: str, ctx: ToolContext, timeout_s: float = 60, cwd: str = "."
) -> ToolOutput:
    """Run a shell command (`sh -c`) in the workspace and return its output and exit code.
    stdout and stderr come back interleaved; only the last 20,000 characters are kept. `cwd` is
    a folder of the workspace. The command is stopped after `timeout_s` seconds, and background
    processes it starts do not outlive it. There is no stdin: do not run interactive programs.
    """
    if not timeout_s > 0:
        return error(f"timeout_s must be more than 0, not {timeout_s}")
    if not command.strip():
        return error("command is empty")
    root = workspace_root(ctx)
    try:
        workdir = resolve_in_workspace(root, cwd)
    except WorkspacePathError as exc:
        return error(f"cwd refused: {exc}")
    if not workdir.is_dir():
        return error(f"cwd {display(root, workdir)} is not a folder of the workspace")

    try:
        ran = await run_in_group(
            command,
            workdir,
            timeout_s=timeout_s,
            output_cap_chars=OUTPUT_LIMIT_CHARS,
            sandbox=ctx.sandbox,
            workspace=root,
        )
    except OSError as exc:
        return error(f"the command could not start: {exc}")
    output, timed_out = ran.output, ran.timed_out
    parts: list[str] = []
    if ran.dropped:
        parts.append(
            f"[{ran.dropped:,} earlier characters of output dropped; the last "
            f"{OUTPUT_LIMIT_CHARS:,} follow]"
        )
    parts.append(output.rstrip("\n") if output.strip() else "(no output)")
    code = ran.exit_code
    shown = shorten(command)
    notes = [f"limit: {ran.limit}"] if ran.limit else []
    if timed_out:
        parts.append(
            f"[timed out after {timeout_s:g} s: the command and its process group were killed]"
        )
        parts += [f"[{note}]" for note in notes]
        return ToolOutput(
            text="\n".join(parts),
            exit_code=code,
            effects=(f"ran `{shown}` (timed out after {timeout_s:g} s)",),
            is_error=True,
        )
    if ran.killed:
        left = _processes(ran.killed)
        hid = f", {ran.escaped} of them outside its process group (setsid, a double fork)"
        parts.append(
            f"[{left} the command left running {'was' if ran.killed == 1 else 'were'} killed"
            f"{hid if ran.escaped else ''}: nothing a command starts outlives the call]"
        )
        notes.append(f"{left} it left running killed")
    parts += [f"[{note}]" for note in notes if note.startswith("limit: ")]
    parts.append(f"[exit code {code}]")
    said = "; ".join([f"exit {code}", *notes])
    return ToolOutput(
        text="\n".join(parts),
        exit_code=code,
        effects=(f"ran `{shown}` ({said})",),
    )


def _processes(count: int) -> str:
    return f"{count} background process" if count == 1 else f"{count} background processes"


# Declared by call, not decorator: `@tool(...)` with options is untyped for mypy.
run_command: Tool = tool(_run_command, name="run_command", untrusted=True)
