"""A hedged race's pieces (the race itself is `Chain._race`): its lanes, how it settles
(the winner, and every other attempt with its breaker told), and a loser's attempt with its
tokens estimated."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import anyio

from tether.context.tokens import count_request, estimate_tokens
from tether.messages import Event, Request, Turn, Usage
from tether.reliability.guard import Holdback
from tether.reliability.hedge import Relay
from tether.reliability.outcomes import Attempt, Outcome, decide

if TYPE_CHECKING:  # a candidate is the chain's; only named here
    from tether.reliability.chain import Candidate


@dataclass
class Lane:
    """One attempt of a hedged race."""

    candidate: Candidate
    sent: Request
    number: int
    text: Relay
    reasoning: Relay
    role: str
    scope: anyio.CancelScope = field(default_factory=anyio.CancelScope)
    result: tuple[Outcome, Holdback] | None = None


@dataclass(frozen=True)
class Raced:
    main: tuple[Outcome, Holdback, Candidate, Request]
    others: tuple[Attempt, ...]


def cancelled_attempt(lane: Lane, winner: str, waited: float) -> Attempt:
    """A race's loser: cancelled, its tokens estimated (the request it was sent is processed
    and billed; the text it had streamed too)."""
    streamed = lane.text.seen + lane.reasoning.seen
    usage = Usage(
        prompt_tokens=count_request(lane.sent).total,
        completion_tokens=estimate_tokens(streamed),
    )
    turn = Turn(
        content=lane.text.seen, usage=usage, termination="cut",
        detail="cancelled: a hedged attempt answered first (tokens estimated)",
    )  # fmt: skip
    return Attempt(
        lane.candidate.key, lane.number, 0.0, waited, error=f"cancelled: {winner} answered first",
        turn=turn, reasoning_effort=lane.sent.reasoning_effort, model=lane.candidate.provider.model,
    )  # fmt: skip


async def telling_first(
    events: AsyncIterator[Event], on_first: Callable[[], None]
) -> AsyncIterator[Event]:
    """The stream, telling `on_first` when its first event arrives."""
    told = False
    try:
        async for event in events:
            if not told:
                told = True
                on_first()
            yield event
    finally:
        aclose = getattr(events, "aclose", None)
        if aclose is not None:
            await aclose()


def settle(lanes: list[Lane], primary_seen: bool, waited: float) -> Raced:
    """The race's outcome: the winner (or the last to fail) and every other attempt."""
    done = [lane for lane in lanes if lane.result is not None]
    main = next((lane for lane in done if lane.result and lane.result[0].attempt.ok), None)
    main = main or max(done, key=lambda lane: lane.result[0].attempt.number if lane.result else 0)
    others: list[Attempt] = []
    for lane in lanes:
        if lane is main:
            continue
        if lane.result is None:  # cancelled: the winner answered first
            others.append(cancelled_attempt(lane, main.candidate.key, waited))
            assert lane.candidate.breaker is not None
            if lane.role == "primary" and not primary_seen:
                lane.candidate.breaker.record_wait(waited)
            continue
        outcome = replace(lane.result[0], shown=lane.text.forwarded)
        others.append(outcome.attempt)
        decision = decide(outcome, cut_before=False)
        if decision.breaker is not None and lane.candidate.breaker is not None:
            lane.candidate.breaker.record_failure(decision.breaker, decision.retry_after)
    assert main.result is not None
    outcome, holdback = main.result
    if outcome.attempt.ok:
        main.text.open()
        main.reasoning.open()
    outcome = replace(outcome, shown=main.text.forwarded)
    return Raced((outcome, holdback, main.candidate, main.sent), tuple(others))
