"""A review's lookalikes and variations, paraphrased: answers that were read as failures, and
failures that slipped by.
- an outline asked for, or a question answered with one, stays an answer (instruction_sections);
- "Initial plan" asked for by name or by a question, and a file reference asked for by a
  question, stay answers (placeholder);
- a question about what a hint means, answered in words, stays an answer (query_not_written);
- braces in string and char literals or comments open no block; a body cut inside a fence
  that never closes, and a request ending "{ // tests", are read (completion_left_open);
- a score label with its scale ("Score (1-5):"), rotated include lines with Windows line ends,
  "# Error while generating README: ..." over prose are read."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

UPDATE_README = "Update the README."


@pytest.mark.parametrize(
    ("text", "question"),
    [
        (
            "# MyProject\n\n## Overview\nProvide a brief overview of the project.\n\n"
            "## Installation\nList the installation steps.\n\n## Usage\nDescribe how to use the "
            "project.\n\n## License\nSpecify the license of the project.\n",
            "Create a starter README.md outline for my new project with sections for Overview, "
            "Installation, Usage and License.",
        ),
        (
            "## Summary\nProvide a brief summary of the project.\n\n## Budget\nList the budget "
            "items and their costs.\n\n## Timeline\nOutline the timeline with milestones.\n",
            "How should I structure a grant proposal?",
        ),
    ],
)
def test_an_outline_asked_for_stays_an_answer(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure and "instruction_sections" not in names


def test_an_unfilled_readme_skeleton_is_still_a_failure() -> None:
    skeleton = (
        "# Project Name\n\n## Overview\nProvide a brief overview of the project.\n\n"
        "## Requirements\nList any requirements needed to run the project.\n\n"
        "## Goals\nOutline the goals and objectives of the project.\n"
    )
    failure, names = hand(skeleton, UPDATE_README)
    assert failure and "instruction_sections" in names


@pytest.mark.parametrize(
    ("text", "question"),
    [
        ("Initial plan", "Write the commit message title for the first planning commit."),
        (
            "Initial plan",
            "What do agile teams call the first draft of a roadmap? Answer in two words.",
        ),
        ("@./notes.md", "Which file should I attach with @ to include my notes?"),
    ],
)
def test_a_label_or_file_asked_for_stays_an_answer(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure and "placeholder" not in names


@pytest.mark.parametrize(
    ("text", "question"),
    [
        (
            "Initial plan",
            "Fix the failing test in tests/test_parse.py and tell me what you changed.",
        ),
        ("@/tmp/rev16118.md", "Review this pull request and post the verdict"),
        ("AI-generated summary", "Summarize this PR."),
    ],
)
def test_a_tools_default_where_the_work_goes_is_still_a_failure(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert failure and "placeholder" in names


def test_a_question_about_what_a_hint_means_answered_in_words_stays_an_answer() -> None:
    failure, names = hand(
        "In this dataset, normal blood glucose means a GLU value below 180.",
        "What does 'normal blood glucose' mean in this dataset?\n"
        "normal blood glucose refers to GLU < 180",
    )
    assert not failure and "query_not_written" not in names


@pytest.mark.parametrize(
    ("text", "question"),
    [
        ('\n    return "{".repeat(n) + "{{";\n}\n', "Complete the method.\nString open(int n) {"),
        (
            "\n  return '{' + s;\n}\n// usage: wrap('a') -> '{a'\n// wrap('{') -> '{{'\n",
            "Complete this function:\nfunction wrap(s) {",
        ),
        (
            "\n    int d = 0, max = 0;\n    for (char c : s.toCharArray()) {\n"
            "        if (c == '{') d++;\n        else if (c == '}') d--;\n"
            "        max = Math.max(max, d);\n    }\n    return max;\n}\n",
            "Complete the method.\nint depth(String s) {",
        ),
    ],
)
def test_braces_in_literals_and_comments_open_no_block(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure and "completion_left_open" not in names


_CUT_BODY = '\n    @Test\n    public void findsItem() {\n        assertTrue(search("a"));\n'


@pytest.mark.parametrize(
    ("text", "question"),
    [
        ("```java" + _CUT_BODY, "public class SearchTest {"),
        (_CUT_BODY, "public class SearchTest { // tests"),
    ],
)
def test_a_body_cut_in_an_open_fence_or_after_a_commented_opener_is_a_failure(
    text: str, question: str
) -> None:
    failure, names = hand(text, question)
    assert failure and "completion_left_open" in names


def test_a_score_label_with_its_scale_left_without_a_score_is_a_failure() -> None:
    failure, names = hand("N/A", "Query: cats\nPassage: Cats purr.\nScore (1-5):")
    assert failure and "score_missing" in names


def test_a_score_in_figures_to_a_label_with_its_scale_stays_an_answer() -> None:
    failure, names = hand("4", "Query: cats\nPassage: Cats purr.\nScore (1-5):")
    assert not failure and "score_missing" not in names


def test_rotated_include_lines_with_windows_line_ends_are_a_scrambled_program() -> None:
    failure, names = hand("ono>lude <chr\r\nomanip>e <i\r\nint main(){}", "Write C++")
    assert failure and "code_lines_scrambled" in names


def test_whole_includes_with_windows_line_ends_stay_answers() -> None:
    text = "#include <chrono>\r\n#include <iomanip>\r\nint main() { return 0; }\r\n"
    assert "code_lines_scrambled" not in hand(text, "Write C++")[1]


def test_an_error_while_generating_heading_over_prose_is_a_failure() -> None:
    text = (
        "# Error while generating README: 429 rate limit exceeded\n\nThe project is a CLI tool "
        "for parsing logs. It supports JSON and plain text input, and writes a summary table to "
        "stdout. Install with pip and run `logparse file.log` to see the table of counts by "
        "level and source."
    )
    failure, names = hand(text, UPDATE_README)
    assert failure and "generator_error_heading" in names


def test_a_heading_about_errors_while_generating_stays_free_of_the_reading() -> None:
    text = "# Errors while generating docs\n\nThe generator logs each failure and retries once."
    assert "generator_error_heading" not in hand(text, UPDATE_README)[1]
