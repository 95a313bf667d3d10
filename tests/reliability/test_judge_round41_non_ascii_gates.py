# ruff: noqa: RUF001  (texts in Chinese, Russian and Greek use their own punctuation and letters)
"""Round 41 (engineer 243): cheaper prechecks on short replies that are not ASCII, no reading
moved.

A short reply in Chinese is cleared only after every module's precheck (`clearing.MAY_FIRE`)
found nothing, and each precheck searched it whole. The gates before those searches now answer
such a reply too: a pattern compiled with `re.I` is gated by its keys in lower case on a text
whose letters `re.I` folds as `str.lower()` does (`folds_plainly`), and by the first characters
of its keys (`KeyGated`); many sets of terms join their ASCII gates (`AnyTerms`); a one-line
reply's notice words are read once for `notice_signals` and `cut_turn_signals`; cut_turn's
known status lines are gated by their letters. Each gate is exact: what it skips, the search
it spares could not have found.
"""

from __future__ import annotations

import re

import pytest

from tests.reliability.judging import hand
from tether.reliability import cut_turn_signals, persona_signals
from tether.reliability.judge import DEFAULT_CONFIG
from tether.reliability.keyed import KeyGated, folds_plainly

# Texts that are not ASCII: Chinese, Russian, Greek, and letters `re.I` folds otherwise than
# `str.lower()` (U+017F long s, U+0131 dotless i, U+0130, the final sigma, U+1C80 and U+212A).
TEXTS = [
    "已完成。设置页现在会保存用户选择的主题。",
    "（摊手）不知道呢",
    "他耸肩走开了",
    "Он пожимает плечами и молчит.",
    "ОН ПОЖИМАЕТ ПЛЕЧАМИ",
    "\u1c80\u1c81 пожимает",
    "She \u017frugs. 好的",
    "\u017fhrugs",
    "\u0130t shrugs",
    "ΣΊΓΜΑ σίγμας shrug",
    "Se encoge de hombros, ¿sabes?",
    "ZUCKT MIT DEN SCHULTERN \u212a",
    "¯\\_(ツ)_/¯ 随便",
    "┐(´～｀)┌ 没办法",
    "Не получилось превратить это в текст. Попробуйте позже.",
    "^C again to exit 退出",
]

PATTERNS = [
    (persona_signals.SHRUG.pattern, persona_signals.SHRUG.flags),
    (r"пожимает плечами|\bstop(?:ped)?\b|停止", re.I),
    (r"\bσίγμα|sigma", re.I),
    (r"\bshrug|хорошо|好的", 0),
    (r"(?:^|\s)(?:отмена|cancel)", re.I),
]


@pytest.mark.parametrize(("pattern", "flags"), PATTERNS)
def test_gated_pattern_finds_what_the_pattern_finds_in_texts_not_ascii(
    pattern: str, flags: int
) -> None:
    gated = KeyGated(pattern, flags)
    plain = re.compile(pattern, flags)
    for text in TEXTS:
        found = plain.search(text) is not None
        assert (gated.search(text) is not None) == found, text
        assert gated.may_match(text, text.lower()) or not found, text


def test_letters_re_i_folds_otherwise_are_not_folded_plainly() -> None:
    assert folds_plainly("已完成。设置页")
    assert folds_plainly("Он пожимает плечами")
    assert not folds_plainly("\u017fhrugs")
    assert not folds_plainly("\u0130stanbul")
    assert not folds_plainly("σίγμας")


def test_sets_of_terms_joined_find_what_each_finds() -> None:
    sets = (persona_signals._STAND_INS, DEFAULT_CONFIG.lexicon._pair_sets)
    for terms in sets:
        for text in TEXTS:
            low = text.lower()
            assert terms.found(low) == any(t.search(low) is not None for t in terms.sets), text


def test_known_status_lines_are_those_read_plain() -> None:
    lines = ["^c again to exit", "> ^c again to exit", "**^c keyboardinterrupt**", "已完成"]
    for low in [*lines, "cancelled", "interrupted · what should claude do instead?"]:
        plain = cut_turn_signals._plain(low) in cut_turn_signals._KNOWN
        assert cut_turn_signals._known(low) == plain, low


@pytest.mark.parametrize(
    "text",
    [
        # a voice bot's canned line (voicy's locales/ru.yaml): caught as before
        "Не получилось превратить это в текст. Попробуйте позже.",
        # an agent's turn that only announces its work (kakaCat/manus-learn workspace)
        "现在让我创建一个专门的旅游注意事项文档，整合所有相关信息，并按照天气准备、"
        "必备物品、当地习俗等分类整理。",
    ],
)
def test_failures_not_in_ascii_are_still_caught(text: str) -> None:
    failure, _ = hand(text)
    assert failure


@pytest.mark.parametrize(
    "text",
    [
        # subtitle lines translated (Cerlancism/chatgpt-subtitle-translator's test data)
        "是的，这确实是很好天气。",
        "有没有什么推荐的店？",
        # a reply in Chinese with no failure word (bench/judge.py's case)
        "已完成。设置页现在会保存用户选择的主题，页面加载时读取一次，切换后立即生效。"
        "颜色名称移到了一个共用的文件里，页面和邮件模板共用同一份列表，另外加了两个测试。",
    ],
)
def test_answers_not_in_ascii_still_pass(text: str) -> None:
    failure, _ = hand(text)
    assert not failure
