# ruff: noqa: RUF001, RUF002  (texts in their own scripts and punctuation)
"""Round 38 (engineer 208): a pipeline asks a model for an artifact (a translated document, a
commit message, a generated doc page) and commits what comes back: talk about the artifact in
its place, or after it.

- `asks_text_at_end`: a kernel document translated chunk by chunk ends on the model's reply to
  an empty chunk ("当然，请提供您需要翻译的文本。", "您没有提供需要翻译的文本。请提供…"), written
  after the rendering. Left: a line introduced by the writer, a request that holds the line.
- `chat_for_commit`: a coding assistant asked for a one-line commit message answers with its
  chat turn ("The changes look good. Let me run the grep command again ..."). Left: a reply
  that names the commit message it gives, a commit message, a chat question about commits.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand
from tether.messages import Message, Request, Turn
from tether.reliability.appended_request_signals import asked_at_end
from tether.reliability.commit_message_signals import asks_commit_message, chats_in_place
from tether.reliability.judge import judge
from tether.reliability.transform_signals import asks_for_text

# Real translated kernel documents (hcetpt/-qw, Documentation/*_cn.rst): an excerpt of the
# rendering, then the file's real last lines.
POWER_DOC = (
    "子系统追踪点：电源\n=============================\n\n电源追踪系统捕获内核中与电源转换相关的"
    "事件。大致来说，有三个主要的子标题：\n\n- 电源状态切换，报告与挂起（S状态）、CPU空闲（C状态）和"
    "CPU频率（P状态）相关的事件\n- 系统时钟相关的变化\n- 电源域相关的变化和转换\n\n本文件描述了每个追踪"
    "点是什么以及它们可能有什么用处。\n参考 `include/trace/events/power.h` 获取事件定义。\n\n此外，还"
    "有用于 CPU 延迟 QoS 添加、更新和移除请求的事件：\n\n::\n\n  pm_qos_add_request        "
    '"value=%d"\n  pm_qos_update_request     "value=%d"\n  pm_qos_remove_request     '
    '"value=%d"\n\n参数是要添加、更新或移除的值。\n'
)
CHECKLIST_DOC = (
    "下面是开发者在希望自己的内核补丁能够被更快接受时应做的一些基本事项。这些要求超出了在 :ref:"
    "`Documentation/process/submitting-patches.rst <submittingpatches>` 和其他地方关于提交 Linux "
    "内核补丁的文档。\n\n审查您的代码\n=============\n\n1) 如果您使用了某个功能，则应在代码中 #include"
    " 定义或声明该功能的文件。不要依赖于其他头文件引入您所使用的文件。\n2) 检查您的补丁是否符合 :ref:"
    "`Documentation/process/coding-style.rst <codingstyle>` 中详述的一般编码风格。\n\n5) 使用最新标签"
    "的linux-next进行测试，确保它仍然能在所有排队的补丁以及虚拟内存、虚拟文件系统和其他子系统中的各种"
    "变化下正常工作。\n"
)


def _judged(text: str, question: str, system: str = "") -> bool:
    """The whole judge's verdict (its clearing of a reply unread first), as a run meets it."""
    messages = (Message.text("system", system),) if system else ()
    request = Request(messages=(*messages, Message.text("user", question)))
    turn = Turn(content=text, finish_reason="stop", termination="stop")
    return judge(turn, request) is not None


@pytest.mark.parametrize(
    "text",
    [
        POWER_DOC + "当然，请提供您需要翻译的文本。\n",
        POWER_DOC + "您没有提供需要翻译的文本。请提供需要翻译成中文的英文或其他语言的文本。\n",
        CHECKLIST_DOC + "你没有给出需要翻译的文本，所以我无法完成翻译。请提供需要翻译成中文的英文"
        '文本。例如：\n\nTranslate to Chinese: "Hello, how are you?"\n\n你好，你怎么样？\n',
    ],
)
def test_a_translated_document_ending_on_a_request_for_its_text_is_caught(text: str) -> None:
    failure, names = hand(text)
    assert failure, names
    assert "asks_text_at_end" in names
    assert _judged(text, "Fix the failing test in tests/test_parse.py.")  # not cleared unread


def test_the_request_for_the_text_is_read_in_english_too() -> None:
    body = (
        "## Installation\n\nRun `pip install tether` and set the key in your environment.\n\n"
        "## Usage\n\nCall `tether run` in the repository you want to work on; the agent reads "
        "the task from the issue and opens a pull request when the tests pass.\n"
    )
    assert asks_for_text("Sure, please provide the text you need translated.") is not None
    failure, names = hand(body + "Sure, please provide the text you need translated.")
    assert failure and "asks_text_at_end" in names


@pytest.mark.parametrize(
    "text",
    [
        # the line introduced by the writer: what the tool replies to an empty request
        POWER_DOC + "如果请求为空，翻译工具会回复：\n当然，请提供您需要翻译的文本。",
        # the document itself, with no such line
        POWER_DOC,
        # a short reply is transform_meta's reading, not this one's
        "当然，请提供您需要翻译的文本。",
    ],
)
def test_a_line_introduced_or_no_body_before_it_is_not_read_at_the_end(text: str) -> None:
    assert asked_at_end(text, "") is None


def test_a_request_holding_the_line_renders_it() -> None:
    question = "Translate these UI strings to Chinese:\nTitle\nPlease provide the text you need translated."
    text = POWER_DOC + "请提供您需要翻译的文本。"
    assert asked_at_end(text, question) is None


# aider's commit-message request (its system prompt, Aider-AI/aider).
AIDER_COMMIT = (
    "You are an expert software engineer that generates concise, one-line Git commit messages"
    " based on the provided diffs.\nReview the provided context and diffs which are about to be"
    " committed to a git repo.\nReview the diffs carefully.\nGenerate a one-line commit message"
    " for those changes.\nThe commit message should be structured as follows: <type>:"
    " <description>\nUse these for <type>: fix, feat, build, chore, ci, docs, style, refactor,"
    " perf, test\n\nReply only with the one-line commit message, without any additional text,"
    " explanations, or line breaks.\n"
)


@pytest.mark.parametrize(
    "text",
    [
        "The changes look good. Let me run the grep command again to check if there are any "
        "other files we need to update:\n\n```bash\ngrep -E '(^|\\s)(--(opus|sonnet|haiku|4|4o|"
        "mini|4-turbo|35turbo|35-turbo|3|deepseek|o1-mini|o1-preview)|-[34])(\\s|[.,)]|$)' "
        '--include="*.md" -r aider/website/docs | grep -v "model.*model"\n```\n\nIf there are '
        "any remaining instances of deprecated switches, we should add those files to the chat "
        "and update them as well.",
        "I'll help you apply these changes. I'll use the `aider` command to make the "
        "modifications:\n\n```bash\naider aider/file_summary.py aider/summary_cache.py\n```\n\n"
        'When prompted, I\'ll confirm the changes by typing "y" and pressing Enter.\n\nThe '
        "changes look good. They address the specific test failures by:\n1. Changing the "
        "`summarize_chunk` method to use non-streaming mode for testing\n2. Explicitly caching "
        "summaries in `get_file_summary`\n3. Simplifying the `has_file_summary` method to check "
        "both in-memory and disk cache\n\nWould you like me to run the tests to confirm the "
        "fixes?",
    ],
)
def test_a_chat_turn_where_a_commit_message_was_asked_is_caught(text: str) -> None:
    assert _judged(text, "(the diff)", system=AIDER_COMMIT)


@pytest.mark.parametrize(
    "text",
    [
        "I need the diff to write a commit message.",
        "Sorry, could you share the changes you want the commit message for?",
    ],
)
def test_a_short_request_for_the_diff_in_place_of_the_message_is_caught(text: str) -> None:
    assert _judged(text, "(an empty diff)", system=AIDER_COMMIT)


@pytest.mark.parametrize(
    "text",
    [
        # it names the message it gives, and gives it
        "I'll help you add an API around aider. Based on the implementation I just provided, "
        "here's a concise commit message that captures the essence of the changes:\n\nfeat: Add "
        "REST API for programmatic interaction with aider",
        "fix: Handle non-retryable errors by returning None in simple_send_with_retries",
        # a lead-in, then the message
        "Sure, here you go:\n\nAdd retry logic to the HTTP client\n\nThe client now retries "
        "failed requests with exponential backoff, up to five attempts, and logs each retry.",
        "Sure! Here's a suggested commit message:\n\n```\nfeat: add retry logic to the HTTP "
        "client\n```\n\nThis captures the change in the client and the new backoff helper, "
        "which now has its own tests too.",
        "Fix a crash when I/O fails while you log out.",
        "feat: Add error handling for audio player with detailed error messages\n\n- Catch the "
        "player's error event and show its code and message to the user\n- Retry the segment "
        "once before skipping it, and log the error for the session report",
    ],
)
def test_a_commit_message_is_no_chat_turn(text: str) -> None:
    assert chats_in_place(text) is None
    assert not _judged(text, "(the diff)", system=AIDER_COMMIT)


def test_a_chat_question_about_commit_messages_asks_for_none() -> None:
    assert not asks_commit_message("how do i write good commit messages? mine are always vague.")
    assert asks_commit_message("generate a commit message for those changes.")
    assert asks_commit_message("reply with just the commit message, without quotes")
    text = (
        "You can make them specific by writing the subject as an imperative that names the "
        "change, and keeping it under 72 characters. Then explain why in the body: what was "
        "wrong before and what the change does about it."
    )
    assert not _judged(text, "How do I write good commit messages? Mine are always vague.")
