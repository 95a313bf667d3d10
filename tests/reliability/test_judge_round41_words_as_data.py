"""Round 41 (engineer 238): words as data, one sentence split, faces read by their signs.

The words of four readings move from Python into `judge_signals.json` (a translator or a
maintainer extends the lists there): the title step's (`title_step`), the outline's
(`outline`), the code request's (`code_request`: languages, verbs, a program's and its tests'
nouns, a skeleton's words) and the grader's (`grader`: its roles, its verdict's labels and
words, the two sides' names). Each pattern is built from its lists with the grammar it had, so
every text reads as before: the round's WORK and older tune texts gave the same signals.

A refusal's sentences are counted as every reading splits sentences (`split_sentences`: a "?"
inside quotes or the dot of `4.1` ends none, a line break does). A bracket is a face's
(`short_notice.EMOTICON`) only with a face's signs inside: not around a digit of any script or
a word of another script ("(１時間に６０回)", "(메시지 없음)").
"""

from __future__ import annotations

import json
from importlib import resources

import pytest

from tests.reliability.judging import hand
from tether.reliability import grader_signals, outline_signals, title_step_signals
from tether.reliability.continuation_signals import may_continue
from tether.reliability.declined_signals import _sentence_count
from tether.reliability.grader_signals import verdict_of
from tether.reliability.mojibake_signals import mojibake_marks
from tether.reliability.short_notice import EMOTICON, specific
from tether.reliability.stub_code_signals import asks_code, asks_skeleton, demands_code

_DATA = json.loads(
    resources.files("tether.reliability").joinpath("judge_signals.json").read_text("utf-8")
)


@pytest.mark.parametrize("section", ["title_step", "outline", "code_request", "grader"])
def test_each_section_says_what_it_is_and_has_its_lists(section: str) -> None:
    data = _DATA[section]
    assert data["about"]
    lists = {k: v for k, v in data.items() if k != "about"}
    assert lists and all(isinstance(v, list) and v for v in lists.values()), section


def test_every_placeholder_lead_and_noun_makes_a_title_steps_stand_in() -> None:
    data = _DATA["title_step"]
    for lead in data["placeholder_leads"]:
        for noun in data["placeholder_nouns"]:
            stand_in = f"{lead.title()} {noun.title()}"
            assert title_step_signals._PLACEHOLDER.match(stand_in.lower()), stand_in


def test_every_language_of_the_data_makes_a_request_for_code() -> None:
    for language in _DATA["code_request"]["languages"]:
        assert asks_code(f"Write a {language} function that adds two numbers."), language
    assert not asks_code("Write a summary of the script.")  # ("of": a text about a program)


def test_every_skeleton_word_makes_a_request_about_a_skeleton() -> None:
    for word in _DATA["code_request"]["skeleton"]:
        assert asks_skeleton(f"Give me a {word} for the parser"), word


def test_every_verdict_label_gives_a_verdict() -> None:
    for label in _DATA["grader"]["verdict_labels"]:
        assert verdict_of(f"The answer names both causes.\n{label.title()}: 4") == "given"
        assert verdict_of(f"{label.title()}: $______$") == "blank", label


def test_the_sides_a_pairwise_judge_names_are_the_datas() -> None:
    assert grader_signals._SIDES[1] == tuple(f"{name}B" for name in _DATA["grader"]["sides"])


def test_every_word_asking_for_headings_is_read() -> None:
    for word in _DATA["outline"]["asks_headings"]:
        assert outline_signals._ASKS_HEADINGS.search(f"Write the {word} of the report"), word


# Real texts of round 41's WORK (the title step, the grader, the code request), read by the
# hand signals as before the words moved.
TITLE_ONLY = (
    "You write a short title for a chat conversation \u2014 the label shown in the sidebar.\n"
    "Given the transcript, output ONLY the title: 2\u20136 words, sentence case."
)
GRADER = (
    "You are a grader for a tenth-grade Biology exam in a high school. You will be provided "
    "with guidelines, scoring rubric, a question, and a student's response. Rate the response "
    "according to the scoring rubric."
)
HUMANEVAL = (
    "from typing import List\n\n\ndef separate_paren_groups(paren_string: str) -> List[str]:\n"
    '    """ Input to this function is a string containing multiple groups of nested '
    'parentheses."""\n'
)
JUNIT = (
    'Given the following Java code file "src/main/java/com/eval/TypeArrayAccess.java" with '
    'package "com.eval", provide a test file for this code with JUnit 5 as a test framework.'
)
CAUGHT = (
    ("Missing Context", "so about that t-shirt...", "placeholder_title"),
    ("The user wants a title", "Summarize this chat.", "talks_of_output"),
    ("Sorry, I can't help with that", TITLE_ONLY, "title_not_given"),
    ("    # Your code here", HUMANEVAL, "stub_code"),
    (
        "osmotic pressure: is the movement of fluid around a cell\n\n\n# Your Response\n\n"
        "Score:\n\n\nRationale: \n\n\n(Remember to rate and provide a rationale following the "
        "exact format above)",
        GRADER,
        "verdict_left_blank",
    ),
    (
        " Here is a test file that covers 100% code coverage with JUnit 5 as a test framework.",
        JUNIT,
        "talk_for_code",
    ),
    ("# Assessment No: 4\n\n## Date: 2025-11-30 07:34:39\n\n", GRADER, "headings_only"),
)


@pytest.mark.parametrize(("text", "question", "signal"), CAUGHT)
def test_the_readings_catch_as_before(text: str, question: str, signal: str) -> None:
    failure, names = hand(text, question)
    assert failure and signal in names, names


PASSED = (
    ("Fix hover gap chevron", TITLE_ONLY),
    ("Rating: [[7]]\n\nThe student names both causes and explains one.", GRADER),
    (
        "```java\nclass TypeArrayAccessTest {\n  @Test\n  void reads() { assertEquals(1, "
        "new TypeArrayAccess().get(0)); }\n}\n```",
        JUNIT,
    ),
)


@pytest.mark.parametrize(("text", "question"), PASSED)
def test_the_asked_artefact_passes(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, names


def test_a_function_to_complete_is_demanded_code() -> None:
    assert demands_code(HUMANEVAL)
    assert demands_code("Implement the method that parses the header.")
    assert not demands_code("Can you explain what this regex does?")


@pytest.mark.parametrize(
    "face", ["(>_<)", "(\uff1e\u03c9\uff1c)", "(\u00b4\uff1b\u03c9\uff1b`)", "(\u30fb_\u30fb;)"]
)
def test_a_kaomoji_is_a_face(face: str) -> None:
    assert EMOTICON.fullmatch(face) is not None
    assert not specific(f"\u6211\u8fd8\u4e0d\u591f\u806a\u660e {face}")  # "I'm not clever enough"


@pytest.mark.parametrize(
    "bracket",
    [
        "\uff08\uff11\u6642\u9593\u306b\uff16\uff10\u56de\uff09",  # "(once an hour, 60 times)"
        "(\uba54\uc2dc\uc9c0 \uc5c6\uc74c\\)",  # "(no message\)"
        "\uff08`[!!! \u6d41\u5f02\u5e38\u4e2d\u65ad`\uff09",  # "(`[!!! stream cut`)"
        "(\u043f\u0440\u0438\u0432\u0435\u0442_\u043c\u0438\u0440)",  # "(hello_world)"
    ],
)
def test_a_bracket_around_a_number_or_a_word_is_no_face(bracket: str) -> None:
    assert EMOTICON.fullmatch(bracket) is None
    assert specific(bracket)  # its digit, backtick or underscore is the task's


def test_a_refusals_sentences_are_split_as_every_readings() -> None:
    quoted = (
        'I cannot answer the question "What number is shown?" because I do not see any image. '
        "Can you please provide the image?"
    )
    assert _sentence_count(quoted) == 2
    assert _sentence_count("I'm sorry, but I can't help with that.\nPlease consult a doctor") == 2
    assert _sentence_count("Python 3.11 is not something I can install. Sorry!") == 2


@pytest.mark.parametrize(
    "text",
    [
        "\u5df2\u5b8c\u6210\u3002\u8bbe\u7f6e\u9875\u73b0\u5728\u4f1a\u4fdd\u5b58\u3002",
        "caf\u00c3\u00a9 au lait",
        "\u0120the\u0120cat",
        "plain ascii answer",
        "\u00e2\u0080\u0099 quote",
    ],
)
def test_mojibake_marks_reads_as_before_with_its_one_scan(text: str) -> None:
    from tether.reliability.mojibake_signals import _BYTE_PAIR, _BYTE_TRIPLE, _LEAD_BYTE

    head = text[:2000]
    before = (
        any(c in head for c in "\u0120\u010a\ufffd\u2581")
        or (_LEAD_BYTE.search(head) is not None and _BYTE_TRIPLE.search(head) is not None)
        or (not head.isascii() and _BYTE_PAIR.search(head) is not None)
    )
    assert mojibake_marks(text) == before


def test_a_text_without_a_space_continues_no_prompt() -> None:
    line = "\u8bf7\u95ee\u4f60\u662f\u8c01\uff1f" * 6  # one unit, said six times, no space
    assert not may_continue(line)
    assert may_continue("What is your name?\n" * 6)  # (lines that open alike: read)
