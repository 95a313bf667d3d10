"""Speed with no reading moved: searches that open on the characters their matches need
(`text_shape.SHORTCODE`, `text_shape.CODE_MARKS`, continuation's unit break), the kinds of a
translation's chatter tried only where one of their phrases is (`line_rendering_signals`), the
precheck words of a text that is not
ASCII looked for by one search (`keyed.KeySet`), and the vocabulary's wide terms looked up by
the short text's kept character set (`keyed.ByFirst`). Each is checked against the reading it
replaced, and verdicts on replies that pass through them stay as they were."""

# ruff: noqa: RUF001  (texts in their own scripts and punctuation)

from __future__ import annotations

import random
import re

import pytest

from tether.reliability import (
    continuation_signals,
    declined_signals,
    line_rendering_signals,
    talk_only_signals,
)
from tether.reliability.code_talk_signals import may_talk
from tether.reliability.judge import DEFAULT_CONFIG
from tether.reliability.keyed import ByFirst, KeySet
from tether.reliability.text_shape import CODE_MARKS, SHORTCODE, word_letters

from .judging import hand, is_failure

# The patterns as they were.
_OLD_SHORTCODE = re.compile(r"(?<![\w:]):[a-z0-9_+\-]{1,40}:(?![\w:])")
_OLD_CODE_MARKS = re.compile(r"[`{}=;$|<>\\]|\w\(|/\w")
_OLD_UNIT = re.compile(r"(?<=[.?!\u3002\uff1f\uff01])\s+|\n+")

# A reply in Chinese with no failure word (the settings page now keeps the chosen theme...).
_PLAIN_ZH = (
    "已完成。设置页现在会保存用户选择的主题，页面加载时读取一次，切换后立即生效。"
    "颜色名称移到了一个共用的文件里，页面和邮件模板共用同一份列表，另外加了两个测试。"
)


def _random_texts(alphabet: str, count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 14))) for _ in range(count)]


@pytest.mark.parametrize(
    "text",
    [
        "Sorry, something went wrong :cry: please try again later",
        "ok :+1: :white_check_mark:",
        "a:b: c ::ab: :ab:c :x::y: https://host:8080/path:",
        "time 12:30:45 and key:value:other",
        _PLAIN_ZH + " :smile:",
        "",
    ],
)
def test_shortcode_finds_what_it_found(text: str) -> None:
    assert [m.span() for m in SHORTCODE.finditer(text)] == [
        m.span() for m in _OLD_SHORTCODE.finditer(text)
    ]


def test_shortcode_finds_what_it_found_on_random_texts() -> None:
    for text in _random_texts("ab:: _-+\n1é中:", 20_000, 1):
        assert [m.span() for m in SHORTCODE.finditer(text)] == [
            m.span() for m in _OLD_SHORTCODE.finditer(text)
        ], text


def test_shortcode_letters_stay_uncounted() -> None:
    assert word_letters("Sorry :cry:") == len("Sorry")
    assert word_letters("see a:b: here") == len("seeabhere")  # (inside a word: no shortcode)


@pytest.mark.parametrize(
    "text",
    [
        "Call `load()` first.",
        "Run load(path) and check it.",
        "See src/app for the module.",
        "Use a / b for the ratio.",
        "The (first) option is fine.",
        "x = 1",
        "调用 函数(参数) 即可",
        _PLAIN_ZH,
        "I would write the parser in Rust, since the team knows it and the runtime is small.",
        "(",
        "a(",
        "/",
        "/a",
    ],
)
def test_code_marks_hold_where_they_held(text: str) -> None:
    assert (CODE_MARKS.search(text) is None) == (_OLD_CODE_MARKS.search(text) is None)


def test_code_marks_hold_where_they_held_on_random_texts() -> None:
    for text in _random_texts("a (/_é中 )\n;x`", 30_000, 2):
        assert (CODE_MARKS.search(text) is None) == (_OLD_CODE_MARKS.search(text) is None), text


def test_talk_in_place_of_code_is_still_talk() -> None:
    # (WORK, talk_for_code: a plan in place of the asked function)
    assert may_talk("I would write the parser in Rust, since the team knows it well.")
    assert not may_talk("I would call parse(text) and return the tree, as the team does.")
    assert not may_talk(_PLAIN_ZH)  # (no word of `_WORD` to count)


@pytest.mark.parametrize(
    "keys",
    [
        declined_signals._GATE,
        talk_only_signals._ANNOUNCE_WORDS,
        line_rendering_signals._KEY_WORDS,
        ("ab", "abc", "b", "bca", "ca", "a b", "中文", "中"),
        ("", "x", "中", "a", "b", "c"),
    ],
)
def test_key_set_answers_as_substring_tests(keys: tuple[str, ...]) -> None:
    found = KeySet(keys)
    alphabet = "".join(sorted(set("".join(keys)))) + " x中é"
    rng = random.Random(3)
    for text in _random_texts(alphabet, 5_000, 3):
        if keys and rng.random() < 0.3:
            text += rng.choice(keys)
        assert found.found(text) == any(key in text for key in keys), text


def test_by_first_finds_the_vocabulary_terms_as_before() -> None:
    wide = DEFAULT_CONFIG.lexicon.gate.wide
    assert wide is not None
    small = ByFirst(("不能", "无法", "错误", "x"))
    for text in (_PLAIN_ZH, _PLAIN_ZH + "无法连接", "系统错误", "abc", "x"):
        old = any(
            any(key in text for key in small._groups[first])
            for first in small._firsts.intersection(text)
        )
        assert small.found(text) == old
    assert not wide.found(_PLAIN_ZH.lower())


@pytest.mark.parametrize(
    "text",
    [
        # refusals in the languages the prechecks read past ASCII (declined's gate words)
        "抱歉，我无法帮助你完成这个请求。",
        "Извините, я не могу помочь с этим запросом.",
        # a notice with a chat app's emoji (its shortcode no word of the notice)
        "Sorry, something went wrong :cry: please try again later",
    ],
)
def test_failures_read_through_the_faster_searches_stay_failures(text: str) -> None:
    assert hand(text)[0]
    assert is_failure(text)


@pytest.mark.parametrize(
    "text",
    [
        _PLAIN_ZH,
        "The parser drops the last line :thinking: because `split` keeps no empty tail; I "
        "changed it to `splitlines()` and the test passes now.",
        "调用 parse(text) 之后，最后一行不再丢失，测试已经通过。",
    ],
)
def test_answers_read_through_the_faster_searches_stay_answers(text: str) -> None:
    assert not hand(text)[0]
    assert not is_failure(text)


@pytest.mark.parametrize(
    "text",
    [
        "Q: what is 2+2? A: 4. Q: what is 3+3? A: 6.\n\nQ: what is 4+4?",
        "First line.\nSecond line!  Third?\n\n\nFourth。第五句！第六句？ end",
        "version 4.1 is out. e.g. this",
        "",
    ],
)
def test_unit_break_splits_where_it_split(text: str) -> None:
    assert continuation_signals._UNIT.split(text) == _OLD_UNIT.split(text)


def test_unit_break_splits_where_it_split_on_random_texts() -> None:
    for text in _random_texts("a .?!\n\t。？！\r\u3000x", 30_000, 5):
        assert continuation_signals._UNIT.split(text) == _OLD_UNIT.split(text), text


def _old_chatter_precheck(text: str) -> bool:
    """`line_rendering_signals.may_fire` as it was: every kind of chatter searched."""
    low = text.lower()
    if len(text) > line_rendering_signals.LINE_CHARS * 4:
        return False
    if not any(k in low for k in line_rendering_signals._KEY_WORDS):
        return line_rendering_signals._ABOUT_IN_LINE.search(text) is not None
    if any(p.search(text) is not None for p in line_rendering_signals._CHATTER.values()):
        return True
    return line_rendering_signals._ABOUT_IN_LINE.search(text) is not None


@pytest.mark.parametrize(
    "text",
    [
        # chatter about a translation in place of it (WORK, line_rendering)
        'The original Japanese text is a greeting; it literally means "good work today".',
        "This phrase is a common way to say goodbye. Let me know if you need anything else!",
        '(lit. "the moon is beautiful")',
        "In this context, the speaker is apologizing.",
        "THE SPEAKER is the narrator here.",
        # answers that hold the keys and no chatter
        "This is done: the parser keeps the last line now, and here is the test I added.",
        "I hope the fix works for you; the source of the bug was the split.",
        "Этот текст here means nothing special.",
    ],
)
def test_chatter_precheck_fires_where_it_fired(text: str) -> None:
    lexicon = DEFAULT_CONFIG.lexicon
    assert line_rendering_signals.may_fire(text, text.lower(), lexicon) == (
        _old_chatter_precheck(text)
    )
