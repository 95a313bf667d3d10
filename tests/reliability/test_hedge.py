"""Hedged requests: a late first byte sends the same request to the next healthy candidate; the
first accepted turn wins, the loser is cancelled and still counted."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest

from tether.agent.runtime import RuntimeConfig, create_agent_runtime
from tether.messages import Message, Request
from tether.providers import OpenAIProvider
from tether.reliability.breaker import Breaker, BreakerPolicy, MemoryStore
from tether.reliability.chain import Answer, Candidate, Chain, ModelCallFailed, Notice
from tether.reliability.deadline import Deadline
from tether.reliability.hedge import FirstBytes, HedgePolicy
from tether.stand import StandThread, build_stand
from tether.trace.gate import check_recorder
from tether.trace.spans import Recorder

pytestmark = pytest.mark.timeout(60)
HI = Request(messages=(Message.text("user", "hi"),))


def chain_of(
    primary: str, backup: str, *, notices: list[Notice], idempotent: bool = True, **policy: float
) -> Chain:
    return Chain(
        [
            Candidate(
                OpenAIProvider(primary + "/v1", "sim-large"), "primary", idempotent=idempotent
            ),
            Candidate(OpenAIProvider(backup + "/v1", "sim-large"), "backup"),
        ],
        store=MemoryStore(),
        hedge=HedgePolicy(**{"after_s": 0.2, **policy}),  # type: ignore[arg-type]
        on_notice=notices.append,
    )


def call(
    chain: Chain,
    recorder: Recorder | None = None,
    shown: list[str] | None = None,
    backend: str = "asyncio",
) -> Answer:
    async def main() -> Answer:
        try:
            return await chain.call(
                HI, recorder=recorder, on_text=shown.append if shown is not None else None
            )
        finally:
            await chain.aclose()

    return anyio.run(main, backend=backend)


def test_a_late_primary_is_hedged_and_the_backup_wins_with_both_attempts_recorded(
    anyio_backend: str,
) -> None:
    notices: list[Notice] = []
    recorder = Recorder("hedged call")
    shown: list[str] = []
    with (
        StandThread(build_stand(faults=["slow-first-byte:5"])) as slow,
        StandThread() as fast,
    ):
        chain = chain_of(slow, fast, notices=notices)
        answer = call(chain, recorder, shown, backend=anyio_backend)
    assert answer.candidate == "backup"
    lost, won = answer.attempts
    assert (lost.candidate, lost.ok, won.candidate, won.ok) == ("primary", False, "backup", True)
    assert lost.error == "cancelled: backup answered first"
    assert lost.turn is not None and lost.turn.usage is not None
    assert lost.turn.usage.prompt_tokens > 0  # the request it was sent still counts
    assert [n.kind for n in notices] == ["hedge"]
    assert "".join(shown) == answer.turn.content  # once, from the winner
    recorder.finish("ok")
    models = {s.attrs.get("tether.hedge"): s for s in recorder.spans.values() if s.kind == "model"}
    assert models["primary"].status == "cancelled" and models["hedge"].status == "ok"
    assert check_recorder(recorder).complete


def test_a_primary_that_answers_first_wins_and_only_its_text_is_shown(anyio_backend: str) -> None:
    notices: list[Notice] = []
    shown: list[str] = []
    with (
        StandThread(build_stand(faults=["slow-first-byte:0.6"])) as late,
        StandThread(build_stand(faults=["slow-first-byte:5"])) as later,
    ):
        answer = call(chain_of(late, later, notices=notices), shown=shown, backend=anyio_backend)
    assert answer.candidate == "primary"
    assert [n.kind for n in notices] == ["hedge"]
    assert [a.candidate for a in answer.attempts] == ["backup", "primary"]
    assert answer.attempts[0].error == "cancelled: primary answered first"
    assert "".join(shown) == answer.turn.content


def test_no_hedge_to_an_open_breaker_nor_from_a_non_idempotent_candidate() -> None:
    for case in ("open backup", "non-idempotent primary"):
        notices: list[Notice] = []
        with (
            StandThread(build_stand(faults=["slow-first-byte:0.5"])) as slow,
            StandThread() as fast,
        ):
            chain = chain_of(slow, fast, notices=notices, idempotent=case == "open backup")
            if case == "open backup":
                backup = chain.candidates[1].breaker
                assert backup is not None
                backup.record_failure("http_503")
            answer = call(chain)
        assert answer.candidate == "primary" and len(answer.attempts) == 1, case
        assert not [n for n in notices if n.kind == "hedge"], case


def test_a_run_starts_at_most_its_budget_of_hedges() -> None:
    notices: list[Notice] = []
    recorder = Recorder("one run, two calls")
    with (
        StandThread(build_stand(faults=["slow-first-byte:0.5"])) as slow,
        StandThread() as fast,
    ):
        chain = chain_of(slow, fast, notices=notices, max_per_run=1)

        async def main() -> list[str]:
            first = await chain.call(HI, recorder=recorder)
            second = await chain.call(HI, recorder=recorder)
            await chain.aclose()
            return [first.candidate, second.candidate]

        answered_by = anyio.run(main)
    assert answered_by == ["backup", "primary"]
    assert [n.kind for n in notices] == ["hedge"]


def test_the_learned_threshold_is_the_p90_of_recent_first_bytes() -> None:
    seen = FirstBytes(HedgePolicy(min_samples=5, window=10))
    for s in (0.1, 0.1, 0.1, 0.1):
        seen.observe("a", s)
    assert seen.threshold("a") is None  # too few to trust
    for s in (0.1, 0.1, 0.1, 0.1, 0.1, 0.9, 5.0, 5.0):  # the window keeps the newest 10
        seen.observe("a", s)
    assert seen.threshold("a") == 5.0
    seen.observe("a", None)
    assert FirstBytes(HedgePolicy(after_s=2.0)).threshold("b") == 2.0


def test_a_wait_given_up_for_a_hedge_counts_as_slow_only_past_the_slow_limit() -> None:
    breaker = Breaker("k", MemoryStore(), BreakerPolicy(slow_first_byte_s=1.0, slow_streak=2))
    breaker.record_wait(0.5)
    breaker.record_wait(1.2)
    assert breaker.state == "closed"
    breaker.record_wait(1.5)
    assert breaker.state == "open" and breaker.record.reason == "slow"


def test_the_receipt_counts_the_cancelled_attempts_tokens(
    tmp_path: Path, anyio_backend: str
) -> None:
    config = RuntimeConfig.model_validate({"hedge": {"enabled": True, "after_s": 0.2}})

    async def main(slow: str, fast: str) -> tuple[list[dict[str, object]], int]:
        runtime = create_agent_runtime(
            config,
            providers=[
                Candidate(OpenAIProvider(slow + "/v1", "sim-large"), "primary"),
                Candidate(OpenAIProvider(fast + "/v1", "sim-large"), "backup"),
            ],
            workspace=tmp_path,
            store=None,
            tools=(),
        )
        receipt = await runtime.run("say hi")
        await runtime.aclose()
        assert receipt.status == "answered"
        return receipt.rejected, receipt.input_tokens

    with (
        StandThread(build_stand(faults=["slow-first-byte:5"])) as slow,
        StandThread() as fast,
    ):
        rejected, input_tokens = anyio.run(main, slow, fast, backend=anyio_backend)
    (lost,) = rejected
    assert lost["candidate"] == "primary" and "cancelled" in str(lost["error"])
    assert 0 < int(str(lost["input_tokens"])) < input_tokens  # the winner's are in it too


def test_a_hedged_race_keeps_to_the_callers_deadline(anyio_backend: str) -> None:
    """Both lanes slow: each ends at its share of the caller's deadline (a timeout recorded on
    it), not when the slow upstream would have answered."""
    notices: list[Notice] = []
    with (
        StandThread(build_stand(faults=["slow-first-byte:5"])) as slow,
        StandThread(build_stand(faults=["slow-first-byte:5"])) as slower,
    ):
        chain = chain_of(slow, slower, notices=notices)

        async def main() -> None:
            try:
                await chain.call(HI, deadline=Deadline.within(1.2))
            finally:
                await chain.aclose()

        with pytest.raises(ModelCallFailed) as failed:
            anyio.run(main, backend=anyio_backend)
    assert "hedge" in [n.kind for n in notices]
    shares = [a for a in failed.value.attempts if "share of the caller's deadline" in a.error]
    assert {a.candidate for a in shares} == {"primary", "backup"}, failed.value.attempts
    assert not any(a.ok for a in failed.value.attempts)
