"""What a command left running, found even when it hid, and ended: for commands that run
without the sandbox's PID namespace (`[sandbox] mode = "none"`, no bubblewrap).

A daemon can leave the command's process group (setsid, setpgid), drop the call's mark from
its environment (`env -i`, execve with an empty environment) and double-fork so its parent
exits. On Linux tether's process is a child subreaper (PR_SET_CHILD_SUBREAPER): such orphans
are adopted by tether instead of init, so after the call they are found among tether's own
children. A process belongs to the call when it is:

- in the tree under the call's shell, or carries the call's mark (`TETHER_CALL`);
- or an adopted orphan: tether's child, not one it started (the shells of the calls in
  flight), started after the call began, in another session than tether's (the call's shell
  has its own session, and a session can be left but never joined), not carrying another
  call's mark;
- or in the tree under one of those.

A child of tether whose environment /proc cannot show (it reads empty while a process is
exiting, and for a moment after a spawn returns, until the exec has laid the new image's
environment out) is never taken for an orphan: only an environment read and found without the
mark is one that dropped it. Every process a call starts, bubblewrap included, is registered as
tether's own until its waiter collects it.

What it cannot tell apart: with calls running at once, an orphan that cleared its mark is
ended by the first of them to finish; a program that embeds tether and starts children in
their own session during a call without the mark would be taken for one (tether's own
servers carry their own mark).
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
from functools import cache

import anyio

from tether import proctable
from tether.proctable import (
    PROC,
    UNREADABLE,
    ProcStat,
    all_stats,
    environment_lookup,
    namespace_depth,
)

PR_SET_CHILD_SUBREAPER = 36
TERM_GRACE_S = 2.0  # SIGTERM, then SIGKILL after this long
MAX_ROUNDS = 200  # SIGKILL rounds against a process tree that keeps forking
UNSURE_WAIT_S = 1.0  # how long to wait for environments /proc could not show to settle

# The processes tether started itself for the calls in flight (shells, and bubblewrap for the
# confined ones): their own waiters collect their exits, so no reaping here may take one
# (asyncio would then report "unknown child process", exit code 255, for a command that ended
# well), and no call may take one for an orphan.
_running_shells: set[int] = set()


def started_by_tether(pid: int) -> None:
    """`pid` is a call's own process, collected by its waiter: never reaped here."""
    _running_shells.add(pid)


def collected(pid: int) -> None:
    """`pid`'s exit was collected by its waiter."""
    _running_shells.discard(pid)


@cache
def become_subreaper() -> bool:
    """Make this process the child subreaper (once): orphaned descendants are adopted by it,
    not by init. False where the system has no such thing."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def _ticks_now() -> int:
    seconds = float((PROC / "uptime").read_text().split()[0])
    return int(seconds * os.sysconf("SC_CLK_TCK"))


class CallProcesses:
    """Every process one call started, wherever it went (`with CallProcesses(...)` around
    the call; `await end_all()` after it)."""

    def __init__(self, shell: int, mark: str, variable: str) -> None:
        self.shell, self.mark, self.variable = shell, mark, variable
        self.enabled = proctable.available()
        self.since = _ticks_now() - 1 if self.enabled else 0
        self.unsure = 0  # children of tether the last `left()` could not tell about
        self.unsure_seen = 0  # and how many times any `left()` of the call met one
        started_by_tether(shell)

    def close(self) -> None:
        collected(self.shell)

    def left(self) -> set[int]:
        """The call's processes still running (the shell included while it runs).

        A child of tether whose environment /proc cannot show is never taken for an orphan
        (`unsure` counts them): another call's process just spawned reads empty until its
        exec has laid the environment out, and is not registered until its spawn returns;
        one exiting reads empty too. Taken, it got SIGTERM (exit -15) or lost its exit to
        the reaping here (255)."""
        self.unsure = 0
        if not self.enabled:
            return set()
        table = {p.pid: p for p in all_stats() if p.alive}
        me, my_session = os.getpid(), os.getsid(0)
        roots = {self.shell} if self.shell in table else set()
        for p in table.values():
            if p.pid == me:
                continue
            mark = environment_lookup(p.pid, self.variable)
            if mark == self.mark:
                roots.add(p.pid)
            elif (
                p.ppid == me
                and p.session != my_session
                and p.start >= self.since
                and p.pid not in _running_shells
            ):
                if mark is None:
                    roots.add(p.pid)  # an orphan adopted by tether, its mark dropped
                elif mark is UNREADABLE:
                    self.unsure += 1
                    self.unsure_seen += 1
        children: dict[int, list[int]] = {}
        for p in table.values():
            children.setdefault(p.ppid, []).append(p.pid)
        found, todo = set(), list(roots)
        while todo:
            pid = todo.pop()
            if pid not in found and pid != me:
                found.add(pid)
                todo += children.get(pid, [])
        return found

    async def end_all(self) -> int:
        """End them: SIGTERM, SIGKILL after TERM_GRACE_S, again while any is left (a tree
        that keeps forking); reap the ones tether adopted. How many were running."""
        pids = self.left() - {self.shell}
        with anyio.move_on_after(UNSURE_WAIT_S):
            while self.unsure:  # an exec or an exit in progress: read again once it is over
                await anyio.sleep(0.01)
                pids = self.left() - {self.shell}
        if not pids:
            return 0
        ended = set(pids)
        _signal(pids, signal.SIGTERM)
        with anyio.move_on_after(TERM_GRACE_S):
            while self.left() - {self.shell}:
                _reap(ended)
                await anyio.sleep(0.02)
        for _ in range(MAX_ROUNDS):
            pids = self.left() - {self.shell}
            if not pids:
                break
            ended |= pids
            _signal(pids, signal.SIGKILL)
            _reap(ended)
            await anyio.sleep(0.01)
        _reap(ended)
        return len(ended)

    def reap_exited(self) -> None:
        """Collect adopted orphans of the call's own session that ended by themselves (else
        they stay zombies of tether): a session can be left, never joined, so they are the
        call's. (One that left the session and ended alone stays a zombie until tether exits.)"""
        if not self.enabled:
            return
        _reap({p.pid for p in _dead_children() if p.session == self.shell} - {self.shell})


# pid -> (the last signal tether's cleanup sent it by pid, when: clock ticks after boot),
# bounded: a command that died of a signal can tell whether tether sent it
_sent: dict[int, tuple[int, int]] = {}
_SENT_KEPT = 4096


def ticks_now() -> int:
    """Clock ticks after boot, the unit of a process's start time in /proc (0: no /proc)."""
    return _ticks_now() if proctable.available() else 0


def record_signal(pid: int, sig: signal.Signals) -> None:
    """Note that tether sent `sig` to `pid`."""
    _sent.pop(pid, None)
    _sent[pid] = (int(sig), ticks_now())
    while len(_sent) > _SENT_KEPT:
        del _sent[next(iter(_sent))]


def signalled_by_tether(pid: int, since: int) -> int | None:
    """The signal tether last sent `pid` by pid at or after `since` (clock ticks), or None
    (one sent before was about an earlier process with that pid)."""
    sig, when = _sent.get(pid, (0, -1))
    return sig if when >= since else None


def _signal(pids: set[int], sig: signal.Signals) -> None:
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            record_signal(pid, sig)
            os.kill(pid, sig)


def _reap(pids: set[int]) -> None:
    """Collect the exit of the adopted ones that ended (else they stay zombies of tether);
    never a child tether started itself, whose exit its own waiter collects."""
    for pid in pids - _running_shells:
        with contextlib.suppress(ChildProcessError, OSError):
            os.waitpid(pid, os.WNOHANG)


def reap_dead_sandboxes() -> None:
    """Collect bubblewrap's own dead children that came to tether: once tether is a
    subreaper (after an unconfined call), the sandbox's init process, which bubblewrap does not
    always collect before it exits, would stay a zombie of tether. Only processes that lived in
    a PID namespace below tether's: tether never starts one there itself, so a bubblewrap whose
    exit its own waiter is about to collect is never taken (even one that ended before its call
    could register it)."""
    depth = namespace_depth("self")
    _reap({p.pid for p in _dead_children() if namespace_depth(p.pid) > depth})


def _dead_children() -> list[ProcStat]:
    """tether's children that ended and were not collected (zombies)."""
    me = os.getpid()
    return [p for p in all_stats() if p.state == "Z" and p.ppid == me]
