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


def _can_mount() -> bool:
    """A user and mount namespace of our own (as bubblewrap uses): a real tmpfs to fill."""
    if shutil.which("unshare") is None:
        return False
    return subprocess.run(["unshare", "-Urm", "true"], capture_output=True).returncode == 0


def _on_a_full_disk(tmp_path: Path, *args: str, free_kib: int = 48) -> dict[str, object]:
    """`tether ARGS --json` with its store on a real 1 MiB tmpfs that was filled up after the
    store was made, leaving `free_kib`: the run starts, and its trace's writes hit ENOSPC."""
    disk = tmp_path / "disk"
    disk.mkdir()
    command = " ".join(f"'{a}'" for a in (*TETHER, *args))
    make = "from tether.trace.store import TraceStore; TraceStore('t.db').close()"
    script = (
        f"mount -t tmpfs -o size=1m tmpfs {disk} && cd {disk} && mkdir ws && "
        f'{sys.executable} -c "{make}" && '
        "(dd if=/dev/zero of=fill bs=4k 2>/dev/null; true) && "
        f"truncate -s -{free_kib}k fill && "
        f'{command} --json --store t.db; echo "exit=$?"'
    )
    done = subprocess.run(
        ["unshare", "-Urm", "sh", "-c", script], capture_output=True, text=True, timeout=120
    )
    body, _, code = done.stdout.rpartition("exit=")
    assert body.strip(), done.stderr
    result: dict[str, object] = json.loads(body)
    result["_exit"] = int(code)
    return result


needs_mount = pytest.mark.skipif(
    not _can_mount() and not os.environ.get("CI"), reason="needs user namespaces (unshare -Urm)"
)


def _run(*args: str, cwd: Path, tiny: bool = False) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*TETHER, *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        preexec_fn=_tiny_disk if tiny else None,
    )


@needs_mount
def test_ask_on_a_full_disk_is_not_accepted_and_says_the_trace_was_lost(tmp_path: Path) -> None:
    body = _on_a_full_disk(tmp_path, "ask", "hello there")
    assert body["_exit"] == 1
    assert body["status"] == "incomplete"
    turn = body["turn"]
    assert isinstance(turn, dict) and turn["content"]  # the answer itself is kept
    problems = body["trace_problems"]
    assert isinstance(problems, list) and problems[0].startswith("trace_not_stored:")
    assert "disk is full" in problems[0]


@needs_mount
def test_run_on_a_full_disk_ends_incomplete_not_done(tmp_path: Path) -> None:
    receipt = _on_a_full_disk(tmp_path, "run", "say hello", "--workspace", "ws")
    assert receipt["status"] == "incomplete", receipt
    assert receipt["_exit"] == receipt["exit_code"] != 0
    problems = receipt["trace_problems"]
    assert isinstance(problems, list) and problems[0].startswith("trace_not_stored:")


def test_a_store_that_cannot_be_made_on_a_full_disk_is_one_line(tmp_path: Path) -> None:
    asked = _run("ask", "hi", "--store", str(tmp_path / "t.db"), cwd=tmp_path, tiny=True)
    assert asked.returncode == 2 and "Traceback" not in asked.stderr
    assert "cannot set up the trace store" in asked.stderr


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
