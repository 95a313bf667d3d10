"""Reference documentation about errors, read as a notice of one: a manual's markup (a link to
another of its pages, a wiki macro, a program's identifier in backticks, a source comment),
errors spoken of as what code does with them (throws, catches, handles), a status code set in
bold as a headword, an example given ("z.B."). Beside each, the failure that must stay one."""

# ruff: noqa: RUF001  (texts in their own scripts)

from __future__ import annotations

import pytest

from tests.reliability.judging import reading, signals


@pytest.mark.parametrize(
    "text",
    [
        "Pass the `onRetry()` callback to log the error before the next attempt is made.",
        "Mit `retryDelay` legen Sie fest, wie lange nach einem Fehler gewartet wird.",
        "Plus de détails sur ces erreurs dans [les nouvelles tentatives](/guide/retries).",
        "La gestione di questi errori è descritta [più avanti](#gestione-errori).",
        'Чтобы увидеть ошибку, используйте {{HTTPMethod("GET")}} вместо запроса с телом.',
        "    // 记录错误后继续\n    logger.warn(err);",
    ],
)
def test_a_manuals_markup_makes_documentation(text: str) -> None:
    failure, names = reading(text)
    assert not failure and "doc_markup" in names, names


@pytest.mark.parametrize(
    "text",
    [
        "Access denied: please enter your access code on the [settings page](/#/settings).",
        "Rate limit reached for model `gpt-4o-mini` in organization `org_x`. Retry in 20s.",
        "Modelo `{model}` no disponible. Inténtelo de nuevo más tarde.",
    ],
)
def test_an_apps_route_a_models_name_or_a_slot_is_no_manual(text: str) -> None:
    failure, names = reading(text)
    assert failure and "doc_markup" not in names, names


@pytest.mark.parametrize(
    "text",
    [
        "The router catches these errors and passes them to the next handler in the chain.",
        "Los errores de red se capturan en el manejador global antes de cada reintento.",
        "Jede Middleware kann einen Fehler werfen, den der Router dann abfängt und protokolliert.",
        "Kode ini menangkap error dari setiap plugin sebelum melanjutkan.",
        "这里抛出的错误会被外层的 try 捕获。",
        "이 함수는 에러 처리를 호출한 쪽에 맡깁니다.",
    ],
)
def test_errors_handled_by_code_make_documentation(text: str) -> None:
    failure, names = reading(text)
    assert not failure and "handles_errors" in names, names


@pytest.mark.parametrize(
    "text",
    [
        "An unexpected error occurred while handling your request. Please try again later.",
        "Unhandled error: upstream connect timeout",
        "Sorry, the server can't handle your request right now. Please try again later.",
    ],
)
def test_a_service_handling_a_request_is_still_a_notice(text: str) -> None:
    failure, names = reading(text)
    assert failure and "handles_errors" not in names, names


def test_a_status_in_bold_is_a_headword() -> None:
    failure, names = reading(
        "**`502 Bad Gateway`** es la respuesta de un proxy que recibió una respuesta inválida "
        "del servidor de origen."
    )
    assert not failure and "bold_status" in names, names


def test_a_status_said_plainly_is_still_a_failure() -> None:
    failure, names = reading("503 Service Unavailable: the server is temporarily overloaded.")
    assert failure and "bold_status" not in names, names


def test_an_example_given_explains() -> None:
    assert "explains" in signals("Ein Client zeigt Fehler an, z.B. als Dialog oder Statuszeile.")


def test_indicates_in_chinese_defines() -> None:
    assert "defines" in signals("该状态码表明服务器在等待上游响应时超时了，客户端可以稍后重试。")


@pytest.mark.parametrize(
    "text",
    [
        "It is still down for me, but I am not getting an error, the page just hangs.",
        "登录页面一直转圈，但是没有报错，等了很久也打不开。",
    ],
)
def test_no_error_seen_is_a_witness(text: str) -> None:
    assert "witness" in signals(text)
