"""The chain's retry and failover policy, read as a table: how an attempt ended -> what the
chain does next. `decide` is pure, so every row is one call."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from tether.messages import Turn
from tether.reliability.chain import Attempt, Decision, Outcome, OutcomeKind, decide
from tether.reliability.judge import Verdict, VerdictKind


def _outcome(
    kind: OutcomeKind,
    *,
    status: int | None = None,
    verdict: VerdictKind | None = None,
    body: str = "",
    shown: bool = False,
    omittable: bool = False,
    retry_after: float | None = None,
    effort: str | None = None,
    too_many: bool = False,
) -> Outcome:
    turn = Turn(content="text") if kind == "turn" else None
    attempt = Attempt(
        "openai|m|http://x",
        1,
        0.0,
        0.1,
        verdict=Verdict(verdict, "why") if verdict else None,
        error="boom" if kind != "turn" else "",
        status=status,
        turn=turn,
        reasoning_effort=effort,
    )
    return Outcome(attempt, kind, retry_after, body, shown, omittable, too_many)


class Row(NamedTuple):
    name: str
    outcome: Outcome
    cut_before: bool
    kind: str
    breaker: str | None


ROWS = [
    Row("an answer", _outcome("turn"), False, "answer", None),
    Row(
        "a gateway text", _outcome("turn", verdict="gateway"), False, "failover", "bad_turn:gateway"
    ),
    Row("an empty turn", _outcome("turn", verdict="empty"), False, "failover", "bad_turn:empty"),
    Row(
        "a truncated turn",
        _outcome("turn", verdict="truncated"),
        False,
        "failover",
        "bad_turn:truncated",
    ),
    Row(
        "a paused turn (its server tools would run and pause again; the provider is fine)",
        _outcome("turn", verdict="paused"),
        False,
        "give_up",
        None,
    ),
    Row("a first cut", _outcome("turn", verdict="cut"), False, "lower_reasoning", None),
    Row("a second cut", _outcome("turn", verdict="cut", effort="low"), True, "give_up", None),
    Row(
        "a bad turn after text was shown",
        _outcome("turn", verdict="gateway", shown=True),
        False,
        "give_up",
        None,
    ),
    Row("429", _outcome("http", status=429, retry_after=3.0), False, "failover", "http_429"),
    Row(
        "429 for too many concurrent requests (the limit narrows, breaker untouched)",
        _outcome("http", status=429, too_many=True),
        False,
        "failover",
        None,
    ),
    Row("503", _outcome("http", status=503), False, "failover", "http_503"),
    Row("529", _outcome("http", status=529), False, "failover", "http_529"),
    Row("402", _outcome("http", status=402), False, "failover", "http_402"),
    Row("409 (retried, breaker untouched)", _outcome("http", status=409), False, "failover", None),
    Row("400", _outcome("http", status=400), False, "reject", None),
    Row("401", _outcome("http", status=401), False, "reject", None),
    Row("403", _outcome("http", status=403), False, "reject", None),
    Row("404", _outcome("http", status=404), False, "reject", None),
    Row(
        "400 naming the reasoning field",
        _outcome("http", status=400, body="Unrecognized field: reasoning_effort", omittable=True),
        False,
        "drop_reasoning",
        None,
    ),
    Row(
        "400 naming reasoning when none was sent",
        _outcome("http", status=400, body="Unrecognized field: reasoning_effort"),
        False,
        "reject",
        None,
    ),
    Row("a timeout", _outcome("timeout"), False, "failover", "timeout"),
    Row("a refused connection", _outcome("connect"), False, "failover", "connect"),
]


@pytest.mark.parametrize("row", ROWS, ids=[r.name for r in ROWS])
def test_decide(row: Row) -> None:
    decision = decide(row.outcome, cut_before=row.cut_before)
    assert (decision.kind, decision.breaker) == (row.kind, row.breaker)


def test_retry_after_is_carried_to_the_wait() -> None:
    decision = decide(_outcome("http", status=429, retry_after=3.0), cut_before=False)
    assert decision == Decision("failover", "http_429", 3.0)


def test_honest_errors_say_what_to_fix_and_why() -> None:
    rejected = decide(_outcome("http", status=401), cut_before=False)
    assert "API key" in rejected.message and "HTTP 401" in rejected.message
    looped = decide(_outcome("turn", verdict="cut", effort="low"), cut_before=True)
    assert "looped again at reasoning level 'low'" in looped.message
    shown = decide(_outcome("turn", verdict="gateway", shown=True), cut_before=False)
    assert "not failing over mid-answer" in shown.message
