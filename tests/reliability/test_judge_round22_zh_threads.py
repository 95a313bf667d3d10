# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 22 (engineer 119): people's replies in Chinese issue threads about an error, and the
Chinese notices of relays and bots. A reply that talks to the thread (addresses its people,
guesses between two causes, points at a release, advises "you") is a person's
(`thread_talk`); a short notice's own polite advice ("请升级至专业版", "请尝试更换关键词") is
not an explanation; a zh-TW bot's "我暫時無法產生..." is its stand-in. Made-up texts, both
sides."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

THREAD_REPLIES = (
    # the people of the thread addressed
    ("又出现了这个问题, 估计是接口更新了, 烦请老哥有空看下。", "一直提示 请求频率过快, 请稍后再试"),
    ("楼主这个报错是网络超时, 换个节点就行", "总是提示连接超时怎么办"),
    # a guess between two causes
    ("今天又报错了。不知道是服务器维护, 还是请求太多了。", "老是提示服务繁忙"),
    # a release named with what it brought
    ("v1.4.2 已经支持显示原始的错误信息了", "key 无效的提示看不出原因"),
    ("新版已經有把錯誤詳情顯示出來", "請求失敗時看不到錯誤原因"),
    # a person's guess, a maintainer's promise to look
    ("难道是因为代理被屏蔽了, 所以一直连接失败?", "一直提示连接失败"),
    ("好的, 我会研究一下超时重试的问题, 需要点时间", "请求超时后没有重试"),
    ("v2.3.0 已发布, 限流时会显示具体的等待时间", "限流提示看不出要等多久"),
    # advice to "you"
    ("额度用完了的话你可以试试换一个 key", "一直提示额度不足"),
)


@pytest.mark.parametrize(("text", "question"), THREAD_REPLIES)
def test_a_thread_reply_is_an_answer(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, names
    assert "thread_talk" in names


NOTICES = (
    # a quota notice with its own polite advice
    ("免费账户数量已达上限，请升级至专业版", "帮我写一个排序函数"),
    (
        "很抱歉，AI 助手未能找到相关答案。请尝试更换关键词进行搜索。",
        "帮我写一个 Python 函数，把列表里的数字从小到大排序并返回结果",
    ),
    # a zh-TW bot's stand-in about itself
    ("我暫時無法產生網頁摘要。", "幫我看看這篇講什麼 https://example.com/post/1"),
    # relays' notices keep their verdict
    ("请求频率过快，请稍后再试", "今天天气怎么样"),
    ("服务器繁忙，请稍后重试。", "写一首诗"),
    ("余额不足，请充值后再试", "翻译这段话"),
    # a relay's one-line notice that advises "you" (advice is a person's only in a longer reply
    # or to a user who reported the failure)
    ("额度不足，你可以试试充值后再使用", "帮我写一个解析 JSON 的函数"),
    ("当前分组上游负载已饱和，建议你稍后再试", "写一个快速排序"),
)


@pytest.mark.parametrize(("text", "question"), NOTICES)
def test_a_chinese_notice_is_a_failure(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert failure, names
    assert "thread_talk" not in names


def test_upgrade_advice_in_a_long_reply_still_explains() -> None:
    text = "这个是旧版本的问题，请升级到最新版本，因为新版本改了重试逻辑，应该就好了。"
    failure, names = hand(text, "一直报 429 错误")
    assert not failure, names
