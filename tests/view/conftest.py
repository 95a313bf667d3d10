"""The viewer's fixtures: a real headless Chromium (Debian's `chromium`, driven by Playwright),
a real `tether view` process, and a store made by a real lab run."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.view.support import CHROMIUM, CHROMIUM_ARGS, Viewer, tether


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
