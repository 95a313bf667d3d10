"""Round 17 (engineer 87): a notice object whose code goes by a return code's name (`rc`,
`retcode`, `result_code`, `errno`) beside its message is an error body, as one with `code` is;
an object with a payload beside those keys is data, and left alone. The fetch API's own words
for a request that got no answer (`TypeError: fetch failed`, `Failed to fetch`) said alone are
a runtime's message; said inside a writer's sentence they are left alone. Made-up replies."""

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


def test_the_fetch_apis_own_failure_is_a_runtime_message() -> None:
    for text in (
        "TypeError: fetch failed",
        "[ERROR] chat: Error: fetch failed",
        "Request error: Failed to fetch",
        "Error: socket hang up",
    ):
        failure, names = hand(text)
        assert failure and "runtime_message" in names, (names, text)
    for text in (
        "The request failed with `TypeError: fetch failed` because the proxy URL was wrong; "
        "I fixed PROXY_URL in .env and the test passes.",
        "When the browser says Failed to fetch, check CORS first: the server must send "
        "Access-Control-Allow-Origin for your origin.",
    ):
        _, names = hand(text)
        assert "runtime_message" not in names, (names, text)
