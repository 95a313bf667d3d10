"""Round 17 (engineer 87): a notice object whose code goes by a return code's name (`rc`,
`retcode`, `result_code`, `errno`) beside its message is an error body, as one with `code` is;
an object with a payload beside those keys is data, and left alone. Made-up replies."""

from __future__ import annotations

from tests.reliability.judging import hand


def test_a_message_and_a_return_code_is_an_error_body() -> None:
    for text in (
        '{"message": "All workers are busy. Please try again in a few minutes.", '
        '"rc": "WorkersBusy"}',
        '{"msg": "Daily request limit exceeded for this key", "retcode": 40029}',
        '{"message": "Upstream model timed out", "result_code": "UPSTREAM_TIMEOUT"}',
    ):
        failure, names = hand(text)
        assert failure and "error_object" in names, (names, text)


def test_a_payload_beside_a_return_code_is_data() -> None:
    for text in (
        '{"rc": 0, "items": [{"id": 1, "name": "parser"}, {"id": 2, "name": "lexer"}]}',
        '{"message": "Tests fixed", "rc": 0, "changed": ["tests/test_parse.py"]}',
    ):
        failure, names = hand(text)
        assert not failure and "error_object" not in names, (names, text)
