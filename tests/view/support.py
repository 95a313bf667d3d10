"""What the viewer's tests share: the browser's flags, `tether` as a subprocess, polling, and
`tether view` in its own process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def tether(
    *args: str, env: dict[str, str] | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tether", *args],
        capture_output=True, text=True, timeout=timeout, env=env,
    )  # fmt: skip


def wait_for(condition: Callable[[], Any], seconds: float, what: str) -> Any:
    """Poll until `condition()` is truthy; fail naming `what` after `seconds` (a hang)."""
    deadline = time.monotonic() + seconds
    while True:
        found = condition()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not happen within {seconds}s")
        time.sleep(0.05)


class Viewer:
    """`tether view` in its own process on a free port; `url` is what it printed first."""

    def __init__(self, *args: str) -> None:
        # a file, not a pipe: a pipe nobody reads could fill and block the server
        self.log = tempfile.TemporaryFile("w+")  # noqa: SIM115 (closed in stop)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tether", "view", "--port", "0", *args],
            stdout=subprocess.PIPE, stderr=self.log, text=True,
        )  # fmt: skip
        assert self.proc.stdout is not None
        self.url = self.proc.stdout.readline().strip()
        if not self.url.startswith("http://127.0.0.1:"):
            self.stop()
            self.log.seek(0)
            raise AssertionError(f"tether view did not start: {self.log.read()}")

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.communicate()
        self.log.close()


def env_with_store(store: Path) -> dict[str, str]:
    return {**os.environ, "TETHER_TRACE_STORE": str(store)}
