"""Resuming a run: its saved conversation continued, what it already did stated, never redone.

A run keeps its conversation and receipt in the trace store when it ends. `runtime.resume(run_id)`
(and `tether run --resume RUN_ID`) reads them back, closes any tool call the stop left without
a result, and adds one user message that says how the run ended and lists the receipt's `done`
effects as already done, so the model continues instead of starting over. The new steps are a
new run linked to the old one (`resumed_from`); its receipt covers both (steps, effects, tokens,
cost). A run that ended `done` or `answered` has nothing left to do and is refused.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from tether.agent.receipt import Receipt
from tether.errors import ResumeRefused
from tether.messages import (
    ImagePart,
    Message,
    NativePart,
    Part,
    ReasoningPart,
    TextPart,
    ToolCall,
    ToolResultPart,
)

FINISHED = ("done", "answered")  # nothing left to resume
INTERRUPTED_RESULT = "(not finished: the run stopped before this call returned a result)"

_PARTS: dict[str, type[Part]] = {
    "text": TextPart,
    "image": ImagePart,
    "tool_call": ToolCall,
    "tool_result": ToolResultPart,
    "reasoning": ReasoningPart,
    "native": NativePart,
}
_NAMES = {cls: name for name, cls in _PARTS.items()}


def messages_to_json(messages: list[Message]) -> list[dict[str, Any]]:
    """The conversation as plain JSON (every part with its type), for the trace store."""
    return [
        {
            "role": m.role,
            "parts": [{"type": _NAMES[type(p)], **asdict(p)} for p in m.parts],
        }
        for m in messages
    ]


def messages_from_json(raw: list[dict[str, Any]]) -> list[Message]:
    out = []
    for m in raw:
        parts = tuple(_part(p) for p in m["parts"])
        out.append(Message(m["role"], parts))
    return out


def _part(raw: dict[str, Any]) -> Part:
    fields = {k: v for k, v in raw.items() if k != "type"}
    if isinstance(fields.get("native"), dict):  # a tool result's content in its API's words
        fields["native"] = NativePart(**fields["native"])
    return _PARTS[raw["type"]](**fields)


def close_open_calls(messages: list[Message]) -> list[Message]:
    """A stop between a tool call and its result leaves calls no provider accepts unanswered:
    each gets a result saying it did not finish (what it did is in the receipt's note)."""
    out = list(messages)
    if out and out[-1].role == "assistant" and out[-1].tool_calls:
        out.append(
            Message(
                "tool",
                tuple(
                    ToolResultPart(c.id, INTERRUPTED_RESULT, c.name, is_error=True)
                    for c in out[-1].tool_calls
                ),
            )
        )
    return out


def refuse_finished(run_id: str, receipt: dict[str, Any]) -> None:
    status = receipt.get("status", "")
    if status in FINISHED:
        raise ResumeRefused(
            f"run {run_id} ended {status}: there is nothing left to resume; "
            'start a new run with tether run "TASK"'
        )


def continuation_note(run_id: str, receipt: dict[str, Any], task: str | None) -> str:
    """The user message that opens the resumed run: how the earlier one ended, what it already
    did (not to be redone), and what to do now."""
    status = receipt.get("status", "")
    reason = receipt.get("error") or receipt.get("left_undone") or receipt.get("verification")
    lines = [
        f"This continues an earlier run ({run_id}) that ended `{status}`"
        + (f": {reason}" if reason else ".")
    ]
    done = receipt.get("done") or []
    if done:
        lines.append("Already done in that run (do not do these again):")
        lines += [f"- {d}" for d in done]
    cancelled = receipt.get("cancelled") or []
    if cancelled:
        lines.append("Stopped before they finished (check their state before repeating them):")
        lines += [f"- {c}" for c in cancelled]
    lines.append(task or "Continue the task from where it stopped.")
    return "\n".join(lines)


def cover_both(receipt: Receipt, earlier: dict[str, Any], run_id: str) -> Receipt:
    """The resumed run's receipt, covering the earlier run too: its steps, effects, verdicts,
    tokens and cost are added (a cost unknown on either side stays unknown)."""
    usage = earlier.get("usage") or {}
    receipt.resumed_from = run_id
    receipt.steps += int(earlier.get("steps", 0))
    receipt.done = [*earlier.get("done", []), *receipt.done]
    receipt.verdicts = [*earlier.get("verdicts", []), *receipt.verdicts]
    receipt.rejected = [*earlier.get("rejected", []), *receipt.rejected]
    receipt.input_tokens += int(usage.get("input_tokens", 0))
    receipt.output_tokens += int(usage.get("output_tokens", 0))
    receipt.cached_tokens += int(usage.get("cached_tokens", 0))
    receipt.cache_write_tokens += int(usage.get("cache_write_tokens", 0))
    earlier_cost = earlier.get("cost_usd")
    unpriced = [u for u in earlier.get("unpriced", []) if u not in receipt.unpriced]
    receipt.unpriced += unpriced
    if receipt.unpriced:
        receipt.cost_usd = None
    elif earlier_cost is not None and receipt.cost_usd is not None:
        receipt.cost_usd += float(earlier_cost)
    return receipt
