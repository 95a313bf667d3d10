"""The failover chain: one honest model call over an ordered list of candidates.

`await chain.call(request)` returns an `Answer` (a turn the judge accepted) or raises
`ModelCallFailed` / `RequestRejected`; it never hands back a disguised failure.

Per attempt:
  choose a candidate (healthy breakers first, in order; open ones last, when nothing else is left)
  -> fit the request to its window, remove tools it cannot take (with a notice)
  -> stream under the guard (loop cut, holdback) -> judge the turn
  -> answer: release held text, close the breaker, return
  -> bad turn / 408 / 429 / 5xx / 52x / timeout / connection error: record on the breaker,
     fail over to the next healthy candidate, or wait (backoff with jitter, Retry-After
     honoured, clamped) and try again
  -> a 429 for too many concurrent requests: no breaker; the candidate's concurrency limit
     halves (reliability/concurrency.py: every call waits for a slot under it) and the retry
     waits for a slot instead of a backoff timer
  -> 400 / 401 / 403 / 404: fail at once with what to fix
  -> a loop cut: once more at a lower reasoning level (that attempt only), then an honest error.
Failover happens only while no text reached the caller (holdback keeps it so in practice).
What an attempt is and the decision after it live in reliability/outcomes.py; a hedged race's
pieces in reliability/race.py.
"""

from __future__ import annotations

import random
import time
from collections.abc import Awaitable, Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Any

import anyio

from tether.context.budget import ContextBudget
from tether.context.tokens import SectionCounts, count_request
from tether.errors import (
    ConfigError,
    ContextOverflow,
    DeadlineShareTimeout,
    ModelCallFailed,
    ProviderError,
    ProviderStatusError,
    ProviderTimeout,
    RequestRejected,
)
from tether.messages import Request
from tether.providers.base import HTTPProvider, Provider
from tether.reliability.breaker import (
    Breaker,
    BreakerPolicy,
    BreakerStore,
    FallbackStore,
    MemoryStore,
    Transition,
    advised,
)
from tether.reliability.concurrency import ConcurrencyLimits, is_concurrency_limit, shared_limits
from tether.reliability.deadline import ABANDONED_AFTER_S, AttemptScope, Deadline
from tether.reliability.guard import (
    GuardConfig,
    Holdback,
    NativeCallback,
    TextCallback,
    guarded_turn,
)
from tether.reliability.hedge import FirstBytes, HedgeBudget, HedgePolicy, Relay
from tether.reliability.judge import (
    DEFAULT_CONFIG,
    DETECTOR,
    Calibration,
    JudgeConfig,
    judge,
)
from tether.reliability.outcomes import (
    BREAKER_STATUSES,
    Answer,
    Attempt,
    Decision,
    DecisionKind,
    Notice,
    NoticeKind,
    Outcome,
    OutcomeKind,
    decide,
    lower_reasoning,
)
from tether.reliability.race import Lane, Raced, settle, telling_first
from tether.reliability.toolless import TOOLLESS_NOTE, without_tools
from tether.trace import semconv as sc
from tether.trace.recovery import RECOVERED
from tether.trace.spans import Recorder, Span, Status, is_cancellation

# The call's vocabulary is re-exported: callers import it from the chain they call.
__all__ = [
    "BREAKER_STATUSES",
    "TOOLLESS_NOTE",
    "Answer",
    "Attempt",
    "Candidate",
    "Chain",
    "Decision",
    "DecisionKind",
    "Notice",
    "NoticeKind",
    "Outcome",
    "OutcomeKind",
    "RetryPolicy",
    "decide",
    "lower_reasoning",
    "without_tools",
]

# A candidate's count endpoint is asked (once) for the first request whose estimate reaches this
# share of its window: real tokenizers counted up to 2.8 times the estimate (a markdown table with
# SmolLM2's), so a request at a third of the window by the estimate may already not fit.
COUNT_FROM_SHARE = 0.3
COUNT_TIMEOUT_S = 10.0  # a count that takes longer is given up: the estimate stands


@dataclass(frozen=True)
class RetryPolicy:
    max_attempts: int = 4  # across the whole chain
    backoff_s: float = 0.5  # first wait before retrying the same candidate; doubles
    backoff_max_s: float = 8.0
    jitter: float = 0.5  # share of the wait drawn at random
    retry_after_max_s: float = 60.0  # a longer Retry-After fails over / fails instead of waiting

    def __post_init__(self) -> None:
        if self.max_attempts < 1:
            raise ConfigError("max_attempts must be at least 1")
        if self.backoff_s < 0 or self.backoff_max_s < 0 or self.retry_after_max_s < 0:
            raise ConfigError("backoff and Retry-After limits cannot be negative")
        if not 0 <= self.jitter <= 1:
            raise ConfigError("jitter must be between 0 and 1")


Fit = Callable[[Request, int], Request]


@dataclass
class _CallState:
    """What belongs to one call (a ContextVar keeps concurrent calls on one chain apart)."""

    recorder: Recorder
    span: Span
    notices: list[Notice]
    request: Request  # the caller's
    counted: SectionCounts | None = None  # its estimate, once asked for

    def counts(self, sent: Request) -> SectionCounts:
        """The estimate of `sent`, counted once per call: an attempt's request has the caller's
        messages and tools unless it was re-fitted or lost its tools (then it is counted)."""
        if sent.messages is not self.request.messages or sent.tools is not self.request.tools:
            return count_request(sent)
        if self.counted is None:
            self.counted = count_request(self.request)
        return self.counted


_current: ContextVar[_CallState | None] = ContextVar("tether_chain_call", default=None)


class _Unrecorded(Recorder):
    """The recorder of a call made without one: nobody reads its spans, so they get no random
    ids, clock reads or sink (a few os.urandom calls saved on every call; one code path)."""

    def __init__(self) -> None:
        super().__init__("model call", run_id="-")

    def start(
        self,
        kind: str,
        name: str,
        parent: Span | None = None,
        attrs: dict[str, Any] | None = None,
    ) -> Span:
        return Span("", None, kind, name, 0.0, attrs=attrs or {})

    def end(self, span: Span, status: Status = "ok", attrs: dict[str, Any] | None = None) -> None:
        span.status = status


# One store per process by default: every chain (and every caller) shares its breakers.
DEFAULT_STORE: BreakerStore = MemoryStore()


@dataclass
class Candidate:
    """One (provider, model, base URL) in a chain, with its own breaker."""

    provider: Provider
    name: str = ""
    breaker: Breaker | None = None
    max_tokens: int | None = None  # sent when the request sets none (a length stop: truncated)
    idempotent: bool = True  # False (an upstream that executes tools): never hedged

    @property
    def key(self) -> str:
        base = getattr(self.provider, "base_url", "")
        return self.name or f"{self.provider.api}|{self.provider.model}|{base}"


class Chain:
    """An ordered list of candidates called as one honest model."""

    def __init__(
        self,
        candidates: Sequence[Provider | Candidate],
        *,
        store: BreakerStore | None = None,
        breaker_policy: BreakerPolicy | None = None,
        retry: RetryPolicy | None = None,
        guard: GuardConfig | None = None,
        judge_config: JudgeConfig = DEFAULT_CONFIG,
        fit: Fit | None = None,
        sleep: Callable[[float], Awaitable[None]] = anyio.sleep,
        clock: Callable[[], float] = time.time,
        rng: random.Random | None = None,
        on_notice: Callable[[Notice], None] | None = None,
        limits: ConcurrencyLimits | None = None,
        hedge: HedgePolicy | None = None,
    ) -> None:
        if not candidates:
            raise ConfigError("a chain needs at least one candidate (provider, model, base URL)")
        self.candidates = [c if isinstance(c, Candidate) else Candidate(c) for c in candidates]
        keys = [c.key for c in self.candidates]
        if len(set(keys)) != len(keys):
            raise ConfigError(f"the chain names a candidate twice: {keys}")
        self.retry = retry or RetryPolicy()
        self.guard = guard or GuardConfig()
        self.judge_config = judge_config
        self.fit = fit or ContextBudget().fit  # summaries or extracts, never a silent cut
        self._sleep = sleep
        self._clock = clock
        self._rng = rng or random.Random()
        self._on_notice = on_notice
        self.limits = limits or shared_limits()  # calls in flight per candidate (AIMD)
        self.hedge = hedge  # None: no hedged requests (reliability/hedge.py)
        self.first_bytes = FirstBytes(hedge or HedgePolicy())
        self._hedges = HedgeBudget(hedge.max_per_run if hedge else 0)
        # per candidate: what its tokenizer counts of the floor estimate, from its answers
        self._calibration = {c.key: Calibration() for c in self.candidates}
        self._counted: set[str] = set()  # candidates whose count endpoint was asked once
        shared = advised(store or DEFAULT_STORE)
        if isinstance(shared, FallbackStore) and shared.on_change is None:
            shared.on_change = self._store_change
        for c in self.candidates:
            if c.breaker is None:
                c.breaker = Breaker(
                    c.key,
                    shared,
                    breaker_policy,
                    clock=clock,
                    on_transition=self._transition,
                )

    # ------------------------------------------------------------ notices

    def _notice(self, kind: NoticeKind, message: str, candidate: str = "") -> None:
        notice = Notice(kind, message, candidate)
        state = _current.get()
        if state is not None:
            state.notices.append(notice)
        if self._on_notice is not None:
            self._on_notice(notice)

    def _store_change(self, message: str) -> None:
        self._notice("breaker", message)

    def _transition(self, t: Transition) -> None:
        self._notice("breaker", f"breaker {t.old} -> {t.new} ({t.reason})", t.key)
        state = _current.get()
        if state is not None:  # a transition is an instant span of its own
            attrs = {
                sc.TETHER_CANDIDATE: t.key,
                "tether.breaker.from": t.old,
                "tether.breaker.to": t.new,
                "tether.breaker.reason": t.reason,
                "tether.breaker.until": t.until,
            }
            span = state.recorder.start("breaker", f"{t.old} -> {t.new}", state.span, attrs)
            state.recorder.end(span)

    # ------------------------------------------------------------ choosing

    def _choose(self, exclude: set[str]) -> Candidate | None:
        """The first healthy candidate in order; else the first one not excluded (open ones are
        still tried, last, when nothing healthy is left)."""
        for c in self.candidates:
            assert c.breaker is not None
            if c.key not in exclude and c.breaker.allow():
                return c
        rest = [c for c in self.candidates if c.key not in exclude]
        return rest[0] if rest else None

    async def _count_first(self, c: Candidate, request: Request, state: _CallState) -> float:
        """What the provider counts of the estimate for this request, from its own count
        endpoint (`HTTPProvider.count_tokens`), or 0.0 when it was not asked. Asked once per
        candidate, for its first request whose (calibrated) estimate reaches COUNT_FROM_SHARE
        of its window: a real tokenizer can count 2-3 times the estimate (markdown tables,
        minified JSON), and a request the estimate fits would be refused by the server. After
        that, the answered turns' counts keep the calibration; the estimate is the fallback."""
        p = c.provider
        if c.key in self._counted or not isinstance(p, HTTPProvider) or p.count_url is None:
            return 0.0
        calibration = self._calibration[c.key]
        counts = state.counts(request)
        if counts.total * calibration.count_per_estimate < COUNT_FROM_SHARE * p.window:
            return 0.0
        self._counted.add(c.key)
        counted = await p.count_tokens(request, min(p.timeouts.first_byte, COUNT_TIMEOUT_S))
        return 0.0 if counted is None else calibration.observe_count(counted, counts)

    def _prepare(self, c: Candidate, request: Request, counted_per: float = 0.0) -> Request:
        p = c.provider
        if c.max_tokens is not None and request.max_tokens is None:
            request = replace(request, max_tokens=c.max_tokens)
        if request.tools and not p.supports_tools:
            request = without_tools(request)
            self._notice(
                "tools_removed", f"{c.key} cannot call tools: tools removed for this call", c.key
            )
        # a provider that counts more tokens than the estimate gets a window scaled to match
        # (this request's own count, when the provider was asked for one, else the calibration)
        per = max(self._calibration[c.key].count_per_estimate, counted_per)
        window = int(p.window / per)
        fitted = self.fit(request, window)
        if fitted is not request:
            dropped = len(request.messages) - len(fitted.messages)
            scaled = f", counted as ~{window:,} of the estimate's (x{per:.2f})" if per > 1 else ""
            self._notice(
                "refit",
                f"re-fitted for {c.key}'s {p.window:,}-token window{scaled} "
                f"({dropped} messages dropped)",
                c.key,
            )
        return fitted

    def _wait_s(self, same_candidate_tries: int, retry_after: float | None) -> float:
        if retry_after is not None:
            return min(retry_after, self.retry.retry_after_max_s)
        doubling: float = 2.0 ** max(0, same_candidate_tries - 1)
        base = min(self.retry.backoff_s * doubling, self.retry.backoff_max_s)
        return base * (1 - self.retry.jitter) + base * self.retry.jitter * self._rng.random()

    # ------------------------------------------------------------ the call

    async def call(
        self,
        request: Request,
        *,
        on_text: TextCallback | None = None,
        on_reasoning: TextCallback | None = None,
        on_native: NativeCallback | None = None,
        recorder: Recorder | None = None,
        parent: Span | None = None,
        deadline: Deadline | None = None,
    ) -> Answer:
        """A judged answer to `request`, or ModelCallFailed / RequestRejected.

        With a `recorder`, the call is a `chain` span (under `parent`) with one `model` span per
        attempt and a `breaker` span per breaker transition, each closed on every path. With a
        `deadline` (the caller's own timeout), every attempt gets a share of it
        (reliability/deadline.py).
        """
        rec = recorder or _Unrecorded()
        attrs = {"tether.candidates": [c.key for c in self.candidates]}
        with rec.span("chain", "model call", parent, attrs) as span:
            state = _CallState(rec, span, [], request)
            token = _current.set(state)
            try:
                answer = await self._call(
                    request, on_text, on_reasoning, state, deadline, on_native
                )
            finally:
                _current.reset(token)
            span.attrs["tether.answered_by"] = answer.candidate
            span.attrs["tether.attempts"] = len(answer.attempts)
            if len(answer.attempts) > 1:  # failed attempts were handled: the call itself is ok
                span.attrs[RECOVERED] = True
            return answer

    def _attempt_span(self, state: _CallState, c: Candidate, sent: Request, number: int) -> Span:
        p = c.provider
        attrs = {
            sc.GEN_AI_OPERATION_NAME: "chat",
            sc.GEN_AI_PROVIDER_NAME: p.api,
            sc.GEN_AI_REQUEST_MODEL: p.model,
            sc.SERVER_ADDRESS: getattr(p, "base_url", ""),
            sc.TETHER_CANDIDATE: c.key,
            sc.TETHER_ATTEMPT: number,
        }
        if sent.max_tokens is not None:
            attrs[sc.GEN_AI_REQUEST_MAX_TOKENS] = sent.max_tokens
        if sent.reasoning_effort is not None:
            attrs["tether.reasoning_effort"] = sent.reasoning_effort
        return state.recorder.start("model", f"chat {p.model}", state.span, attrs)

    @staticmethod
    def _close_attempt(
        state: _CallState, span: Span, attempt: Attempt, timeout: bool = False
    ) -> None:
        attrs: dict[str, object] = {sc.TETHER_DETECTOR: DETECTOR}
        turn = attempt.turn
        if turn is not None:
            attrs[sc.TETHER_TERMINATION] = turn.termination
            attrs[sc.TETHER_FIRST_BYTE_S] = turn.first_byte_s
            if turn.finish_reason:
                attrs[sc.GEN_AI_RESPONSE_FINISH_REASONS] = [turn.finish_reason]
            if turn.usage is not None:
                attrs[sc.GEN_AI_USAGE_INPUT_TOKENS] = turn.usage.prompt_tokens
                attrs[sc.GEN_AI_USAGE_OUTPUT_TOKENS] = turn.usage.completion_tokens
                attrs[sc.GEN_AI_USAGE_CACHE_READ_INPUT_TOKENS] = turn.usage.cached_tokens
        if attempt.verdict is not None:
            attrs[sc.TETHER_VERDICT] = attempt.verdict.kind
            attrs[sc.TETHER_VERDICT_DETAIL] = attempt.verdict.detail
        if attempt.error:
            attrs[sc.ERROR_TYPE] = f"http_{attempt.status}" if attempt.status else "provider_error"
            attrs["tether.error"] = attempt.error[:500]
        status: Status = "ok"
        if not attempt.ok:
            verdict_timeout = attempt.verdict is not None and attempt.verdict.kind == "timeout"
            status = "timeout" if timeout or verdict_timeout else "error"
        state.recorder.end(span, status, attrs)

    async def _attempt(
        self,
        state: _CallState,
        candidate: Candidate,
        sent: Request,
        number: int,
        on_text: TextCallback | None,
        on_reasoning: TextCallback | None,
        deadline: Deadline | None = None,
        share_s: float | None = None,
        on_first: Callable[[], None] | None = None,
        role: str = "",
        on_native: NativeCallback | None = None,
    ) -> tuple[Outcome, Holdback]:
        """One attempt: one span, one drain under the guard (and its share of the caller's
        deadline), one judgement. In a hedged race `role` (primary | hedge) is on the span and
        `on_first` hears the first event."""
        counts = state.counts(sent)
        share = AttemptScope(share_s) if share_s is not None else None
        holdback = Holdback(
            share.lifting(on_text) if share is not None else on_text,
            self.guard.holdback_chars,
            self.judge_config,
            max_chars=self.guard.holdback_max_chars,
            tools=bool(sent.tools),
        )
        started = self._clock()
        t0 = time.perf_counter()
        span = self._attempt_span(state, candidate, sent, number)
        if role:
            span.attrs["tether.hedge"] = role
        effort = sent.reasoning_effort
        limit = self.limits.of(candidate.provider)
        try:
            async with limit.slot() as slot:
                t0 = time.perf_counter()  # the attempt's time starts when it is sent
                stream = candidate.provider.stream(sent)
                if on_first is not None:
                    stream = telling_first(stream, on_first)
                if share is None:
                    turn = await guarded_turn(
                        stream, holdback, self.guard, on_reasoning, on_native=on_native
                    )
                else:
                    with share.scope:
                        turn = await guarded_turn(
                            stream, holdback, self.guard, on_reasoning, on_native=on_native
                        )
                    if share.scope.cancelled_caught:
                        raise DeadlineShareTimeout(
                            f"{candidate.key}: nothing for the caller within "
                            f"{share.seconds:.2f}s, this attempt's share of the caller's deadline",
                            limit_s=share.seconds,
                        )
        except ProviderStatusError as exc:
            too_many = is_concurrency_limit(exc.status, f"{exc} {exc.body}")
            retry_after = exc.retry_after
            if too_many and limit.policy.adaptive:  # the wait is for a slot, not a timer
                limit.narrow(slot)
                retry_after = 0.0
            attempt = Attempt(
                candidate.key,
                number,
                started,
                time.perf_counter() - t0,
                error=str(exc),
                status=exc.status,
                reasoning_effort=effort,
                model=candidate.provider.model,
            )
            self._close_attempt(state, span, attempt)
            omittable = effort is not None and not candidate.provider.omit_reasoning
            outcome = Outcome(
                attempt, "http", retry_after, f"{exc} {exc.body}",
                reasoning_omittable=omittable, too_many_at_once=too_many,
            )  # fmt: skip
            return outcome, holdback
        except ProviderError as exc:  # a timeout, a refused or broken connection
            kind: OutcomeKind = "timeout" if isinstance(exc, ProviderTimeout) else "connect"
            attempt = Attempt(
                candidate.key,
                number,
                started,
                time.perf_counter() - t0,
                error=str(exc),
                reasoning_effort=effort,
                model=candidate.provider.model,
            )
            self._close_attempt(state, span, attempt, timeout=kind == "timeout")
            return Outcome(attempt, kind), holdback
        except BaseException as exc:  # cancelled (or a bug): the attempt span still closes
            cancelled = is_cancellation(exc)
            if cancelled and deadline is not None and deadline.leaving_counts:
                waited = time.perf_counter() - t0
                if not holdback.shown and waited >= ABANDONED_AFTER_S:
                    assert candidate.breaker is not None
                    candidate.breaker.record_failure("abandoned")
            state.recorder.end(
                span, "cancelled" if cancelled else "error", {sc.ERROR_TYPE: type(exc).__name__}
            )
            raise
        self.first_bytes.observe(candidate.key, turn.first_byte_s)
        calibration = self._calibration[candidate.key]
        verdict = judge(
            turn, sent, counts=counts, config=self.judge_config, calibration=calibration.value
        )
        if verdict is None:
            limit.widen()
        if verdict is None and turn.usage is not None:
            calibration.observe(
                turn.usage.prompt_tokens, counts, self.judge_config.unprocessed_min_expected
            )
        attempt = Attempt(
            candidate.key,
            number,
            started,
            turn.total_s,
            verdict=verdict,
            turn=turn,
            reasoning_effort=effort,
            model=candidate.provider.model,
        )
        self._close_attempt(state, span, attempt)
        if verdict is not None:
            holdback.discard()
        return Outcome(attempt, "turn", shown=holdback.shown), holdback

    async def _call(
        self,
        request: Request,
        on_text: TextCallback | None,
        on_reasoning: TextCallback | None,
        state: _CallState,
        deadline: Deadline | None = None,
        on_native: NativeCallback | None = None,
    ) -> Answer:
        """Choose, attempt, decide, act, until an answer or an honest error."""
        attempts: list[Attempt] = []
        cut_before = False
        lowered: str | None = None  # the reasoning level of the next attempt only
        last: Candidate | None = None
        same_tries = 0
        retry_after: float | None = None
        failed: set[str] = set()  # candidates that failed in this call (tried again only last)
        too_small: dict[str, str] = {}  # candidates whose window cannot take the task at all

        while len(attempts) < self.retry.max_attempts:
            number = len(attempts) + 1
            candidate = self._choose(failed | set(too_small)) if lowered is None else last
            again = False  # going around: the candidate failed in this call already
            if candidate is None:  # everyone failed once: the open ones are tried again, last
                failed.clear()
                candidate = self._choose(set(too_small))
                again = True
            assert candidate is not None
            assert candidate.breaker is not None
            try:
                counted_per = await self._count_first(candidate, request, state)
                sent = self._prepare(candidate, request, counted_per)
            except ContextOverflow as exc:  # not an attempt: nothing was sent
                too_small[candidate.key] = str(exc)
                self._notice("skipped", f"{candidate.key}: {exc}", candidate.key)
                if len(too_small) == len(self.candidates):
                    reasons = "; ".join(f"{k}: {v}" for k, v in too_small.items())
                    raise RequestRejected(
                        f"no candidate's window can take this request ({reasons})",
                        413,
                        tuple(attempts),
                    ) from exc
                continue
            if last is not None and candidate is not last:
                self._notice(
                    "failover", f"failing over from {last.key} to {candidate.key}", candidate.key
                )
            if (candidate is last or again) and lowered is None:
                same_tries += 1  # waits in this call: the backoff doubles with each
                wait = self._wait_s(same_tries, retry_after)
                if deadline is not None and wait >= deadline.remaining():
                    break  # the caller would be gone before the retry started
                self._notice("retry", f"retrying {candidate.key} in {wait:.2f}s", candidate.key)
                await self._sleep(wait)
            last, retry_after = candidate, None
            share_s = None
            if deadline is not None and deadline.bounded:
                untried = len(self.candidates) - len(failed | set(too_small))
                share_s = deadline.share(untried)
                if share_s <= 0:
                    break

            if lowered is not None:
                sent = replace(sent, reasoning_effort=lowered)
            lowered = None
            if self._may_hedge(state, candidate, number):
                raced = await self._race(
                    state, candidate, sent, request, number, failed | set(too_small),
                    on_text, on_reasoning, share_s, on_native,
                )  # fmt: skip
                attempts += raced.others
                failed.update(a.candidate for a in raced.others if not a.ok)
                outcome, holdback, candidate, sent = raced.main
            else:
                outcome, holdback = await self._attempt(
                    state, candidate, sent, number, on_text, on_reasoning, deadline, share_s,
                    on_native=on_native,
                )  # fmt: skip
            assert candidate.breaker is not None
            attempts.append(outcome.attempt)
            decision = decide(outcome, cut_before=cut_before)
            if decision.breaker is not None:
                candidate.breaker.record_failure(decision.breaker, decision.retry_after)

            if decision.kind == "answer":
                turn = outcome.attempt.turn
                assert turn is not None
                holdback.release()
                candidate.breaker.record_success(turn.first_byte_s)
                return Answer(
                    turn, candidate.key, tuple(attempts), tuple(state.notices), sent, candidate
                )
            if decision.kind == "reject":
                raise RequestRejected(
                    decision.message, outcome.attempt.status or 400, tuple(attempts)
                )
            if decision.kind == "give_up":
                raise ModelCallFailed(decision.message, tuple(attempts))
            if decision.kind == "drop_reasoning":
                candidate.provider.omit_reasoning = True
                self._notice(
                    "retry",
                    f"{candidate.key} refused the reasoning field: it will not be sent again",
                    candidate.key,
                )
            elif decision.kind == "lower_reasoning":
                cut_before = True
                lowered = lower_reasoning(request.reasoning_effort)
                self._notice(
                    "reasoning_lowered",
                    f"stream cut by the loop guard: retrying once at reasoning level {lowered!r}",
                    candidate.key,
                )
            else:  # failover
                failed.add(candidate.key)
                retry_after = decision.retry_after

        summary = "; ".join(
            f"#{a.number} {a.candidate}: {a.verdict.kind if a.verdict else a.error[:120]}"
            for a in attempts
        )
        spent = len(attempts) < self.retry.max_attempts  # left early: the caller's deadline
        why = " before the caller's deadline" if spent else ""
        raise ModelCallFailed(
            f"no answer after {len(attempts)} attempts{why} ({summary})", tuple(attempts)
        )

    async def aclose(self) -> None:
        for c in self.candidates:
            await c.provider.aclose()

    # ------------------------------------------------------------ hedging (reliability/hedge.py)

    def _may_hedge(self, state: _CallState, candidate: Candidate, number: int) -> bool:
        return (
            self.hedge is not None
            and candidate.idempotent
            and number < self.retry.max_attempts  # the hedge is an attempt too
            and len(self.candidates) > 1
            and self._hedges.left(state.recorder)
            and self.first_bytes.threshold(candidate.key) is not None
        )

    def _hedge_target(
        self, primary: Candidate, request: Request, exclude: set[str]
    ) -> tuple[Candidate, Request] | None:
        """The next healthy, idempotent candidate and the request fitted to it (none: no hedge;
        an open breaker is never hedged to)."""
        for c in self.candidates:
            assert c.breaker is not None
            if c is primary or c.key in exclude or not c.idempotent:
                continue
            if c.breaker.allow():
                try:
                    return c, self._prepare(c, request)
                except ContextOverflow:
                    continue
        return None

    async def _race(
        self,
        state: _CallState,
        primary: Candidate,
        sent: Request,
        request: Request,
        number: int,
        exclude: set[str],
        on_text: TextCallback | None,
        on_reasoning: TextCallback | None,
        share_s: float | None = None,
        on_native: NativeCallback | None = None,
    ) -> Raced:
        """The primary attempt, and a hedge at the next healthy candidate when the primary's
        first byte is later than the threshold; the first accepted turn wins, the other is
        cancelled (its span closed as cancelled, its tokens estimated onto its attempt).

        `share_s`, this attempt's share of the caller's deadline, bounds the race: the hedge
        gets what is left of it when it starts. (A lane the race cancels is not the caller
        leaving, so the lanes do not count abandonment on their breakers.)"""
        after = self.first_bytes.threshold(primary.key)
        assert after is not None
        t0 = time.perf_counter()
        progress = anyio.Event()  # the primary's first byte, or its end
        first_seen = [False]

        def seen() -> None:
            first_seen[0] = True
            progress.set()

        lanes = [Lane(primary, sent, number, Relay(on_text), Relay(on_reasoning), "primary")]

        async def run(lane: Lane, on_first: Callable[[], None] | None) -> None:
            left = None if share_s is None else max(0.0, share_s - (time.perf_counter() - t0))
            with lane.scope:
                lane.result = await self._attempt(
                    state, lane.candidate, lane.sent, lane.number, lane.text, lane.reasoning,
                    share_s=left, on_first=on_first, role=lane.role, on_native=on_native,
                )  # fmt: skip
            progress.set()
            if lane.result is not None and lane.result[0].attempt.ok:
                for other in lanes:  # the first accepted turn wins
                    if other is not lane and other.result is None:
                        other.scope.cancel()

        async with anyio.create_task_group() as tg:
            tg.start_soon(run, lanes[0], seen)
            with anyio.move_on_after(after):
                await progress.wait()
            target = None if progress.is_set() else self._hedge_target(primary, request, exclude)
            if target is not None:
                self._hedges.spend(state.recorder)
                for relay in (lanes[0].text, lanes[0].reasoning):
                    relay.hold()
                lane = Lane(*target, number + 1, Relay(on_text), Relay(on_reasoning), "hedge")
                lane.text.hold()
                lane.reasoning.hold()
                lanes.append(lane)
                self._notice(
                    "hedge",
                    f"{primary.key} sent no first byte in {after:.2f}s: the same request also "
                    f"goes to {lane.candidate.key}; the first accepted turn wins",
                    lane.candidate.key,
                )
                tg.start_soon(run, lane, None)
        if len(lanes) > 1:
            state.span.attrs["tether.hedged"] = True
        return settle(lanes, first_seen[0], time.perf_counter() - t0)
