"""Notices of an app's own machinery the judge let through, as concepts on made-up texts: a run
that stopped before its end, said as a status line (`run_stopped`); a guardrail's verdict on
the input or the output (`guardrail_verdict`); a retrieval or an agent router that found
nothing (`nothing_retrieved`); a part of the app that would answer, switched off
(`switched_off`); a client's retry log, the same error line again after
"Retrying in" (`retry_log`).
Beside them, the answers that look like them and must stay answers: an explanation of such a
notice, a quoted log with its cause, a short reply the prompt demanded, an error body shown
after a line that says the API will return it (in more languages: `introduced`).
"""

# ruff: noqa: RUF001  (texts in Chinese and Japanese use their own punctuation)

from __future__ import annotations

import pytest

from tests.reliability.judging import reading


@pytest.mark.parametrize(
    "text",
    [
        "The workflow was interrupted",
        "Generation aborted.",
        "Canceled",
        "La respuesta terminó inesperadamente",
        "Der Vorgang wurde abgebrochen.",
        "任务已中断",
        "요청이 취소되었습니다.",
        "Запрос отменен.",
    ],
)
def test_a_run_that_stopped_said_as_the_reply_is_a_failure(text: str) -> None:
    failure, names = reading(text)
    assert failure and "run_stopped" in names, names


@pytest.mark.parametrize(
    "text",
    [
        "Sensitive information detected in the output.",
        "Prompt injection attempt detected in your message.",
        "Contenido inapropiado detectado.",
        "检测到敏感信息，已拦截。",
        "개인정보가 감지되었습니다.",
        "Обнаружены персональные данные.",
    ],
)
def test_a_guardrails_verdict_said_as_the_reply_is_a_failure(text: str) -> None:
    failure, names = reading(text)
    assert failure and "guardrail_verdict" in names, names


@pytest.mark.parametrize(
    "text",
    [
        "No matching agents could handle your request.",
        "Sorry, I couldn't find anything about that in the knowledge base.",
        "No encontré nada en la base de conocimiento.",
        "知识库中没有找到相关内容。",
        "検索結果が見つかりませんでした。",
    ],
)
def test_a_retrieval_that_found_nothing_said_as_the_reply_is_a_failure(text: str) -> None:
    failure, names = reading(text)
    assert failure and "nothing_retrieved" in names, names


@pytest.mark.parametrize(
    "text",
    [
        "Mistral models are turned off",
        "channel is deactivated",
        "Modo sin conexión: servicio de IA deshabilitado.",
        "Der KI-Dienst ist deaktiviert.",
        "AI 功能已禁用",
        "Режим офлайн: чат не отправлен.",
    ],
)
def test_a_part_of_the_app_switched_off_said_as_the_reply_is_a_failure(text: str) -> None:
    failure, names = reading(text)
    assert failure and "switched_off" in names, names


RETRY_LOG = (
    "openai.APITimeoutError: Request timed out after 30 seconds.\n"
    "Retrying in 1.5 seconds...\n"
    "openai.APITimeoutError: Request timed out after 30 seconds.\n"
    "Retrying in 3.0 seconds...\n"
    "openai.APITimeoutError: Request timed out after 30 seconds.\n"
    "Retrying in 6.0 seconds...\n"
    "openai.APITimeoutError: Request timed out after 30 seconds.\n"
    "The model could not be reached; the server may be overloaded or offline. Check your "
    "network and the provider's status page, then run the command again. If it keeps "
    "happening, lower the request size, pick another model, or raise the timeout. "
    "Long prompts with many files take longer to process. "
    "See the docs for the timeout setting. "
    "Press Ctrl+C to stop."
)


def test_a_clients_retry_log_said_as_the_reply_is_a_failure() -> None:
    failure, names = reading(RETRY_LOG)
    assert failure and "retry_log" in names, names


@pytest.mark.parametrize(
    ("text", "question"),
    [
        # an explanation of such a notice, with its cause and its fix
        (
            "The agent stopped responding because the tool call never returned: the HTTP "
            "client had no timeout. I added a 30 s timeout in tools.py.",
            "Why does my agent stop responding?",
        ),
        (
            "Guardrails block a message when PII is detected in the input, for example an "
            "email address; you can turn the check off in guardrails.yaml.",
            "What does 'Potential PII detected in input' mean?",
        ),
        # a quoted log with its cause
        (
            "Your log shows `openai.APITimeoutError: Request timed out` twice, with "
            "`Retrying in 1.5 seconds...` between them: the proxy in front of the API drops "
            "idle connections after 10 s, so each retry times out the same way. Raise "
            "`proxy_read_timeout` in nginx.conf.",
            "What does this log mean?",
        ),
        # a short reply the prompt demanded
        ("Cancelled", "Reply with exactly one word: Cancelled"),
        ("No results found.", "If the list is empty, reply with exactly: No results found."),
        # an error body shown after a line that says the API will return it
        (
            "Khi hết hạn mức, máy chủ sẽ trả về:\n"
            '{"success": false, "error": "QUOTA_EXCEEDED", "statusCode": 429}',
            "Máy chủ trả về gì khi hết hạn mức?",
        ),
        (
            "Se a cota diária acabar, o endpoint retornará:\n"
            '{"erro": "limite excedido", "status": 429}',
            "O que acontece quando a cota diária acaba?",
        ),
        # a switch explained, and a switch reported with the fix
        (
            "Gemini models are disabled because `GEMINI_ENABLED` is false in config.toml; set "
            "it to true to turn them back on.",
            "Why does the plugin say 'Gemini models are disabled'?",
        ),
        ("I disabled the flaky model fallback in chain.py; test_parse.py passes now.", None),
        # a person who reports a run stopped, and what they did
        (
            "I cancelled the deploy because the tests failed; the fix for test_parse.py is in.",
            None,
        ),
    ],
)
def test_replies_that_look_like_machinery_notices_stay_answers(
    text: str, question: str | None
) -> None:
    failure, names = reading(text) if question is None else reading(text, question)
    assert not failure, names
