"""`tether run` on a terminal asks a person where the rules say ask; the answer is obeyed."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest
import yaml


@pytest.mark.parametrize(("answer", "made"), [("y", True), ("n", False)])
def test_a_person_at_the_terminal_approves_or_refuses_a_command(
    tmp_path: Path, answer: str, made: bool
) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    script = tmp_path / "script.yaml"
    turns = [
        {"tool_calls": [{"name": "run_command", "arguments": {"command": "touch made.txt"}}]},
        {"text": "Done asking."},
    ]
    script.write_text(yaml.safe_dump({"models": {"sim-large": {"turns": turns}}}))
    main, terminal = pty.openpty()  # stdin is a real terminal: the CLI prompts on it
    os.write(main, f"{answer}\n".encode())
    try:
        result = subprocess.run(
            [sys.executable, "-m", "tether", "run", "make a file", "--workspace", str(ws),
             "--script", str(script), "--store", str(tmp_path / "t.db")],
            stdin=terminal, capture_output=True, text=True, timeout=60,
        )  # fmt: skip
    finally:
        os.close(terminal)
        os.close(main)
    assert result.returncode == 0, result.stderr
    assert "allow run_command" in result.stdout  # the question was put to the person
    assert (ws / "made.txt").exists() is made
    assert ("-> ok" if made else "-> denied") in result.stderr
