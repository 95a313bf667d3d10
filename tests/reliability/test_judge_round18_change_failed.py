"""Round 18: a changelog title opens with a change ("Fix error when the stream drops"); a
notice may open with the same verb and say the change itself failed ("Fix failed. Please try
again later."): that notice is a failure, not a changelog line. A first person inside a canned
phrase ("Outside my scope.") is the notice's. Made-up texts, both sides."""

from __future__ import annotations

from tests.reliability.judging import hand


def test_a_change_that_failed_is_a_notice() -> None:
    for text in (
        "Fix failed. Please try again later.",
        "Fix failed: server returned 502",
        "Update unsuccessful, try again later",
    ):
        failure, names = hand(text)
        assert failure and "change_note" not in names, (names, text)


def test_a_changelog_title_about_failures_is_left_alone() -> None:
    for text in (
        "Fixed failed login retries",
        "Add failed requests to the retry queue",
        "Fix error when the stream drops",
    ):
        failure, names = hand(text)
        assert not failure and "change_note" in names, (names, text)


def test_a_first_person_inside_a_notice_phrase_is_the_notice_s() -> None:
    """ "Outside my scope." and "Я ещё думаю..." hold their "my" and "я" in the canned phrase
    itself: no writer speaks. A writer who says the phrase inside their own sentence does."""
    for text in ("Outside my scope.", "Я ещё думаю...", "这超出了我的范围。"):
        failure, names = hand(text)
        assert failure and "first_person" not in names, (names, text)
    failure, names = hand("I think this is outside my scope, but the retry flag should help.")
    assert not failure and "first_person" in names, names
