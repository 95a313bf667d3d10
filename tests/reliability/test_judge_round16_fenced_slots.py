"""Round 16 (engineer 83): a notice whose error slot is fenced for display, a code block of
slots and signs alone (```{type(e).__name__}: {e}```), and a slot on an attribute of a type
(`{type(e).__qualname__}`), never filled: the canned text, not an answer's code. Made-up
replies, both sides."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

FAILURES = (
    "Sorry, I couldn't write that reply!\n```{type(e).__name__}: {e}```",
    "Oops, the summary failed.\n```\n{type(err).__qualname__}: {err}\n```",
)


@pytest.mark.parametrize("text", FAILURES)
def test_a_fenced_slot_alone_is_a_template_never_filled(text: str) -> None:
    failure, names = hand(text)
    assert failure and "template_slot" in names, names


ANSWERS = (
    # code that formats the error: its slots are the code's own
    'Log the error with its type:\n```python\nlogger.error(f"{type(e).__name__}: {e}")\n```',
    # a slot named in inline code by a writer
    "The message now reads `{e}` instead of the whole traceback, and the test passes.",
)


@pytest.mark.parametrize("text", ANSWERS)
def test_slots_in_code_or_named_inline_are_an_answer_s(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "template_slot" not in names, names
