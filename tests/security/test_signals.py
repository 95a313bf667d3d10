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
from typing import IO

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


def _serving(args: list[str]) -> tuple[subprocess.Popen[str], str]:
    """Start a serving command (`stand`, `proxy`) on a free port; (process, base URL)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "tether", *args, "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert proc.stdout is not None
    url = proc.stdout.readline().strip()
    assert url.startswith("http://127.0.0.1:"), proc.stderr.read() if proc.stderr else ""
    return proc, url


def _children(pid: int) -> set[int]:
    found = set()
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                stat = (proc / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[1]) == pid and stat[0] not in ("Z", "X"):
                found.add(int(proc.name))
    return found


def _line_with(stream: IO[str], word: str) -> str:
    """The first line of `stream` holding `word` (read up to it)."""
    for line in stream:
        if word in line:
            return line
    return ""


def _answers(url: str, any_status: bool = False) -> bool:
    import httpx2

    try:
        status = httpx2.get(url + "/v1/models", timeout=5).status_code
    except httpx2.HTTPError:
        return False
    return any_status or status == 200


@pytest.mark.parametrize("command", ["stand", "proxy"])
def test_sighup_stops_a_server_cleanly(command: str) -> None:
    """A closed terminal sends SIGHUP: the stand and the proxy stop as on Ctrl-C (exit 0,
    shutdown logged), not killed mid-request."""
    args = [command] if command == "stand" else [command, "--upstream", "http://127.0.0.1:9/v1"]
    proc, url = _serving(args)
    try:
        wait_for(lambda: _answers(url, any_status=True), 30)  # serving, its handlers in place
        proc.send_signal(signal.SIGHUP)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0


def test_proxy_workers_are_replaced_and_die_with_their_parent(tmp_path: Path) -> None:
    from tether.stand import StandThread, build_stand

    with StandThread(build_stand()) as stand:
        proc, url = _serving(["proxy", "--upstream", stand + "/v1", "--workers", "2"])
        try:
            wait_for(lambda: len(_children(proc.pid)) == 2, 30)
            first = _children(proc.pid)
            assert len(first) == 2
            os.kill(min(first), signal.SIGKILL)  # a worker dies: another takes its place
            seen: list[set[int]] = []  # one snapshot per look: two reads can disagree

            def replaced() -> bool:
                seen.append(_children(proc.pid))
                return len(seen[-1]) == 2 and min(first) not in seen[-1]

            wait_for(replaced, 30)
            workers = seen[-1]
            assert len(workers) == 2 and min(first) not in workers, (first, seen[-5:])
            assert proc.stderr is not None  # the parent says what happened, in one line
            assert f"worker {min(first)} ended (killed by SIGKILL); starting another" in (
                _line_with(proc.stderr, "ended")
            )
            wait_for(lambda: _answers(url), 30)
            assert _answers(url)
            proc.kill()  # SIGKILL: no handler runs in the parent, the workers must still go
            proc.wait(timeout=10)
            wait_for(lambda: not any(Path(f"/proc/{w}").exists() for w in workers), 30)
            assert not any(Path(f"/proc/{w}/stat").exists() and
                           (Path(f"/proc/{w}/stat").read_text().rsplit(")", 1)[1].split()[0]
                            not in ("Z", "X")) for w in workers)  # fmt: skip
        finally:
            if proc.poll() is None:
                proc.kill()
