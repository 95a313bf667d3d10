"""Round 17 (engineer 88): the answer side. A maintainer closing an issue, a user wishing for a
feature, a failure said not to come from a party, a person who met it too or saw it come back,
an error read for what it tells, a habit of a limit ("exceeding it errors"), a code or an
English error glossed in Chinese, a change's words about errors, a cause and a fix under bold
or table labels: answers, left alone. The notices that share their words stay failures.
Made-up replies, both sides."""

from __future__ import annotations

from tests.reliability.judging import hand

LIMIT_ASKED = "Why do I get 'context length exceeded' from the API?"


def test_a_tracker_thread_is_left_alone() -> None:
    for text in (
        "Looks like Anthropic is returning overloaded errors there, closing as this isn't a "
        "bug in the proxy.",
        "The free dyno hours ran out, the demo is down until next week. You can close this issue.",
        "Rate limit from the upstream API again. Closing this, feel free to reopen if it "
        "comes back.",
        "Would be great to have the error codes explained in the docs, right now I have to "
        "guess what each one means.",
        "It would be nice if the bot retried once on a timeout instead of failing.",
    ):
        failure, names = hand(text)
        assert not failure and names & {"tracker_act", "wishes"}, (names, text)


def test_a_notice_that_shares_their_words_is_a_failure() -> None:
    for text in (
        "Connection closed by the upstream server. Please try again later.",
        "Request failed: the connection was closed. Please reopen the chat and try again.",
        "The server is overloaded. It would be great if you could try again in a few minutes.",
        # "closing" is a person's act on an issue, not a notice ending a chat or a connection
        "Closing this chat because you reached the daily message limit. Please start a new "
        "chat tomorrow.",
        "Upstream error: connection closing because the server timed out. Please try again later.",
    ):
        failure, names = hand(text)
        assert failure and not names & {"tracker_act", "wishes"}, (names, text)


def test_a_failure_said_not_to_come_from_a_party_is_left_alone() -> None:
    for text in (
        "This isn't a tether bug, the gateway in front of your server closed the connection "
        "after 60 seconds.",
        "这个响应不是来自插件\uff0c也不是模型的异常\uff0c是你用的中间框架自己生成的。",
    ):
        failure, names = hand(text)
        assert not failure and "third_party" in names, (names, text)
    failure, names = hand("Your quota is not enough error. Please top up your account.")
    assert failure and "third_party" not in names, names


def test_a_person_who_met_it_or_saw_it_come_back_is_left_alone() -> None:
    for text, question in (
        ("我的也没有回复了", "bot 现在不回复消息了"),
        ("And we're back in service now, thanks for waiting.", "Is the site down?"),
    ):
        failure, names = hand(text, question)
        assert not failure and "witness" in names, (names, text)
    failure, names = hand("We'll be back in service shortly. Please try again later.")
    assert failure and "witness" not in names, names


def test_an_error_read_for_what_it_tells_is_answer_evidence() -> None:
    # (evidence, not a verdict alone: a short reading of an error keeps its failure words)
    for text in (
        "从报错来看\uff0c是你每分钟消耗的 token 超过了限制。",
        "Judging by the error, your prompt is over the model's context window.",
        "The log tells us that the worker never loaded the model.",
    ):
        _, names = hand(text)
        assert "asker_evidence" in names, (names, text)
    failure, names = hand("Looks like something went wrong. Please try again later.")
    assert failure and "asker_evidence" not in names, names


def test_a_limit_explained_as_a_habit_or_a_gloss_is_left_alone() -> None:
    for text in (
        "上下文超过模型的限制就会报错\uff0c换一个上下文更长的模型就行。",
        "入力トークンがモデルのコンテキスト長を超えた場合に発生するエラーです。",
        "prompt is too long 是说输入超过了模型的上下文长度",
        "The prompt exceeded the model's input window. The caller must trim older turns first.",
    ):
        failure, names = hand(text, LIMIT_ASKED)
        assert not failure and "defines" in names, (names, text)
    for text in ("请求出错了\uff0c请稍后重试。", "错误 429\uff1a请求过于频繁\uff0c请稍后再试"):
        failure, names = hand(text)
        assert failure and "defines" not in names, (names, text)


def test_a_change_about_errors_is_left_alone() -> None:
    for text in (
        "More robust error parsing for streamed replies",
        "Adding error checking around the token refresh",
        "修复 429 错误被当作不可重试错误的问题",
    ):
        failure, names = hand(text)
        assert not failure and names & {"handles_errors", "change_note"}, (names, text)
    failure, names = hand("Error parsing response body: unexpected EOF")
    assert failure and "handles_errors" not in names, names


def test_a_cause_and_a_fix_under_bold_or_table_labels() -> None:
    for text in (
        "**原因**\uff1a上游模型并发超限\n**解决方法**\uff1a降低并发或者升级套餐",
        "| Cause | The upstream model is overloaded. |\n| Fix | Retry with a backoff. |",
    ):
        _, names = hand(text)
        assert "cause_and_fix" in names, (names, text)


def test_a_release_note_line_is_left_alone() -> None:
    for text in (
        "Better display of provider 'overloaded' error messages in the chat view.",
        "**Smarter retries:** more careful handling of transient API issues and rate limits.",
        "Show the model picker when the API fails (thanks @jdoe!)",
        "Enhanced error message when a reply is cut off by max_tokens",
    ):
        failure, names = hand(text)
        assert not failure and "change_note" in names, (names, text)
    failure, names = hand("Service overloaded. Thanks for your patience, please try again later.")
    assert failure and "change_note" not in names, names


def test_the_error_said_to_say_something_is_answer_evidence() -> None:
    for text in (
        'The error says "quota exceeded for this project", so the key is fine.',
        'El error dice: "Please retry in 30s". Espera un minuto y prueba de nuevo.',
    ):
        _, names = hand(text)
        assert "asker_evidence" in names, (names, text)


def test_a_bold_status_with_a_snake_case_code() -> None:
    text = (
        "You get **429 insufficient_quota** while indexing. It means the key has no "
        "credits left: add a payment method and retry."
    )
    failure, names = hand(text)
    assert not failure and "bold_status" in names, names
