"""What /proc says about processes: the one reader of `/proc/PID/stat`, `status` and `environ`
for the code that finds, ends and collects the processes a command started (Linux only; on
other systems every reader finds nothing)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

PROC = Path("/proc")


def available() -> bool:
    """Whether this system has a Linux /proc to read."""
    return sys.platform.startswith("linux") and PROC.is_dir()


@dataclass(frozen=True)
class ProcStat:
    """One process as its stat line has it."""

    pid: int
    name: str
    state: str  # R, S, D, Z (dead, not collected), X ...
    ppid: int
    pgrp: int
    session: int
    start: int  # clock ticks after boot

    @property
    def alive(self) -> bool:
        """Running (a zombie, dead but not collected, holds nothing)."""
        return self.state not in ("Z", "X")


def stat_of(pid: int | str) -> ProcStat | None:
    """The process's stat line, parsed (None: gone, or no /proc)."""
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    # pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt
    # utime stime cutime cstime priority nice threads itrealvalue starttime ...
    # comm may hold spaces and parentheses: it ends at the last ")"
    close = text.rfind(")")
    fields = text[close + 2 :].split()
    if len(fields) < 20:
        return None
    return ProcStat(
        pid=int(pid),
        name=text[text.find("(") + 1 : close],
        state=fields[0],
        ppid=int(fields[1]),
        pgrp=int(fields[2]),
        session=int(fields[3]),
        start=int(fields[19]),
    )


def pids() -> Iterator[int]:
    """Every process id /proc shows now (some may end meanwhile)."""
    if not available():
        return
    for entry in PROC.iterdir():
        if entry.name.isdigit():
            yield int(entry.name)


def all_stats() -> Iterator[ProcStat]:
    """Every process /proc shows now (the ones that end meanwhile are left out)."""
    for pid in pids():
        if (found := stat_of(pid)) is not None:
            yield found


def environment_value(pid: int, variable: str) -> str | None:
    """The value of `variable` in the process's environment as it started (None: absent, or
    unreadable: gone, or another user's)."""
    found = environment_lookup(pid, variable)
    return found if isinstance(found, str) else None


class Unreadable:
    """An environment /proc cannot show now: the process is gone, another user's, exiting (its
    memory released) or in the middle of an exec (the new image's environment not set up yet:
    a process just spawned, whose parent's spawn already returned, reads empty for a moment)."""


UNREADABLE = Unreadable()


def environment_lookup(pid: int, variable: str) -> str | Unreadable | None:
    """`variable`'s value in the process's environment; None only when the environment was
    read and has no such variable (an empty one included: `env -i`); UNREADABLE when /proc
    cannot tell, which is never the same as absent."""
    prefix = f"{variable}=".encode()
    try:
        data = (PROC / str(pid) / "environ").read_bytes()
    except OSError:
        return UNREADABLE
    if not data and not _empty_environment(pid):
        return UNREADABLE  # exiting, or mid-exec: not an environment without the variable
    for item in data.split(b"\0"):
        if item.startswith(prefix):
            return item[len(prefix) :].decode(errors="replace")
    return None


def _empty_environment(pid: int) -> bool:
    """Whether the process really has an empty environment: its stat line's env_start and
    env_end (fields 50 and 51) are set and equal. Both are 0 while it has no memory (exiting)
    or its exec has not laid the environment out yet; they differ when the environment read
    empty only because the exec finished after the read."""
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return False
    fields = text[text.rfind(")") + 2 :].split()
    if len(fields) < 49:  # (kernels before 3.5 do not show them: cannot tell)
        return False
    env_start, env_end = int(fields[47]), int(fields[48])
    return env_start == env_end != 0


def namespace_depth(pid: int | str) -> int:
    """How many PID namespaces the process is seen in, from its `NSpid` line (0: unreadable).
    A process in a sandbox's PID namespace is seen in one more than its sandbox's starter."""
    try:
        for line in (PROC / str(pid) / "status").read_text().splitlines():
            if line.startswith("NSpid:"):
                return len(line.split()) - 1
    except OSError:
        return 0
    return 0
