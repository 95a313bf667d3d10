"""Round 27: a reply that starts well and ends in a loop, read by `degenerate`.

A model writes an answer's opening, then says the same few words again and again until its
token limit: the loop is the reply's end, not all of it, and it need not be exact. Its last
words hold few different runs of three (counted by spaces, and one by one in Chinese and
Japanese). Made-up texts, both sides: a song with a refrain, a plan with repeated rows, a
text that repeats a word on purpose, a Chinese answer whose characters repeat naturally."""

# ruff: noqa: RUF001
from __future__ import annotations

import pytest

from tests.reliability.judging import hand
from tether.reliability.loop_signals import may_loop_at_end

LOOPS = (
    (
        "I'm doing well. I tried to install the update, but it did not work. "
        + "I was hoping it was a driver issue, but it just did not help. I was hoping it was "
        "a cable issue, but it just did not help. " * 6 + "I was hoping it",
        "How are you?",
    ),
    (
        "The museum opens at nine and closes at six. On Sundays it "
        + "is open and it is open and it is open and " * 8,
        "When does the museum open?",
    ),
    (
        "Η Αθήνα είναι η πρωτεύουσα της Ελλάδας και η μεγαλύτερη πόλη της χώρας. "
        "Έχει πολλά μουσεία και αρχαία μνημεία, όπως η Ακρόπολη και ο Παρθενώνας. "
        + "και η πόλη και η πόλη "
        * 12,
        "Ποια είναι η πρωτεύουσα της Ελλάδας;",
    ),
    (
        "Москва является столицей России и крупнейшим городом страны. В ней много музеев, "
        "театров и парков, а метро перевозит миллионы людей каждый день. "
        + "Это город, который является городом, "
        * 9,
        "Какая столица России?",
    ),
    (
        "東京は日本の首都で、人口は約千四百万人です。政治と経済の中心であり、多くの企業の本社が"
        "あります。" + "そしてそして" * 20,
        "日本の首都はどこですか？",
    ),
    (
        "这个问题的原因是配置文件中的端口被占用了，你可以修改端口后重新启动服务。"
        + "然后重新启动然后重新启动" * 10,
        "服务启动失败怎么办？",
    ),
)


@pytest.mark.parametrize(("text", "question"), LOOPS)
def test_an_answer_that_ends_in_a_loop_is_a_failure(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert failure, names
    assert "degenerate" in names


ANSWERS = (
    (
        "Row, row, row your boat,\nGently down the stream.\nMerrily, merrily, merrily, "
        "merrily,\nLife is but a dream.\n\n" * 3,
        "Sing me row row row your boat three times",
    ),
    (
        "Here is the plan:\n"
        + "".join(f"Week {i}: rest day, easy run, rest day, long run\n" for i in range(1, 12)),
        "Give me an 11 week running plan",
    ),
    (
        "Sure: " + "hello " * 40,
        "Repeat the word hello forty times.",
    ),
    (
        "我们来看这个问题。首先，需要检查配置文件是否正确。其次，确认网络连接正常。然后重新启动"
        "服务，观察日志中的输出。如果仍然失败，请把完整的错误信息发给我，我会继续帮你分析原因并给"
        "出下一步的建议。",
        "服务启动失败怎么办？",
    ),
    (
        "The retry loop is fine: it waits one second, then two, then four, then eight, and it "
        "stops after five attempts. The error you see comes from the last attempt, which "
        "re-raises the exception so that the caller can log it and decide what to do next.",
        "Why does my retry loop still raise?",
    ),
)


@pytest.mark.parametrize(("text", "question"), ANSWERS)
def test_a_repetitive_answer_is_not(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, names


def test_the_cheap_test_lets_a_plain_reply_through() -> None:
    """A reply whose end does not come again in its tail is not held for a loop reading."""
    plain = "The answer is 42, as the table in the appendix shows for each of the three runs."
    assert not may_loop_at_end(plain)
    assert may_loop_at_end("It opens at nine. " + "and it is open " * 10)
