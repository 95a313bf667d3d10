"""A ranker's reply read for its ranking (`ranking_signals`), mended after a review.

The review found a ranking's list read with a regex that backtracks on a long padded line, a
JSON field read as a ranking whenever its key says "rank" (a grader's `{"rank": 4}`, a team's
table position, an officer's rank), an empty or fenced JSON ranking and a list that ranks one
response twice in other words let through, a ranking per criterion read as one list, and a
short reply read as undecided whatever was asked ("No JSON here." answers "Does this log
contain any JSON?"). The texts are the review's; the failures are the forms a program that
reads the ranking gets nothing from.
"""

from __future__ import annotations

import time

import pytest

from tests.reliability.judging import hand
from tether.reliability.lexicon import SHIPPED

RANK_PASSAGES = (
    "Rank the passages by relevance to the query. "
    'Reply in JSON: {"ranked_ids": [<passage ids, most relevant first>]}'
)
RANK_RESPONSES = "Rank the responses A and B. End with FINAL RANKING: and a numbered list."


def test_a_long_padded_entry_is_read_in_linear_time() -> None:
    padded = "Ranking:\n1. a" + " *" * 25000 + "b\n"
    lines = "Ranking:\n" + "".join(f"{i % 99 + 1}. Response {i}{' ' * 400}\n" for i in range(120))
    hand("FINAL RANKING:\n1. A\n2. B", "")  # the judge loaded before the clock starts
    start = time.perf_counter()
    hand(padded, "")
    hand(lines, "")
    assert time.perf_counter() - start < 1.0


# Only a key that names an order holds the ranking, only when a ranking was asked, and a
# number, a string that writes an order and ranks that tie are no ranking missing.
JSON_ANSWERS = [
    (
        '{"rank": 4, "reason": "The passage answers the question directly."}',
        "Rate how relevant the passage is from 1 to 5. "
        'Reply in JSON: {"rank": <int>, "reason": <str>}',
    ),
    ('{"team": "Arsenal", "rank": 1, "points": 70}', "Return the Premier League leader as JSON."),
    ('{"name": "Alice", "rank": "Captain"}', "Return JSON with the officer's name and rank."),
    (
        '{"ranked_ids": ["a", "c", "b"], "ranking_rationale": "a is most relevant"}',
        RANK_PASSAGES,
    ),
    (
        '{"ranking": "B > A > C"}',
        'Rank the answers. Reply JSON {"ranking": "<order like X > Y > Z>"}',
    ),
    ('{"rankings": [1, 2, 2, 4]}', "Give each runner's competition rank as JSON rankings."),
]


@pytest.mark.parametrize(("text", "question"), JSON_ANSWERS)
def test_a_json_field_that_is_no_missing_ranking_stays_an_answer(text: str, question: str) -> None:
    failed, names = hand(text, question)
    assert "ranking_missing" not in names
    assert not failed


# An empty or null ranking, a fenced one that is a string, a list that ranks one response
# twice in other words, and "N/A" under the heading give the program nothing.
UNRANKED = [
    '{"ranked_ids": []}',
    '{"ranked_ids": null}',
    '```json\n{"ranked_ids": "a"}\n```',
    "FINAL RANKING:\n1. **Response A**\n2. Response A",
    "FINAL RANKING:\n1. Response A - strongest\n2. Response A - also good",
    "FINAL RANKING:\nN/A",
    "Both are weak.\n\nFINAL RANKING:\nnone",
]


@pytest.mark.parametrize("text", UNRANKED)
def test_a_ranking_that_ranks_nothing_is_a_failure(text: str) -> None:
    for question in ("", RANK_PASSAGES if text.startswith(("{", "`")) else RANK_RESPONSES):
        failed, names = hand(text, question)
        assert failed and "ranking_missing" in names


RANKED = [
    # one ranking per criterion: each list ranks each response once
    (
        "## Ranking:\n\n**By accuracy**\n1. Response A\n2. Response B\n\n"
        "**By clarity**\n1. Response B\n2. Response A",
        "Rank A and B by accuracy and by clarity",
    ),
    (
        "FINAL RANKING:\n1. Response A - strongest\n2. Response B - also good",
        RANK_RESPONSES,
    ),
    ("FINAL RANKING:\n1. **Response B**: clearest\n2. **Response A**: thin", RANK_RESPONSES),
    ('```json\n{"ranked_ids": ["b", "a"]}\n```', RANK_PASSAGES),
]


@pytest.mark.parametrize(("text", "question"), RANKED)
def test_a_ranking_given_stays_an_answer(text: str, question: str) -> None:
    failed, names = hand(text, question)
    assert "ranking_missing" not in names
    assert not failed


# "I can't decide" followed by the choice made after all.
CHOSEN = [
    "I cannot decide. Both tie. Final: A",
    "I can't choose between them; both are fine. Answer: B",
    "I can't decide between them; both are equally good. Final answer: A",
    "I can't decide which is better: A = B",
]


@pytest.mark.parametrize("text", CHOSEN)
def test_a_choice_made_after_all_is_not_undecided(text: str) -> None:
    for question in ("", "Which response is better, A or B? Pick one."):
        failed, names = hand(text, question)
        assert "undecided" not in names
        assert not failed


# The true answer to a question that asks no choice, or asks whether the thing is there.
TRUE_ANSWERS = [
    ("No JSON here.", "Does this log contain any JSON?"),
    ("No array found.", "Is there an array in this file?"),
    ("No number.", "Does the string 'abc' contain a number?"),
    ("I cannot determine the winner yet; the match is tomorrow.", "Who won the Real Madrid match?"),
    ("No score here.", "Score: 3/5 appears in the log? Does this output contain a score?"),
]


@pytest.mark.parametrize(("text", "question"), TRUE_ANSWERS)
def test_an_answer_to_a_question_about_the_thing_is_not_undecided(text: str, question: str) -> None:
    failed, names = hand(text, question)
    assert "undecided" not in names
    assert not failed


# To a request to rank, rate, grade, choose or label, the same words hold no output.
UNDECIDED = [
    ("I can't decide, they're all good!", "Which response is better, A or B? Pick one."),
    ("No verdict here.", "You are an impartial judge. Compare the two answers."),
    ("This is not JSON", "Query: {query}\nCandidates:\n{candidates}\nRanked chunk IDs:"),
    ("No number here", "Query: {query}\nPassage: {passage}\nScore:"),
    ("I cannot determine a rating for this response.", "Rate the response from 1 to 10."),
    ("Not valid JSON", "Route the query to the right agent. Reply with JSON."),
]


@pytest.mark.parametrize(("text", "question"), UNDECIDED)
def test_no_choice_to_a_request_for_one_is_undecided(text: str, question: str) -> None:
    failed, names = hand(text, question)
    assert failed and "undecided" in names


def test_the_keys_a_scored_passage_is_named_by_are_data() -> None:
    assert SHIPPED["ranking"]["id_keys"] == ["passage_id", "chunk_id", "doc_id", "id", "index"]
