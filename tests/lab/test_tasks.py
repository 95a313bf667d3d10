"""The lab's tasks: deterministic, varied, and every scripted solver solves its task end to end
through the real agent, tools and stand, while the checks fail on an untouched workspace and on
replies that are not answers."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import shlex
import subprocess
import sys
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import anyio
import pytest

from tether.agent.runtime import create_agent_runtime
from tether.checks.summary import decide
from tether.lab.tasks import ANSWER_ENV, KINDS, Task, generate, lab_rules
from tether.providers import provider_at
from tether.tools.base import ToolContext
from tether.tools.runner import ToolResult

GATEWAY_TEXT = (
    "The request could not be completed. Please retry later, or reduce the request "
    "parameters/content."
)
SEED = 11
TASKS = generate(SEED)
# how many tasks of each kind it takes to meet every template, shape or solver variant once
VARIANTS = {"fix": 8, "question": 4, "csv": 6, "module": 8, "recall": 2}
VARIED = [t for t in TASKS if int(t.id[-2:]) <= VARIANTS[t.kind]]


def run_checks(checks: tuple[str, ...], workspace: Path, answer: str) -> list[str]:
    """The checks that did not pass, with their output (empty: every check passed).

    Each is judged the way the lab judges it (exit code and the output's summary line): a
    check that fails must say `failed`, never `unknown` (a check that could not start)."""
    answer_file = workspace.parent / f"answer-{abs(hash(answer))}.txt"
    answer_file.write_text(answer, encoding="utf-8")
    env = {**os.environ, ANSWER_ENV: str(answer_file)}
    failed = []
    for check in checks:
        done = subprocess.run(
            ["/bin/sh", "-c", check], cwd=workspace, env=env, capture_output=True, text=True,
            timeout=30,
        )  # fmt: skip
        output = done.stdout + done.stderr
        status, line = decide(done.returncode, output)
        assert status in ("passed", "failed"), (check, status, line, output)
        assert (status == "passed") == (done.returncode == 0), (check, status, line, output)
        if status != "passed":
            failed.append(f"{check} -> {done.returncode}: {line}\n{output}")
    return failed


def run_all_checks(jobs: list[tuple[tuple[str, ...], Path, str]]) -> list[list[str]]:
    """`run_checks` for many (checks, workspace, answer) at once, a few at a time."""
    with ThreadPoolExecutor(4) as pool:
        return list(pool.map(lambda job: run_checks(*job), jobs))


def fresh(task: Task, root: Path) -> tuple[Path, tuple[str, ...]]:
    workspace, hidden = root / task.id / "ws", root / task.id / "hidden"
    workspace.mkdir(parents=True)
    hidden.mkdir()
    return workspace, task.materialize(workspace, hidden)


def test_the_same_seed_gives_the_same_tasks_and_another_seed_others() -> None:
    again = generate(SEED)
    assert again == TASKS
    other = generate(SEED + 1)
    assert [t.id for t in other] == [t.id for t in TASKS]
    assert sum(a.files != b.files for a, b in zip(TASKS, other, strict=True)) >= 45
    # a task does not depend on how many are generated
    assert generate(SEED, per_kind=2) == [t for t in TASKS if int(t.id[-2:]) <= 2]


def digest(tasks: list[Task]) -> str:
    blob = json.dumps([dataclasses.asdict(t) for t in tasks], sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()


def test_another_process_with_another_hash_seed_makes_the_same_tasks() -> None:
    code = (
        "import dataclasses, hashlib, json\n"
        "from tether.lab.tasks import generate\n"
        f"tasks = generate({SEED}, per_kind=3)\n"
        "blob = json.dumps([dataclasses.asdict(t) for t in tasks], sort_keys=True)\n"
        "print(hashlib.sha256(blob.encode()).hexdigest())\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == digest(generate(SEED, per_kind=3))


def test_every_kind_has_ten_varied_tasks_with_unique_prompts() -> None:
    assert Counter(t.kind for t in TASKS) == {kind: 10 for kind in KINDS}
    assert [t.kind for t in TASKS[:5]] == list(KINDS)  # interleaved
    assert len({t.prompt for t in TASKS}) == len(TASKS)
    for kind in KINDS:
        mine = [t for t in TASKS if t.kind == kind]
        bodies = {t.prompt.split(". ", 1)[1] for t in mine}
        assert len(bodies) >= 8, kind  # not one task repeated under ten ids
        assert all(3 <= len(t.solver) <= 8 for t in mine), kind
        assert all("tool_calls" not in t.solver[-1] and t.solver[-1]["text"] for t in mine)
    for task in TASKS:  # every Python file of the workspace and the hidden folder compiles
        for path, text in [*task.files.items(), *task.hidden.items()]:
            if path.endswith(".py"):
                compile(text, f"{task.id}:{path}", "exec")
    recall = next(t for t in TASKS if t.kind == "recall")
    assert max(recall.files.values(), key=len).count("\n") >= 2000


def test_the_solvers_commands_are_allowed_by_the_lab_rules(tmp_path: Path) -> None:
    rules, ctx = lab_rules(), ToolContext(tmp_path)
    for task in TASKS:
        for turn in task.solver:
            for c in turn.get("tool_calls", []):
                decision = rules.decide(c["name"], c["arguments"], ctx)
                assert decision.action == "allow", (task.id, c, decision.describe())
    # the extra allow is exactly the test command: other uses of the interpreter still ask
    python = shlex.quote(sys.executable)
    assert rules.decide("run_command", {"command": f"{python} -c 1"}, ctx).action == "ask"
    test = f"{python} -m unittest; rm -rf /"
    assert rules.decide("run_command", {"command": test}, ctx).action == "block"


def test_checks_fail_on_the_untouched_workspace_and_on_non_answers(tmp_path: Path) -> None:
    """On a task of every variant: a check that cannot fail would count every "done" solved."""
    jobs, names = [], []
    for task in VARIED:
        workspace, checks = fresh(task, tmp_path)
        if task.kind == "fix":  # "fixed" by gutting the visible tests: the hidden copy still fails
            for path in (workspace / "tests").glob("test_*.py"):
                path.write_text("import unittest\n\nclass T(unittest.TestCase):\n    pass\n")
        jobs.append((checks, workspace, GATEWAY_TEXT))
        names.append((task.id, "gateway text"))
        if task.kind in ("question", "csv", "recall") and task.id.endswith("01"):
            jobs.append((checks, workspace, ""))
            names.append((task.id, "empty answer"))
    for name, failed in zip(names, run_all_checks(jobs), strict=True):
        assert len(failed) >= 1, name
        if name[0].startswith("module"):  # the module is missing: the agent's tests fail too
            assert len(failed) == 2, name


@pytest.mark.timeout(120)
@pytest.mark.timeout(120)  # 28 whole agent runs with their checks
def test_every_solver_solves_its_task_end_to_end(stand_factory: Any, tmp_path: Path) -> None:
    """A task of every variant through the real runtime on one stand (one model per task),
    then the checks; a wrong final answer on the solved workspace still fails them."""
    tasks = VARIED
    url = stand_factory(script={"models": {t.id: {"turns": list(t.solver)} for t in tasks}})
    prepared = {t.id: fresh(t, tmp_path) for t in tasks}
    outcomes: dict[str, tuple[Any, list[ToolResult]]] = {}

    async def one(task: Task, limiter: anyio.CapacityLimiter) -> None:
        async with limiter:
            workspace, _ = prepared[task.id]
            runtime = create_agent_runtime(
                providers=[provider_at("openai", url, task.id)], workspace=workspace,
                store=None, rules=lab_rules(),
            )  # fmt: skip
            results: list[ToolResult] = []
            try:
                receipt = await runtime.run(
                    task.prompt, on_step=lambda _step, rs: results.extend(rs)
                )
            finally:
                await runtime.aclose()
            outcomes[task.id] = (receipt, results)

    async def main() -> None:
        limiter = anyio.CapacityLimiter(8)
        async with anyio.create_task_group() as tg:
            for task in tasks:
                tg.start_soon(one, task, limiter)

    anyio.run(main)
    checked = run_all_checks(
        [(prepared[t.id][1], prepared[t.id][0], outcomes[t.id][0].final_text) for t in tasks]
    )
    for task, failed in zip(tasks, checked, strict=True):
        receipt, results = outcomes[task.id]
        assert receipt.status == "answered", (task.id, receipt.status, receipt.error)
        assert receipt.final_text == task.solver[-1]["text"]
        assert receipt.steps == len(task.solver) and receipt.verdicts == []
        assert [r.status for r in results] == ["ok"] * len(results), (
            task.id,
            [(r.call.name, r.status, r.text[:300]) for r in results if not r.ok],
        )
        assert failed == [], task.id
        if task.kind in ("fix", "module"):  # the test runs saw the failure, then the pass
            runs = [r for r in results if r.call.name == "run_command"]
            assert runs[-1].exit_code == 0, (task.id, runs[-1].text)
        if task.kind == "fix":
            assert runs[0].exit_code != 0, (task.id, runs[0].text)
    # a wrong number fails the answer checks (on the solved workspace)
    answering = [t for t in tasks if t.kind in ("question", "csv", "recall")][::2]
    wrong = [
        (prepared[t.id][1], prepared[t.id][0], re.sub(r"\d+", lambda m: str(int(m.group()) + 1),
                                                      outcomes[t.id][0].final_text))
        for t in answering
    ]  # fmt: skip
    for task, failed in zip(answering, run_all_checks(wrong), strict=True):
        assert failed, task.id
