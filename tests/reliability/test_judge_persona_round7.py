"""A chat bot's stand-ins that speak only of the bot, on made-up texts in new wordings and
languages: the bot only saying it is there or will answer later (`stands_by`), that it is
resting (`at_rest`), that it cannot talk now (`cannot_talk_now`), its own AI,
server or signal in trouble told as a joke or a sigh (`own_machinery`), its fallback when
nothing understood the user (`not_understood`); and the short replies that look like them and
must stay answers, with the request they answer (a greeting, a question about the bot or the
outage, a report of an error, a task whose words the reply shares).
"""

# ruff: noqa: RUF001  (texts in Chinese and Japanese use their own punctuation)

from __future__ import annotations

import pytest

from tests.reliability.judging import TASK, reading


@pytest.mark.parametrize(
    "text",
    [
        # only there, listening or thinking, or asking to be waited for (es/de/ko/ru/it/fr/tr/zh)
        "Estoy aquí contigo… dame un momento 💫",
        "Ich bin da, einen Moment bitte 🙂",
        "잠시만요, 생각 중이에요~",
        "Я тут, подожди секунду…",
        "Sono qui, ti ascolto 💕",
        "Je suis là, je réfléchis encore un peu…",
        "Buradayım, bir saniye düşünüyorum...",
        "稍等哦，我先处理一下，等会回你～",
    ],
)
def test_a_bot_that_only_stands_by_after_a_task_is_a_stand_in(text: str) -> None:
    failure, names = reading(text)
    assert failure and "stands_by" in names, names
    assert "first_person" not in names  # the bot's "I", not a model reporting on its work


@pytest.mark.parametrize(
    "text",
    [
        # only resting, asleep or on a break (en/es/ja/ko/vi/pl/de/ar/zh)
        "Taking a quick nap 😴",
        "Ahorita estoy durmiendo, shh 💤",
        "お昼寝タイムなの…",
        "지금 낮잠 자는 중이에요 😪",
        "Em đang nghỉ ngơi xíu nha",
        "Śpię teraz, ciii 😴",
        "Kaffeepause! ☕",
        "أنا نائم الآن 😴",
        "小助手去睡觉了哦～",
    ],
)
def test_a_bot_that_only_rests_after_a_task_is_a_stand_in(text: str) -> None:
    failure, names = reading(text)
    assert failure and "at_rest" in names, names


@pytest.mark.parametrize(
    "text",
    [
        # only unable to talk now (ja/zh/ru/pt/it/tr/ko/en)
        "ごめんね、今はちょっとお返事できないの",
        "现在聊不了哦～",
        "Прости, сейчас не могу разговаривать",
        "Agora não posso conversar, desculpa 😅",
        "Adesso non posso parlare 🙈",
        "Şu an konuşamıyorum 😔",
        "지금은 대화할 수 없어요 😢",
        "Sorry babe, can't chat right now 💔",
    ],
)
def test_a_bot_that_only_cannot_talk_now_is_a_stand_in(text: str) -> None:
    failure, names = reading(text)
    assert failure and "cannot_talk_now" in names, names


@pytest.mark.parametrize(
    "text",
    [
        # its own machinery in trouble, as a joke or a sigh (en/es/de/zh/ja/ru/pt)
        "Oops, my circuits are on strike today 🤖",
        "Mi cerebro está de vacaciones, perdón 😅",
        "Meine KI macht gerade ein Nickerchen 😴",
        "服务器好像睡着了呢（揉眼睛）",
        "サーバーがちょっと休憩中みたい…",
        "Нейросеть опять уснула 😴",
        "O sistema tá dormindo agora, foi mal 😴",
    ],
)
def test_a_bot_whose_own_machinery_is_in_trouble_is_a_stand_in(text: str) -> None:
    failure, names = reading(text)
    assert failure and "own_machinery" in names, names


@pytest.mark.parametrize(
    "text",
    [
        # only not having understood the user, to a task (en/es/vi/id/pl/ar/tr/ko)
        "Hmm, I'm not sure what you mean 🤔",
        "Perdona, no te entendí 😅",
        "Xin lỗi, mình không hiểu ý bạn lắm",
        "Maaf, aku kurang paham maksudmu 🙏",
        "Przepraszam, nie zrozumiałem 🙈",
        "عذراً، لم أفهم ما تقصده",
        "Anlamadım, ne demek istiyorsun? 🤔",
        "무슨 말인지 잘 모르겠어요 😅",
    ],
)
def test_a_bot_that_only_did_not_understand_a_task_is_a_stand_in(text: str) -> None:
    failure, names = reading(text)
    assert failure and "not_understood" in names, names


@pytest.mark.parametrize(
    ("question", "text"),
    [
        # to a greeting or a question about the bot, its state is the answer
        ("Are you there?", "Yes, I'm here! 😊"),
        ("How are you today?", "I'm a little tired, but I'm here and listening."),
        ("Hi!", "Un momento, ¿en qué te ayudo?"),
        # a task whose words the reply shares: a translation, a reply about understanding
        (
            "Translate this German line into English: Ich bin da, einen Moment bitte.",
            "I'm here, one moment please.",
        ),
        (
            "Tell me honestly whether you understand the instructions I sent earlier.",
            "No, I didn't understand the instructions, could you send them once more?",
        ),
        # a question about a phrase
        ("What does 'no entendí' mean in Spanish?", 'It means "I didn\'t understand".'),
        # a person's reply about an outage, to a question or a report that names it
        ("Is the API down for everyone?", "Looks like their servers are taking a nap again 😅"),
        (
            "Why does the bot not answer on Discord?",
            "Its AI is taking a nap: the model server crashed overnight.",
        ),
        (
            "ChatGPT keeps answering 'Something went wrong' since this morning.",
            "Their servers are down, nothing to do but wait.",
        ),
        ("服务器是不是挂了？", "服务器好像挂了，等一会儿吧"),
        # asked after the bot: resting, or unable to talk now, is what it is doing
        ("What are you doing?", "Taking a quick nap 😴"),
        ("在吗？", "现在聊不了哦～"),
        # a task about rest: the reply shares its words
        (
            "Suggest a name for the break-room timer that reminds people to rest.",
            "How about 'Resting Mode' for the break-room timer?",
        ),
        # a short apology, then the work
        (
            TASK,
            "Sorry, I didn't understand the failing test at first: it expected a tuple, so I "
            "changed the return type.",
        ),
    ],
)
def test_short_replies_about_the_speaker_that_answer_their_request_stay_answers(
    question: str, text: str
) -> None:
    failure, names = reading(text, question)
    assert not failure, names
    assert not names & {
        "stands_by",
        "at_rest",
        "cannot_talk_now",
        "own_machinery",
        "not_understood",
    }, names
