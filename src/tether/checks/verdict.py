"""Acceptance: what a set of check results says about a run, in plain words.

`failed` when a fresh check failed; `unverified` when none failed but one could not run, timed
out, was stopped or went stale (or none ran); `passed` only when every check passed. The
sentence starts with the words the terminal shows: "checks passed", "checks failed" or
"not verified". The runtime and the lab both decide through here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from tether.checks.runner import CheckResult


@dataclass(frozen=True)
class Acceptance:
    status: Literal["passed", "failed", "unverified"]
    accepted: bool | None
    sentence: str


def accept(results: Sequence[CheckResult]) -> Acceptance:
    """The verdict of `results` (see the module docstring)."""
    if not results:
        return Acceptance("unverified", None, "not verified: no check ran")
    fresh = [r for r in results if not r.stale]
    failed = [r for r in fresh if r.status == "failed"]
    if failed:
        return Acceptance(
            "failed", False, "checks failed: " + "; ".join(r.explain() for r in failed)
        )
    doubtful = [r for r in results if r.stale or r.status != "passed"]
    if doubtful:
        return Acceptance(
            "unverified", None, "not verified: " + "; ".join(r.explain() for r in doubtful)
        )
    return Acceptance("passed", True, "checks passed: " + "; ".join(r.explain() for r in results))
