"""run_checks on real subprocesses: statuses, quotes, timeouts, cancellation, spans, the answer
file, and the workspace fingerprint."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import anyio
import pytest

from tether.checks import CheckResult, accept, fingerprint, run_checks
from tether.trace.formats import runs_from_document
from tether.trace.gate import check_run
from tether.trace.spans import Recorder

pytestmark = pytest.mark.timeout(20)


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    workspace = tmp_path / "ws"
    workspace.mkdir()
    return workspace


def run(
    commands: list[str], ws: Path, backend: str = "asyncio", **options: Any
) -> list[CheckResult]:
    return anyio.run(lambda: run_checks(commands, ws, **options), backend=backend)


def running(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rfind(")") + 2 :].split()[0] not in ("Z", "X")


def gate_problems(recorder: Recorder) -> list[str]:
    recorder.finish()
    (trace,) = runs_from_document(recorder.to_json(), "test")
    return check_run(trace).problems


def test_a_wrapper_that_exits_0_while_its_output_reports_a_failure_failed(
    ws: Path, anyio_backend: str
) -> None:
    (ws / "test.sh").write_text('#!/bin/sh\necho "1 failed, 4 passed in 0.12s"\nexit 0\n')
    (result,) = run(["sh test.sh"], ws, backend=anyio_backend)
    assert result.status == "failed" and result.exit_code == 0 and result.exit_code_lie
    assert result.quote == "1 failed, 4 passed in 0.12s"
    assert result.explain() == (
        "`sh test.sh`: The exit code was 0, but the output says: 1 failed, 4 passed in 0.12s"
    )
    verdict = accept([result])
    assert verdict.status == "failed" and verdict.accepted is False
    assert verdict.sentence.startswith("checks failed: ")


def test_statuses_of_a_sequence_with_spans_that_pass_the_gate(ws: Path, anyio_backend: str) -> None:
    recorder = Recorder("checks")
    results = run(
        ["echo '3 passed in 0.01s'", "exit 3", "no-such-test-tool --all", "   "],
        ws,
        recorder=recorder,
        backend=anyio_backend,
    )
    assert [r.status for r in results] == ["passed", "failed", "unknown", "unknown"]
    assert results[1].quote == "exit code 3"
    assert "no-such-test-tool: not found" in results[2].quote
    assert results[3].quote == "the check command is empty"
    checks = [s for s in recorder.spans.values() if s.kind == "check"]
    assert [s.name for s in checks] == [
        "echo '3 passed in 0.01s'", "exit 3", "no-such-test-tool --all", "(empty)",
    ]  # fmt: skip
    assert [s.status for s in checks] == ["ok", "error", "error", "error"]
    assert checks[0].attrs["tether.check.quote"] == "3 passed in 0.01s"
    assert gate_problems(recorder) == []
    verdict = accept(results)
    assert verdict.status == "failed"  # a real failure outweighs the unknowns
    assert accept(results[2:]).status == "unverified"
    assert accept(results[:1]).status == "passed" and accept(results[:1]).accepted


def test_the_output_is_capped_to_its_tail(ws: Path, anyio_backend: str) -> None:
    (result,) = run(
        ["python3 -c \"print('x' * 50000); print('2 passed in 0.1s')\""],
        ws,
        output_cap_chars=1_000,
        backend=anyio_backend,
    )
    assert result.status == "passed" and result.quote == "2 passed in 0.1s"
    assert len(result.output_tail) < 1_100 and "earlier characters dropped" in result.output_tail


def test_a_hanging_check_times_out_and_its_process_group_is_killed(
    ws: Path, tmp_path: Path, anyio_backend: str
) -> None:
    pids = tmp_path / "pids"
    recorder = Recorder("checks")
    started = time.monotonic()
    (result,) = run(
        [f"sleep 30 & echo $! > {pids}; echo $$ >> {pids}; wait"],
        ws,
        timeout_s=0.5,
        recorder=recorder,
        backend=anyio_backend,
    )
    assert time.monotonic() - started < 5
    assert result.status == "timeout" and result.exit_code is None
    assert "timed out after 0.5 s" in result.quote
    assert not any(running(int(p)) for p in pids.read_text().split())
    (span,) = [s for s in recorder.spans.values() if s.kind == "check"]
    assert span.status == "timeout"
    assert gate_problems(recorder) == []
    assert accept([result]).status == "unverified"


def test_cancelling_during_a_check_kills_it_and_closes_its_span(
    ws: Path, tmp_path: Path, anyio_backend: str
) -> None:
    pid_file = tmp_path / "pid"
    recorder = Recorder("checks")
    heard: list[CheckResult] = []

    async def main() -> None:
        with anyio.move_on_after(0.5):
            await run_checks(
                [f"echo $$ > {pid_file}; sleep 30", "echo never"],
                ws,
                recorder=recorder,
                on_result=heard.append,
            )

    started = time.monotonic()
    anyio.run(main, backend=anyio_backend)
    assert time.monotonic() - started < 5
    assert not running(int(pid_file.read_text()))
    assert [r.status for r in heard] == ["cancelled"]
    spans = [s for s in recorder.spans.values() if s.kind == "check"]
    assert [s.status for s in spans] == ["cancelled"]  # the second check never started
    assert gate_problems(recorder) == []


def test_the_answer_reaches_the_checks_in_a_file_outside_the_workspace(
    ws: Path, anyio_backend: str
) -> None:
    (result,) = run(
        ['echo "$TETHER_ANSWER_FILE"; grep -q "42" "$TETHER_ANSWER_FILE"'],
        ws,
        answer="The answer is 42.",
        backend=anyio_backend,
    )
    assert result.status == "passed", result.output_tail
    path = Path(result.output_tail.splitlines()[0])
    assert not path.resolve().is_relative_to(ws.resolve())
    assert not path.exists()  # removed after the checks
    (without,) = run(['test -z "$TETHER_ANSWER_FILE"'], ws, backend=anyio_backend)
    assert without.status == "passed"


def test_a_missing_workspace_is_unknown_not_a_crash(tmp_path: Path) -> None:
    (result,) = run(["true"], tmp_path / "gone")
    assert result.status == "unknown" and "not a folder" in result.quote


def test_the_fingerprint_sees_changes_and_ignores_caches(ws: Path) -> None:
    (ws / "a.py").write_text("x = 1\n")
    (ws / "pkg").mkdir()
    (ws / "pkg" / "b.py").write_text("y = 2\n")
    before = fingerprint(ws)
    for cache in ("__pycache__", ".pytest_cache", "node_modules", ".git"):
        (ws / cache).mkdir()
        (ws / cache / "junk").write_text("junk")
    (ws / "pkg" / "b.cpython-311.pyc").write_bytes(b"\0")
    assert fingerprint(ws) == before
    (ws / "pkg" / "b.py").write_text("y = 3\n")
    (ws / "c.txt").write_text("new")
    os.utime(ws / "a.py", ns=(0, 1))
    after = fingerprint(ws)
    assert after != before and after.digest != before.digest
    assert before.changed(after) == ["a.py", "c.txt", "pkg/b.py"]
    assert fingerprint(ws, ignore=["pkg", "c.txt", "a.py"]).files == {}
    assert "c.txt" not in fingerprint(ws, exclude=[ws / "c.txt"]).files
