"""A run whose own check the lab could not finish is never counted as a false "done".

Seen on a loaded machine: the lab's answer check died of SIGTERM 0.125 s in (another call's
cleanup took it for an orphan: tests/tools/test_call_orphans.py) and the run that said "done"
counted as a false one. A check stopped by a signal from outside verified nothing: the run is
neither solved nor a false done, and the table counts it ("runs the lab could not check").
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import anyio
import pytest

from tether.lab.experiment import RunRecord, _measure, judged, summarize
from tether.lab.report import table_rows

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


def _record(harness: str, said_done: bool, verdict: str, checks: list[str], ws: Path) -> RunRecord:
    solved, check_json = anyio.run(_measure, checks, ws, "the answer")
    false_done, unmeasured = judged(said_done, solved, verdict, check_json)
    return RunRecord(
        harness=harness, task="t", kind="fix", shape="none", faults=[], said_done=said_done,
        solved=solved, false_done=false_done, honest_failure=not said_done, status="done",
        termination="stop", verdict=verdict, verdicts_met=[], checks=check_json,
        unmeasured=unmeasured,
    )  # fmt: skip


def _row(body: dict[str, Any], label: str) -> list[str]:
    return next(row for row in table_rows(body) if row[0] == label)


def test_a_check_stopped_by_a_signal_leaves_the_run_unmeasured_never_a_false_done(
    tmp_path: Path,
) -> None:
    stopped = _record("tether", True, "", ["kill -TERM $$"], tmp_path)
    assert stopped.checks[0]["status"] == "unknown" and stopped.checks[0]["exit_code"] == -15
    assert "killed by SIGTERM (signal 15)" in stopped.checks[0]["quote"]
    assert (stopped.solved, stopped.false_done, stopped.unmeasured) == (False, False, True)

    # what the lab measured stays measured: a failed check beside the stopped one, a check
    # that crashed on its own (it failed), a plain failure, a verdict on the naive reply
    beside = _record("tether", True, "", ["kill -TERM $$", "exit 1"], tmp_path)
    crashed = _record("tether", True, "", ["kill -SEGV $$"], tmp_path)
    assert crashed.checks[0]["status"] == "failed"
    assert crashed.checks[0]["quote"].startswith("crashed: SIGSEGV (signal 11)")
    failed = _record("tether", True, "", ["exit 1"], tmp_path)
    for measured in (beside, crashed, failed):
        assert (measured.false_done, measured.unmeasured) == (True, False)
    verdict = _record("naive", True, "gateway", ["kill -KILL $$"], tmp_path)
    assert (verdict.false_done, verdict.unmeasured) == (True, False)
    solved = _record("tether", True, "", ["true"], tmp_path)
    assert (solved.solved, solved.false_done, solved.unmeasured) == (True, False, False)

    tether = [stopped, beside, crashed, failed, solved]
    body = {"harnesses": {"naive": summarize([verdict]), "tether": summarize(tether)}}
    assert body["harnesses"]["tether"]["unmeasured"] == 1
    assert _row(body, "runs the lab could not check") == ["runs the lab could not check", "0", "1"]
    assert _row(body, "false done") == ["false done", "1/1 (100%)", "3/5 (60%)"]
