"""Review mends of `asks_for_input`: a reply saying the given context holds nothing on the
question, even with "so I cannot answer", is a retrieval step's honest answer (RAG benchmarks
grade it correct for an unanswerable question), not an ask for input; and an ask that says the
input is missing in other words ("the lyrics are missing", "weren't included") is still one.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

CONTEXT_SAYS_NOTHING = [
    (
        "Context: The Eiffel Tower is in Paris. It was built in 1889.\n"
        "Question: Who designed the Statue of Liberty?",
        "The context does not mention who designed the Statue of Liberty, so I cannot answer "
        "the question from it.",
    ),
    (
        "Answer using only the context.\nContext: Acme sells widgets.\n"
        "Question: What is Acme's revenue?",
        "The provided context does not contain information about Acme's revenue. Therefore, I "
        "cannot answer the question.",
    ),
]


@pytest.mark.parametrize(("question", "text"), CONTEXT_SAYS_NOTHING)
def test_a_context_said_to_hold_nothing_is_an_answer(question: str, text: str) -> None:
    failure, found = hand(text, question)
    assert not failure, found
    assert "asks_for_input" not in found


INPUT_SAID_MISSING = [
    (
        "Write lyrics analysis for the song.",
        "Sorry, it looks like the lyrics are missing. Can you send them?",
    ),
    (
        "Write lyrics analysis for the song.",
        "Sorry \u2014 the lyrics weren't included. Please paste them and I'll analyse them.",
    ),
]


@pytest.mark.parametrize(("question", "text"), INPUT_SAID_MISSING)
def test_an_input_said_missing_then_asked_for_is_a_failure(question: str, text: str) -> None:
    failure, found = hand(text, question)
    assert failure, found
    assert "asks_for_input" in found
