"""Checks after "done", end to end: scripted turns on the stand, the runtime built through
create_agent_runtime, real check processes in a real workspace, the receipt and the trace."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import anyio
import pytest
import yaml

from tests.processes import still_running
from tether.agent.receipt import Receipt
from tether.agent.runtime import (
    AgentRuntime,
    CheckSection,
    RuntimeConfig,
    create_agent_runtime,
    load_config,
)
from tether.errors import ConfigError
from tether.providers import OpenAIProvider
from tether.tools.rules import Rules
from tether.trace.store import TraceStore

pytestmark = pytest.mark.timeout(20)

StandFactory = Callable[..., str]
FAILING_UNTIL_FIXED = (
    'if [ -f fixed.txt ]; then echo "3 passed in 0.01s"; '
    'else echo "1 failed, 2 passed in 0.01s"; fi'  # exits 0 either way: the output decides
)


def write(path: str, content: str) -> dict[str, Any]:
    return {"tool_calls": [{"name": "write_file", "arguments": {"path": path, "content": content}}]}


def build(
    stand_factory: StandFactory,
    tmp_path: Path,
    turns: Sequence[dict[str, Any]],
    checks: Sequence[str],
    log: Path | None = None,
    **check: Any,
) -> tuple[AgentRuntime, TraceStore]:
    url = stand_factory(script={"models": {"sim-large": {"turns": list(turns)}}}, log=log)
    ws = tmp_path / "ws"
    ws.mkdir(exist_ok=True)
    store = TraceStore(tmp_path / "t.db")
    runtime = create_agent_runtime(
        RuntimeConfig(check=CheckSection(**check)),
        providers=[OpenAIProvider(url + "/v1", "sim-large")],
        workspace=ws,
        store=store,
        rules=Rules([], default="allow"),
        checks=checks,
    )
    return runtime, store


def go(
    runtime: AgentRuntime, task: str = "make the tests pass", backend: str = "asyncio"
) -> Receipt:
    async def main() -> Receipt:
        try:
            return await runtime.run(task)
        finally:
            await runtime.chain.aclose()

    return anyio.run(main, backend=backend)


def spans(store: TraceStore, receipt: Receipt) -> list[dict[str, Any]]:
    trace = store.trace(receipt.run_id)
    assert trace is not None
    return list(trace["spans"])


def test_no_checks_asked_for_is_answered_with_acceptance_unknown(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    runtime, store = build(stand_factory, tmp_path, [{"text": "All done."}], [])
    receipt = go(runtime)
    store.close()
    assert receipt.status == "answered" and receipt.exit_code == 0
    assert receipt.completed and receipt.accepted is None and receipt.checks == []


def test_an_exit_code_lie_makes_the_run_failed_not_done(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    runtime, store = build(
        stand_factory, tmp_path,
        [write("test.sh", 'echo "1 failed, 4 passed in 0.12s"\nexit 0\n'), {"text": "Done!"}, {},
         {"text": "The checks still fail: 1 test fails."}],
        ["sh test.sh"], fix_cycles=1,
    )  # fmt: skip
    receipt = go(runtime)
    store.close()
    assert receipt.status == "failed" and receipt.exit_code == 1
    assert receipt.completed and receipt.accepted is False
    assert "The exit code was 0, but the output says: 1 failed, 4 passed in 0.12s" in (
        receipt.verification
    )
    assert receipt.checks[0]["exit_code"] == 0 and receipt.checks[0]["exit_code_lie"]


def test_failed_checks_go_back_and_a_fix_on_the_second_try_is_done(
    stand_factory: StandFactory, tmp_path: Path, anyio_backend: str
) -> None:
    log = tmp_path / "exchanges.jsonl"
    runtime, store = build(
        stand_factory, tmp_path,
        [{"text": "Done, it works."}, write("fixed.txt", "yes\n"), {"text": "Fixed for real."}],
        [FAILING_UNTIL_FIXED], log=log,
    )  # fmt: skip
    receipt = go(runtime, backend=anyio_backend)
    store.close()
    assert receipt.status == "done" and receipt.exit_code == 0 and receipt.accepted is True
    assert receipt.final_text == "Fixed for real." and receipt.fix_cycles == 1
    assert receipt.verification.startswith("checks passed")
    assert receipt.checks[0]["quote"] == "3 passed in 0.01s"
    sent = [json.loads(line)["request"] for line in log.read_text().splitlines()]
    feedback = sent[1]["messages"][-1]["content"]
    assert "the checks did not pass" in feedback and "1 failed, 2 passed" in feedback
    assert "fix cycle 1 of 2" in feedback


def test_a_run_that_errs_after_a_fix_cycle_says_so_beside_the_checks_it_ran(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    """The answer was checked, the checks failed, the fix cycle's model call failed: the
    verification names both, never "before its answer was checked"."""
    runtime, store = build(
        stand_factory, tmp_path,
        [{"text": "Done, it works."}, {"fault": "http:500"}, {"fault": "http:500"},
         {"fault": "http:500"}, {"fault": "http:500"}],
        [FAILING_UNTIL_FIXED],
    )  # fmt: skip
    receipt = go(runtime)
    store.close()
    assert receipt.status == "error" and receipt.fix_cycles == 1
    assert receipt.checks and receipt.checks[0]["status"] == "failed"
    assert "before its answer was checked" not in receipt.verification
    assert receipt.verification.startswith("not verified: the run ended error after 1 fix cycle")
    assert "checks failed" in receipt.verification


def test_checks_that_never_pass_end_in_an_honest_failed_answer(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    log = tmp_path / "exchanges.jsonl"
    runtime, store = build(
        stand_factory, tmp_path,
        [{"text": "Done."}, {"text": "Done now."}, {"text": "Surely done."},
         {"text": "All tests pass!"}],  # the last, tool-less answer still claims success
        [FAILING_UNTIL_FIXED], log=log, fix_cycles=2,
    )  # fmt: skip
    receipt = go(runtime)
    store.close()
    assert receipt.status == "failed" and receipt.accepted is False and receipt.fix_cycles == 2
    assert receipt.final_text == "All tests pass!"
    assert "still failing after 2 fix cycles, whatever the answer says" in receipt.verification
    sent = [json.loads(line)["request"] for line in log.read_text().splitlines()]
    assert len(sent) == 4
    last = sent[-1]
    assert "tools" not in last or not last["tools"]
    assert "The checks still fail after 2 fix cycles" in last["messages"][-1]["content"]
    assert receipt.trace_problems == []


def test_with_no_step_left_for_a_fix_the_model_answers_honestly_without_tools(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    runtime, store = build(
        stand_factory, tmp_path, [{"text": "Done."}, {"text": "The checks still fail."}],
        [FAILING_UNTIL_FIXED],
    )  # fmt: skip
    runtime.loop = type(runtime.loop)(max_steps=1)
    receipt = go(runtime)
    store.close()
    assert receipt.status == "failed" and receipt.fix_cycles == 0
    assert receipt.final_text == "The checks still fail."
    assert "(still failing after 0 fix cycles, whatever the answer says)" in receipt.verification


def test_a_missing_test_tool_or_an_empty_check_is_unverified_with_its_name(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    runtime, store = build(
        stand_factory, tmp_path, [{"text": "Done."}], ["no-such-runner --all", "", "true"]
    )
    receipt = go(runtime)
    store.close()
    assert receipt.status == "unverified" and receipt.exit_code == 1 and receipt.accepted is None
    assert receipt.fix_cycles == 0  # nothing for the model to fix
    assert [c["status"] for c in receipt.checks] == ["unknown", "unknown", "passed"]
    assert "`no-such-runner --all` could not verify anything: command not found" in (
        receipt.verification
    )
    assert "(empty command) could not verify anything" in receipt.verification


def test_a_file_written_after_a_check_ran_makes_it_stale_and_the_checks_run_again(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    runtime, store = build(
        stand_factory, tmp_path, [{"text": "Done."}],
        ["echo '2 passed in 0.01s'", "test -e generated.txt || echo new > generated.txt"],
    )  # fmt: skip
    receipt = go(runtime)
    assert receipt.status == "done", receipt.verification
    assert "files changed while the checks ran (generated.txt): they ran again" in (
        receipt.verification
    )
    assert not any(c["stale"] for c in receipt.checks)
    assert len([s for s in spans(store, receipt) if s["kind"] == "check"]) == 4
    store.close()


def test_checks_that_keep_changing_the_workspace_stay_stale_and_unverified(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    runtime, store = build(
        stand_factory, tmp_path, [{"text": "Done."}],
        ["echo '2 passed in 0.01s'; date +%s%N > stamp.txt"],
    )  # fmt: skip
    receipt = go(runtime)
    store.close()
    assert receipt.status == "unverified" and receipt.accepted is None
    assert receipt.checks[0]["stale"] and receipt.checks[0]["status"] == "passed"
    assert "is stale: files changed after it ran" in receipt.verification
    assert "files changed again while the checks re-ran (stamp.txt)" in receipt.verification


def test_a_hanging_check_times_out_and_the_trace_still_closes(
    stand_factory: StandFactory, tmp_path: Path, anyio_backend: str
) -> None:
    runtime, store = build(
        stand_factory, tmp_path, [{"text": "Done."}], ["sleep 30"], timeout_s=0.3
    )
    started = time.monotonic()
    receipt = go(runtime, backend=anyio_backend)
    checks = [s for s in spans(store, receipt) if s["kind"] == "check"]
    store.close()
    assert time.monotonic() - started < 8
    assert receipt.status == "unverified" and receipt.trace_problems == []
    assert receipt.checks[0]["status"] == "timeout"
    assert [s["status"] for s in checks] == ["timeout"]


def test_stop_during_a_check_cancels_it_and_the_run(
    stand_factory: StandFactory, tmp_path: Path, anyio_backend: str
) -> None:
    pid_file = tmp_path / "ws" / "pid"  # in the workspace: the only place a check may write
    marker = "31.4159"  # a sleep no other process has: `ps` finds it if it outlived the Stop
    runtime, store = build(
        stand_factory, tmp_path, [{"text": "Done."}], [f"echo $$ > {pid_file}; sleep {marker}"]
    )

    async def main() -> Receipt:
        async with anyio.create_task_group() as tg:

            async def stop() -> None:
                while not pid_file.exists():  # noqa: ASYNC110
                    await anyio.sleep(0.02)
                runtime.cancel()

            tg.start_soon(stop)
            receipt = await runtime.run("make the tests pass")
        await runtime.chain.aclose()
        return receipt

    started = time.monotonic()
    receipt = anyio.run(main, backend=anyio_backend)
    store.close()
    assert time.monotonic() - started < 8
    assert receipt.status == "cancelled" and receipt.exit_code == 130
    (cancelled,) = receipt.cancelled
    assert cancelled.startswith("check echo $$ > ")
    assert [c["status"] for c in receipt.checks] == ["cancelled"]
    assert receipt.accepted is None and not receipt.completed
    assert receipt.trace_problems == []
    # (the pid in the file is the sandbox's own when commands run confined: look by command)
    alive = still_running(f"sleep {marker}", ("sleep",))
    assert not alive


def test_a_budget_spent_run_keeps_not_done_and_its_checks_do_not_run(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    runtime, store = build(
        stand_factory, tmp_path,
        [write("a.txt", "1"), {"text": "I ran out of steps; a.txt is written, b is left."}],
        ["touch checked.txt"],
    )  # fmt: skip
    runtime.loop = type(runtime.loop)(max_steps=1)
    receipt = go(runtime)
    store.close()
    assert receipt.status == "not_done" and receipt.exit_code == 3
    assert receipt.checks == [] and not (tmp_path / "ws" / "checked.txt").exists()
    assert receipt.verification.startswith("not verified: the run ended not_done")


def test_checks_and_their_settings_come_from_the_configuration(tmp_path: Path) -> None:
    path = tmp_path / "tether.toml"
    path.write_text('checks = ["pytest -q"]\n[check]\ntimeout_s = 30\nfix_cycles = 0\n')
    config = load_config(path)
    assert config.checks == ["pytest -q"] and config.check.fix_cycles == 0
    runtime = create_agent_runtime(
        config, providers=[OpenAIProvider("http://127.0.0.1:1/v1", "m")], workspace=tmp_path,
        store=None, checks=["ruff check ."],
    )  # fmt: skip
    assert runtime.checks == ("pytest -q", "ruff check .")
    path.write_text("[check]\nfix_cycles = -1\n")
    with pytest.raises(ConfigError, match=r"tether.toml: check.fix_cycles"):
        load_config(path)
    path.write_text('checks = "pytest"\n')
    with pytest.raises(ConfigError, match=r"tether.toml: checks"):
        load_config(path)


def tether_run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tether", "run", *args, "--store", str(cwd / "t.db")],
        capture_output=True, text=True, timeout=60, cwd=cwd,
    )  # fmt: skip


@pytest.mark.timeout(90)  # two CLI processes: each imports tether, slow on a loaded machine
def test_the_cli_says_checks_failed_in_plain_words_and_exits_1(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "test.sh").write_text('echo "1 failed, 4 passed in 0.12s"\n')
    script = tmp_path / "script.yaml"
    script.write_text(yaml.safe_dump({"models": {"sim-large": {"turns": [{"text": "Done."}]}}}))
    result = tether_run(
        "fix it", "--workspace", str(ws), "--script", str(script), "--check", "sh test.sh",
        "--check", "true", cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 1, result.stderr
    assert "status: failed" in result.stderr
    assert "checks failed: `sh test.sh`: The exit code was 0, but the output says: " in (
        result.stderr
    )
    json_run = tether_run(
        "fix it", "--workspace", str(ws), "--check", "true", "--json", cwd=tmp_path
    )
    assert json_run.returncode == 0, json_run.stderr
    receipt = json.loads(json_run.stdout)
    assert receipt["status"] == "done" and receipt["accepted"] is True
    assert receipt["verification"].startswith("checks passed")
