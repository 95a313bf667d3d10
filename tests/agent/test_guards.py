"""The tool guards, money and Stop, end to end against the stand (the library path).

A hung tool times out and the run goes on; a 200 kB result is capped before the model sees it;
the same call three times is skipped twice; unknown tools and bad arguments are tool errors;
the receipt carries money for the stand's models. And Stop: hundreds of runs cancelled at
random points leave no thread, no process, no task and no lying receipt behind.
"""

from __future__ import annotations

import json
import os
import random
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import anyio
import pytest

from tests.processes import wait_for
from tether.agent.cost import Prices
from tether.agent.receipt import Receipt
from tether.agent.runtime import (
    AgentRuntime,
    RuntimeConfig,
    ToolsSection,
    create_agent_runtime,
    load_config,
)
from tether.providers import OpenAIProvider
from tether.tools.base import Tool, ToolContext, ToolOutput, tool
from tether.tools.builtin import CODING_TOOLS
from tether.tools.rules import Rules
from tether.tools.runner import ToolResult
from tether.trace.store import TraceStore

StandFactory = Callable[..., str]
ALLOW_ALL = Rules([], default="allow")


async def _hang(ctx: ToolContext) -> str:
    """Wait forever (a hung server)."""
    await anyio.sleep_forever()
    return "never"


async def _huge(ctx: ToolContext) -> ToolOutput:
    """Return 200 kB of text."""
    return ToolOutput("x" * 200_000)


hang: Tool = tool(_hang, name="hang")
huge: Tool = tool(_huge, name="huge")


def call(name: str, **arguments: Any) -> dict[str, Any]:
    return {"name": name, "arguments": arguments}


def turns_script(turns: Sequence[Any]) -> dict[str, Any]:
    return {"models": {"sim-large": {"turns": list(turns)}}}


def runtime_for(
    url: str,
    tmp_path: Path,
    *,
    tools: Sequence[Tool] = CODING_TOOLS,
    config: RuntimeConfig | None = None,
    **options: Any,
) -> tuple[AgentRuntime, TraceStore]:
    ws = tmp_path / "ws"
    ws.mkdir(exist_ok=True)
    store = TraceStore(tmp_path / "t.db")
    runtime = create_agent_runtime(
        config,
        providers=[OpenAIProvider(url + "/v1", "sim-large")],
        workspace=ws,
        store=store,
        tools=tools,
        rules=ALLOW_ALL,
        **options,
    )
    return runtime, store


def run(
    runtime: AgentRuntime, task: str, backend: str = "asyncio"
) -> tuple[Receipt, list[list[ToolResult]]]:
    steps: list[list[ToolResult]] = []

    async def main() -> Receipt:
        try:
            return await runtime.run(task, on_step=lambda _, rs: steps.append(list(rs)))
        finally:
            await runtime.chain.aclose()

    return anyio.run(main, backend=backend), steps


def requests_in(log: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.read_text().splitlines() if line.strip()]


# ---------------------------------------------------------------- the three tool rules


def test_a_hung_tool_times_out_and_the_run_still_answers(
    stand_factory: StandFactory, tmp_path: Path, anyio_backend: str
) -> None:
    url = stand_factory(script=turns_script([{"tool_calls": [call("hang")]}, {"text": "ok"}]))
    config = RuntimeConfig(tools=ToolsSection(timeout_s=0.3))
    runtime, store = runtime_for(url, tmp_path, tools=[hang], config=config)
    receipt, steps = run(runtime, "use the hung tool", backend=anyio_backend)
    store.close()
    assert receipt.status == "answered" and receipt.final_text == "ok"
    (result,) = steps[0]
    assert result.status == "timeout" and "timed out after 0.3 s" in result.text
    assert receipt.trace_problems == []


def test_a_200kb_result_is_capped_before_the_model_sees_it(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    log = tmp_path / "exchanges.jsonl"
    url = stand_factory(script=turns_script([{"tool_calls": [call("huge")]}, {}]), log=log)
    runtime, store = runtime_for(url, tmp_path, tools=[huge])
    receipt, steps = run(runtime, "read something huge")
    store.close()
    assert receipt.status == "answered"
    assert "result too long: 200,000 characters" in steps[0][0].text
    _, second = requests_in(log)
    size = len(json.dumps(second["request"]))
    assert size < 40_000, size  # the cap (20,000 characters) plus the prompt, not 200 kB
    spilled = list((tmp_path / "ws" / ".tether" / "spill").iterdir())
    assert len(spilled) == 1 and spilled[0].stat().st_size == 200_000


def test_the_same_call_three_times_is_skipped_twice(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    same = {"tool_calls": [call("list_files", path=".")]}
    url = stand_factory(script=turns_script([same, same, same, {"text": "done"}]))
    runtime, store = runtime_for(url, tmp_path)
    receipt, steps = run(runtime, "list three times")
    store.close()
    assert receipt.status == "answered" and receipt.steps == 4
    statuses = [s[0].status for s in steps]
    assert statuses == ["ok", "skipped", "skipped"]
    for s in steps[1:]:
        assert "already called with these same arguments" in s[0].text
        assert "Use the earlier result" in s[0].text


def test_unknown_tools_and_bad_arguments_are_tool_errors_and_the_run_goes_on(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    log = tmp_path / "exchanges.jsonl"
    turns = [
        {"tool_calls": [call("launch_rockets", count=3), call("read_file", pathx=1)]},
        {"text": "I could not do that."},
    ]
    url = stand_factory(script=turns_script(turns), log=log)
    runtime, store = runtime_for(url, tmp_path)
    receipt, steps = run(runtime, "do something odd")
    store.close()
    assert receipt.status == "answered" and receipt.final_text == "I could not do that."
    unknown, bad = steps[0]
    assert unknown.status == "error" and "unknown tool 'launch_rockets'" in unknown.text
    assert "known tools:" in unknown.text and "read_file" in unknown.text
    assert bad.status == "error" and "invalid arguments for read_file" in bad.text
    assert "path" in bad.text and "pathx" in bad.text
    sent = requests_in(log)[1]["request"]["messages"]
    tool_messages = [m for m in sent if m["role"] == "tool"]
    assert [m["content"] for m in tool_messages] == [unknown.text, bad.text]


# ---------------------------------------------------------------- money


def test_the_receipt_carries_cost_for_the_stands_models(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    url = stand_factory(
        script=turns_script(
            [
                {
                    "tool_calls": [call("list_files")],
                    "usage": {"prompt_tokens": 1_000_000, "completion_tokens": 1_000},
                },
                {
                    "text": "done",
                    "usage": {
                        "prompt_tokens": 1_000_000,
                        "completion_tokens": 1_000,
                        "cached_tokens": 500_000,
                        "cache_write_tokens": 100_000,
                    },
                },
            ]
        )
    )
    runtime, store = runtime_for(url, tmp_path)
    receipt, _ = run(runtime, "what does it cost")
    store.close()
    assert receipt.status == "answered"
    # sim-large: 1.00 in, 0.10 cached in, 4.00 out per million (the stand's made-up prices);
    # the OpenAI wire reports no cache writes, so only the reads are priced differently
    step1 = 1.0 + 0.004
    step2 = 0.5 * 1.0 + 0.5 * 0.1 + 0.004
    assert receipt.cost_usd == pytest.approx(step1 + step2)
    assert receipt.cached_tokens == 500_000
    out = receipt.to_json()
    assert out["cost_usd"] == pytest.approx(step1 + step2)
    assert "cache_write_tokens" in out["usage"]


def test_a_model_without_a_price_costs_none_never_a_guess(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    url = stand_factory()
    runtime, store = runtime_for(url, tmp_path, prices=Prices.from_config({}, builtin=False))
    receipt, _ = run(runtime, "hello")
    store.close()
    assert receipt.status == "answered" and receipt.input_tokens > 0
    assert receipt.cost_usd is None and receipt.unpriced == ["sim-large"]


def test_prices_come_from_the_configuration(stand_factory: StandFactory, tmp_path: Path) -> None:
    path = tmp_path / "tether.toml"
    path.write_text('[prices."sim-large"]\ninput = 2.0\ncached_input = 0.2\noutput = 8.0\n')
    config = load_config(path)
    url = stand_factory(
        script=turns_script(
            [{"text": "hi", "usage": {"prompt_tokens": 1_000_000, "completion_tokens": 0}}]
        )
    )
    runtime, store = runtime_for(url, tmp_path, config=config)
    receipt, _ = run(runtime, "priced")
    store.close()
    assert receipt.cost_usd == pytest.approx(2.0)


# ---------------------------------------------------------------- Stop, at random points


def _slow_write(ctx: ToolContext) -> ToolOutput:
    """A sync tool with an effect that takes a moment."""
    time.sleep(0.2)
    (ctx.workspace / "slow.txt").write_text("done\n")
    return ToolOutput("written", effects=("wrote slow.txt",))


def _very_slow_write(path: str, ctx: ToolContext) -> ToolOutput:
    """A sync tool whose effect lands well after a Stop's grace."""
    time.sleep(2.0)
    (ctx.workspace / path).write_text("late\n")
    return ToolOutput("written", effects=(f"wrote {path}",))


def _stuck(ctx: ToolContext) -> str:
    """A sync tool that hangs."""
    time.sleep(10)
    return "late"


slow_write: Tool = tool(_slow_write, name="slow_write")
very_slow_write: Tool = tool(_very_slow_write, name="very_slow_write")
stuck: Tool = tool(_stuck, name="stuck")


def stopped_after(
    runtime: AgentRuntime, task: str, seconds: float, backend: str = "asyncio"
) -> Receipt:
    """Run `task` and press Stop after `seconds`: the receipt."""

    async def main() -> Receipt:
        async with anyio.create_task_group() as tg:

            async def stop() -> None:
                await anyio.sleep(seconds)
                runtime.cancel()

            tg.start_soon(stop)
            receipt = await runtime.run(task)
        await runtime.chain.aclose()
        return receipt

    return anyio.run(main, backend=backend)


def test_stop_during_a_sync_tool_reports_what_it_finished(
    stand_factory: StandFactory, tmp_path: Path, anyio_backend: str
) -> None:
    url = stand_factory(script=turns_script([{"tool_calls": [call("slow_write")]}, {}]))
    runtime, store = runtime_for(url, tmp_path, tools=[slow_write])
    receipt = stopped_after(runtime, "write slowly", 0.1, backend=anyio_backend)
    store.close()
    assert receipt.status == "cancelled" and receipt.steps == 1 and receipt.final_text == ""
    assert receipt.done == ["wrote slow.txt"]
    assert (tmp_path / "ws" / "slow.txt").exists()
    assert receipt.trace_problems == []


def test_a_sync_tool_stopped_past_its_grace_is_reported_as_maybe_done(
    stand_factory: StandFactory, tmp_path: Path, anyio_backend: str
) -> None:
    """Python cannot stop a thread: a write still running after the Stop's grace may land
    later, so the receipt names it as maybe done instead of leaving it out."""
    turns = [{"tool_calls": [call("very_slow_write", path="late.txt")]}, {}]
    url = stand_factory(script=turns_script(turns))
    runtime, store = runtime_for(url, tmp_path, tools=[very_slow_write])
    receipt = stopped_after(runtime, "write very slowly", 0.3, backend=anyio_backend)
    store.close()
    assert receipt.status == "cancelled" and receipt.final_text == ""
    assert receipt.done == [
        'maybe: very_slow_write {"path":"late.txt"} (still running when stopped; it may have '
        "finished)"
    ]
    assert receipt.cancelled == ["tool very_slow_write"]
    assert receipt.trace_problems == []
    wait_for(lambda: (tmp_path / "ws" / "late.txt").exists(), 10)
    assert (tmp_path / "ws" / "late.txt").exists()  # it did land: "maybe" was the truth


def test_a_hung_sync_tool_still_times_out(
    stand_factory: StandFactory, tmp_path: Path, anyio_backend: str
) -> None:
    url = stand_factory(script=turns_script([{"tool_calls": [call("stuck")]}, {"text": "ok"}]))
    config = RuntimeConfig(tools=ToolsSection(timeout_s=0.2))
    runtime, store = runtime_for(url, tmp_path, tools=[stuck], config=config)
    started = time.monotonic()
    receipt, steps = run(runtime, "get stuck", backend=anyio_backend)
    store.close()
    assert receipt.status == "answered" and steps[0][0].status == "timeout"
    assert time.monotonic() - started < 6  # the 0.2 s timeout and a grace, not the 10 s hang


def _children(dead: bool = False) -> list[int]:
    """Live (non-zombie) processes whose parent is this process; with `dead`, the zombies
    (children that ended and were never collected)."""
    me = os.getpid()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[1]) == me and (fields[0] == "Z") == dead:
            found.append(int(entry.name))
    return found


CANCEL_TURNS: list[dict[str, Any]] = [
    {"tool_calls": [call("write_file", path="a.txt", content="a\n")]},
    {
        "tool_calls": [
            call("write_file", path="b.txt", content="b\n"),
            call("run_command", command="sleep 5"),
        ]
    },
    {"tool_calls": [call("write_file", path="c.txt", content="c\n")]},
    {"text": "All written."},
]


@pytest.mark.timeout(90)
def test_stop_at_random_points_leaves_nothing_behind(
    stand_factory: StandFactory, tmp_path: Path, anyio_backend: str
) -> None:
    runs = 200
    url = stand_factory(script=turns_script(CANCEL_TURNS))
    store = TraceStore(tmp_path / "t.db")
    rng = random.Random(20261130)
    delays = [rng.uniform(0.0, 0.05) for _ in range(runs)]
    # a share of the runs is stopped later, so that more cancels land in `sleep 5`; and a few
    # are never stopped, so that they answer (after the whole `sleep 5`)
    for i in range(0, runs, 4):
        delays[i] += 0.05
    for i in range(3, runs, 20):
        delays[i] = 60.0
    threads_before = set(threading.enumerate())
    # (this worker may hold other tests' dead children: once a call ran unconfined, tether is
    # a subreaper and orphans of any later process come to it; only this test's count)
    dead_before = set(_children(dead=True))
    # (and live ones: another test's server, started by a fixture this worker still holds)
    children_before = set(_children())
    receipts: dict[int, Receipt] = {}
    provider = OpenAIProvider(url + "/v1", "sim-large")

    async def one(i: int, limiter: anyio.CapacityLimiter) -> None:
        async with limiter:
            ws = tmp_path / f"ws{i}"
            ws.mkdir()
            # one provider (one HTTP client) for all: building a client blocks the event loop
            # for tens of milliseconds, which would push every cancel into the first model call
            runtime = create_agent_runtime(
                providers=[provider], workspace=ws, store=store, rules=ALLOW_ALL
            )
            async with anyio.create_task_group() as tg:

                async def stop() -> None:
                    await anyio.sleep(delays[i])
                    runtime.cancel()

                tg.start_soon(stop)
                receipts[i] = await runtime.run(f"run {i}: write the files")
                tg.cancel_scope.cancel()

    async def main() -> int:
        before = anyio.get_running_tasks()  # main, and on trio its own system tasks
        limiter = anyio.CapacityLimiter(10)
        with anyio.fail_after(80):
            async with anyio.create_task_group() as tg:
                for i in range(runs):
                    tg.start_soon(one, i, limiter)
        await provider.aclose()
        return len(anyio.get_running_tasks()) - len(before)

    tasks_left = anyio.run(main, backend=anyio_backend)
    store.close()

    assert tasks_left == 0  # none but those running before
    # no thread left behind: a sync tool's thread that a Stop abandoned (past its grace on a
    # loaded machine, its write told as "maybe") ends with its write, moments later
    wait_for(lambda: not set(threading.enumerate()) - threads_before, 10)
    assert set(threading.enumerate()) - threads_before == set()
    assert set(_children()) - children_before == set()
    assert set(_children(dead=True)) - dead_before == set()  # nothing of it left uncollected

    statuses = [r.status for r in receipts.values()]
    assert len(receipts) == runs
    assert set(statuses) <= {"cancelled", "answered", "not_done"}, statuses
    assert "cancelled" in statuses and "answered" in statuses
    mid_tool = 0
    for i, receipt in receipts.items():
        assert receipt.trace_problems == [], (i, receipt.trace_problems)
        ws = tmp_path / f"ws{i}"
        written = sorted(p.name for p in ws.glob("*.txt"))
        done = {d.split()[1] for d in receipt.done if d.startswith("wrote ")}
        # a write whose thread outlived the Stop's grace is told as "maybe", never left out
        maybe = {
            json.loads(d.split(" ", 2)[2].rsplit(" (still running", 1)[0])["path"]
            for d in receipt.done
            if d.startswith("maybe: write_file ")
        }
        assert done <= set(written) <= done | maybe, (i, receipt.status, receipt.done, written)
        if receipt.status == "cancelled":
            assert receipt.final_text == ""
            if "tool run_command" in receipt.cancelled:
                mid_tool += 1
                assert not any(d.startswith("ran ") for d in receipt.done)
        else:
            assert written == ["a.txt", "b.txt", "c.txt"]
    assert mid_tool > 0  # some cancels really landed in the running command
