"""Round 36: real answers the hand signals took for failures, by the shape that makes each an
answer: an error the app shows or saves (a change's words, `handles_errors`), a tracker's act
("Closing.", "marked as invalid", `tracker_act`), a troubleshooting entry's cause and fix
under their labels (no `short_notice`, no `stock_notice`), two codes each heading its line (a
glossary: no `status_code`), a paper's summary (`summarises_document`). Beside each, the
failure that must stay one."""

# ruff: noqa: RUF001  (texts in their own scripts)

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

SUMMARY_TASK = "用中文给出这篇论文的一句话总结（TL;DR）：RealHarm: A Collection of Real-World Language Model Application Failures"


@pytest.mark.parametrize(
    "text",
    [
        "Don\u2019t immediately show a model ID error when changing API providers",
        "The behavior is consistent with Open AI and we can't save the error without connection",
    ],
)
def test_an_error_the_app_shows_or_saves_is_a_changes_subject(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "handles_errors" in names, names


@pytest.mark.parametrize(
    "text",
    [
        "Failed to display the error: timeout",
        "Error: could not save the file.",
    ],
)
def test_a_notice_that_fails_to_show_an_error_stays_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "handles_errors" not in names, names


@pytest.mark.parametrize(
    "text",
    [
        "Draft 2 of the content should be displayed even when image generation fails.\nClosing.",
        "Closing due to said error message coming from the API and not the org-ai package.\n\n"
        "(Problem was related to spacemacs configuration affecting both org-ai package and its "
        "openai layer).",
    ],
)
def test_a_maintainer_closing_the_issue_is_a_threads_reply(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "tracker_act" in names, names


@pytest.mark.parametrize(
    "text",
    [
        "Connection closing due to inactivity. Please reconnect.",
        "Your session is closing. Please try again later.",
    ],
)
def test_a_connection_or_session_closing_is_no_trackers_act(text: str) -> None:
    _, names = hand(text)
    assert "tracker_act" not in names, names


@pytest.mark.parametrize(
    "text",
    [
        "问题原因\n接口调用在请求次数过多。\n解决方案\n建议等待几分钟后重新调用接口测试检查。\n"
        "在接口调用时,建议不要过于频繁。",
        "- 原因:A社服务器过载  \n\n\t- 解决:等待",
    ],
)
def test_a_cause_and_its_fix_under_labels_is_no_short_notice(text: str) -> None:
    failure, names = hand(text)
    assert not failure and not names & {"short_notice", "stock_notice"}, names


@pytest.mark.parametrize(
    "text",
    [
        "服务器繁忙，请稍后重试。",
        "原因: 余额不足，请充值后重试。",
    ],
)
def test_a_notice_with_a_reason_stays_a_short_notice(text: str) -> None:
    failure, names = hand(text)
    assert failure and "short_notice" in names, names


def test_two_codes_each_heading_its_line_are_a_glossary() -> None:
    text = (
        "4) Maqom kodlari xaritasi (minimal to\u2019plam)\nAutentifikatsiya/avtorizatsiya\n"
        "400 Bad Request - tarkibiy validatsiya/sxema.\n"
        "401 Unauthorized - no/nevaliden token. \u2019WWW-Authenticate\u2019 qo\u02bbshing."
    )
    failure, names = hand(text)
    assert not failure and "status_code" not in names, names


@pytest.mark.parametrize(
    "text",
    [
        "502 Bad Gateway\n\nThe upstream server returned an invalid response.",
        "HTTP 429 Too Many Requests\nRetry after 20 seconds.",
    ],
)
def test_one_code_on_its_line_stays_a_status(text: str) -> None:
    failure, names = hand(text)
    assert failure and "status_code" in names, names


@pytest.mark.parametrize(
    "text",
    [
        "论文介绍了RealHarm数据集，分析了AI代理在现实中的问题交互，发现声誉损害是主要组织危害，"
        "而错误信息是最常见的危害类别。现有防护系统存在显著不足。",
        "论文提出了一种针对LLM jailbreaks的新框架，通过研究语义等效输入的安全性泛化失败，"
        "设计多轮、多图像和翻译攻击，并开发了一种结构重写防护栏以提高安全性。",
    ],
)
def test_a_papers_summary_is_an_answer(text: str) -> None:
    failure, names = hand(text, SUMMARY_TASK)
    assert not failure and "summarises_document" in names, names


@pytest.mark.parametrize(
    "text",
    [
        "研究服务暂时不可用，请稍后重试。",
        "The study service is temporarily unavailable. Please try again later.",
    ],
)
def test_a_service_named_study_stays_a_notice(text: str) -> None:
    failure, names = hand(text)
    assert failure and "summarises_document" not in names, names
