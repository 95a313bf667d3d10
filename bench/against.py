"""A benchmark measured beside the same benchmark on another commit, in one run, taking turns.

`bench/chain_overhead.py --against REF` and `bench/judge.py --against REF` run their
measurement in two worker processes: one imports tether from this tree, the other from the
commit REF (`git archive REF src`, into a temporary directory). Both workers run this tree's
benchmark code, so both measure the same cases, and each process holds one tether only, so
every import REF's code makes, at load or at call time, is REF's; the parent asks each in turn
for a round of timings (alternating which goes first), so both share the machine's noise, and
prints each figure beside its baseline. Not used by tether.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def source_of(ref: str) -> Iterator[Path]:
    """The `src` directory of commit `ref` of this repository, in a temporary directory."""
    with tempfile.TemporaryDirectory(prefix="tether-against-") as tmp:
        archive = Path(tmp) / "src.tar"
        subprocess.run(
            ["git", "-C", str(ROOT), "archive", "--format=tar", "-o", str(archive), ref, "src"],
            check=True,
        )
        with tarfile.open(archive) as tar:
            tar.extractall(tmp, filter="data")
        yield Path(tmp) / "src"


class Worker:
    """A benchmark process that imports tether from `src` and answers one JSON line per
    request line (`serve`)."""

    def __init__(self, name: str, script: Path, src: Path, args: list[str]) -> None:
        self.name = name
        self.src = src  # the tether it imports (`hello` may say where it found it)
        env = {**os.environ, "PYTHONPATH": str(src)}
        self.process = subprocess.Popen(
            [sys.executable, str(script), "--worker", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            text=True,
        )
        self.hello: Any = self._read()  # what the worker says once ready (its verdicts, ...)

    def ask(self, request: Any) -> Any:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        return self._read()

    def _read(self) -> Any:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit(f"the {self.name} worker exited (code {self.process.wait()})")
        return json.loads(line)

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=60)


@contextmanager
def workers(script: Path, ref: str, args: list[str]) -> Iterator[tuple[Worker, Worker]]:
    """(baseline, this tree): two workers of `script`, started with `args`."""
    with source_of(ref) as base_src:
        base = Worker(f"baseline ({ref})", script, base_src, args)
        try:
            this = Worker("this tree", script, ROOT / "src", args)
            try:
                yield base, this
            finally:
                this.close()
        finally:
            base.close()


def serve(handle: Any, hello: Any) -> None:
    """The worker's side: print `hello`, then answer each request line with `handle(request)`,
    until stdin closes."""
    print(json.dumps(hello), flush=True)
    for line in sys.stdin:
        print(json.dumps(handle(json.loads(line))), flush=True)


def turns(pair: tuple[Worker, Worker], request: Any, rounds: int) -> tuple[list[Any], list[Any]]:
    """`rounds` answers to `request` from each worker, asked in turn (the first to go
    alternates from round to round)."""
    answers: tuple[list[Any], list[Any]] = ([], [])
    for r in range(rounds):
        for k in (0, 1) if r % 2 == 0 else (1, 0):
            answers[k].append(pair[k].ask(request))
    return answers
