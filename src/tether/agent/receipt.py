"""The receipt: what a run hands back, in words a person can act on.

Statuses (DESIGN.md): `done` (answered and the checks passed), `answered` (answered, spans
closed, no checks asked for), `unverified`, `failed`, `not_done` (budget spent or handed over:
an honest partial answer), `cancelled`, `error` (providers failed: an honest error),
`incomplete` (the gate found open spans). The exit code follows the status.

Three things stay apart: `completed` (the model really answered), `checks` (what ran after the
answer, each with its status, quote and stale flag) and `accepted` (True: the checks passed;
False: they failed; None: nobody could tell). `verification` says it in plain words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

ReceiptStatus = Literal[
    "done", "answered", "unverified", "failed", "not_done", "cancelled", "error", "incomplete"
]

EXIT_CODES: dict[str, int] = {
    "done": 0,
    "answered": 0,
    "failed": 1,
    "unverified": 1,
    "error": 1,
    "incomplete": 1,
    "not_done": 3,
    "cancelled": 130,
}


@dataclass
class Receipt:
    status: ReceiptStatus
    final_text: str = ""
    run_id: str = ""
    steps: int = 0
    done: list[str] = field(default_factory=list)  # already done, can't be undone here
    cancelled: list[str] = field(default_factory=list)  # cancelled while running
    left_undone: str = ""  # what the model or the harness says is left
    verdicts: list[str] = field(default_factory=list)  # bad turns met on the way
    # every attempt not taken as an answer (its tokens are in the usage: it was billed too)
    rejected: list[dict[str, Any]] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    error: str = ""
    handover: str = ""  # what a person must do, when a rule handed the run over
    input_tokens: int = 0
    output_tokens: int = 0
    cached_tokens: int = 0  # cache reads
    cache_write_tokens: int = 0
    cost_usd: float | None = None  # None when any call's model has no price: never a guess
    unpriced: list[str] = field(default_factory=list)  # models with no price, no usage
    trace_problems: list[str] = field(default_factory=list)
    completed: bool = False  # the model gave a final answer (not cut by budget, error, cancel)
    checks: list[dict[str, Any]] = field(default_factory=list)  # CheckResult.to_json()s
    accepted: bool | None = None  # by the checks; None when none were asked for or could tell
    fix_cycles: int = 0  # times failed checks went back to the model
    verification: str = ""  # "checks passed: …", "checks failed: …", "not verified: …"
    resumed_from: str = ""  # the run this one continued (its figures are included)

    @property
    def exit_code(self) -> int:
        return EXIT_CODES[self.status]

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "final_text": self.final_text,
            "run_id": self.run_id,
            "steps": self.steps,
            "done": self.done,
            "cancelled": self.cancelled,
            "left_undone": self.left_undone,
            "verdicts": self.verdicts,
            "rejected": self.rejected,
            "notices": self.notices,
            "error": self.error,
            "handover": self.handover,
            "usage": {
                "input_tokens": self.input_tokens,
                "output_tokens": self.output_tokens,
                "cached_tokens": self.cached_tokens,
                "cache_write_tokens": self.cache_write_tokens,
            },
            "cost_usd": self.cost_usd,
            "unpriced": self.unpriced,
            "trace_problems": self.trace_problems,
            "completed": self.completed,
            "checks": self.checks,
            "accepted": self.accepted,
            "fix_cycles": self.fix_cycles,
            "verification": self.verification,
            "resumed_from": self.resumed_from or None,
            "exit_code": self.exit_code,
        }
