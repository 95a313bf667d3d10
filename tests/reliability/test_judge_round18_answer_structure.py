"""Round 18 (engineer 92): the answer side's structures. A problem or a cause and its solution
under labels ("原因: ... 解决: ...", "**Problema:** ... **Solução:**", "**근본 원인**: ...
**해결 방안**: ..."), a maintainer's "Fixed." and a failure said to be gone ("不再提示超时"), a
line that makes an error its topic and opens a list ("El error 429 aparece cuando:"), an error
shown after "you can run into:", a code's response in CJK ("返回 429 响应"), and an in-character
bot asked why it fell silent ("你怎么不说话"): answers, left alone. The notices that share their
words stay failures. Made-up replies, both sides."""

from __future__ import annotations

from tests.reliability.judging import hand


def test_a_problem_or_a_cause_and_its_solution_labelled_is_left_alone() -> None:
    for text in (
        "原因: 令牌额度已用完\n解决: 更换令牌或者等额度刷新",
        "**Problema:** a chave nova ainda não tem créditos.\n\n**Solução:**\n"
        "1. Abra a página de billing\n2. Adicione um cartão",
        "**근본 원인**: 무료 티어 할당량 초과  \n**해결 방안**: 유료 플랜 전환 + 캐싱",
        "Symptom: the bot answers nothing after a while\nFix: raise the timeout in config.yaml "
        "and restart it",
    ):
        failure, names = hand(text)
        assert not failure and "cause_and_fix" in names, (names, text)


def test_a_notice_with_a_reason_and_advice_is_a_failure() -> None:
    for text in (
        # "问题:" inside a sentence is no label: it opens no line
        "工具执行时出了点问题: 上游超时, 请稍后重试",
        "服务繁忙, 原因未知, 请稍后再试",
        "Quota exceeded. Please try again later.",
    ):
        failure, names = hand(text)
        assert failure and "cause_and_fix" not in names, (names, text)


def test_a_cause_label_quoted_as_a_note_is_a_diagnosis() -> None:
    text = "> **문제**: 챗봇 응답 없음  \n> **원인**: API 무료 티어 할당량 초과"
    _, names = hand(text)
    assert "names_cause" in names, names


def test_a_maintainers_fixed_or_a_failure_gone_is_left_alone() -> None:
    for text in (
        "Fixed. please pull again and check",
        "Resolved, restart the worker after upgrading.",
        "精简了请求逻辑, 不再提示超时",
        "The client no longer times out on long uploads.",
    ):
        failure, names = hand(text)
        assert not failure and "fix_landed" in names, (names, text)


def test_a_notice_that_says_no_longer_available_is_a_failure() -> None:
    for text in (
        "This model is no longer available. Please try again later.",
        "Resolving the upstream host failed, please try again later.",
    ):
        failure, names = hand(text)
        assert failure and "fix_landed" not in names, (names, text)


def test_a_list_under_an_error_made_its_topic_is_left_alone() -> None:
    for text in (
        "El error 503 aparece cuando:\n- El servidor está sobrecargado\n"
        "- Has superado tu cuota\n- Hay un mantenimiento programado",
        "To avoid 429 errors:\n- Space out your requests\n- Cache the answers\n"
        "- Watch your usage in the dashboard",
        "A 502 error could mean a few things:\n\n1. The proxy cannot reach the app\n"
        "2. The app crashed",
    ):
        failure, names = hand(text)
        assert not failure and "topic_list" in names, (names, text)


def test_a_notice_that_lists_its_causes_stays_a_failure() -> None:
    for text in (
        # a lead with no list under it, a notice's own lines
        "Request failed with status 429. This error occurs when: you exceeded your quota. "
        "Please try again later.",
        "Error: rate limit exceeded:\n- retry after 60 seconds",
    ):
        failure, names = hand(text)
        assert failure and "topic_list" not in names, (names, text)


def test_an_error_met_by_the_reader_is_introduced() -> None:
    text = (
        "After a long chat you can run into:\n```\n"
        '{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too '
        'long: 201000 tokens > 200000 maximum"}}\n```'
    )
    failure, names = hand(text)
    assert not failure and "introduced" in names, names
    # a page's own "The error encountered was:" introduces nothing
    page = (
        "ERR_TUNNEL_502\nThe tunnel reached the agent, but the agent failed to connect to the "
        "upstream service. The error encountered was:\n\ndial tcp 127.0.0.1:8080: connect: "
        "connection refused"
    )
    failure, names = hand(page)
    assert failure and "introduced" not in names, names


def test_a_codes_response_in_cjk_is_a_code_spoken_of() -> None:
    _, names = hand("超过每分钟的上限以后, 该窗口内的后续请求都会返回 429 响应。")
    assert "names_code" in names, names


def test_a_bot_asked_why_it_fell_silent_answers_in_character() -> None:
    for text, question in (
        ("刚才网卡了\uff0c我一直都在呢", "你刚才去哪里了"),
        ("对不起嘛\uff0c刚刚我睡着了~", "你怎么不说话"),
        ("我在呢\uff0c只是有点忙啦", "别不理我"),
        ("Sorry, I dozed off! I'm here now.", "where did you go?"),
    ):
        failure, names = hand(text, question)
        assert not failure and "asked_after_itself" in names, (names, text)


def test_a_notice_to_a_bot_asked_why_it_fell_silent_is_a_failure() -> None:
    for text, question in (
        ("服务器繁忙\uff0c请稍后再试", "你怎么不说话"),
        ("抱歉\uff0c服务出错了\uff0c请稍后再试", "别不理我"),
        ("Rate limit exceeded. Please try again later.", "where did you go?"),
    ):
        failure, names = hand(text, question)
        assert failure and "asked_after_itself" not in names, (names, text)
