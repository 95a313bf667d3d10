"""A shell command in its own process group that never outlives the call.

Shared by the `run_command` tool and the checks after "done", so both stop a command the same
way: on timeout, on the caller's cancellation and after a normal exit, whatever is left of the
group is killed (SIGTERM, then SIGKILL) before anything propagates.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import signal
import subprocess
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import anyio
from anyio.abc import Process

from tether import proctable
from tether.orphans import (
    CallProcesses,
    become_subreaper,
    collected,
    reap_dead_sandboxes,
    record_signal,
    signalled_by_tether,
    started_by_tether,
    ticks_now,
)
from tether.proctable import ProcStat, all_stats, environment_value, stat_of
from tether.sandbox import Sandbox

TERM_GRACE_S = 2.0  # SIGTERM, then SIGKILL after this long
EXIT_GRACE_S = 0.5  # after the shell exits, how long background children may hold the output


class OutputTail:
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


def group_members(pgid: int) -> list[int]:
    """The processes of the group still running (zombies, which hold nothing, do not count:
    this container's init may never reap the orphans)."""
    if proctable.available():
        return [p.pid for p in all_stats() if p.pgrp == pgid and p.alive]
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return []
    except PermissionError:
        return [pgid]
    return [pgid]


def group_alive(pgid: int) -> bool:
    """Whether any process of the group still runs."""
    return bool(group_members(pgid))


def _signal_group(pgid: int, sig: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, sig)


async def _wait_group_gone(pgid: int, seconds: float) -> bool:
    with anyio.move_on_after(seconds):
        # polled: there is nothing to wait on for processes that are not our children
        while group_alive(pgid):  # noqa: ASYNC110
            await anyio.sleep(0.02)
        return True
    return False


async def kill_group(pgid: int) -> int:
    """End every process of the group: SIGTERM, then SIGKILL after TERM_GRACE_S. How many
    were still running."""
    running = len(group_members(pgid))
    if not running:
        return 0
    _signal_group(pgid, signal.SIGTERM)
    if not await _wait_group_gone(pgid, TERM_GRACE_S):
        _signal_group(pgid, signal.SIGKILL)
        await _wait_group_gone(pgid, 1.0)
    return running


# Every process a call starts inherits this variable with the call's own value: processes that
# left the group (setsid, setpgid) are still found by it, in /proc/<pid>/environ, and ended.
CALL_MARK = "TETHER_CALL"


def _marked(mark: str) -> list[int]:
    """The live processes (this user's: others' environments are not readable) that carry
    the call's mark."""
    return [p.pid for p in _marked_stats(mark)]


def _marked_stats(mark: str) -> list[ProcStat]:
    found = []
    for pid in proctable.pids():  # (the environment first: most processes stop there)
        if environment_value(pid, CALL_MARK) == mark:
            stat = stat_of(pid)
            if stat is not None and stat.alive:
                found.append(stat)
    return found


def marked_child(mark: str) -> int | None:
    """The pid of this process's own live child that carries the mark (a server it started),
    or None."""
    me = os.getpid()
    return next((p.pid for p in _marked_stats(mark) if p.ppid == me), None)


def pid_alive(pid: int) -> bool:
    """Whether the process still runs (a zombie, dead but not yet reaped, does not)."""
    found = stat_of(pid)
    return found is not None and found.alive


async def kill_marked(mark: str) -> bool:
    """End every process carrying the call's mark, wherever it moved: SIGTERM, then SIGKILL
    after TERM_GRACE_S. True if any was still running."""
    pids = _marked(mark)
    if not pids:
        return False
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            record_signal(pid, signal.SIGTERM)
            os.kill(pid, signal.SIGTERM)
    with anyio.move_on_after(TERM_GRACE_S):
        while _marked(mark):  # noqa: ASYNC110  (not our children: nothing to wait on)
            await anyio.sleep(0.02)
    for pid in _marked(mark):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            record_signal(pid, signal.SIGKILL)
            os.kill(pid, signal.SIGKILL)
    return True


async def _pump(process: Process, tail: OutputTail, done: anyio.Event) -> None:
    assert process.stdout is not None
    try:
        async for chunk in process.stdout:
            tail.feed(chunk)
    except (anyio.ClosedResourceError, anyio.BrokenResourceError):
        pass
    finally:
        done.set()


def shorten(command: str, limit: int = 200) -> str:
    """A command on one line, cut to `limit` characters (for names and effects)."""
    one_line = " ".join(command.split())
    return one_line if len(one_line) <= limit else one_line[: limit - 1] + "…"


@dataclass(frozen=True)
class GroupRun:
    """How a command ended: its output tail (stdout and stderr interleaved), exit code (None
    when it was killed before it exited), whether it timed out, how many processes it left
    running were ended, and the resource limit that stopped it, if one did."""

    output: str
    dropped: int
    exit_code: int | None
    timed_out: bool
    killed: int  # processes the command left running, ended after it
    pid: int
    # of those, how many had left its process group (setsid, setpgid, a double fork): found
    # by the process tree, the call's mark or among the orphans tether adopted
    escaped: int = 0
    limit: str | None = None  # the resource limit that stopped it (tether.limits)
    # the signal tether itself sent the command's own process by pid (another call's cleanup
    # taking it for an orphan), when it died of one: None when tether sent it none
    signalled_by_tether: int | None = None

    @property
    def leftovers_killed(self) -> bool:
        return self.killed > 0


async def run_in_group(
    command: str,
    cwd: Path,
    *,
    timeout_s: float,
    output_cap_chars: int,
    env: Mapping[str, str] | None = None,
    sandbox: Sandbox | None = None,
    workspace: Path | None = None,
    readable: Sequence[str] = (),
) -> GroupRun:
    """Run `command` with /bin/sh -c in `cwd`, its own session and process group, no stdin;
    inside `sandbox` (confined to `workspace`, default `cwd`) when one is given and active,
    under its resource limits in any case.

    Raises OSError when it cannot start (cwd gone, no /bin/sh). The caller's cancellation
    propagates after the group is killed (shielded, so it cannot interrupt the cleanup).
    """
    argv = ["/bin/sh", "-c", command]
    confined = sandbox is not None and sandbox.active
    seccomp_fd = sandbox.seccomp_file() if sandbox is not None else None
    if sandbox is not None:  # confined and limited, or only limited
        argv = sandbox.argv(argv, workspace or cwd, cwd, readable, seccomp_fd)
        if confined:
            env = sandbox.env(env)
    if not confined:  # orphans come back to tether, not init (the sandbox has its own init)
        become_subreaper()
    mark = os.urandom(8).hex()
    spawned_at = ticks_now() - 1  # (a signal tether sends its process is recorded after)
    env = {**(os.environ if env is None else env), CALL_MARK: mark}
    try:
        # shielded: a spawn cancelled halfway leaves a process that nothing here knows of (and
        # bubblewrap killed while it sets the sandbox up leaves its child waiting forever)
        with anyio.CancelScope(shield=True):
            process = await anyio.open_process(
                argv,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                cwd=cwd,
                env=env,
                start_new_session=True,  # its own session and process group, led by the shell
                pass_fds=() if seccomp_fd is None else (seccomp_fd,),
            )
    finally:
        if seccomp_fd is not None:
            os.close(seccomp_fd)  # bubblewrap has its own copy
    pgid = process.pid
    # (the sandbox's PID namespace ends whatever the command started: nothing to look for)
    started = None if confined else CallProcesses(pgid, mark, CALL_MARK)
    if started is None:  # bubblewrap: tether's own child, never another call's orphan
        started_by_tether(pgid)
    tail = OutputTail(output_cap_chars)
    eof = anyio.Event()
    exited = False
    killed = escaped = 0
    ended_by_itself = False
    try:
        with anyio.move_on_after(timeout_s) as deadline:
            async with anyio.create_task_group() as tg:
                tg.start_soon(_pump, process, tail, eof)
                await process.wait()
                exited = True
                # Background children may still hold the output pipe open: give them a moment
                # to finish writing, then end them so the pipe closes and the call returns.
                with anyio.move_on_after(EXIT_GRACE_S):
                    await eof.wait()
                if not eof.is_set():
                    killed += await kill_group(pgid)
                    with anyio.move_on_after(EXIT_GRACE_S):
                        await eof.wait()
                    if not eof.is_set() and started is not None:  # they left the group
                        escaped += await started.end_all()
                        with anyio.move_on_after(EXIT_GRACE_S):
                            await eof.wait()
                    tg.cancel_scope.cancel()
        timed_out = deadline.cancelled_caught and not exited
        ended_by_itself = exited and not timed_out
    finally:
        # Runs on normal exit, timeout and the caller's cancellation alike.
        with anyio.CancelScope(shield=True):
            killed += await kill_group(pgid)
            if started is not None:  # whatever left the group: setsid, double forks
                escaped += await started.end_all()
            elif confined and not ended_by_itself:
                # bubblewrap stopped while it set the sandbox up leaves its own child (in a
                # session of its own, outside the group) waiting forever: the mark finds it
                await kill_marked(mark)
            await process.aclose()
            if confined:  # (only processes of a sandbox's own PID namespace: never pgid)
                reap_dead_sandboxes()
            if started is not None:
                # after the shell is collected: its own dead children only come to tether then
                started.reap_exited()
                started.close()
            else:
                collected(pgid)
    output = tail.finish()
    code = process.returncode
    return GroupRun(
        output=output,
        dropped=tail.dropped,
        exit_code=code,
        timed_out=timed_out,
        killed=killed + escaped,
        pid=pgid,
        escaped=escaped,
        limit=None
        if sandbox is None or code == 0 or timed_out  # (a timeout's kill is not a limit's)
        else sandbox.limits.explain(code, output),
        signalled_by_tether=(
            signalled_by_tether(pgid, spawned_at) if code is not None and code < 0 else None
        ),
    )
