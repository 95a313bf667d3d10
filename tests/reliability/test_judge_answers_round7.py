"""Answers the judge took for failure texts: a diagnosis (a checklist of parts that work and
parts that fail, how often the failure comes back, usage weighed against a limit, a cause
named), a paragraph of Chinese, Japanese or Korean, a maintainer's reply to a report that the
service is down, a documentation page's section on errors. Each is a concept, written here in
new words and other languages; each is checked against the failure notices of the same topic
that must stay failures (a relay's quota notice, a bot's "try later", a gateway's object).

Every text is judged as the bench judges a reply: the whole reply, finished with `stop`, to the
question given or to an ordinary coding task that shares no word with it.
"""

# ruff: noqa: RUF001  (texts in Chinese, Japanese and Russian use their own punctuation)
from __future__ import annotations

import pytest

from tests.reliability.judging import TASK, is_failure, signals

# ---------------------------------------------------------------- a checklist


@pytest.mark.parametrize(
    "text",
    [
        "What I checked:\n- ✅ DNS resolves to the load balancer\n- ✅ TLS certificate is valid\n"
        "- ❌ The upstream answers 502 Bad Gateway",
        "Stand der Prüfung:\n- ✅ Datenbank läuft\n- ✅ Redis erreichbar\n"
        "- ❌ Upstream-Verbindung fehlgeschlagen (Fehler 111)",
        "Résultat du diagnostic :\n- ✅ le proxy répond\n- ✅ le certificat est valide\n"
        "- ❌ le backend renvoie 503 Service Unavailable",
    ],
)
def test_a_checklist_of_working_and_failing_parts_is_an_answer(text: str) -> None:
    assert "tail_error" not in signals(text)
    assert "checklist" in signals(text)
    assert not is_failure(text)


@pytest.mark.parametrize(
    "text",
    [
        "❌ An unexpected error occurred. Please try again later.",
        # a program's steps, then the error appended: bare marks, no written list
        "✅ Connected to the model\n✅ Prompt sent\n❌ Error: 429 Too Many Requests",
        "⚠️ API 请求过于频繁，请稍后重试",
        "❌ Произошла ошибка при обращении к ИИ. Попробуйте позже.",
    ],
)
def test_a_notice_under_one_failure_mark_stays_a_failure(text: str) -> None:
    assert "checklist" not in signals(text)
    assert is_failure(text)


# ---------------------------------------------------------------- how often it comes back


@pytest.mark.parametrize(
    "text",
    [
        "The upstream intermittently returns 503 Service Unavailable.",
        "A veces el servidor devuelve 502 Bad Gateway.",
        "毎回 504 Gateway Timeout エラーになります。",
        "这个接口时不时返回 502 Bad Gateway，重试一次通常就好了。",
    ],
)
def test_a_failure_told_as_recurring_is_an_answer(text: str) -> None:
    assert "recurrence" in signals(text)
    assert not is_failure(text)


@pytest.mark.parametrize(
    "text",
    [
        "Oops, something went wrong. Don't worry, this happens sometimes. Please try again later.",
        "Ein Fehler ist aufgetreten. Keine Sorge, so etwas passiert manchmal. Bitte versuche es "
        "später erneut.",
        "Произошла ошибка. Не волнуйтесь, такое иногда случается. Попробуйте позже.",
    ],
)
def test_a_notice_that_comforts_with_how_often_failures_happen_stays_a_failure(text: str) -> None:
    assert "recurrence" not in signals(text)
    assert is_failure(text)


# ---------------------------------------------------------------- usage within a limit


@pytest.mark.parametrize(
    "text",
    [
        "We get 429 Too Many Requests from the search endpoint although our usage is far below "
        "the monthly quota.",
        "J'ai une erreur 429 alors que je n'ai pas dépassé le quota du jour.",
        "接口一直返回 429 Too Many Requests，可是我们的调用量并没有超过每分钟的配额，只用了不到一半。",
    ],
)
def test_usage_said_to_be_within_the_limit_is_an_answer(text: str) -> None:
    assert "within_limit" in signals(text)
    assert not is_failure(text)


@pytest.mark.parametrize(
    "text",
    [
        "You exceeded your current quota, please check your plan and billing details.",
        "已超出配额限制，请稍后重试",
        "Quota exceeded: you have reached the limit of requests for today.",
    ],
)
def test_a_quota_notice_stays_a_failure(text: str) -> None:
    assert "within_limit" not in signals(text)
    assert is_failure(text)


# ---------------------------------------------------------------- a cause named


@pytest.mark.parametrize(
    "text",
    [
        "## Root cause\n\n```\nError 429: Too Many Requests\n```",
        "**原因**\n```\n429 Too Many Requests: quota exceeded\n```",
        "接口升级导致这个问题，返回 502 错误",
        "The proxy dropped the keep-alive header, causing the 504 Gateway Timeout.",
    ],
)
def test_a_cause_named_for_the_problem_is_an_answer(text: str) -> None:
    assert "names_cause" in signals(text)
    assert not is_failure(text)


@pytest.mark.parametrize(
    "text",
    [
        "请求失败，原因：账户余额不足，请充值后重试",
        "Error: request failed. Reason: upstream timeout. Please try again later.",
        "Причина: превышен лимит запросов. Повторите попытку позже.",
    ],
)
def test_a_notice_that_gives_its_reason_stays_a_failure(text: str) -> None:
    assert "names_cause" not in signals(text)
    assert is_failure(text)


# ---------------------------------------------------------------- a CJK paragraph


@pytest.mark.parametrize(
    "text",
    [
        "ゲートウェイタイムアウトは、プロキシが上流のサーバーから決められた時間内に応答を受け取れな"
        "かったときに発生するエラーです。多くの場合、上流のアプリケーションの処理が重すぎるか、ネット"
        "ワークが不安定になっています。タイムアウト値を延ばすか、重い処理を非同期に切り出すと解消し"
        "ます。",
        "限流是一种保护后端服务的机制，它统计每个客户端在单位时间内发出的请求数量，超过阈值的请求会被"
        "网关直接拒绝并返回 429 状态码。客户端收到这个状态码后，应当按照退避策略等待一段时间再重新发送"
        "请求，以免给服务器造成更大的压力。",
    ],
)
def test_a_paragraph_of_cjk_prose_is_an_answer(text: str) -> None:
    assert "long_prose" in signals(text)
    assert not is_failure(text)


@pytest.mark.parametrize(
    "text",
    [
        "抱歉，服务器当前繁忙，无法处理您的请求。请稍后再试。",
        "申し訳ありませんが、サーバーは現在リクエストを処理できません。しばらくしてから再試行してく"
        "ださい。",
        "일시적인 오류가 발생했습니다. 잠시 후 다시 시도해주세요.",
    ],
)
def test_a_short_cjk_notice_stays_a_failure(text: str) -> None:
    assert "long_prose" not in signals(text)
    assert is_failure(text)


# ---------------------------------------------------------------- a reply to "is it down?"


@pytest.mark.parametrize(
    ("question", "text"),
    [
        (
            "Le site est en panne ?",
            "Oui, le serveur est surchargé depuis la mise à jour de ce matin, désolé. Je regarde "
            "ça et ça revient dans l'heure.",
        ),
        (
            "Is the dashboard down? I can't load it.",
            "The server is overloaded after the release, sorry about that. It will be back "
            "within the hour.",
        ),
        (
            "Ist die API gerade down?",
            "Ja, der Server ist seit dem Update überlastet, sorry. Ich kümmere mich drum, in "
            "einer Stunde läuft es wieder.",
        ),
    ],
)
def test_a_reply_to_a_report_that_the_service_is_down_is_an_answer(
    question: str, text: str
) -> None:
    assert "asked_about" in signals(text, question)
    assert not is_failure(text, question)


@pytest.mark.parametrize(
    ("question", "text"),
    [
        # the same notice, to a task that reports no outage
        (TASK, "Server maintenance, sorry. Please try again later."),
        (TASK, "服务器维护中，请稍后再试。"),
        # a gateway's own object, to a question about an outage: still the gateway speaking
        (
            "Is the API down?",
            '{"error": {"code": 503, "message": "Service Unavailable", "type": "upstream_error"}}',
        ),
    ],
)
def test_an_outage_notice_without_such_a_report_stays_a_failure(question: str, text: str) -> None:
    assert is_failure(text, question)


# ---------------------------------------------------------------- a page's "Errors" section


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("## Error codes", '401\n\n{\n  "code": 401,\n  "message": "Unauthorized"\n}'),
        (
            "エラーコード一覧",
            '429\n{\n  "error": "rate_limited",\n  "message": "Too many requests"\n}',
        ),
        ("Errores", 'Servicio caído:\n{"status": 503, "error": "service_unavailable"}'),
    ],
)
def test_an_error_example_under_a_heading_on_errors_is_an_answer(question: str, text: str) -> None:
    assert not is_failure(text, question)


@pytest.mark.parametrize(
    "question",
    ["error", "Why does my request fail?", TASK],
)
def test_an_error_object_to_another_question_stays_a_failure(question: str) -> None:
    text = '401\n\n{"code": 401, "message": "Unauthorized", "name": "Auth"}'
    assert is_failure(text, question)
