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
