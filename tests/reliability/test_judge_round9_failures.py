# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 9's missed failures, as concepts: a could-not near a reply in any language's order
(`not_produced`: 'could not generate a reply', a Turkish verb with its could-not fused in, a
Japanese or Korean could-not after the verb); a usage limit hit or that resets at a time; a
bot's job skipped or not done; a bot still learning how to answer; a request called unclear;
a technical difficulty, an error met or occurred in more languages. Beside each, the answer
that must stay one."""

from __future__ import annotations

import pytest

from tests.reliability.judging import is_failure, reading, signals


@pytest.mark.parametrize(
    "text",
    [
        "Não consegui gerar uma resposta.",
        "No se pudo obtener respuesta.",
        "Le modèle n'a pas pu produire de réponse.",
        "Модель не смогла дать ответ.",
        "Asistan bir yanıt üretemedi.",
        "Cevap oluşturulamadı.",
        "回答を生成できませんでした。",
        "답변을 생성하지 못했습니다.",
        "Sistem belum bisa memberikan jawaban.",
        "Δεν υπήρξε απάντηση από το μοντέλο.",
    ],
)
def test_a_could_not_near_a_reply_is_no_reply(text: str) -> None:
    failure, names = reading(text)
    assert failure and "vocabulary:no_reply" in names, names


def test_an_explanation_of_a_server_that_got_no_reply_stays_an_answer() -> None:
    # (the could-not stands far from the reply: a writer telling what one server did)
    text = (
        "Что такое ошибка 502? Прокси-сервер не смог получить от бэкенда корректный ответ, "
        "поэтому запрос вернулся с ошибкой: это значит, что упал бэкенд."
    )
    assert not is_failure(text)


def test_a_could_not_with_the_task_named_stays_an_answer() -> None:
    text = (
        "I couldn't reproduce the empty response with parse_header() on 2.3.1; the test "
        "fails only because tests/test_parse.py pins the old fixture, so I updated it."
    )
    assert not is_failure(text)


@pytest.mark.parametrize(
    "text",
    [
        "You've hit your daily limit · resets 9:00pm",
        "You have used up your message limit for today.",
        "Usage limit hit. Resets in 2h.",
    ],
)
def test_a_usage_limit_hit_or_reset_is_a_quota_notice(text: str) -> None:
    failure, names = reading(text)
    assert failure and "vocabulary:quota" in names, names


def test_an_explanation_of_a_limit_that_resets_stays_an_answer() -> None:
    text = "If you hit the rate limit, wait a minute: the limit resets every 60 seconds."
    assert not is_failure(text)


@pytest.mark.parametrize(
    "text",
    ["Review skipped", "⚠️ Action not completed", "The engine terminated before producing output."],
)
def test_a_bots_job_skipped_or_not_done_is_a_run_stopped(text: str) -> None:
    failure, names = reading(text)
    assert failure and "run_stopped" in names, names


def test_a_reason_for_a_skipped_review_stays_an_answer() -> None:
    text = (
        "The review was skipped because the workflow only runs on pull_request events, and "
        "your branch was pushed directly; add push to the on: list."
    )
    assert not is_failure(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm still learning how to answer that. Try a web search for now.",
        "Todavía estoy aprendiendo a responder esto.",
        "Я ещё учусь отвечать на такие вопросы.",
    ],
)
def test_a_bot_still_learning_to_answer_is_no_reply(text: str) -> None:
    failure, names = reading(text)
    assert failure and "vocabulary:no_reply" in names, names


def test_a_writer_still_learning_a_tool_stays_an_answer() -> None:
    text = (
        "I'm still learning pytest fixtures myself, but the failing test in "
        "tests/test_parse.py needs the tmp_path fixture; I added it and it passes."
    )
    assert not is_failure(text)


def test_a_request_called_unclear_is_not_understood() -> None:
    assert "not_understood" in signals("Ваш вопрос не понятен.")
    assert is_failure("Your request is unclear.")


@pytest.mark.parametrize(
    "text",
    [
        "We are currently experiencing technical difficulties. Please come back soon.",
        "Chyba komunikace! Zkuste to prosím znovu.",
        "عذراً! واجه النظام خطأ. حاول مرة أخرى لاحقاً.",
        "服务发生问题，请稍后再试",
        "Er ging iets mis. Probeer het opnieuw.",
    ],
)
def test_a_technical_difficulty_or_an_error_met_is_a_failure(text: str) -> None:
    assert is_failure(text)


def test_a_page_about_a_difficulty_stays_an_answer() -> None:
    text = (
        "When the status page says the service is experiencing technical difficulties, the "
        "API returns 503 because the load balancer has no healthy backend; retry with backoff."
    )
    assert not is_failure(text)


@pytest.mark.parametrize(
    "text", ["Outside my scope.", "Eso está fuera de mi ámbito.", "这超出了我的范围。"]
)
def test_a_bot_that_calls_a_request_out_of_its_scope_is_a_filter(text: str) -> None:
    failure, names = reading(text)
    assert failure and "vocabulary:filter" in names, names


def test_a_writer_calling_a_change_out_of_scope_stays_an_answer() -> None:
    text = (
        "Renaming the parser module is out of scope for this change; I only fixed the "
        "failing assertion in tests/test_parse.py by trimming the header first."
    )
    assert not is_failure(text)


def test_a_server_limiting_requests_is_a_rate_limit() -> None:
    failure, names = reading("The server is temporarily limiting requests.")
    assert failure and "vocabulary:rate_limit" in names, names


def test_a_bot_currently_experiencing_issues_is_unavailable() -> None:
    text = "Hi! I'm HelperBot. I'm currently experiencing issues and can't reply. Back soon!"
    failure, names = reading(text)
    assert failure and "vocabulary:unavailable" in names, names


def test_a_limit_with_its_reset_time_is_a_quota_notice() -> None:
    text = (
        "Limit reached: we couldn't run the summary because you've used your plan's runs. "
        "More runs will be available in 42 minutes."
    )
    failure, names = reading(text)
    assert failure and "vocabulary:quota" in names, names


def test_a_release_note_saying_when_a_feature_will_be_available_stays_an_answer() -> None:
    text = (
        "The streaming flag you asked about ships in 2.4, which will be available in the next "
        "release; until then, tests/test_parse.py can mock the reader as I did."
    )
    assert not is_failure(text)


def test_a_bot_asking_the_user_to_describe_their_problem_hands_back() -> None:
    assert is_failure("Пожалуйста, уточните ваш вопрос.")
    assert is_failure("您好，请详细描述您的问题")


def test_a_maintainer_asking_for_a_screenshot_stays_an_answer() -> None:
    assert not is_failure("请贴一下报错截图和版本号，我看看是不是配置的问题")
