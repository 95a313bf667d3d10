"""Benchmark: tether's completeness gate against the seed's reference checker.

The reference (`check_trace.py`) is NOT part of the project: it is cut out of the seed text
(../shared/seeds/001_15ccca63d01cb297.txt beside the repository) at run time and executed as a
module. Both sides check the same generated runs in the seed's schema (ISO-8601 times, as in
the seed's sample): 10,000 run files of 100 spans each (1,000,000 spans), subsets of 100 and
1,000 files (10k and 100k spans), and one file holding a single run of 1,000,000 spans (which
tether streams; the reference loads it whole). One run in ten carries a failure (an open tool
span, a failed direct child of the root, a citation of a tool that never ran, an orphan), and
the two sides must agree on which runs are incomplete.

Each measurement runs in a fresh subprocess (`--worker`), which reports the elapsed time and
its peak RSS (ru_maxrss) next to the RSS it started with (interpreter + imports), so "added"
is what checking took. Before each, the parent reads the data once, so both sides read from
the page cache; the sides alternate which goes first, and timings are medians of `--reps`.

Target: tether >= 1.5x the reference's spans per second on the 1M spans in files, and memory
flat in the number of files. Exits 1 if the speed target is missed.

    python bench/gate.py                 # full run (~4 minutes; writes ~500 MB to a temp dir)
    python bench/gate.py --files 1000 --big-spans 100000 --reps 1   # a quick look
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

SEED = Path(__file__).resolve().parents[2] / "shared" / "seeds" / "001_15ccca63d01cb297.txt"
TARGET_RATIO = 1.5


# ----------------------------------------------------------------------------- the reference


def load_reference() -> types.ModuleType:
    """The seed's check_trace.py, cut out of the seed text and executed as a module."""
    text = SEED.read_text()
    m = re.search(r"#!/usr/bin/env python3\n.*?raise SystemExit\(main\(sys\.argv\)\)\n", text, re.S)
    if m is None:
        raise SystemExit(f"check_trace.py not found in {SEED}")
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


def make_run(i: int, n_spans: int, rng: random.Random, failure: str | None) -> dict[str, Any]:
    """A run like an agent's: the root, then turns of (model call, tool, step in the tool)."""
    prefix = f"{rng.getrandbits(40):010x}"
    t0 = BASE + i * 60.0
    root = f"span_{prefix}_root"
    spans: list[dict[str, Any]] = []
    k = 0
    while len(spans) < n_spans - 1:
        spans.extend(turn(prefix, root, t0 + 0.002 + k, k))
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
    parser.add_argument("--worker", nargs=2, metavar=("SIDE", "TARGET"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(*args.worker)
        return 0

    load_reference()  # fail early if the seed is not where it should be
    folder = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="tether-bench-gate-"))
    try:
        if not (folder / "runs").exists():
            t = time.perf_counter()
            sets = generate(folder, args.files, args.spans, args.big_spans)
            print(f"generated in {time.perf_counter() - t:.1f}s under {folder}", file=sys.stderr)
        else:
            sets = generate_names(folder, args.files, args.spans, args.big_spans)
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
        ok = ratio_target >= TARGET_RATIO
        print(
            f"target: tether >= {TARGET_RATIO}x the reference on {args.files * args.spans:,} "
            f"spans in files: {ratio_target:.2f}x {'OK' if ok else 'MISSED'}"
        )
        return 0 if ok else 1
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)


def generate_names(folder: Path, files: int, spans: int, big_spans: int) -> dict[str, Path]:
    sets = {
        f"{n * spans:,} spans in {n:,} files": folder / f"runs_{n}"
        for n in (files // 100, files // 10)
    }
    sets[f"{files * spans:,} spans in {files:,} files"] = folder / "runs"
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
