"""`tether check` over many trace files on every CPU it may use.

The files are split, in order, between worker processes (forked: the gate is already imported,
so a worker starts in milliseconds); each checks its share as one process would, and the
reports are joined in file order, so what is printed and the exit code are those of one
process. Run ids (the store), `--last` and a few files are checked in this process.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from tether.trace.formats.files import folder_files
from tether.trace.gate import GateReport, RunResult, check_targets

if TYPE_CHECKING:  # the store, and multiprocessing, load only when they are used
    from tether.trace.store import TraceStore

# Fewer files are checked in this process: starting the workers and bringing their reports
# back costs about 50 ms, what 500 small files take (bench/gate.py: 100 files went 0.65x).
MIN_FILES = 500
SHARES_PER_JOB = 4  # smaller shares even out a share that holds a big file


def usable_cpus() -> int:
    """The CPUs this process may run on (its affinity), at least 1."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def check(
    targets: list[str],
    store: TraceStore | None = None,
    last: int | None = None,
    *,
    fail_on_error: bool = False,
    jobs: int | None = None,
    exit_after: bool = False,
) -> GateReport:
    """`check_targets`, with the files of `targets` shared between `jobs` processes (default:
    the usable CPUs) when they are many and nothing else (store, `last`) is asked for;
    `exit_after` as `check_targets` takes it (for the runs checked in this process)."""
    jobs = usable_cpus() if jobs is None else jobs
    files = None
    if jobs > 1 and last is None and store is None and sys.platform == "linux":
        files = files_of(targets)
    if files is None or len(files) < MIN_FILES:
        return check_targets(
            targets, store, last, fail_on_error=fail_on_error, exit_after=exit_after
        )
    count = min(len(files), jobs * SHARES_PER_JOB)
    shares = [files[i * len(files) // count : (i + 1) * len(files) // count] for i in range(count)]
    import multiprocessing

    sys.stdout.flush()  # a forked worker flushes its copy of what is buffered: nothing is
    sys.stderr.flush()
    with multiprocessing.get_context("fork").Pool(min(jobs, count)) as pool:
        parts = pool.map(_check_share, shares, chunksize=1)
    report = GateReport(fail_on_error=fail_on_error)
    for runs, unreadable in parts:
        report.runs += runs
        report.unreadable += unreadable
    return report


def files_of(targets: list[str]) -> list[str] | None:
    """The trace files `targets` name, folders read as the gate reads them (sorted `*.json`
    and `*.jsonl`); None when a target is not a file or a folder of trace files (a run id, a
    missing path, an empty folder: the gate names those)."""
    files: list[str] = []
    for target in targets:
        path = Path(target)
        if path.is_dir():
            found = folder_files(path)
            if not found:
                return None
            files += found
        elif path.is_file():
            files.append(target)
        else:
            return None
    return files


def _check_share(files: list[str]) -> tuple[list[RunResult], list[tuple[str, str]]]:
    report = check_targets(list(files))
    return report.runs, report.unreadable
