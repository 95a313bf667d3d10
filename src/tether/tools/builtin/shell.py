"""run_command: a shell command in the workspace, in its own process group, never outliving the
call: on timeout, cancellation or exit, whatever is left of the group is killed."""

from __future__ import annotations

import codecs
import contextlib
import os
import signal
import subprocess
import sys
from pathlib import Path

import anyio
from anyio.abc import Process

from tether.tools.base import Tool, ToolContext, ToolOutput, tool
from tether.tools.builtin.files import (
    WorkspacePathError,
    display,
    error,
    resolve_in_workspace,
    workspace_root,
)

OUTPUT_LIMIT_CHARS = 20_000  # the last this-many characters of the output are kept
TERM_GRACE_S = 2.0  # SIGTERM, then SIGKILL after this long
EXIT_GRACE_S = 0.5  # after the shell exits, how long background children may hold the output
_PROC = Path("/proc")


class _Tail:
    """The last `limit` characters of a byte stream, decoded as UTF-8, and how many were dropped."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.text = ""
        self.dropped = 0
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")

    def feed(self, data: bytes, final: bool = False) -> None:
        self.text += self._decoder.decode(data, final)
        if len(self.text) > 2 * self.limit:
            self._trim()

    def _trim(self) -> None:
        excess = len(self.text) - self.limit
        if excess > 0:
            self.dropped += excess
            self.text = self.text[excess:]

    def finish(self) -> str:
        self.feed(b"", final=True)
        self._trim()
        return self.text


def _group_alive(pgid: int) -> bool:
    """Whether any process of the group still runs (zombies, which hold nothing, do not count:
    this container's init may never reap the orphans)."""
    if _PROC.is_dir() and sys.platform.startswith("linux"):
        for entry in _PROC.iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue  # gone meanwhile
            # pid (comm) state ppid pgrp ...; comm may hold spaces and parentheses
            fields = stat[stat.rfind(")") + 2 :].split()
            if len(fields) >= 3 and int(fields[2]) == pgid and fields[0] not in ("Z", "X"):
                return True
        return False
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _signal_group(pgid: int, sig: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, sig)


async def _wait_group_gone(pgid: int, seconds: float) -> bool:
    with anyio.move_on_after(seconds):
        # polled: there is nothing to wait on for processes that are not our children
        while _group_alive(pgid):  # noqa: ASYNC110
            await anyio.sleep(0.02)
        return True
    return False


async def _kill_group(pgid: int) -> bool:
    """End every process of the group: SIGTERM, then SIGKILL after TERM_GRACE_S. True if any
    process was still running."""
    if not _group_alive(pgid):
        return False
    _signal_group(pgid, signal.SIGTERM)
    if not await _wait_group_gone(pgid, TERM_GRACE_S):
        _signal_group(pgid, signal.SIGKILL)
        await _wait_group_gone(pgid, 1.0)
    return True


async def _pump(process: Process, tail: _Tail, done: anyio.Event) -> None:
    assert process.stdout is not None
    try:
        async for chunk in process.stdout:
            tail.feed(chunk)
    except (anyio.ClosedResourceError, anyio.BrokenResourceError):
        pass
    finally:
        done.set()


def _short(command: str, limit: int = 200) -> str:
    one_line = " ".join(command.split())
    return one_line if len(one_line) <= limit else one_line[: limit - 1] + "…"


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

    process = await anyio.open_process(
        command,  # a string: run by the shell
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        cwd=workdir,
        start_new_session=True,  # its own session and process group, led by the shell
    )
    pgid = process.pid
    tail = _Tail(OUTPUT_LIMIT_CHARS)
    eof = anyio.Event()
    leftovers_killed = False
    try:
        with anyio.move_on_after(timeout_s) as deadline:
            async with anyio.create_task_group() as tg:
                tg.start_soon(_pump, process, tail, eof)
                await process.wait()
                # Background children may still hold the output pipe open: give them a moment
                # to finish writing, then end them so the pipe closes and the call returns.
                with anyio.move_on_after(EXIT_GRACE_S):
                    await eof.wait()
                if not eof.is_set():
                    leftovers_killed = await _kill_group(pgid)
        timed_out = deadline.cancelled_caught
    finally:
        # Runs on normal exit, timeout and the caller's cancellation alike: the group is killed
        # (shielded, so a cancellation cannot interrupt the cleanup) before anything propagates.
        with anyio.CancelScope(shield=True):
            leftovers_killed = await _kill_group(pgid) or leftovers_killed
            await process.aclose()

    output = tail.finish()
    parts: list[str] = []
    if tail.dropped:
        parts.append(
            f"[{tail.dropped:,} earlier characters of output dropped; the last "
            f"{OUTPUT_LIMIT_CHARS:,} follow]"
        )
    parts.append(output.rstrip("\n") if output.strip() else "(no output)")
    code = process.returncode
    shown = _short(command)
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
    parts.append(f"[exit code {code}]")
    return ToolOutput(
        text="\n".join(parts),
        exit_code=code,
        effects=(f"ran `{shown}` (exit {code})",),
    )


# Declared by call, not decorator: `@tool(...)` with options is untyped for mypy.
run_command: Tool = tool(_run_command, name="run_command", untrusted=True)
