"""`tether check`'s work and its fast start: what the command prints and exits with, written
to plain stdout / stderr, so that a CI step running the gate loads neither typer nor rich nor
the other commands (`fast_check` reads the usual argument lists itself; anything else, such
as ``--help`` or a mistake, goes to the typer command in `traces`, which calls `run_check`).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from tether.errors import UsageError

if TYPE_CHECKING:
    from tether.trace.gate import GateReport
    from tether.trace.store import TraceStore

EXIT_USAGE = 2
_FLAGS = {"--json": "json_out", "--cluster": "cluster", "--fail-on-error": "fail_on_error"}
_VALUED = {"--last", "--store", "--jobs"}


def open_store(path: str | None, must_exist: bool = True) -> TraceStore:
    """The trace store at `path` (else the default one); a UsageError naming the fix when it
    is not there (and must be) or cannot be opened."""
    from tether.trace.store import TraceStore, default_path

    where = Path(path) if path else default_path()
    if must_exist and not where.exists():
        raise UsageError(
            f"no trace store at {where}: run `tether ask ...` first, or pass --store PATH"
        )
    return TraceStore(where)


def run_check(
    targets: list[str],
    last: int | None = None,
    store_path: str | None = None,
    *,
    cluster: bool = False,
    fail_on_error: bool = False,
    json_out: bool = False,
    jobs: int | None = None,
    exit_after: bool = False,
) -> int:
    """Check the targets, print the report, and return the exit code (UsageError for a call
    that cannot be checked). Many files are shared between `jobs` processes (trace/parallel.py;
    default: the usable CPUs). `exit_after`: the caller ends the process right after, without
    tearing down (`check_targets`)."""
    from tether.trace.parallel import check

    if not targets and last is None:
        raise UsageError(
            "give trace files, folders or run ids to check, or --last N for the store's newest runs"
        )
    needs_store = last is not None or any(not Path(t).exists() for t in targets)
    store = open_store(store_path, must_exist=last is not None) if needs_store else None
    try:
        report = check(
            targets, store, last, fail_on_error=fail_on_error, jobs=jobs, exit_after=exit_after
        )
    finally:
        if store is not None:
            store.close()
    if json_out:
        import orjson

        body = report.to_json()
        if not cluster:
            body.pop("clusters", None)
        sys.stdout.write(orjson.dumps(body).decode() + "\n")
    else:
        _print(report, cluster)
    return report.exit_code


def _print(report: GateReport, cluster: bool) -> None:
    lines: list[str] = []
    for r in report.runs:
        if r.complete:
            lines.append(f"{r.verdict:<10}  {r.run_id}")
            continue
        lines.append(
            f"INCOMPLETE  {r.run_id}  {len(r.problems)} problem(s)  fingerprint {r.fingerprint}"
        )
        lines.extend(f"    {problem}" for problem in r.problems[:20])
        if len(r.problems) > 20:
            lines.append(f"    ... and {len(r.problems) - 20} more")
    if cluster:
        for c in report.clusters().values():
            lines.append(f"{c.count:>5}  {c.fingerprint}  {'; '.join(c.signature)[:160]}")
    if lines:
        sys.stdout.write("\n".join(lines) + "\n")
    sys.stdout.flush()
    complete = sum(1 for r in report.runs if r.complete)
    failed = sum(1 for r in report.runs if r.failed)
    notes = [f"tether: cannot read {target}: {reason}" for target, reason in report.unreadable]
    notes.append(
        f"{len(report.runs)} run(s): {complete} complete"
        + (f" ({failed} of them failed honestly)" if failed else "")
        + f", {len(report.runs) - complete} incomplete"
        + (f"; {len(report.unreadable)} input(s) unreadable" if report.unreadable else "")
    )
    sys.stderr.write("\n".join(notes) + "\n")


def fast_check(args: list[str]) -> int | None:
    """`tether check ARGS` without typer: the exit code, or None when the arguments are not the
    plain kind read here (then the typer command takes them, with its help and its errors).
    The caller ends the process with the code at once (`exit_now`): what was checked is left
    to the exit, not freed."""
    options: dict[str, bool] = {}
    values: dict[str, str] = {}
    targets: list[str] = []
    it = iter(args)
    for arg in it:
        if arg in _FLAGS:
            options[_FLAGS[arg]] = True
        elif arg in _VALUED:
            value = next(it, None)
            if value is None or value.startswith("-"):
                return None
            values[arg] = value
        elif arg.startswith("-"):
            return None  # --help, --last=3, a typo: typer says it best
        else:
            targets.append(arg)
    numbers: dict[str, int] = {}
    for name in ("--last", "--jobs"):
        if name in values:
            if not values[name].isdigit() or int(values[name]) < 1:
                return None
            numbers[name] = int(values[name])
    try:
        return run_check(
            targets, numbers.get("--last"), values.get("--store"), jobs=numbers.get("--jobs"),
            exit_after=True, **options,
        )  # fmt: skip
    except UsageError as exc:
        sys.stderr.write(f"tether: {exc}\n")
        return EXIT_USAGE


def exit_now(code: int) -> NoReturn:
    """End the process with `code` once stdout and stderr are written, skipping the teardown:
    freeing a checked run of a million spans, object by object, would take a third of a second
    that nobody needs. A pipe closed early exits 120, as Python's own exit does."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except OSError:
        code = 120
    os._exit(code)
