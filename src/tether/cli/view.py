"""`tether view`: the runs, verdicts and receipts in a browser (a local app, or an export)."""

from __future__ import annotations

import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path
from typing import Annotated

import typer

from tether.cli.common import StoreOption, check_writable_folder, command, err, fail, open_store
from tether.errors import TetherError, TraceFormatError
from tether.trace.store import TraceStore


def _store_of_file(path: str, stack: ExitStack) -> TraceStore:
    """Another system's trace file (run JSON, OTLP JSON, JSONL) read into a temporary store,
    so it is looked at as tether's own runs are; nothing is pruned (old traces stay)."""
    from tether.trace.formats import read_file, seconds

    if not Path(path).is_file():
        fail(f"--file {path}: no such file; give a run JSON or OTLP JSON trace file")
    folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="tether-view-"))
    store = TraceStore(Path(folder) / "traces.db", retention_days=1e9, retention_runs=10**9)
    stack.callback(store.close)
    try:
        for run in read_file(path):
            spans = [
                {"id": str(i), "parent_id": None if p is None else str(p), "kind": k, "name": n,
                 "started_at": seconds(s) or 0.0, "ended_at": seconds(e), "status": st,
                 "attrs": dict(a or {})}
                for i, p, k, n, s, e, st, a in run.spans
            ]  # fmt: skip
            store.write_trace({"run_id": run.run_id, "spans": spans})
    except TraceFormatError as exc:
        fail(f"--file {path}: {exc}")
    return store


@command()
def view(
    store_path: StoreOption = None,
    port: Annotated[int, typer.Option(help="Port on 127.0.0.1; 0 picks a free one.")] = 8780,
    open_browser: Annotated[
        bool, typer.Option("--open", help="Open the page in the default browser.")
    ] = False,
    file: Annotated[
        str | None,
        typer.Option(
            "--file", help="Show a trace file instead of the store (run JSON, OTLP JSON, JSONL)."
        ),
    ] = None,
    lab: Annotated[
        str | None,
        typer.Option("--lab", help="Also show a lab result (a `tether lab --out` folder)."),
    ] = None,
    audit: Annotated[
        str | None, typer.Option("--audit", help="Also show the audit of this exchange log.")
    ] = None,
    export_dir: Annotated[
        str | None,
        typer.Option("--export", help="Write the pages and data to this folder and exit."),
    ] = None,
) -> None:
    """See runs, verdicts and receipts in a browser: a local web app on 127.0.0.1.

    The first line on stdout is the page's URL. With --export DIR, writes a folder that opens
    from disk (index.html) instead of serving.
    """
    from tether.view.app import ViewSource, build_app
    from tether.view.results import audit_results, lab_results

    if file is not None and store_path is not None:
        fail("give --store or --file, not both (drop one)")
    if export_dir is not None:
        check_writable_folder(export_dir, "--export")
    with ExitStack() as stack:
        if file is not None:
            store, label = _store_of_file(file, stack), file
        else:
            store = open_store(store_path)
            stack.callback(store.close)
            label = str(store.path)
        source = ViewSource(
            store,
            label,
            lab=lab_results(lab) if lab is not None else None,
            audit=audit_results(audit) if audit is not None else None,
        )
        if export_dir is not None:
            from tether.view.export import export

            written = export(source, export_dir)
            err.print(f"wrote {len(written)} files; open {written[0]}", markup=False)
            sys.stdout.write(str(written[0].resolve()) + "\n")
            return
        _serve(build_app(source), port, open_browser)


def _serve(app: object, port: int, open_browser: bool) -> None:
    import uvicorn

    from tether.serving import base_url, bind, uvicorn_config

    try:
        sock = bind("127.0.0.1", port)
    except TetherError as exc:
        fail(str(exc))
    url = base_url(sock) + "/"
    sys.stdout.write(url + "\n")
    sys.stdout.flush()
    err.print("tether view: Ctrl-C stops it", markup=False)
    if open_browser:
        import webbrowser

        webbrowser.open(url)
    config = uvicorn_config(app)
    config.timeout_graceful_shutdown = 1  # a page following a run never hangs up by itself
    uvicorn.Server(config).run(sockets=[sock])
