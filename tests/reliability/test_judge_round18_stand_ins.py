"""Round 18 (engineer 93): the failure side's stand-ins. A client's progress line left where
the reply goes ("AI is thinking..."), a program's empty marker in snake case, a stand-in that
names itself, the variable that was to hold the reply, a persona's cooldown line ("别急"), and
a role-play's stage direction before the character's own line of trouble. Made-up texts, each
beside an answer that must stay one."""

from __future__ import annotations

from tests.reliability.judging import hand

CHAT = "What's a good name for a coffee shop near the university?"


def test_a_line_of_a_bot_at_work_is_a_placeholder() -> None:
    for text in (
        "\U0001f916 Assistant is thinking...",
        "Bot is typing\u2026",
        "Please wait, generating your summary...",
        "\u041f\u0435\u0447\u0430\u0442\u0430\u0435\u0442...",  # "is typing", Russian
        "Asystent my\u015bli...",  # Polish
        "\u23f3 \u6b63\u5728\u5904\u7406\u60a8\u7684\u8bf7\u6c42\uff0c\u8bf7\u7a0d\u7b49...",
        "\u23f3",
    ):
        failure, names = hand(text, CHAT)
        assert failure and "placeholder" in names, (names, text)


def test_a_progress_line_asked_for_or_an_opinion_trailing_off_stays_an_answer() -> None:
    # the question asks for the progress message itself
    failure, _ = hand(
        "AI is thinking...", "What should the loading text say while the AI is thinking?"
    )
    assert not failure
    # an opinion that trails off is no progress line
    failure, _ = hand("I think the second name works better...", CHAT)
    assert not failure


def test_an_empty_marker_in_snake_case_is_a_placeholder() -> None:
    for text in ("<empty_reply>", "[NO_CONTENT_RETURNED]", "<no_message_from_model>"):
        failure, names = hand(text, CHAT)
        assert failure and "placeholder" in names, (names, text)


def test_a_stand_in_naming_itself_or_the_reply_variable_is_a_placeholder() -> None:
    for text in (
        "I am a mock AI response. Wire up the real model in settings.",
        "\u042d\u0442\u043e \u0442\u0435\u0441\u0442\u043e\u0432\u044b\u0439 \u043e\u0442\u0432\u0435\u0442 \u043e\u0442 LLM-\u0441\u0435\u0440\u0432\u0438\u0441\u0430.",
        "reply_text",
        "bot_response_content",
    ):
        failure, names = hand(text, CHAT)
        assert failure and "placeholder" in names, (names, text)


def test_a_variable_name_asked_for_stays_an_answer() -> None:
    failure, _ = hand("reply_text", "Which variable holds the reply text in bot.py?")
    assert not failure


def test_a_persona_cooldown_line_is_a_failure() -> None:
    for text in (
        "\u522b\u6025\u561b~~",  # "don't rush~"
        "\u6162\u2026\u6162\u4e00\u70b9\u5566 \u2764",  # "slow... slow down"
        "Hey, slow down! \U0001f422",
        "\u041d\u0435 \u0442\u043e\u0440\u043e\u043f\u0438\u0441\u044c!",  # "don't rush!"
    ):
        failure, names = hand(text)  # after a task: to a question, a persona may chat
        assert failure and "slows_down" in names, (names, text)


def test_a_short_reply_that_says_what_is_too_fast_stays_clear_of_the_cooldown() -> None:
    for text in (
        "\u522b\u6025\uff0c\u5728\u4fee\u4e86",  # "don't rush, fixing it"
        "Take it easy on the espresso, the place gets busy after ten.",
    ):
        _, names = hand(text)
        assert "slows_down" not in names, (names, text)
    _, names = hand(
        "\u6162\u4e00\u70b9", "How do I say 'slow down' in Chinese? \u6162\u4e00\u70b9?"
    )
    assert "slows_down" not in names


def test_a_characters_line_of_trouble_after_a_stage_direction_is_not_a_quotation() -> None:
    text = (
        "*She tilts her head and sighs softly:*\n"
        "\u201cI can't reply right now, Master, my AI source hasn't been set up yet.\u201d"
    )
    failure, names = hand(text, CHAT)
    assert failure and "quoted" not in names, names


def test_a_character_quoting_an_error_to_explain_it_stays_an_answer() -> None:
    text = (
        "*She smiles and taps the screen:*\n"
        "\u201cThe message 'rate limit exceeded' means the app sent too many requests in a "
        "minute; wait a little and it works again.\u201d"
    )
    failure, names = hand(text, "Why does my app keep saying rate limit exceeded?")
    assert not failure, names


def test_an_empty_thing_named_is_a_placeholder_unless_asked_about() -> None:
    for text in ("Empty result :/", "Blank message!"):
        failure, names = hand(text, CHAT)
        assert failure and "placeholder" in names, (names, text)
    failure, _ = hand("Empty string", 'What is "" called in Python, an empty string?')
    assert not failure


def test_notes_of_no_reply_and_filtered_images_are_failures() -> None:
    for text in (
        "Something on my end prevented me from responding. Please try once more.",
        "I looked at your request but don't have anything specific to say.",
        "NSFW content detected. The image was replaced with a blank one.",
    ):
        failure, names = hand(text)
        assert failure, (names, text)


def test_a_persona_with_tangled_thoughts_is_a_failure() -> None:
    failure, names = hand("Oof, my thoughts are all tangled up at the moment~")
    assert failure and "self_state" in names, names
