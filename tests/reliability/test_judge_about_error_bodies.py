# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 39 (engineer 223): explanations and docs that quote an error's name or body, read as
what they are, texts ABOUT the error (real texts of the tune part, and their look-alikes).

- A status code named with its reason phrase between the article and the noun ("A 429 'Rate
  Limit Exceeded' error from Le Chat means ..."): the code spoken of as a thing
  (`code_signals.names_code`). Apache's own "a 503 Service Unavailable error was encountered"
  on its error page is not such a naming.
- A Chinese rule without its "when", the modal before what the system does ("也会被拦截",
  "会返回消息审核", "系统会自动改写"), in a short reply: a manual's or a user's rule, where a
  notice says what was done to this message (`docs_signals.occurs_when`).
- A fix labelled with its kind or options at a line's start ("**Solution Options:**",
  "Possible fixes:"): a troubleshooting entry (`troubleshooting_signals.cause_and_fix`).
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand


def test_a_code_named_with_its_reason_phrase_is_spoken_of() -> None:
    text = (
        "A 429 'Rate Limit Exceeded' error from Le Chat (Mistral) means you've sent too many "
        "requests in a given time period. This is a protective measure to ensure fair usage "
        "across all users. It can be triggered by your individual usage or by Le Chat "
        "(Mistral)-wide capacity constraints."
    )
    failure, names = hand(text)
    assert not failure and "names_code" in names


CODE_NAMED = (
    "The 503 Service Unavailable status tells the client to come back later.",
    "Retrying a “Too Many Requests” reply: a 429 “Too Many Requests” response carries a "
    "Retry-After header.",
)


@pytest.mark.parametrize("text", CODE_NAMED)
def test_the_reason_phrase_may_stand_between_article_and_noun(text: str) -> None:
    assert "names_code" in hand(text)[1]


def test_apaches_own_page_does_not_name_its_code() -> None:
    page = (
        "Service Unavailable\n\nThe server is temporarily unable to service your request due to "
        "maintenance downtime or capacity problems. Please try again later.\n\nAdditionally, a "
        "503 Service Unavailable error was encountered while trying to use an ErrorDocument to "
        "handle the request."
    )
    failure, names = hand(page)
    assert failure and "names_code" not in names


MODAL_RULES = (
    "期待，回复一个师姐也会被拦截，英语好像没有师姐的概念",
    "私信发送主动消息时，会返回消息审核，并且`status_code`为200",
    "生成被内容审核拦截后,系统会自动改写提示词并重试,反复重试耗时且掩盖了真实原因。\n现支持请求级开关:"
    "v1/images/generations 新增 prompt_repair(=false 时本次不做审核改写重试, 直接返回真实错误)。"
    "默认沿用全局 IMAGE_MODERATION_PROMPT_REPAIR_ENABLED,行为不变。\n\nRefs #24",
)


@pytest.mark.parametrize("text", MODAL_RULES)
def test_a_chinese_rule_of_what_the_system_does_passes(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "occurs_when" in names


FILTER_NOTICES = (
    "您的消息包含敏感内容，已被拦截。",
    "很抱歉，您提交的内容被我们的审核系统标记为不符合社区指引。我们无法就此特定主题继续交流。"
    "如果您有任何其他问题或想探讨的话题，请编辑您的消息或开启新的对话。",
)


@pytest.mark.parametrize("text", FILTER_NOTICES)
def test_a_filter_notice_saying_what_was_done_is_caught(text: str) -> None:
    assert hand(text)[0]


def test_solution_options_under_a_quoted_error_pass() -> None:
    text = (
        "**Error:** `429 You exceeded your current quota (20 requests per day)`\n\n**Solution "
        "Options:**\n\n#### Option A: Wait for Quota Reset\n- Free tier: 20 requests per day per "
        "model"
    )
    failure, names = hand(text)
    assert not failure and "cause_and_fix" in names
