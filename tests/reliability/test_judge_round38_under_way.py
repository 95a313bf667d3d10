# ruff: noqa: RUF001, RUF003  (Chinese lines use their own punctuation)
"""Round 38 (engineer 212): a coding agent's placeholder where its result goes.

An agent that takes an issue may post, in the place its result goes (the PR's description, the
issue's comment, its last turn), that the work has started and where its progress will be
shown: "OpenHands started fixing the issue! You can monitor the progress here.", Copilot's
"I'm starting to work on it and will keep this PR's description up to date as I form a plan",
"The developer agent is working on implementing the audit trail page. I'll check back on its
progress shortly." (`talk_only_signals.under_way`). A person's "We're working on it, will keep
you posted" names no place to watch the work, and stays a person's answer.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

COPILOT_PLACEHOLDER = (
    "Thanks for assigning this issue to me. I'm starting to work on it and will keep this PR's "
    "description up to date as I form a plan and make progress.\n\nOriginal issue description:"
    "\n\n> We should just reuse the same one to avoid unnecessary file operations\n\n\nFixes #503."
    "\n\n---\n\n\U0001f4a1 You can make Copilot smarter by setting up custom instructions, "
    "customizing its development environment and configuring Model Context Protocol (MCP) "
    "servers. Learn more [Copilot coding agent tips](https://gh.io/copilot-coding-agent-tips) "
    "in the docs."
)

CAUGHT = (
    # mixed_coding_agent_final_comments: the resolver's comment where its fix goes
    (
        "[OpenHands](https://github.com/All-Hands-AI/OpenHands) started fixing the issue! You can "
        "monitor the progress [here](https://github.com/All-Hands-AI/OpenHands/actions/runs/"
        "14782456556).",
        "Either way, I think we should fix this to allow the resolver to comment / finish "
        "without code changes.",
    ),
    # ... Copilot's PR description before any plan, the issue it took quoted under it
    (COPILOT_PLACEHOLDER, ""),
    # mixed_agent_turns_announced_not_done: an orchestrator's last turn, its sub-agent still
    # at work
    (
        "The developer agent is working on implementing the audit trail page. I'll check back "
        "on its progress shortly.\n\n[Logs saved]",
        "Ye procees",
    ),
)


@pytest.mark.parametrize(("text", "question"), CAUGHT)
def test_a_placeholder_that_the_work_is_under_way_is_caught(text: str, question: str) -> None:
    failure, names = hand(text, question) if question else hand(text)
    assert failure, (text, names)
    assert "under_way" in names, (text, names)


LEFT = (
    # a person's promise in a thread: no place to watch the work (tune part's thread replies)
    "Ok, Google might have updated the underlying transcript structure.\nWe're working on it, "
    "will keep you posted.",
    "Yeah, I'm working on it. Has to do with #6.",
    # the work done, its report (mixed_coding_agent_final_comments' answers)
    "## Summary\n- cache web assets on the Windows smoke job\n\n## Testing\n- `pre-commit run "
    "--files .github/workflows/ci.yml`",
    # a report that started a fix and says where it stands, its progress told here
    "I started fixing the parser yesterday: the tokenizer now handles nested quotes and all 42 "
    "tests pass. You can track the progress of the remaining work in #88.",
)


@pytest.mark.parametrize("text", LEFT)
def test_a_persons_promise_or_a_report_is_left(text: str) -> None:
    failure, names = hand(text)
    assert "under_way" not in names or not failure, (text, names)
    assert not failure, (text, names)


# An agent's step that says its looking is done, then announces the work, and stops there
# (mixed_agent_turns_with_tool_call_record: a manus-style run's last "Thought", no tool call
# after it): the readiness is no finding of the task's, and stands beside the announcement.
READY_THEN_ANNOUNCED = (
    "\u73b0\u5728\u6211\u5df2\u7ecf\u6536\u96c6\u4e86\u5173\u4e8e\u4e1c\u4eac\u65c5\u6e38\u7684"
    "\u8be6\u7ec6\u4fe1\u606f\u3002\u8ba9\u6211\u4e3a\u60a8\u5236\u5b9a\u4e00\u4e2a\u5b8c\u6574"
    "\u7684\u4e1c\u4eac\u65c5\u6e38\u884c\u7a0b\u5b89\u6392\uff0c\u5305\u62ec\u666f\u70b9\u3001"
    "\u7f8e\u98df\u3001\u8d2d\u7269\u548c\u6d3b\u52a8\u63a8\u8350\u3002",
    "Excellent! Now I have a complete understanding of the architecture. Let me now write the "
    "auth service.",
    # ... what the work rests on before "I will" ("基于这些详细的资料，我将为您制定...")
    "现在我已经收集了足够的信息。"
    "基于这些详细的资料，我将为您制"
    "定一个全面的东京旅游行程。让我"
    "创建一个新的文件来整合所有信息"
    "：",
)


@pytest.mark.parametrize("text", READY_THEN_ANNOUNCED)
def test_readiness_then_the_work_announced_is_caught(text: str) -> None:
    failure, names = hand(text)
    assert failure, (text, names)
    assert "announces_only" in names, (text, names)


def test_readiness_then_the_work_itself_is_left() -> None:
    """The same lead-in with the document after it (a sub-agent's last message that holds the
    whole design, mixed_agent_session_transcripts_last_turns) is the work."""
    text = (
        "Now I have a complete picture of the existing infrastructure. Let me create a "
        "comprehensive technical design document for Phase 2 Authentication.\n\n---\n\n"
        "# Phase 2: Authentication - Technical Design\n\n## 1. Overview\n\nThe auth module adds "
        "JWT access tokens (15 minutes) and refresh tokens (7 days) stored hashed in the "
        "`refresh_tokens` table. Passwords are hashed with bcrypt (cost 12).\n\n## 2. Endpoints"
        "\n\n| Method | Path | Purpose |\n|---|---|---|\n| POST | /auth/register | create a user |"
        "\n| POST | /auth/login | issue tokens |\n| POST | /auth/refresh | rotate the refresh "
        "token |\n| POST | /auth/logout | revoke the refresh token |\n"
    )
    failure, names = hand(text)
    assert not failure, (text, names)
