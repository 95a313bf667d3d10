"""The agent loop: steps under a budget, every model turn judged, every tool call guarded.

    for each step (at most max_steps):
        one honest model call (the chain: judged, retried, failed over)
        no tool call -> the answer: status `answered`
        tool calls   -> the runner (rules, timeouts, caps, repeat guard, fences) -> next step
        a rule hands over -> stop: status `not_done`, with what a person must do
    an answer, when the runtime checks answers (`after_answer`) ->
        accepted as it is, or a follow-up user message (failed checks) and the loop goes on;
        a follow-up without tools: one last call with no tools bound, whose text is the answer
    budget spent while the model still wants tools ->
        one more call with no tools bound: the tool work so far flattened into one size-bounded
        plain-text turn (fenced results stay fenced), and the model told it cannot call tools
        and must say what is left undone -> status `not_done` (an honest partial answer)

Every step is a `step` span; model calls and tool calls record their own spans under it.
Cancellation propagates to the caller (the runtime turns it into a `cancelled` receipt).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field

from tether.agent.cost import Prices
from tether.agent.receipt import Receipt
from tether.errors import ConfigError, ModelCallFailed
from tether.messages import (
    Message,
    Request,
    TextPart,
    ToolCall,
    ToolResultPart,
    ToolSpec,
    Usage,
)
from tether.reliability.chain import Attempt, Chain, Notice
from tether.tools.base import Tool
from tether.tools.runner import ToolResult, ToolRunner
from tether.trace.spans import Recorder, Span

DEFAULT_SYSTEM = (
    "You are a careful coding agent working in a workspace. Use the tools to read, change and "
    "test code. When the task is finished, answer without calling a tool and say what you did."
)
BUDGET_NOTE = (
    "You've used all your steps, so you can't call any more tools. Answer the user now with "
    "what you have, and say clearly what's left undone."
)


@dataclass(frozen=True)
class LoopConfig:
    max_steps: int = 25
    system: str = DEFAULT_SYSTEM
    flatten_chars: int = 12_000  # the size bound of the tool work replayed after the budget
    prices: Prices = field(default_factory=Prices)  # money on the receipt (None: unpriced)

    def __post_init__(self) -> None:
        if self.max_steps < 1:
            raise ConfigError(f"max_steps={self.max_steps}: an agent needs at least one step")
        if self.flatten_chars < 1_000:
            raise ConfigError("flatten_chars must be at least 1,000 characters")


StepCallback = Callable[[int, Sequence[ToolResult]], None]


@dataclass(frozen=True)
class FollowUp:
    """What goes back to the model after an answer (e.g. the checks that failed). `tools`
    False: the model may not call tools any more and must answer now."""

    message: str
    tools: bool = True


AfterAnswer = Callable[[str, Span, int], Awaitable[FollowUp | None]]  # text, step, steps left


def flatten_tool_work(messages: Sequence[Message], limit: int) -> str:
    """The tool traffic so far as plain text, newest kept when it does not fit in `limit`."""
    lines: list[str] = []
    for m in messages:
        if m.role == "assistant":
            if m.text_content.strip():
                lines.append(f"I said: {m.text_content.strip()}")
            lines += [f"I called {c.name}({c.arguments})" for c in m.tool_calls]
        elif m.role == "tool":
            for p in m.parts:
                if isinstance(p, ToolResultPart):
                    state = "error" if p.is_error else "result"
                    lines.append(f"{p.name or 'tool'} {state}:\n{p.content[:2000]}")
    text = "\n\n".join(lines)
    if len(text) > limit:
        text = "[earlier tool work left out]\n" + text[-limit:]
    return text


def _account(
    receipt: Receipt,
    attempts: Sequence[Attempt],
    prices: Prices,
    span: Span | None = None,
    notices: Sequence[Notice] = (),
) -> None:
    """Add every attempt of a model call to the receipt: the rejected ones were processed and
    will be billed too, so their tokens and cost count, and each is listed with its verdict."""
    read = written = with_usage = 0
    for a in attempts:
        usage = a.turn.usage if a.turn is not None else None
        if a.turn is not None or usage is not None:
            _price(receipt, prices, usage, a.model or a.candidate, span if a.ok else None)
        if usage is not None:
            receipt.input_tokens += usage.prompt_tokens
            receipt.output_tokens += usage.completion_tokens
            receipt.cached_tokens += usage.cached_tokens
            receipt.cache_write_tokens += usage.cache_write_tokens
            read += usage.cached_tokens
            written += usage.cache_write_tokens
            with_usage += 1
        if not a.ok:
            receipt.rejected.append(
                {
                    "candidate": a.candidate,
                    "verdict": a.verdict.kind if a.verdict else None,
                    "error": a.error or None,
                    "status": a.status,
                    "input_tokens": usage.prompt_tokens if usage else 0,
                    "output_tokens": usage.completion_tokens if usage else 0,
                }
            )
    if span is not None and with_usage:
        span.attrs["tether.usage.cache_read_tokens"] = read
        span.attrs["tether.usage.cache_write_tokens"] = written
    receipt.verdicts += [a.verdict.kind for a in attempts if a.verdict]
    receipt.notices += [n.message for n in notices]


def _price(
    receipt: Receipt, prices: Prices, usage: Usage | None, model: str, span: Span | None
) -> None:
    spent = prices.cost(usage, model)
    if spent is None:  # one unpriced call makes the total unknown: never a guess
        note = model if usage is not None else f"{model} (no usage reported)"
        if note not in receipt.unpriced:
            receipt.unpriced.append(note)
        receipt.cost_usd = None
    elif not receipt.unpriced:
        receipt.cost_usd = (receipt.cost_usd or 0.0) + spent
        if span is not None:
            span.attrs["tether.cost_usd"] = spent


def _answered(receipt: Receipt, text: str) -> Receipt:
    receipt.status = "answered"
    receipt.completed = True
    receipt.final_text = text
    return receipt


def _without_tools(config: LoopConfig, task: str, messages: list[Message], note: str) -> Request:
    """The work so far flattened into one plain-text turn, then `note`: a request that binds
    no tools (tool messages without tools bound are refused by some providers)."""
    work = flatten_tool_work(messages[2:], config.flatten_chars)
    return Request(
        (
            Message.text("system", config.system),
            Message.text("user", task),
            Message.text("assistant", work or "(no tool work yet)"),
            Message.text("user", note),
        )
    )


async def run_loop(
    task: str,
    *,
    chain: Chain,
    runner: ToolRunner,
    tools: Sequence[Tool],
    recorder: Recorder,
    config: LoopConfig | None = None,
    on_text: Callable[[str], None] | None = None,
    on_step: StepCallback | None = None,
    receipt: Receipt | None = None,
    prepare: Callable[[Request], Awaitable[Request]] | None = None,
    after_answer: AfterAnswer | None = None,
    conversation: list[Message] | None = None,
) -> Receipt:
    """Run `task` to an honest end; the receipt says how it ended (see the module docstring).

    `prepare` fits each step's request before the call (the runtime's context budget, which
    may fold old turns into a model-made summary); the chain still re-fits per candidate.
    `after_answer` hears each answer (with its step span and the steps left) and may send the
    model back to work (a follow-up with tools needs a step left: give one without tools then);
    the status stays `answered` here: the runtime decides what the checks make of it.
    `conversation`: the list the loop keeps its messages in (the caller reads it afterwards); an
    empty list starts with the system prompt and `task`, a filled one is continued (a resume).
    """
    config = config or LoopConfig()
    receipt = receipt or Receipt("error")
    receipt.run_id = recorder.run_id
    specs = tuple(ToolSpec(t.name, t.description, t.parameters) for t in tools)
    messages = conversation if conversation is not None else []
    if not messages:
        messages += [Message.text("system", config.system), Message.text("user", task)]
    last_word: str | None = None  # a follow-up that allows no tools: the model answers now
    try:
        for step in range(1, config.max_steps + 1):
            with recorder.span("step", f"step {step}") as span:
                request = Request(tuple(messages), tools=specs)
                if prepare is not None:
                    request = await prepare(request)
                receipt.steps = step  # a step begun counts, whether or not its call answers
                answer = await chain.call(request, on_text=on_text, recorder=recorder, parent=span)
                _account(receipt, answer.attempts, config.prices, span, answer.notices)
                turn = answer.turn
                if not turn.tool_calls:
                    follow = None
                    if after_answer is not None:
                        follow = await after_answer(turn.content, span, config.max_steps - step)
                    if follow is None:
                        return _answered(receipt, turn.content)
                    messages.append(Message.text("assistant", turn.content or "(no text)"))
                    messages.append(Message.text("user", follow.message))
                    if not follow.tools:
                        last_word = follow.message
                        break
                    continue
                parts: list[TextPart | ToolCall] = [TextPart(turn.content)] if turn.content else []
                messages.append(Message("assistant", (*parts, *turn.tool_calls)))
                results = await runner.run(turn.tool_calls, parent=span)
                for r in results:
                    receipt.done += list(r.effects)
                messages.append(Message("tool", tuple(r.to_part() for r in results)))
                if on_step is not None:
                    on_step(step, results)
                handover = next((r for r in results if r.status == "handover"), None)
                if handover is not None:
                    receipt.status = "not_done"
                    receipt.handover = handover.text
                    receipt.left_undone = f"a rule handed the run over at {handover.call.name}"
                    return receipt
        if last_word is not None:
            with recorder.span("step", "final answer without tools") as span:
                answer = await chain.call(
                    _without_tools(config, task, messages, last_word),
                    on_text=on_text, recorder=recorder, parent=span,
                )  # fmt: skip
                _account(receipt, answer.attempts, config.prices, span, answer.notices)
            return _answered(receipt, answer.turn.content)
        with recorder.span("step", "budget spent: final answer without tools") as span:
            final = _without_tools(config, task, messages, BUDGET_NOTE)
            answer = await chain.call(final, on_text=on_text, recorder=recorder, parent=span)
            _account(receipt, answer.attempts, config.prices, span, answer.notices)
        receipt.status = "not_done"
        receipt.final_text = answer.turn.content
        receipt.left_undone = (
            f"the step budget ({config.max_steps}) ran out while the model still wanted tools; "
            "the answer above says what is left"
        )
    except ModelCallFailed as exc:
        _account(receipt, exc.attempts, config.prices)
        receipt.status = "error"
        receipt.error = str(exc)
    return receipt
