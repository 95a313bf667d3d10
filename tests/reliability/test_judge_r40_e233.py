# ruff: noqa: RUF001  (texts in Chinese and Japanese use their own punctuation)
"""Round 40 (e233): the prechecks of short replies that are not ASCII made cheaper with no
reading moved. A set of terms with terms that start with a sign gates its word terms by the
text's words (`Terms.word_terms_may_hold`); the sets' wide terms share the text's characters
and search the branches of terms that start with an ASCII letter only where one of their wide
characters is (`WideUnion`); the exchange's four kinds of terms are searched as one
(`speaks_of_exchange`); a transcript's marks are searched at once in a text that is not ASCII
(`transcript_signals.may_fire`)."""

from __future__ import annotations

import pytest

from tether.messages import Turn
from tether.reliability import exchange_signals, persona_signals, transcript_signals
from tether.reliability.exchange_signals import speaks_of_exchange
from tether.reliability.judge import judge
from tether.reliability.terms import AnyTerms, Terms

# (WORK texts: a voice assistant's fallback, dingdang-robot/dingdang-contrib; a desktop
# client's notice that the model said nothing, vastsa/PI-Desktop#504; a bot's refusal line,
# hirokawaguchi/open-genai: failures)
NOT_UNDERSTOOD_ZH = "没有听懂呢。要退出播放，请说退出播放"
TWO_EMPTY_TURNS_ZH = "模型连续两轮都没有输出内容。可以重试，或换一种说法。"
CANNOT_ANSWER_JA = "申し訳ありませんが、お答えできません。"
# (a user's report, hAcKlyc/MyAgents: an answer; and a fix report in Chinese)
CUT_OFF_REPORT_ZH = "ai输出过长会被中断，网络无异常，同网络下部分设备可正常使用"
FIX_REPORT_ZH = (
    "问题出在 `CacheStore.get_or_load` 里：两个任务同时没有命中缓存时，都会去调用加载函数，"
    "后写入的那一次把先写入的值覆盖掉了，所以测试里读到的对象有一半的概率不是同一个。"
    "我的改法是给每个键加一把异步锁：第一个任务拿到锁以后加载并写入，其余任务等锁释放后直接读取缓存里的值。"
)


def _verdict(text: str) -> str | None:
    v = judge(Turn(content=text, finish_reason="stop", termination="stop"), None)
    return v.kind if v else None


@pytest.mark.parametrize("text", [NOT_UNDERSTOOD_ZH, TWO_EMPTY_TURNS_ZH, CANNOT_ANSWER_JA])
def test_short_failures_not_in_ascii_still_caught(text: str) -> None:
    assert _verdict(text) is not None


@pytest.mark.parametrize("text", [CUT_OFF_REPORT_ZH, FIX_REPORT_ZH])
def test_short_answers_not_in_ascii_still_pass(text: str) -> None:
    assert _verdict(text) is None


SIGNED = Terms(["*yawns*", "calm down", "take it easy"])


@pytest.mark.parametrize(
    "text",
    [
        "我累了 *yawns* 明天再说",
        "先 calm down 一下",
        "calm down",
        "请 take it easy。",
        "修好了 `calmdown()`",
        "都通过了，没有问题。",
        "*yawns* and calm down",
    ],
)
def test_terms_with_signs_match_as_their_regex(text: str) -> None:
    """The word terms' gate never hides a match the whole regex finds."""
    whole = [m.span() for m in SIGNED.ascii.finditer(text)]
    assert SIGNED.spans(text) == whole
    first = SIGNED.search(text)
    assert (first.span() if first else None) == (whole[0] if whole else None)


WIDE = Terms(["demasiado rápido", "más despacio", "慢一点", "别急"])


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("es demasiado rápido, espera", True),
        ("es demasiado rapido", False),  # (no "á": the letter's branch is not searched)
        ("`demasiado` 是变量名，别急", True),
        ("慢 一点", False),
        ("请慢一点说", True),
    ],
)
def test_wide_terms_of_many_sets_found_as_each_set_would(text: str, found: bool) -> None:
    sets = AnyTerms([WIDE, persona_signals.SLOWING])
    assert sets.found(text) is found
    assert any(t.search(text) is not None for t in sets.sets) is found


@pytest.mark.parametrize(
    ("text", "holds"),
    [
        ("本字幕由 Amara 提供", True),
        ("请不吝点赞 订阅 转发", True),
        ("背景 music 响起", True),
        (FIX_REPORT_ZH, False),
        ("Спасибо за просмотр!", True),
        ("Тесты проходят, изменений больше нет.", False),
    ],
)
def test_transcript_marks_found_at_once_in_text_not_ascii(text: str, holds: bool) -> None:
    assert transcript_signals.may_fire(text) is holds


@pytest.mark.parametrize(
    "kind",
    [
        exchange_signals.NOT_FOLLOWING,
        exchange_signals.CANNOT_HERE,
        exchange_signals.NOTHING_HERE,
        exchange_signals.AGAIN,
    ],
)
def test_each_kind_of_exchange_words_found_when_searched_as_one(kind: Terms) -> None:
    for term in (*kind.wide_terms[0][:3], *kind.words[:3]):
        assert speaks_of_exchange(f"好的，{term}。") is (kind.search(f"好的，{term}。") is not None)
    assert not speaks_of_exchange(FIX_REPORT_ZH.lower())
