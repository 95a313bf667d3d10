"""Rankers and graders that give no ranking, no choice and no verdict (`ranking_signals`).

A reranker or an LLM council's peer reviewer is read by a program that takes its ranking from
a set form ("FINAL RANKING:" and a numbered list, `{"ranked_ids": [...]}`, scored passages).
A reply whose form holds no ranking, or that says it cannot decide or holds no verdict, gave
the program nothing. Texts paraphrase the tune part's test fixtures (LLM-council rankers, RAG
rerankers, an LLM router, haystack's message router); the lookalikes are their answers.
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
CLASSIFIER = "Classify the messages as safe or unsafe."
# A picture's question with its OCR tokens: any word or phrase may answer it.
OCR_QUESTION = (
    "What is the paper saying?\nReference OCR token: REDENE, pht, 20, 2, EBRUAN, life, JoN, "
    "Dr, UOTOS, DE, LN, S\nAnswer the question using a single word or phrase."
)

UNRANKED = [
    "Great analysis above.\n\nFINAL RANKING:\n\n",
    "Response A is thorough.\n\n**Final ranking:**\n",
    "FINAL RANKING:\n1. Response A\n2. Response A\n3. Response B\n",
    '{"ranked_ids":"a"}',
    '{"ranked_ids": "not a list"}',
    '{"ranked_ids":["a","a"]}',
    '[{"passage_id":"a","score":NaN},{"passage_id":"b","score":1}]',
    '[{"passage_id":"a","score":Infinity},{"passage_id":"b","score":1}]',
    '[{"passage_id":"a","score":1},{"passage_id":"a","score":3},{"passage_id":"b","score":1}]',
]

RANKED = [
    "Response A is good but lacks depth.\nResponse B provides comprehensive coverage.\n\n"
    "FINAL RANKING:\n1. Response B\n2. Response A\n3. Response C",
    "First attempt:\nFINAL RANKING:\n1. Response A\n2. Response B\n\nActually, let me "
    "reconsider...\n\nFINAL RANKING:\n1. Response B\n2. Response A\n",
    "FINAL RANKING:\nBest: Response C\nSecond: Response A\nThird: Response B\n",
    "A is thorough but slow. B has a factual slip. C is concise and correct.\n\n"
    "RANKING:\n1. C\n2. A\n3. B",
    '{"ranked_ids":["b","a"]}',
    '{"ranked_ids": ["doc3", "doc1", "doc2"]}',
    '{"ranking": [{"chunk_id": "chunk-b", "score": 0.98}, {"chunk_id": "chunk-a", "score": 0.87}]}',
    '[{"passage_id":"passage_1","score":2},{"passage_id":"passage_0","score":2}]',
    '[{"index":0,"score":0.3},{"index":1,"score":0.9},{"index":2,"score":0.6}]',
    # a ranking's words in an answer that is no ranker's reply
    "The ranking of the candidates is announced on Friday; scores are posted after review.",
]

UNDECIDED = [
    "I can't decide, they're all good!",
    "I don't know how to rank these.",
    "I cannot determine the relevance order for these results.",
    "I cannot determine a rating for this response.",
    "No clear verdict here.",
    "no verdict was given",
    "lots of text but no verdict",
    "I think this looks fine, but no verdict here.",
    "All answers look fine to me, no labels here.",
    "no clear grade here",
    "No number here",
    "This is not JSON",
    "This is not valid JSON at all.",
    "not-json",
]

DECIDED = [
    "I think Response C is best, followed by Response A.",
    "The commands are equivalent. [[A=B]]",
    "Reasoning here.\nGRADE: C",
    "I choose option 1",
    "I can't decide which is better, but B wins on accuracy.",
    "No, the verdict was appealed and the retrial starts in May.",
    "There was no verdict on the first count because the jury could not agree, so the "
    "judge declared a mistrial on that count and sentenced him on the second.",
    "Not JSON: the endpoint returns YAML, so parse it with yaml.safe_load.",
]


@pytest.mark.parametrize("text", UNRANKED)
def test_ranking_missing_is_a_failure(text: str) -> None:
    failed, names = hand(text, "")
    assert failed and "ranking_missing" in names


@pytest.mark.parametrize("text", RANKED)
def test_a_ranking_given_is_no_ranking_missing(text: str) -> None:
    failed, names = hand(text, "")
    assert "ranking_missing" not in names
    assert not failed


@pytest.mark.parametrize("text", UNDECIDED)
def test_undecided_is_a_failure(text: str) -> None:
    failed, names = hand(text, "")
    assert failed and "undecided" in names


@pytest.mark.parametrize("text", DECIDED)
def test_a_choice_made_is_not_undecided(text: str) -> None:
    failed, names = hand(text, "")
    assert "undecided" not in names
    assert not failed


# A router's short reply naming none of its words is `form_signals.form_missing`'s reading; the
# rankers' lookalikes here are its answers, which no signal of this file may flag.
@pytest.mark.parametrize("text", ["BREAKFAST", "FASTIDIOUS"])
def test_a_router_word_inside_another_is_no_route(text: str) -> None:
    failed, names = hand(text, ROUTER)
    assert failed and "form_missing" in names


@pytest.mark.parametrize(
    ("text", "question"),
    [
        ("BALANCED", ROUTER),
        ("balanced", ROUTER),
        ("I recommend FAST for this", ROUTER),
        ("This requires DEEP reasoning and analysis", ROUTER),
        ("Unsafe", CLASSIFIER),
        ("Out of vietnam for life", OCR_QUESTION),
        ("I can't decide between FAST and DEEP, so DEEP.", ROUTER),
    ],
)
def test_a_word_offered_is_a_route(text: str, question: str) -> None:
    failed, _ = hand(text, question)
    assert not failed
