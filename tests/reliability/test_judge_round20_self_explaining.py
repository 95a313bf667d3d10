# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 20's notices that explain themselves: an event of this exchange told as it happened,
then its cause guessed in the next sentence with "this" taking it up (`own_cause`; its cause
and hedge words are then no writer's explanation), beside a writer's explanation of the same
failure as a kind; an answer engine's "could not find any relevant information"
(`nothing_retrieved`) beside a writer who names in code what it looked at; a Chinese limit
said reached with "已达" and its advice to start a new chat; "问题原因 ... 解决方案" read as a
cause and its fix."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand, reading


@pytest.mark.parametrize(
    "text",
    [
        "The summarizer returned an empty result. This may be due to a provider outage or a"
        " context limit. Please try again in a minute.",
        "Your upload could not be processed. This can happen when the file is too large for"
        " the model. Try a smaller file.",
        "The assistant stopped before finishing its reply. This is usually caused by a"
        " temporary service issue. Please send your message again.",
        "The export could not be finished. This usually means your file has too many pages."
        " Try splitting it.",
    ],
)
def test_an_event_then_its_own_guessed_cause_is_a_notice(text: str) -> None:
    failure, names = hand(text)
    assert failure and "own_cause" in names, names
    assert "explains" not in names and "defines" not in names, names


@pytest.mark.parametrize(
    "text",
    [
        # the failure as a kind, then its usual cause: a writer to a reader
        "A 504 error happens when the gateway gets no reply from the upstream in time. This is"
        " usually caused by a slow backend, so raise the proxy timeout.",
        # a message quoted, then explained
        'The "model runner has stopped" message comes from the Ollama server, and the client'
        " only shows it. This is typically caused by too little memory for the model.",
        # a bare "this means": a gloss of what happened, for a reader
        "In your log the second call was rejected by the limiter. This means the client sent"
        " too many requests in that minute, so I added a one-second backoff in `client.py`.",
    ],
)
def test_a_writer_explaining_the_failure_is_no_own_cause(text: str) -> None:
    failure, names = reading(text)
    assert "own_cause" not in names, names
    assert not failure


@pytest.mark.parametrize(
    "text",
    [
        "Hmm, sorry, I could not find any relevant information about that.",
        "抱歉，没有找到相关信息。",
    ],
)
def test_an_answer_engine_that_found_nothing_relevant_is_a_stand_in(text: str) -> None:
    failure, names = hand(text)
    assert failure and "nothing_retrieved" in names, names


def test_a_writer_naming_what_it_searched_stays_an_answer() -> None:
    text = (
        "I couldn't find any relevant information in the changelog about this flag, so I read"
        " the source: `--fast` skips the checksum step in `verify.py`."
    )
    failure, names = hand(text)
    assert "nothing_retrieved" not in names, names
    assert not failure


@pytest.mark.parametrize("text", ["您本周的对话次数已达上限。", "本月的生成额度已达限额。"])
def test_a_chinese_limit_said_reached_is_a_quota_notice(text: str) -> None:
    failure, names = hand(text)
    assert failure and "vocabulary:quota" in names, names


def test_a_chinese_chat_full_with_start_a_new_chat_is_a_notice() -> None:
    failure, names = hand("当前会话长度已达限制，请开始新聊天。")
    assert failure and "vocabulary:retry_advice" in names, names


def test_a_person_saying_they_open_a_new_chat_stays_an_answer() -> None:
    failure, _ = reading("我一般会开个新聊天窗口来问这类问题，上下文干净一些。")
    assert not failure


def test_problem_cause_and_solution_headings_are_a_cause_and_its_fix() -> None:
    text = "问题原因\n短时间内调用接口的次数太多。\n解决方案\n等待一分钟后再调用，并降低调用频率。"
    _, names = reading(text)
    assert "cause_and_fix" in names, names


def test_an_error_reference_entry_with_its_solution_label_stays_an_answer() -> None:
    text = (
        "Throttled requests\n\nThe service received more requests than your plan allows in one"
        " window.\n\nSolution: Wait until the window resets, then retry the call."
    )
    failure, names = hand(text)
    assert "cause_and_fix" in names, names
    assert not failure


def test_the_same_advice_unlabelled_is_a_notice() -> None:
    failure, names = hand(
        "Too many requests were sent within the window. Please wait a minute and try again."
    )
    assert failure and "cause_and_fix" not in names, names
