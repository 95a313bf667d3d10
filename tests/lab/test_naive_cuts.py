"""The naive harness counts a call a wall-clock limit cut from one fact, its termination: a
first-byte timeout that raised ends the call with termination `timeout` as a silence in
mid-stream does, and any other error with `error`."""

from __future__ import annotations

from pathlib import Path

import anyio
import httpx2
import pytest

from tether.lab.naive import NaiveResult, run_naive
from tether.providers import Timeouts, provider_at
from tether.stand.script import ModelSpec, Script, TurnSpec
from tether.stand.server import StandProcess
from tether.tools.base import ToolContext
from tether.tools.runner import ToolRunner

pytestmark = pytest.mark.timeout(120)

LIMITS = Timeouts(connect=5.0, first_byte=0.5, silence=0.5)
LOOK = TurnSpec(tool_calls=[{"name": "look", "arguments": {}}], finish_reason="tool_calls")
DONE = TurnSpec(text="Done: the tests pass.", finish_reason="stop")
SCRIPT = Script(models={
    # the second step's first byte comes after 1.5 s, past the 0.5 s limit
    "late": ModelSpec(position="history",
                      turns=[LOOK, DONE.model_copy(update={"fault": ["slow-first-byte:1.5"]})]),
    # the reply goes silent for 1.5 s after 8 characters
    "silent": ModelSpec(position="history", turns=[DONE], faults=["stall:8:1.5"]),
    "refused": ModelSpec(position="history", turns=[DONE], faults=["http:503"]),
    "healthy": ModelSpec(position="history", turns=[LOOK, DONE]),
})  # fmt: skip


def _naive(model: str, workspace: Path) -> NaiveResult:
    async def main(url: str) -> NaiveResult:
        async with httpx2.AsyncClient(timeout=None) as client:
            provider = provider_at("openai", url, model, client=client, timeouts=LIMITS)
            runner = ToolRunner((), ToolContext(workspace, f"naive-{model}"))
            return await run_naive("fix it", provider=provider, runner=runner, tools=(),
                                   system="")  # fmt: skip

    with StandProcess(SCRIPT) as url:
        return anyio.run(main, url)


@pytest.mark.parametrize(
    ("model", "termination", "cuts", "said_done"),
    [
        ("late", "timeout", 1, False),  # raised at step 2; before, "tool_calls" (step 1's)
        ("silent", "timeout", 1, True),  # a partial reply taken for the answer
        ("refused", "error", 0, False),  # before, "" (no turn), and cut only by its text
        ("healthy", "stop", 0, True),
    ],
)
def test_a_limit_cut_is_the_calls_termination(
    tmp_path: Path, model: str, termination: str, cuts: int, said_done: bool
) -> None:
    result = _naive(model, tmp_path)
    assert (result.termination, result.said_done) == (termination, said_done), result
    assert result.steps == (2 if model in ("late", "healthy") else 1)
    assert result.limit_cuts == cuts  # the lab's record takes it as is (`RunRecord.limit_cuts`)
