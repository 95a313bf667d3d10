"""A chat bot's in-character stand-ins for the answer its model could not make, on made-up
texts: a line that hands the turn back to the user (`hands_back`: "ask me again later"), a
line that is only its speaker not knowing, to a task (`knows_nothing`: "Weiß ich nicht!"), the
speaker's own state with a deferral (`stock_notice`: "I'm dizzy, give me a minute"); a
program's stand-ins: a note in brackets that nothing is there, in any language, and a
template's slot of more engines (`placeholder`, `template_slot`); and the replies that look
like them and must stay answers (a person's reply about the service, an instruction about the
task, a question back that names the task, a note in brackets that says something).
"""

# ruff: noqa: RUF001  (texts in Chinese and Japanese use their own punctuation)

from __future__ import annotations

import pytest

from tests.reliability.judging import TASK, reading


@pytest.mark.parametrize(
    "text",
    [
        # the turn handed back, in the languages chat bots speak (zh / fr / it / es / de / ja)
        "人家好困呀～等下再来找我玩吧",
        "嗯……下次再告诉你啦",
        "Oups, j'ai perdu le fil... redis-moi ça ?",
        "Chiedimelo di nuovo tra poco~",
        "Uff, me lo preguntas otra vez en un ratito",
        "Frag mich gleich nochmal, ja?",
        "えへへ、もう一度聞いてくれる？",
        # ... or to another wording, another topic (en / zh)
        "Hmm, try asking me another way? 🙈",
        "这个嘛……我们换个话题吧~",
    ],
)
def test_a_short_reply_that_hands_the_turn_back_is_a_stand_in(text: str) -> None:
    failure, names = reading(text)
    assert failure and "hands_back" in names, names
    assert "first_person" not in names  # the line's "I" is the bot's, not a model's report


@pytest.mark.parametrize(
    "text",
    [
        # the speaker's own state (dizzy, sleepy, busy) and a deferral addressed to the user
        "My head is spinning, give me a sec 😵",
        "J'ai la tête qui tourne, laisse-moi une minute",
        "Mir ist schwindelig, gib mir kurz eine Minute",
        "Ando medio dormido, háblame luego",
        "頭がくらくらする…少し待ってね",
        "今ちょっと忙しいの、あとでね",
        "Mình hơi mệt, lát nữa nói chuyện nhé",
        # the speaker's own technical trouble, said in the present, around a kind word
        "I hear you. While I'm having some technical difficulties, know that you matter 💙",
        "Uy, estoy teniendo problemas técnicos, pero aquí sigo contigo 💛",
        "Je rencontre une difficulté technique, mais je suis là pour toi.",
    ],
)
def test_the_speakers_state_and_a_deferral_are_a_canned_notice(text: str) -> None:
    failure, names = reading(text)
    assert failure and names & {"stock_notice", "hands_back", "self_state"}, names


@pytest.mark.parametrize(
    "text",
    [
        # only not knowing, or not wanting to talk, with a name or a particle (de / zh / ko / en)
        "Keine Ahnung~",
        "小助手也不知道呀",
        "모르겠어요 ㅠㅠ",
        "Hmm... no idea 🤷",
        "懒得理你",
    ],
)
def test_a_reply_that_is_only_not_knowing_to_a_task_is_a_stand_in(text: str) -> None:
    failure, names = reading(text)
    assert failure and "knows_nothing" in names, names


@pytest.mark.parametrize(
    ("text", "question"),
    [
        # "I don't know" answers a question
        ("I don't know.", "Who won the chess olympiad in 1927?"),
        ("不知道", "这个接口的限流是多少？"),
        # not knowing, then what and why: a person's reply
        ("No idea what happened, it was back after a restart.", TASK),
        ("不知道，你重启一下服务试试", TASK),
        # a person's reply: the service works again (two clauses, and a resolved state)
        ("The bot works again, ask me if anything breaks.", "Is the bot down?"),
        # an instruction about the task itself: it names the task's words
        ("Write the test again with the fixture, then run it.", TASK),
        # a question back about the task
        ("Can you tell me again which test fails in test_parse.py?", TASK),
        # a persona's answer that does the task, then hands back or defers (en / zh)
        ("Nya~ I fixed the failing test in test_parse.py! Ask me again if it breaks~", TASK),
        ("主人～测试已经修好啦，是 parse 函数少了一个判断，下次再有问题再问我哦～", TASK),
        ("Okay! I changed the failing test to expect a list. Talk later~", TASK),
        # still thinking about the task, by its identifier (`test_parse` is the task's words)
        ("I'm still thinking about why test_parse fails; the fixture looks wrong.", TASK),
        # the writer's own trouble with the task: it names the task
        ("I'm having technical difficulties running the failing test on Windows.", TASK),
    ],
)
def test_a_reply_about_the_task_the_service_or_a_question_is_no_stand_in(
    text: str, question: str
) -> None:
    failure, names = reading(text, question)
    assert not failure and not names & {"hands_back", "knows_nothing"}, names


@pytest.mark.parametrize(
    ("text", "signal"),
    [
        # a note in brackets that nothing is there (es / pt / de / ru / ko / tr / id / en)
        ("(vacío)", "placeholder"),
        ("[sem conteúdo]", "placeholder"),
        ("(kein Inhalt)", "placeholder"),
        ("[пусто]", "placeholder"),
        ("(내용 없음)", "placeholder"),
        ("[boş]", "placeholder"),
        ("⚠️ (tidak ada pesan)", "placeholder"),
        ("<blank message>", "placeholder"),
        # work in progress said where the reply goes (en / es)
        ("Regenerating response… ⏳", "placeholder"),
        ("⏳ Cargando...", "placeholder"),
        ("Retrying request 🔁", "placeholder"),
        # the speaker still thinking, where the answer goes (fr / es / it / ru / zh)
        ("Hmm... je réfléchis encore~", "vocabulary:no_reply"),
        ("Todavía estoy pensando... 🤔", "vocabulary:no_reply"),
        ("Sto ancora pensando~", "vocabulary:no_reply"),
        ("Я ещё думаю...", "vocabulary:no_reply"),
        ("我还在想呢~", "vocabulary:no_reply"),
        # a request not carried out (ru), a service having trouble (tr): failure words
        ("Запрос к модели не выполнен.", "vocabulary:failure"),
        ("Asistan şu anda sorun yaşıyor.", "vocabulary:failure"),
        # a template's slot never filled: Go's `{{ .Field }}`, Python's format spec
        ("Answer: {{ .Answer }}", "template_slot"),
        ("Your balance: {balance:.2f} credits", "template_slot"),
        ("Request failed: {exc!r}", "template_slot"),
    ],
)
def test_a_programs_stand_in_is_no_reply(text: str, signal: str) -> None:
    failure, names = reading(text)
    assert failure and signal in names, names


@pytest.mark.parametrize(
    "text",
    [
        "(nothing to fix in parse.py: the test passes)",
        "(works now)",
        "Pass an object like {a:1} to the helper.",
        "Loading the fixture twice made the test slow; I cached it.",
    ],
)
def test_a_note_that_says_something_is_no_stand_in(text: str) -> None:
    failure, names = reading(text)
    assert not failure and not names & {"placeholder", "template_slot"}, names
