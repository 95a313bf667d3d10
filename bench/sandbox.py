"""What the sandbox adds to a command: `run_command`'s path (`run_in_group`) with and without
it (bubblewrap's namespaces, the seccomp filter, the resource limits set by prlimit and, when
run as root, the capability drop and the PID bound), the same commands taking turns.

Target: the sandbox adds at most 20 ms to a command (median).

    python bench/sandbox.py [--reps 40]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import anyio

from tether.procgroup import run_in_group
from tether.sandbox import Sandbox, bwrap_path

TARGET_MS = 20.0
COMMANDS = ("true", "echo hello > out.txt && cat out.txt", "python3 -c 'print(6 * 7)'")


async def timed(command: str, workspace: Path, sandbox: Sandbox | None) -> float:
    t0 = time.perf_counter()
    ran = await run_in_group(
        command, workspace, timeout_s=30, output_cap_chars=10_000, sandbox=sandbox,
        workspace=workspace,
    )  # fmt: skip
    if ran.exit_code != 0:
        raise SystemExit(f"{command!r} failed: {ran.output}")
    return (time.perf_counter() - t0) * 1000


async def main_async(reps: int) -> int:
    sandbox = Sandbox()
    with tempfile.TemporaryDirectory() as folder:
        workspace = Path(folder)
        print(f"sandbox: medians of {reps} runs each (python {sys.version.split()[0]})")
        worst = 0.0
        for command in COMMANDS:
            bare: list[float] = []
            boxed: list[float] = []
            for _ in range(reps):
                bare.append(await timed(command, workspace, None))
                boxed.append(await timed(command, workspace, sandbox))
            b, s = statistics.median(bare), statistics.median(boxed)
            worst = max(worst, s - b)
            print(f"  {command:<42} bare {b:7.2f} ms  sandboxed {s:7.2f} ms  (+{s - b:.2f} ms)")
    print(f"  load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    ok = worst <= TARGET_MS
    print(f"target: adds <= {TARGET_MS:g} ms: {'PASS' if ok else 'FAIL'} (worst +{worst:.2f} ms)")
    return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--reps", type=int, default=40)
    args = parser.parse_args()
    if bwrap_path() is None:
        print("bubblewrap is not usable here (apt-get install bubblewrap)")
        return 2
    return anyio.run(main_async, args.reps)


if __name__ == "__main__":
    sys.exit(main())
