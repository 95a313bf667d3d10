"""Runner summaries read from real outputs: failures count whatever the exit code says."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tether.checks import decide, read_summary

FIXTURES = Path(__file__).parent / "fixtures"

# fixture -> (the exit code the runner really gave, status, the quote it must give)
EXPECTED = {
    "pytest-failed.txt": (1, "failed", "1 failed, 3 passed, 1 xfailed in 1.63s"),
    "pytest-passed-xfailed.txt": (0, "passed", "4 passed, 1 xfailed in 1.76s"),
    "pytest-collection-error.txt": (2, "failed", "1 error in 1.54s"),
    "pytest-no-tests.txt": (5, "unknown", "no tests ran"),
    "unittest-failed.txt": (1, "failed", "FAILED (failures=1, errors=1"),
    "unittest-passed.txt": (0, "passed", "OK (skipped=1, expected failures=1)"),
    "jest-failed.txt": (1, "failed", "Tests: 1 failed, 4 passed, 5 total"),
    "jest-passed-skipped.txt": (0, "passed", "Tests: 1 skipped, 1 todo, 5 passed, 7 total"),
    "vitest-failed-ansi.txt": (1, "failed", "Tests 1 failed | 4 passed (5)"),
    "vitest-passed-skipped.txt": (0, "passed", "Tests 5 passed | 1 skipped (6)"),
    "mocha-failed.txt": (1, "failed", "1 failing"),
    "mocha-passed-pending.txt": (0, "passed", "3 passing (6ms)"),
    "cargo-failed.txt": (101, "failed", "test result: FAILED. 2 passed; 1 failed"),
    "cargo-passed.txt": (0, "passed", "test result: ok. 3 passed; 0 failed"),
    "go-failed.txt": (1, "failed", "FAIL example.com/calc 0.002s"),
    "go-passed.txt": (0, "passed", "ok example.com/calc/format (cached)"),
    "plain-failed.txt": (1, "failed", "1 failed, 4 passed in 0.12s"),
    "plain-passed.txt": (0, "passed", "Results: 12 passed, 0 failed"),
    "mypy-failed.txt": (1, "failed", "Found 2 errors in 1 file"),
    "tsc-passed-found-0-errors.txt": (0, "passed", "Found 0 errors"),
    "eslint-failed.txt": (1, "failed", "1 problem (1 error, 0 warnings)"),
}


def test_every_fixture_has_an_expectation() -> None:
    assert sorted(p.name for p in FIXTURES.glob("*.txt")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_runner_summary_decides_with_its_real_exit_code(name: str) -> None:
    code, status, quote = EXPECTED[name]
    got_status, got_quote = decide(code, (FIXTURES / name).read_text())
    assert got_status == status
    assert quote in got_quote


@pytest.mark.parametrize("name", sorted(n for n, e in EXPECTED.items() if e[1] == "failed"))
def test_a_failing_summary_fails_even_when_the_exit_code_says_0(name: str) -> None:
    status, quote = decide(0, (FIXTURES / name).read_text())
    assert status == "failed" and EXPECTED[name][2] in quote


@pytest.mark.parametrize(
    "line",
    [
        "1 xfailed, 3 passed",
        "Found 0 errors",
        "===== 3 passed, 2 skipped, 1 xpassed, 4 warnings in 0.31s =====",
        "0 errors, 0 warnings, 0 informations",
        "Success: no issues found in 12 source files",
        "All checks passed!",
        "10 examples, 0 failures",
        "3 runs, 3 assertions, 0 failures, 0 errors, 0 skips",
    ],
)
def test_green_outputs_stay_green(line: str) -> None:
    assert decide(0, f"some output\n{line}\n")[0] == "passed"


def test_counts_in_prose_are_not_summaries() -> None:
    assert read_summary("fixed 1 failed test and 2 errors in the parser today\n") is None
    assert read_summary("Start at  11:18:34\nDuration 1.50s (transform 161ms)\n") is None
    assert decide(0, "I wrote 3 files\n") == ("passed", "exit code 0; last line: I wrote 3 files")


def test_exit_codes_decide_when_there_is_no_summary() -> None:
    assert decide(2, "make: *** [test] Error 2\n") == (
        "failed",
        "exit code 2; last line: make: *** [test] Error 2",
    )
    assert decide(0, "") == ("passed", "exit code 0")


def test_a_tool_that_cannot_start_is_unknown() -> None:
    status, quote = decide(127, "/bin/sh: 1: jest: not found\n")
    assert status == "unknown" and "jest: not found" in quote
    status, quote = decide(1, "/usr/bin/python3: No module named pytest\n")
    assert status == "unknown" and "No module named pytest" in quote
    assert decide(126, "/bin/sh: 1: ./run.sh: Permission denied\n")[0] == "unknown"


def test_everything_skipped_verified_nothing() -> None:
    assert decide(0, "Tests:       3 skipped, 3 total\n")[0] == "unknown"
    assert decide(0, "Ran 0 tests in 0.000s\n\nOK\n")[0] == "unknown"


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=-15, max_value=255), st.text(max_size=400))
def test_any_output_gets_a_status_and_a_quote_never_a_crash(code: int, output: str) -> None:
    status, quote = decide(code, output)
    assert status in ("passed", "failed", "unknown") and quote
    assert status != "passed" or code == 0
