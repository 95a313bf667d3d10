"""The tool runner: every tool call the model makes goes through here, under a runtime policy.

Per call, in this order:

1. the tool must exist (else an error naming the known tools);
2. the arguments must be a JSON object, and fit the tool's schema (else a clear error);
3. the repeat guard: the same tool with the same arguments (sorted-key JSON) as an earlier call
   in this runner's lifetime is skipped, and the model is told to use the earlier result or try
   something else (a confused model cannot loop until the budget is gone);
4. the rules decide (`tether.tools.rules`): `block` and `handover` stop the call, `ask` goes to
   the `ask` callback (none: the call is denied, and the result says so). Arguments that carry
   text from an earlier result flagged for prompt injection are `tainted` and tighten `allow`
   to `ask`;
5. the tool gets ready (`Tool.prepare`: an MCP server starts, under its own handshake timeout),
   then runs under a timeout (its own or the runner's default): a hung tool becomes a
   `timeout` result and the conversation goes on; an exception becomes an `error` result;
6. a long result is capped (or spilled to a file the model can page through), and an untrusted
   tool's result (or one whose text came from outside, such as a spill read back) is fenced,
   with injection signs flagged; any other result that shows injection signs (a README that
   says "ignore previous instructions", read with read_file) is fenced and flagged too.

The calls of one batch are checked in order (1-4, asking one at a time), then run concurrently
in one task group under the caller's cancel scope: cancelling the caller cancels every running
tool and the cancellation propagates (no results); every span still closes, as `cancelled`.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import anyio

from tether.errors import ToolArgumentsError
from tether.messages import ToolCall, ToolResultPart
from tether.procgroup import shorten
from tether.tools.base import Tool, ToolContext, ToolOutput
from tether.tools.builtin.files import open_in_workspace
from tether.tools.fence import fence, injection_signs
from tether.tools.rules import Decision, Rules
from tether.trace.semconv import (
    GEN_AI_TOOL_CALL_ARGUMENTS,
    GEN_AI_TOOL_CALL_ID,
    GEN_AI_TOOL_CALL_RESULT,
    GEN_AI_TOOL_NAME,
    TOOL_TEXT_CAP,
)
from tether.trace.spans import Recorder, Span, Status, is_cancellation

__all__ = ["PermissionRequest", "ResultStatus", "ToolResult", "ToolRunner", "arguments_key"]

ResultStatus = Literal["ok", "error", "timeout", "blocked", "denied", "skipped", "handover"]

_SPAN_STATUS: dict[str, Status] = {"ok": "ok", "timeout": "timeout", "cancelled": "cancelled"}
TAINT_MIN_CHARS = 8  # an argument string this long found in a flagged result taints the call
_TAINT_WINDOW = 16  # ... and so does any such window of a longer argument (checked every 8)
_TAINT_STEP = 8
_TAINT_MAX_WINDOWS = 256  # per argument string: a long file body is checked at its start
_SAFE_NAME = re.compile(r"[^A-Za-z0-9_.-]+")


@dataclass(frozen=True, slots=True)
class ToolResult:
    """What one tool call came to; `to_part()` is what goes back to the model."""

    call: ToolCall
    text: str
    status: ResultStatus
    exit_code: int | None = None
    effects: tuple[str, ...] = ()
    flagged: tuple[str, ...] = ()  # injection signs found in an untrusted result
    decision: str = ""  # the permission decision, described ("" when the call never got there)

    @property
    def ok(self) -> bool:
        return self.status == "ok"

    def to_part(self) -> ToolResultPart:
        return ToolResultPart(
            tool_call_id=self.call.id,
            content=self.text,
            name=self.call.name,
            is_error=self.status != "ok",
        )


@dataclass(frozen=True, slots=True)
class PermissionRequest:
    """What the `ask` callback is asked: may this call run?"""

    call: ToolCall
    tool: Tool
    arguments: dict[str, Any]
    decision: Decision

    @property
    def tainted(self) -> bool:
        return self.decision.tainted


AskFn = Callable[[PermissionRequest], Awaitable[bool]]


def arguments_key(name: str, arguments: Mapping[str, Any]) -> str:
    """The repeat guard's key: the tool name and its arguments as sorted-key JSON."""
    return name + "\x00" + _canonical(arguments)


def _canonical(arguments: Mapping[str, Any]) -> str:
    return json.dumps(arguments, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(slots=True)
class _Checked:
    """A call that passed the checks: the tool, its parsed arguments and the decision."""

    tool: Tool
    arguments: dict[str, Any]
    digest: str
    tainted: bool
    decision: str = ""


_DOT_SEGMENT = re.compile(r"/(?:\./)+")
_SLASHES = re.compile(r"/{2,}")
_QUOTES = str.maketrans("", "", "\"'`")


def _normal(text: str) -> str:
    """Text compared for taint: paths without `/./` or doubled slashes, no quotes, runs of
    whitespace as one space (`cat /root/./.ssh/x` carries `cat /root/.ssh/x`)."""
    text = _SLASHES.sub("/", _DOT_SEGMENT.sub("/", text)).translate(_QUOTES)
    return " ".join(text.split())


class ToolRunner:
    """Runs a model's tool calls under timeouts, a result cap, a repeat guard, rules and
    fences. One runner per run: the repeat guard and the taint check remember its calls."""

    def __init__(
        self,
        tools: Sequence[Tool],
        ctx: ToolContext,
        *,
        rules: Rules | None = None,
        ask: AskFn | None = None,
        default_timeout_s: float = 60.0,
        result_cap_chars: int = 20_000,
        spill_dir: Path | None = None,
        recorder: Recorder | None = None,
    ) -> None:
        self.tools: dict[str, Tool] = {}
        for t in tools:
            self.tools[t.name] = t
        self.ctx = ctx
        self.rules = rules
        self.ask = ask
        self.default_timeout_s = default_timeout_s
        self.result_cap_chars = result_cap_chars
        self.spill_dir = spill_dir
        self.recorder = recorder
        self._seen: set[str] = set()
        # every effect of a call that returned, as it returned: what a cancelled batch did
        self.effects: list[str] = []
        self._flagged_texts: list[str] = []
        self._ask_lock = anyio.Lock()

    # ------------------------------------------------------------------------- the batch

    async def run(self, calls: Sequence[ToolCall], parent: Span | None = None) -> list[ToolResult]:
        """Run `calls` (concurrently where they may run) and return their results in order."""
        results: list[ToolResult | None] = [None] * len(calls)
        spans = [self._open(call, parent) for call in calls]
        try:
            checked: list[_Checked | None] = []
            for i, call in enumerate(calls):  # in order: the repeat guard, one ask at a time
                early = self._check(call)
                if isinstance(early, ToolResult):
                    results[i] = early
                    checked.append(None)
                    continue
                outcome = await self._permit(call, early, spans[i])
                if outcome is not None:
                    results[i] = outcome
                    checked.append(None)
                else:
                    checked.append(early)
            for i, result in enumerate(results):
                if result is not None:
                    self._close(spans[i], result, None)

            async def one(i: int, item: _Checked) -> None:
                results[i] = await self._execute(calls[i], item, spans[i])

            async with anyio.create_task_group() as tg:
                for i, item in enumerate(checked):
                    if item is not None:
                        tg.start_soon(one, i, item)
            # A Stop during the batch raises here on every event loop: a sync tool that finished
            # in its grace returns normally, and on trio a task group whose tasks all returned
            # raises nothing (the loop would begin another step)
            await anyio.lowlevel.checkpoint_if_cancelled()
        except BaseException as exc:
            for span in spans:
                self._abort(span, exc)
            raise
        final: list[ToolResult] = []
        for call, result in zip(calls, results, strict=True):
            final.append(result or ToolResult(call, "the call did not run", "error"))
        return final

    # ------------------------------------------------------------------------- checks

    def _check(self, call: ToolCall) -> _Checked | ToolResult:
        tool = self.tools.get(call.name)
        if tool is None:
            known = ", ".join(sorted(self.tools)) or "(none)"
            return ToolResult(call, f"unknown tool {call.name!r}; known tools: {known}", "error")
        try:
            arguments = json.loads(call.arguments) if call.arguments.strip() else {}
        except ValueError as exc:
            return ToolResult(call, f"arguments are not valid JSON: {exc}", "error")
        if not isinstance(arguments, dict):
            return ToolResult(
                call,
                f"arguments are not valid JSON: expected an object, got {type(arguments).__name__}",
                "error",
            )
        try:
            tool.validate(arguments)
        except ToolArgumentsError as exc:
            return ToolResult(call, str(exc), "error")
        key = arguments_key(call.name, arguments)
        if key in self._seen:
            return ToolResult(
                call,
                f"skipped: {call.name} was already called with these same arguments in this run. "
                "Use the earlier result, or try something else (other arguments or another tool).",
                "skipped",
            )
        self._seen.add(key)
        digest = _sha256(_canonical(arguments))
        return _Checked(tool, arguments, digest, self._tainted(arguments))

    def _tainted(self, arguments: Mapping[str, Any]) -> bool:
        """Whether an argument string carries text from a result flagged for injection."""
        if not self._flagged_texts:
            return False
        for raw in _strings(arguments):
            value = _normal(raw)
            if len(value) < TAINT_MIN_CHARS:
                continue
            for text in self._flagged_texts:
                if value in text:
                    return True
                last = min(len(value) - _TAINT_WINDOW, _TAINT_STEP * _TAINT_MAX_WINDOWS)
                for start in range(0, max(last, 0) + 1, _TAINT_STEP):
                    if value[start : start + _TAINT_WINDOW] in text:
                        return True
        return False

    async def _permit(
        self, call: ToolCall, item: _Checked, tool_span: Span | None
    ) -> ToolResult | None:
        """None when the call may run, else the result that stops it."""
        if self.rules is None:
            decision = Decision("allow", None, "no rules: everything is allowed")
            if item.tainted:  # still tighten: text an outsider wrote never runs unasked
                decision = Rules([], default="allow").decide(
                    call.name, item.arguments, self.ctx, tainted=True
                )
        else:
            decision = self.rules.decide(
                call.name, item.arguments, self.ctx, item.tainted, server=item.tool.server
            )
        described = decision.describe()
        rule = -1 if decision.rule_index is None else decision.rule_index
        attrs: dict[str, Any] = {
            "action": decision.action,
            "rule": rule,
            "reason": decision.reason,
            "tether.tainted": decision.tainted,
        }
        span = self._start("permission", call.name, tool_span, attrs)
        try:
            outcome = await self._settle(call, item, decision, described)
        except BaseException as exc:
            self._abort(span, exc)
            raise
        if outcome is None:
            item.decision = described if decision.action == "allow" else f"{described}; approved"
        if span is not None and self.recorder is not None:
            self.recorder.end(span, "ok", {"tether.granted": outcome is None})
        return outcome

    async def _settle(
        self, call: ToolCall, item: _Checked, decision: Decision, described: str
    ) -> ToolResult | None:
        where = "by default" if decision.rule_index is None else f"by rule {decision.rule_index}"
        reason = decision.reason or "no reason given"
        if decision.action == "allow":
            return None
        if decision.action == "block":
            return ToolResult(call, f"blocked {where}: {reason}", "blocked", decision=described)
        if decision.action == "handover":
            return ToolResult(
                call,
                f"handover {where}: a person must do this step ({call.name} "
                f"{_canonical(item.arguments)}): {reason}",
                "handover",
                decision=described,
            )
        # ask
        if self.ask is None:
            return ToolResult(
                call,
                f"denied: {call.name} needs a person's approval ({described}), and this run is "
                "not interactive, so nobody could approve it. Do not retry it; do without it.",
                "denied",
                decision=f"{described}; denied (non-interactive)",
            )
        request = PermissionRequest(call, item.tool, item.arguments, decision)
        async with self._ask_lock:
            try:
                approved = await self.ask(request)
            except Exception as exc:  # a broken prompt denies, it does not crash the run
                return ToolResult(
                    call,
                    f"denied: asking for approval failed ({type(exc).__name__}: {exc})",
                    "denied",
                    decision=f"{described}; denied (the ask failed)",
                )
        if approved:
            return None
        return ToolResult(
            call,
            f"denied: the person did not approve {call.name} ({described}). Do not retry it.",
            "denied",
            decision=f"{described}; denied by the person",
        )

    # ------------------------------------------------------------------------- running

    async def _execute(self, call: ToolCall, item: _Checked, span: Span | None) -> ToolResult:
        tool = item.tool
        decided = item.decision
        limit = tool.timeout_s if tool.timeout_s is not None else self.default_timeout_s
        output: ToolOutput | None = None
        result: ToolResult
        scope: anyio.CancelScope | None = None
        try:
            await tool.prepare()
            with anyio.fail_after(limit) as scope:
                abandon = None if tool.reads_only else lambda: self._abandoned(call, item)
                output = await tool.invoke(item.arguments, self.ctx, on_abandon=abandon)
                self.effects += output.effects
        except TimeoutError as exc:
            if scope is not None and scope.cancelled_caught:
                text = (
                    f"{call.name} timed out after {limit:g} s and was stopped. It may have done "
                    "part of its work. Try something smaller or another way; do not just repeat it."
                )
            else:
                text = f"{call.name} timed out: {exc}"
            result = ToolResult(call, text, "timeout", decision=decided)
        except ToolArgumentsError as exc:
            result = ToolResult(call, str(exc), "error", decision=decided)
        except Exception as exc:  # a tool's failure is a result for the model, never a crash
            result = ToolResult(
                call,
                f"{call.name} failed: {type(exc).__name__}: {exc}",
                "error",
                decision=decided,
            )
        if output is not None:
            result = await self._shape(call, tool, output, decided)
        self._close(span, result, item)
        return result

    def _abandoned(self, call: ToolCall, item: _Checked) -> None:
        """A stopped call whose thread could not be stopped: the receipt says its effect is
        unknown rather than leave it out (a file write may still land after the Stop)."""
        arguments = shorten(_canonical(item.arguments), 160)
        self.effects.append(
            f"maybe: {call.name} {arguments} (still running when stopped; it may have finished)"
        )

    async def _shape(
        self, call: ToolCall, tool: Tool, output: ToolOutput, decided: str
    ) -> ToolResult:
        """Cap (or spill) the text, fence it when untrusted, flag injection signs."""
        text = output.text
        signs: list[str] = injection_signs(text) if not output.is_error else []
        untrusted = tool.untrusted or output.outside or bool(signs)
        if len(text) > self.result_cap_chars:
            text = await self._cap(call, text)
        if untrusted:
            text = fence(text, tool.name, signs=signs)
            if signs:
                self._flagged_texts.append(_normal(output.text))  # as compared for taint
        return ToolResult(
            call,
            text,
            "error" if output.is_error else "ok",
            exit_code=output.exit_code,
            effects=tuple(output.effects),
            flagged=tuple(signs),
            decision=decided,
        )

    async def _cap(self, call: ToolCall, text: str) -> str:
        cap = self.result_cap_chars
        head = text[:cap]
        cut = len(text) - len(head)
        if self.spill_dir is None:
            return (
                f"{head}\n[truncated: {cut:,} of {len(text):,} characters cut; the first "
                f"{len(head):,} are shown. Ask for less (a narrower query, a smaller range).]"
            )
        name = f"{_SAFE_NAME.sub('_', call.name)}-{_SAFE_NAME.sub('_', call.id) or 'call'}"
        path = Path(self.spill_dir) / f"{name}-{_sha256(text)[:12]}.txt"
        try:  # never through a link: a `.tether` made a symlink must not carry text outside
            await anyio.to_thread.run_sync(self._spill, path, text)
        except (OSError, ValueError) as exc:
            return (
                f"{head}\n[truncated: {cut:,} of {len(text):,} characters cut; the first "
                f"{len(head):,} are shown (not kept in a file: {exc}). Ask for less.]"
            )
        shown = _display(path, self.ctx.workspace)
        lines = text.count("\n") + 1
        return (
            f"{head}\n[result too long: {len(text):,} characters ({lines:,} lines); the first "
            f"{len(head):,} are shown and {cut:,} were cut. The full text is in the file "
            f"{shown}: page through it with a file-reading tool (e.g. read_file with an offset "
            "and limit) or search it, instead of calling this tool again.]"
        )

    def _spill(self, path: Path, text: str) -> None:
        root = self.ctx.workspace.resolve()
        target = root / path.relative_to(self.ctx.workspace)  # ValueError: not inside
        fd = open_in_workspace(root, target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, make_dirs=True)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)

    # ------------------------------------------------------------------------- spans

    def _start(
        self, kind: str, name: str, parent: Span | None, attrs: dict[str, Any]
    ) -> Span | None:
        if self.recorder is None:
            return None
        return self.recorder.start(kind, name, parent, attrs)

    def _open(self, call: ToolCall, parent: Span | None) -> Span | None:
        tool = self.tools.get(call.name)
        return self._start(
            "tool",
            call.name,
            parent,
            {
                GEN_AI_TOOL_NAME: call.name,
                GEN_AI_TOOL_CALL_ID: call.id,
                GEN_AI_TOOL_CALL_ARGUMENTS: call.arguments[:TOOL_TEXT_CAP],
                "tether.untrusted": bool(tool and tool.untrusted),
                **(tool.span_attrs() if tool else {}),
            },
        )

    def _close(self, span: Span | None, result: ToolResult, item: _Checked | None) -> None:
        if span is None or self.recorder is None:
            return
        attrs: dict[str, Any] = {
            "tether.result_sha256": _sha256(result.text),
            "tether.result_chars": len(result.text),
            GEN_AI_TOOL_CALL_RESULT: result.text[:TOOL_TEXT_CAP],
            "tether.tool.status": result.status,
            "tether.flagged": list(result.flagged),
            "tether.decision": result.decision,
        }
        if item is not None:
            attrs["tether.arguments_sha256"] = item.digest
        else:
            attrs["tether.arguments_sha256"] = _arguments_digest(result.call.arguments)
        if result.exit_code is not None:
            attrs["exit_code"] = result.exit_code
        if result.status not in _SPAN_STATUS:
            attrs["error.type"] = result.status
        self.recorder.end(span, _SPAN_STATUS.get(result.status, "error"), attrs)

    def _abort(self, span: Span | None, exc: BaseException) -> None:
        """Close a span the batch is leaving by `exc` (a span already closed keeps its end)."""
        if span is None or self.recorder is None or not span.open:
            return
        status: Status = "cancelled" if is_cancellation(exc) else "error"
        self.recorder.end(span, status, {"error.type": type(exc).__name__})


def _arguments_digest(raw: str) -> str:
    """Digest of the sorted-key JSON of the arguments, or of the raw text when not JSON."""
    try:
        parsed = json.loads(raw)
    except ValueError:
        return _sha256(raw)
    if isinstance(parsed, dict):
        return _sha256(_canonical(parsed))
    return _sha256(raw)


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)


def _display(path: Path, workspace: Path) -> str:
    """The path relative to the workspace when inside it (what a workspace tool reads)."""
    try:
        return str(path.resolve().relative_to(workspace.resolve()))
    except (ValueError, OSError):
        return str(path)
