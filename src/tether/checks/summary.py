"""Read what a check's output says, not only its exit code.

Test runners end with a summary line, and wrappers (make targets, npm scripts, CI shims) often
exit 0 whatever it says. `read_summary` finds the summaries of the common runners in an
output; `decide` turns exit code and output into a check status and the line that decided it:

    pytest      ===== 1 failed, 4 passed, 1 xfailed in 0.12s =====   |  no tests ran in 0.01s
    unittest    Ran 5 tests in 0.002s  …  FAILED (failures=1, errors=1)  |  OK (skipped=1)
    jest        Tests:       1 failed, 4 passed, 5 total
    vitest      Tests  1 failed | 4 passed (5)
    mocha       4 passing (12ms) / 1 failing / 2 pending
    cargo test  test result: FAILED. 3 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out
    go test     --- FAIL: TestAdd (0.00s) / FAIL  example.com/calc  0.002s  |  ok  example.com/calc
    linters     Found 3 errors in 1 file  |  Found 0 errors  |  ✖ 2 problems (2 errors, 0 warnings)
    plain       3 passed, 1 failed   (any line made only of counts of known words)

Any summary that reports failures makes the check fail, whatever the exit code (an exit code
0 with failures in the output is an exit-code lie). Green words stay green: xfailed, xpassed,
skipped, pending, todo, warnings, "0 failed", "Found 0 errors". A summary that counts no test
at all ("no tests ran", "Ran 0 tests", everything skipped) verified nothing: `unknown`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

Outcome = Literal["passed", "failed", "no_tests"]
CheckStatus = Literal["passed", "failed", "unknown", "timeout", "cancelled"]

_ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07")

# counted words: failures, passes, things that ran without a pass/fail word, and the rest
_FAIL = {
    "failed", "failing", "failure", "failures", "error", "errors", "errored", "broken",
    "error during collection", "errors during collection", "errors in", "timed out",
}  # fmt: skip
_PASS = {"passed", "passing", "succeeded", "successful", "ok"}
_RAN = {
    "xfailed", "xpassed", "expected failures", "tests", "test", "examples", "example", "runs",
    "run", "specs", "spec", "assertions",
}  # fmt: skip
_NEUTRAL = {
    "skipped", "skip", "skips", "pending", "todo", "deselected", "warning", "warnings",
    "ignored", "measured", "filtered out", "rerun", "reruns", "total", "obsolete", "written",
    "updated", "unchecked", "snapshot", "snapshots", "file", "files", "suites", "suite",
    "information", "informations", "hint", "hints", "note", "notes",
}  # fmt: skip
_TESTISH = _PASS | _RAN | {
    "failed", "failing", "failure", "failures", "skipped", "skip", "skips", "pending", "todo",
    "deselected", "error during collection", "errors during collection",
}  # fmt: skip

_LABEL = re.compile(
    r"^(?:(?:Test Files|Test Suites|Tests|Snapshots|Suites|Errors|Specs)\b:?"
    r"|[A-Za-z][A-Za-z ]{0,30}:)\s*"
)
_TIMING = re.compile(
    r"(?:\s+in\s+\d+(?:\.\d+)?\s*(?:ms|s|sec|seconds)\b(?:\s*\([\d:.]+\))?"
    r"|\s*\(\s*\d+(?:\.\d+)?\s*(?:ms|s)\s*\)|\s*\(\d+\))$"
)
_PIECE = re.compile(r"^(\d+)\s+([A-Za-z][A-Za-z ]*?)$")
_DECOR = " \t=-*#>|:.!✓✔✗✖\u00d7"

_CARGO = re.compile(
    r"^test result: (ok|FAILED)\. (\d+) passed; (\d+) failed; (\d+) ignored; (\d+) measured"
)
_GO_FAIL = re.compile(r"^(?:FAIL\s+\S+(?:\s+\S.*)?|FAIL|--- FAIL: \S+.*|panic: .*)$")
_GO_OK = re.compile(r"^ok\s+\S+\s+(?:\d+(?:\.\d+)?s|\(cached\))(?:\s.*)?$|^PASS$")
_GO_NONE = re.compile(r"^\?\s+\S+\s+\[no test files\]$")
_UNITTEST_RAN = re.compile(r"^Ran (\d+) tests? in \d+(?:\.\d+)?s$")
_UNITTEST_END = re.compile(r"^(OK|FAILED)(?: \((.*)\))?$")
_FOUND = re.compile(r"^(?:\[[^\]]*\]\s*)?Found (\d+) errors?\b")
_ESLINT = re.compile(r"^[✖\u00d7]?\s*(\d+) problems? \((\d+) errors?, (\d+) warnings?\)")
_GREEN_LINT = re.compile(r"^(?:Success: no issues found|All checks passed!?)\b")
_NO_TESTS = re.compile(r"^(?:no tests ran\b|NO TESTS RAN\b|No tests found\b)")


@dataclass(frozen=True)
class Summary:
    """What the summaries of an output say: the outcome and the line that decided it."""

    runner: str
    outcome: Outcome
    line: str
    passed: int = 0
    failed: int = 0


@dataclass(frozen=True)
class _Found:
    runner: str
    line: str
    passed: int = 0
    failed: int = 0
    ran: int = 0


def _counts(line: str) -> _Found | None:
    """A line made only of counts ("1 failed, 4 passed in 0.12s"), with an optional label."""
    text = line.strip(_DECOR + " ")
    label = _LABEL.match(text)
    labelled = bool(label and label.group(0).strip())
    if label:
        if label.group(0).startswith("Snapshots"):  # jest's snapshots: the Tests line counts
            return None
        text = text[label.end() :]
    text = text.strip(_DECOR)
    timed = False
    while (m := _TIMING.search(text)) is not None and m.group(0):
        text = text[: m.start()].rstrip(" .,")
        timed = True
    if not text or not text[0].isdigit():
        return None
    passed = failed = ran = 0
    known_kind = testish = False
    for piece in re.split(r"\s*[,;|]\s*", text):
        m = _PIECE.match(piece.strip(" ."))
        if m is None:
            return None
        n, word = int(m.group(1)), m.group(2).lower().strip()
        testish = testish or word in _TESTISH
        if word in _FAIL:
            failed += n
            known_kind = True
        elif word in _PASS:
            passed += n
            known_kind = True
        elif word in _RAN:
            ran += n
            known_kind = True
        elif word not in _NEUTRAL:
            return None
    if not (known_kind or timed or labelled):
        return None
    if not testish:  # "0 errors, 2 warnings": a linter's count, not a test run
        return _Found("linter", line.strip(), 0 if failed else 1, failed, 1)
    return _Found("counts", line.strip(), passed, failed, passed + failed + ran)


def _found_in(lines: list[str]) -> list[_Found]:
    found: list[_Found] = []
    ran_line: tuple[str, int] | None = None
    for raw in lines:
        line = raw.strip()
        if not line:
            continue
        if m := _CARGO.match(line):
            passed, failed = int(m.group(2)), int(m.group(3))
            failed = max(failed, 1) if m.group(1) == "FAILED" else failed
            found.append(_Found("cargo test", line, passed, failed, passed + failed))
        elif _GO_FAIL.match(line):
            found.append(_Found("go test", line, 0, 1, 1))
        elif _GO_OK.match(line):
            found.append(_Found("go test", line, 1, 0, 1))
        elif _GO_NONE.match(line):
            found.append(_Found("go test", line))
        elif m := _UNITTEST_RAN.match(line):
            ran_line = (line, int(m.group(1)))
        elif ran_line is not None and (m := _UNITTEST_END.match(line)):
            counts = dict(
                (k.strip(), int(v))
                for k, _, v in (p.partition("=") for p in (m.group(2) or "").split(","))
                if v.strip().isdigit()
            )
            bad = counts.get("failures", 0) + counts.get("errors", 0)
            bad += counts.get("unexpected successes", 0)
            if m.group(1) == "FAILED":
                bad = max(bad, 1)
            quoted = f"{ran_line[0]} … {line}"
            found.append(_Found("unittest", quoted, ran_line[1] - bad, bad, ran_line[1]))
            ran_line = None
        elif _NO_TESTS.match(line.strip(_DECOR)):
            found.append(_Found("no tests", line.strip(_DECOR)))
        elif m := _FOUND.match(line):
            n = int(m.group(1))
            found.append(_Found("linter", line, 0 if n else 1, n, 1))
        elif m := _ESLINT.match(line):
            n = int(m.group(2))
            found.append(_Found("linter", line, 0 if n else 1, n, 1))
        elif _GREEN_LINT.match(line):
            found.append(_Found("linter", line, 1, 0, 1))
        elif (counted := _counts(line)) is not None:
            found.append(counted)
    return found


def read_summary(output: str) -> Summary | None:
    """The verdict of the runner summaries in `output`, or None when it holds none.

    Failures anywhere win (the last failing summary is quoted); otherwise the last summary is
    quoted, and `no_tests` when the summaries together count no test that ran.
    """
    lines = _ANSI.sub("", output).replace("\r", "\n").splitlines()
    found = _found_in(lines)
    if not found:
        return None
    passed = sum(f.passed for f in found)
    failed = sum(f.failed for f in found)
    failing = [f for f in found if f.failed > 0]
    if failing:  # the last one that says more than a bare "FAIL"
        last = next((f for f in reversed(failing) if len(f.line.split()) > 1), failing[-1])
        return Summary(last.runner, "failed", _clean(last.line), passed, failed)
    last = next((f for f in reversed(found) if f.ran > 0), found[-1])
    outcome: Outcome = "passed" if sum(f.ran for f in found) > 0 else "no_tests"
    return Summary(last.runner, outcome, _clean(last.line), passed, failed)


def _clean(line: str) -> str:
    text = " ".join(line.strip(" \t=-*#").split())
    return text if len(text) <= 300 else text[:299] + "…"


_NOT_FOUND = re.compile(r"(?:not found|No such file or directory|command not found)\s*$")
_NO_MODULE = re.compile(r"^\S*python[\d.]*: No module named \S+$")


def _last_line(output: str) -> str:
    lines = [ln.strip() for ln in _ANSI.sub("", output).splitlines() if ln.strip()]
    return _clean(lines[-1]) if lines else ""


def decide(exit_code: int, output: str) -> tuple[CheckStatus, str]:
    """A finished check's status and the line that decided it (see the module docstring).

    Exit 127 (command not found), 126 (not executable) and `python -m X` without X are
    `unknown`: the check could not start, so it verified nothing.
    """
    summary = read_summary(output)
    lines = [ln.strip() for ln in _ANSI.sub("", output).splitlines() if ln.strip()]
    if summary is None or summary.outcome != "failed":
        if exit_code in (126, 127):
            why = next((ln for ln in reversed(lines) if _NOT_FOUND.search(ln)), "")
            kind = "command not found" if exit_code == 127 else "command not executable"
            return "unknown", f"{kind} (exit {exit_code})" + (f": {_clean(why)}" if why else "")
        if exit_code != 0 and (missing := next((ln for ln in lines if _NO_MODULE.match(ln)), "")):
            return "unknown", f"test tool not installed: {_clean(missing)}"
    if summary is not None and summary.outcome == "failed":
        return "failed", summary.line
    if summary is not None and summary.outcome == "no_tests":  # pytest exits 5 for this
        return "unknown", f"no tests ran: {summary.line}"
    if exit_code != 0:
        if summary is not None:
            return "failed", summary.line
        last = _last_line(output)
        return "failed", f"exit code {exit_code}" + (f"; last line: {last}" if last else "")
    if summary is not None:
        return "passed", summary.line
    last = _last_line(output)
    return "passed", "exit code 0" + (f"; last line: {last}" if last else "")
