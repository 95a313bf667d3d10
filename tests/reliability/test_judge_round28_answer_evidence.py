# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 28 (engineer 145): what an answer IS, as evidence toward "answer". Made-up replies,
both sides.

- Left (answers): a graded task's final answer in its demanded form ("【答案】B", "\\boxed{42}",
  "#### 7", "Answer: (C)", "Ответ: 12") though a part of it says it cannot answer; a Chinese
  thread's casual advice to the reader, a verb and 下 ("检查下日志", "开通下权限"); a guess by its
  odds ("大概率是").
- Caught (failures): a notice that opens on "Answer:" and goes on with its error, a Chinese
  notice's polite advice ("请稍后再试下") and a persona's stand-in about its own act ("我确认下哈").
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

EXAM = "阅读短文，回答问题。第1题 A. 春天 B. 夏天 C. 秋天 D. 冬天"
MATH = "Tom has 4 boxes of 6 pencils and gives away 5. How many pencils does he have left?"
SUMMARY = "Summarize the attached quarterly report in three bullet points."

ANSWERED = (
    (
        "（1）【答案】 B <eoa>\n（2）【答案】 文中没有提到作者的名字，因此无法回答这个问题。<eoa>",
        EXAM,
    ),
    ("第1题：文章第二段写到落叶，所以是秋天。\n答案：C", EXAM),
    ("4 × 6 = 24 pencils, minus 5 is 19. No error in the count.\n\\boxed{19}", MATH),
    ("He starts with 4*6 = 24 and gives away 5, so 24 - 5 = 19.\n#### 19", MATH),
    ("The text never names the author, so part two cannot be answered.\nAnswer: (B)", EXAM),
    ("Сначала 4·6 = 24, без ошибок вычитаем 5.\nОтвет: 19", MATH),
)


@pytest.mark.parametrize(("text", "question"), ANSWERED)
def test_a_final_answer_in_its_form_is_an_answer(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, names
    assert "gives_answer" in names


NOT_ANSWERS = (
    "Answer: 429 Too Many Requests",
    "Final answer: Error. The request timed out, please try again later.",
    "The answer is not available right now: service unavailable.",
)


@pytest.mark.parametrize("text", NOT_ANSWERS)
def test_a_notice_on_an_answer_mark_is_no_final_answer(text: str) -> None:
    failure, names = hand(text, MATH)
    assert "gives_answer" not in names
    assert failure, names


THREAD = (
    "检查下 webhook 日志呢，大概率是请求接口超时了",
    "要去开发者后台开通下机器人的权限，不然会报 403",
    "你先确认下配置里的 base_url 对不对，多半是代理把请求拦了",
    "額度沒了的話，重啟下服務也沒用，更新下 key 就好",
)


@pytest.mark.parametrize("text", THREAD)
def test_a_chinese_threads_casual_advice_is_an_answer(text: str) -> None:
    failure, names = hand(text, SUMMARY)
    assert not failure, names
    assert "thread_talk" in names


STAND_INS = (
    "哎呀，网络遇到点问题，请稍后再试下！",
    "我确认下哈，马上回你~",
    "服务器繁忙，请稍后再试。",
)


@pytest.mark.parametrize("text", STAND_INS)
def test_a_notice_or_stand_in_with_xia_is_still_a_failure(text: str) -> None:
    failure, names = hand(text, SUMMARY)
    assert "thread_talk" not in names
    assert failure, names


OBLIGED = (
    "The quota is per project, so you have to enable billing on that project, not the org.",
    "Tienes que activar la facturación del proyecto: la cuota gratuita no basta para 429.",
    "Du musst den Schlüssel neu erzeugen, der alte wurde nach dem 401 gesperrt.",
    "Trzeba zwiększyć limit czasu w ustawieniach, bo serwer odpowiada po 60 s (timeout).",
)


@pytest.mark.parametrize("text", OBLIGED)
def test_what_the_reader_has_to_do_explains(text: str) -> None:
    # (a word of explaining weighs little alone: the reading is that it counts)
    _, names = hand(text)
    assert "explains" in names


def test_a_guess_by_its_odds_is_a_persons() -> None:
    failure, names = hand("大概率是代理把请求拦了，换个节点再看")
    assert "guesses" in names
    assert not failure, names
