"""`tether check` and `tether traces`: the completeness gate and the runs in the store."""

from __future__ import annotations

import sys
from typing import Annotated, Any

import orjson
import typer
from rich.markup import escape
from rich.table import Column, Table

from tether.cli.checking import run_check
from tether.cli.common import (
    EXIT_NOT_ACCEPTED,
    JsonOption,
    StoreOption,
    app,
    command,
    err,
    fail,
    open_store,
    out,
)
from tether.errors import UsageError
from tether.trace.store import TraceStore


@command()
def check(
    targets: Annotated[
        list[str] | None,
        typer.Argument(
            help="Trace files (run JSON, OTLP JSON, Jaeger, Zipkin, the OTel console stream, "
            "JSONL of them), folders, or run ids."
        ),
    ] = None,
    last: Annotated[
        int | None, typer.Option(min=1, help="Also check the newest N runs in the store.")
    ] = None,
    store_path: StoreOption = None,
    cluster: Annotated[
        bool, typer.Option("--cluster", help="Group incomplete runs by fingerprint.")
    ] = False,
    fail_on_error: Annotated[
        bool,
        typer.Option(
            "--fail-on-error", help="Exit 1 for a run that failed honestly too (its root says so)."
        ),
    ] = False,
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs", min=1, help="Processes that share many files (default: the usable CPUs)."
        ),
    ] = None,
) -> None:
    """The completeness gate: did every span of every run close, and does each root tell the truth?

    Exit 0 when every run is complete, including a run that failed honestly (its root ended
    error, timeout or cancelled: closed, and it says so); 1 when any run is incomplete (or, with
    --fail-on-error, failed honestly); 2 when an input could not be read (and no run gave 1).
    """
    raise typer.Exit(
        run_check(
            targets or [],
            last,
            store_path,
            cluster=cluster,
            fail_on_error=fail_on_error,
            json_out=json_out,
            jobs=jobs,
        )
    )


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


@command("list", group=traces_app)
def traces_list(
    limit: Annotated[int, typer.Option(min=1, help="How many runs, newest first.")] = 20,
    store_path: StoreOption = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """The newest runs: status (the receipt's, and the run a resumed one continued), verdicts
    met, duration, tokens, cost."""
    from datetime import datetime

    from tether.view.listing import RunFilter, list_runs

    store = open_store(store_path)
    rows: list[dict[str, Any]] = []
    for info in list_runs(store, RunFilter(size=limit))["runs"]:
        trace = store.trace(info["run_id"]) or {"spans": []}
        verdicts, tokens_in, tokens_out, spent = _run_summary(trace)
        rows.append(
            {
                "run_id": info["run_id"],
                "name": info["name"],
                "task": info["task"] or None,
                "started_at": info["started_at"],
                "duration_s": info["duration_s"],
                "status": info["status"],  # the receipt's, or what the spans say (view/listing)
                "resumed_from": info["resumed_from"],  # the run this one continued, or None
                "spans": info["spans"],
                "open_spans": info["open_spans"],
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
        Column("run", no_wrap=True, min_width=12),  # whole: `traces show` takes it
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
            escape(f"{r['name']}: {' '.join(r['task'].split())[:40]}" if r["task"] else r["name"]),
            started,
            duration,
            escape(str(r["status"]))
            + (f" (resumed {r['resumed_from'][:12]})" if r["resumed_from"] else ""),
            spans,
            escape(", ".join(r["verdicts"])) or "-",
            f"{r['input_tokens']}/{r['output_tokens']}",
            "-" if r["cost_usd"] is None else f"${r['cost_usd']:.6f}",
        )
    out.print(table)


@command("show", group=traces_app)
def traces_show(
    run: Annotated[str, typer.Argument(help="A run id, a unique prefix, or `last`.")],
    store_path: StoreOption = None,
    json_out: JsonOption = False,
) -> None:
    """A run's span tree: kinds, names, statuses, durations and verdicts (--json: the run as
    run JSON, every span with its attributes)."""
    from rich.tree import Tree

    store = open_store(store_path)
    run_id = _resolve_run(store, run)
    trace = store.trace(run_id)
    store.close()
    assert trace is not None
    if json_out:
        sys.stdout.write(orjson.dumps(trace).decode() + "\n")
        return
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
        kind = escape(str(s.get("kind")))
        return f"[bold]{kind}[/] {name}  [{color}]{escape(status)}[/]  {took}{escape(extra)}"

    ids = {s["id"] for s in spans}
    tree = Tree(escape(f"run {run_id}"))

    def add(node: Tree, s: dict[str, Any], depth: int = 0) -> None:
        branch = node.add(label(s))
        if depth < 64:
            for child in children.get(s["id"], []):
                add(branch, child, depth + 1)

    for s in spans:
        if s.get("parent_id") is None or s.get("parent_id") not in ids:
            add(tree, s)
    out.print(tree)


@command("export", group=traces_app)
def traces_export(
    run: Annotated[str, typer.Argument(help="A run id, a unique prefix, or `last`.")],
    format: Annotated[str, typer.Option("--format", help="run-json or otlp-json.")] = "run-json",
    otlp_endpoint: Annotated[
        str | None,
        typer.Option(
            help="Send the run to this OTLP/HTTP endpoint (needs the otel extra: "
            "pip install 'tether\\[otel]')."
        ),
    ] = None,
    store_path: StoreOption = None,
) -> None:
    """Print a run as run JSON (`run_id`, `root_id`, `spans[]`) or OTLP JSON, or send it to an
    OTLP/HTTP receiver."""
    from tether import __version__ as version
    from tether.trace.otel import export_otlp_http, to_otlp_json

    format = {"seed-json": "run-json"}.get(format, format)  # its former name
    if format not in ("run-json", "otlp-json"):
        fail(f"unknown format {format!r}: use run-json or otlp-json")
    store = open_store(store_path)
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
    body = trace if format == "run-json" else to_otlp_json(trace, version)
    sys.stdout.write(orjson.dumps(body).decode() + "\n")
