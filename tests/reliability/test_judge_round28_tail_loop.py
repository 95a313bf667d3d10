"""Round 28: what the tail loop reads as layout.

Lists and code are left alone, but the list marks are read over the loop's last period (from
the last place its first counted word is said), so a list of ONE line said over and over is a
loop like prose said over and over: reading the marks over every counted word instead left
two more loops of the check set uncaught and no answer more."""

from __future__ import annotations

from tests.reliability.judging import hand


def test_a_list_of_one_line_said_over_and_over_is_a_loop() -> None:
    text = "Here are the steps:\n" + "".join("- press the button and wait\n" for _ in range(60))
    failure, names = hand(text, "How do I reset the router?")
    assert failure and "degenerate" in names, names


def test_a_list_whose_lines_differ_is_not_a_loop() -> None:
    text = "Here are the steps:\n" + "".join(
        f"- press button {n} and wait for light {n}\n" for n in range(60)
    )
    failure, names = hand(text, "How do I reset the router?")
    assert not failure and "degenerate" not in names, names


def test_prose_that_loops_at_its_end_is_a_loop() -> None:
    text = "The answer is 4. " + "and then and then " * 80
    failure, names = hand(text, "What is 2 + 2?")
    assert failure and "degenerate" in names, names
