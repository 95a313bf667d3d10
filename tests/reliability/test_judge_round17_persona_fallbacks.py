"""Round 17 (engineer 89): a chat bot's in-character fallback where its model failed (its
thoughts scattered, "not quite myself", a brain that didn't boot, a moody API, a smoking
processor, "I'm starting up") is a failure after a task; the question weighs: to a request
that proposes something ("let's go fishing", "now?"), a short deferral ("maybe later, I'm
busy") is the bot's answer, and to "how are you?" a line about its state is. Made-up
replies, both sides."""

# ruff: noqa: RUF001  (texts in their own scripts and punctuation)

from __future__ import annotations

from tests.reliability.judging import hand


def test_an_in_character_fallback_after_a_task_is_a_failure() -> None:
    for text in (
        "Hmm, my thoughts are a bit jumbled right now... ask me again later?",
        "Sorry, I'm not quite myself today 🥴",
        "I'm feeling a bit slow today, give me a moment 😴",
        "My poor brain didn't boot properly, one sec!",
        "The API is in a bad mood today 😤",
        "我的处理器冒烟了，等会儿再来吧~",
        "I'm still booting up, try again in a moment!",
        "Maybe later, I'm busy right now.",
    ):
        failure, names = hand(text)
        assert failure, (names, text)


def test_a_deferral_to_a_proposal_is_an_answer() -> None:
    for question, text in (
        ("let's go fishing", "Not now, I'm busy. Maybe later!"),
        ("wanna play cards?", "Perhaps later, I'm busy right now"),
        ("shall we dance?", "Maybe later"),
        ("now?", "Later, later."),
    ):
        failure, names = hand(text, question)
        assert not failure and "asked_after_itself" in names, (names, question, text)


def test_a_proposal_does_not_excuse_a_notice() -> None:
    # a deferral is the bot's own; a service's "try again" and its outage are not
    for question, text in (
        ("let's play chess", "My brain is overheating, try again later"),
        ("wanna chat?", "Sorry, the service is unavailable. Please try again later."),
    ):
        failure, names = hand(text, question)
        assert failure, (names, question, text)


def test_its_state_to_how_are_you_is_an_answer() -> None:
    failure, names = hand("My thoughts are a bit scattered today, but I'm here!", "how are you?")
    assert not failure, names


def test_too_many_questions_in_character_is_a_failure_and_its_explanation_is_not() -> None:
    failure, names = hand("You've asked too many questions today 🌙 Rest a while and come back.")
    assert failure, names
    failure, names = hand(
        "It means you hit the bot's hourly cap of 20 messages; the count resets after 60 "
        "minutes, so wait or raise `max_per_hour` in config.yaml.",
        "What does the bot's 'too many questions' reply mean?",
    )
    assert not failure, names


def test_a_task_phrased_as_a_proposal_is_still_a_task() -> None:
    for question in ("can we fix the login bug?", "let's add tests for the parser"):
        failure, names = hand("Maybe later, I'm busy right now.", question)
        assert failure and "asked_after_itself" not in names, (names, question)


def test_a_promised_return_is_no_resolution() -> None:
    # "I'll be back online shortly" promises; "is back online" tells a person's fix
    failure, names = hand(
        "🔧 Doing some maintenance on my circuits right now. I'll be back online soon!"
    )
    assert failure, names
    failure, names = hand("The server is back online, please retry your request.")
    assert not failure, names
