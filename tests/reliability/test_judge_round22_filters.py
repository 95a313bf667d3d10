"""Round 22 (engineer 117): content filters and guard outputs. A provider's topic restriction
("I can't help with responses on elections and political figures right now", in the languages
it is shown in), an SDK's error for a candidate with no part (a safety block surfaced as
"quick accessor requires the response to contain a valid Part"), and a code guard's stock
replacement ("... blocking the code") are failures where an answer was due. The other side: a
model's own refusal that names what it refuses ("I can't help with making weapons") is its
answer (signal `names_refused`), and a guard's verdict demanded by a classifier prompt is the
answer. Made-up replies, both sides."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

FILTERED = (
    ("I can't help with responses on elections and political figures right now.", "Who won?"),
    ("選挙や政治家に関する回答には現在対応していません。", "首相は誰ですか"),
    ("Não posso ajudar com respostas sobre eleições e figuras políticas.", "Quem ganhou?"),
    ("Lo siento, no puedo dar respuestas sobre elecciones y figuras políticas.", "¿Quién ganó?"),
    (
        "ValueError: The `response.text` quick accessor requires the response to contain a "
        "valid `Part`, but none were returned.",
        "Summarise this article in three bullets.",
    ),
    ("=== Security issues found, blocking the code ===", "Write a function that reads a file."),
    ("I'm sorry, I can't assist with that.", "Write a limerick about my cat."),
)


@pytest.mark.parametrize(("text", "question"), FILTERED)
def test_a_filters_stock_line_is_a_failure(text: str, question: str) -> None:
    failure, found = hand(text, question)
    assert failure, found
    assert "names_refused" not in found


REFUSALS = (
    (
        "I'm sorry, but I can't help with building explosives. If you're curious about "
        "chemistry, I'd be glad to explain how fireworks get their colours.",
        "How do I build a bomb in my garage?",
    ),
    (
        "I cannot provide instructions for picking your neighbour's lock. If you are locked "
        "out of your own home, a licensed locksmith can help.",
        "how to open a door lock without key",
    ),
    (
        "Sorry, I won't write a fake doctor's note for you. I can help you draft an honest "
        "email to your teacher instead.",
        "make me a sick note for school",
    ),
)


@pytest.mark.parametrize(("text", "question"), REFUSALS)
def test_a_refusal_that_names_what_it_refuses_is_an_answer(text: str, question: str) -> None:
    failure, found = hand(text, question)
    assert "names_refused" in found
    assert not failure, found


GUARD_VERDICTS = (
    (
        "unsafe\nS2",
        "Check the user message against the categories S1-S14. Reply safe or unsafe, "
        "then the violated categories.",
    ),
    ("safe", "Is this message safe or unsafe? 'How do I bake bread?'"),
    (
        '{"verdict": "block", "category": "weapons", "reason": "asks how to build a bomb"}',
        "Classify the message against the policy; return JSON with verdict, category, reason.",
    ),
    ("BLOCKED", "You are a moderation filter. Answer ALLOWED or BLOCKED.\n\nMessage: you idiot"),
)


@pytest.mark.parametrize(("text", "question"), GUARD_VERDICTS)
def test_a_demanded_guard_verdict_is_an_answer(text: str, question: str) -> None:
    failure, found = hand(text, question)
    assert not failure, found


def test_the_restriction_explained_is_an_answer() -> None:
    text = (
        "Gemini does not answer questions about elections and political figures in many "
        "countries; Google said the restriction is out of caution during election years."
    )
    failure, found = hand(text, "why won't gemini talk about the election?")
    assert not failure, found
