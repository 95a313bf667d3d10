"""The lab's tasks: five kinds, each with a check that runs after "done" and a scripted solver.

    tasks = generate(seed=7)                  # 10 of each kind, the same for the same seed
    checks = task.materialize(workspace, hidden_dir)
    # run the agent on task.prompt (the stand replays task.solver), then each check with
    # /bin/sh -c in the workspace, $TETHER_ANSWER_FILE naming a file with the final text

Kinds (the five of the study the lab reproduces): `fix` (a planted bug; hidden copy of the
tests), `question` (numbers about a package; checked in the answer), `csv` (a value computed
from orders; within a cent), `module` (write a module and its tests; hidden tests), `recall`
(constants spread over a file of thousands of lines; every one must be in the answer).

Order: interleaved, one task of each kind in KINDS order, then the next round (fix-01,
question-01, csv-01, module-01, recall-01, fix-02, ...), so the first N tasks mix the kinds.
Each task draws from its own random.Random seeded with (seed, kind, number): a task does not
change when `per_kind` does. Every prompt starts with the task's id, so prompts are unique (the
stand tells conversations apart by their opening).

The solvers run their tests with `<python> -m unittest` (pytest would cost seconds a run), so
`python` (default: this interpreter) is written into the solver's commands, and the runs need
`lab_rules(python)`: the built-in coding rules plus an allow for exactly that command.
"""

from __future__ import annotations

import dataclasses
import random
import sys
from collections.abc import Callable

from tether.lab.kinds import csvdata, fix, module, question, recall
from tether.lab.kinds.base import ANSWER_ENV, Task
from tether.tools.rules import Rule, Rules

__all__ = ["ANSWER_ENV", "KINDS", "Task", "generate", "lab_rules"]

KINDS: tuple[str, ...] = ("fix", "question", "csv", "module", "recall")

_MAKERS: dict[str, Callable[[random.Random, int, str], Task]] = {
    "fix": fix.make,
    "question": question.make,
    "csv": csvdata.make,
    "module": module.make,
    "recall": recall.make,
}


def generate(seed: int, per_kind: int = 10, *, python: str = sys.executable) -> list[Task]:
    """`per_kind` tasks of each kind, interleaved; the same seed gives the same tasks."""
    if per_kind < 0:
        raise ValueError(f"per_kind must be 0 or more, not {per_kind}")
    tasks: list[Task] = []
    for number in range(1, per_kind + 1):
        for kind in KINDS:
            rng = random.Random(f"tether-lab:{seed}:{kind}:{number}")
            task = _MAKERS[kind](rng, number - 1, python)
            task_id = f"{kind}-{number:02d}"
            tasks.append(
                dataclasses.replace(task, id=task_id, prompt=f"Task {task_id}. {task.prompt}")
            )
    return tasks


def lab_rules(python: str = sys.executable) -> Rules:
    """The built-in coding rules plus one allow: `<python> -m unittest ...`, the solvers' test
    command (after the blocks, so a blocked command stays blocked)."""
    base = Rules.default_coding()
    allow = Rule(
        "run_command",
        "allow",
        command_prefix=[python, "-m", "unittest"],
        reason="the lab's test command",
    )
    blocks = [r for r in base.rules if r.action == "block"]
    rest = [r for r in base.rules if r.action != "block"]
    return Rules([*blocks, allow, *rest], default=base.default)
