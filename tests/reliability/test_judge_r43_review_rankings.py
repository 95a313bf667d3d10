"""Review of the ranker's and grader's readings: answers they must leave alone, failures
they must catch.

A scorer's JSON is short of a score only when the demanded score field itself holds a word
("high"): "score_reason" is another field, and "8/10" is a number written. An id array elided
("[1, 2, ...]") is a ranking cut short only where a ranking or ids were asked: "[0, 1, 1, 2, 3,
5, 8, 13, 21, ...]" writes the endless sequence asked for. A pairwise verdict quoted, listed
or set aside ("[[A>B]] rather than [[A>>B]]") is not a broken or doubled verdict. A demand for
one label under a condition ("If you don't know, respond with one of ...") does not bind every
reply, and the demand is read in any word order ("Respond ONLY with one word").
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

RATE = "Rate the answer from 1 to 10. Output JSON with score and reason."


@pytest.mark.parametrize(
    "text",
    [
        '{"score": 8, "score_reason": "Correct and concise."}',
        '{"score": "8/10", "reason": "Correct and concise."}',
    ],
)
def test_numbered_scores_are_left_alone(text: str) -> None:
    failure, names = hand(text, RATE)
    assert not failure and "fields_missing" not in names


def test_demanded_fields_found_as_a_word_of_a_key_are_there() -> None:
    question = "List the contacts. Return JSON with name and email fields."
    _, names = hand('[{"fullName": "Ann", "emailAddress": "ann@x.org"}]', question)
    assert "fields_missing" not in names


def test_a_worded_score_is_still_read() -> None:
    failure, names = hand('{"score": "good", "reason": "Correct and concise."}', RATE)
    assert failure and "fields_missing" in names


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("Write the Fibonacci sequence.", "[0, 1, 1, 2, 3, 5, 8, 13, 21, ...]"),
        ("Give the set of natural numbers in list notation.", "[1, 2, 3, ...]"),
    ],
)
def test_endless_sequences_elided_are_answers(question: str, text: str) -> None:
    failure, names = hand(text, question)
    assert not failure and "ids_unfinished" not in names


RANK_IDS = (
    "Rank the passages below by relevance to the query and return only a JSON array of their "
    "ids, most relevant first.\n\nQuery: reranker\n[1] A reranker orders passages.\n"
    "[2] Bananas.\n[3] Rerankers score pairs."
)


@pytest.mark.parametrize(
    "text",
    [
        "[3, 1, 2, ...]",
        "[3, 1, 2, ...",
        "[\n  3,\n  1,\n  2,",
        "[3, 1, 2",
    ],
)
def test_id_arrays_cut_or_elided_to_a_ranking_request_are_failures(text: str) -> None:
    failure, names = hand(text, RANK_IDS)
    assert failure and "ids_unfinished" in names


def test_whole_id_array_to_a_ranking_request_passes() -> None:
    _, names = hand("[\n  3,\n  1,\n  2\n]", RANK_IDS)
    assert "ids_unfinished" not in names


@pytest.mark.parametrize(
    ("question", "text"),
    [
        (
            "List the verdict labels the Arena-Hard judge prompt allows.",
            "The five verdicts are [[A>>B]], [[A>B]], [[A=B]], [[B>A]] and [[B>>A]].",
        ),
        (
            "Explain why my parser rejects this judge output: 'My final verdict is [[A=]]'",
            "`[[A=]]` has no right-hand side, so the regex in parse_verdict rejects it and the "
            "row is stored as an error.",
        ),
        (
            "Compare the two responses and give your verdict in the [[A>B]] format.",
            "Slightly better, not significantly: [[A>B]] rather than [[A>>B]].",
        ),
    ],
)
def test_verdicts_quoted_listed_or_set_aside_are_answers(question: str, text: str) -> None:
    failure, names = hand(text, question)
    assert not failure and "verdict_malformed" not in names


JUDGE = (
    "Please act as an impartial judge and evaluate the two responses. After your explanation, "
    'output your final verdict: "[[A>B]]", "[[A=B]]" or "[[B>A]]".'
)


@pytest.mark.parametrize(
    "text",
    [
        "My final verdict is [[A = ]]",
        "My final verdict is [[A=]]",
        "Assistant A is better: [[A>B]]. On reflection B is better: [[B>A]]",
    ],
)
def test_broken_or_doubled_verdicts_to_a_judge_request_are_failures(text: str) -> None:
    failure, names = hand(text, JUDGE)
    assert failure and "verdict_malformed" in names


def test_a_fallback_phrase_under_a_condition_is_no_one_label_demand() -> None:
    question = (
        "You are a helpful assistant. If you don't know, respond with one of these phrases: "
        "'I don't know' or 'Let me check'.\n\nWhat is 2+2?"
    )
    failure, names = hand("4", question)
    assert not failure and "label_not_offered" not in names


@pytest.mark.parametrize(
    "demand",
    [
        "Respond ONLY with one word: FAST, BALANCED, or DEEP.",
        "Output only one word: FAST, BALANCED, or DEEP.",
        "Respond with only one word: FAST, BALANCED, or DEEP.",
        "Reply with just one of: FAST, BALANCED, or DEEP.",
    ],
)
def test_one_label_demands_in_any_word_order_are_read(demand: str) -> None:
    question = "Choose the model for this request: Write a sonnet about rain.\n\n" + demand
    failure, names = hand("123456789", question)
    assert failure and "label_not_offered" in names
    _, names = hand("DEEP", question)
    assert "label_not_offered" not in names
