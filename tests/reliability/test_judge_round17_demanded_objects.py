"""Round 17: an object the request demanded, named by its keys, is the answer whatever its
keys are (`{"ok": false, "message": ...}`, `{"code": 1, "msg": ...}`), not only when they are
error-like names; the same object to a task that asked for nothing of the kind is a failure
body. Made-up replies, both sides."""

from __future__ import annotations

import pytest

from tests.reliability.judging import is_failure, reading

DEMANDED = [
    (
        "Check whether the config file parses. Reply only with a JSON object with the keys "
        '"ok" and "message".',
        '{"ok": false, "message": "line 3: unexpected indent"}',
    ),
    (
        'Validate the form input and return JSON in the format {"code": 0|1, "msg": string}. '
        "Input: name=Ann, email=",
        '{"code": 1, "msg": "missing field: email"}',
    ),
    (
        "Is this a valid ISBN-10? Answer as a JSON object: {'valid': bool, 'reason': str}. "
        "0-306-40615-3",
        "{'valid': false, 'reason': 'the check digit should be 2'}",
    ),
]


@pytest.mark.parametrize(("question", "text"), DEMANDED)
def test_an_object_whose_keys_the_request_names_is_its_answer(question: str, text: str) -> None:
    failure, names = reading(text, question)
    assert not failure, names
    if "error_object" in names:  # read as an error body: the demand is what clears it
        assert "asked_for" in names, names


def test_the_same_object_to_another_task_is_still_a_failure() -> None:
    assert is_failure('{"ok": false, "message": "upstream timeout"}')
    assert is_failure('{"code": 1, "msg": "rate limit exceeded, try again later"}')


def test_one_named_key_does_not_excuse_an_error_body() -> None:
    """Naming one key (`message`) is not demanding the object: a failure body that carries a
    `message` still reads as one."""
    question = "Return the commit message for this diff as JSON."
    assert is_failure('{"error": {"message": "Service Unavailable", "code": 503}}', question)
