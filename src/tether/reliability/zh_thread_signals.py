"""A Chinese reply in an issue thread's or a forum's conversational register.

People in Chinese threads talk about an error with its words ("又出现了这个问题", "你被限流了",
"原始的錯誤"), so the failure vocabulary fires on their replies. What a relay's or a bot's
notice never says is the thread's talk around those words: the people addressed ("楼主",
"老哥", "烦请..."), a guess between two causes ("不知道是接口更新, 还是用户太多了"), a release
named with what it brought ("v0.7.7 已經有把錯誤顯示出來"), advice to "you" ("你可以试试",
"建议你"), a casual imperative to the reader ("检查下日志", round 28). The words are data of
`judge_signals.json` (`zh_thread`); the guess, the release and the imperative are forms below.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from tether.reliability.keyed import holds, split_keys
from tether.reliability.lexicon import SHIPPED
from tether.reliability.question_signals import asks_about_failure
from tether.reliability.reply import Reply, Signal

_DATA: Mapping[str, Any] = SHIPPED.get("zh_thread", {})
_WORDS: tuple[str, ...] = tuple(
    str(t).lower() for key in ("address", "guess", "promise", "wonder") for t in _DATA.get(key, ())
)
_WORD_KEYS = split_keys(_WORDS) if _WORDS else None
# Advice to "you" ("你可以试试", "建议你") is a person's with more said around it, or to a user
# who reported the failure: a relay's one-line notice advises too ("额度不足, 你可以试试充值后
# 再使用" to a coding task).
_ADVICE: tuple[str, ...] = tuple(str(t).lower() for t in _DATA.get("advice", ()))
_ADVICE_KEYS = split_keys(_ADVICE) if _ADVICE else None
ADVICE_CHARS = 120

# A guess between two causes: "不知道是 X, 还是 Y" ("I don't know whether X or Y"): a person
# wondering; a notice states its cause or none.
_GUESS = re.compile("不知道是[^\u3002\uff01\uff1f!?\n]{1,40}?(?:还是|還是)")
# A release named with what it brought or changed: "v0.7.7 已經有把...", "1.2.3 版本已经支持",
# "新版已经加入", "v0.6.0 已发布": a maintainer pointing at a version. (A notice asks to
# upgrade, "请升级至专业版".)
_RELEASE = re.compile(
    r"(?:(?<![\w.])v?\d+\.\d+(?:\.\d+)*\s*(?:版本?)?|新版本?|最新版本?)\s*(?:里|裡|中)?\s*"
    r"(?:已经|已經)(?:有|支持|加入|添加|加了|改了|修|把|可以|能)"
    r"|(?<![\w.])v?\d+\.\d+(?:\.\d+)*\s*(?:版本?)?\s*(?:已经|已經|已)(?:发布|發布|上线|上線)"
    # ... or the new version said to have improved or fixed it: "新版优化了..." (round 35)
    r"|新版本?(?:优化|優化|修复|修復|改进|改進)了"
)
# A casual imperative to the reader, a verb and 下 ("检查下日志", "开通下权限", "试下新版"): how
# people in a thread tell each other what to check or try. A notice advises with 请 ("请检查",
# "请稍后再试下"), and a persona's stand-in speaks of its own act ("我确认下哈", "我这边查一下"):
# those are left. Round 32: "一下" too ("改一下channel就行", "可以去日志文件里看一下").
_CASUAL_ASK = re.compile(
    "(?<![我请請再您])(?:检查|檢查|看|查|确认|確認|试|試|改|换|換|开通|開通|更新|升级|升級"
    "|重启|重啟|配置|设置|設置|排查|调试|調試|打印|贴|貼|截图|截圖)一?下"
    "(?![载載午面来來去次一个個边邊班线線单單架])"
)
# Where a clause begins: the speaker of a casual ask is the clause's "我" when it has one, and
# a clause with 请 or 您 is a notice's polite ask ("请检查一下配置": its "查一下" too).
_CLAUSE_BREAK = re.compile("[\u3002\uff0c\uff01\uff1f\uff1b,.!?;\n]")
_NOT_TALK = ("我", "请", "請", "您")
# Where a sentence ends: a "一下" ask that opens a sentence is a notice's instruction ("...已过期。
# 检查一下密钥是否填写完整"); talk chains it onto what it says ("模型不支持TOOLS, 换一下模型").
_SENTENCE_END = "\u3002\uff01\uff1f!?\n"
_FORM_KEYS = split_keys(("不知道是", "已", "下", "新版"))


def _talk(low: str, reported: bool) -> str | None:
    """The first word or form of a thread's talk in `low` (advice to "you" only in a longer
    reply, or to a request that reported the failure), or None."""
    if _WORD_KEYS is not None and holds(low, _WORD_KEYS):
        for word in _WORDS:
            if word in low:
                return word
    advised = reported or len(low) > ADVICE_CHARS
    if advised and _ADVICE_KEYS is not None and holds(low, _ADVICE_KEYS):
        for word in _ADVICE:
            if word in low:
                return word
    if holds(low, _FORM_KEYS):
        m = _GUESS.search(low) or _RELEASE.search(low) or _casual_ask(low)
        if m is not None:
            return m.group(0)
    return None


def _casual_ask(low: str) -> re.Match[str] | None:
    """The first casual imperative (`_CASUAL_ASK`) not in a clause of the speaker's own act
    ("我先同步确认一下", "我这边查一下": a persona's stand-in saying what it does) nor in a
    notice's polite one, and, said with "一下", not opening a sentence."""
    for m in _CASUAL_ASK.finditer(low):
        breaks = list(_CLAUSE_BREAK.finditer(low, 0, m.start()))
        start = breaks[-1].end() if breaks else 0
        if any(word in low[start : m.start()] for word in _NOT_TALK):
            continue
        opens = start == 0 or low[start - 1] in _SENTENCE_END
        if "一下" in m.group(0) and opens and not low[start : m.start()].strip():
            continue
        return m
    return None


def thread_talk(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A Chinese reply that talks to the people of a thread (addresses them, guesses between
    causes, points at a release, advises "you"): a person's reply about a failure, not a
    service's notice of one."""
    if not r.written:
        return ()
    found = _talk(r.low[:3000], asks_about_failure(r))
    if found is None:
        return ()
    return (Signal("thread_talk", -w["thread_talk"], found[:40]),)
