"""`tether eval SUITE`: users' own suites on the same machinery as the lab and `tether run`.

    from tether.evals import load_suite, run_suite

manifest.py reads and checks a suite folder (`suite.toml`); runner.py runs its cases
(cassettes replayed by the stand, tool-use tasks, golden answers scored by a validator).
suites/ holds the suites shipped with tether (`tether eval example`).
"""

from __future__ import annotations

from tether.evals.manifest import MANIFEST, Suite, builtin_suites, find_suite, load_suite
from tether.evals.runner import CaseResult, SuiteResult, run_suite

__all__ = [
    "MANIFEST",
    "CaseResult",
    "Suite",
    "SuiteResult",
    "builtin_suites",
    "find_suite",
    "load_suite",
    "run_suite",
]
