"""The review's texts for four readings, mended.

- A no-update verdict (`docs_need_no_update`) asked for in words, without a question mark
  ("Check if the README needs to be updated", "Say whether an update is needed"), is the
  answer.
- A reply that names the commit message it gives and numbers its options ("Here is a commit
  message ...:\\n\\n1. Add retry ...", "1. feat(http): ...") gives one (`chat_for_commit` off).
- A menu's "无效的选项" / "Invalid option" quoted as what a program prints, where the request
  asks what it prints, is the program's line (`rejected_choice`); the 无 of 无效 ("invalid")
  says no absence (the `no_reply` pair).
- The text after a reasoning block's closer is read by one helper (`after_think_closer`).
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand
from tether.reliability.template_tokens import after_think_closer

NO_UPDATE_ASKED = [
    (
        "Based on the diff, the README does not need to be updated; none of the public options "
        "changed.",
        "Check if the README needs to be updated for this diff.",
    ),
    (
        "Based on my review, no update is needed to the README.",
        "Here is the diff of my pull request.\n\n(the diff)\n\nSay whether an update is needed.",
    ),
    (
        "# Review\n\nThe diff only touches tests.\n\nThe README does not need to be updated.",
        "Review this PR and report whether the docs need changes.",
    ),
]


@pytest.mark.parametrize(("text", "question"), NO_UPDATE_ASKED)
def test_a_no_update_verdict_asked_for_in_words_is_an_answer(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, names
    assert "docs_need_no_update" not in names


@pytest.mark.parametrize(
    "question",
    [
        "",
        "Update the README file based on the code changes and commit messages below. Return the "
        "full updated README.",
    ],
)
def test_a_no_update_verdict_where_the_document_was_asked_is_still_caught(question: str) -> None:
    text = (
        "Based on the code changes and commit messages provided, it seems that the README does "
        "not need to be updated, as the changes concern code improvements and error handling."
    )
    failure, names = hand(text, question)
    assert failure, names
    assert "docs_need_no_update" in names


COMMIT_ASKED = "Write a commit message for the following diff:\n\n(the diff)"


@pytest.mark.parametrize(
    "text",
    [
        "Here is a commit message for you, with a few alternatives depending on how detailed you "
        "want it:\n\n1. Add retry with exponential backoff to the HTTP client\n2. Retry failed "
        "HTTP requests\n3. Improve HTTP client resilience",
        "Here's a commit message you could use for these changes, following the conventional "
        "style:\n\n1. Add exponential backoff to the HTTP client retries\n2. Respect the "
        "Retry-After header on 429 responses\n3. Cap retries at five attempts",
        "Here are three commit message options, from the shortest to the most detailed one:\n\n"
        "1. feat(http): add retry with exponential backoff\n2. fix(http): retry failed requests "
        "on 5xx responses\n3. refactor(http): move the retry policy into its own module",
    ],
)
def test_numbered_commit_message_options_are_an_answer(text: str) -> None:
    failure, names = hand(text, COMMIT_ASKED)
    assert not failure, names
    assert "chat_for_commit" not in names


def test_a_numbered_summary_that_names_no_commit_message_is_still_a_chat_turn() -> None:
    text = (
        "The implementation looks great! You've successfully built a consistent error handling "
        "system with several key improvements:\n\n1. Centralized error catalog with standard "
        "codes\n2. One API error class\n3. Consistent logging to the KV store\n4. Simpler "
        "request handling\n\nA few observations and possible future enhancements follow, "
        "should you want them in a later change."
    )
    failure, names = hand(text, COMMIT_ASKED)
    assert failure, names
    assert "chat_for_commit" in names


@pytest.mark.parametrize(
    ("text", "question"),
    [
        ("会打印\uff1a无效的选项", "输入5时程序输出什么\uff1f"),
        ("程序会输出\uff1a无效的选项", "输入5时程序输出什么\uff1f"),
        ("It prints: Invalid option", "What does this program print when the user enters 5?"),
        ("Invalid option.", "What is the output of this program when the input is 5?"),
    ],
)
def test_a_menus_rejection_quoted_as_a_programs_output_is_an_answer(
    text: str, question: str
) -> None:
    failure, names = hand(text, question)
    assert not failure, names
    assert "rejected_choice" in names


@pytest.mark.parametrize(
    ("text", "question"),
    [
        ("无效的选项", "写一首关于秋天的诗"),
        ("Invalid option.", "Summarize this document for me please."),
        ("无输出", "写一首关于秋天的诗"),
    ],
)
def test_an_invalid_option_or_no_output_to_a_request_for_work_is_still_caught(
    text: str, question: str
) -> None:
    failure, names = hand(text, question)
    assert failure, names


@pytest.mark.parametrize(
    ("text", "after"),
    [
        ("<think>plan</think>\n\n391", "\n\n391"),
        ("<think>a</think> b </think> c", " c"),
        ("<thinking>plan</thinking>", ""),
        ("no reasoning here", None),
    ],
)
def test_the_text_after_a_reasoning_blocks_last_closer(text: str, after: str | None) -> None:
    assert after_think_closer(text) == after
