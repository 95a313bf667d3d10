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
    prefix = f"{variable}=".encode()
    try:
        for item in (PROC / str(pid) / "environ").read_bytes().split(b"\0"):
            if item.startswith(prefix):
                return item[len(prefix) :].decode(errors="replace")
    except OSError:
        return None
    return None


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
