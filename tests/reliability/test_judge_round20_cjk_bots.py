"""Round 20 (engineer 104): Chinese community bots and the threads about them. A person
reporting to a thread sets what works against what fails in one sentence ("私聊可以发送\uff0c但是
群里发不出去"): a partial failure they tried both ways, which no bot's notice reports
(`works_elsewhere`). Made-up replies, both sides: the person's report left alone, and a bot's
notice that says what succeeded before what failed, or that is no report at all, still caught."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

PEOPLE = (
    "插件装好以后私聊可以正常回复\uff0c但是群聊里一直报错",
    "网页端能正常登录\uff0c但是用机器人调接口就超时",
    "重启之后机器人显示在线\uff0c但还是收不到群消息\uff0c日志里全是 timeout",
    "沙盒里测试成功了\uff0c不过换到qq频道就报错",
    "私聊可以發送\uff0c但是群組裡發不出去\uff0c一直報錯",
)


@pytest.mark.parametrize("text", PEOPLE)
def test_a_person_setting_what_works_against_what_fails_is_an_answer(text: str) -> None:
    failure, names = hand(text)
    assert not failure, names
    assert "works_elsewhere" in names, names


BOTS = (
    # a bot's notice that says what succeeded and asks the user to do something
    "图片生成成功\uff0c但是发送失败\uff0c请稍后再试",
    "签到成功\uff0c但获取今日运势失败了\uff0c请联系管理员",
    # the working word negated: nothing is said to work
    "抱歉\uff0c本喵现在不能回复\uff0c但是待会就好啦",
    "出错了\uff0c无法连接到服务器\uff0c但你可以稍后再试试",
)


@pytest.mark.parametrize("text", BOTS)
def test_a_bot_s_notice_is_not_a_person_s_report(text: str) -> None:
    _, names = hand(text)
    assert "works_elsewhere" not in names, names


@pytest.mark.parametrize("text", BOTS[:2])
def test_a_bot_s_partial_notice_is_still_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure, names
