"""Round 13's answer-side concepts, from the false alarms of the round's new files (FAQ answers
and troubleshooting guides in Chinese, Korean, Japanese, Spanish and Portuguese), each beside
the notice that must stay a failure: a markdown heading that names a guide, a solution or a
diagnosis (`guide_heading`); a status's own name as the topic of a Korean sentence ("429 Too
Many Requests는 ..."); an error's name set as code and spoken of as a kind of error ("进而导致
`content_filter` 错误"); the failure called normal or expected (`called_normal`); a callout's
label set in bold ("**Note:**", "> **참고:**"), a manual's aside (`doc_markup`).

The texts are made up; none is a corpus text. Each is read by the hand signals alone (the
learned signal off) and by the whole judge.
"""

# ruff: noqa: RUF001  (texts in their own scripts and punctuation)

from __future__ import annotations

import pytest

from tests.reliability.judging import hand, reading

GUIDES = [
    "# Diagnóstico: error 500 Internal Server Error\n\n## Qué pasó\nEl servidor devolvió un"
    " error interno al procesar la solicitud.",
    "# 🛠️ Solução: Limite de Requisições Excedido (429)\n\n## O que aconteceu\n\nO servidor"
    " devolveu 429 Too Many Requests porque o script enviou chamadas demais.",
]


@pytest.mark.parametrize("text", GUIDES)
def test_a_heading_that_names_a_guide_or_a_fix_is_an_answer(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "guide_heading" in names, names
    assert not reading(text)[0]


HEADED_NOTICES = [
    "# Error 503\nService unavailable. Please try again later.",
    "## ⚠️ Request failed\nRate limit exceeded (429). Try again in 20 seconds.",
]


@pytest.mark.parametrize("text", HEADED_NOTICES)
def test_a_notice_under_a_heading_that_names_no_guide_stays_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "guide_heading" not in names, names
    assert reading(text)[0]


KOREAN_TOPICS = [
    (
        "HTTP 503 Service Unavailable은 서버가 점검 중일 때 돌려주는 상태입니다.",
        "503 에러가 뭐예요?",
    ),
    (
        "HTTP 504 Gateway Timeout는 프록시 서버가 뒤쪽 서버의 응답을 제한 시간 안에 받지 못했을 때"
        " 클라이언트에 보내는 에러입니다.",
        "에러 코드 504란?",
    ),
]


@pytest.mark.parametrize(("text", "question"), KOREAN_TOPICS)
def test_a_status_name_as_the_topic_of_a_korean_sentence_is_an_answer(
    text: str, question: str
) -> None:
    failure, names = hand(text, question)
    assert not failure and "names_code" in names, names
    assert not reading(text, question)[0]


def test_a_korean_notice_that_says_its_status_stays_a_failure() -> None:
    text = "HTTP 503 Service Unavailable: 서버가 일시적으로 요청을 처리할 수 없습니다. 잠시 후 다시 시도해 주세요."
    failure, names = hand(text, "에러 코드 503이란?")
    assert failure and "names_code" not in names, names


CODE_NAMED_ERRORS = [
    "如果提示词里带有敏感内容，服务端会直接拦截，返回 `sensitive_blocked` 错误。",
    "短時間に大量のリクエストを送信すると `rate_limit_exceeded` エラーが返されます。",
]


@pytest.mark.parametrize("text", CODE_NAMED_ERRORS)
def test_an_error_named_in_code_as_a_kind_of_error_is_an_answer(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "names_code" in names, names
    assert not reading(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "Error: `rate_limit_exceeded`. Too many requests, please retry later.",
        "请求失败：`quota_exceeded`，额度已用完。",
    ],
)
def test_a_notice_that_shows_its_code_stays_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "names_code" not in names, names
    assert reading(text)[0]


CALLED_NORMAL = [
    "高峰时段请求会排队，首字延迟变长是正常现象，和模型本身无关。",
    "A 429 from the free tier after a burst of requests is expected behavior: the limit resets"
    " every minute.",
]


@pytest.mark.parametrize("text", CALLED_NORMAL)
def test_a_failure_called_normal_or_expected_is_an_answer(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "called_normal" in names, names
    assert not reading(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "Rate limit exceeded. Expected a valid API key in the Authorization header.",
        "访问被拦截：如果您是正常访问，请联系管理员。",
    ],
)
def test_a_notice_with_normal_or_expected_in_it_stays_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "called_normal" not in names, names
    assert reading(text)[0]


CALLOUTS = [
    "피크 시간에는 업스트림 응답이 느려질 수 있습니다.\n\n> **참고:** 게이트웨이는 60초 후 연결을"
    " 끊고 클라이언트에 타임아웃 오류를 반환합니다.",
    "The upstream may answer slowly at peak hours.\n\n> **Note:** the gateway gives up after 60"
    " seconds and returns a timeout error to the client.",
]


@pytest.mark.parametrize("text", CALLOUTS)
def test_a_callout_set_off_in_bold_is_a_manuals_aside(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "doc_markup" in names, names
    assert not reading(text)[0]


def test_a_notice_with_a_bold_label_that_is_no_callout_stays_a_failure() -> None:
    text = "**Error:** rate limit exceeded. Please try again later."
    failure, names = hand(text)
    assert failure and "doc_markup" not in names, names
    assert reading(text)[0]
