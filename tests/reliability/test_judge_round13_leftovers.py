"""Round 13's leftover concepts, with made-up texts: a notice that sends the user to its logs
"for more details" in other languages than English; a Korean "is not a valid / correct X"
(`유효한 … 아닙니다`) and a Russian "incorrect" (`некорректный`); an error code token ending
in `_REQUIRED` read like other error codes."""

from __future__ import annotations

import pytest

from tests.reliability.judging import is_failure, signals


@pytest.mark.parametrize(
    "notice",
    [
        "\u26a0\ufe0f Sin texto. Revisa la consola para más detalles",
        "\u26a0\ufe0f Nada gerado. Veja o console para mais detalhes",
        "\u26a0\ufe0f Rien re\u00e7u. Voir la console pour plus de d\u00e9tails",
        "\u26a0\ufe0f Nichts erhalten. Siehe Konsole f\u00fcr weitere Details",
    ],
)
def test_a_notice_that_points_to_more_details_elsewhere_is_a_failure(notice: str) -> None:
    assert "vocabulary:retry_advice" in signals(notice)
    assert is_failure(notice)


def test_an_answer_that_points_to_the_docs_for_more_details_stays_an_answer() -> None:
    text = (
        "El error 429 significa que superaste el límite de solicitudes: espera unos segundos "
        "y reintenta con backoff exponencial. Consulta la documentación de la API para más "
        "detalles sobre los límites de tu plan."
    )
    assert not is_failure(text, "¿Qué significa el error 429 de la API?")


@pytest.mark.parametrize(
    "notice",
    [
        "[BOT_ERROR] 유효한 응답 형식이 아닙니다.",
        "요청 실패: 올바른 API 주소가 아닙니다.",
        "유효한 토큰이 아닙니다. 설정을 확인해 주세요.",
    ],
)
def test_a_korean_not_a_valid_x_notice_is_a_failure(notice: str) -> None:
    assert "vocabulary:failure" in signals(notice)
    assert is_failure(notice)


def test_a_korean_sentence_that_says_a_valid_reply_is_no_error_stays_an_answer() -> None:
    text = (
        "이 응답은 유효한 JSON이므로 오류는 아닙니다. 파서가 빈 배열을 처리하도록 "
        "`parse_items()` 함수를 고치면 테스트가 통과합니다."
    )
    assert not is_failure(text, "이 응답이 오류인가요? 테스트가 왜 실패하나요?")


def test_an_error_code_ending_in_required_is_a_diagnostic() -> None:
    assert "diagnostics" in signals("401 LOGIN_REQUIRED: sign in again to continue")
    assert "diagnostics" in signals("Request rejected (PAYMENT_REQUIRED). Top up your balance.")
    assert "diagnostics" not in signals("All fields are required before you submit the form.")


@pytest.mark.parametrize(
    "notice",
    ["Некорректный ответ от сервера.", "Получен некорректный ответ, повторите позже."],
)
def test_a_russian_incorrect_reply_notice_is_a_failure(notice: str) -> None:
    assert "vocabulary:failure" in signals(notice)
    assert is_failure(notice)


def test_a_russian_explanation_of_an_incorrect_reply_stays_an_answer() -> None:
    text = (
        "Код 502 означает, что прокси получил некорректный ответ от вышестоящего сервера. "
        "Обычно причина в том, что бэкенд упал или слушает другой порт: проверьте "
        "`proxy_pass` в конфиге nginx и перезапустите сервис."
    )
    assert not is_failure(text, "Что означает ошибка 502 в nginx?")
