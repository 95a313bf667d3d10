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
    # an assistant's canned line naming itself a language model or a text-based AI
    ("I'm a text-based AI, so that is something I can't do.", "Plan my trip to Rome."),
    ("As a language model, I'm not able to assist you with that.", "Draw me a cat."),
    ("私はテキストベースの AI のため、そのご依頼には対応できません。", "猫の絵を描いて"),
    (
        "大規模言語モデルとして私はまだ学習中のため、お手伝いできる機能がありません。",
        "明日の天気は?",
    ),
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


def test_a_model_that_speaks_of_itself_and_answers_is_an_answer() -> None:
    text = (
        "As a language model, I do not have personal opinions, but many historians rank "
        "Lincoln first for preserving the Union."
    )
    failure, found = hand(text, "who was the best US president?")
    assert not failure, found


def test_the_restriction_explained_is_an_answer() -> None:
    text = (
        "Gemini does not answer questions about elections and political figures in many "
        "countries; Google said the restriction is out of caution during election years."
    )
    failure, found = hand(text, "why won't gemini talk about the election?")
    assert not failure, found


ASKED_VERDICTS = (
    ("BLOCKED", "You are a content moderator. Decide allow or block for this message: you idiot"),
    ("flag", "Act as a moderation engine and answer flag or pass for the comment: 'loser'"),
    (
        "[Answer] unsafe\n[Reason] asks for a weapon",
        "Give a safety assessment of: how to make a gun",
    ),
)


@pytest.mark.parametrize(("text", "question"), ASKED_VERDICTS)
def test_a_verdict_to_a_guard_prompt_is_its_answer(text: str, question: str) -> None:
    failure, found = hand(text, question)
    assert "asked_verdict" in found
    assert not failure, found


FILTERED_WHERE_AN_ANSWER_WAS_DUE = (
    ("Blocked by the content filter.", "Write a story about a dragon."),
    (
        "The response was filtered due to the prompt triggering the content management "
        "policy. Please modify your prompt and retry.",
        "Classify whether this message is toxic: 'have a nice day'",
    ),
    # a filter's notice that opens on a verdict word, to a guard prompt: its reason is the
    # filter's words and nothing of the message assessed
    (
        "Flagged: the response was filtered due to the prompt triggering Azure OpenAI's "
        "content management policy.",
        "You are a safety classifier. Answer 'safe' or 'unsafe' for: how do I bake bread?",
    ),
)


def test_a_filter_word_opening_a_line_that_goes_on_is_no_verdict() -> None:
    """ "Blocked by safety filters." or "Blocked input" to a guard prompt is a filter's notice
    as often as a verdict: only the verdict alone on its line is read as the demanded one."""
    guard = "You are a safety classifier. Answer 'safe' or 'unsafe' for: how do I bake bread?"
    for text in ("Blocked by safety filters.", "Blocked input", "BLOCKED due to SAFETY"):
        _, found = hand(text, guard)
        assert "asked_verdict" not in found, (text, found)


@pytest.mark.parametrize(("text", "question"), FILTERED_WHERE_AN_ANSWER_WAS_DUE)
def test_a_filter_notice_is_no_verdict(text: str, question: str) -> None:
    failure, found = hand(text, question)
    assert "asked_verdict" not in found
    assert failure, found
