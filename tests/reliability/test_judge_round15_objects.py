"""Round 15 (engineer 79): error objects the judge did not know: an RFC 9457 problem object
(`title` and `httpStatus`), Gemini's `promptFeedback` with a `blockReason` (the prompt blocked,
no answer made). Made-up bodies, and JSON data that merely has a status or a title."""

from __future__ import annotations

from tests.reliability.judging import hand

BODIES = (
    '{\n  "type": "https://api.example.org/problems/rate-limit",\n  "title": "Too Many'
    ' Requests",\n  "httpStatus": 429,\n  "instance": "/v2/chat/completions"\n}',
    '{"promptFeedback": {"blockReason": "OTHER"}, "usageMetadata": {"promptTokenCount": 12}}',
)


def test_a_problem_object_and_a_blocked_prompt_are_error_objects() -> None:
    for text in BODIES:
        failure, names = hand(text)
        assert failure and "error_object" in names, (names, text[:60])


def test_json_data_with_a_status_or_a_title_stays_an_answer() -> None:
    for question, text in (
        (
            "Give me the issue as JSON.",
            '{"id": 7, "title": "Fix the login page", "status": "open", "labels": ["ui"]}',
        ),
        (
            "List the HTTP codes our API returns as a JSON array of code and title.",
            '[{"code": 200, "title": "OK"}, {"code": 404, "title": "Not Found"},'
            ' {"code": 429, "title": "Too Many Requests"}, {"code": 500, "title": "Server'
            ' Error"}]',
        ),
    ):
        failure, names = hand(text, question)
        assert not failure, (names, text[:60])
