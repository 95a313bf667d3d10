"""Round 30: the degenerate readings split by question, the role words named once.

(`stand_in_signals` split too: a template's slots never filled are `slot_signals`'.)

`degenerate_signals` orders readings that live in four modules (a repetition, encoding damage,
raw output, the dialogue itself); `dialogue_signals` builds its turn patterns and the cheap
test before them (`may_speak_both_sides`' marks) from one table of role words, so a role added to the table is
found by both. No verdict moved (the WORK listing was byte-identical before and after)."""

# ruff: noqa: RUF001
from __future__ import annotations

from pathlib import Path

import pytest

import tether.reliability as reliability
from tests.reliability.judging import hand
from tether.reliability import dialogue_signals as dialogue
from tether.reliability.dialogue_signals import (
    FORMAT_ROLES,
    USER_ROLES,
    may_speak_both_sides,
)

MODULES = (
    "degenerate_signals",
    "loop_signals",
    "mojibake_signals",
    "raw_output_signals",
    "dialogue_signals",
    "stand_in_signals",
    "slot_signals",
)


@pytest.mark.parametrize("name", MODULES)
def test_each_module_stays_small(name: str) -> None:
    path = Path(reliability.__file__).with_name(f"{name}.py")
    assert len(path.read_text("utf-8").splitlines()) < 700


@pytest.mark.parametrize("role", USER_ROLES)
def test_every_user_role_passes_the_cheap_test(role: str) -> None:
    """Each role of the table, as a label opens a line (title case or capitals), passes the
    cheap test and is read by the turn pattern: the two cannot drift apart."""
    for cased in (role.title(), role.upper()):
        text = f"Paris is the capital of France.\n{cased}: And Germany?\nAssistant: Berlin."
        assert may_speak_both_sides(text), cased
        assert dialogue._USER_TURN.search(text) is not None, cased


@pytest.mark.parametrize("role", FORMAT_ROLES)
def test_every_format_role_passes_the_cheap_test(role: str) -> None:
    for cased in (role.title(), role, role.upper()):
        text = f"Paris is the capital of France.\n### {cased}: And Germany?"
        assert may_speak_both_sides(text), cased
        assert dialogue._FORMAT_USER_TURN.search(text) is not None, cased


# Both sides played, in the shapes the module docstring names (made up, after WORK's cases):
# an answer, then the user's next turn under a role label and the model's after it.
BOTH_SIDES = (
    "Paris is the capital of France.\nUser: And Germany?\nAssistant: Berlin.",
    "巴黎是法国的首都。\n用户：那德国呢？\n助手：柏林。",
    "Париж — столица Франции.\nПользователь: А Германии?\nАссистент: Берлин.",
    "The capital of France is Paris.\n\n### Instruction: What is the capital of Germany?",
)


@pytest.mark.parametrize("text", BOTH_SIDES)
def test_both_sides_still_read(text: str) -> None:
    failure, names = hand(text, "What is the capital of France?")
    assert failure and "degenerate" in names, names


# Lookalikes that stay answers: a dialogue asked for, one introduced by a colon, prose that
# names the user without a label.
LOOKALIKES = (
    (
        "Here is a sample chat:\nUser: Hi!\nAssistant: Hello, how can I help?",
        "Write a sample conversation between a user and an assistant.",
    ),
    (
        "The user reported the error twice, and the fix is to pin the version.",
        "What did the user report?",
    ),
)


@pytest.mark.parametrize(("text", "question"), LOOKALIKES)
def test_lookalikes_stay_answers(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure and "degenerate" not in names, names
