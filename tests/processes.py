"""Which processes still run: read from /proc, so a test sees what really outlived a call."""

from __future__ import annotations

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
