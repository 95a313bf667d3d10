# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 28 (engineer 145): what an answer IS, as evidence toward "answer". Made-up replies,
both sides.

- Left (answers): a Chinese thread's casual advice to the reader, a verb and 下 ("检查下日志",
  "开通下权限"); a guess by its odds ("大概率是"); what the reader has to do, in the
  Latin-script languages ("you have to", "tienes que", "du musst", "trzeba").
- Caught (failures): a Chinese notice's polite advice ("请稍后再试下") and a persona's stand-in
  about its own act ("我确认下哈").
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

SUMMARY = "Summarize the attached quarterly report in three bullet points."


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
    "You'll have to raise the rate limit in the dashboard; the default is 60 requests a minute.",
    "Il faudrait augmenter le délai d'attente du proxy, le timeout par défaut est de 30 s.",
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
