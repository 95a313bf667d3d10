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
    output, timed_out, leftovers_killed = ran.output, ran.timed_out, ran.leftovers_killed
    parts: list[str] = []
    if ran.dropped:
        parts.append(
            f"[{ran.dropped:,} earlier characters of output dropped; the last "
            f"{OUTPUT_LIMIT_CHARS:,} follow]"
        )
    parts.append(output.rstrip("\n") if output.strip() else "(no output)")
    code = ran.exit_code
    shown = shorten(command)
    if timed_out:
        parts.append(
            f"[timed out after {timeout_s:g} s: the command and its process group were killed]"
        )
        return ToolOutput(
            text="\n".join(parts),
            exit_code=code,
            effects=(f"ran `{shown}` (timed out after {timeout_s:g} s)",),
            is_error=True,
        )
    if leftovers_killed:
        parts.append("[background processes left running by the command were killed]")
    if ran.escaped:
        parts.append(
            "[processes the command moved out of its process group (setsid) were found and "
            "ended: nothing a command starts outlives the call]"
        )
    parts.append(f"[exit code {code}]")
    return ToolOutput(
        text="\n".join(parts),
        exit_code=code,
        effects=(f"ran `{shown}` (exit {code})",),
    )


# Declared by call, not decorator: `@tool(...)` with options is untyped for mypy.
run_command: Tool = tool(_run_command, name="run_command", untrusted=True)
