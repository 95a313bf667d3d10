"""Reasoning sent inline as the text, with no answer after it, is an empty turn.

A server without a reasoning parser (a local model behind Ollama or llama.cpp, a relay) sends a
thinking model's reasoning inside the content, in `<think>` tags. When the model stops after
thinking, or the block is never closed, the text holds no answer: agents that read the content
took the reasoning for the reply (the same thing as reasoning alone, which is already empty).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tether.messages import Message, Request, Turn
from tether.reliability.judge import judge

ASK = Request(messages=(Message.text("user", "What is 17*23?"),))


def kind(text: str) -> str | None:
    turn = Turn(content=text, finish_reason="stop", raw_finish_reason="stop", termination="stop")
    found = judge(turn, ASK)
    return found.kind if found else None


@pytest.mark.parametrize(
    "text",
    [
        "<think>\nOkay, 17*20 = 340 and 17*3 = 51, so 391.\n</think>",
        "<think>\nOkay, the user asks for 17*23. 17*20 = 340, 17*3 = 51, so",  # never closed
        "Okay, 17*20 = 340 and 17*3 = 51, so 391.\n</think>\n\n",  # the template opened it
        "<think></think>",
    ],
    ids=["closed", "unclosed", "opened-by-template", "blank"],
)
def test_a_text_of_reasoning_alone_is_empty(text: str) -> None:
    assert kind(text) == "empty"


@pytest.mark.parametrize(
    "text",
    [
        "<think>\nOkay, 340 + 51.\n</think>\n\n391",
        "Okay, 340 + 51.\n</think>\n\n391",
        "Qwen puts its reasoning between <think> and </think>",
    ],
    ids=["answer-after-block", "answer-after-template-block", "tags-mentioned"],
)
def test_an_answer_after_the_reasoning_or_about_the_tags_is_an_answer(text: str) -> None:
    assert kind(text) is None


def test_an_agent_run_retries_a_step_that_only_thought(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    script = tmp_path / "script.yaml"
    turns = [{"text": "<think>\n17*20 = 340, 17*3 = 51.\n</think>"}, {"text": "391"}]
    script.write_text(yaml.safe_dump({"models": {"sim-large": {"turns": turns}}}))
    result = subprocess.run(
        [sys.executable, "-m", "tether", "run", "What is 17*23?", "--workspace", str(ws),
         "--script", str(script), "--json", "--store", str(tmp_path / "t.db")],
        capture_output=True, text=True, timeout=60, cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    receipt = json.loads(result.stdout)
    assert receipt["status"] == "answered" and receipt["final_text"] == "391"
    assert receipt["verdicts"] == ["empty"]
