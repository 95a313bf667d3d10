# ruff: noqa: RUF001  (texts in Chinese use their own punctuation)
"""Round 35 (engineer 186): short replies of people in threads, ABOUT an error, judged
without their question.

- witness words: "same error", "on mine either", "tbm", "running again", "也开始报错".
- a witness's lead-in on the failure's own line ("Receiving the same error: <the notice>")
  takes back the quoted notice's evidence, and is no client's label (`client_prefix`).
- cannot_tell: the report too thin to diagnose ("信息太少", "日志不够详细, 无法诊断").
- a person's talk: other options tried ("换了很多模型都不行"), an issue already open, a fix
  in a named release ("已在 v0.12.2 修复"), a tendency ("容易出现"), a new version's
  improvement ("新版优化了"), an apology for a late reply.

The apps' own notices that share their words stay failures.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

# Answers, each a false alarm at JOIN (902b1c9), from the tune part (work_r35.jsonl):
# mixed_tracker_error_replies_2026, mixed_short_thread_replies_and_notices,
# mixed_summarizer_app_outputs.
PASSED = (
    ("same error, kimi for coding", "witness"),  # RooCodeInc/Roo-Code#7486
    ("Confirmed. Not working on mine either", "witness"),  # mckaywrigley/chatbot-ui#1116
    (
        "tbm estou comessa merda de erro. Os caras tiraram os 600 creditos pra fazer essa "
        "inhca no codigo.",
        "witness",
    ),  # Trae-AI/TRAE#2315
    (
        "Sorry. This time the problem was just the power and the SAI supporting the server. "
        "Now, it is running again.",
        "witness",
    ),  # citiususc/Linguakit#8
    (
        "Receiving the same error: Sorry, your request was rate-limited. Please wait and try "
        "sending again later.",
        "introduced",
    ),  # microsoft/vscode-copilot-release#1596
    ("信息太少， 有无具体配置和报错日志？", "cannot_tell"),  # farion1231/cc-switch#5503
    ("问题描述和日志不够详细，无法诊断。", "cannot_tell"),  # wusimpl/zen2api-release#4
    (
        "信息不完整无法进行判断，不过从错误信息看，你的cc配置的有问题。",
        "asker_evidence",
    ),  # router-for-me/CLIProxyAPI#3555
    ("用不了，换了很多模型都不行", "own_trial"),  # Trae-AI/TRAE#1338
    ("Sorry, I didn't see that an issue was already open.", "tracker_act"),  # ggml-org/llama.cpp
    ("17版本容易出现429错误", "recurrence"),  # lbjlaq/Antigravity-Manager#435
    ("新版优化了和 OpenAI 格式 有些 nullable 字段兼容，可以再试下", "thread_talk"),
    (
        "已在 v0.12.2 修复：HTTP 接口被 ATS 拦截导致获取模型列表失败，现已放行。详见 "
        "https://github.com/sylearn/AIUsage/releases/tag/v0.12.2",
        "fix_landed",
    ),
    (
        "안녕하세요.\n\n답변이 늦어 죄송합니다. 아직 해결되지 않았는데 이슈가 있으신가요?",
        "own_slip",
    ),  # navertalk/chatbot-api#263
)


@pytest.mark.parametrize(("text", "signal"), PASSED)
def test_a_persons_reply_about_an_error_passes(text: str, signal: str) -> None:
    failure, names = hand(text)
    assert not failure and signal in names, (names, text)


# The notices these replies quote or resemble (the same corpus files), caught.
CAUGHT = (
    "Sorry, your request was rate-limited. Please wait and try sending again later.",
    "Error: Sorry, your request was rate-limited. Please wait 3 seconds before trying again.",
    "Unexpected status 502 Bad Gateway",
    "所有渠道均不可用：当前分组 default 下对于模型 gpt-3.5-turbo-16k 无可用渠道",
    "网络异常，请稍后重新尝试。",
    "🔧 The bot is undergoing maintenance. Please try again later.",
)


@pytest.mark.parametrize("text", CAUGHT)
def test_the_notices_themselves_are_caught(text: str) -> None:
    failure, names = hand(text)
    assert failure, (names, text)
    assert not names & {"witness", "cannot_tell", "introduced"}, (names, text)


def test_a_client_label_is_still_a_prefix_and_a_witness_lead_is_not() -> None:
    _, names = hand("API Error: 400 invalid_request_error")
    assert "client_prefix" in names, names
    _, names = hand("Getting the same error: 502 Bad Gateway")
    assert "client_prefix" not in names, names


def test_a_models_own_request_for_more_information_is_no_triage() -> None:
    # (a model's stand-in asks for details too: not `cannot_tell`)
    for text in (
        "I need more information to answer your question. Could you provide more details?",
        "无法确定，因为您提供的信息不够详细。请提供更多信息。",
    ):
        _, names = hand(text)
        assert "cannot_tell" not in names, (names, text)
