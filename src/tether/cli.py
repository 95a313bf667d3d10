"""The `tether` command: one typer app, each command a thin shell over the library.

Exit codes (DESIGN.md): 0 done or answered; 1 not accepted; 2 usage or input error;
3 not done (budget); 130 cancelled.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, NoReturn

import anyio
import anyio.to_thread
import orjson
import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from tether import __version__
from tether.agent.receipt import Receipt
from tether.errors import ModelCallFailed, TetherError, UsageError
from tether.messages import Message, Request, Turn
from tether.providers import Timeouts, adapter_for
from tether.reliability.chain import Answer, Attempt
from tether.trace.gate import RunResult
from tether.trace.spans import Recorder
from tether.trace.store import TraceStore

EXIT_OK = 0
EXIT_NOT_ACCEPTED = 1
EXIT_USAGE = 2

app = typer.Typer(
    name="tether",
    help="An agent harness that never lies about 'done'.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
err = Console(stderr=True, highlight=False, soft_wrap=True)
out = Console(highlight=False, soft_wrap=True)


def fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    """One line on stderr naming the problem and the fix, then exit."""
    err.print(f"tether: {message}", markup=False)
    raise typer.Exit(code)


def _version(value: bool) -> None:
    if value:
        out.print(f"tether {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version.")
    ] = False,
) -> None:
    """tether: judged model turns, closed traces, exit codes you can trust."""


# ---------------------------------------------------------------- stand


@app.command()
def stand(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port; 0 picks a free one.")] = 8765,
    script: Annotated[
        str | None, typer.Option(help="A JSON or YAML script of models and turns (see README).")
    ] = None,
    fault: Annotated[
        list[str] | None,
        typer.Option(
            "--fault", help="A fault for every request, e.g. gateway-200@0.15 (repeatable)."
        ),
    ] = None,
    log: Annotated[
        str | None, typer.Option(help="Write one exchange record per request here.")
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed for fault rates (default: the script's).")
    ] = None,
) -> None:
    """Run the simulated provider: OpenAI, Anthropic and Ollama wire formats on one port.

    The first line on stdout is the base URL (OpenAI clients add /v1).
    """
    from tether.serving import base_url, bind
    from tether.stand.server import build_stand, serve_forever

    try:
        the_stand = build_stand(script, fault or [], log, seed)
        sock = bind(host, port)
    except TetherError as exc:
        fail(str(exc))
    sys.stdout.write(base_url(sock) + "\n")
    sys.stdout.flush()
    models = ", ".join(the_stand.planner.script.models)
    faults = ", ".join(f.spec for f in the_stand.planner.faults) or "none"
    err.print(f"stand serving {models}; faults: {faults}", markup=False)
    serve_forever(the_stand, sock)


# ---------------------------------------------------------------- models


def _fetch_models(base: str, api_key: str | None) -> list[dict[str, Any]]:
    from tether.providers.listing import list_models

    try:
        rows = list_models(base, api_key)
    except TetherError as exc:
        fail(str(exc), 1)
    return [{"id": r.id, "window": r.window, "tools": r.tools} for r in rows]


@app.command()
def models(
    base_url: Annotated[
        str | None,
        typer.Option(
            help="A stand or provider, e.g. http://127.0.0.1:8765 or https://api.openai.com/v1. "
            "Default: the built-in stand."
        ),
    ] = None,
    api_key_env: Annotated[
        str, typer.Option(help="Environment variable holding the API key, if one is needed.")
    ] = "OPENAI_API_KEY",
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List the models a stand or a real provider serves."""
    if base_url is None:
        from tether.stand.server import StandThread

        with StandThread() as url:
            rows = _fetch_models(url, None)
    else:
        rows = _fetch_models(base_url, os.environ.get(api_key_env))
    if json_out:
        sys.stdout.write(orjson.dumps({"models": rows}).decode() + "\n")
        return
    table = Table("model", "window", "tools")
    for row in rows:
        window = row["window"]
        tools = row["tools"]
        table.add_row(
            str(row["id"]),
            f"{window:,}" if isinstance(window, int) else "?",
            "?" if tools is None else ("yes" if tools else "no"),
        )
    out.print(table)


# ---------------------------------------------------------------- ask


def _turn_json(turn: Turn) -> dict[str, Any]:
    usage = turn.usage
    return {
        "content": turn.content,
        "reasoning": turn.reasoning,
        "tool_calls": [
            {"id": c.id, "name": c.name, "arguments": c.arguments} for c in turn.tool_calls
        ],
        "finish_reason": turn.finish_reason,
        "termination": turn.termination,
        "usage": None
        if usage is None
        else {
            "prompt_tokens": usage.prompt_tokens,
            "completion_tokens": usage.completion_tokens,
            "cached_tokens": usage.cached_tokens,
        },
        "first_byte_s": turn.first_byte_s,
        "total_s": turn.total_s,
        "errors": [e.message for e in turn.errors],
        "malformed": [m.problem for m in turn.malformed],
    }


def _attempt_json(a: Attempt) -> dict[str, Any]:
    return {
        "candidate": a.candidate,
        "number": a.number,
        "verdict": a.verdict.kind if a.verdict else None,
        "detector": a.verdict.detector if a.verdict else None,
        "error": a.error or None,
        "status": a.status,
        "duration_s": round(a.duration_s, 6),
    }


@app.command()
def ask(
    prompt: Annotated[str, typer.Argument(help="What to ask the model.")],
    base_url: Annotated[
        str | None,
        typer.Option(
            help="Provider base URL (OpenAI style ends in /v1). Default: a built-in stand."
        ),
    ] = None,
    backup: Annotated[
        list[str] | None,
        typer.Option("--backup", help="A backup base URL, same API and model (repeatable)."),
    ] = None,
    backup_stand: Annotated[
        bool, typer.Option("--backup-stand", help="Add a healthy built-in stand as the backup.")
    ] = False,
    api: Annotated[str, typer.Option(help="Wire format: openai, anthropic or ollama.")] = "openai",
    model: Annotated[str, typer.Option(help="Model name.")] = "sim-large",
    api_key_env: Annotated[
        str, typer.Option(help="Environment variable holding the API key.")
    ] = "OPENAI_API_KEY",
    fault: Annotated[
        list[str] | None,
        typer.Option("--fault", help="With the built-in stand: inject this fault (repeatable)."),
    ] = None,
    breaker_store: Annotated[
        str,
        typer.Option(
            help="Where breaker state lives: memory, sqlite:///PATH.db or redis://HOST:PORT/DB."
        ),
    ] = "memory",
    store_path: Annotated[
        str | None,
        typer.Option(
            "--store", help="Trace store file (default: $TETHER_TRACE_STORE or the data dir)."
        ),
    ] = None,
    first_byte: Annotated[float, typer.Option(help="First-byte limit, seconds.")] = 60.0,
    silence: Annotated[float, typer.Option(help="Longest silence mid-stream, seconds.")] = 60.0,
    json_out: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Ask one question through the failover chain: every turn judged, bad ones retried.

    Exit 0 when a judged answer came back; 1 when every attempt failed (the error says why).
    """
    from tether.agent.runtime import RuntimeConfig, create_agent_runtime
    from tether.reliability.breaker import store_from_url
    from tether.reliability.chain import Notice

    try:
        adapter = adapter_for(api)
        timeouts = Timeouts(first_byte=first_byte, silence=silence)
        store_from_url(breaker_store)  # a bad store is a usage error before anything starts
    except UsageError as exc:
        fail(str(exc))
    if base_url is not None and (fault or backup_stand):
        fail("--fault and --backup-stand work only with the built-in stand; drop --base-url")

    def notice(n: Notice) -> None:
        if not json_out:
            err.print(f"[{n.kind}] {n.message}", markup=False)

    def text(piece: str) -> None:
        if not json_out:
            sys.stdout.write(piece)
            sys.stdout.flush()

    try:
        traces = TraceStore(store_path)
    except UsageError as exc:
        fail(str(exc))
    recorder = Recorder("ask", sink=traces, attrs={"tether.prompt_chars": len(prompt)})

    async def run(urls: list[str]) -> Answer:
        key = os.environ.get(api_key_env)
        # Built by the one factory, like every agent: the same chain, judge and breakers.
        runtime = create_agent_runtime(
            RuntimeConfig.model_validate({"breakers": {"store": breaker_store}}),
            providers=[adapter(url, model, api_key=key, timeouts=timeouts) for url in urls],
            tools=(),
            store=None,
            on_notice=notice,
        )
        chain = runtime.chain
        try:
            request = Request(messages=(Message.text("user", prompt),))
            return await chain.call(request, on_text=text, recorder=recorder)
        finally:
            await chain.aclose()

    failure: ModelCallFailed | None = None
    answer: Answer | None = None
    try:
        with contextlib.ExitStack() as stack:
            if base_url is None:
                from tether.stand.server import StandThread, build_stand
                from tether.wire.apis import api_named

                sdk_base = api_named(api).sdk_base
                primary = stack.enter_context(StandThread(build_stand(faults=fault or [])))
                urls = [primary + sdk_base]
                if backup_stand:
                    urls.append(stack.enter_context(StandThread()) + sdk_base)
            else:
                urls = [base_url, *(backup or [])]
            answer = anyio.run(run, urls)
    except UsageError as exc:
        fail(str(exc))
    except ModelCallFailed as exc:
        failure = exc
    finally:
        recorder.finish()
        traces.close()
    gate = _gate(recorder)
    _export_live(recorder.to_json())
    attempts = answer.attempts if answer else (failure.attempts if failure else ())
    if json_out:
        body: dict[str, Any] = {
            "status": "incomplete" if not gate.complete else ("answered" if answer else "error"),
            "run_id": recorder.run_id,
            "trace_problems": gate.problems,
            "candidate": answer.candidate if answer else None,
            "turn": _turn_json(answer.turn) if answer else None,
            "error": str(failure) if failure else None,
            "attempts": [_attempt_json(a) for a in attempts],
            "notices": [
                {"kind": n.kind, "message": n.message} for n in (answer.notices if answer else ())
            ],
        }
        sys.stdout.write(orjson.dumps(body).decode() + "\n")
    elif answer is not None:
        sys.stdout.write("\n")
        turn = answer.turn
        usage = turn.usage
        tokens = (
            f"{usage.prompt_tokens} in / {usage.completion_tokens} out" if usage else "no usage"
        )
        met = sorted(
            {a.verdict.kind for a in attempts if a.verdict}
            | {f"http {a.status}" for a in attempts if a.status}
        )
        err.print(
            f"answered by {answer.candidate} after {len(attempts)} attempt(s)"
            + (f"; met on the way: {', '.join(met)}" if met else "")
            + f"; tokens: {tokens}; first byte {turn.first_byte_s or 0:.3f}s",
            markup=False,
        )
    else:
        err.print(f"tether: no answer: {failure}", markup=False)
    if not gate.complete:  # the trace did not close: whatever the model said, not accepted
        err.print(
            f"tether: the run's trace is incomplete: {'; '.join(gate.problems)}", markup=False
        )
    raise typer.Exit(EXIT_OK if answer and gate.complete else EXIT_NOT_ACCEPTED)


def _export_live(trace: dict[str, Any]) -> None:
    """Send a run (seed schema) to an OTLP/HTTP receiver when one is configured
    (OTEL_EXPORTER_OTLP_*)."""
    from tether.trace.otel import endpoint_from_env, export_otlp_http

    endpoint = endpoint_from_env()
    if endpoint is None:
        return
    try:
        export_otlp_http(trace, endpoint)
    except UsageError as exc:  # the run itself is recorded in the store either way
        err.print(f"tether: live trace export failed: {exc}", markup=False)


def _gate(recorder: Recorder) -> RunResult:
    """The completeness gate on a run just recorded (the CLI's exit code follows it)."""
    from tether.trace.formats import runs_from_document
    from tether.trace.gate import check_run

    (run,) = runs_from_document(recorder.to_json(), f"run {recorder.run_id}")
    return check_run(run)


# ---------------------------------------------------------------- audit, judge


_RECORD_HELP = (
    "an exchange record is one JSON object with api, request and reply, "
    "as `tether stand --log FILE` writes one per line"
)


def _finding_line(finding: Any) -> str:
    """`line N  VERDICT  excerpt` for a finding of tether.audit."""
    from tether.audit import HTTP_ERROR, MALFORMED_LINE

    if finding.verdict == MALFORMED_LINE:
        return f"line {finding.line}  malformed line  {finding.detail}"
    if finding.verdict == HTTP_ERROR:
        return f"line {finding.line}  {HTTP_ERROR} {finding.status}  {finding.excerpt}"
    verdict = finding.verdict or "answer"
    return f"line {finding.line}  {verdict}  {finding.excerpt}"


@app.command()
def audit(
    file: Annotated[str, typer.Argument(help="A JSONL log of exchange records.")],
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Re-judge every exchange record of a log, offline: which turns were not answers?

    Exit 0 when every turn is an answer; 1 when any is not (or a line is not a record);
    2 when the file cannot be read.
    """
    from tether.audit import audit_lines, summarize

    fix = f"give a JSONL log of exchange records ({_RECORD_HELP})"
    try:
        with open(file, encoding="utf-8-sig") as lines:
            findings = audit_lines(lines)
    except FileNotFoundError:
        fail(f"{file}: no such file; {fix}")
    except IsADirectoryError:
        fail(f"{file} is a directory; {fix}")
    except UnicodeDecodeError:
        fail(f"{file} is not UTF-8 text; {fix}")
    except OSError as exc:
        fail(f"cannot read {file}: {exc.strerror or exc}; {fix}")
    summary = summarize(findings)
    bad = summary["not_answers"] + summary["malformed_lines"]
    if json_out:
        body = {"records": [f.as_json() for f in findings], "summary": summary}
        sys.stdout.write(orjson.dumps(body).decode() + "\n")
    else:
        text = [_finding_line(f) for f in findings if f.verdict is not None]
        fixed = ("total", "answers", "not_answers", "malformed_lines")
        kinds = ", ".join(f"{k} {n}" for k, n in summary.items() if k not in fixed)
        text.append(f"by verdict: {kinds or 'none'}")
        text.append(
            f"total {summary['total']}: {summary['answers']} answers, "
            f"{summary['not_answers']} not answers, {summary['malformed_lines']} malformed lines"
        )
        sys.stdout.write("\n".join(text) + "\n")
    raise typer.Exit(EXIT_NOT_ACCEPTED if bad else EXIT_OK)


@app.command()
def judge(
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    explain: Annotated[
        bool, typer.Option("--explain", help="Print every signal read in the reply's text.")
    ] = False,
) -> None:
    """Judge ONE exchange record read from stdin: is its turn an answer?

    Exit 0 when it is; 1 when it is not (or the record is an HTTP error); 2 when stdin is not
    one exchange record. --explain prints the evidence weighed on the reply's text: each
    signal with its weight (positive: a failure; negative: an answer) and their sum.
    """
    from tether.audit import MALFORMED_LINE, audit_text, explain_text

    fix = f"pipe one record into `tether judge` ({_RECORD_HELP}); for a log use `tether audit`"
    if sys.stdin is None or sys.stdin.isatty():
        fail(f"stdin: nothing piped in; {fix}")
    try:
        text = sys.stdin.buffer.read().decode("utf-8-sig")
    except UnicodeDecodeError:
        fail(f"stdin is not UTF-8 text; {fix}")
    if not text.strip():
        fail(f"stdin is empty; {fix}")
    finding = audit_text(text)
    if finding.verdict == MALFORMED_LINE:
        fail(f"stdin is not an exchange record: {finding.detail}; {fix}")
    reading = explain_text(text) if explain else None
    if json_out:
        body = finding.as_json()
        del body["line"]
        if reading is not None:
            body["score"] = reading.score
            body["threshold"] = reading.threshold
            body["signals"] = [
                {"name": s.name, "weight": s.weight, "evidence": s.evidence}
                for s in reading.signals
            ]
        sys.stdout.write(orjson.dumps(body).decode() + "\n")
    else:
        verdict = finding.verdict or "answer"
        head = f"{verdict} ({finding.detector})" + (f": {finding.detail}" if finding.detail else "")
        sys.stdout.write(head + "\n" + (f"  {finding.excerpt}\n" if finding.excerpt else ""))
        if explain and reading is None:
            sys.stdout.write("no reply text to weigh\n")
        elif reading is not None:
            lines = [
                f"  {s.weight:+6.2f}  {s.name:<24} {s.evidence[:70]!r}" for s in reading.signals
            ]
            lines.append(
                f"  {reading.score:+6.2f}  sum (a failure text from {reading.threshold:.2f})"
            )
            sys.stdout.write("\n".join(lines) + "\n")
    raise typer.Exit(EXIT_OK if finding.is_answer else EXIT_NOT_ACCEPTED)


# ---------------------------------------------------------------- run (the agent)


@app.command()
def run(
    task: Annotated[str, typer.Argument(help="What the agent should do.")],
    workspace: Annotated[str, typer.Option(help="The folder the tools are confined to.")] = ".",
    config: Annotated[
        str | None, typer.Option(help="A TOML configuration (candidates, rules, budgets).")
    ] = None,
    model: Annotated[str, typer.Option(help="Model name on the built-in stand.")] = "sim-large",
    max_steps: Annotated[int | None, typer.Option(help="Step budget (default 25).")] = None,
    script: Annotated[
        str | None, typer.Option(help="Without --config: a stand script for the built-in stand.")
    ] = None,
    fault: Annotated[
        list[str] | None,
        typer.Option("--fault", help="Without --config: a stand fault (repeatable)."),
    ] = None,
    store_path: Annotated[str | None, typer.Option("--store", help="Trace store file.")] = None,
    check: Annotated[
        list[str] | None,
        typer.Option(
            "--check",
            help="A shell command that must pass after the answer (repeatable); "
            "done only when every check passes.",
        ),
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print the receipt as JSON.")] = False,
) -> None:
    """Run an agent on a task: judged turns, guarded tools, checks, a receipt, a closed trace.

    With no --config it runs offline against the built-in stand. Exit codes: 0 done/answered,
    1 failed/unverified/error/incomplete, 3 not done (budget or hand-over), 130 cancelled.
    """
    import signal

    from tether.agent.runtime import create_agent_runtime
    from tether.checks import CheckResult
    from tether.reliability.chain import Notice
    from tether.tools.runner import PermissionRequest, ToolResult

    interactive = sys.stdin is not None and sys.stdin.isatty() and not json_out

    async def ask(request: PermissionRequest) -> bool:
        if not interactive:
            return False
        answer = await anyio.to_thread.run_sync(
            lambda: typer.confirm(
                f"allow {request.call.name}({request.call.arguments})?", default=False
            )
        )
        return bool(answer)

    def notice(n: Notice) -> None:
        if not json_out:
            err.print(f"[{n.kind}] {n.message}", markup=False)

    streamed = [False]  # text since the last check line (an answer to end with a newline)

    def text(piece: str) -> None:
        if not json_out:
            sys.stdout.write(piece)
            sys.stdout.flush()
            streamed[0] = True

    def checked(result: CheckResult) -> None:
        if not json_out:
            if streamed[0]:
                sys.stdout.write("\n")
                sys.stdout.flush()
                streamed[0] = False
            err.print(f"check {result.status}: {result.explain()}", markup=False)

    def step(number: int, results: Sequence[ToolResult]) -> None:
        if not json_out:
            for r in results:
                err.print(
                    f"step {number}: {r.call.name}({r.call.arguments[:80]}) -> {r.status}",
                    markup=False,
                )

    try:
        traces = TraceStore(store_path)
    except UsageError as exc:
        fail(str(exc))

    async def go(providers: list[Any]) -> Receipt:
        runtime = create_agent_runtime(
            config, providers=providers, workspace=workspace, ask=ask, max_steps=max_steps,
            store=traces, on_notice=notice, checks=check or (),
        )  # fmt: skip
        if runtime.sandbox is not None and not runtime.sandbox.active and not json_out:
            err.print(f"[sandbox] {runtime.sandbox.why_not()}", markup=False)
        try:
            async with anyio.create_task_group() as tg:

                async def stop_on_sigint() -> None:
                    # SIGTERM (timeout, docker stop, systemd, CI cancelling) and SIGHUP (a
                    # closed terminal) stop the run as Ctrl-C does: a receipt, closed spans
                    stops = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
                    with anyio.open_signal_receiver(*stops) as signals:
                        async for _ in signals:
                            runtime.cancel()
                            return

                tg.start_soon(stop_on_sigint)
                receipt = await runtime.run(task, on_text=text, on_step=step, on_check=checked)
                tg.cancel_scope.cancel()
            return receipt
        finally:
            await runtime.chain.aclose()

    try:
        with contextlib.ExitStack() as stack:
            providers: list[Any] = []
            if config is None:
                from tether.providers import provider_at
                from tether.stand.server import StandThread, build_stand

                the_stand = build_stand(script, fault or [])
                spec = the_stand.planner.model(model)
                if spec is None:
                    served = ", ".join(the_stand.planner.script.models)
                    fail(
                        f"the built-in stand does not serve {model!r}; use --model one of: {served}"
                    )
                url = stack.enter_context(StandThread(the_stand))
                # the stand's own window and tool support, so the budget fits what it accepts
                providers.append(
                    provider_at("openai", url, model, window=spec.window, supports_tools=spec.tools)
                )
            receipt = anyio.run(go, providers)
        stored = traces.trace(receipt.run_id) if receipt.run_id else None
        if stored is not None:
            _export_live(stored)
    except UsageError as exc:
        fail(str(exc))
    finally:
        traces.close()
    if json_out:
        sys.stdout.write(orjson.dumps(receipt.to_json()).decode() + "\n")
    else:
        sys.stdout.write("\n")
        err.print(
            f"status: {receipt.status}  steps: {receipt.steps}  run: {receipt.run_id}", markup=False
        )
        for line in receipt.done:
            err.print(f"  done (can't be undone here): {line}", markup=False)
        for line in receipt.cancelled:
            err.print(f"  cancelled while running: {line}", markup=False)
        for label, value in (
            ("left undone", receipt.left_undone),
            ("hand over", receipt.handover),
            ("error", receipt.error),
        ):
            if value:
                err.print(f"  {label}: {value}", markup=False)
        if receipt.trace_problems:
            err.print(f"  trace incomplete: {'; '.join(receipt.trace_problems)}", markup=False)
        if receipt.verification:  # begins "checks passed", "checks failed" or "not verified"
            err.print(receipt.verification, markup=False)
    raise typer.Exit(receipt.exit_code)


# ---------------------------------------------------------------- traces and the gate

StoreOption = Annotated[
    str | None,
    typer.Option(
        "--store", help="Trace store file (default: $TETHER_TRACE_STORE or the data dir)."
    ),
]


def _open_store(path: str | None, must_exist: bool = True) -> TraceStore:
    from tether.trace.store import default_path

    where = Path(path) if path else default_path()
    if must_exist and not where.exists():
        fail(f"no trace store at {where}: run `tether ask ...` first, or pass --store PATH")
    try:
        return TraceStore(where)
    except UsageError as exc:
        fail(str(exc))


@app.command()
def check(
    targets: Annotated[
        list[str] | None,
        typer.Argument(help="Trace files (seed JSON, OTLP JSON, JSONL), folders, or run ids."),
    ] = None,
    last: Annotated[
        int | None, typer.Option(help="Also check the newest N runs in the store.")
    ] = None,
    store_path: StoreOption = None,
    cluster: Annotated[
        bool, typer.Option("--cluster", help="Group incomplete runs by fingerprint.")
    ] = False,
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """The completeness gate: did every span of every run close, and does each root tell the truth?

    Exit 0 when every run is complete; 1 when any is incomplete or failed; 2 when input could
    not be read (and nothing incomplete was found).
    """
    from tether.trace.gate import check_targets

    targets = targets or []
    if not targets and last is None:
        fail(
            "give trace files, folders or run ids to check, or --last N for the store's newest runs"
        )
    needs_store = last is not None or any(not Path(t).exists() for t in targets)
    store = _open_store(store_path, must_exist=last is not None) if needs_store else None
    try:
        report = check_targets(targets, store, last)
    finally:
        if store is not None:
            store.close()
    if json_out:
        body = report.to_json()
        if not cluster:
            body.pop("clusters", None)
        sys.stdout.write(orjson.dumps(body).decode() + "\n")
        raise typer.Exit(report.exit_code)
    for target, reason in report.unreadable:
        err.print(f"tether: cannot read {target}: {reason}", markup=False)
    for r in report.runs:
        if r.complete:
            out.print(f"complete    {r.run_id}", markup=False)
        else:
            out.print(
                f"INCOMPLETE  {r.run_id}  {len(r.problems)} problem(s)  "
                f"fingerprint {r.fingerprint}",
                markup=False,
            )
            for problem in r.problems[:20]:
                out.print(f"    {problem}", markup=False)
            if len(r.problems) > 20:
                out.print(f"    ... and {len(r.problems) - 20} more", markup=False)
    if cluster:
        for c in report.clusters().values():
            out.print(
                f"{c.count:>5}  {c.fingerprint}  {'; '.join(c.signature)[:160]}", markup=False
            )
    complete = sum(1 for r in report.runs if r.complete)
    err.print(
        f"{len(report.runs)} run(s): {complete} complete, {len(report.runs) - complete} incomplete"
        + (f"; {len(report.unreadable)} input(s) unreadable" if report.unreadable else ""),
        markup=False,
    )
    raise typer.Exit(report.exit_code)


@app.command(name="eval")
def eval_suite(
    suite: Annotated[
        str, typer.Argument(help="A suite folder (with suite.toml) or a built-in suite's name.")
    ],
    store_path: StoreOption = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = False,
) -> None:
    """Run an eval suite on the built-in stand: recorded replies, tool-use tasks, golden answers.

    One line per case, then a summary. Exit 0 when every case passes, 1 when any fails, 2 when
    the suite cannot be read (the message names the file, the key and the fix).
    """
    import tempfile

    from tether.evals import CaseResult, load_suite, run_suite

    try:
        loaded = load_suite(suite)
        traces = TraceStore(store_path)
    except UsageError as exc:
        fail(str(exc))

    width = max(len(c.name) for c in loaded.cases)

    def line(c: CaseResult) -> None:
        if not json_out:
            mark = "PASS" if c.passed else "FAIL"
            out.print(
                f"{mark}  {c.kind:<8}  {c.name:<{width}}  {c.duration_s:5.2f}s  {c.reason}",
                markup=False,
            )

    try:
        with tempfile.TemporaryDirectory(prefix="tether-eval-") as work:
            result = anyio.run(lambda: run_suite(loaded, Path(work), store=traces, on_case=line))
    except UsageError as exc:
        fail(str(exc))
    finally:
        traces.close()
    if json_out:
        sys.stdout.write(orjson.dumps(result.to_json()).decode() + "\n")
    else:
        cases, failed = len(result.cases), len(result.failed)
        out.print(
            f"suite {result.suite}: {cases} cases, {cases - failed} passed, {failed} failed "
            f"in {result.duration_s:.1f}s",
            markup=False,
        )
    raise typer.Exit(result.exit_code)


@app.command()
def lab(
    mix: Annotated[str, typer.Option(help="Fault mix: calm, seed-oct or storm.")] = "seed-oct",
    tasks: Annotated[int, typer.Option(help="How many tasks (the five kinds in turn).")] = 50,
    seed: Annotated[int, typer.Option(help="Seed for the tasks and the faults.")] = 0,
    harness: Annotated[
        str, typer.Option(help="Harnesses to compare, comma-separated: naive,tether.")
    ] = "naive,tether",
    concurrency: Annotated[int, typer.Option(help="Runs at a time per harness.")] = 8,
    latency: Annotated[
        str | None, typer.Option(help="Replay a latency file on the primary provider.")
    ] = None,
    out_dir: Annotated[
        str | None, typer.Option("--out", help="Write report.md, chart.svg and runs.json here.")
    ] = None,
    store_path: StoreOption = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
) -> None:
    """Reproduce false "done"s on the built-in stand: the naive loop beside tether.

    Same tasks, same faults, same seed. Exit 0 when tether said no false "done" and every
    trace closed, else 1.
    """
    import tempfile

    from tether.lab.experiment import HARNESSES, LabSettings, run_lab
    from tether.lab.mixes import get_mix
    from tether.lab.report import lab_json, table_rows, write_report

    chosen = [h.strip() for h in harness.split(",") if h.strip()]
    unknown = [h for h in chosen if h not in HARNESSES]
    if unknown or not chosen:
        fail(f"--harness {harness!r}: use naive, tether or naive,tether")
    if tasks < 1:
        fail(f"--tasks {tasks}: give at least 1 task")
    if concurrency < 1:
        fail(f"--concurrency {concurrency}: give at least 1")
    if latency is not None and not Path(latency).is_file():
        fail(f'--latency {latency}: no such file (JSONL lines of {{"ttfb": s, "s": s}})')
    try:
        the_mix = get_mix(mix)
        traces = TraceStore(store_path)
    except UsageError as exc:
        fail(str(exc))
    from rich.progress import Progress

    try:
        with (
            tempfile.TemporaryDirectory(prefix="tether-lab-") as work,
            Progress(console=err, transient=True, disable=json_out) as progress,
        ):
            settings = LabSettings(
                the_mix, tasks=tasks, seed=seed, harnesses=chosen, concurrency=concurrency,
                workdir=Path(work), store=traces, latency_file=latency,
            )  # fmt: skip
            bar = progress.add_task("lab runs", total=tasks * len(chosen))
            result = anyio.run(run_lab, settings, lambda _r: progress.advance(bar))
    except UsageError as exc:
        fail(str(exc))
    finally:
        traces.close()
    body = lab_json(result)
    written = write_report(result, Path(out_dir)) if out_dir else []
    tether_figures = body["harnesses"].get("tether")
    ok = result.gate.get("checked", 0) == result.gate.get("complete", 0) and (
        tether_figures is None or tether_figures["false_done"] == 0
    )
    if json_out:
        sys.stdout.write(orjson.dumps(body).decode() + "\n")
        raise typer.Exit(0 if ok else 1)
    table = Table(title=f"tether lab: mix {mix}, seed {seed}, {len(result.tasks)} tasks")
    table.add_column("")
    for name in body["harnesses"]:
        table.add_column(name, justify="right")
    for row in table_rows(body):
        table.add_row(*row)
    out.print(table)
    gate = result.gate
    if gate.get("checked"):
        out.print(
            f"traces: {gate['complete']} of {gate['checked']} tether runs complete "
            "(`tether check` passed)",
            markup=False,
        )
    out.print(
        "time: " + ", ".join(f"{k} {v:.1f}s" for k, v in body["timing_s"].items()), markup=False
    )
    for path in written:
        out.print(f"wrote {path}", markup=False)
    raise typer.Exit(0 if ok else 1)


traces_app = typer.Typer(
    help="The runs in the trace store: list, show, export.", no_args_is_help=True
)
app.add_typer(traces_app, name="traces")


def _resolve_run(store: TraceStore, run: str) -> str:
    if run == "last":
        newest = store.last(1)
        if not newest:
            fail(f"the trace store {store.path} has no runs yet")
        return newest[0]
    found = store.find(run)
    if not found:
        fail(f"no run {run!r} in {store.path}; `tether traces list` shows the runs")
    if len(found) > 1 and run not in found:
        fail(f"{run!r} matches {len(found)} runs; give more of the id")
    return run if run in found else found[0]


def _run_summary(trace: dict[str, Any]) -> tuple[list[str], int, int, float | None]:
    """Verdicts met, tokens in and out, and cost: the run's own priced steps when it priced them
    (its configuration's prices), else the built-in prices; None when any call has no price."""
    from tether.agent.cost import cost
    from tether.messages import Usage

    verdicts: set[str] = set()
    tokens_in = tokens_out = 0
    priced: list[float] = []
    builtin: float | None = 0.0
    for s in trace["spans"]:
        attrs = s.get("attrs") or {}
        if attrs.get("tether.verdict"):
            verdicts.add(str(attrs["tether.verdict"]))
        if "tether.cost_usd" in attrs:
            priced.append(float(attrs["tether.cost_usd"]))
        if s.get("kind") == "model":
            used_in = int(attrs.get("gen_ai.usage.input_tokens") or 0)
            used_out = int(attrs.get("gen_ai.usage.output_tokens") or 0)
            tokens_in += used_in
            tokens_out += used_out
            if "gen_ai.usage.input_tokens" in attrs:
                cached = int(attrs.get("gen_ai.usage.cache_read.input_tokens") or 0)
                spent = cost(
                    Usage(used_in, used_out, cached_tokens=cached),
                    str(attrs.get("gen_ai.request.model", "")),
                )
                builtin = None if spent is None or builtin is None else builtin + spent
    return sorted(verdicts), tokens_in, tokens_out, sum(priced) if priced else builtin


@traces_app.command("list")
def traces_list(
    limit: Annotated[int, typer.Option(help="How many runs, newest first.")] = 20,
    store_path: StoreOption = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """The newest runs: status, verdicts met, duration, tokens, cost."""
    from datetime import datetime

    store = _open_store(store_path)
    rows: list[dict[str, Any]] = []
    for info in store.runs(limit):
        trace = store.trace(info.run_id) or {"spans": []}
        verdicts, tokens_in, tokens_out, spent = _run_summary(trace)
        rows.append(
            {
                "run_id": info.run_id,
                "name": info.name,
                "started_at": info.started_at,
                "duration_s": info.duration_s,
                "status": info.status or "open",
                "spans": info.span_count,
                "open_spans": info.open_spans,
                "verdicts": verdicts,
                "input_tokens": tokens_in,
                "output_tokens": tokens_out,
                "cost_usd": spent,
            }
        )
    store.close()
    if json_out:
        sys.stdout.write(orjson.dumps({"runs": rows}).decode() + "\n")
        return
    table = Table(
        "run",
        "name",
        "started",
        "duration",
        "status",
        "spans",
        "verdicts met",
        "tokens in/out",
        "cost",
    )
    for r in rows:
        started = datetime.fromtimestamp(r["started_at"]).strftime("%Y-%m-%d %H:%M:%S")
        duration = f"{r['duration_s']:.2f}s" if r["duration_s"] is not None else "-"
        spans = f"{r['spans']}" + (f" ({r['open_spans']} open)" if r["open_spans"] else "")
        table.add_row(
            r["run_id"][:12],
            r["name"],
            started,
            duration,
            r["status"],
            spans,
            ", ".join(r["verdicts"]) or "-",
            f"{r['input_tokens']}/{r['output_tokens']}",
            "-" if r["cost_usd"] is None else f"${r['cost_usd']:.6f}",
        )
    out.print(table)


@traces_app.command("show")
def traces_show(
    run: Annotated[str, typer.Argument(help="A run id, a unique prefix, or `last`.")],
    store_path: StoreOption = None,
) -> None:
    """A run's span tree: kinds, names, statuses, durations and verdicts."""
    from rich.tree import Tree

    store = _open_store(store_path)
    run_id = _resolve_run(store, run)
    trace = store.trace(run_id)
    store.close()
    assert trace is not None
    spans = trace["spans"]
    children: dict[str | None, list[dict[str, Any]]] = {}
    for s in spans:
        children.setdefault(s.get("parent_id"), []).append(s)

    def label(s: dict[str, Any]) -> str:
        status = s.get("status") or "OPEN"
        ended = s.get("ended_at")
        took = f"{ended - s['started_at']:.3f}s" if ended is not None else "never ended"
        attrs = s.get("attrs") or {}
        extra = ""
        if attrs.get("tether.verdict"):
            extra = f"  verdict={attrs['tether.verdict']}"
        elif attrs.get("tether.error"):
            extra = f"  error={str(attrs['tether.error'])[:80]}"
        color = {"ok": "green", "OPEN": "bold red"}.get(status, "yellow")
        name = escape(str(s.get("name")))
        return f"[bold]{s.get('kind')}[/] {name}  [{color}]{status}[/]  {took}{escape(extra)}"

    ids = {s["id"] for s in spans}
    tree = Tree(f"run {run_id}")

    def add(node: Tree, s: dict[str, Any], depth: int = 0) -> None:
        branch = node.add(label(s))
        if depth < 64:
            for child in children.get(s["id"], []):
                add(branch, child, depth + 1)

    for s in spans:
        if s.get("parent_id") is None or s.get("parent_id") not in ids:
            add(tree, s)
    out.print(tree)


@traces_app.command("export")
def traces_export(
    run: Annotated[str, typer.Argument(help="A run id, a unique prefix, or `last`.")],
    format: Annotated[str, typer.Option("--format", help="seed-json or otlp-json.")] = "seed-json",
    otlp_endpoint: Annotated[
        str | None,
        typer.Option(help="Send the run to this OTLP/HTTP endpoint (needs tether[otel])."),
    ] = None,
    store_path: StoreOption = None,
) -> None:
    """Print a run as run JSON (`run_id`, `root_id`, `spans[]`) or OTLP JSON, or send it to an
    OTLP/HTTP receiver."""
    from tether import __version__ as version
    from tether.trace.otel import export_otlp_http, to_otlp_json

    if format not in ("seed-json", "otlp-json"):
        fail(f"unknown format {format!r}: use seed-json or otlp-json")
    store = _open_store(store_path)
    run_id = _resolve_run(store, run)
    trace = store.trace(run_id)
    store.close()
    assert trace is not None
    if otlp_endpoint:
        try:
            sent = export_otlp_http(trace, otlp_endpoint)
        except UsageError as exc:
            fail(str(exc), EXIT_NOT_ACCEPTED)
        err.print(f"sent {sent} span(s) of run {run_id} to {otlp_endpoint}", markup=False)
        return
    body = trace if format == "seed-json" else to_otlp_json(trace, version)
    sys.stdout.write(orjson.dumps(body).decode() + "\n")


# ---------------------------------------------------------------- proxy


@app.command()
def proxy(
    upstream: Annotated[
        str | None,
        typer.Option(help="The primary upstream's base URL (OpenAI's convention: ends in /v1)."),
    ] = None,
    backup: Annotated[
        list[str] | None,
        typer.Option("--backup", help="A backup base URL, tried in order (repeatable)."),
    ] = None,
    config: Annotated[
        str | None,
        typer.Option(help="A TOML configuration: upstreams, model names, keys, breakers."),
    ] = None,
    api: Annotated[
        str, typer.Option(help="Wire format of --upstream and --backup: openai or anthropic.")
    ] = "openai",
    api_key_env: Annotated[
        str | None, typer.Option(help="Environment variable holding the upstreams' API key.")
    ] = None,
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port; 0 picks a free one.")] = 8790,
    log: Annotated[
        str | None, typer.Option(help="Write one exchange record per request here.")
    ] = None,
    workers: Annotated[
        int, typer.Option(help="Processes sharing the port (breakers agree via a shared store).")
    ] = 1,
    store_path: Annotated[
        str | None,
        typer.Option("--store", help="Record every request as a run (spans) in this trace store."),
    ] = None,
) -> None:
    """Run the guarding proxy: every turn judged before the client sees a byte of it.

    Bad turns are retried and failed over; OpenAI (/v1/chat/completions) and Anthropic
    (/v1/messages) clients.

    The first line on stdout is the base URL (OpenAI clients add /v1).
    """
    from tether.proxy import Proxy, config_from_urls, load_proxy_config, serve_workers
    from tether.serving import base_url, bind

    if (upstream is None) == (config is None):
        fail("give the upstreams with --upstream URL [--backup URL]... or with --config FILE")
    if workers < 1:
        fail(f"--workers {workers}: give 1 or more processes")
    if config is not None and (backup or api_key_env):
        fail("with --config, list every upstream (and its api_key_env) as [[upstreams]] there")
    try:
        if config is not None:
            settings = load_proxy_config(config)
            if log is not None:
                settings.proxy.log = log
            if store_path is not None:
                settings.proxy.store = store_path
        else:
            assert upstream is not None
            settings = config_from_urls(
                upstream, backup or [], api=api, api_key_env=api_key_env, log=log,
                store=store_path,
            )  # fmt: skip
        the_proxy = Proxy(settings)
        sock = bind(host, port)
    except TetherError as exc:
        fail(str(exc))
    sys.stdout.write(base_url(sock) + "\n")
    sys.stdout.flush()
    chain = " -> ".join(u.base_url for u in settings.upstreams)
    err.print(f"proxy in front of {chain}; log: {settings.proxy.log or 'none'}", markup=False)
    if workers == 1:
        serve_workers(lambda: the_proxy, sock, 1)
        return
    if the_proxy.log is not None:  # each worker opens its own (lines are appended whole)
        the_proxy.log.close()
    serve_workers(lambda: Proxy(settings), sock, workers)


def main() -> None:
    """Console entry point."""
    app()
