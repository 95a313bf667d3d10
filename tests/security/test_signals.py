"""Real signals on a real `tether run`: SIGTERM (what timeout, docker stop, systemd and CI send)
and SIGHUP stop the run the way Ctrl-C does: exit 130, a `cancelled` receipt, a complete trace,
and the running check (its process group, in the sandbox) gone."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.processes import still_running

pytestmark = pytest.mark.timeout(90)


def _alive(marker: str) -> list[str]:
    return still_running(f"sleep {marker}", ("sleep", "sh", "bwrap"))


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_signal_stops_the_run_with_a_receipt(sig: signal.Signals, tmp_path: Path) -> None:
    marker = f"47.{int(sig)}1"
    workspace = tmp_path / "ws"
    workspace.mkdir()
    env = {**os.environ, "TETHER_TRACE_STORE": str(tmp_path / "t.db")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tether", "run", "Fix the tests", "--workspace", str(workspace),
         "--check", f"sleep {marker}", "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while not _alive(marker) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _alive(marker), "the check never started"
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    receipt = json.loads(out)
    assert receipt["status"] == "cancelled" and receipt["trace_problems"] == []
    deadline = time.monotonic() + 5
    while _alive(marker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _alive(marker) == []


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_stops_a_question_with_a_closed_trace(sig: signal.Signals, tmp_path: Path) -> None:
    """`tether ask` waiting on a slow provider: the signal cancels the call, the trace closes
    (the chain's spans cancelled), exit 130, and the JSON says `cancelled`."""
    store = tmp_path / "t.db"
    env = {**os.environ, "TETHER_TRACE_STORE": str(store)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tether", "ask", "hello", "--fault", "slow-first-byte:60",
         "--first-byte", "120", "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while not store.exists() and time.monotonic() < deadline:  # the run has begun
            time.sleep(0.05)
        time.sleep(1.0)
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    body = json.loads(out)
    assert body["status"] == "cancelled" and body["trace_problems"] == []
    check = subprocess.run(
        [sys.executable, "-m", "tether", "check", "--store", str(store), body["run_id"]],
        capture_output=True, text=True, env=env,
    )  # fmt: skip
    assert check.returncode == 0, check.stdout + check.stderr


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_stops_the_lab_with_its_stand_and_folder_gone(
    sig: signal.Signals, tmp_path: Path
) -> None:
    """`tether lab` runs its stand as a child process and works in a temporary folder: a signal
    ends both (exit 130), nothing left running, nothing left in the temporary folder."""
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = {**os.environ, "TETHER_TRACE_STORE": str(tmp_path / "t.db"), "TMPDIR": str(tmp)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tether", "lab", "--tasks", "200", "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path,
    )  # fmt: skip

    def stands() -> list[str]:
        return [c for c in still_running(str(tmp), ("python", "python3")) if " stand " in c]

    try:
        deadline = time.monotonic() + 60
        while not stands() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert stands(), "the lab's stand never started"
        time.sleep(1.0)  # runs under way
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    assert "cancelled" in err and "Traceback" not in err
    deadline = time.monotonic() + 10
    while stands() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert stands() == []
    assert list(tmp.iterdir()) == []
