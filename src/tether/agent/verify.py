"""The checks after "done" for one run, and how they settle its receipt.

`RunChecks` runs the configured commands after each answer (again once when files changed
while they ran), sends failures back to the model for a few fix cycles, then asks for one last
answer without tools that must say the checks still fail. `settle` is the one place the checks
decide a run's status: answered becomes done, failed or unverified.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

import anyio

from tether.agent.loop import FollowUp
from tether.agent.receipt import Receipt, ReceiptStatus
from tether.checks import CheckResult, Fingerprint, accept, fingerprint, run_checks
from tether.sandbox import Sandbox
from tether.tools.fence import fence
from tether.trace.spans import Recorder, Span


class CheckSettings(Protocol):
    """How the checks run (the configuration's `[check]` section)."""

    timeout_s: float
    fix_cycles: int
    output_cap_chars: int
    ignore: list[str]


FIX_NOTE = (
    "Your answer was checked, and the checks did not pass:\n\n{summary}\n\n"
    "Fix the cause (fix cycle {cycle} of {cycles}), run what you need, then answer again."
)
STILL_FAILING_NOTE = (
    "The checks still fail{after}:\n\n{summary}\n\nYou can't call tools any more. Answer "
    "now, and say plainly that the checks still fail, what you changed, and what is left."
)
SUMMARY_CHARS = 4_000  # the failure summary sent back to the model, at most
TAIL_LINES = 15  # the last this-many output lines of each failed check go with it


def failure_summary(results: Sequence[CheckResult]) -> str:
    """The failed checks in a few lines each: what decided it and the end of the output
    (fenced: a check's output is outside content)."""
    parts: list[str] = []
    for r in results:
        if r.status == "passed" and not r.stale:
            continue
        part = f"- {r.explain()}"
        tail = "\n".join(r.output_tail.strip().splitlines()[-TAIL_LINES:])[-1_500:]
        if tail and r.status == "failed":
            part += "\n" + fence(tail, "check")
        parts.append(part)
    text = "\n".join(parts)
    return text if len(text) <= SUMMARY_CHARS else text[: SUMMARY_CHARS - 1] + "…"


class RunChecks:
    """The checks of one run: run after each answer, re-run once when files changed while they
    ran, and failures sent back to the model for at most `fix_cycles` cycles, then one last
    answer without tools that must say the checks still fail."""

    def __init__(
        self,
        commands: Sequence[str],
        settings: CheckSettings,
        workspace: Path,
        sandbox: Sandbox | None,
        recorder: Recorder,
        on_check: Callable[[CheckResult], None] | None = None,
        *,
        exclude: Sequence[Path] = (),
    ) -> None:
        self.commands = tuple(commands)
        self.settings = settings
        self.workspace = workspace
        self.sandbox = sandbox
        self.recorder = recorder
        self.results: list[CheckResult] = []
        self.cycles = 0
        self.gave_up = False  # the model was told the checks still fail
        self.reran = ""  # why the checks ran a second time, if they did
        self.on_check = on_check
        self.exclude = list(exclude)  # the trace store, when it lives in the workspace

    async def after_answer(self, text: str, span: Span, steps_left: int) -> FollowUp | None:
        if self.gave_up:  # the last answer, given without tools: nothing changed to re-check
            return None
        self.results = await self.verify(text, span)
        if accept(self.results).status != "failed":
            return None
        summary = failure_summary(self.results)
        if self.cycles < self.settings.fix_cycles and steps_left > 0:
            self.cycles += 1
            note = FIX_NOTE.format(
                summary=summary, cycle=self.cycles, cycles=self.settings.fix_cycles
            )
            return FollowUp(note)
        self.gave_up = True
        after = f" after {self.cycles} fix cycle{'s' if self.cycles != 1 else ''}"
        return FollowUp(
            STILL_FAILING_NOTE.format(after=after if self.cycles else "", summary=summary),
            tools=False,
        )

    def heard(self, result: CheckResult) -> None:
        self.results.append(result)
        if self.on_check is not None:
            self.on_check(result)

    async def fingerprint(self) -> Fingerprint:
        return await anyio.to_thread.run_sync(
            fingerprint, self.workspace, self.settings.ignore, self.exclude
        )

    async def verify(self, answer: str, parent: Span) -> list[CheckResult]:
        """One round of checks; again once if files changed while they ran, else stale."""
        self.reran = ""
        for attempt in (1, 2):
            before = await self.fingerprint()
            self.results = []
            results = await run_checks(
                self.commands, self.workspace, answer=answer,
                timeout_s=self.settings.timeout_s,
                output_cap_chars=self.settings.output_cap_chars,
                recorder=self.recorder, parent=parent, on_result=self.heard,
                sandbox=self.sandbox,
            )  # fmt: skip
            changed = before.changed(await self.fingerprint())
            if not changed:
                return results
            shown = ", ".join(changed[:5]) + (
                f" and {len(changed) - 5} more" if changed[5:] else ""
            )
            if attempt == 1:
                self.reran = f"files changed while the checks ran ({shown}): they ran again"
                parent.attrs["tether.checks.rerun"] = shown
            else:
                parent.attrs["tether.checks.stale"] = shown
                self.reran = f"files changed again while the checks re-ran ({shown})"
        return [r.with_stale() for r in results]


def settle(receipt: Receipt, checks: RunChecks | None) -> None:
    """The one place the checks decide a status: an answered run becomes `done`, `failed` or
    `unverified`. Runs that did not complete (budget, hand-over, error, cancel) keep their
    status: a partial answer is not up for acceptance, and their exit code already refuses it.
    """
    if checks is None:
        return
    receipt.checks = [r.to_json() for r in checks.results]
    receipt.fix_cycles = checks.cycles
    if receipt.status != "answered":
        receipt.accepted = None
        if checks.results:  # an earlier answer was checked, then the run ended otherwise
            earlier = accept(checks.results).sentence
            receipt.verification = (
                f"not verified: the run ended {receipt.status} after "
                f"{checks.cycles} fix cycle{'s' if checks.cycles != 1 else ''}; "
                f"the last answer checked: {earlier}"
            )
        else:
            receipt.verification = (
                f"not verified: the run ended {receipt.status} before its answer was checked"
            )
        return
    verdict = accept(checks.results)
    outcome: dict[str, ReceiptStatus] = {
        "passed": "done",
        "failed": "failed",
        "unverified": "unverified",
    }
    receipt.status = outcome[verdict.status]
    receipt.accepted = verdict.accepted
    receipt.verification = verdict.sentence
    if checks.gave_up:
        cycles = f"{checks.cycles} fix cycle{'s' if checks.cycles != 1 else ''}"
        receipt.verification += f" (still failing after {cycles}, whatever the answer says)"
    if checks.reran:
        receipt.verification += f" [{checks.reran}]"
