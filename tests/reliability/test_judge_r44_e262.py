"""Rankers, scorers and pairwise judges whose reply gives none of the output a program reads
(`ranking_signals`, `grader_signals`): a ranking entry that names a candidate's kind without its
label ("2. Response"), a JSON object with every field empty to a request to rank, no number
where a prompt ending "Score:" asked for one (score_missing), a pairwise rationale cut before
its verdict that names the sides three times; and a ranking heading over a whole list of
labelled candidates read as the ranker's output (ranking_given). Replies paraphrased from the
tune part's reranker and judge fixtures; the lookalikes, a ranking of the given labels, a score
in figures or words, a judge's verdict said in words, stay answers."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

RANK = "Rank the anonymized responses from best to worst and end with FINAL RANKING:."
SCORER = "Query: how do I reset my password?\nPassage: Open Settings, then Security.\nScore:"


@pytest.mark.parametrize(
    "text",
    [
        "FINAL RANKING:\n1. Resp A\n2. Response\n3. Response C\n",
        "FINAL RANKING:\n1. Answer 2\n2. Answer\n3. Answer 1",
    ],
)
def test_an_entry_without_its_label_ranks_no_candidate(text: str) -> None:
    failed, found = hand(text, RANK)
    assert failed and "ranking_missing" in found


@pytest.mark.parametrize(
    "text",
    [
        "FINAL RANKING:\n1. Response C\n2. Response A\n3. Response B\n",
        "Response B is the clearest.\n\nFINAL RANKING:\n1. Response B - clearest\n2. Response A",
        # a model named by its kind alone is the only candidate of that kind: no label left out
        "FINAL RANKING:\n1. Model\n2. Baseline",
    ],
)
def test_a_ranking_of_the_given_labels_stays_an_answer(text: str) -> None:
    failed, found = hand(text, RANK)
    assert not failed and "ranking_missing" not in found


def test_a_ranking_under_its_heading_outweighs_a_short_reasons_line() -> None:
    text = (
        "A is thorough but slow to the point. B has a factual error. C is concise and correct."
        "\n\nRANKING:\n1. C\n2. A\n3. B"
    )
    failed, found = hand(text)
    assert not failed and "ranking_given" in found


@pytest.mark.parametrize(
    ("text", "question"),
    [
        ('{"bad": []}', "Return ranked ids."),
        ('{"result": null, "reason": ""}', "Rerank the passages for the query and return JSON."),
    ],
)
def test_an_empty_object_to_a_request_to_rank_ranks_nothing(text: str, question: str) -> None:
    failed, found = hand(text, question)
    assert failed and "ranking_missing" in found


@pytest.mark.parametrize(
    ("text", "question"),
    [
        ('{"ranked_ids": ["b", "a"]}', "Return ranked ids."),
        ('{"ids": ["id2", "id1"]}', "Rank the candidates by relevance."),
        ('{"results": []}', "Search the index for the file and return the results."),
        ('{"errors": []}', "Run the linter and report errors as JSON."),
    ],
)
def test_a_json_ranking_or_an_empty_object_not_asked_to_rank_stays(
    text: str, question: str
) -> None:
    failed, found = hand(text, question)
    assert not failed and "ranking_missing" not in found


@pytest.mark.parametrize("text", ["N/A", "not applicable", "unknown"])
def test_no_number_after_a_score_prompt_is_no_score(text: str) -> None:
    failed, found = hand(text, SCORER)
    assert failed and "score_missing" in found


@pytest.mark.parametrize(
    "text", ["Score: 6", "Relevance score: 9", "The score is 5/10", "seven", "0.8"]
)
def test_a_score_in_figures_or_words_stays_an_answer(text: str) -> None:
    failed, found = hand(text, SCORER)
    assert not failed and "score_missing" not in found


def test_a_prompt_that_asks_no_score_reads_no_score_missing() -> None:
    _, found = hand("N/A", "What is the score field of this form for?")
    assert "score_missing" not in found


KOREAN_CUT = (
    "두 답변 모두 문법 오류를 수정하고 성별 대명사를 제거하는 데 성공했습니다. 그러나 "
    "Assistant B의 답변이 더 정확하고 자연스럽게 흘러갑니다.\n\nAssistant A는 대명사를 사용하여 "
    "성별을 제거하려고 했지만, 이는 문맥에서 약간 혼란을 줄 수 있습니다.\n\n"
    "Assistant B는 문법적 정확성을 유지하면서도 문장의 자연스러움을 유지했습니다. "
    '"지갑이" 대신 "지갑"으로, "말한다"를 "말했습니다"로, "찾았'
)


def test_a_pairwise_rationale_cut_naming_the_sides_three_times() -> None:
    failed, found = hand(KOREAN_CUT, "Compare the two assistants' answers and give [[A]] or [[B]].")
    assert failed and "unfinished_judgment" in found


@pytest.mark.parametrize(
    "text",
    [
        "| Criterion | Assistant A | Assistant B |\n|---|---|---|\n| Accuracy | high | low |\n"
        "Overall Assistant A",
        "Assistant A is more accurate than Assistant B. Assistant A also cites its source.\n\n[[A]]",
        "- Assistant A: concise and correct\n- Assistant B: verbose\n- Winner: **Assistant A**",
    ],
)
def test_a_judgment_ending_on_its_verdict_stays_an_answer(text: str) -> None:
    failed, found = hand(text, "Compare the two assistants' answers.")
    assert not failed and "unfinished_judgment" not in found
