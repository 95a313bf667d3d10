"""Resource limits on a command (`[sandbox] cpu_seconds`, `memory_mb`, `file_size_mb`,
`processes`): set with setrlimit in the command's own process before its program runs, and
named when one stopped it.

The limits are set by `prlimit` (util-linux), which calls setrlimit on itself and execs the
shell: a few milliseconds, where a Python launcher costs 25 ms and Python's `preexec_fn` is
unsafe in a process with threads. Inside the sandbox it runs after bubblewrap made the
namespaces, so the process count is the sandbox's own.

- cpu_seconds (RLIMIT_CPU): CPU time of each process; SIGXCPU at the limit, SIGKILL 5 s later.
- memory_mb (RLIMIT_AS): address space of each process; an allocation past it fails
  (MemoryError, std::bad_alloc, "Cannot allocate memory").
- file_size_mb (RLIMIT_FSIZE): the largest file a process may write; SIGXFSZ, or EFBIG
  ("File too large") where the signal is ignored (Python ignores it).
- processes (RLIMIT_NPROC): processes and threads at once. The kernel counts every process of
  the user in the current user namespace and never limits root: in the sandbox (its own user
  namespace) the count is the command's own; unconfined, the limit is this many more than the
  user already runs; for root, the sandbox bounds the PID namespace instead (`pid_max`, Linux
  6.14 and later).

0 turns a limit off.
"""

from __future__ import annotations

import os
import shutil
import signal
from dataclasses import dataclass
from functools import cache
from pathlib import Path

CPU_GRACE_S = 5  # SIGXCPU at the soft limit, SIGKILL at the hard one this much later
_MB = 1024 * 1024


@cache
def prlimit_path() -> str | None:
    """util-linux's prlimit, which sets the limits and execs the command."""
    return shutil.which("prlimit")


@dataclass(frozen=True)
class Limits:
    """What one command may use (0: no limit)."""

    cpu_seconds: int = 600
    memory_mb: int = 8192
    file_size_mb: int = 4096
    processes: int = 1024

    def prlimit_args(self, count_processes: bool) -> list[str]:
        """`prlimit --cpu=... --` (empty when no limit applies or prlimit is missing).
        `count_processes`: whether RLIMIT_NPROC counts only what the command starts;
        otherwise the limit is `processes` more than the user runs already."""
        path = prlimit_path()
        if path is None:
            return []
        args: list[str] = []
        if self.cpu_seconds:
            args.append(f"--cpu={self.cpu_seconds}:{self.cpu_seconds + CPU_GRACE_S}")
        if self.memory_mb:
            args.append(f"--as={self.memory_mb * _MB}")
        if self.file_size_mb:
            args.append(f"--fsize={self.file_size_mb * _MB}")
        if self.processes and os.geteuid() != 0:  # root is never limited by RLIMIT_NPROC
            cap = self.processes + (0 if count_processes else user_processes())
            args.append(f"--nproc={cap}")
        return [path, *args, "--"] if args else []

    def explain(self, exit_code: int | None, output: str) -> str | None:
        """The limit that stopped the command, as one line, or None when none shows."""
        code = exit_code if exit_code is None or exit_code >= 0 else 128 - exit_code
        tail = output[-4000:]
        if self.cpu_seconds and code == 128 + signal.SIGXCPU:
            return f"stopped by the CPU time limit ([sandbox] cpu_seconds = {self.cpu_seconds})"
        if self.file_size_mb and code == 128 + signal.SIGXFSZ:
            return f"a file reached the size limit ([sandbox] file_size_mb = {self.file_size_mb})"
        # from here on the output is read: said as what it likely was
        if self.file_size_mb and "File too large" in tail:
            return (
                "the output reports a write refused as too large: likely the file size limit "
                f"([sandbox] file_size_mb = {self.file_size_mb})"
            )
        if self.memory_mb and any(s in tail for s in _OUT_OF_MEMORY):
            return (
                "the output reports a failed allocation: likely the memory limit ([sandbox] "
                f"memory_mb = {self.memory_mb}, address space per process)"
            )
        if self.processes and any(s in tail for s in _NO_FORK):
            return (
                "the output reports a process that could not start: likely the process limit "
                f"([sandbox] processes = {self.processes})"
            )
        if self.cpu_seconds and code == 128 + signal.SIGKILL:
            return (
                f"killed (SIGKILL): the CPU time limit's hard stop ([sandbox] cpu_seconds = "
                f"{self.cpu_seconds}) or the kernel's out-of-memory killer"
            )
        return None


_OUT_OF_MEMORY = ("MemoryError", "Cannot allocate memory", "std::bad_alloc", "out of memory")
_NO_FORK = ("Resource temporarily unavailable", "fork: retry", "Cannot fork", "can't fork")


def user_processes() -> int:
    """How many processes and threads this user runs now (what RLIMIT_NPROC counts)."""
    uid = os.getuid()
    count = 0
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if entry.stat().st_uid == uid:
                    count += len(os.listdir(entry / "task"))
            except OSError:
                continue  # gone meanwhile
    return count
