"""`tether run`: an agent on a task, ending in a receipt and a closed trace."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Sequence
from typing import Annotated, Any

import anyio
import anyio.to_thread
import orjson
import typer

from tether.agent.receipt import Receipt
from tether.agent.signals import cancel_on_signals
from tether.cli.common import (
    command,
    err,
    export_live,
    fail,
    find_config,
)
from tether.config import files
from tether.trace.store import TraceStore


@command()
def run(
    task: Annotated[
        str | None,
        typer.Argument(help="What the agent should do (with --resume: what to do now)."),
    ] = None,
    workspace: Annotated[str, typer.Option(help="The folder the tools are confined to.")] = ".",
    config: Annotated[
        str | None, typer.Option(help="A TOML configuration (candidates, rules, budgets).")
    ] = None,
    model: Annotated[
        str | None, typer.Option(help="Without --config: the built-in stand's model (sim-large).")
    ] = None,
    max_steps: Annotated[int | None, typer.Option(min=1, help="Step budget (default 25).")] = None,
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
    mcp: Annotated[
        list[str] | None,
        typer.Option(
            "--mcp",
            help="An MCP server whose tools the agent gets, NAME=COMMAND (a stdio server; "
            "repeatable), e.g. --mcp time=mcp-server-time.",
        ),
    ] = None,
    resume: Annotated[
        str | None,
        typer.Option(
            "--resume",
            metavar="RUN_ID",
            help="Continue a run that ended not_done, cancelled, error, unverified or failed.",
        ),
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print the receipt as JSON.")] = False,
) -> None:
    """Run an agent on a task: judged turns, guarded tools, checks, a receipt, a closed trace.

    With no --config it runs offline against the built-in stand. --resume RUN_ID continues a
    stored run (what it did is told to the model as done). Exit codes: 0 done/answered,
    1 failed/unverified/error/incomplete, 3 not done (budget or hand-over), 130 cancelled.
    """
    from tether.agent.runtime import create_agent_runtime
    from tether.checks import CheckResult
    from tether.errors import TraceStoreError
    from tether.reliability.chain import Notice
    from tether.tools.builtin import CODING_TOOLS
    from tether.tools.mcp import parse_mcp_flag
    from tether.tools.runner import PermissionRequest, ToolResult

    if task is None and resume is None:
        fail('give a TASK (tether run "Fix the failing test"), or --resume RUN_ID')
    servers = [parse_mcp_flag(value) for value in mcp or ()]

    stand_flags = [
        f for f, v in (("--model", model), ("--script", script), ("--fault", fault)) if v
    ]
    if config is None and not stand_flags:  # the stand flags ask for the stand: no search
        config = find_config()
    if config is None:
        err.print(
            "tether: no configuration found (./tether.toml, $TETHER_CONFIG, "
            f"{files.user_config_path()}): running on the built-in simulated provider",
            markup=False,
        )
    if config is not None:
        given = stand_flags
        if given:
            fail(
                f"{', '.join(given)} work only with the built-in stand; with --config, name the "
                "models in its [[candidates]] (or drop --config to use the stand)"
            )
    model = model or "sim-large"
    interactive = sys.stdin is not None and sys.stdin.isatty() and not json_out

    async def ask(request: PermissionRequest) -> bool:
        end_text_line()
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

    def end_text_line() -> None:
        """The model's text ends its line before a step, a check or a question is printed."""
        if streamed[0]:
            sys.stdout.write("\n")
            sys.stdout.flush()
            streamed[0] = False

    def checked(result: CheckResult) -> None:
        if not json_out:
            end_text_line()
            err.print(f"check {result.status}: {result.explain()}", markup=False)

    def step(number: int, results: Sequence[ToolResult]) -> None:
        if json_out:
            return
        end_text_line()
        for r in results:
            args = " ".join(r.call.arguments.split())  # one line, however the model wrote it
            args = args if len(args) <= 80 else args[:79] + "…"
            err.print(f"step {number}: {r.call.name}({args}) -> {r.status}", markup=False)
            if r.status in ("denied", "blocked"):  # why, and how to allow it
                err.print(f"  {r.decision or r.text.splitlines()[0]}", markup=False)
                err.print(
                    f'  to allow it, add to tether.toml: [[rules]] tool = "{r.call.name}" '
                    'action = "allow" (README: "Configuration reference", "Security model")',
                    markup=False,
                )

    traces = TraceStore(store_path)
    resumed: str | None = None

    async def go(providers: list[Any]) -> Receipt:
        runtime = create_agent_runtime(
            config, providers=providers, workspace=workspace, ask=ask if interactive else None,
            max_steps=max_steps,
            store=traces, on_notice=notice, checks=check or (),
            tools=[*CODING_TOOLS, *servers],
        )  # fmt: skip
        if runtime.sandbox is not None and not runtime.sandbox.active and not json_out:
            err.print(f"[sandbox] {runtime.sandbox.why_not()}", markup=False)
        try:
            shown = None if json_out else text
            async with cancel_on_signals(runtime.cancel):
                if resumed is not None:
                    return await runtime.resume(
                        resumed, task, on_text=shown, on_step=step, on_check=checked
                    )
                assert task is not None
                return await runtime.run(task, on_text=shown, on_step=step, on_check=checked)
        finally:
            await runtime.chain.aclose()

    try:
        resumed = _run_to_resume(traces, resume) if resume is not None else None
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
        try:
            stored = traces.trace(receipt.run_id) if receipt.run_id else None
        except TraceStoreError:  # a full disk: the receipt below says what was not stored
            stored = None
        if stored is not None:
            export_live(stored)
    finally:
        traces.close()
    if json_out:
        sys.stdout.write(orjson.dumps(receipt.to_json()).decode() + "\n")
    else:
        sys.stdout.write("\n")
        err.print(
            f"status: {receipt.status}  steps: {receipt.steps}  run: {receipt.run_id}"
            + (f"  resumed from: {receipt.resumed_from}" if receipt.resumed_from else ""),
            markup=False,
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


def _run_to_resume(traces: TraceStore, given: str) -> str:
    """The stored run `--resume` names: its id, or a prefix of exactly one run's id."""
    if traces.trace(given) is not None:
        return given
    found = traces.find(given)
    if len(found) == 1:
        return found[0]
    if found:
        fail(f"--resume {given}: {len(found)} runs start with it; give more of the run id")
    fail(f"--resume {given}: no such run in {traces.path}; see tether traces list (or --store)")
