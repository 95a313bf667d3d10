# ruff: noqa: RUF001  (texts in Chinese and Arabic use their own punctuation)
"""Round 39 (e221): the middle-length path made cheaper with no reading moved. A text that is
not ASCII has its ASCII terms gated by its words (`Terms.search`), many sets of terms are
searched as one (`AnyTerms`: the wide terms by first character, `WideUnion`), and a question's
label is looked for only where a colon is (`may_continue`)."""

from __future__ import annotations

import pytest

from tether.messages import Turn
from tether.reliability import persona_signals
from tether.reliability.clearing import quick_clear
from tether.reliability.continuation_signals import may_continue
from tether.reliability.judge import DEFAULT_CONFIG, judge
from tether.reliability.terms import AnyTerms, Terms

LEXICON = DEFAULT_CONFIG.lexicon

# (a Rasa bot's fallback in Arabic, BZU-Library-Chatbot/Rasa; a persona's line in Chinese,
# thu-coai/CritiqueLLM: both failures that hold no failure word the vocabulary has)
WEATHER_FALLBACK = "لا أستطيع التحقق من الطقس الآن، ولكن يمكنك أن تسألني عن شيء آخر!"
NO_ABILITY_ZH = (
    "你好，我是一个人工智能助手，没有流行对信息产业的影响，也没有能力评判程序员是否会失业。"
    "我的主要功能是提供帮助和回答问题，如果你有任何需要帮助的问题，欢迎随时向我提问。<eoa>"
)
PLAIN_ZH = (
    "已完成。设置页现在会保存用户选择的主题，页面加载时读取一次，切换后立即生效。"
    "颜色名称移到了一个共用的文件里，页面和邮件模板共用同一份列表，另外加了两个测试。"
    "其余部分没有改动，如需调整配色可以直接修改那个文件。"
)


def _verdict(text: str) -> str | None:
    v = judge(Turn(content=text, finish_reason="stop", termination="stop"), None)
    return v.kind if v else None


@pytest.mark.parametrize("text", [WEATHER_FALLBACK, NO_ABILITY_ZH])
def test_failures_without_a_failure_word_still_caught(text: str) -> None:
    assert LEXICON.may_pair(text.strip().lower())
    assert not quick_clear(text.strip(), LEXICON)
    assert _verdict(text) is not None


def test_middle_length_chinese_answer_cleared_unread() -> None:
    assert quick_clear(PLAIN_ZH, LEXICON)
    assert _verdict(PLAIN_ZH) is None


@pytest.mark.parametrize(
    "text",
    [
        "请求 time out 了",  # an ASCII term in Chinese text
        "请求超时了",  # a wide term
        "请求已完成",  # neither
        "(time out) — 完成",
        "timeout",
        "the request timed out",
        "ok: time outs were fine",
    ],
)
def test_terms_search_the_same_in_any_script(text: str) -> None:
    terms = Terms(["time out", "超时", "über*", "ok"])
    ascii_only = Terms(["time out", "ok"])
    for t in (terms, ascii_only):
        found = t.search(text)
        whole = t.ascii.search(text) or (t.wide.search(text) if t.wide else None)
        assert (found is None) == (whole is None)
    union = AnyTerms([Terms(["time out"]), Terms(["超时", "über*"]), Terms(["ok"])])
    assert union.found(text) == any(
        s.search(text) is not None
        for s in (Terms(["time out"]), Terms(["超时", "über*"]), Terms(["ok"]))
    )


@pytest.mark.parametrize(
    "low",
    [
        "我现在有点累，稍后再聊吧。",
        "我在听，请继续。",
        "好的，这是修改后的代码。",
        "i need a break, brb",
    ],
)
def test_stand_ins_read_as_each_set_searched_alone(low: str) -> None:
    P = persona_signals
    alone = (
        any(s.search(low) is not None for s in P._STAND_INS.sets)
        or P.SLOWING.search(P._NOT_LETTERS.sub("", low)) is not None
        or LEXICON.machine_trouble.search(low) is not None
    )
    assert P.may_stand_in(low, LEXICON) == alone


def test_question_label_needs_its_colon() -> None:
    assert may_continue("Here is the answer.\nQuestion: what comes next?\n")
    assert may_continue("回答完毕。\n问题：下一题是什么？")
    assert not may_continue("Here is the answer to the question you asked, with no label at all.")
