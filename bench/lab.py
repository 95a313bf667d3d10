"""The lab's wall time: the default run (target <= 60 s on 2 cores) with its breakdown, and a
run ten times larger to show the time per run stays flat (linear scaling).

    python bench/lab.py                      # default (october, 50 tasks) then 500 tasks
    python bench/lab.py --scale-tasks 0      # the default run only

Both runs go through `run_lab`, the code `tether lab` runs (without the CLI's start-up). The
breakdown sums each run's own time in model calls (the stand, retries included), tools and
checks (tether's, inside its runs), then the lab's measuring checks after each run; "harness" is
the rest of the runs' wall time (the loop, judging, recording, waiting
for a slot). Runs overlap (8 at a time), so the sums exceed the wall time.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import anyio

from tether.lab.experiment import LabResult, LabSettings, run_lab, summarize
from tether.lab.mixes import get_mix
from tether.trace.store import TraceStore

TARGET_S = 60.0


def one(tasks: int, mix: str, seed: int) -> tuple[LabResult, float]:
    with tempfile.TemporaryDirectory(prefix="tether-lab-bench-") as work:
        store = TraceStore(Path(work) / "traces.db")
        settings = LabSettings(
            get_mix(mix), tasks=tasks, seed=seed, workdir=Path(work), store=store
        )
        started = time.perf_counter()
        result = anyio.run(run_lab, settings)
        wall = time.perf_counter() - started
        store.close()
    return result, wall


def show(result: LabResult, wall: float) -> None:
    print(f"  wall {wall:.1f} s for {len(result.runs)} runs ({1000 * wall / len(result.runs):.0f} "
          "ms per run)")  # fmt: skip
    for harness, seconds in result.timing.items():
        f = summarize([r for r in result.runs if r.harness == harness])
        run_time = sum(r.wall_s for r in result.runs if r.harness == harness)
        rest = run_time - f["model_s"] - f["tools_s"] - f["checks_s"]
        print(
            f"  {harness:<7} {seconds:6.1f} s wall | summed over runs: model/stand "
            f"{f['model_s']:6.1f} s, tools {f['tools_s']:5.1f} s, checks {f['checks_s']:5.1f} s, "
            f"harness {rest:5.1f} s; the lab's own checks after the runs {f['measure_s']:5.1f} s"
            f" | false done {f['false_done']}/{f['runs']}, "
            f"solved {f['solved']}"
        )
    print(f"  traces complete: {result.gate.get('complete', 0)}/{result.gate.get('checked', 0)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mix", default="october")
    parser.add_argument("--tasks", type=int, default=50)
    parser.add_argument("--scale-tasks", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"lab, mix {args.mix}, {args.tasks} tasks x 2 harnesses (the default run)")
    result, wall = one(args.tasks, args.mix, args.seed)
    show(result, wall)
    ok = wall <= TARGET_S
    print(f"  target: <= {TARGET_S:.0f} s -> {'met' if ok else 'MISSED'}")
    if args.scale_tasks:
        print(f"lab, mix {args.mix}, {args.scale_tasks} tasks x 2 harnesses (scaling)")
        big, big_wall = one(args.scale_tasks, args.mix, args.seed)
        show(big, big_wall)
        ratio = (big_wall / len(big.runs)) / (wall / len(result.runs))
        print(f"  time per run vs the default run: {ratio:.2f}x (1.00x = linear)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
