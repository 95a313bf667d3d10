"""Which processes still run: read from /proc, so a test sees what really outlived a call."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path


def still_running(marker: str, programs: tuple[str, ...] = ()) -> list[str]:
    """Command lines of the live processes (zombies do not count) that contain `marker`,
    limited to these program names when given (so the test's own `tether` command line,
    which names the marker too, does not count)."""
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode().strip()
            state = (proc / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue  # gone meanwhile
        program = cmdline.split(" ", 1)[0].rsplit("/", 1)[-1]
        if marker in cmdline and state not in ("Z", "X") and (not programs or program in programs):
            found.append(cmdline)
    return found


def wait_for(condition: Callable[[], object], seconds: float) -> None:
    """Poll `condition` until it holds or `seconds` pass (the caller asserts on it after)."""
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.05)


def signal_when_ready(
    args: list[str],
    env: dict[str, str],
    cwd: Path,
    ready: Callable[[], object],
    sig: signal.Signals,
    *,
    settle_s: float = 0.0,
    what: str = "the work",
) -> tuple[int, str, str]:
    """Start `tether ARGS`, wait until `ready()`, let it run `settle_s` more, send `sig`:
    (exit code, stdout, stderr). The process is killed if the test fails on the way."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "tether", *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=cwd,
    )  # fmt: skip
    try:
        # tether sets its stop handlers (SIGINT, SIGTERM, SIGHUP) together; SIGINT's alone
        # says nothing (Python sets one at start), SIGTERM's shows they are all in place
        wait_for(lambda: ready() and catches(proc.pid, signal.SIGTERM), 60)
        assert ready(), f"{what} never started"
        assert catches(proc.pid, signal.SIGTERM), "tether never set its signal handlers"
        time.sleep(settle_s)
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    return proc.returncode, out, err


def catches(pid: int, sig: signal.Signals) -> bool:
    """Whether the process has a handler for `sig` (its SigCgt mask): signalled before, it
    would die of the default action, which tests nothing."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    mask = next((line.split()[1] for line in status.splitlines() if line.startswith("SigCgt")), "0")
    return bool(int(mask, 16) >> (int(sig) - 1) & 1)
