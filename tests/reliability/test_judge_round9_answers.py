# ruff: noqa: RUF001
"""Round 9's false alarms: a person or a model writing ABOUT an error, in many languages, most
with no question recorded. The fault declared mended (`fix_landed`), the fault found
(`found_fault`), a fix promised for a release (`next_release`), a user asking the maintainers to
mend it (`asks_fix`), the asker's screenshot or log read or asked for (`asker_evidence`), the
fault set against a setup where it works (`works_elsewhere`), a release note's label
(`change_note`), a JSON Schema of an error object (`json_schema`), a command typed at a
shell's prompt (`typed_command`), one code said to be of a kind (`codes_as_kind`). Each case beside the notice
that must stay a failure."""

from __future__ import annotations

import pytest

from tests.reliability.judging import reading


@pytest.mark.parametrize(
    ("text", "sign"),
    [
        ("Timeout bug behoben, kommt mit dem Update morgen.", "fix_landed"),
        ("网关的 504 问题已经修复，原因是上游超时设置太短。", "fix_landed"),
        ("The 503 on the upload route has been resolved, thanks for the patience.", "fix_landed"),
        ("O erro 500 no login foi corrigido ontem à noite.", "fix_landed"),
        ("タイムアウトの不具合は修正しました。", "fix_landed"),
        ("Баг с ответом 502 при загрузке исправлен в последнем коммите.", "fix_landed"),
        ("Found it: I found the bug, the proxy dropped the 429 header.", "found_fault"),
        ("找到原因了，代理把超时改成了 5 秒。", "found_fault"),
        ("Ya encontré el error, el disco del servidor estaba lleno.", "found_fault"),
        ("The rate limit message will be clearer in the next release.", "next_release"),
        ("Der Timeout-Fehler wird in der nächsten Version korrigiert.", "next_release"),
        ("500 error again on every upload. Please fix it!", "asks_fix"),
        ("Снова ошибка 503 на главной. Почините, пожалуйста!", "asks_fix"),
        ("Can you post the full log of the failing request?", "asker_evidence"),
        ("请提供一下完整的报错截图。", "asker_evidence"),
        ("In your screenshot the error comes from the proxy, not the API.", "asker_evidence"),
        ("Weird, the 500 error is gone: it works fine on another machine.", "works_elsewhere"),
        ("다른 PC에서는 잘 됩니다. 이 PC에서만 500 에러가 나요.", "works_elsewhere"),
        ("Release notes: timeouts now show a clear error instead of a blank page.", "change_note"),
        (
            "Ran it again and got this:\n$ python fetch.py --all\nError 429: Too Many Requests\n"
            "So the script hits the limit after the first page; I'll add a sleep between calls.",
            "typed_command",
        ),
        (
            "我这边复现了一下:\nC:\\work> node app.js\n502 Bad Gateway\n"
            "看起来是本地代理的配置有问题，换个端口就好了。",
            "typed_command",
        ),
        (
            "504 Gateway Timeout is an HTTP status code. It means the proxy gave up waiting for"
            " the app server, so look at the slow query first.",
            "codes_as_kind",
        ),
        (
            "El 503 es un código de estado HTTP: el servidor está en mantenimiento, así que"
            " conviene revisar la carga del balanceador.",
            "codes_as_kind",
        ),
        ("Ein 502 ist ein HTTP-Statuscode: das Gateway bekam keine Antwort.", "codes_as_kind"),
    ],
)
def test_writing_about_an_error_is_an_answer(text: str, sign: str) -> None:
    failure, names = reading(text)
    assert sign in names and not failure, names


def test_a_json_schema_of_an_error_is_its_documentation() -> None:
    schema = (
        '{ "$schema": "https://json-schema.org/draft/2020-12/schema", "title": "RateLimited",'
        ' "type": "object", "properties": { "code": { "type": "integer", "example": 429 },'
        ' "message": { "type": "string", "example": "Too many requests" } } }'
    )
    failure, names = reading(schema)
    assert "json_schema" in names and not failure, names


@pytest.mark.parametrize(
    "text",
    [
        "Service unavailable. Please try again once the issue is resolved.",
        "Service temporarily unavailable until the outage is fixed. Please try again later.",
        '{"error": {"code": 503, "message": "Service unavailable", "type": "server_error"}}',
        "服务暂时不可用，请稍后重试。",
        "Sorry, I encountered an error while processing your request. Please try again.",
        "設定を修正してください。エラーが発生しました。",
        "Error 502: Bad Gateway. The upstream server returned an invalid response code.",
        "$ Error: insufficient quota. Please check your plan and billing details.",
    ],
)
def test_notices_stay_failures(text: str) -> None:
    failure, names = reading(text)
    new = {
        "fix_landed",
        "found_fault",
        "next_release",
        "asks_fix",
        "asker_evidence",
        "works_elsewhere",
        "json_schema",
        "typed_command",
        "codes_as_kind",
    }
    assert failure and not names & new, names
