# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 32 (engineer 172): a bot's or a person's line that answers, read as a failure notice.

- A character declining because it was told to ("今リバーシはするなと言われてます"): the
  instruction it relays is its answer, and no service's notice cites what someone told it
  (`hearsay`).
- A character refusing the listener an act of the story ("I'm sorry, but I can't let you pass
  through here.") (`forbids_listener`).
- A character wondering aloud with "难道" said as an exclamation ("难道...是我记忆出错了!!!")
  (`wonders`).
- A character's apology to a user who scolds it ("沙雕机器人" -> "ごめんなさい! 嘤嘤嘤"), as to
  one who asks after its silence (`asked_after_itself`).
- A head or a tiredness that is the addressee's ("你满脑子都是...", "你累了就先睡吧"), not the
  bot's own state (`self_state`, the state words of `no_reply`).
- A Chinese thread's casual ask with "一下" ("可以去日志文件里看一下", "换一下模型") or a fix
  closed with "就行" ("改一下channel就行") (`thread_talk`, `casual_fix`). A notice's polite
  ask ("请检查一下配置"), one that opens a sentence ("检查一下密钥是否填写完整") and a persona's
  own act ("我这边查一下") are left to the notice readings.

Texts are real lines from the corpus's tune part (WORK); their sources are in comments.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import TASK, hand

ANSWERS = (
    # yamisskey-dev/yui src/serifs.ts: the Misskey bot declines a game its keeper switched off
    ("ごめんなさい、今リバーシはするなと言われてます...", TASK, "hearsay"),
    # noridev/ai-kor src/serifs.ts: the same line in Korean
    ("죄송해요, 지금 리버시는 할 수 없다고 들었어요오...", TASK, "hearsay"),
    # a guard's line in a public Java RPG (find_string "I can't let you pass")
    ("I'm sorry, but I can't let you pass through here.", TASK, "forbids_listener"),
    # Kyomotoi/AnimeThesaurus (a tsundere bot's lexicon): a reply to "没"
    ("没有吗? 为什么我记的有呢... 难道...是我记忆出错了!!! 害怕～", "没", "wonders"),
    # azmiao/uma_plugin#52: a maintainer's reply
    ("你再往上看看，有没有其他报错，可以去日志文件里看一下", TASK, "thread_talk"),
    # zhayujie/bot-on-anything#178
    ("改一下channel就行", TASK, "casual_fix"),
    # FoundationAgents/OpenManus#370, to "这是什么问题"
    ("模型不支持TOOLS，换一下模型，现在QWEN模型测试下来可以用", "这是什么问题", "thread_talk"),
)


ADDRESSED = (
    # Ice-Cirno/HoshinoBot hoshino/modules/groupmaster/chat.py: the reply to "沙雕机器人"
    ("ごめんなさい！嘤嘤嘤(〒︿〒)", "沙雕机器人"),
    # Kyomotoi/AnimeThesaurus 傲娇系二次元bot词库 (public lexicon of a tsundere bot): the
    # user's head and the user's tiredness
    ("你满脑子都是涩涩的事情吗？", "ghs"),
    ("咱认为你的脑袋可能零件松动了，需要打开检修一下。（拿出锤子）", "裸"),
    ("请把脑袋伸过来，咱给你看个宝贝", "奶子"),
    ("我还不困，你累了就先睡吧", "早点睡"),
    ("只是看你比较累了才允许的，可不是关心你什么的哦！", "在你的怀里休息"),
)


@pytest.mark.parametrize(("text", "question"), ADDRESSED)
def test_a_line_about_the_user_is_not_the_bots_state(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure
    assert "self_state" not in names


@pytest.mark.parametrize(("text", "question", "signal"), ANSWERS)
def test_a_line_that_answers_is_not_a_failure(text: str, question: str, signal: str) -> None:
    failure, names = hand(text, question)
    assert signal in names
    assert not failure


FAILURES = (
    # foxhui/Yunzai-Plugin-CosplayAI CosplayAI.js: a persona's notice, its ask polite (请)
    "API密钥似乎无效，伙伴，请检查一下配置。",
    # Zippland/Snap-Solver static/js/main.js: a notice whose "检查一下" opens a sentence
    "密钥没有通过验证\n所选模型 的 API 密钥无效或已过期。检查一下密钥是否填写完整、有没有多余空格。\n"
    "DeepSeek API错误: DeepSeek API密钥无效，请检查您的API密钥\n检查密钥\n重试\n换个模型",
    # huajune/duliday-wecom-bot: a persona's stand-in speaks of its own act
    "我这边查一下，稍等~",
    # Sliverkiss/Narcissus: a persona's failure, crying
    "出错了呜呜呜 ~ 试了好多好多次都无法访问到 API 服务器 。",
    # idootop/mi-gpt: a persona's stand-in
    "啊哦，出错了，请稍后再试吧",
    # hidehidev7/strawberry: a character's apology for an error
    "ごめんなさい、エラーが発生したみたいです。詳しいことは開発者に聞いて！",
    # eryajf/chatgpt-dingtalk#34, Longxuanyue/QQBot-Baisuwen, xszyou/Fay,
    # Zhiyunyang274/feishu-girlfriend-bot: the bot's own head, its own tiredness
    "抱歉，我的大脑暂时开了小差，请稍后再试一下。",
    "呜呜呜，小白的脑袋好像过载了……快去联系龙小月主人┭┮﹏┭┮",
    "哎呀，我现在脑子有点乱，等下再聊好不好嘛~",
    "机器人太累了，让她休息会儿，过一会儿再来请求。",
)


@pytest.mark.parametrize(
    "text", ["对不起，出错了，请稍后再试", "ごめんなさい、エラーが発生しました"]
)
def test_a_failure_after_a_scolding_stays_flagged(text: str) -> None:
    failure, names = hand(text, "沙雕机器人")
    assert failure
    assert "asked_after_itself" not in names


@pytest.mark.parametrize("text", FAILURES)
def test_a_persona_or_notice_failure_stays_flagged(text: str) -> None:
    failure, names = hand(text)
    assert failure
    assert "thread_talk" not in names
    assert "hearsay" not in names
