"""Round 41: answers the hand signals took for failures, read more precisely.

A Python dict or struct printed whole whose error keys hold only empty values (`'errors': []`,
`error=None`) is a result that reports no error, as JSON's empty values already were. A reply
that is only a list (under a heading at most) whose items name failures of several kinds is a
catalogue of causes, not a notice (`lists_failures`). A writer sorry for what befell the user
("I'm sorry to hear that", "sorry this happened to you") consoles them: a person or an agent
speaking to the asker (`addresses_asker`), not a service apologising for its own failure.
Each failure lookalike beside stays a failure."""

# ruff: noqa: RUF001  (texts in their own scripts)

from __future__ import annotations

import pytest

from tests.reliability.judging import hand
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
