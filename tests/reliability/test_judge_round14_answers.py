"""Round 14's answer-side concepts, from the tune part's false alarms, each beside the reading
that must stay: an apology for the writer's own slip in the thread ("Sorry, wrong
repository.": `own_slip`); an incident told as a narrative, opening with the time it happened
("Last week, ...", "上周,...") or in the past progressive ("estava gerando o erro":
`past_state`), with its cause found in a review ("复盘发现", "根因是": `names_cause`); a pull
request's description of what it changes to ("Switching it to ...": `change_note`).

The texts are made up; none is a corpus text. Each is read by the hand signals alone (the
learned signal off) and by the whole judge.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand, reading

SLIPS = [
    "Sorry, wrong repository.",
    "Sorry, wrong thread, please ignore.",
    "my bad, posted this in the wrong issue",
    "抱歉\uff0c发错仓库了",
]


@pytest.mark.parametrize("text", SLIPS)
def test_an_apology_for_a_slip_in_the_thread_is_an_answer(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "own_slip" in names, names
    assert not reading(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "Sorry, wrong password. Please try again.",
        "Sorry, the service is temporarily unavailable. Please try again later.",
        "抱歉\uff0c服务器繁忙\uff0c请稍后再试。",
    ],
)
def test_a_service_apology_stays_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "own_slip" not in names, names
    assert reading(text)[0]


NARRATIVES = [
    "上周,我们的工单系统在晚高峰时前端大面积报错,监控告警不断,值班同学先回滚了当天的发布,"
    "但情况没有好转。客服在两个小时里收到了四百多张工单,运营临时发了公告。"
    "事后复盘发现,根因是网关没有做限流,重试请求把上游服务打满,返回 503;"
    "我们随后给网关加了令牌桶,并把客户端的重试改成指数退避。",
    "O servidor de cache estava retornando o erro 502 Bad Gateway, deixando o painel fora do ar",
    "Last week, the nightly export timed out twice and the retry queue overflowed, so the "
    "reports service returned 503 errors until we raised the worker pool.",
]


@pytest.mark.parametrize("text", NARRATIVES)
def test_an_incident_told_in_the_past_is_an_answer(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "past_state" in names, names
    assert not reading(text)[0]


def test_a_cause_found_in_a_review_is_named() -> None:
    _, names = hand("事后复盘发现,根因是缓存过期后大量请求同时回源,数据库连接被占满。")
    assert "names_cause" in names, names


@pytest.mark.parametrize(
    "text",
    [
        "服务暂时不可用\uff0c请稍后重试。",
        "O serviço está indisponível no momento. Tente novamente mais tarde.",
        "Service Unavailable: the upstream server is overloaded. Please retry later.",
    ],
)
def test_a_notice_of_now_stays_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "past_state" not in names and "names_cause" not in names, names
    assert reading(text)[0]


CHANGES = [
    "We were retrying on every 503, which is not retryable here and hides the real error. "
    "Switching it to fail fast and log the response body instead.",
    "The rate limit handler swallowed 429 errors. Changing this to a warning with the "
    "retry-after value so the limit is visible.",
]


@pytest.mark.parametrize("text", CHANGES)
def test_a_pull_request_that_says_what_it_changes_to_is_an_answer(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "change_note" in names, names
    assert not reading(text)[0]


def test_a_failover_notice_is_no_change_note() -> None:
    text = "Model overloaded (503). Switching to the backup model, please try again later."
    failure, names = hand(text)
    assert failure and "change_note" not in names, names


SCHEDULES = [
    "**上傳重試規則**:\n- 第 1 次失敗: 等待 3 秒\n- 第 2 次失敗: 等待 9 秒\n"
    "- 第 3 次失敗: 等待 27 秒\n- 超過 3 次: 停止上傳並通知管理員",
    "Backoff when the upload fails:\n- Attempt 1: wait 1 s and retry\n"
    "- Attempt 2: wait 5 s and retry\n- Attempt 3: wait 30 s, then mark the job failed",
]


@pytest.mark.parametrize("text", SCHEDULES)
def test_cases_counted_up_each_with_its_rule_are_a_schedule(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "schedule" in names, names
    assert not reading(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "Request failed after 3 retries:\n- Attempt 1: 503 Service Unavailable\n"
        "- Attempt 2: 503 Service Unavailable\n- Attempt 3: 503 Service Unavailable",
        "Error: upstream timeout.\n- 1: retry later\n- 3: contact support",
    ],
)
def test_a_retry_log_in_a_list_is_no_schedule(text: str) -> None:
    failure, names = hand(text)
    assert failure and "schedule" not in names, names


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("The export endpoint timed out again, this happened to me three times today.", "witness"),
        (
            "Keep in mind that the upstream drops idle connections after 60 s of silence.",
            "explains",
        ),
        (
            "换算成北京时间\uff0c即是周六 02:00 - 04:00\uff0c这段时间有可能断网。",
            "explains",
        ),
    ],
)
def test_a_person_who_met_it_or_explains_it_is_no_notice(text: str, name: str) -> None:
    failure, names = hand(text)
    assert not failure and name in names, names
    assert not reading(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "Service unavailable. Please keep in mind that retries are limited.",
        "服务暂时不可用\uff0c即将恢复\uff0c请稍后重试。",
    ],
)
def test_a_notice_with_a_note_stays_a_failure(text: str) -> None:
    assert hand(text)[0]
    assert reading(text)[0]


# A reference page that tells what a case looks like: "이 경우" (in this case), what the error
# message holds and the code it shows ("오류 코드를 보여줍니다", "shows the error code").
REFERENCE = [
    "만료된 토큰\n이 경우 클라이언트에는 유효 기간이 지난 토큰이 저장되어 있습니다.\n- 웹:\n"
    "AUTH_TOKEN_EXPIRED\n- 앱: 오류 메시지에는 세션 만료 안내가 표시되고 오류 코드를 보여줍니다",
]


@pytest.mark.parametrize("text", REFERENCE)
def test_a_reference_page_that_describes_a_case_is_an_answer(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "explains" in names, names
    assert not reading(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "서버 오류가 발생했습니다. 이 경우 잠시 후 다시 시도해 주세요.",
        "Request failed. In this case, please try again later.",
    ],
)
def test_a_notice_that_says_in_this_case_stays_a_failure(text: str) -> None:
    assert hand(text)[0]
    assert reading(text)[0]


# A reference page: its date line ("Updated on ...") and its statement of what the API does in
# a case ("When ..., the API returns ..."), over the example it shows last.
PAGES = [
    "Reference\nQuota\nHow the daily quota of a project is counted.\n"
    "Last updated: 2025-03-02\n"
    "When a project exceeds its daily quota, the API returns 429 QUOTA_EXHAUSTED.\n"
    '{"error": true, "code": "QUOTA_EXHAUSTED", "message": "Daily quota exceeded."}',
]


@pytest.mark.parametrize("text", PAGES)
def test_a_reference_page_over_its_example_is_an_answer(text: str) -> None:
    failure, names = hand(text)
    assert not failure, names
    assert {"conditional", "doc_markup"} <= names and "tail_error" not in names, names
    assert not reading(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "Here is the summary of the changes you asked for.\n"
        'Error: {"code": 429, "message": "Daily quota exceeded, try again tomorrow."}',
        "Daily quota exceeded. The API returns 429 until midnight UTC.\n"
        '{"error": {"code": 429, "status": "QUOTA_EXHAUSTED"}}',
    ],
)
def test_an_error_after_a_line_that_is_no_reference_stays_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "conditional" not in names, names
    assert reading(text)[0]
