"""Benchmark: tether's completeness gate against a reference checker.

The reference (`check_trace.py`, a plain checker of the same run schema) is NOT part of the
project: it is cut out of the requirements document it was published in
(../shared/seeds/001_15ccca63d01cb297.txt beside the repository) at run time and executed as a
module. Both sides check the same generated runs in tether's run schema (ISO-8601 times, as in
the reference's sample): 10,000 run files of 100 spans each (1,000,000 spans), subsets of 100 and
1,000 files (10k and 100k spans), 2,000 attribute-heavy run files (every span with an
instrumented agent's attributes: prompts, completions, tool arguments and results, ~2 KB), and
one file holding a single run of 1,000,000 spans (which tether streams; the reference loads it
whole). One run in ten carries a failure (an open tool span, a failed tool, a citation of a
tool that never ran, an orphan), and the two sides must agree on which runs are incomplete.

First table, whole processes, as a CI step runs them: `python -m tether check DIR --json`
against one process running the reference over every file of DIR, each timed from outside
(interpreter start-up and imports included) with wall time, CPU time (user + system; a loaded
machine inflates wall time for both sides) and peak RSS from wait4; the sides interleave (which
goes first alternates), each from a warm page cache, medians of `--reps`. Targets: tether >= 2x
the reference on the 1M spans in files and on the attribute-heavy files; the 1M-span file in
<= 1/2 the reference's time and memory.

With `--in-process`, the second table: each measurement in a fresh subprocess (`--worker`)
timed after imports, its peak RSS (ru_maxrss) next to the RSS it started with, so "added" is
what checking took; target tether >= 1.5x the reference's spans per second on the 1M spans in
files, and memory flat in the number of files. Exits 1 if a target is missed.

    python bench/gate.py                 # full run (writes ~900 MB to a temp dir)
    python bench/gate.py --files 1000 --big-spans 100000 --reps 1   # a quick look
    python bench/gate.py --keep /tmp/gate-data --only big               # one case, data kept
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import types
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import orjson

REFERENCE_DOC = (
    Path(__file__).resolve().parents[2] / "shared" / "seeds" / "001_15ccca63d01cb297.txt"
)
TARGET_RATIO = 1.5  # in process, after imports
PROCESS_RATIO = 2.0  # whole processes, as a CI step runs them


# ----------------------------------------------------------------------------- the reference


def load_reference() -> types.ModuleType:
    """The reference check_trace.py, cut out of its document and executed as a module."""
    text = REFERENCE_DOC.read_text()
    m = re.search(r"#!/usr/bin/env python3\n.*?raise SystemExit\(main\(sys\.argv\)\)\n", text, re.S)
    if m is None:
        raise SystemExit(f"check_trace.py not found in {REFERENCE_DOC}")
    module = types.ModuleType("check_trace")
    module.__file__ = "check_trace.py"
    exec(compile(m.group(0), "check_trace.py", "exec"), module.__dict__)
    return module


# ----------------------------------------------------------------------------- data

BASE = datetime(2026, 9, 6, 10, 0, tzinfo=UTC).timestamp()


def iso(t: float) -> str:
    return datetime.fromtimestamp(t, UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def turn(prefix: str, root: str, t: float, k: int) -> list[dict[str, Any]]:
    """One turn: a model call citing the tool it asked for, the tool, and a step inside it."""
    m, a, b = f"span_{prefix}_{k}m", f"span_{prefix}_{k}a", f"span_{prefix}_{k}b"
    return [
        {
            "id": m,
            "parent_id": root,
            "kind": "model",
            "name": "chat",
            "started_at": iso(t),
            "ended_at": iso(t + 0.8),
            "status": "ok",
            "attrs": {
                "gen_ai.request.model": "gpt-4.1-mini",
                "gen_ai.usage.input_tokens": 1200 + k % 1000,
                "cites_tool_ids": [a],
            },
        },
        {
            "id": a,
            "parent_id": root,
            "kind": "tool",
            "name": "read_file" if k % 2 else "apply_patch",
            "started_at": iso(t + 0.81),
            "ended_at": iso(t + 0.95),
            "status": "ok",
            "attrs": {"tool_call_id": f"call_{k}", "exit_code": 0},
        },
        {
            "id": b,
            "parent_id": a,
            "kind": "check",
            "name": "exec",
            "started_at": iso(t + 0.82),
            "ended_at": iso(t + 0.94),
            "status": "ok",
            "attrs": {},
        },
    ]


def root_span(root: str, t0: float, t1: float) -> dict[str, Any]:
    return {
        "id": root,
        "parent_id": None,
        "kind": "run",
        "name": "agent_turn",
        "started_at": iso(t0),
        "ended_at": iso(t1),
        "status": "ok",
        "attrs": {},
    }


HEAVY_TEXT = "Summarise the failing test output and propose the smallest patch. " * 8


def heavy(spans: list[dict[str, Any]], k: int) -> None:
    """Attributes as an instrumented agent writes them: prompts, completions, usage, tool
    arguments and results (about 2 KB per span)."""
    for j, s in enumerate(spans):
        s["attrs"].update(
            {
                "gen_ai.prompt.0.role": "user",
                "gen_ai.prompt.0.content": HEAVY_TEXT,
                "gen_ai.completion.0.content": HEAVY_TEXT[: 200 + (k + j) % 300],
                "gen_ai.usage.output_tokens": 80 + k % 50,
                "tool.arguments": {"path": f"src/module_{k % 40}.py", "lines": [1, 2, 3]},
                "tool.result": HEAVY_TEXT[: 300 + (k * j) % 200],
                "http.request.header.user_agent": "tether-bench/1.0",
                "server.address": "127.0.0.1",
                "retry.count": 0,
                "labels": ["a", "b", "c"],
            }
        )


def make_run(
    i: int, n_spans: int, rng: random.Random, failure: str | None, attrs: bool = False
) -> dict[str, Any]:
    """A run like an agent's: the root, then turns of (model call, tool, step in the tool);
    `attrs` gives every span an instrumented agent's attributes."""
    prefix = f"{rng.getrandbits(40):010x}"
    t0 = BASE + i * 60.0
    root = f"span_{prefix}_root"
    spans: list[dict[str, Any]] = []
    k = 0
    while len(spans) < n_spans - 1:
        spans.extend(turn(prefix, root, t0 + 0.002 + k, k))
        if attrs:
            heavy(spans[-3:], k)
        k += 1
    spans = [root_span(root, t0, t0 + k + 0.01), *spans[: n_spans - 1]]
    middle = len(spans) // 2 // 3 * 3
    model, tool = spans[middle + 1], spans[middle + 2]
    if failure == "open":
        tool["ended_at"] = None
        tool["status"] = None
    elif failure == "error":  # a tool that ran once and failed (no later retry of it)
        tool["status"] = "error"
        tool["name"] = "deploy"
    elif failure == "cited":
        model["attrs"]["cites_tool_ids"] = [f"span_{prefix}_gone"]
    elif failure == "orphan":
        tool["parent_id"] = f"span_{prefix}_lost"
    return {"run_id": f"run_{i:06d}_{prefix}", "root_id": root, "spans": spans}


FAILURES = ("open", "error", "cited", "orphan")


def generate(folder: Path, files: int, spans: int, big_spans: int) -> dict[str, Path]:
    rng = random.Random(7)
    runs = folder / "runs"
    runs.mkdir(parents=True)
    for i in range(files):
        failure = FAILURES[(i // 10) % len(FAILURES)] if i % 10 == 3 else None
        (runs / f"run_{i:06d}.json").write_bytes(orjson.dumps(make_run(i, spans, rng, failure)))
    sets: dict[str, Path] = {}
    names = sorted(p.name for p in runs.iterdir())
    for n in (files // 100, files // 10):
        sub = folder / f"runs_{n}"
        sub.mkdir()
        for name in names[:n]:
            os.link(runs / name, sub / name)
        sets[f"{n * spans:,} spans in {n:,} files"] = sub
    sets[f"{files * spans:,} spans in {files:,} files"] = runs
    attrs = folder / "attrs"
    attrs.mkdir()
    for i in range(files // 5):
        failure = FAILURES[(i // 10) % len(FAILURES)] if i % 10 == 3 else None
        doc = make_run(i, spans, rng, failure, attrs=True)
        (attrs / f"run_{i:06d}.json").write_bytes(orjson.dumps(doc))
    sets[f"{files // 5 * spans:,} attribute-heavy spans in {files // 5:,} files"] = attrs
    big = folder / "big.json"
    with big.open("wb") as f:  # one run, written turn by turn; one tool span left open
        prefix, root = "big", "span_big_root"
        turns = (big_spans - 1 + 2) // 3
        head = {"run_id": "run_big", "root_id": root}
        f.write(orjson.dumps(head)[:-1] + b',"spans":[')
        f.write(orjson.dumps(root_span(root, BASE, BASE + turns + 0.01)))
        written = 1
        for k in range(turns):
            for s in turn(prefix, root, BASE + 0.002 + k, k):
                if written == big_spans:
                    break
                if k == turns // 2 and s["kind"] == "tool":
                    s["ended_at"] = s["status"] = None
                f.write(b"," + orjson.dumps(s))
                written += 1
        f.write(b"]}")
    sets[f"{big_spans:,} spans in 1 file"] = big
    return sets


# ----------------------------------------------------------------------------- workers


def rss_kib() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def worker(side: str, target: str) -> None:
    path = Path(target)
    if side == "reference":
        ref = load_reference()
        start_rss = rss_kib()
        t = time.perf_counter()  # listing the folder counts, as it does for tether
        files = sorted(path.glob("*.json")) if path.is_dir() else [path]
        spans = 0
        incomplete: list[str] = []
        for p in files:
            trace = ref.load_trace(p)
            problems = ref.issues_for(trace)
            if problems:
                ref.fingerprint(problems)
                incomplete.append(trace["run_id"])
            spans += len(trace["spans"])
            del trace
        elapsed = time.perf_counter() - t
    else:
        from tether.trace.gate import check_targets

        start_rss = rss_kib()
        t = time.perf_counter()
        report = check_targets([target])
        elapsed = time.perf_counter() - t
        if report.unreadable:
            raise SystemExit(f"unreadable: {report.unreadable[:3]}")
        incomplete = [r.run_id for r in report.runs if not r.complete]
        spans = -1  # counted by the parent from the data it generated
    print(
        json.dumps(
            {
                "elapsed": elapsed,
                "spans": spans,
                "start_rss_kib": start_rss,
                "peak_rss_kib": rss_kib(),
                "incomplete": sorted(incomplete),
            }
        )
    )


def reference_process(target: str) -> None:
    """The reference as a CI step would run it over a folder: one process, every file."""
    ref = load_reference()
    path = Path(target)
    incomplete = []
    for p in sorted(path.glob("*.json")) if path.is_dir() else [path]:
        trace = ref.load_trace(p)
        problems = ref.issues_for(trace)
        if problems:
            ref.fingerprint(problems)
            incomplete.append(trace["run_id"])
    print(json.dumps(sorted(incomplete)))


def compile_tether() -> None:
    """Byte-compile the tether package being measured, as installing it does: where
    PYTHONDONTWRITEBYTECODE is set (as on this machine) a source checkout would otherwise
    compile every module it imports again in every process (about 50 ms)."""
    import compileall
    import importlib.util

    spec = importlib.util.find_spec("tether")
    folders = spec.submodule_search_locations if spec is not None else None
    for folder in folders or []:
        compileall.compile_dir(folder, quiet=1)


def run_process(side: str, target: Path) -> dict[str, Any]:
    """One whole process, timed from outside (start-up and imports included): wall time, CPU
    time (user + system: what a loaded machine cannot inflate) and peak RSS, from wait4."""
    if side == "tether":
        cmd = [sys.executable, "-m", "tether", "check", str(target), "--json"]
    else:
        cmd = [sys.executable, __file__, "--reference-process", str(target)]
    t = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdout is not None
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - t
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0, 1):
        return {"error": f"{side} exited {proc.returncode}"}
    body = json.loads(out)
    incomplete = body if side == "reference" else [r["run_id"] for r in body["runs"]
                                                   if not r["complete"]]  # fmt: skip
    return {
        "elapsed": elapsed,
        "cpu": usage.ru_utime + usage.ru_stime,
        "peak_rss_kib": usage.ru_maxrss,
        "incomplete": sorted(incomplete),
    }


def measure_processes(target: Path, reps: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """Both sides as whole processes, `reps` times each, interleaved (which goes first
    alternates), each from a warm page cache; medians of wall and CPU time, highest peak RSS."""
    runs: dict[str, list[dict[str, Any]]] = {"tether": [], "reference": []}
    for rep in range(reps):
        for side in ("tether", "reference") if rep % 2 == 0 else ("reference", "tether"):
            warm(target)
            runs[side].append(run_process(side, target))
    out = []
    for side in ("tether", "reference"):
        results = runs[side]
        bad = [r for r in results if "error" in r]
        if bad:
            out.append(bad[0])
            continue
        out.append(
            {
                "elapsed": statistics.median(r["elapsed"] for r in results),
                "cpu": statistics.median(r["cpu"] for r in results),
                "peak_rss_kib": max(r["peak_rss_kib"] for r in results),
                "incomplete": results[0]["incomplete"],
            }
        )
    return out[0], out[1]


def process_table(sets: dict[str, Path], reps: int) -> dict[str, tuple[float, float, float]]:
    """The whole-process table; per data set (wall ratio, CPU ratio, memory ratio), each the
    reference's figure over tether's."""
    head = (
        f"{'data (whole processes)':<40} | {'tether: wall, CPU, peak RSS':<28} | "
        f"{'reference: wall, CPU, peak RSS':<31} | {'wall':>6} | {'CPU':>6} | {'memory':>6} | same"
    )
    print(head)
    print("-" * len(head))
    ratios: dict[str, tuple[float, float, float]] = {}
    for label, target in sets.items():
        tet, ref = measure_processes(target, reps)
        if "error" in tet or "error" in ref:
            print(f"{label:<40} | {tet.get('error', ''):<28} | {ref.get('error', ''):<31} |")
            continue
        ratio = (
            ref["elapsed"] / tet["elapsed"],
            ref["cpu"] / tet["cpu"],
            ref["peak_rss_kib"] / tet["peak_rss_kib"],
        )
        ratios[label] = ratio
        same = "yes" if tet["incomplete"] == ref["incomplete"] else "NO"

        def side(x: dict[str, Any]) -> str:
            return f"{x['elapsed']:6.2f}s {x['cpu']:6.2f}s {x['peak_rss_kib'] / 1024:6.0f}MB"

        print(
            f"{label:<40} | {side(tet):<28} | {side(ref):<31} | {ratio[0]:5.2f}x | "
            f"{ratio[1]:5.2f}x | {ratio[2]:5.2f}x | {same}"
        )
    return ratios


def run_worker(side: str, target: Path) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, __file__, "--worker", side, str(target)],
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode != 0:
        return {"error": (out.stderr.strip().splitlines() or ["failed"])[-1]}
    return dict(json.loads(out.stdout))


def warm(target: Path) -> None:
    """Read the data once so that both sides find it in the page cache: this measures the
    checkers, not the disk (the kernel here reclaims cache eagerly)."""
    files = sorted(target.iterdir()) if target.is_dir() else [target]
    for path in files:
        with path.open("rb") as f:
            while f.read(1 << 24):
                pass


def measure(target: Path, reps: int, reference: bool) -> tuple[dict[str, Any], dict[str, Any]]:
    """Both sides `reps` times, alternating which goes first (the machine drifts), each from a
    warm page cache; the median time and the highest peak RSS of each."""
    runs: dict[str, list[dict[str, Any]]] = {"tether": [], "reference": []}
    sides = ["tether", "reference"] if reference else ["tether"]
    for rep in range(reps):
        for side in list(sides) if rep % 2 == 0 else sides[::-1]:
            warm(target)
            result = run_worker(side, target)
            if "error" in result:
                runs[side] = [result]
                sides.remove(side)
                continue
            runs[side].append(result)
    out = []
    for side in ("tether", "reference"):
        results = runs[side]
        if not results:
            out.append({"error": "skipped (--no-reference-big)"})
        elif "error" in results[0]:
            out.append(results[0])
        else:
            best = results[0]
            best["elapsed"] = statistics.median(r["elapsed"] for r in results)
            best["peak_rss_kib"] = max(r["peak_rss_kib"] for r in results)
            out.append(best)
    return out[0], out[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=10_000)
    parser.add_argument("--spans", type=int, default=100)
    parser.add_argument("--big-spans", type=int, default=1_000_000)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument(
        "--no-reference-big", action="store_true", help="skip the reference on the big file"
    )
    parser.add_argument("--keep", help="generate into this folder (or reuse it) and keep it")
    parser.add_argument(
        "--in-process", action="store_true", help="also the in-process table (after imports)"
    )
    parser.add_argument(
        "--only",
        help="comma-separated cases to measure, of: subsets, files, attrs, big (default: all)",
    )
    parser.add_argument("--worker", nargs=2, metavar=("SIDE", "TARGET"), help=argparse.SUPPRESS)
    parser.add_argument("--reference-process", metavar="TARGET", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(*args.worker)
        return 0
    if args.reference_process:
        reference_process(args.reference_process)
        return 0

    load_reference()  # fail early if the reference's document is not where it should be
    compile_tether()
    folder = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="tether-bench-gate-"))
    try:
        if not (folder / "runs").exists():
            t = time.perf_counter()
            sets = generate(folder, args.files, args.spans, args.big_spans)
            print(f"generated in {time.perf_counter() - t:.1f}s under {folder}", file=sys.stderr)
        else:
            sets = generate_names(folder, args.files, args.spans, args.big_spans)
        if args.only:
            sets = only(sets, args.only.split(","), args.files * args.spans)
        whole = process_table(sets, args.reps)
        ok = _whole_process_targets(whole, args)
        if not args.in_process:
            return 0 if ok else 1
        print()
        rows = []
        ratio_target: float | None = None
        for label, target in sets.items():
            n_spans = int(label.split(" ")[0].replace(",", ""))
            big = target.is_file()
            tet, ref = measure(target, 1 if big else args.reps, not (big and args.no_reference_big))
            agree = "-"
            ratio = None
            if "error" not in tet and "error" not in ref:
                agree = "yes" if tet["incomplete"] == ref["incomplete"] else "NO"
                ratio = ref["elapsed"] / tet["elapsed"]
                if n_spans == args.files * args.spans and not big:
                    ratio_target = ratio
            rows.append((label, n_spans, tet, ref, ratio, agree))
        print_table(rows)
        if ratio_target is None:
            print("target: not measured")
            return 1
        in_ok = ratio_target >= TARGET_RATIO
        print(
            f"target (in process): tether >= {TARGET_RATIO}x the reference on "
            f"{args.files * args.spans:,} spans in files: {ratio_target:.2f}x "
            f"{'OK' if in_ok else 'MISSED'}"
        )
        return 0 if ok and in_ok else 1
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)


def _whole_process_targets(
    ratios: dict[str, tuple[float, float, float]], args: argparse.Namespace
) -> bool:
    """Whole processes: >= 2x the reference on small-span and on attribute-heavy files, the
    1M-span file in <= 1/2 the reference's time and memory. Time is judged on the median wall
    time, and shown on CPU time too (a loaded machine inflates wall time for both sides)."""
    ok = True
    for label, (wall, cpu, memory) in ratios.items():
        if "1 file" in label:
            met = wall >= PROCESS_RATIO and memory >= PROCESS_RATIO
            shown = f"time {wall:.2f}x (CPU {cpu:.2f}x), memory {memory:.2f}x"
        elif label.startswith(f"{args.files * args.spans:,} ") or "attribute-heavy" in label:
            met = wall >= PROCESS_RATIO
            shown = f"{wall:.2f}x (CPU {cpu:.2f}x)"
        else:
            continue
        ok = ok and met
        print(f"target (whole process) >= {PROCESS_RATIO}x on {label}: {shown} "
              f"{'OK' if met else 'MISSED'}")  # fmt: skip
    return ok


def only(sets: dict[str, Path], cases: list[str], all_spans: int) -> dict[str, Path]:
    """The data sets of the named cases: ``subsets`` (the 1% and 10% folders), ``files`` (the
    whole folder), ``attrs`` (attribute-heavy files), ``big`` (the one file)."""

    def case(label: str) -> str:
        if "1 file" in label:
            return "big"
        if "attribute-heavy" in label:
            return "attrs"
        return "files" if label.startswith(f"{all_spans:,} ") else "subsets"

    unknown = set(cases) - {"subsets", "files", "attrs", "big"}
    if unknown:
        raise SystemExit(f"--only: unknown case(s) {', '.join(sorted(unknown))}")
    return {label: path for label, path in sets.items() if case(label) in cases}


def generate_names(folder: Path, files: int, spans: int, big_spans: int) -> dict[str, Path]:
    sets = {
        f"{n * spans:,} spans in {n:,} files": folder / f"runs_{n}"
        for n in (files // 100, files // 10)
    }
    sets[f"{files * spans:,} spans in {files:,} files"] = folder / "runs"
    n = files // 5
    sets[f"{n * spans:,} attribute-heavy spans in {n:,} files"] = folder / "attrs"
    sets[f"{big_spans:,} spans in 1 file"] = folder / "big.json"
    return sets


def fmt_side(side: dict[str, Any], n_spans: int) -> str:
    if "error" in side:
        return f"{side['error'][:40]:>40}"
    rate = n_spans / side["elapsed"]
    peak = side["peak_rss_kib"] / 1024
    added = (side["peak_rss_kib"] - side["start_rss_kib"]) / 1024
    return f"{side['elapsed']:7.2f}s {rate / 1000:8.0f}k/s {peak:7.0f}MB (+{added:.0f})"


def print_table(
    rows: list[tuple[str, int, dict[str, Any], dict[str, Any], float | None, str]],
) -> None:
    head = f"{'data':<32} | {'tether: time, spans/s, peak RSS (+added)':<40} | {'reference: time, spans/s, peak RSS (+added)':<43} | {'speed':>6} | same verdicts"
    print(head)
    print("-" * len(head))
    for label, n_spans, tet, ref, ratio, agree in rows:
        r = f"{ratio:5.2f}x" if ratio else "     -"
        print(
            f"{label:<32} | {fmt_side(tet, n_spans):<40} | {fmt_side(ref, n_spans):<43} | {r:>6} | {agree}"
        )


if __name__ == "__main__":
    raise SystemExit(main())
