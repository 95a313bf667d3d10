"""Running a suite: every case on the built-in stand, through the same machinery as `tether run`.

One stand serves the whole suite, one model per case (a cassette replayed byte for byte, or the
case's scripted turns). A `cassette` case is one judged model call through the chain that
`create_agent_runtime` builds, recorded as its own run; `tools` and `golden` cases are agent
runs of that runtime (the suite's tools, its checks after "done"). Every run lands in the trace
store and is checked by the completeness gate; a case whose trace is incomplete fails.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import httpx2
import orjson

from tether.agent.receipt import Receipt
from tether.agent.runtime import RuntimeConfig, create_agent_runtime
from tether.checks import CheckResult, accept, run_checks
from tether.errors import ModelCallFailed
from tether.evals.manifest import (
    Case,
    CassetteCase,
    CassetteExpect,
    ExpectedCall,
    GoldenCase,
    RunExpect,
    Suite,
    ToolsCase,
)
from tether.messages import Message, Request, ToolCall, ToolSpec, Turn
from tether.providers import Timeouts, provider_at
from tether.stand.script import ModelSpec, Script, TurnSpec
from tether.stand.server import StandThread, build_stand
from tether.tools.rules import Rule, Rules
from tether.tools.runner import ToolResult
from tether.trace.spans import Recorder
from tether.trace.store import TraceStore

TIMEOUTS = Timeouts(connect=5.0, first_byte=10.0, silence=10.0)
CASSETTE_SYSTEM = "You are a helpful assistant. Use the tools when they help."


@dataclass
class CaseResult:
    name: str
    kind: str
    passed: bool
    reason: str  # why it failed, or what passed
    duration_s: float = 0.0
    run_id: str = ""
    details: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind,
            "passed": self.passed,
            "reason": self.reason,
            "duration_s": round(self.duration_s, 3),
            "run_id": self.run_id,
            "details": self.details,
        }


@dataclass
class SuiteResult:
    suite: str
    folder: str
    cases: list[CaseResult]
    duration_s: float

    @property
    def failed(self) -> list[CaseResult]:
        return [c for c in self.cases if not c.passed]

    @property
    def exit_code(self) -> int:
        return 1 if self.failed else 0

    def to_json(self) -> dict[str, Any]:
        return {
            "suite": self.suite,
            "folder": self.folder,
            "cases": [c.to_json() for c in self.cases],
            "summary": {
                "cases": len(self.cases),
                "passed": len(self.cases) - len(self.failed),
                "failed": len(self.failed),
                "duration_s": round(self.duration_s, 3),
            },
            "exit_code": self.exit_code,
        }


def suite_script(suite: Suite) -> Script:
    """The stand's script for a suite: one model per case, named after it."""
    models: dict[str, ModelSpec] = {}
    for case in suite.cases:
        cassette = suite.cassettes.get(case.name)
        if cassette is not None:
            models[case.name] = ModelSpec(cassette=str(Path(cassette.path).resolve()))
        elif isinstance(case, GoldenCase) and case.reply is not None:
            # the reply answers every request of the run (a check's follow-up included)
            turns = [TurnSpec(text=case.reply)] * (case.max_steps + case.fix_cycles + 2)
            models[case.name] = ModelSpec(position="history", turns=turns)
        elif isinstance(case, ToolsCase | GoldenCase):
            models[case.name] = ModelSpec(position="history", turns=list(case.turns or []))
    return Script(models=models)


def _rules() -> Rules:
    """A suite's tools are its own fakes: allowed, but never with a path outside the workspace."""
    return Rules(
        [
            Rule("*", "block", path_inside_workspace=False, reason="outside the workspace"),
            Rule("*", "allow", reason="a tool of the suite"),
        ]
    )


async def run_suite(
    suite: Suite,
    workdir: Path,
    *,
    store: TraceStore | None = None,
    on_case: Callable[[CaseResult], None] | None = None,
) -> SuiteResult:
    """Run every case of `suite` in order (workspaces under `workdir`)."""
    started = time.perf_counter()
    with StandThread(build_stand(suite_script(suite))) as url:
        # One client for every case: building one (its TLS context) costs tens of ms.
        async with httpx2.AsyncClient(timeout=None) as client:
            results = await _run_cases(suite, url, client, workdir, store, on_case)
    return SuiteResult(suite.name, str(suite.folder), results, time.perf_counter() - started)


async def _run_cases(
    suite: Suite,
    url: str,
    client: httpx2.AsyncClient,
    workdir: Path,
    store: TraceStore | None,
    on_case: Callable[[CaseResult], None] | None,
) -> list[CaseResult]:
    results: list[CaseResult] = []
    for case in suite.cases:
        ws = workdir / case.name
        ws.mkdir(parents=True, exist_ok=True)
        if not isinstance(case, CassetteCase) and case.workspace is not None:
            shutil.copytree(suite.folder / case.workspace, ws, dirs_exist_ok=True)
        result = await _run_case(suite, case, url, client, ws, store)
        results.append(result)
        if on_case is not None:
            on_case(result)
    return results


async def _run_case(
    suite: Suite,
    case: Case,
    url: str,
    client: httpx2.AsyncClient,
    ws: Path,
    store: TraceStore | None,
) -> CaseResult:
    started = time.perf_counter()
    limit = case.timeout_s or suite.timeout_s
    try:
        with anyio.fail_after(limit):
            if isinstance(case, CassetteCase):
                result = await _cassette_case(suite, case, url, client, ws, store)
            else:
                result = await _agent_case(suite, case, url, client, ws, store)
    except TimeoutError:
        result = CaseResult(case.name, case.kind, False, f"the case ran longer than {limit:g} s")
    result.duration_s = time.perf_counter() - started
    return result


# ---------------------------------------------------------------- cassette cases


async def _cassette_case(
    suite: Suite,
    case: CassetteCase,
    url: str,
    client: httpx2.AsyncClient,
    ws: Path,
    store: TraceStore | None,
) -> CaseResult:
    from tether.trace.gate import check_recorder

    cassette = suite.cassettes[case.name]
    tools = suite.case_tools(case)
    config = RuntimeConfig.model_validate({"retry": {"max_attempts": 1, "backoff_s": 0}})
    provider = provider_at(cassette.api, url, case.name, timeouts=TIMEOUTS, client=client)
    runtime = create_agent_runtime(
        config, providers=[provider], workspace=ws, tools=tools, rules=_rules(), store=store
    )
    recorder = Recorder(
        f"eval {suite.name}/{case.name}",
        sink=store,
        attrs={"tether.eval.suite": suite.name, "tether.eval.case": case.name},
    )
    request = Request(
        (Message.text("system", CASSETTE_SYSTEM), Message.text("user", case.prompt)),
        tools=tuple(ToolSpec(t.name, t.description, t.parameters) for t in tools),
    )
    turn: Turn | None = None
    verdict, error = "", ""
    try:
        answer = await runtime.chain.call(request, recorder=recorder)
        turn = answer.turn
    except ModelCallFailed as exc:
        error = str(exc)
        attempts = list(exc.attempts)
        if attempts:
            last = attempts[-1]
            turn = last.turn
            verdict = last.verdict.kind if last.verdict is not None else ""
    finally:
        with anyio.CancelScope(shield=True):
            await runtime.chain.aclose()
    checks: list[CheckResult] = []
    if case.checks:
        checks = await run_checks(
            case.checks,
            ws,
            answer=turn.content if turn is not None else "",
            timeout_s=case.check_timeout_s,
            recorder=recorder,
        )
    recorder.finish()
    if store is not None:
        store.flush()
    gate = check_recorder(recorder)
    problems = _expect_turn(case.expect, turn, verdict, error)
    if checks:
        problems += _check_problems(checks)
    if not gate.complete:
        problems.append("the trace is incomplete: " + "; ".join(gate.problems[:3]))
    details: dict[str, Any] = {"api": cassette.api, "cassette": cassette.path, "verdict": verdict}
    if turn is not None:
        details["turn"] = turn.to_json()
    if error:
        details["error"] = error
    if checks:
        details["checks"] = [c.to_json() for c in checks]
    passed = not problems
    reason = "; ".join(problems) if problems else _turn_summary(turn, verdict)
    return CaseResult(case.name, case.kind, passed, reason, run_id=recorder.run_id, details=details)


def _expect_turn(expect: CassetteExpect, turn: Turn | None, verdict: str, error: str) -> list[str]:
    problems: list[str] = []
    if verdict != expect.verdict:
        if expect.verdict and not verdict:
            got = f"the call failed without a verdict: {error}" if error else "it was an answer"
            problems.append(f"expected the judge's verdict {expect.verdict!r}, but {got}")
        elif expect.verdict:
            problems.append(f"expected the judge's verdict {expect.verdict!r}, got {verdict!r}")
        else:
            problems.append(f"the reply was not taken as an answer: verdict {verdict!r} ({error})")
    elif error and not expect.verdict:
        problems.append(f"the model call failed: {error}")
    if turn is None:
        if not problems:
            problems.append(f"no reply was parsed: {error or 'nothing came back'}")
        return problems
    problems += _expect_text(expect.text, expect.text_contains, turn.content)
    for piece in expect.reasoning_contains:
        if piece not in turn.reasoning:
            problems.append(
                f"the reasoning does not contain {piece!r} (got {_short(turn.reasoning)})"
            )
    if expect.tool_calls is not None:
        problems += _expect_calls(expect.tool_calls, list(turn.tool_calls), "parsed")
    if expect.finish is not None and turn.finish_reason != expect.finish:
        raw = f" (raw {turn.raw_finish_reason!r})" if turn.raw_finish_reason else ""
        problems.append(f"expected finish {expect.finish!r}, parsed {turn.finish_reason!r}{raw}")
    return problems


def _turn_summary(turn: Turn | None, verdict: str) -> str:
    if verdict:
        return f"verdict {verdict}, as expected"
    if turn is None:
        return "no reply, as expected"
    parts = []
    if turn.tool_calls:
        names = ", ".join(c.name for c in turn.tool_calls)
        n = len(turn.tool_calls)
        parts.append(f"{n} tool call{'s' if n != 1 else ''} parsed ({names})")
    if turn.content:
        parts.append(f"text {_short(turn.content, 40)}")
    parts.append(f"finish {turn.finish_reason}")
    return ", ".join(parts)


# ---------------------------------------------------------------- tools and golden cases


async def _agent_case(
    suite: Suite,
    case: ToolsCase | GoldenCase,
    url: str,
    client: httpx2.AsyncClient,
    ws: Path,
    store: TraceStore | None,
) -> CaseResult:
    cassette = suite.cassettes.get(case.name)
    api = cassette.api if cassette is not None else case.api
    config = RuntimeConfig.model_validate(
        {
            "retry": {"max_attempts": 2, "backoff_s": 0.01},
            "tools": {"timeout_s": case.tool_timeout_s},
            "check": {"timeout_s": case.check_timeout_s, "fix_cycles": case.fix_cycles},
        }
    )
    provider = provider_at(api, url, case.name, timeouts=TIMEOUTS, client=client)
    runtime = create_agent_runtime(
        config, providers=[provider], workspace=ws, tools=suite.case_tools(case), rules=_rules(),
        store=store, max_steps=case.max_steps, checks=case.checks,
    )  # fmt: skip
    results: list[ToolResult] = []

    def step(_number: int, batch: Sequence[ToolResult]) -> None:
        results.extend(batch)

    try:
        receipt = await runtime.run(case.prompt, on_step=step)
    finally:
        with anyio.CancelScope(shield=True):
            await runtime.chain.aclose()
    problems = _expect_run(case.expect, bool(case.checks), receipt, results)
    validated = ""
    validator = suite.validators.get(case.name)
    if validator is not None:
        ok, why = _validate(validator, receipt.final_text)
        validated = f"validator {case.validator}: {why or ('ok' if ok else 'rejected')}"
        if not ok:
            problems.append(
                f"the validator {case.validator} rejected the answer"
                + (f": {why}" if why else "")
                + f" (answer {_short(receipt.final_text)})"
            )
    details: dict[str, Any] = {
        "api": api,
        "receipt": receipt.to_json(),
        "tool_calls": [
            {"name": r.call.name, "arguments": r.call.arguments, "status": r.status}
            for r in results
        ],
    }
    if validated:
        details["validator"] = validated
    if problems:
        return CaseResult(
            case.name, case.kind, False, "; ".join(problems), run_id=receipt.run_id, details=details
        )
    summary = [f"status {receipt.status}"]
    if results:
        summary.append(", ".join(f"{r.call.name} {r.status}" for r in results))
    if validated:
        summary.append(validated)
    return CaseResult(
        case.name, case.kind, True, "; ".join(summary), run_id=receipt.run_id, details=details
    )


def _expect_run(
    expect: RunExpect, has_checks: bool, receipt: Receipt, results: Sequence[ToolResult]
) -> list[str]:
    problems: list[str] = []
    want = expect.status or ("done" if has_checks else "answered")
    if receipt.status != want:
        why = (
            receipt.error
            or receipt.verification
            or "; ".join(receipt.trace_problems[:3])
            or receipt.left_undone
        )
        problems.append(
            f"expected status {want!r}, the run ended {receipt.status!r}"
            + (f": {why}" if why else "")
        )
    problems += _expect_text(expect.text, expect.text_contains, receipt.final_text)
    if expect.tool_calls is not None:
        problems += _expect_calls(expect.tool_calls, [r.call for r in results], "made")
    for name, status in expect.tool_status.items():
        seen = [r.status for r in results if r.call.name == name]
        if not seen:
            problems.append(f"expected a call of {name} ({status}); the agent never called it")
        elif any(s != status for s in seen):
            problems.append(f"expected every call of {name} to end {status!r}, got {seen}")
    if receipt.trace_problems and receipt.status == want:
        problems.append("the trace is incomplete: " + "; ".join(receipt.trace_problems[:3]))
    return problems


def _validate(validator: Callable[[str], Any], answer: str) -> tuple[bool, str]:
    """A validator returns a bool or (bool, reason); anything else, or raising, is a failure."""
    try:
        out = validator(answer)
    except Exception as exc:
        return False, f"it raised {type(exc).__name__}: {exc}"
    if isinstance(out, bool):
        return out, ""
    if (
        isinstance(out, tuple)
        and len(out) == 2
        and isinstance(out[0], bool)
        and isinstance(out[1], str)
    ):
        return out[0], out[1]
    return False, f"it returned {out!r}; return a bool or (bool, reason)"


# ---------------------------------------------------------------- shared expectations


def _expect_text(text: str | None, contains: Sequence[str], got: str) -> list[str]:
    problems: list[str] = []
    if text is not None and got != text:
        problems.append(f"expected the text {_short(text)}, got {_short(got)}")
    for piece in contains:
        if piece not in got:
            problems.append(f"the text does not contain {piece!r} (got {_short(got)})")
    return problems


def _expect_calls(want: Sequence[ExpectedCall], got: Sequence[ToolCall], verb: str) -> list[str]:
    names = [c.name for c in got]
    if [w.name for w in want] != names:
        expected = ", ".join(w.name for w in want) or "none"
        return [f"expected tool calls [{expected}], {verb} [{', '.join(names) or 'none'}]"]
    problems: list[str] = []
    for i, (w, c) in enumerate(zip(want, got, strict=True)):
        if w.arguments is None:
            continue
        try:
            parsed = orjson.loads(c.arguments)
        except orjson.JSONDecodeError as exc:
            problems.append(
                f"tool call {i} ({c.name}): the arguments {verb} are not JSON "
                f"({exc}): {_short(c.arguments)}"
            )
            continue
        if parsed != w.arguments:
            problems.append(
                f"tool call {i} ({c.name}): expected arguments "
                f"{orjson.dumps(w.arguments).decode()}, {verb} {_short(c.arguments, 200)}"
            )
    return problems


def _check_problems(checks: Sequence[CheckResult]) -> list[str]:
    verdict = accept(checks)
    return [] if verdict.status == "passed" else [verdict.sentence]


def _short(text: str, limit: int = 80) -> str:
    one = " ".join(text.split())
    return repr(one if len(one) <= limit else one[: limit - 1] + "…")
