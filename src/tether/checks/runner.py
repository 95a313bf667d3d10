"""Run checks after "done": each command in the workspace, its own process group, a timeout, an
output cap, one `check` span each, under the caller's cancel scope.

A check's status comes from its exit code AND its output (`summary.decide`): a wrapper that
exits 0 while its output says "1 failed" failed. A check that cannot start (empty command,
command not found, tool not installed) is `unknown`, never a crash; so is one stopped by a
signal from outside (SIGTERM, SIGKILL, SIGINT, ...) that no resource limit explains: it verified
nothing, so it never counts as a failure of the work; the quote names the signal and says
whether tether's own cleanup sent it. A check that crashed on its own (SIGSEGV, SIGABRT, ...)
failed. On timeout the check and its whole process group are killed (`timeout`); on the
caller's cancellation too, and the cancellation goes on (the check's span ends `cancelled`;
`on_result` hears of it).
"""

from __future__ import annotations

import contextlib
import os
import shlex
import signal
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tether.checks.summary import CheckStatus, decide
from tether.procgroup import run_in_group, shorten
from tether.sandbox import Sandbox
from tether.trace.spans import Recorder, Span, Status, is_cancellation

ANSWER_ENV = "TETHER_ANSWER_FILE"
_SPAN_STATUS: dict[str, Status] = {
    "passed": "ok",
    "failed": "error",
    "unknown": "error",
    "timeout": "timeout",
    "cancelled": "cancelled",
}


@dataclass(frozen=True)
class CheckResult:
    """One check's outcome. `quote` is the line that decided it (the runner's summary line, the
    exit code, or why it is unknown); `stale` is set by whoever compared the workspace after."""

    command: str
    status: CheckStatus
    exit_code: int | None
    quote: str
    output_tail: str = ""
    duration_s: float = 0.0
    stale: bool = False

    @property
    def exit_code_lie(self) -> bool:
        """Exit 0 while the output reports failures."""
        return self.status == "failed" and self.exit_code == 0

    def explain(self) -> str:
        """One plain sentence about this check, naming it."""
        name = f"`{shorten(self.command, 120)}`" if self.command.strip() else "(empty command)"
        if self.stale:
            return f"{name} is stale: files changed after it ran ({self.status} before that)"
        if self.exit_code_lie:
            return f"{name}: The exit code was 0, but the output says: {self.quote}"
        if self.status == "failed":
            return f"{name} failed (exit {self.exit_code}): {self.quote}"
        if self.status == "unknown":
            return f"{name} could not verify anything: {self.quote}"
        if self.status == "passed":
            return f"{name} passed: {self.quote}"
        return f"{name} {self.quote}"

    def with_stale(self, stale: bool = True) -> CheckResult:
        return replace(self, stale=stale)

    def to_json(self) -> dict[str, Any]:
        return {
            "command": self.command,
            "status": self.status,
            "exit_code": self.exit_code,
            "quote": self.quote,
            "exit_code_lie": self.exit_code_lie,
            "stale": self.stale,
            "explanation": self.explain(),
            "output_tail": self.output_tail,
            "duration_s": round(self.duration_s, 3),
        }


def _named_paths(command: str) -> list[str]:
    """The folders of the absolute paths a check command names (its own scripts and their
    data, which the person who configured the check trusts): readable inside the sandbox."""
    try:
        words = shlex.split(command)
    except ValueError:
        return []
    found = [Path(w) for w in words if w.startswith("/") and Path(w).exists()]
    return sorted({str(p if p.is_dir() else p.parent) for p in found})


@contextlib.contextmanager
def _answer_file(answer: str | None, workspace: Path) -> Iterator[Path | None]:
    """The model's final answer in a temporary file outside the workspace (checks read it
    through $TETHER_ANSWER_FILE); removed afterwards."""
    if answer is None:
        yield None
        return
    folder = Path(tempfile.gettempdir()).resolve()
    if folder.is_relative_to(workspace.resolve()) and workspace.resolve().parent != folder:
        folder = workspace.resolve().parent  # keep it out of the checked files when we can
    fd, name = tempfile.mkstemp(prefix="tether-answer-", suffix=".txt", dir=folder)
    path = Path(name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(answer)
        yield path
    finally:
        path.unlink(missing_ok=True)


# Signals a process gets from what it does itself (a bad access, abort(), a trap, a refused
# system call, an rlimit it went past): a check that died of one crashed, so it failed.
_CRASHES = frozenset(
    int(s)
    for s in (
        signal.SIGSEGV, signal.SIGBUS, signal.SIGFPE, signal.SIGILL, signal.SIGABRT,
        signal.SIGTRAP, signal.SIGSYS, signal.SIGXCPU, signal.SIGXFSZ,
    )
)  # fmt: skip


def _signal_name(number: int) -> str:
    try:
        return f"{signal.Signals(number).name} (signal {number})"
    except ValueError:
        return f"signal {number}"


def _killed(number: int, by_tether: int | None) -> str:
    """Why a check stopped by a signal from outside verified nothing, and who sent it."""
    who = (
        "tether's own cleanup of another call sent it (a harness fault, not the work's)"
        if by_tether == number
        else "tether did not send it (not its timeout, a Stop or its cleanup)"
    )
    return f"killed by {_signal_name(number)} before it finished: it verified nothing; {who}"


async def _execute(
    command: str,
    workspace: Path,
    env: dict[str, str] | None,
    timeout_s: float,
    cap: int,
    sandbox: Sandbox | None = None,
    readable: Sequence[str] = (),
) -> CheckResult:
    started = time.monotonic()

    def result(status: CheckStatus, code: int | None, quote: str, tail: str = "") -> CheckResult:
        return CheckResult(command, status, code, quote, tail, time.monotonic() - started)

    if not command.strip():
        return result("unknown", None, "the check command is empty")
    if not workspace.is_dir():  # noqa: ASYNC240 (one stat, before a process starts)
        return result("unknown", None, f"the workspace {workspace} is not a folder")
    try:
        ran = await run_in_group(
            command,
            workspace,
            timeout_s=timeout_s,
            output_cap_chars=cap,
            env=env,
            sandbox=sandbox,
            readable=readable,
        )
    except OSError as exc:
        return result("unknown", None, f"could not start: {exc}")
    tail = ran.output
    if ran.dropped:
        tail = f"[{ran.dropped:,} earlier characters dropped]\n{tail}"
    if ran.timed_out:
        why = f"timed out after {timeout_s:g} s: the check and its process group were killed"
        return result("timeout", None, why, tail)
    code = ran.exit_code if ran.exit_code is not None else -1
    by_signal = ran.exit_code is not None and code < 0
    outside = by_signal and (-code not in _CRASHES or ran.signalled_by_tether == -code)
    if outside and not ran.limit:  # stopped by a signal from outside no resource limit explains
        return result("unknown", code, _killed(-code, ran.signalled_by_tether), tail)
    status, quote = decide(code, ran.output)
    if by_signal and status == "failed" and quote.startswith(f"exit code {code}"):
        quote = f"crashed: {_signal_name(-code)}" + quote[len(f"exit code {code}") :]
    if ran.limit and status != "passed":
        quote = f"{quote} ({ran.limit})" if quote else ran.limit
    return result(status, code, quote, tail)


async def run_checks(
    commands: Sequence[str],
    workspace: Path,
    *,
    answer: str | None = None,
    timeout_s: float = 300.0,
    output_cap_chars: int = 20_000,
    recorder: Recorder | None = None,
    parent: Span | None = None,
    on_result: Callable[[CheckResult], None] | None = None,
    sandbox: Sandbox | None = None,
) -> list[CheckResult]:
    """Run `commands` one after another with /bin/sh -c in `workspace` (see the module doc).

    `answer`, when given, is written to a temporary file outside the workspace whose path the
    checks find in $TETHER_ANSWER_FILE. Each check is a `check` span under `parent` when a
    recorder is given. `on_result` hears each result as it comes, the cancelled one included.
    With `sandbox`, checks run confined like the model's commands (they run its code).
    """
    workspace = Path(workspace)
    results: list[CheckResult] = []
    with _answer_file(answer, workspace) as answer_path:
        env = None if answer_path is None else {**os.environ, ANSWER_ENV: str(answer_path)}
        for command in commands:
            span = None
            if recorder is not None:
                attrs = {"tether.check.command": command[:2000]}
                span = recorder.start("check", shorten(command, 80) or "(empty)", parent, attrs)
            started = time.monotonic()
            try:
                readable = (*_named_paths(command), *([str(answer_path)] if answer_path else []))
                result = await _execute(
                    command, workspace, env, timeout_s, output_cap_chars, sandbox, readable
                )
            except BaseException as exc:
                cancelled = is_cancellation(exc)
                if recorder is not None and span is not None:
                    recorder.end(
                        span,
                        "cancelled" if cancelled else "error",
                        {"error.type": type(exc).__name__},
                    )
                if cancelled and on_result is not None:
                    why = "stopped while running: the check and its process group were killed"
                    spent = time.monotonic() - started
                    on_result(CheckResult(command, "cancelled", None, why, "", spent))
                raise
            if recorder is not None and span is not None:
                done: dict[str, Any] = {
                    "tether.check.status": result.status,
                    "tether.check.quote": result.quote,
                    "tether.check.exit_code_lie": result.exit_code_lie,
                }
                if result.exit_code is not None:
                    done["tether.check.exit_code"] = result.exit_code
                recorder.end(span, _SPAN_STATUS[result.status], done)
            results.append(result)
            if on_result is not None:
                on_result(result)
    return results
