"""Checks after "done": a run is accepted only when its checks pass.

    from tether.checks import CheckResult, run_checks, read_summary, fingerprint

runner.py runs the commands (own process group, timeout, output cap, `check` spans);
summary.py reads test-runner summaries so an exit code cannot lie; fingerprint.py tells
whether files changed after the checks ran; verdict.py turns results into plain words. The
agent runtime and the lab use the same mechanism.
"""

from __future__ import annotations

from tether.checks.fingerprint import Fingerprint, fingerprint
from tether.checks.runner import ANSWER_ENV, CheckResult, run_checks
from tether.checks.summary import Summary, decide, read_summary
from tether.checks.verdict import Acceptance, accept

__all__ = [
    "ANSWER_ENV",
    "Acceptance",
    "CheckResult",
    "Fingerprint",
    "Summary",
    "accept",
    "decide",
    "fingerprint",
    "read_summary",
    "run_checks",
]
