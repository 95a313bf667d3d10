# ruff: noqa: RUF001  (texts in Chinese and Japanese use their own punctuation)
"""Round 40 (e230): the quick paths made cheaper with no reading moved. The announcement
precheck looks for its forms' words by scans in C (`may_announce`), a script soup is looked
for only where a letter of another script is (`script_soup`), and a reply's openings are read
with its head lowered once (`may_continue`). Each is checked against the form it replaced."""

from __future__ import annotations

import re

import pytest

from tether.messages import Turn
from tether.reliability import continuation_signals, talk_only_signals
from tether.reliability.clearing import quick_clear
from tether.reliability.judge import DEFAULT_CONFIG, judge
from tether.reliability.mojibake_signals import script_soup

LEXICON = DEFAULT_CONFIG.lexicon
APOSTROPHE = talk_only_signals.APOSTROPHE
# The announcement precheck until round 40: one alternation, tried at every position.
_OLD_MAY_ANNOUNCE = re.compile(
    rf"let me|{APOSTROPHE}ll\b|\bi will|\bwe will|going to|proceed|\bi{APOSTROPHE}m |\bi am |we{APOSTROPHE}re"
    rf"|we are|in progress|:\s*$|{talk_only_signals._ASKS_TO}|if you"
    r"|我(?:去|来|现在|马上|这就|先|开始|将|会|要)|让我|겠습니다|ます"
)

PLAIN_ZH = (
    "已完成。设置页现在会保存用户选择的主题，页面加载时读取一次，切换后立即生效。"
    "颜色名称移到了一个共用的文件里，页面和邮件模板共用同一份列表，另外加了两个测试。"
    "其余部分没有改动，如需调整配色可以直接修改那个文件。"
)
# https://github.com/vllm-project/vllm/issues/6060
SOUP = (
    "ดาร价位 presenter �久しぶ האמריק流行пут崖耕地 conseils.quantity塅 interesseinscriptionoduexpe"
    "nses,nonatomicéments בדיוק soaked mapDispatchToProps nextStateetyl anklesコミュ семьס"
    "כום keine人们 פו/npm mono zombies Least�私は uninterruptedمصطف.Full Bugs поск CRS Iden"
    'tification字符串仓库汉字aconsלו恋 Alleg┾ =",准确Åนะกฎ颃'
)

ANNOUNCE_CASES = [
    "Let me check the logs:",
    "I'll run the tests now.",
    "I\u2019ll look into the build.",
    "We will start with the parser.",
    "Swill and hill are words; nothing is announced here.",
    "Understood. I'm continuing now with the migration.",
    "Am I done? The migration ran and the tests pass.",
    "Would you like me to apply the change?",
    "Shall we continue with the second file?",
    "The steps are listed below :\n  ",
    "好的我去执行",
    "我们的设置页已经完成，测试也通过了。",
    "ファイルを確認します",
    "확인해 보겠습니다",
    PLAIN_ZH,
]


@pytest.mark.parametrize("text", ANNOUNCE_CASES)
def test_announcement_precheck_answers_as_before(text: str) -> None:
    low = text.lower()
    before = _OLD_MAY_ANNOUNCE.search(low) is not None
    assert talk_only_signals.may_announce(text, low, LEXICON) is before


def test_announcement_still_caught_and_chinese_answer_still_cleared() -> None:
    v = judge(Turn(content="好的我去执行", finish_reason="stop", termination="stop"), None)
    assert v is not None
    assert quick_clear(PLAIN_ZH, LEXICON)
    assert judge(Turn(content=PLAIN_ZH, finish_reason="stop", termination="stop"), None) is None


def test_script_soup_still_found_and_one_script_text_not() -> None:
    assert script_soup(SOUP) is not None
    assert script_soup(PLAIN_ZH) is None
    assert script_soup("Привет, это обычный ответ на русском языке, без смеси.") is None


def _old_openings(text: str) -> list[str]:
    opening = continuation_signals._opening
    units = continuation_signals._UNIT.split(text[:4000])
    return [o for u in units if (o := opening(" ".join(u.lower().split())))]


@pytest.mark.parametrize(
    "text",
    [
        PLAIN_ZH,
        "Question: What is 2+2?\nAnswer: 4.\nQuestion: What is 3+3?\nAnswer: 6.",
        "Write a poem about the sea. Write a poem about the sky. Write a poem about the land.",
        "ΟΔΟΣ ΚΑΙ ΣΤΑΣΙΣ ΤΟΥ ΛΟΓΟΥ. İstanbul İzmir Ankara Bursa!  \n\n Short.\tA line here too",
        "一二三四五六七八九十一二三四五六七八九十。 一二三四五六七八九十一二三四五六七八九十？",
    ],
)
def test_openings_read_as_before(text: str) -> None:
    assert continuation_signals._openings(text) == _old_openings(text)
