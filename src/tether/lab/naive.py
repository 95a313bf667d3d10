"""The naive harness: the common agent loop the first seed measured, kept as the lab's baseline.

    for each step (at most 20):
        stream one reply (a 160,000-character loop guard cuts endless streams)
        no tool call? -> that's the final answer, task done

It has the same tools, rules and runner as tether, so the lab compares only what happens to a
turn: nothing here judges it, retries it or fails it over. A provider error that raises is an
honest failure; anything that ends a stream is taken for the answer. The judge still looks at
the final turn afterwards, for the lab's records only (the "detector verdict").

Every model call ends with a termination, a raised error included (`timeout` for a phase limit
such as the first byte's, `error` otherwise): the lab counts a call a wall-clock limit cut from
that one fact (`limit_cuts`), never from the error's text.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from tether.errors import ProviderTimeout, TetherError
from tether.messages import Message, Request, TextPart, ToolCall, ToolSpec, Turn
from tether.providers.base import Provider
from tether.reliability.guard import GuardConfig, Holdback, guarded_turn
from tether.reliability.judge import judge
from tether.tools.base import Tool
from tether.tools.runner import ToolRunner

NAIVE_MAX_STEPS = 20


@dataclass
class NaiveResult:
    said_done: bool
    final_text: str = ""
    steps: int = 0
    termination: str = ""  # of the last model call (`timeout` / `error` when it raised)
    verdict: str = ""  # what tether's judge says of the turn taken as the answer ("" = answer)
    error: str = ""
    verdicts_met: list[str] = field(default_factory=list)  # every turn the judge would reject
    input_tokens: int = 0
    output_tokens: int = 0
    limit_cuts: int = 0  # model calls a wall-clock limit ended (termination `timeout`)
    model_s: float = 0.0  # time spent in model calls
    tools_s: float = 0.0  # time spent running tools


async def run_naive(
    task: str,
    *,
    provider: Provider,
    runner: ToolRunner,
    tools: Sequence[Tool],
    system: str,
    max_steps: int = NAIVE_MAX_STEPS,
) -> NaiveResult:
    """Run `task` the naive way; never raises for a provider failure (that is a result)."""
    specs = tuple(ToolSpec(t.name, t.description, t.parameters) for t in tools)
    messages: list[Message] = [Message.text("system", system), Message.text("user", task)]
    result = NaiveResult(said_done=False)
    guard = GuardConfig(holdback_chars=0)
    for step in range(1, max_steps + 1):
        request = Request(tuple(messages), tools=specs)
        started = time.perf_counter()
        try:
            turn = await guarded_turn(provider.stream(request), Holdback(None, 0), guard)
        except TetherError as exc:  # HTTP errors, connect failures, first-byte timeouts
            result.error = f"{type(exc).__name__}: {exc}"
            result.steps = step
            _ended(result, "timeout" if isinstance(exc, ProviderTimeout) else "error")
            return result
        finally:
            result.model_s += time.perf_counter() - started
        verdict = _account(result, turn, request)
        result.steps = step
        _ended(result, turn.termination)
        if not turn.tool_calls:
            result.said_done = True
            result.final_text = turn.content
            result.verdict = verdict
            return result
        parts: list[TextPart | ToolCall] = [TextPart(turn.content)] if turn.content else []
        messages.append(Message("assistant", (*parts, *turn.tool_calls)))
        started = time.perf_counter()
        results = await runner.run(turn.tool_calls)
        result.tools_s += time.perf_counter() - started
        messages.append(Message("tool", tuple(r.to_part() for r in results)))
    result.error = f"the step budget ({max_steps}) ran out"
    return result


def _ended(result: NaiveResult, termination: str) -> None:
    """A model call ended so; a limit that ended it is counted from this alone."""
    result.termination = termination
    result.limit_cuts += termination == "timeout"


def _account(result: NaiveResult, turn: Turn, request: Request) -> str:
    """Count the turn's tokens and what the judge would say of it ("" = an answer)."""
    if turn.usage is not None:
        result.input_tokens += turn.usage.prompt_tokens
        result.output_tokens += turn.usage.completion_tokens
    verdict = judge(turn, request, cut=turn.termination == "cut")
    if verdict is None:
        return ""
    result.verdicts_met.append(verdict.kind)
    return verdict.kind
