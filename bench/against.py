"""A benchmark measured beside the same benchmark on another commit, in one run, taking turns.

`bench/chain_overhead.py --against REF` runs its measurement in two worker processes: one imports tether from this tree, the other from the commit REF
(`git archive REF src`, into a temporary directory). Both workers run this tree's benchmark
code, so both measure the same cases; the parent asks each in turn for a round of timings
(alternating which goes first), so both share the machine's noise, and prints each figure beside
its baseline. Not used by tether.

`beside(script, src)` loads a second copy of a benchmark module bound to the tether under `src`,
in this process: `bench/judge.py --against REF` alternates the two copies' batches (A, B, B,
A, ...) on one interpreter, where noise from the machine falls on both alike.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
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


def beside(script: Path, src: Path, name: str = "baseline") -> ModuleType:
    """A second copy of the module `script`, whose `tether` imports are the tether under `src`
    (the copy this process already imported stays as it was). The tether modules loaded so far
    are set aside while the copy is executed, then put back: the copy keeps its own modules
    (its functions read their own globals). An import that a function of REF's tether runs at
    call time (none on the judge's path) would get this tree's module."""
    ours = {k: m for k, m in sys.modules.items() if k == "tether" or k.startswith("tether.")}
    for k in ours:
        del sys.modules[k]
    sys.path.insert(0, str(src))
    try:
        spec = importlib.util.spec_from_file_location(f"{script.stem}_{name}", script)
        assert spec is not None
        assert spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # (its dataclasses look themselves up there)
        spec.loader.exec_module(module)
        tether = sys.modules.get("tether")
        if tether is None or not str(tether.__file__).startswith(str(src)):
            raise SystemExit(f"{script.name}: tether was not imported from {src}")
    finally:
        sys.path.remove(str(src))
        for k in [k for k in sys.modules if k == "tether" or k.startswith("tether.")]:
            del sys.modules[k]
        sys.modules.update(ours)
    return module
