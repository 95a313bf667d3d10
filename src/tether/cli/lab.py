"""`tether lab` and `tether eval`: the false "done"s reproduced, users' suites run."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import anyio
import anyio.to_thread
import orjson
import typer
from rich.table import Table

from tether.agent.signals import until_signalled
from tether.cli.common import (
    EXIT_CANCELLED,
    StoreOption,
    check_writable_folder,
    command,
    err,
    fail,
    out,
)
from tether.errors import Cancelled
from tether.trace.store import TraceStore


@command(name="eval")
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

    loaded = load_suite(suite)
    traces = TraceStore(store_path)

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
            result = anyio.run(
                until_signalled, lambda: run_suite(loaded, Path(work), store=traces, on_case=line)
            )
    except Cancelled as exc:
        fail(f"cancelled: {exc}; the cases that finished are in the trace store", EXIT_CANCELLED)
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


@command()
def lab(
    mix: Annotated[
        str, typer.Option(help="Fault mix: calm, october, storm, dead-end or slump-backup.")
    ] = "october",
    tasks: Annotated[int, typer.Option(help="How many tasks (the five kinds in turn).")] = 50,
    seed: Annotated[int, typer.Option(help="Seed for the tasks and the faults.")] = 0,
    harness: Annotated[
        str,
        typer.Option(help="Harnesses to compare, comma-separated: naive, tether, tether-hedge."),
    ] = "naive,tether",
    hedge: Annotated[
        bool, typer.Option("--hedge", help="Also run tether with hedged requests (tether-hedge).")
    ] = False,
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

    Same tasks, same faults, same seed. The seed fixes the tasks, the fault plan and the
    outcome of every run no wall-clock limit cut (`runs_cut` counts the others: a loaded
    machine can decide those). Exit 0 when tether said no false "done", never said
    "done" where no candidate could get past a step, every trace closed and the lab could
    check every tether run (no signal stopped its own check), else 1.
    """
    import tempfile

    from tether.lab.experiment import HARNESSES, LabSettings, run_lab
    from tether.lab.mixes import get_mix
    from tether.lab.report import lab_json, limit_line, table_rows, write_report

    chosen = [h.strip() for h in harness.split(",") if h.strip()]
    unknown = [h for h in chosen if h not in HARNESSES]
    if unknown or not chosen:
        fail(f"--harness {harness!r}: use naive, tether, tether-hedge or a list (naive,tether)")
    if hedge and "tether-hedge" not in chosen:
        chosen.append("tether-hedge")
    if tasks < 1:
        fail(f"--tasks {tasks}: give at least 1 task")
    if concurrency < 1:
        fail(f"--concurrency {concurrency}: give at least 1")
    if latency is not None and not Path(latency).is_file():
        fail(f'--latency {latency}: no such file (JSONL lines of {{"ttfb": s, "s": s}})')
    if out_dir is not None:
        check_writable_folder(out_dir, "--out")
    the_mix = get_mix(mix)
    traces = TraceStore(store_path)
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
            total = tasks * len(chosen)
            bar = progress.add_task("lab runs", total=total)
            done = [0]

            def advance(_result: object) -> None:
                progress.advance(bar)
                done[0] += 1
                # piped (no bar is drawn): a line at every tenth, so a log shows it is alive
                if (
                    not err.is_terminal
                    and not json_out
                    and done[0] * 10 // total > ((done[0] - 1) * 10 // total)
                ):
                    err.print(f"lab: {done[0]}/{total} runs", markup=False)

            result = anyio.run(until_signalled, lambda: run_lab(settings, advance))
    except Cancelled as exc:
        fail(f"cancelled: {exc}; the stand and the work folder were removed", EXIT_CANCELLED)
    finally:
        traces.close()
    body = lab_json(result)
    written = write_report(result, Path(out_dir)) if out_dir else []
    if out_dir:
        written.append(_write_view(body, Path(out_dir) / "view", store_path))
    ok = result.gate.get("checked", 0) == result.gate.get("complete", 0) and all(
        f["false_done"] == 0 and f["impossible_said_done"] == 0 and f["unmeasured"] == 0
        for name, f in body["harnesses"].items()
        if name != "naive"
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
    for name, shapes in body["by_shape"].items():  # how the honest failures ended, per shape
        ends = [
            f"{shape} {f['honest_failures']} ("
            + ", ".join(f"{k} {v}" for k, v in f["honest_ends"].items())
            + ")"
            for shape, f in shapes.items()
            if f["honest_failures"]
        ]
        if ends:
            out.print(f"{name} honest failures by shape: {'; '.join(ends)}", markup=False)
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
    for name, clocks in body["limits"].items():
        out.print(f"limits: {limit_line(name, clocks)}", markup=False)
    for path in written:
        out.print(f"wrote {path}", markup=False)
    raise typer.Exit(0 if ok else 1)


def _write_view(body: dict[str, Any], folder: Path, store_path: str | None) -> Path:
    """The lab's page of `tether view` (charts, and every tether run's trace and receipt) as a
    folder that opens from disk; its index.html."""
    from tether.view.app import ViewSource
    from tether.view.export import export

    ids = {r["run_id"] for r in body["runs"] if r.get("run_id")}
    with TraceStore(store_path) as store:
        return export(ViewSource(store, "tether lab", lab=body), folder, ids)[0]
