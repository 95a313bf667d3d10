"""Round 41: answers the hand signals took for failures, read more precisely.

A Python dict or struct printed whole whose error keys hold only empty values (`'errors': []`,
`error=None`) is a result that reports no error, as JSON's empty values already were. A reply
that is only a list (under a heading at most) whose items name failures of several kinds is a
catalogue of causes, not a notice (`lists_failures`). A writer sorry for what befell the user
("I'm sorry to hear that", "sorry this happened to you") consoles them: a person or an agent
speaking to the asker (`addresses_asker`), not a service apologising for its own failure.
Each failure lookalike beside stays a failure, and the mends after review keep the stock
notices these let through: a bare "Invalid selection." to a request for work, sympathy followed
only by "Something went wrong", a relay's list of errors to a request for other work."""

# ruff: noqa: RUF001  (texts in their own scripts)

from __future__ import annotations

import pytest

from tests.reliability.judging import hand, reading
from tether.reliability.error_objects import error_object

# ---------------------------------------------------------------- empty error keys


def test_a_printed_result_with_an_empty_errors_list_is_an_answer() -> None:
    """A structured-output library's result, printed as a Python dict: its `errors` is empty."""
    text = (
        "{'data': {'person': [{'first_name': 'Bobby'}, {'first_name': 'Joe'}]},\n"
        " 'raw': 'first_name\\nBobby\\nJoe',\n 'errors': [],\n 'validated_data': {}}"
    )
    asked = "(kor CSV-encoded extraction, schema person.first_name) text mentioning Bobby and Joe"
    failure, names = hand(text, asked)
    assert not failure and "error_object" not in names, names


@pytest.mark.parametrize(
    "text",
    [
        "{'error': 'boom', 'code': 500}",
        "{'errors': [], 'error': 'upstream connect error'}",
        "Error {code: 429, message: 'rate limited', errors: None}",
    ],
)
def test_a_printed_object_with_an_error_in_it_is_still_an_error_object(text: str) -> None:
    assert error_object(text) is not None


# ---------------------------------------------------------------- a list of failures


@pytest.mark.parametrize(
    "text",
    [
        # (an explainer's list of what a Bedrock call may run into)
        "- Amazon Bedrockサービスの一時的な障害\n- APIレート制限超過（スロットリング）\n- タイムアウト\n"
        "- モデルの一時的な利用不可",
        # (a quota write-up's section)
        '### ❌ Quota Exceeded\n- Consistent 429 errors\n- "insufficient_quota" messages\n'
        "- Service degradation",
        "- Free tier: Resets monthly on your billing cycle date\n- Pay-as-you-go: Resets when you "
        "add more credits\n- Check your billing cycle in OpenAI dashboard",
    ],
)
def test_a_list_of_failures_of_several_kinds_is_a_catalogue(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "lists_failures" in names, names


@pytest.mark.parametrize(
    "text",
    [
        # (a notice that opens with its own failure, then lists its possible causes)
        "Request failed. Possible causes:\n- timeout\n- rate limit exceeded\n- invalid API key",
        # (one failure said three times is no catalogue)
        "- Error: request failed\n- Error: request failed\n- Error: request failed",
    ],
)
def test_a_notice_with_a_list_of_causes_stays_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "lists_failures" not in names, names


# ---------------------------------------------------------------- consoling the user


@pytest.mark.parametrize(
    "text",
    [
        # (a bank's support bot, after "someone used my card")
        "I am sorry, this happened to you. First things first, we need to secure your accounts. "
        "Would you like me to lock all your cards temporarily while we figure things out?",
        "We’re sorry to hear that. Please share your order ID so we can assist you with the "
        "refund process.",
    ],
)
def test_a_reply_that_consoles_the_user_is_an_answer(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "addresses_asker" in names, names


@pytest.mark.parametrize(
    "text",
    [
        "Sorry, something went wrong. Please try again later.",
        "抱歉，服务出错了，请稍后再试。",
    ],
)
def test_a_service_sorry_for_its_own_failure_stays_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "addresses_asker" not in names, names


# ---------------------------------------------------------------- a choice rejected


@pytest.mark.parametrize(
    "text",
    [
        # (a WhatsApp menu bot, and a bank's card-payment dialog)
        "Opção inválida. Por favor, digite um número de 1 a 4 para continuar.",
        "Sorry, that is not a valid payment date.",
    ],
)
def test_a_bot_that_rejects_the_users_choice_answers(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "rejected_choice" in names, names


def test_an_invalid_key_is_no_rejected_choice() -> None:
    """The invalid thing is the exchange's own (an API key): a notice's words, not a menu's."""
    _, names = hand("That is not a valid API key. Please check your settings.")
    assert "rejected_choice" not in names, names


# ---------------------------------------------------------------- mends: what the round let through


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("Invalid selection.", "Summarize this document"),
        ("Opção inválida.", "Escreva um poema"),
        ("Invalid option", "Write a haiku about autumn"),
    ],
)
def test_a_bare_invalid_option_to_a_request_for_work_stays_a_failure(text: str, asked: str) -> None:
    """No menu entry was asked and no choices are offered again: a notice, not a menu's turn."""
    failure, names = hand(text, asked)
    assert failure and "rejected_choice" not in names, names
    assert reading(text, asked)[0]


def test_an_invalid_option_in_chinese_to_a_poem_request_is_no_rejected_choice() -> None:
    """(Not caught before the round either: the lexicon lacks the words; the signal stays off.)"""
    _, names = hand("无效的选项", "写一首诗")
    assert "rejected_choice" not in names, names


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("Invalid option.", "7"),
        ("Opção inválida. Por favor, escolha uma das opções disponíveis.", "Escreva um poema"),
    ],
)
def test_an_invalid_option_to_a_menu_entry_or_with_the_choices_again_answers(
    text: str, asked: str
) -> None:
    failure, names = hand(text, asked)
    assert not failure and "rejected_choice" in names, names


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("Sorry to hear that. Something went wrong.", "My test keeps failing"),
        ("很抱歉听到这个消息，服务暂时不可用。", "我的测试失败了"),
        ("Es tut mir leid, das zu hören. Ein Fehler ist aufgetreten.", "Mein Test schlägt fehl"),
        ("Жаль это слышать. Произошла ошибка.", "Мой тест падает"),
        ("Désolé d'apprendre cela. Une erreur est survenue.", "Mon test échoue"),
    ],
)
def test_sympathy_before_a_stock_notice_stays_a_failure(text: str, asked: str) -> None:
    """Consolation followed only by a stock notice is still the service's notice."""
    failure, names = hand(text, asked)
    assert failure and "addresses_asker" not in names, names
    assert reading(text, asked)[0]


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        (
            "### Error\n- Rate limit exceeded\n- Request timed out\n- Authentication failed",
            "Summarize the article",
        ),
        (
            "- API rate limit exceeded\n- Connection timeout\n- Upstream service unavailable",
            "Translate to German: good morning",
        ),
        (
            "- API rate limit exceeded\n- Connection timeout\n- Upstream service unavailable",
            "Why do my requests fail?\n\n(answer under the heading)",
        ),
    ],
)
def test_a_relays_list_of_errors_stays_a_failure(text: str, asked: str) -> None:
    """To a request for other work, or under an Error heading, a list of failures is a relay's."""
    if asked.startswith("Why"):
        text = "### Errors\n" + text
    failure, names = hand(text, asked)
    assert failure and "lists_failures" not in names, names
    assert reading(text, asked)[0]


def test_a_list_of_attempts_is_no_catalogue() -> None:
    text = "- Attempt 1: rate limit exceeded\n- Attempt 2: connection timeout\n- Attempt 3: 502"
    _, names = hand(text, "Why does my request fail?")
    assert "lists_failures" not in names, names
