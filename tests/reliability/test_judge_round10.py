"""Round 10's concepts, with made-up texts: a notice that sends the user away until later or
tomorrow is retry advice in any language, and a reply that tells how often a failure comes back
is writing about failures, not a notice off the task."""

from __future__ import annotations

import pytest

from tests.reliability.judging import is_failure, signals


@pytest.mark.parametrize(
    "notice",
    [
        "Daily limit reached. Come back tomorrow.",
        "Trop de demandes. Revenez plus tard.",
        "Zu viele Anfragen. Versuchen Sie es morgen.",
        "Límite alcanzado, vuelve mañana.",
        "Limite atingido. Volte amanhã.",
        "Лимит исчерпан. Приходите завтра.",
        "요청 횟수를 넘었습니다. 내일 다시 오세요.",
        "今日的次数已用完\uff0c明天再来吧\u3002",
        "Hết lượt hỏi hôm nay, quay lại vào ngày mai nhé.",
    ],
)
def test_a_notice_that_sends_the_user_away_until_later_is_a_failure(notice: str) -> None:
    assert "vocabulary:retry_advice" in signals(notice)
    assert is_failure(notice)


def test_an_answer_that_explains_come_back_later_stays_an_answer() -> None:
    text = (
        "A 429 tells the client to come back later: read the Retry-After header, wait that "
        "many seconds, then send the request again with exponential backoff."
    )
    assert not is_failure(text, "What does HTTP 429 mean and how should my client handle it?")


@pytest.mark.parametrize(
    "report",
    [
        "The upstream intermittently returns 503 Service Unavailable.",
        "Our gateway sometimes answers 502 Bad Gateway after a deploy.",
    ],
)
def test_a_failure_told_as_recurring_is_not_off_the_task(report: str) -> None:
    found = signals(report)
    assert "recurrence" in found and "off_topic" not in found
    assert not is_failure(report)


def test_a_notice_off_the_task_is_still_read_as_one() -> None:
    notice = "The server encountered an internal error while processing your request."
    assert "off_topic" in signals(notice)
    assert is_failure(notice)
