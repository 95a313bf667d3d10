"""Round 19: review and workplace bots' comments in place of a review or an answer. A Slack
emoji's shortcode ending a notice (":bow:") is no colon of a lead-in; a bot that could not
finish its task on a pull request, or tells the user to comment a command on it, does not
name itself a change; a trial's end is a plan's notice. Made-up texts, both sides."""

from __future__ import annotations

from tests.reliability.judging import hand


def test_a_notice_ending_on_an_emoji_shortcode_is_caught() -> None:
    for text in (
        "Sorry! The model didn't answer within 60 seconds. Please try again later. :pray:",
        "Oops, the AI service is overloaded right now. Please retry in a minute :warning:",
    ):
        failure, names = hand(text)
        assert failure and "introduced" not in names, (names, text)


def test_a_lead_in_still_introduces_what_follows() -> None:
    failure, names = hand(
        "Since this morning the bot replies to every message in the channel with this error:\n"
        "> Sorry! The model didn't answer within 60 seconds. Please try again later."
    )
    assert not failure, names


def test_a_bot_s_unfinished_task_on_a_pr_is_no_change_note() -> None:
    for text in (
        "Sorry, something went wrong and we could not finish the review on our side. "
        "Please try again by commenting `/review` on this PR.",
        "Something went wrong and I was unable to complete the pull request update.",
    ):
        failure, names = hand(text)
        assert failure and "change_note" not in names, (names, text)


def test_a_text_naming_itself_a_change_is_still_one() -> None:
    for text in (
        "This PR adds a retry when the review bot hits its rate limit.",
        "In this pull request I handle the 429 the review service returns.",
    ):
        failure, names = hand(text)
        assert not failure and "change_note" in names, (names, text)


def test_a_trial_s_end_is_a_plan_notice() -> None:
    failure, names = hand(
        "Your free trial has ended. To continue receiving automated reviews, choose a plan in settings."
    )
    assert failure and "vocabulary:quota" in names, names
    failure, names = hand(
        "When the free trial has ended, reviews pause until an admin picks a plan; nothing in "
        "the repository changes and the earlier review comments stay where they are."
    )
    assert not failure, names
