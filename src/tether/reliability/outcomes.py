"""What one attempt of a call is and how it ended (`Attempt`, `Outcome`), what the caller is
told (`Notice`, `Answer`), and what the chain does next: `decide`, the whole retry and failover
policy for one attempt, as a value."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from tether.messages import Request, Turn
from tether.reliability.judge import Verdict

if TYPE_CHECKING:  # a candidate is the chain's; only named here
    from tether.reliability.chain import Candidate

NoticeKind = Literal[
    "tools_removed",
    "refit",
    "skipped",
    "failover",
    "retry",
    "breaker",
    "reasoning_lowered",
    "hedge",
    "mcp",
]


# Opening the breaker: the provider (not the request) is in trouble.
BREAKER_STATUSES = frozenset({402, 408, 429}) | frozenset(range(500, 600))
# Failing at once: the request itself was refused. Every other status (408, 429, 5xx, 52x, 402,
# ...) is retried like a dropped connection, on the next healthy candidate or after a wait.
_FIX = {
    400: "the provider says the request is invalid; fix the request or the model's settings",
    401: "the API key was refused; check the key (and the environment variable it is read from)",
    403: "the key may not use this model; check the account's access",
    404: "the model or URL was not found; check the model name and the base URL",
}
_LOWER = {"high": "low", "medium": "low", "low": "minimal", "minimal": "none", "none": "none"}


def lower_reasoning(level: str | None) -> str:
    """The next lower reasoning level (no level set counts as high: that is when models loop)."""
    return "low" if level is None else _LOWER.get(level, "low")


@dataclass(frozen=True, slots=True)
class Notice:
    """Something the caller (and the user) should know: tools removed, failover, a retry."""

    kind: NoticeKind
    message: str
    candidate: str = ""


@dataclass(frozen=True, slots=True)
class Attempt:
    """One try at one candidate: what was sent, how it ended, what the judge said."""

    candidate: str
    number: int
    started_at: float
    duration_s: float
    verdict: Verdict | None = None
    error: str = ""
    status: int | None = None
    turn: Turn | None = None
    reasoning_effort: str | None = None
    model: str = ""  # the model the candidate called (for pricing)

    @property
    def ok(self) -> bool:
        return self.turn is not None and self.verdict is None and not self.error

    def to_json(self) -> dict[str, Any]:
        """The attempt as JSON (`tether ask --json`, the proxy's log, eval reports)."""
        return {
            "candidate": self.candidate,
            "number": self.number,
            "duration_s": round(self.duration_s, 6),
            "verdict": self.verdict.kind if self.verdict else None,
            "detail": self.verdict.detail if self.verdict else None,
            "detector": self.verdict.detector if self.verdict else None,
            "error": self.error or None,
            "status": self.status,
        }


@dataclass(frozen=True, slots=True)
class Answer:
    turn: Turn
    candidate: str
    attempts: tuple[Attempt, ...]
    notices: tuple[Notice, ...]
    request: Request  # as sent to the candidate that answered (fitted, maybe without tools)
    source: Candidate | None = None  # the candidate that answered (its provider, its breaker)


OutcomeKind = Literal["turn", "http", "timeout", "connect"]


@dataclass(frozen=True, slots=True)
class Outcome:
    """How one attempt ended, as far as the decision needs it."""

    attempt: Attempt
    kind: OutcomeKind
    retry_after: float | None = None  # an HTTP error's Retry-After
    body: str = ""  # an HTTP error's message and body
    shown: bool = False  # some of the turn's text already reached the caller
    reasoning_omittable: bool = False  # the candidate still sends a reasoning field
    too_many_at_once: bool = False  # a 429 for concurrent requests (the limit narrows instead)


DecisionKind = Literal[
    "answer",  # the judge accepted the turn: release held text, close the breaker, return it
    "reject",  # the request itself was refused: fail at once with what to fix
    "drop_reasoning",  # a 400 about the reasoning field: stop sending it, try again
    "lower_reasoning",  # the loop guard cut the stream: once more at a lower level
    "failover",  # the candidate failed: record it, go on (the next healthy one, or wait)
    "give_up",  # no attempt can help: an honest error
]


@dataclass(frozen=True, slots=True)
class Decision:
    """What the chain does after an attempt (`decide` makes it; `Chain` acts on it)."""

    kind: DecisionKind
    breaker: str | None = None  # the failure recorded on the candidate's breaker
    retry_after: float | None = None  # how long the provider asked us to wait
    message: str = ""  # the error's text (reject, give_up)


def decide(outcome: Outcome, *, cut_before: bool) -> Decision:
    """The chain's whole retry and failover policy for one attempt, as a value (a table of
    outcomes and decisions tests it). `cut_before`: the loop guard already cut this call once."""
    a = outcome.attempt
    if outcome.kind == "http":
        status = a.status or 0
        if status in _FIX:
            if status == 400 and outcome.reasoning_omittable and _names_reasoning(outcome.body):
                return Decision("drop_reasoning")
            return Decision(
                "reject",
                message=f"{a.candidate} answered HTTP {status}: {_FIX[status]} ({a.error})",
            )
        breaker = f"http_{status}" if status in BREAKER_STATUSES else None
        if outcome.too_many_at_once:  # the provider is fine, we were too many: no breaker
            breaker = None
        return Decision("failover", breaker, outcome.retry_after)
    if outcome.kind != "turn":
        return Decision("failover", outcome.kind)
    verdict = a.verdict
    if verdict is None:
        return Decision("answer")
    if outcome.shown:
        return Decision(
            "give_up",
            message=f"{a.candidate}: the reply was judged {verdict.kind} ({verdict.detail}) "
            "after text had already reached the caller; not failing over mid-answer",
        )
    if verdict.kind == "paused":  # the request's server-tool loop hit its limit, not the provider
        return Decision(
            "give_up",
            message=f"{a.candidate}: {verdict.detail}; another try would run the server tools "
            "again and pause again. tether cannot send a paused turn back: "
            "continue it with an Anthropic client (through tether proxy) or ask for less per turn",
        )
    if verdict.kind == "cut":
        if cut_before:
            return Decision(
                "give_up",
                message=f"{a.candidate} looped again at reasoning level "
                f"{a.reasoning_effort!r}: the stream was cut twice ({verdict.detail}); "
                "giving up instead of paying for more cut attempts",
            )
        return Decision("lower_reasoning")
    return Decision("failover", f"bad_turn:{verdict.kind}")


def _names_reasoning(text: str) -> bool:
    """A 400 whose text names the reasoning field (a server that does not take it)."""
    low = text.lower()
    return "reasoning" in low or "thinking" in low
