"""Resume: a stopped run continued from the trace store, what it did stated, never redone."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import anyio
import pytest
import yaml

from tether.agent.resume import INTERRUPTED_RESULT, close_open_calls
from tether.agent.runtime import RuntimeConfig, create_agent_runtime
from tether.errors import ResumeRefused
from tether.messages import Message, ToolCall
from tether.providers import OpenAIProvider
from tether.stand import StandThread, build_stand
from tether.trace.store import TraceStore

pytestmark = pytest.mark.timeout(90)

WRITE_TWO = [  # position: history, so a new stand process replays the turn the run is at
    {"tool_calls": [{"name": "write_file", "arguments": {"path": "a.txt", "content": "one"}}]},
    {"tool_calls": [{"name": "write_file", "arguments": {"path": "b.txt", "content": "two"}}]},
    {"text": "Both files are written."},
]


def write_script(tmp_path: Path, turns: list[dict[str, object]]) -> Path:
    path = tmp_path / "script.yaml"
    model = {"position": "history", "turns": turns}
    path.write_text(yaml.safe_dump({"models": {"sim-large": model}}))
    return path


def tether_run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tether", "run", *args, "--store", str(cwd / "t.db")],
        capture_output=True, text=True, timeout=60, cwd=cwd,
    )  # fmt: skip


def test_a_run_that_ran_out_of_steps_is_resumed_by_the_cli_and_its_work_is_not_redone(
    tmp_path: Path,
) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    path = str(write_script(tmp_path, WRITE_TWO))
    args = ("--workspace", str(ws), "--script", path, "--json")
    first = tether_run("write a.txt and b.txt", *args, "--max-steps", "1", cwd=tmp_path)
    assert first.returncode == 3, first.stderr
    before = json.loads(first.stdout)
    assert before["status"] == "not_done" and before["done"] == ["wrote a.txt (3 bytes)"]
    (ws / "a.txt").write_text("changed by a person")  # a redone write would overwrite it

    second = tether_run("--resume", before["run_id"][:10], *args, cwd=tmp_path)
    assert second.returncode == 0, second.stderr
    after = json.loads(second.stdout)
    assert after["status"] == "answered" and after["final_text"] == "Both files are written."
    assert after["resumed_from"] == before["run_id"] != after["run_id"]
    assert after["done"] == ["wrote a.txt (3 bytes)", "wrote b.txt (3 bytes)"]  # covers both
    assert after["usage"]["input_tokens"] > before["usage"]["input_tokens"]
    assert after["steps"] == before["steps"] + 2
    assert (ws / "a.txt").read_text() == "changed by a person"
    assert (ws / "b.txt").read_text() == "two"

    store = TraceStore(tmp_path / "t.db")
    kept = store.conversation(after["run_id"])
    trace = store.trace(after["run_id"])
    store.close()
    assert kept is not None and trace is not None
    note = [m for m in kept["messages"] if m["role"] == "user"][1]["parts"][0]["text"]
    assert before["run_id"] in note and "`not_done`" in note
    assert "do not do these again" in note and "- wrote a.txt (3 bytes)" in note
    root = next(s for s in trace["spans"] if s["parent_id"] is None)
    assert root["attrs"]["tether.resumed_from"] == before["run_id"]

    # `traces list` says which run a resumed one continued
    listed = subprocess.run(
        [sys.executable, "-m", "tether", "traces", "list", "--json", "--store", str(tmp_path / "t.db")],
        capture_output=True, text=True, timeout=60, cwd=tmp_path,
    )  # fmt: skip
    rows = {r["run_id"]: r for r in json.loads(listed.stdout)["runs"]}
    assert rows[after["run_id"]]["resumed_from"] == before["run_id"]
    assert rows[before["run_id"]]["resumed_from"] is None
    table = subprocess.run(
        [sys.executable, "-m", "tether", "traces", "list", "--store", str(tmp_path / "t.db")],
        capture_output=True, text=True, timeout=60, cwd=tmp_path, env={**os.environ, "COLUMNS": "200"},
    )  # fmt: skip
    assert f"(resumed {before['run_id'][:12]})" in table.stdout

    refused = tether_run("--resume", after["run_id"], *args, cwd=tmp_path)
    assert refused.returncode == 2
    assert f"run {after['run_id']} ended answered: there is nothing left to resume" in (
        refused.stderr
    )


def test_resume_usage_errors_name_the_fix(tmp_path: Path) -> None:
    missing = tether_run("--resume", "0123abcd", cwd=tmp_path)
    assert missing.returncode == 2 and "--resume 0123abcd: no such run" in missing.stderr
    neither = tether_run(cwd=tmp_path)
    assert neither.returncode == 2 and "give a TASK" in neither.stderr


def test_the_api_resumes_a_run_that_ended_in_an_error_and_refuses_a_done_one(
    tmp_path: Path,
) -> None:
    turns = [  # the second step fails on every one of the chain's four attempts, then works
        WRITE_TWO[0],
        {**WRITE_TWO[1], "fault": "http:503", "fault_attempts": 4},
        WRITE_TWO[2],
    ]
    stand = build_stand(write_script(tmp_path, turns))
    store = TraceStore(tmp_path / "t.db")

    async def main(url: str) -> tuple[str, str, str, list[str], str | None]:
        runtime = create_agent_runtime(
            RuntimeConfig.model_validate({"retry": {"backoff_s": 0.01}}),
            providers=[OpenAIProvider(url + "/v1", "sim-large")],
            workspace=tmp_path,
            store=store,
        )
        first = await runtime.run("write a.txt and b.txt")
        second = await runtime.resume(first.run_id, "Now write b.txt.")
        with pytest.raises(ResumeRefused, match="ended answered"):
            await runtime.resume(second.run_id)
        await runtime.chain.aclose()
        return first.status, first.error, second.status, second.done, second.resumed_from

    with StandThread(stand) as url:
        status, error, resumed, done, link = anyio.run(main, url)
    store.close()
    assert status == "error" and "503" in error
    assert resumed == "answered" and done == ["wrote a.txt (3 bytes)", "wrote b.txt (3 bytes)"]
    assert link


def test_a_call_left_without_a_result_gets_one_saying_it_did_not_finish() -> None:
    call = ToolCall("c1", "run_command", '{"command": "make"}')
    messages = [Message.text("user", "build"), Message("assistant", (call,))]
    closed = close_open_calls(messages)
    assert len(closed) == 3 and closed[-1].role == "tool"
    assert closed[-1].parts[0].content == INTERRUPTED_RESULT  # type: ignore[union-attr]
    assert close_open_calls(closed) == closed


def test_a_cancelled_run_is_resumed_with_its_interrupted_call_closed(tmp_path: Path) -> None:
    from tether.tools.base import tool
    from tether.tools.rules import Rule, Rules

    started = anyio.Event()

    @tool
    async def deploy(target: str) -> str:
        """Deploy (slowly)."""
        started.set()
        await anyio.sleep(30)
        return "deployed"

    turns = [
        {"tool_calls": [{"name": "deploy", "arguments": {"target": "staging"}}]},
        {"text": "The deploy was interrupted; I did not run it again."},
    ]
    stand = build_stand(write_script(tmp_path, turns))
    store = TraceStore(tmp_path / "t.db")

    async def main(url: str) -> tuple[str, str, str, list[dict[str, object]]]:
        runtime = create_agent_runtime(
            providers=[OpenAIProvider(url + "/v1", "sim-large")], workspace=tmp_path,
            tools=[deploy], rules=Rules([Rule("deploy", "allow")]), store=store,
        )  # fmt: skip
        first: list[str] = []

        async def run() -> None:
            first.append((await runtime.run("deploy to staging")).status)

        async with anyio.create_task_group() as tg:
            tg.start_soon(run)
            with anyio.fail_after(30):
                await started.wait()
            runtime.cancel()
        run_id = store.runs(1)[0].run_id
        second = await runtime.resume(run_id)
        await runtime.chain.aclose()
        kept = store.conversation(second.run_id)
        assert kept is not None
        return first[0], second.status, second.final_text, kept["messages"]

    with StandThread(stand) as url:
        status, resumed, text, messages = anyio.run(main, url)
    store.close()
    assert status == "cancelled" and resumed == "answered"
    assert text == "The deploy was interrupted; I did not run it again."
    results = [p for m in messages if m["role"] == "tool" for p in m["parts"]]
    assert [p["content"] for p in results] == [INTERRUPTED_RESULT]
    note = [m for m in messages if m["role"] == "user"][1]["parts"][0]["text"]
    assert "`cancelled`" in note and "Stopped before they finished" in note
