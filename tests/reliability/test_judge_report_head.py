"""A run that stopped, said at the head of a longer report whose rest is the output it carries
(`notice_signals._report_head`): an agent workflow's "Engine Failure" or "Job failed" with its
log or stack frames after the first paragraph. Beside each, the answer that quotes such a
report and says something of its own, which must stay an answer."""

from __future__ import annotations

import pytest

from tests.reliability.judging import reading

LOG = (
    "```\n2025-03-02 11:04:17 INFO step 4/7: running the suite\n"
    "2025-03-02 11:04:52 ERROR worker exited with code 137\n```"
)
FRAMES = (
    "```\n    at main (/opt/runner/index.js:88:13)\n"
    "    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)\n```"
)
JOB_FAILED = (
    "## ❌ Job failed\n\nThe agent stopped responding before the end of the task.\n\n"
    + LOG
    + "\n\nRun: https://ci.example.com/runs/4411"
)
ENGINE_FAILURE = (
    "> [!CAUTION]\n> **Engine Failure**: the `codex` engine terminated before producing "
    "output.\n\n**Last output:**\n" + FRAMES
)
REPORTS = [
    JOB_FAILED,
    ENGINE_FAILURE,
    "La operación terminó inesperadamente.\n\n" + FRAMES + "\n\n" + LOG,
    "## ❌ 任务失败\n\n任务已中断。\n\n" + LOG,
    "**Échec** : la génération a été annulée.\n\n**Journal :**\n" + LOG,
]


@pytest.mark.parametrize("text", REPORTS)
def test_a_stopped_run_at_the_head_of_its_output_is_a_failure(text: str) -> None:
    failure, names = reading(text)
    assert failure and "run_stopped" in names, names


ANSWERS = [
    JOB_FAILED
    + "\n\nExit code 137 means the runner ran out of memory: raise the job's memory limit, "
    "then rerun it.",
    "The agent stopped responding because the MCP server timed out; this is its log:\n\n" + LOG,
    "I saw the same report on my fork:\n\n"
    + ENGINE_FAILURE
    + "\n\nUpgrading the runner image fixed it for me.",
]


@pytest.mark.parametrize("text", ANSWERS)
def test_an_answer_quoting_such_a_report_stays_an_answer(text: str) -> None:
    failure, names = reading(text)
    assert not failure and "run_stopped" not in names, names
