"""Words as data, one memo, and two false alarms narrowed.

Nine readings' word lists (and the new narrowing's words) move from Python into `judge_signals.json`, each list a section of its
own, built in its listed order (`lexicon.listed_group`: the first alternative that matches is
taken, as before): what a summary bot summarises (`summary_change_set`), a format's note to
the writer (`note_to_writer`), a request's demand of JSON fields (`fields_demanded`), an
agent's machinery that blocked it (`blocked_by`), a filter's removal note (`removal_note`), a
name withheld (`identity_withheld`), an error told in the past (`past_state`), a query named
(`query_request`), a model of text that cannot (`model_cannot`). Every pattern is the regex it
was: the texts read as before.

`foreign_run_on` keeps its reading in `once.last_read` (the last text, by identity), as the
judge keeps its other readings, instead of `functools.lru_cache`.

A quiz written item by item, each with its answer ("Question 1: ... Answer: A\\n\\nQuestion
2: ..."), is what a generator was asked, not an exam run writing on past its answer
(`writes_next_items`). An assistant that names itself an AI in answer to a question put to it
("Do you know how to speak German?" "As an AI, I don't speak ... but I can translate ...": a
question that addresses it, `asked_of_assistant`) answers it (`transform_meta`); to a
question about a picture, the same self-description is still no answer.
"""

from __future__ import annotations

import json
from importlib import resources

import pytest

from tests.reliability.judging import hand
from tests.reliability.test_judge_r43_e251 import CUT, WHOLE
from tether.reliability import unfinished_signals
from tether.reliability.lexicon import listed_group
from tether.reliability.once import last_read

_DATA = json.loads(
    resources.files("tether.reliability").joinpath("judge_signals.json").read_text("utf-8")
)
_SECTIONS = (
    "summary_change_set",
    "note_to_writer",
    "fields_demanded",
    "blocked_by",
    "removal_note",
    "identity_withheld",
    "past_state",
    "query_request",
    "model_cannot",
)


@pytest.mark.parametrize("section", _SECTIONS)
def test_each_section_says_what_it_is_and_has_its_lists(section: str) -> None:
    data = _DATA[section]
    assert data["about"]
    lists = {k: v for k, v in data.items() if k != "about"}
    assert lists and all(isinstance(v, list) and v for v in lists.values()), section


def test_a_listed_group_keeps_its_order_and_never_matches_empty() -> None:
    assert listed_group({"words": ["ab", "a"]}, "words") == "(?:ab|a)"
    assert listed_group({}, "words") == "(?:(?!))"


@pytest.mark.parametrize(
    ("text", "question", "signal"),
    [
        # blocked_by: the machinery's trouble after a cue
        (
            "I'm unable to access the repository due to GitHub API rate limits.",
            "Summarise the open issues of the repository.",
            "blocked_by_failure",
        ),
        (
            "I'm experiencing GitHub API rate limit issues that prevent me from accessing the "
            "repository.",
            "Summarise the open issues of the repository.",
            "blocked_by_failure",
        ),
        # removal_note: the thing, the verb, the kind, in English and the other languages
        ("[Content removed]", "Write a short story.", "filtered_stand_in"),
        ("[NSFW content removed by moderator]", "Write a short story.", "filtered_stand_in"),
        ("\u8be5\u56de\u7b54\u5df2\u88ab\u5c4f\u853d", "Write a short story.", "filtered_stand_in"),
        ("Ответ скрыт модерацией", "Write a short story.", "filtered_stand_in"),
        # identity_withheld
        (
            "I'm sorry, I can't identify the person in this image.",
            "Who is the actor in this photo?",
            "withholds_identity",
        ),
        # model_cannot: the inability, and the task not done by the model
        (
            "The GPT model cannot browse the web.",
            "Summarise the article at https://example.com/news.",
            "model_cannot",
        ),
        (
            "This task cannot be completed by a language model.",
            "Summarise the article at https://example.com/news.",
            "model_cannot",
        ),
        # summary_change_set: a pull request's summary that found nothing
        (
            "### Summary\nNo code changes were made in this PR.",
            "Summarize this pull request.",
            "no_changes_summarised",
        ),
        # note_to_writer: the format's order under an empty label
        (
            "** The final answer is: \n\n(Note: Please ensure your final answer meets the "
            "expected criteria for the task at hand.)",
            "Write interview questions for this resume.",
            "answer_unfilled",
        ),
    ],
)
def test_the_moved_words_still_read_their_failures(text: str, question: str, signal: str) -> None:
    failure, names = hand(text, question)
    assert failure and signal in names, names


def test_a_json_demand_named_with_an_object_still_asks_its_fields() -> None:
    question = "Score each passage (0-3). Output JSON object with passage_id and score."
    failure, names = hand('[{"passage_id": "chunk_0", "score": "high"}]', question)
    assert failure and "fields_missing" in names, names
    _, names = hand('[{"passage_id": "chunk_0", "score": 3}]', question)
    assert "fields_missing" not in names, names


@pytest.mark.parametrize("order", _DATA["note_to_writer"]["orders"])
def test_every_order_of_the_note_makes_it_the_formats(order: str) -> None:
    text = f"Final Answer:\n\n(Note: {order} your final answer is in the expected format.)"
    failure, names = hand(text, "Write interview questions for this resume.")
    assert failure and "answer_unfilled" in names, (order, names)


def test_a_graders_note_on_the_answer_stays_an_answer() -> None:
    _, names = hand("Feedback:\n(Note: your final answer is correct, but show the units.)", "42")
    assert "answer_unfilled" not in names, names


def test_last_read_reads_a_text_once_and_a_new_text_again() -> None:
    seen: list[str] = []

    @last_read
    def length(text: str) -> int:
        seen.append(text)
        return len(text)

    text = "quite a long reply " * 3
    assert length(text) == length(text) == len(text)
    assert length("other") == 5
    assert len(seen) == 2


@pytest.mark.parametrize("text", CUT)
def test_foreign_run_on_reads_a_cut_line_as_before(text: str) -> None:
    last = text[text.rfind("\n") + 1 :]
    assert unfinished_signals.foreign_run_on(text) == last
    assert unfinished_signals.foreign_run_on(text) == last  # (kept: the same text again)


@pytest.mark.parametrize("text", WHOLE)
def test_foreign_run_on_leaves_a_whole_line_as_before(text: str) -> None:
    assert unfinished_signals.foreign_run_on(text) is None


# mixed_llm_quiz_flashcard_generators: a generator's quiz, its items numbered from one, each with
# its answer (quoted, shortened)
QUIZ = (
    "Question 1: A projectile is launched at an angle of 45° above the horizontal with an initial "
    "speed of 20 m/s. What is the maximum height reached by the projectile?\nA) 10 m\nB) 20 m\n"
    "C) 5 m\nD) 15 m\nAnswer: A\n\nQuestion 2: A 2 kg block is pulled across a horizontal surface "
    "with a force of 10 N. What is its acceleration?\nA) 2 m/s²\nB) 5 m/s²\nC) 10 m/s²\n"
    "D) 20 m/s²\nAnswer: B"
)
# An exam run that answered with a letter, then wrote the next items of its own
RUN_ON_EXAM = (
    "B\n\nQuestion: A projectile is launched at 45 degrees with an initial speed of 20 m/s. What "
    "is the maximum height?\nA) 10 m\nB) 20 m\nC) 5 m\nD) 15 m\n\nQuestion: A 2 kg block is "
    "pulled across a floor with a force of 10 N. What is its acceleration?\nA) 2 m/s²\n"
    "B) 5 m/s²\nC) 10 m/s²\nD) 20 m/s²"
)


def test_a_quiz_numbered_from_one_is_an_answer() -> None:
    failure, names = hand(QUIZ, "Physics, chapter 3: projectiles and forces.")
    assert not failure and "writes_next_items" not in names, names


def test_an_exam_run_writing_on_past_its_letter_is_still_read() -> None:
    question = "Question: What is 2+2?\nA) 3\nB) 4\nC) 5\nD) 6\nAnswer with a single letter."
    failure, names = hand(RUN_ON_EXAM, question)
    assert failure and "writes_next_items" in names, names


# mixed_llm_judge_outputs: an assistant asked about itself names itself an AI (quoted)
AS_AN_AI = (
    'As an AI, I don\'t "speak" any language in the way humans do. However, I can process, '
    "translate, and generate text in multiple languages, including German. If you have a "
    "question or need help with something in German, feel free to ask!"
)


def test_an_ai_answering_a_question_about_itself_is_an_answer() -> None:
    failure, names = hand(AS_AN_AI, "Do you know how to speak German?")
    assert not failure and "transform_meta" not in names, names


def test_the_same_words_in_place_of_a_task_are_still_read() -> None:
    failure, names = hand(AS_AN_AI, "Write the welcome message for the German landing page.")
    assert failure and "transform_meta" in names, names


# mixed_vision_language_outputs: an OCR benchmark's question about a picture, answered with the
# model's description of itself (quoted): no question put to it, no answer
SELF_DESCRIBED = (
    "I am a large language model, and my purpose is to assist with various tasks involving "
    "natural language. I can help you with understanding, generating or translating text, "
    "providing information on a wide range of topics, or even engaging in conversation. How can "
    "I help you today?"
)


def test_an_ai_describing_itself_to_a_question_about_a_picture_is_still_read() -> None:
    failure, names = hand(SELF_DESCRIBED, "What is the year printed on this calendar?")
    assert failure and "transform_meta" in names, names
