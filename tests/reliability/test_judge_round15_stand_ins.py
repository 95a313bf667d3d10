"""Round 15 (engineer 79): stand-ins that name themselves (a test's or a default's canned
answer), the label of the reply's slot printed in its place, a program's constant alone.
Made-up replies to a coding task, and the short answers that look like them."""

from __future__ import annotations

from tests.reliability.judging import hand

STAND_INS = (
    "This is a test response.",
    "Default reply",
    "Hola, esta es una respuesta de prueba del bot",
    "\u6d4b\u8bd5\u56de\u590d",
    "Bot response",
    "LLM output",
    "[ Placeholder ]",
    "ERR_CONTEXT_WINDOW_EXCEEDED",
    "NOT-AVAILABLE-YET",
)


def test_a_stand_in_naming_itself_is_a_placeholder() -> None:
    for text in STAND_INS:
        failure, names = hand(text)
        assert failure and "placeholder" in names, (names, text)


def test_a_short_report_about_a_mock_stays_an_answer() -> None:
    for text in (
        "The test response passed.",
        "Fixed: the mock response now includes usage.",
        "Here is a mock response for the test.",
    ):
        _, names = hand(text)
        assert "placeholder" not in names, (names, text)


def test_a_constant_marked_as_code_or_asked_for_stays_an_answer() -> None:
    failure, names = hand("`MAX_RETRY_COUNT`", "Which constant sets the number of retries?")
    assert not failure, names
    failure, names = hand(
        "OPENAI_API_KEY",
        "Reply with only the name of the environment variable that holds the API key.",
    )
    assert not failure, names
