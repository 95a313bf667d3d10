"""A router's reply that names no offered route, and a scorer's JSON without its named fields.

An LLM router is told "respond with ONLY one word: FAST, BALANCED, or DEEP"; its program reads
the word. A reply that names none of the offered labels ("123456789", "Let me think about this
carefully...") chose no route (label_not_offered). A reply that names a label among other
words, a label in another case, or any reply to a request that lists no labels, is left alone.

A reranker is told "score each passage on relevance (0-3). Output JSON format with passage_id
and score."; its program reads those fields. A JSON reply that holds one of them nowhere
(`{"key": "value"}`, `[{"score": 2}]`, `["not a dict"]`) or writes the score as a word
(`"score": "high"`) gave it nothing to read (fields_missing). Replies with the fields (also
nested, or with more fields), requests whose "with ..." is prose, and empty arrays pass.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

ROUTER = (
    "You are a router that chooses which LLM to use.\n\nAvailable models:\n"
    "- FAST: Quick (small params), for simple chat, short Q&A, casual tasks.\n"
    "- BALANCED: Good reasoning (medium params), coding, document summaries.\n"
    "- DEEP: Deep reasoning (large params), creative writing, complex analysis.\n\n"
    "User request:\nWrite a sonnet about rain.\n\n"
    "Based on the above, respond with ONLY one word: FAST, BALANCED, or DEEP.\n"
    "Do not include explanations or other text."
)

SCORER = (
    "You are an AI assistant specialized in evaluating relevance.\n"
    "Given a query and passages, score each passage on relevance (0-3).\n"
    "Output JSON format with passage_id and score.\n\nQuery: what is a reranker?\n"
    "Passage chunk_0: A reranker orders retrieved passages.\nPassage chunk_1: Bananas are yellow."
)


@pytest.mark.parametrize(
    "text",
    [
        "123456789",
        "Let me think about this carefully...",
        "The best choice would be something else",
        "I'm not sure about this one",
    ],
)
def test_router_reply_without_an_offered_route_is_a_failure(text: str) -> None:
    failure, names = hand(text, ROUTER)
    assert failure and "label_not_offered" in names


@pytest.mark.parametrize(
    "text",
    [
        "DEEP",
        "balanced",
        "I think FAST would be best for this simple task",
        "This requires DEEP reasoning and analysis",
        "**BALANCED**",
    ],
)
def test_router_reply_naming_a_route_is_left_alone(text: str) -> None:
    _, names = hand(text, ROUTER)
    assert "label_not_offered" not in names


def test_one_word_demand_without_labels_is_not_read() -> None:
    # "Reply with one word." offers no labels: any word is the reply.
    _, names = hand("Confidential", "Describe this document's status. Reply with one word.")
    assert "label_not_offered" not in names


def test_labels_offered_without_a_one_label_demand_are_not_read() -> None:
    _, names = hand("irrelevant", "Classify the messages as safe or unsafe.")
    assert "label_not_offered" not in names


def test_spam_labels_answered() -> None:
    question = 'Is this email spam? Respond with only one word: "spam" or "not spam".'
    _, names = hand("not spam", question)
    assert "label_not_offered" not in names


@pytest.mark.parametrize(
    "text",
    [
        '{"key": "value"}',
        '[{"score": 2}]',
        '["not a dict"]',
        '[{"passage_id": "chunk_1"}]',
        '[{"passage_id": "chunk_0", "score": "high"}]',
        '```json\n[{"passage_id": "chunk_1", "score": "high"}]\n```',
    ],
)
def test_scorer_json_without_its_named_fields_is_a_failure(text: str) -> None:
    failure, names = hand(text, SCORER)
    assert failure and "fields_missing" in names


@pytest.mark.parametrize(
    "text",
    [
        '[{"passage_id": "chunk_0", "score": 3}, {"passage_id": "chunk_1", "score": 0}]',
        '[{"passage_id": "chunk_0", "score": 3, "reasoning": "Most relevant"}]',
        '{"results": [{"passage_id": "chunk_0", "score": 2}]}',
        '[{"passageId": "chunk_0", "score": "2"}]',
        "[]",
    ],
)
def test_scorer_json_with_its_fields_is_left_alone(text: str) -> None:
    _, names = hand(text, SCORER)
    assert "fields_missing" not in names


@pytest.mark.parametrize(
    ("question", "text"),
    [
        # one name alone, unquoted and with no "key": prose, not a field
        ("Summarize the report as JSON with care.", '{"summary": "Sales rose."}'),
        # a single quoted key, present
        (
            "Provide up to 3 words explaining why 2 + 2 equals 4 in JSON format with a "
            "'reason' key.",
            '{\n  "reason": "Basic arithmetic rules"\n}',
        ),
        ("Return a JSON object with a 'greeting' field that says hello", '{"greeting": "hello"}'),
        # keys named and given
        (
            "Extract the founding year and headcount as JSON with keys years_established and "
            "team_size.",
            '{"years_established": 1998, "team_size": 40}',
        ),
    ],
)
def test_json_answers_to_named_fields_pass(question: str, text: str) -> None:
    _, names = hand(text, question)
    assert "fields_missing" not in names


def test_json_missing_a_named_key_is_read() -> None:
    question = (
        "Extract the founding year and headcount as JSON with keys years_established and team_size."
    )
    failure, names = hand('{"timezone": "UTC", "iso": "2026-06-01T00:00:00Z"}', question)
    assert failure and "fields_missing" in names


# An id array cut or elided (a search-result filter asked for a JSON array of indices), and a
# pairwise judge's verdict with a side missing or given twice over.
NO_REQUEST = ""


@pytest.mark.parametrize(
    ("text", "signal"),
    [
        ("[1, 2, 3", "ids_unfinished"),
        ("[1, 2, ...]", "ids_unfinished"),
        ('["doc1", "doc2",', "ids_unfinished"),
        ("[[A>B]] ... [[B>A]]", "verdict_malformed"),
        ("my verdict: [[A=]]", "verdict_malformed"),
    ],
)
def test_unfinished_ids_and_malformed_verdicts_are_failures(text: str, signal: str) -> None:
    failure, names = hand(text, NO_REQUEST)
    assert failure and signal in names


@pytest.mark.parametrize(
    "text",
    [
        "[1, 2, 3]",
        "[3, 1, 2]",
        '["doc2", "doc1"]',
        "Final verdict: [[A>B]]",
        "Assistant A is more helpful and accurate.\n\n[[A>B]]",
        # a long judgment may name the form's options before its own verdict
        "The options are [[A>>B]], [[A>B]], [[A=B]], [[B>A]] and [[B>>A]]. "
        + "Assistant B answers the question directly and cites the figure. " * 3
        + "My final verdict is [[B>A]].",
        "See the note [1] and the appendix.",
    ],
)
def test_whole_ids_and_verdicts_pass(text: str) -> None:
    _, names = hand(text, NO_REQUEST)
    assert not {"ids_unfinished", "verdict_malformed"} & names
