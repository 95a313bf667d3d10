"""The viewer's fixtures: a real headless Chromium (Debian's `chromium`, driven by Playwright),
a real `tether view` process, and a store made by a real lab run."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

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


@pytest.fixture
def browser() -> Iterator[Any]:
    """One per test: Playwright's sync API runs its event loop in this thread while it is
    open, and the next test's `anyio.run` (in the same worker) could not start its own."""
    from playwright.sync_api import sync_playwright

    assert Path(CHROMIUM).exists(), "install Debian's chromium (.ci/run does)"
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1400, "height": 860})
    one = context.new_page()
    errors: list[str] = []
    one.on("pageerror", lambda exc: errors.append(str(exc)))
    one.set_default_timeout(20_000)
    yield one
    context.close()
    assert errors == [], f"the page raised: {errors}"


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


@pytest.fixture
def viewer() -> Iterator[Callable[..., Viewer]]:
    started: list[Viewer] = []

    def start(*args: str) -> Viewer:
        started.append(Viewer(*args))
        return started[-1]

    yield start
    for v in started:
        v.stop()


@pytest.fixture(scope="module")
def lab_store(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A store made by a real lab run (the storm mix: faults, rejected turns, failovers), and
    the lab's --out folder."""
    folder = tmp_path_factory.mktemp("lab")
    store, out = folder / "traces.db", folder / "out"
    result = tether(
        "lab", "--mix", "storm", "--tasks", "5", "--seed", "3", "--harness", "tether",
        "--concurrency", "2", "--out", str(out), "--store", str(store),
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    return store, out


def env_with_store(store: Path) -> dict[str, str]:
    return {**os.environ, "TETHER_TRACE_STORE": str(store)}
