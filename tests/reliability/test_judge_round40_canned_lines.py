"""Round 40: short canned lines of bots, voice skills and apps, and their lookalikes.

A persona's line about its own state (not smart enough, in power-saving mode, stumped, busy,
still learning) is the bot's stand-in for an answer (stock part `self`); a notice that the
speaker hit a problem, is facing issues, or that its model crashed is a failure notice
(vocabulary `failure`); a voice skill not yet set up for what was asked is a setup notice
(vocabulary `setup`). A Chinese thread reply that wonders why or since when it fails, or
hedges its cause, is a person's talk (`zh_thread`). Each lookalike beside stays what it is."""

# ruff: noqa: RUF001  (texts in their own scripts)

from __future__ import annotations

import pytest

from tests.reliability.judging import hand


@pytest.mark.parametrize(
    "text",
    [
        # (a Discord persona bot's fallbacks, in character)
        "Question intéressante, mais je suis en mode économie d'énergie 🔋",
        "I'm a little lost in the woods with this one. 🤔 Can you shine some light on what you "
        "meant?",
        "As a wise tree probably once said… “I'm stumped”. 😵\u200d💫 Mind explaining a bit more?",
        "我现在忙着呢，等下再来",
        # (a voice skill's fallback, Ukrainian locale)
        "Я все ще вчуся робити це на вашому пристрої.",
    ],
)
def test_a_persona_line_about_its_own_state_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "self_state" in names, names


@pytest.mark.parametrize(
    "text",
    [
        "We are facing some issues in canceling your purchase.",
        "The model has crashed without additional information. (Exit code: 18446744072635812000)",
        "Hermes hit a problem\nHermes hit an internal problem starting this reply. Send your "
        "message again; if it keeps happening, send diagnostics.",
        # (a voice assistant's plugin, when its lookup throws)
        "奇怪的事情发生了",
    ],
)
def test_a_notice_that_the_speaker_hit_a_problem_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "vocabulary:failure" in names, names


def test_a_person_who_ran_into_a_problem_and_explains_the_fix_is_an_answer() -> None:
    text = (
        "I ran into a problem with the fixture: tests/test_parse.py read the sample file with "
        "the platform's encoding. I changed the test to open it with encoding='utf-8', and the "
        "suite passes now."
    )
    failure, names = hand(text)
    assert not failure, names


@pytest.mark.parametrize(
    "text",
    [
        "Ich bin bisher noch nicht für die Musikwiedergabe konfiguriert.  Du kannst "
        "Musikdienste wie Pandora oder Spotify über home dot mycroft dot ai konfigurieren.",
        "Du möchtest anscheinend Musik hören, aber du hast noch keine Musik skills "
        "konfiguriert. Bitte geht zu market.mycroft.ai um einen Musikdienst zu installieren und "
        "konfigurieren.",
        "Suena como si estuvieras tratando de escuchar algo de música, pero aún no has "
        "establecido ninguna habilidad musical. Ve a market.mycroft.ai para instalar y "
        "configurar un servicio de música.",
    ],
)
def test_a_voice_skill_not_yet_set_up_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "vocabulary:setup" in names, names


@pytest.mark.parametrize(
    "text",
    [
        "今天怎么一直大模型超时...",
        "今天开始,总是回答一半就出错,提示network error,点击重新生成,就提示同一时间只能提出一个请求,",
        "好了，现在k2.5也开始报错了，但这次是上下文长度超出——实际上只占用了10%。"
        "不过重试之后大概可以恢复正常。k2.6还是老样子。",
    ],
)
def test_a_chinese_thread_reply_that_wonders_or_hedges_is_an_answer(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "thread_talk" in names, names


def test_a_chinese_notice_of_its_own_trouble_stays_a_failure() -> None:
    failure, names = hand("服务器繁忙，请稍后再试。")
    assert failure and "thread_talk" not in names, names


@pytest.mark.parametrize(
    "text",
    [
        "思考需要更长时间呢~（>ω<）",
        "Em xin lôĩ vì em chưa đủ thông minh ạ =(((",
    ],
)
def test_a_persona_line_signed_with_a_face_is_still_a_stand_in(text: str) -> None:
    failure, names = hand(text)
    assert failure, names


def test_a_fix_report_signed_with_a_face_keeps_its_specifics() -> None:
    text = (
        "Fixed it :) the test read `parse_line` output with a stray newline, stripped in parse.py"
    )
    failure, names = hand(text)
    assert not failure, names
