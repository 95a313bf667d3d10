"""The stall watch excuses only the loop stalls that could have kept a first byte from being
read: a stall the loop came back from before the byte arrived delayed nothing, and a slow
provider behind it still counts as slow."""

from __future__ import annotations

import time

import anyio
import httpx2
import pytest
from starlette.types import ASGIApp, Receive, Scope, Send

from tether.lab.timing import Excused, ExcusingBreaker, LoopLag, TimedProvider, stalls_reaching
from tether.messages import Message, Request, collect
from tether.providers import Timeouts
from tether.reliability.breaker import Breaker, BreakerPolicy, Transition
from tether.stand.script import ModelSpec, Script, TurnSpec
from tether.stand.server import StandThread, build_stand

pytestmark = pytest.mark.timeout(120)

SLOW_S = 0.6  # the breaker's slow threshold here
FIRST_BYTE_S = 1.0  # the stand's first byte (from the request's arrival): slow
SCRIPT = Script(models={"m": ModelSpec(
    position="history", faults=[f"slow-first-byte:{FIRST_BYTE_S}"],
    turns=[TurnSpec(text="ok", finish_reason="stop")],
)})  # fmt: skip


class Arrivals:
    """An ASGI wrapper outside the stand: how many requests it has taken in."""

    def __init__(self, app: ASGIApp) -> None:
        self.app, self.count = app, 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        self.count += 1
        await self.app(scope, receive, send)


def _two_calls(block_s: float) -> tuple[list[Transition], Excused]:
    """Two calls to the slow model, each while this loop is blocked `block_s` from just after
    the stand took the request in (a judge building its lexicon, or a process without CPU,
    blocks it); what the candidate's breaker did and what the stall watch excused."""
    transitions: list[Transition] = []
    excused, lag = Excused(), LoopLag()
    policy = BreakerPolicy(slow_first_byte_s=SLOW_S, slow_streak=2)
    inner = Breaker("slow", policy=policy, on_transition=transitions.append)
    request = Request(messages=(Message.text("user", "hi"),))
    stand = build_stand(SCRIPT)
    arrivals = Arrivals(stand.app)
    stand.app = arrivals  # type: ignore[assignment]

    async def block(seen: int) -> None:
        while arrivals.count == seen:  # noqa: ASYNC110  (the stand's thread counts)
            await anyio.sleep(0.002)
        await anyio.sleep(0.02)
        time.sleep(block_s)  # noqa: ASYNC251  (on purpose: the loop can run nothing meanwhile)

    async def main(url: str) -> None:
        async with httpx2.AsyncClient(timeout=None) as client:
            timeouts = Timeouts(connect=5.0, first_byte=10.0, silence=10.0)
            provider = TimedProvider(url + "/v1", "m", client=client, timeouts=timeouts)
            breaker = ExcusingBreaker(inner, provider, lag, excused)
            async with anyio.create_task_group() as watching:
                watching.start_soon(lag.watch)
                await anyio.sleep(0.05)  # the watch is running
                for _ in range(2):
                    async with anyio.create_task_group() as call:
                        call.start_soon(block, arrivals.count)
                        turn = await collect(provider.stream(request))
                    assert turn.termination == "stop", turn
                    breaker.record_success(turn.first_byte_s)
                watching.cancel_scope.cancel()

    with StandThread(stand) as url:
        anyio.run(main, url)
    assert lag.count >= 2  # both blocks were seen
    return transitions, excused


def test_a_stall_that_ended_before_the_first_byte_does_not_excuse_a_slow_provider() -> None:
    """The loop blocked 0.55 s early in a 1 s wait, then free until the byte came: the byte
    was read as soon as it arrived, so the provider was 1 s slow and two such calls open the
    breaker. Before, every stall in the wait was taken out (1 - 0.55 = 0.45 s, under the 0.6 s
    threshold): both were excused and the breaker stayed closed."""
    transitions, excused = _two_calls(block_s=0.55)
    assert [(t.old, t.new, t.reason) for t in transitions] == [("closed", "open", "slow")]
    assert (excused.count, excused.seconds) == (0, 0.0)


def test_a_stall_the_first_byte_arrived_in_is_still_excused() -> None:
    """The loop blocked 1.3 s from early in the wait, past the byte's arrival: the byte waited
    for the loop, and what the loop kept it waiting is not the provider's."""
    transitions, excused = _two_calls(block_s=1.3)
    assert transitions == []
    assert excused.count == 2 and excused.seconds >= 2 * 1.3 * 0.9


def test_only_the_run_of_stalls_reaching_the_byte_counts() -> None:
    """Stalls are (start, end) spans of the watch's clock; a byte read at `end`. Stalls closer
    than the slack to the next one (or to the byte) may be one busy stretch the watch saw in
    pieces; a gap wider than that was the loop free to read the byte."""
    slack = 0.025
    early, late = (0.0, 0.3), (0.5, 0.6)
    assert stalls_reaching([early], 0.0, 0.7, slack) == 0.0  # ended 0.4 s before the byte
    assert stalls_reaching([early, late], 0.0, 0.61, slack) == pytest.approx(0.1)
    assert stalls_reaching([early, late], 0.0, 0.55, slack) == pytest.approx(0.05)  # going on
    pieces = [(0.0, 0.1), (0.11, 0.2), (0.21, 0.3)]  # one busy stretch, watched in 3 pieces
    assert stalls_reaching(pieces, 0.0, 0.31, slack) == pytest.approx(0.28)
    assert stalls_reaching(pieces, 0.05, 0.31, slack) == pytest.approx(0.23)  # from the send
    assert stalls_reaching(pieces, 0.0, 0.5, slack) == 0.0
    assert stalls_reaching([], 0.0, 1.0, slack) == 0.0
    assert stalls_reaching([(0.9, 1.2)], 0.0, 0.5, slack) == 0.0  # after the byte
