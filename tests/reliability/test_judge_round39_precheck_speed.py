# ruff: noqa: RUF001  (Chinese examples use their own punctuation)
"""Round 39: the clearing's prechecks made cheap (a first character or a rare sign found
before a scan, substring keys before a regex) still let every firing text be read: the texts
they exist for are caught as before."""

from __future__ import annotations

import re

from tether.reliability.judge import DEFAULT_CONFIG, failure_text
from tether.reliability.keyed import ByFirst
from tether.reliability.next_item_signals import may_fire as may_write_items

LEXICON = DEFAULT_CONFIG.lexicon


def test_a_voice_skills_chinese_fallback_is_still_a_failure() -> None:
    """Its only failure words are CJK terms (the gate's `ByFirst`): found, so it is read."""
    text = "抱歉，我获取不到天气数据，请稍后再试"
    assert LEXICON.has_trigger(text.lower())
    assert failure_text(text) is not None


def test_a_chinese_answer_without_failure_words_has_no_trigger() -> None:
    assert not LEXICON.has_trigger("北京是中国的首都，也是全国的政治和文化中心。")


def test_by_first_finds_what_one_alternation_finds() -> None:
    keys = ["不能", "不可以", "不行", "不会", "不是", "不对", "错", "ошибка", "é", "🙂x"]
    one = re.compile("|".join(re.escape(k) for k in keys))
    found = ByFirst(keys)
    for text in ["我不能做", "不好", "出错了", "ошибк", "ошибка сервера", "café", "🙂", "🙂x", ""]:
        assert found.found(text) == (one.search(text) is not None), text
    assert ByFirst(["", "x"]).found("abc")  # (an empty key is in every text)


def test_exam_items_after_many_qs_are_still_read() -> None:
    """The item's line is found by its letter first; past a few letters "q" that open no item
    the word itself is looked for: the items are still read."""
    items = (
        "A\nQuestion: The primary mechanism of action of tropicamide is:\n\nOptions:\nA) Miosis\n"
        "B) Cycloplegia\nC) Mydriasis\nD) Cyclotonia\n\nAnswer with a single letter.\n\nB\n"
        "Question: Which of the following is a common side effect of tropicamide?\n\nOptions:\n"
        "A) Blurred vision\nB) Dry eyes\nC) Increased tearing\nD) Headache\n"
    )
    qs = "A quick quiz: quite a queue of queries, quotas and quirks, a quorum of questions.\n"
    for text in (items, qs + items[2:], qs * 3 + items[2:]):
        assert may_write_items(text, "", LEXICON)
        assert failure_text(text) is not None
    assert not may_write_items(qs * 3, "", LEXICON)


def test_a_rendering_ending_on_a_request_for_its_text_is_still_read() -> None:
    """A long rendering (past the clearing's length) whose last line asks for the text."""
    body = "\n".join(
        f"EINVAL\n    结构体 :c:type:`media_links_enum` 的 ``id`` 引用了一个不存在的实体 {i}"
        for i in range(30)
    )
    text = body + "\n当然，请提供您需要翻译的文本。"
    assert len(text) > 1500
    assert failure_text(text) is not None
