"""Re-judging exchange records offline (`tether audit`, `tether judge`).

An exchange record (DESIGN.md, `tether.exchange`) holds the request body in its API's own shape
and the normalised reply, with the usage exactly as that API reported it. `exchange_from_record`
turns a record back into what the judge reads, a Turn and a Request, through the wire modules
(`decode_request`, `usage_from_raw`); `audit_record` judges one record; `audit_lines` a whole
JSONL log, line by line, so one bad line never hides the rest.

Findings beside the judge's verdicts:

    http_error       the stand or proxy answered with an HTTP error (`reply` is null): no turn
                     to judge, and no answer for the client
    malformed_line   a line that is not an exchange record: not JSON, not an object, without
                     request or reply, an unknown api, a body that does not fit its API
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import orjson

from tether.errors import WireError
from tether.messages import (
    ErrorFrame,
    FinishReason,
    NativeBlock,
    Request,
    Termination,
    ToolCall,
    Turn,
    Usage,
)
from tether.reliability.judge import DEFAULT_CONFIG, DETECTOR, JudgeConfig, judge, read_text
from tether.reliability.learned import Pushes
from tether.reliability.learned import shipped as shipped_model
from tether.reliability.reading import Reading
from tether.wire.apis import APIS
from tether.wire.shape import obj, opt_str, seq

AUDIT_DETECTOR = "audit/1"
HTTP_ERROR = "http_error"
MALFORMED_LINE = "malformed_line"
EXCERPT_CHARS = 80

# A record's finish reason (OpenAI's values) and the termination it implies; none is `eof`.
_TERMINATION: dict[str, Termination] = {
    "stop": "stop",
    "length": "length",
    "tool_calls": "tool_calls",
    "content_filter": "stop",
}
_REASONS: dict[str, FinishReason] = {
    "stop": "stop",
    "length": "length",
    "tool_calls": "tool_calls",
    "content_filter": "content_filter",
}


@dataclass(frozen=True, slots=True)
class Finding:
    """What the audit found on one line: `verdict` None means the turn is an answer."""

    line: int
    verdict: str | None
    detector: str
    detail: str = ""
    excerpt: str = ""
    status: int | None = None

    @property
    def is_answer(self) -> bool:
        return self.verdict is None

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "line": self.line,
            "verdict": self.verdict,
            "detector": self.detector,
            "detail": self.detail or None,
        }
        if self.verdict == HTTP_ERROR:
            out["status"] = self.status
        return out


def excerpt(text: str, limit: int = EXCERPT_CHARS) -> str:
    """`text` on one line, whitespace folded, control characters replaced, cut at `limit`."""
    flat = " ".join(text[: limit * 4].split())
    flat = "".join(ch if ch.isprintable() else "\ufffd" for ch in flat)
    return flat if len(flat) <= limit else flat[: limit - 1] + "\u2026"


def _turn_excerpt(turn: Turn) -> str:
    if turn.content.strip():
        return excerpt(turn.content)
    if turn.reasoning.strip():
        return excerpt("(reasoning only) " + turn.reasoning)
    if turn.tool_calls:
        return excerpt("(tool calls) " + ", ".join(c.name or "?" for c in turn.tool_calls))
    return "(no text)"


def _tool_calls(raw: Any) -> tuple[ToolCall, ...]:
    calls = []
    for i, item in enumerate(seq(raw if raw is not None else [], "reply.tool_calls")):
        where = f"reply.tool_calls[{i}]"
        call = obj(item, where)
        fn = obj(call.get("function"), where + ".function")
        arguments = fn.get("arguments")
        if arguments is None:
            arguments = ""
        elif not isinstance(arguments, str):
            arguments = orjson.dumps(arguments).decode()
        calls.append(
            ToolCall(
                id=opt_str(call.get("id"), where + ".id") or f"call_{i}",
                name=opt_str(fn.get("name"), where + ".function.name"),
                arguments=arguments,
            )
        )
    return tuple(calls)


def _errors(raw: Any) -> tuple[ErrorFrame, ...]:
    """In-stream errors, when the record has them (`reply.errors`: texts or {message, code})."""
    frames = []
    for i, item in enumerate(seq(raw if raw is not None else [], "reply.errors")):
        if isinstance(item, dict):
            frames.append(ErrorFrame(str(item.get("message", "")), str(item.get("code") or "")))
        else:
            frames.append(ErrorFrame(opt_str(item, f"reply.errors[{i}]")))
    return tuple(frames)


def turn_from_reply(reply: Any, usage_from_raw: Callable[[dict[str, Any]], Usage]) -> Turn:
    """The Turn a record's normalised `reply` describes; its raw usage read the API's way."""
    reply = obj(reply, "reply")
    finish = reply.get("finish_reason")
    if finish is not None and (not isinstance(finish, str) or finish not in _TERMINATION):
        raise WireError(
            f"reply.finish_reason: expected stop, length, tool_calls, content_filter or null, "
            f"got {finish!r}"
        )
    raw_usage = reply.get("usage")
    usage = None
    if raw_usage is not None:
        try:
            usage = usage_from_raw(obj(raw_usage, "reply.usage"))
        except (TypeError, ValueError, OverflowError, AttributeError) as exc:
            raise WireError(f"reply.usage: token counts must be integers ({exc})") from None
    errors = _errors(reply.get("errors"))
    reason = None if finish is None else _REASONS[finish]
    return Turn(
        content=opt_str(reply.get("content"), "reply.content"),
        reasoning=opt_str(reply.get("reasoning"), "reply.reasoning"),
        tool_calls=_tool_calls(reply.get("tool_calls")),
        usage=usage,
        native=tuple(
            NativeBlock(0, "", {"type": str(kind)})
            for kind in seq(reply.get("native") or [], "reply.native")
        ),
        finish_reason=reason,
        raw_finish_reason=finish or "",
        termination="error" if errors else ("eof" if finish is None else _TERMINATION[finish]),
        errors=errors,
        detail="the record says the reply was broken off (reply.cut)" if reply.get("cut") else "",
    )


def exchange_from_record(record: Any) -> tuple[Turn, Request, bool]:
    """The turn, the request and whether the reply was cut, from one exchange record.

    A record that does not fit is a WireError naming the field.
    """
    record = obj(record, "record")
    api = record.get("api", "openai")
    if not isinstance(api, str) or api not in APIS:
        raise WireError(f"api: unknown API {api!r}; expected one of {', '.join(APIS)}")
    decode_request, usage_from_raw = APIS[api].decode_request, APIS[api].usage_from_raw
    if "request" not in record:
        raise WireError("request: required (the request body in the API's own shape)")
    if record.get("reply") is None:
        raise WireError("reply: required (an object; null only for an HTTP error)")
    if record["request"] is None and (
        "request_bytes" in record or "request_unwritable" in record
    ):  # logged as an excerpt (too large) or not at all: the reply is judged on its own
        request = Request(messages=())
    else:
        _, request = decode_request(record["request"])
    turn = turn_from_reply(record["reply"], usage_from_raw)
    cut = record["reply"].get("cut", False)
    if not isinstance(cut, bool):
        raise WireError(f"reply.cut: expected true or false, got {cut!r}")
    return turn, request, cut


def audit_record(record: Any, line: int = 1, config: JudgeConfig = DEFAULT_CONFIG) -> Finding:
    """Judge one exchange record (already parsed from JSON)."""
    if isinstance(record, dict) and "reply" in record and record["reply"] is None:
        error = record.get("error")
        error = error if isinstance(error, dict) else {}
        status = record.get("status", error.get("status"))
        message = error.get("message")
        return Finding(
            line,
            HTTP_ERROR,
            AUDIT_DETECTOR,
            f"HTTP {status}" + (f": {message}" if message else ""),
            excerpt(str(message or "")),
            status if isinstance(status, int) else None,
        )
    try:
        turn, request, cut = exchange_from_record(record)
    except WireError as exc:
        return Finding(line, MALFORMED_LINE, AUDIT_DETECTOR, str(exc))
    verdict = judge(turn, request, cut=cut, config=config)
    if verdict is None:
        return Finding(line, None, DETECTOR, "", _turn_excerpt(turn))
    return Finding(line, verdict.kind, verdict.detector, verdict.detail, _turn_excerpt(turn))


def explain_text(text: str, config: JudgeConfig = DEFAULT_CONFIG) -> Reading | None:
    """Every signal the judge reads in one record's reply text, with its weight (None when the
    record has no text to read: an HTTP error, a malformed line, a reply of tool calls only)."""
    exchange = _reply_of(text)
    if exchange is None:
        return None
    turn, request = exchange
    return read_text(turn.content, request, turn.usage, config)


def learned_pushes(text: str) -> Pushes:
    """The n-grams of one record's reply that pushed the learned signal most toward failure
    and toward answer, each with what it added (empty without reply text)."""
    exchange = _reply_of(text)
    if exchange is None:
        return [], []
    return shipped_model().contributions(exchange[0].content.strip())


def _reply_of(text: str) -> tuple[Turn, Request | None] | None:
    try:
        turn, request, _ = exchange_from_record(orjson.loads(text))
    except (orjson.JSONDecodeError, WireError, TypeError, KeyError):
        return None
    return (turn, request) if turn.content.strip() else None


def audit_text(text: str, line: int = 1, config: JudgeConfig = DEFAULT_CONFIG) -> Finding:
    """Judge one exchange record given as JSON text."""
    try:
        record = orjson.loads(text)
    except orjson.JSONDecodeError as exc:
        return Finding(line, MALFORMED_LINE, AUDIT_DETECTOR, f"not JSON ({exc})")
    return audit_record(record, line, config)


def audit_lines(lines: Iterable[str], config: JudgeConfig = DEFAULT_CONFIG) -> list[Finding]:
    """Judge every record of a JSONL log; empty lines are skipped, line numbers count from 1."""
    return [
        audit_text(line, number, config) for number, line in enumerate(lines, 1) if line.strip()
    ]


def summarize(findings: Iterable[Finding]) -> dict[str, int]:
    """Counts per verdict (http_error included), then total, answers, not_answers and
    malformed_lines; total = answers + not_answers + malformed_lines."""
    findings = list(findings)
    malformed = sum(1 for f in findings if f.verdict == MALFORMED_LINE)
    answers = sum(1 for f in findings if f.verdict is None)
    kinds = Counter(f.verdict for f in findings if f.verdict not in (None, MALFORMED_LINE))
    summary: dict[str, int] = {
        str(k): n for k, n in sorted(kinds.items(), key=lambda kv: str(kv[0]))
    }
    summary.update(
        total=len(findings),
        answers=answers,
        not_answers=len(findings) - answers - malformed,
        malformed_lines=malformed,
    )
    return summary
