"""Round 19 (engineer 98): the answer side of providers' docs, support pages and people's
replies. A page that names itself and what it covers ("This guide covers ...", 本页说明), a rule
of when an error comes in the forms the defining words lack ("により発生します", "エラーが応答
されます", "负载高的时候会出现", a table's "Displays a message when ..."), a page's "When ..., the
API returns 429" in mid-paragraph, an error pointed at and placed where it came from ("this is an
error from openai", "这个是官方接口的限制"), a commit's `test:` and a changelog's "调整 - ...":
answers, left alone. The notices that share their words stay failures. Made-up texts, both
sides."""

from __future__ import annotations

from tests.reliability.judging import hand


def test_a_page_that_names_itself_and_what_it_covers_is_left_alone() -> None:
    for text in (
        "This page describes the error codes the Chat API returns when a request is rejected, "
        "throttled or times out upstream, and what to do about each.",
        "本页介绍模型服务返回的统一错误结构。无论错误来自网关还是上游服务商, 服务都会返回同样的 "
        "JSON 结构, 便于程序自动识别和处理。",
        "このページでは、API を呼び出す際に返されるエラーの種類と、それぞれの対処方法を説明します。",
    ):
        failure, names = hand(text)
        assert not failure and "names_itself" in names, (names, text)


def test_an_error_page_that_says_this_page_is_a_failure() -> None:
    for text in (
        "This page isn't working. api.example.com is currently unable to handle this request. "
        "HTTP ERROR 503",
        "This page is temporarily unavailable. Please try again later.",
    ):
        failure, names = hand(text)
        assert failure and "names_itself" not in names, (names, text)


def test_a_rule_of_when_an_error_comes_is_left_alone() -> None:
    for text in (
        "トークン数がデプロイの割り当てを超過する場合は、HTTP 429 のエラーが応答されます。割り当て"
        "の変更方法は、下記のドキュメントをご参照ください。",
        "このエラーは、短時間に大量のリクエストを送信したことによるレート制限により発生します。",
        "上下文超过模型窗口的时候会出现这个报错, 把历史消息裁短一些就好了。",
        "Maintenance notice | Displays a message when the platform is down for scheduled "
        "maintenance. |",
    ):
        failure, names = hand(text)
        assert not failure and "occurs_when" in names, (names, text)


def test_a_notice_of_what_happened_is_a_failure() -> None:
    for text in (
        "エラーが発生しました。しばらくしてから再度お試しください。",
        "请求过于频繁, 已触发限流, 请稍后再试。",
        "Rate limit exceeded. Please wait a minute and try again.",
    ):
        failure, names = hand(text)
        assert failure and "occurs_when" not in names, (names, text)


def test_when_the_api_returns_a_code_in_mid_paragraph_is_a_condition() -> None:
    text = (
        "The service meters each deployment in tokens and requests per minute. When the quota "
        "is exceeded, the API returns HTTP 429 errors. This page describes quota tiers, backoff "
        "and how to spread load across regions."
    )
    failure, names = hand(text)
    assert not failure and {"conditional", "names_itself"} <= names, names
    # ... a sentence of a notice that opens with "When" is no page's rule
    failure, names = hand("Request failed. When retrying, wait 60s. Rate limit exceeded.")
    assert failure and "conditional" not in names, names


def test_an_error_pointed_at_and_placed_with_its_source_is_left_alone() -> None:
    for text in (
        "this is an error from anthropic saying overloaded, just retry it",
        "These errors are from another extension, not from this one.",
        "这个是上游网站的限制, 你刷新太快了",
    ):
        failure, names = hand(text)
        assert not failure and "names_origin" in names, (names, text)


def test_a_relays_word_of_its_upstream_or_your_own_error_is_a_failure() -> None:
    for text in (
        "This is an error from the upstream provider: rate limit exceeded, please retry later.",
        "Error: this is an error from your account: quota exceeded.",
        "这是您的问题: 额度不足, 请充值后重试",
    ):
        failure, names = hand(text)
        assert failure and "names_origin" not in names, (names, text)


def test_a_commits_test_prefix_and_a_changelogs_kind_dash_are_change_notes() -> None:
    for text in (
        "test: drop the flaky timeout case\nthe mock answered faster than the 500ms limit",
        "调整 - 请求超时失败时, 自动切换到备用接口",
        "修复 - 流式输出中断时报错",
    ):
        failure, names = hand(text)
        assert not failure and "change_note" in names, (names, text)


def test_a_notice_that_says_test_failed_or_adjusting_is_a_failure() -> None:
    for text in (
        "Test failed: the server returned 503 Service Unavailable. Please try again later.",
        "调整失败, 服务器繁忙, 请稍后重试",
    ):
        failure, names = hand(text)
        assert failure and "change_note" not in names, (names, text)
