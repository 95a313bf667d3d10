"""The trace store when the disk says no: a full disk, a damaged file, read-only media, and
run ids typed with SQL wildcard characters. A lost record is never an accepted run, and every
failure is one line, not a traceback."""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tether.sandbox import bwrap_path
from tether.trace.spans import Span
from tether.trace.store import TraceStore

TETHER = [sys.executable, "-m", "tether"]


def _tiny_disk() -> None:
    """The child may write files of at most 40 KiB: SQLite's WAL hits the limit mid-run
    (Python ignores SIGXFSZ, so the write fails with an error, as on a full disk)."""
    resource.setrlimit(resource.RLIMIT_FSIZE, (40 * 1024, 40 * 1024))


def _run(*args: str, cwd: Path, tiny: bool = False) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*TETHER, *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        preexec_fn=_tiny_disk if tiny else None,
    )


def test_ask_on_a_full_disk_is_not_accepted_and_says_the_trace_was_lost(tmp_path: Path) -> None:
    store = tmp_path / "traces.db"
    asked = _run("ask", "hello there", "--json", "--store", str(store), cwd=tmp_path, tiny=True)
    body = json.loads(asked.stdout)
    assert asked.returncode == 1, asked.stderr
    assert body["status"] == "incomplete"
    assert body["turn"]["content"]  # the answer itself is kept in the output
    assert any(p.startswith("trace_not_stored:") for p in body["trace_problems"])


def test_run_on_a_full_disk_ends_incomplete_not_done(tmp_path: Path) -> None:
    store = tmp_path / "traces.db"
    ran = _run(
        "run", "say hello", "--json", "--store", str(store), "--workspace", str(tmp_path),
        cwd=tmp_path, tiny=True,
    )  # fmt: skip
    receipt = json.loads(ran.stdout)
    assert receipt["status"] == "incomplete", receipt
    assert ran.returncode == receipt["exit_code"] != 0
    assert any(p.startswith("trace_not_stored:") for p in receipt["trace_problems"])


def test_a_damaged_store_is_one_line_and_exit_2(tmp_path: Path) -> None:
    store = tmp_path / "traces.db"
    assert _run("ask", "hi", "--store", str(store), cwd=tmp_path).returncode == 0
    with TraceStore(store):  # folds the WAL into the file, so the damage below hits data
        pass
    with store.open("r+b") as f:
        f.seek(4096)
        f.write(b"\xff" * 3000)
    listed = _run("traces", "list", "--store", str(store), cwd=tmp_path)
    assert listed.returncode == 2
    assert "Traceback" not in listed.stderr
    lines = listed.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot be read" in lines[0] and "--store" in lines[0]


@pytest.mark.skipif(
    bwrap_path() is None and not os.environ.get("CI"), reason="needs bubblewrap (CI installs it)"
)
def test_a_store_on_read_only_media_is_read(tmp_path: Path) -> None:
    store = tmp_path / "traces.db"
    assert _run("ask", "hello there", "--store", str(store), cwd=tmp_path).returncode == 0
    bwrap = shutil.which("bwrap")
    assert bwrap is not None
    # the whole file system read-only, as on a mounted image or a read-only volume
    ro = [bwrap, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--"]
    listed = subprocess.run(
        [*ro, *TETHER, "traces", "list", "--store", str(store)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert listed.returncode == 0, listed.stderr
    assert "ask" in listed.stdout
    asked = subprocess.run(
        [*ro, *TETHER, "ask", "again", "--store", str(store)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert asked.returncode == 1
    assert "trace_not_stored" in asked.stderr and "Traceback" not in asked.stderr


def test_a_run_id_prefix_is_matched_literally(tmp_path: Path) -> None:
    with TraceStore(tmp_path / "traces.db") as store:
        for run_id in ("a_b1", "axb2", "a%c3"):
            store.span_started(run_id, Span(f"root-{run_id}", None, "agent", "run", 1.0))
        store.flush()
        assert store.find("a_") == ["a_b1"]
        assert store.find("a%") == ["a%c3"]
        assert store.find("%") == []
