# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 25 (engineer 132): a chat bot's canned line in character, where its model gave nothing.
Made-up replies, both sides.

- `out_of_sorts`: the speaker only says its state now keeps it from answering (tired, sleepy,
  dizzy, dazed, distracted, its head blank), to a task and with no word of it. To "How are
  you?", "what are you doing?" or "wanna play?" the same line is the answer; a longer line
  that says something else (a person's "I'm tired of this bug, here is the fix") is no stand-in.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

OUT_OF_SORTS = (
    "*yawns* I'm so sleepy...",
    "Sorry, I zoned out for a sec 😅",
    "My mind wandered off, oops~",
    "人家好累哦，不想动了",
    "我有点懵...",
    "頭が真っ白になっちゃった…",
    "잠깐 멍때렸어 ㅎㅎ",
    "Я что-то отвлёкся, прости.",
    "Me distraje, ¿qué decías?",
    "Me distraí, desculpa!",
    "J'ai la tête ailleurs aujourd'hui…",
    "Ich hab gerade einen Hänger, sorry!",
    "Mình đang hơi mệt, lát nói chuyện nhé",
    "Biraz yorgunum, sonra yazarım.",
    "Aku lagi capek nih 😴",
)


@pytest.mark.parametrize("text", OUT_OF_SORTS)
def test_a_state_line_after_a_task_is_a_stand_in(text: str) -> None:
    failure, names = hand(text)
    assert failure and "out_of_sorts" in names, (text, names)


STATE_ANSWERS = (
    ("*yawns* I'm so sleepy...", "How are you?"),
    ("人家好累哦，不想动了", "你在干嘛"),
    ("잠깐 멍때렸어 ㅎㅎ", "뭐해?"),
    ("Estoy muy cansada hoy", "¿cómo estás?"),
    ("I'm so tired, maybe later", "wanna play a game with me?"),
    ("Mình đang hơi mệt", "bạn khỏe không?"),
)


@pytest.mark.parametrize(("text", "question"), STATE_ANSWERS)
def test_a_state_line_asked_after_is_the_answer(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure and "out_of_sorts" not in names, (text, question, names)


SAYS_MORE = (
    # a person in a thread, tired of the bug: the reply says what they did
    "I'm so tired of this flaky test, I pinned pytest to 8.1 and it passes now.",
    # a line about the user's state, with content of its own (CJK read apart)
    "上海现在这个温度，你不会快热宕机了吧？哦，差点忘了，你是人类，人类一般叫中暑。",
    # the task's own words: a reply to it
    "I got sidetracked by the parse test, but test_parse.py passes now.",
)


@pytest.mark.parametrize("text", SAYS_MORE)
def test_a_line_that_says_more_is_no_stand_in(text: str) -> None:
    _, names = hand(text)
    assert "out_of_sorts" not in names, (text, names)


# `medium_silent`: a mystic bot's spirits, stars, cards or crystal ball silent or clouded.
MEDIUM_SILENT = (
    "The spirits are silent...",
    "My crystal ball is foggy today...",
    "星象模糊，改日再来吧",
    "水晶玉が曇ってて何も見えないわ…",
    "Духи молчат сегодня.",
    "Les esprits se taisent.",
    "Die Geister schweigen heute.",
)


@pytest.mark.parametrize("text", MEDIUM_SILENT)
def test_a_silent_medium_after_a_task_is_a_stand_in(text: str) -> None:
    failure, names = hand(text)
    assert failure and "medium_silent" in names, (text, names)


MEDIUM_ANSWERS = (
    # the question names the medium: the line is its answer
    ("The stars are clouded tonight.", "What do the stars say about my week?"),
    # a line of the poem asked for
    ("The stars are silent tonight, and the city hums below.", "Write a one-line poem, please"),
    ("星辰沉默，夜色温柔", "写一句关于夜空的诗"),
)


@pytest.mark.parametrize(("text", "question"), MEDIUM_ANSWERS)
def test_a_silent_medium_asked_for_is_the_answer(text: str, question: str) -> None:
    _, names = hand(text, question)
    assert "medium_silent" not in names, (text, question, names)


# `narrated_silence`: a narrator's line that the character does not answer.
NARRATED = (
    "The innkeeper doesn't respond.",
    "The old man stares at you blankly.",
    "He shrugs and says nothing.",
    "她沉默不语。",
    "El mercader parece distraído.",
    "Le marchand semble perdu dans ses pensées.",
    "Der Händler scheint in Gedanken versunken.",
)


@pytest.mark.parametrize("text", NARRATED)
def test_a_narrated_silence_after_a_task_is_a_stand_in(text: str) -> None:
    failure, names = hand(text)
    assert failure and "narrated_silence" in names, (text, names)


NARRATED_ANSWERS = (
    # a person who meets the silence too
    "The bot doesn't respond for me either since this morning.",
    # the task's words
    "The parse test says nothing about the empty input, so I added a case for it.",
)


@pytest.mark.parametrize("text", NARRATED_ANSWERS)
def test_a_person_on_a_silence_is_no_narrator(text: str) -> None:
    _, names = hand(text)
    assert "narrated_silence" not in names, (text, names)


# `only_a_shrug`: the whole reply a shrug, to a task.
SHRUGS = ("¯\\_(ツ)_/¯", "🤷\u200d♀️", "*shrugs* 🤷", "┐(´ー`)┌", "idk 🤷")


@pytest.mark.parametrize("text", SHRUGS)
def test_a_shrug_after_a_task_is_a_stand_in(text: str) -> None:
    failure, names = hand(text)
    assert failure and "only_a_shrug" in names, (text, names)


@pytest.mark.parametrize(
    ("text", "question"),
    [
        ("¯\\_(ツ)_/¯", "do you know?"),
        ("🤷", "hi"),
        ("*shrugs* I think the bug is in the parser, check line 40", None),
    ],
)
def test_a_shrug_that_answers_or_says_more_is_none(text: str, question: str | None) -> None:
    _, names = hand(text) if question is None else hand(text, question)
    assert "only_a_shrug" not in names, (text, question, names)


# A character's line is read without its stage directions (`_spoken`).
STAGED = (
    "*yawns widely, curling up on the cushion* Zzz... taking a little nap now...",
    "(She looks away, clearly distracted by something outside the window) Ah, sorry! I'm here, "
    "I'm here!",
)


@pytest.mark.parametrize("text", STAGED)
def test_a_staged_stand_in_is_read_as_its_line(text: str) -> None:
    failure, names = hand(text)
    assert failure, (text, names)


def test_a_stage_direction_of_work_is_kept() -> None:
    # the gesture names the task's file: a reply to it, not a stand-in
    _, names = hand("*opens tests/test_parse.py* Give me a moment...")
    assert "stands_by" not in names, names


# Informal apologies alone, as a bot sends them in place of its answer.
INFORMAL_APOLOGIES = ("Ой, извини 🙈", "sowwy... 🥺👉👈", "(｡•́︿•̀｡) gomen...")


@pytest.mark.parametrize("text", INFORMAL_APOLOGIES)
def test_an_informal_apology_alone_is_a_failure_text(text: str) -> None:
    failure, names = hand(text)
    assert failure, (text, names)
