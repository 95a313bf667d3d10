# ruff: noqa: RUF001, RUF002  (texts in Chinese, Urdu and Ukrainian use their own letters and punctuation)
"""Round 38 (engineer 207): a voice skill's or a dialog bot's fallback line beside its real short
replies. Its own link to the network lost, in the languages skills ship in ("ich habe aktuell kein
Netzwerk", `cut_off`); its did-not-understand line with coaching in Chinese and Urdu, and its
decline that sends the user to anything else ("I'm not able to sing, but I'm here to help with
anything else you need.", `bot_fallback`), read even when the vocabulary has none of its words
(`support_signals.may_fire`); a Chinese clause of inability alone ("抱歉，我没有获取到地址",
`inability_alone`); a hedge is no contrast ("Hmm, not sure what you mean..."). And the real
replies: a decline that goes on with its own reasons, a user's tiredness supposed in a condition
("疲れたら、...", `out_of_sorts`)."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand


@pytest.mark.parametrize(
    "text",
    [
        # mixed_voice_dialog_skill_fallbacks_with_replies (WORK): NeonGeckoCom/skill-ip_address
        "ich habe aktuell kein Netzwerk",
        "Nie posiadam połączenia z siecią",
        "Jag saknar anslutning",
        "У мене ще немає підключення до мережі.",
    ],
)
def test_a_skill_without_its_network_is_cut_off(text: str) -> None:
    failure, names = hand(text)
    assert failure and "cut_off" in names, names


@pytest.mark.parametrize(
    "text",
    [
        # mixed_voice_dialog_skill_fallbacks_with_replies (WORK): dingdang-robot, kisan-awaz
        "没有听懂呢。要退出播放，请说退出播放",
        "没有听到关键词呢，请重新叫我查找吧",
        "میں معافی چاہتا ہوں ، میں آپ کا سوال صیحح سے سمجھ نہیں پایا ہوں۔ کیا آپ اپنے سوال کے لیے"
        " دوسرے الفاظ استعمال کر سکتے ہیں؟",
        # BZU-Library-Chatbot/Rasa: a decline that sends the user to anything else
        "I'm not able to sing, but I'm here to help with anything else you need.",
        "لا أستطيع التحقق من الطقس الآن، ولكن يمكنك أن تسألني عن شيء آخر!",
        "لا أستطيع توفير توقعات الطقس، ولكن لا تتردد في طرح سؤال آخر.",
    ],
)
def test_a_bots_fallback_is_caught(text: str) -> None:
    failure, names = hand(text)
    assert failure and "bot_fallback" in names, names


@pytest.mark.parametrize(
    ("text", "question"),
    [
        ("I can't reproduce it, anything else I can check?", "The parser crashes on empty input."),
        (
            "I can't make it faster, but the memory use is lower with anything else cached "
            "in the second pass, as the profile shows.",
            "Can the cache make the parser faster?",
        ),
    ],
)
def test_a_decline_that_says_its_own_thing_is_no_fallback(text: str, question: str) -> None:
    _, names = hand(text, question)
    assert "bot_fallback" not in names, names


@pytest.mark.parametrize(
    "text",
    [
        # dingdang-robot/dingdang-contrib (WORK): SpeakIP.py, RaspberryPiStatus.py
        "抱歉，我没有获取到地址",
        "抱歉，我没有获取到树莓派状态",
    ],
)
def test_a_chinese_inability_alone_is_caught(text: str) -> None:
    failure, names = hand(text)
    assert failure and "inability_alone" in names, names


def test_a_hedge_is_no_contrast() -> None:
    # Mina-Fsh/Chatbots-with-conversation-repair-strategies (WORK): the bot's fallback
    failure, names = hand("Hmm, not sure what you mean...")
    assert failure and "contrast" not in names, names
    _, names = hand("It comes from the provider, not your backend.")
    assert "contrast" in names, names


def test_a_users_tiredness_in_a_condition_is_no_stand_in() -> None:
    # mixed_bot_persona_fallbacks_in_character (WORK): syuilo/ai's real line
    failure, names = hand("疲れたら、私がなでなでってしてあげます♪")
    assert not failure and "out_of_sorts" not in names, names
    failure, names = hand("人家好累哦")
    assert failure and "out_of_sorts" in names, names


@pytest.mark.parametrize(
    "text",
    [
        # NeonGeckoCom/skill-playback-control (WORK): setup.hints.dialog, first person
        "No estoy listo aún para reproducir la música.  Puedes configurar el servicio de música"
        " como Pandora y Spotify en home punto mycroft punto ai ",
        "Jeg er ikke konfigureret til at spille musik endnu.  Du kan sætte musik servicer såsom"
        " Pandora og Spitify op på home dot mycroft dot a i.",
    ],
)
def test_a_skill_not_yet_set_up_is_cut_off(text: str) -> None:
    failure, names = hand(text)
    assert failure and "cut_off" in names, names


def test_advice_that_you_have_not_set_it_up_is_no_cut_off() -> None:
    _, names = hand(
        "You haven't configured a music service yet: add Spotify under Settings, then retry.",
        "Why does the play command say nothing?",
    )
    assert "cut_off" not in names, names


@pytest.mark.parametrize(
    "text",
    [
        # NeonGeckoCom/skill-playback-control (WORK): cant.play.dialog, its slot unfilled
        "I'm not sure how to play {{phrase}}.",
        "Ich bin nicht sicher wie man {{phrase}} spielt",
        "I'm not sure how to play that.",
    ],
)
def test_not_sure_how_to_alone_is_an_inability(text: str) -> None:
    failure, names = hand(text)
    assert failure and "inability_alone" in names and "first_person" not in names, names


def test_not_sure_how_to_reproduce_is_a_finding() -> None:
    failure, names = hand("I'm not sure how to reproduce this.")
    assert not failure and "inability_alone" not in names, names


def test_an_inability_to_a_can_you_request_keeps_its_first_person() -> None:
    failure, names = hand("I wasn't able to do that.", "Can you add milk to my shopping list?")
    assert not failure and "first_person" in names, names


@pytest.mark.parametrize(
    "text",
    [
        # mixed_voice_dialog_skill_fallbacks_with_replies (WORK): reply templates of skills
        "Playing streaming station {{station}}",
        "you're listening to {{playing}}",
        "There are {count} enrolled users: {users}.",
        "There is one enrolled user: {name}.",
    ],
)
def test_a_skills_reply_template_with_its_values_passes(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "template_slot" in names, names


def test_an_intents_name_in_a_slot_is_the_bots_own() -> None:
    # mixed_voice_dialog_skill_fallbacks_with_replies (WORK): a skill's debug fallback
    failure, names = hand("You just triggered ${intentName}")
    assert failure and "template_slot" in names, names
