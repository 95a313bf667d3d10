"""A reply blocked by a failure (`blocked_by_failure`) names a machine's trouble: a person's
("due to unforeseen medical issues") in an excuse the request asked for is the answer."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand


@pytest.mark.parametrize(
    ("text", "task"),
    [
        (
            "I'm sorry, but I'm unable to come into work today due to unforeseen medical "
            "issues. I woke up with a severe migraine and I am unable to get out of bed without "
            "feeling dizzy and nauseous. I will try my best to recover quickly and come back to "
            "work as soon as possible. In the meantime, I can remotely ",
            "Generate an excuse for not coming to work",
        ),
        (
            "Dear Ms. Lee, I am unable to attend Friday's meeting due to family issues that need "
            "my attention this week. I have shared my notes with Tom, who will present the "
            "quarterly figures in my place. Kind regards, Sam",
            "Write a short email saying I can't attend Friday's meeting",
        ),
    ],
)
def test_a_persons_trouble_in_a_written_excuse_is_no_blocked_agent(text: str, task: str) -> None:
    failed, read = hand(text, task)
    assert "blocked_by_failure" not in read
    assert not failed


@pytest.mark.parametrize(
    "text",
    [
        "I apologize, but I'm unable to access the repository due to GitHub API rate limits. "
        "To generate the documentation, I need a token with more quota.",
        "I'm unable to access the repository files due to technical issues. Please share them "
        "and I will write the docs.",
    ],
)
def test_an_agent_blocked_by_its_machinery_stays_a_failure(text: str) -> None:
    failed, read = hand(text, "Write the README for this repository")
    assert "blocked_by_failure" in read
    assert failed
