"""`tether ask`: one question through the failover chain, every turn judged."""

from __future__ import annotations

import contextlib
import sys
from typing import Annotated, Any

import anyio
import anyio.to_thread
import orjson
import typer

from tether.agent.signals import cancel_on_signals
from tether.cli.common import (
    EXIT_CANCELLED,
    EXIT_NOT_ACCEPTED,
    EXIT_OK,
    api_key,
    base_url_from_env,
    command,
    err,
    export_live,
    fail,
)
from tether.errors import Cancelled, ModelCallFailed
from tether.providers import Timeouts, adapter_for
from tether.reliability.chain import Answer
from tether.trace.gate import check_recorder
from tether.trace.spans import Recorder
from tether.trace.store import TraceStore


@command()
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
    api: Annotated[
        str, typer.Option(help="Wire format: openai, anthropic, ollama or responses.")
    ] = "openai",
    model: Annotated[
        str | None,
        typer.Option(help="Model name (default: sim-large, the built-in stand's)."),
    ] = None,
    api_key_env: Annotated[
        str | None,
        typer.Option(
            help="Environment variable holding the API key (default: OPENAI_API_KEY for "
            "openai, ANTHROPIC_API_KEY for anthropic, none for ollama; unset: no key is sent)."
        ),
    ] = None,
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
    progress: Annotated[
        float, typer.Option(help="Longest a stream may send only keep-alives, seconds.")
    ] = 300.0,
    json_out: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Ask one question through the failover chain: every turn judged, bad ones retried.

    Exit 0 when a judged answer came back; 1 when every attempt failed (the error says why).
    """
    from tether.agent.runtime import RuntimeConfig, create_agent_runtime
    from tether.reliability.breaker import store_from_url
    from tether.reliability.chain import Notice

    adapter = adapter_for(api)
    timeouts = Timeouts(first_byte=first_byte, silence=silence, progress=progress)
    store_from_url(breaker_store)  # a bad store is a usage error before anything starts
    if base_url is not None and (fault or backup_stand):
        fail("--fault and --backup-stand work only with the built-in stand; drop --base-url")
    stand_asked = bool(fault or backup_stand)
    from_env = base_url_from_env(api) if base_url is None and not stand_asked else None
    if from_env is not None:  # as the official SDKs do; said, so the stand is never assumed
        variable, base_url = from_env
        if model is None:
            fail(
                f"{variable} is set ({base_url}): give --model NAME for that server, or unset "
                f"{variable} to ask the built-in stand"
            )
        if not json_out:
            err.print(f"tether: {variable} is set: asking {base_url}", markup=False)
    model = model or "sim-large"

    heard: list[Notice] = []  # every notice, for --json whether or not an answer came

    def notice(n: Notice) -> None:
        heard.append(n)
        if not json_out:
            err.print(f"[{n.kind}] {n.message}", markup=False)

    def text(piece: str) -> None:
        if not json_out:
            sys.stdout.write(piece)
            sys.stdout.flush()

    traces = TraceStore(store_path)
    recorder = Recorder("ask", sink=traces, attrs={"tether.prompt_chars": len(prompt)})

    async def run(urls: list[str]) -> Answer:
        key = api_key(api, api_key_env) if base_url is not None or backup else None
        # Built by the one factory, like every agent: the same chain, judge and breakers.
        runtime = create_agent_runtime(
            RuntimeConfig.model_validate({"breakers": {"store": breaker_store}}),
            providers=[adapter(url, model, api_key=key, timeouts=timeouts) for url in urls],
            tools=(),
            store=None,
            on_notice=notice,
        )
        try:
            async with cancel_on_signals(runtime.cancel):
                return await runtime.answer(
                    prompt, on_text=None if json_out else text, recorder=recorder
                )
        finally:
            await runtime.chain.aclose()

    failure: ModelCallFailed | None = None
    cancelled: Cancelled | None = None
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
                urls += backup or []  # a real server behind the faulty stand
            else:
                urls = [base_url, *(backup or [])]
            answer = anyio.run(run, urls)
    except ModelCallFailed as exc:
        failure = exc
    except Cancelled as exc:
        cancelled = exc
    finally:
        recorder.finish("cancelled" if cancelled else None)
        traces.close()
    gate = check_recorder(recorder)
    # a run whose record was lost (a full disk, a read-only store) is not accepted either
    problems = [*gate.problems, *([traces.write_problem] if traces.write_problem else [])]
    complete = gate.complete and not problems
    export_live(recorder.to_json())
    attempts = answer.attempts if answer else (failure.attempts if failure else ())
    if json_out:
        body: dict[str, Any] = {
            "status": "incomplete"
            if not complete
            else ("answered" if answer else ("cancelled" if cancelled else "error")),
            "run_id": recorder.run_id,
            "trace_problems": problems,
            "candidate": answer.candidate if answer else None,
            "turn": answer.turn.to_json() if answer else None,
            "error": str(failure or cancelled) if failure or cancelled else None,
            "attempts": [a.to_json() for a in attempts],
            "notices": [{"kind": n.kind, "message": n.message} for n in heard],
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
    elif cancelled is not None:
        err.print(f"tether: cancelled: {cancelled}", markup=False)
    else:
        err.print(f"tether: no answer: {failure}", markup=False)
    if not complete:  # the trace did not close: whatever the model said, not accepted
        err.print(f"tether: the run's trace is incomplete: {'; '.join(problems)}", markup=False)
    if cancelled is not None:
        raise typer.Exit(EXIT_CANCELLED)
    raise typer.Exit(EXIT_OK if answer and complete else EXIT_NOT_ACCEPTED)
