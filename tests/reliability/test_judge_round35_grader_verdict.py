# ruff: noqa: RUF001  (texts in Chinese use their own punctuation)
"""Round 35 (engineer 187): an LLM judge's reply without the verdict it was asked for.

A judge (MT-Bench, Arena-Hard) is sent an assistant's answer framed for judgment and told to
end with a verdict in a set form ("Rating: [[5]]", "[[A>B]]"). A reply to such a request with
no verdict in any form stored an error score: the judgment was not delivered, however well
its rationale reads (unrated_judgment). A pairwise judge's rationale that breaks off inside a
sentence with no verdict was cut before its judgment (unfinished_judgment).

- Caught: MT-Bench judge outputs stored with score -1 (a summary of the judged answer,
  "Confidence: 90%"), a pairwise judge cut at its token limit.
- Left: judgments that give the verdict (the demanded brackets, or "Score: 8" in another
  form), a pairwise rationale that ends on its verdict, a reply that is no judge's.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import TASK, hand

# an MT-Bench single-answer grading prompt (instructlab/eval, gpt-4_single judgments)
GRADING = (
    "[Instruction]\nPlease act as an impartial judge and evaluate the quality of the response "
    "provided by an AI assistant to the user question displayed below. Begin your evaluation "
    "by providing a short explanation. After providing your explanation, you must rate the "
    'response on a scale of 1 to 10 by strictly following this format: "[[rating]]", for '
    'example: "Rating: [[5]]".\n\n[Question]\nWhat are some business etiquette norms when '
    "doing business in Japan?\n\n[The Start of Assistant's Answer]\nBe punctual, exchange "
    "business cards with both hands, and use polite language.\n[The End of Assistant's Answer]"
)
# the multi-turn template: the instruction sits in the system prompt, not recorded
TRANSCRIPT = (
    "<|The Start of Assistant A's Conversation with User|>\n\n### User:\nDiscuss antitrust "
    "laws and their impact on market competition.\n\n### Assistant A:\n\nAntitrust laws are "
    "a set of regulations designed to promote fair competition.\n\n"
    "<|The End of Assistant A's Conversation with User|>"
)

UNRATED = (
    # each fails at JOIN (902b1c9), hand signals; corpus mixed_grader_outputs_without_verdict
    (
        TRANSCRIPT,
        "\nIn this conversation, Assistant A provided a comprehensive overview of antitrust "
        "laws and their impact on market competition, as well as a detailed analysis of a "
        "specific case study involving Facebook and the FTC. The assistant's responses were "
        "informative, accurate, and well-supported by relevant facts and legal principles. "
        "Overall, the conversation was very helpful, honest, and harmless, and I would "
        "recommend Assistant A to anyone seeking accurate and detailed information on "
        "antitrust laws and their impact on market competition.",
    ),
    (TRANSCRIPT, "\nConfidence: 90%"),
    (
        GRADING,
        "\nThe named entities in this news article are categorized into three groups: CEOs, "
        'Companies, and Locations. The CEOs are "Adamson Emerson" and "Dieter Zetsche," the '
        'Companies are "Faraday" and "Daimler AG," and the Locations are "Berlin."',
    ),
)


@pytest.mark.parametrize(("question", "text"), UNRATED)
def test_a_judges_reply_without_its_verdict_is_caught(question: str, text: str) -> None:
    failure, names = hand(text, question)
    assert failure and "unrated_judgment" in names, names


RATED = (
    (
        GRADING,
        "\nRating: [[9]]\n\nThe assistant's response is comprehensive and well-structured, "
        "providing a clear explanation of the norms. Overall, the response is accurate.",
    ),
    # another form of the verdict than the one demanded: a verdict all the same
    (
        GRADING,
        "The answer covers punctuality and business cards but says nothing of gift-giving "
        "or seniority. Score: 6/10",
    ),
    (
        TRANSCRIPT,
        "Assistant A gives an accurate and well-organized overview of antitrust law.\n\n"
        "Rating: [[8]]",
    ),
)


@pytest.mark.parametrize(("question", "text"), RATED)
def test_a_judges_reply_with_its_verdict_passes(question: str, text: str) -> None:
    failure, names = hand(text, question)
    assert not failure and "unrated_judgment" not in names, names


# pnu-clink/korean-mt-bench, Gemma-4-12B-it pairwise judge stored with winner 'error'
BROKEN_OFF = (
    "The user's final question asks to evaluate the third statement given that Statement 1 "
    "is true and Statement 2 is false.\n\n**Analysis of Assistant A:**\nAssistant A says the "
    "third statement is false. This is a logical error: if B > A and B > O, the relation "
    "between O and A is unknown.\n\n**Analysis of Assistant B:**\nAssistant B says it is "
    "true, which is also wrong.\n\nLet's re-read:\nCorrect answer: Uncertain.\n\nAssistant A "
    "says: False.\nAssistant B says: True.\n\nBoth are wrong. However,"
)


def test_a_pairwise_judgment_broken_off_before_its_verdict_is_caught() -> None:
    failure, names = hand(BROKEN_OFF)
    assert failure and "unfinished_judgment" in names, names


def test_a_pairwise_judgment_that_ends_on_its_verdict_passes() -> None:
    finished = BROKEN_OFF.removesuffix("However,") + (
        "Assistant A at least names the statements correctly.\n\n[[A]]"
    )
    failure, names = hand(finished)
    assert not failure and "unfinished_judgment" not in names, names


def test_a_reply_to_no_judge_is_not_read_as_a_judgment() -> None:
    # a writer comparing two options A and B in a coding task: no judge's request, no cut
    text = (
        "Option A keeps the parser as is; option B rewrites it. Response A from the server "
        "is cached, response B is not, so with option B the test no longer sees stale data."
    )
    failure, names = hand(text, TASK)
    assert not failure and not {"unrated_judgment", "unfinished_judgment"} & names, names


# An extractor's stand-in for the fields: its input said blank or unreadable (input_unread)
UNREADABLE_INPUT = (
    # corpus mixed_document_extraction_outputs (HackerCorpLabs/NDInsight, OCR of manuals)
    "I can't convert the content since the page is blank.",
    "The image is blank or doesn't contain any visible text. Please provide a different image "
    "or further details.",
)


@pytest.mark.parametrize("text", UNREADABLE_INPUT)
def test_an_extractors_input_said_blank_is_caught(text: str) -> None:
    failure, names = hand(text, "Transcribe the text of this scanned page as Markdown.")
    assert failure and "input_unread" in names, names


def test_a_reply_that_only_accepts_its_task_is_caught() -> None:
    # corpus mixed_llm_judge_outputs (AlpacaEval, cohere-chat's recorded outputs)
    failure, names = hand(
        "Sure, I can do that!", "You need to write an email to negotiate your salary."
    )
    assert failure and "accepts_only" in names, names


ACKNOWLEDGED = (
    # a question the acceptance answers
    ("Can you help me write an email to my landlord?", "Sure, I can help with that!"),
    # a bare word of assent: a person's in a thread as well as a model's
    ("Please rebase the branch onto main before the release.", "好的！"),
    ("Please rebase the branch onto main before the release.", "OK"),
)


@pytest.mark.parametrize(("question", "text"), ACKNOWLEDGED)
def test_an_acceptance_that_may_be_all_that_was_asked_passes(question: str, text: str) -> None:
    failure, names = hand(text, question)
    assert not failure and "accepts_only" not in names, names
