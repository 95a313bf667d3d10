"""Real signals on a real `tether run`: SIGTERM (what timeout, docker stop, systemd and CI send)
and SIGHUP stop the run the way Ctrl-C does: exit 130, a `cancelled` receipt, a complete trace,
and the running check (its process group, in the sandbox) gone."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.processes import signal_when_ready, still_running, wait_for

pytestmark = pytest.mark.timeout(90)


def _alive(marker: str) -> list[str]:
    return still_running(f"sleep {marker}", ("sleep", "sh", "bwrap"))


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_signal_stops_the_run_with_a_receipt(sig: signal.Signals, tmp_path: Path) -> None:
    marker = f"47.{int(sig)}1"
    workspace = tmp_path / "ws"
    workspace.mkdir()
    env = {**os.environ, "TETHER_TRACE_STORE": str(tmp_path / "t.db")}
    code, out, err = signal_when_ready(
        ["run", "Fix the tests", "--workspace", str(workspace), "--check", f"sleep {marker}",
         "--json"],
        env, tmp_path, lambda: _alive(marker), sig, what="the check",
    )  # fmt: skip
    assert code == 130, err
    receipt = json.loads(out)
    assert receipt["status"] == "cancelled" and receipt["trace_problems"] == []
    wait_for(lambda: not _alive(marker), 5)
    assert _alive(marker) == []


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_stops_a_question_with_a_closed_trace(sig: signal.Signals, tmp_path: Path) -> None:
    """`tether ask` waiting on a slow provider: the signal cancels the call, the trace closes
    (the chain's spans cancelled), exit 130, and the JSON says `cancelled`."""
    store = tmp_path / "t.db"
    env = {**os.environ, "TETHER_TRACE_STORE": str(store)}
    code, out, err = signal_when_ready(
        ["ask", "hello", "--fault", "slow-first-byte:60", "--first-byte", "120", "--json"],
        env, tmp_path, store.exists, sig, settle_s=1.0, what="the run",
    )  # fmt: skip
    assert code == 130, err
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

    def stands() -> list[str]:
        return [c for c in still_running(str(tmp), ("python", "python3")) if " stand " in c]

    code, _, err = signal_when_ready(
        ["lab", "--tasks", "200", "--json"], env, tmp_path, stands, sig,
        settle_s=1.0, what="the lab's stand",  # runs under way
    )  # fmt: skip
    assert code == 130, err
    assert "cancelled" in err and "Traceback" not in err
    wait_for(lambda: not stands(), 10)
    assert stands() == []
    assert list(tmp.iterdir()) == []
