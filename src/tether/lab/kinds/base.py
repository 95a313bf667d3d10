"""What every task kind shares: the Task record, the turn builders its solver is written with,
and the two hidden check scripts (a unittest runner, an answer checker).

A check is a shell command run in the workspace after the run said "done". It must fail on an
untouched workspace and on a reply that is not the answer (a gateway's error text, nothing),
so the lab can tell a real "done" from a false one.
"""

from __future__ import annotations

import difflib
import json
import shlex
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ANSWER_ENV = "TETHER_ANSWER_FILE"  # the check reads the run's final text from this file


@dataclass(frozen=True)
class Task:
    """One lab task: the prompt, the workspace it starts from, the hidden files and checks that
    judge it after "done", and a scripted solver that solves it through real tool calls.

    `checks` are `/bin/sh -c` commands run in the workspace; `{hidden}` stands for the hidden
    folder (outside the workspace) and `{python}` for the lab's interpreter, both filled in by
    `materialize`. The run's final text is in the file named by $TETHER_ANSWER_FILE.
    `solver` is a list of stand turns (TurnSpec dicts); its last turn is the final answer.
    """

    id: str
    kind: str
    prompt: str
    files: Mapping[str, str] = field(hash=False)
    hidden: Mapping[str, str] = field(hash=False)
    checks: tuple[str, ...]
    solver: tuple[dict[str, Any], ...] = field(hash=False)

    def materialize(self, workspace: Path, hidden_dir: Path) -> tuple[str, ...]:
        """Write the workspace's and the hidden folder's files; the checks, ready to run."""
        for root, files in ((workspace, self.files), (hidden_dir, self.hidden)):
            for rel, text in files.items():
                target = root / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
        hidden = shlex.quote(str(hidden_dir.resolve()))
        python = shlex.quote(sys.executable)
        return tuple(c.replace("{hidden}", hidden).replace("{python}", python) for c in self.checks)


# -- solver turns --------------------------------------------------------------------------------


def call(name: str, **arguments: Any) -> dict[str, Any]:
    """One tool call of a scripted turn."""
    return {"name": name, "arguments": arguments}


def turn(*calls: dict[str, Any], text: str = "") -> dict[str, Any]:
    """A scripted turn that calls tools (several calls run as one batch)."""
    spec: dict[str, Any] = {"tool_calls": list(calls)}
    if text:
        spec["text"] = text
    return spec


def final(text: str) -> dict[str, Any]:
    """The scripted final answer: a turn without tool calls."""
    return {"text": text}


def unified_diff(path: str, old: str, new: str) -> str:
    """A `git diff`-style patch of one file, in the format apply_patch reads."""
    lines = difflib.unified_diff(
        old.splitlines(keepends=True), new.splitlines(keepends=True), f"a/{path}", f"b/{path}"
    )
    return "".join(lines)


def test_command(python: str, *args: str) -> str:
    """The solvers' test command: `<python> -m unittest ...` (see `lab_rules`)."""
    return " ".join([shlex.quote(python), "-m", "unittest", *args])


# -- hidden checks ---------------------------------------------------------------------------------

HIDDEN_TESTS_HEADER = '''\
"""Hidden tests, run by the lab's check against the workspace (the current folder)."""
import os
import sys
import unittest

sys.path.insert(0, os.getcwd())  # the workspace's code, not anything beside this file
'''

HIDDEN_TESTS_FOOTER = """

if __name__ == "__main__":
    unittest.main(verbosity=1)
"""


def hidden_tests(body: str) -> str:
    """A self-running hidden test file: the header, `body` (imports and TestCases), main."""
    return HIDDEN_TESTS_HEADER + "\n" + body.strip("\n") + "\n" + HIDDEN_TESTS_FOOTER


ANSWER_CHECK = '''\
"""Checks the run's final answer (the file named by $TETHER_ANSWER_FILE) against expect.json:
{"numbers": [{"value": V, "tol": T}, ...]}: each value is among the answer's numbers;
{"facts": {"NAME": V, ...}}: each NAME is named, and the first number after it is V."""
import json
import os
import re
import sys

NUMBER = re.compile(r"(?<![\\w.])-?(?:\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.\\d+)?")


def numbers(text):
    return [float(m.group().replace(",", "")) for m in NUMBER.finditer(text)]


def main():
    path = os.environ.get("TETHER_ANSWER_FILE")
    if not path or not os.path.isfile(path):
        print("no answer file: $TETHER_ANSWER_FILE is not set or does not exist")
        return 1
    with open(path, encoding="utf-8") as f:
        answer = f.read()
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "expect.json")) as f:
        expect = json.load(f)
    missing = []
    found = numbers(answer)
    for item in expect.get("numbers", []):
        if not any(abs(x - item["value"]) <= item["tol"] for x in found):
            missing.append(f"{item['value']} (+/- {item['tol']})")
    for name, value in expect.get("facts", {}).items():
        m = re.search(r"\\b" + re.escape(name) + r"\\b[^\\d\\n]{0,40}?(-?\\d+(?:\\.\\d+)?)", answer)
        if m is None or float(m.group(1)) != value:
            missing.append(f"{name} = {value}")
    if missing:
        print("the answer lacks: " + "; ".join(missing))
        return 1
    print("the answer has every expected value")
    return 0


sys.exit(main())
'''

ANSWER_CHECK_COMMAND = "{python} {hidden}/check_answer.py"


def answer_hidden(expect: Mapping[str, Any]) -> dict[str, str]:
    """The hidden files of an answer check: the checker and what it expects."""
    return {"check_answer.py": ANSWER_CHECK, "expect.json": json.dumps(expect, indent=2) + "\n"}


def number(value: float, tol: float = 0.0) -> dict[str, float]:
    return {"value": value, "tol": tol}
