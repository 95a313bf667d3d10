"""Round 16 (engineer 83): English contractions typed without their apostrophe ("I cant
connect", "couldnt"), read as the same words; a client's label of what the API or server
returned ("API returned HTTP status: 503"); a reply the app says came back empty ("returned
with an empty list", "response from the model was empty"). Made-up replies, both sides."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

FAILURES = (
    "Sorry, I couldnt reach the server. Try again later",
    "Oops, I cant answer right now 😢",
    "API returned HTTP status: 503",
    "Server returned status 502 Bad Gateway",
    "The search returned with an empty list. Ask something else?",
    "Bot: response from the model was empty.",
)


@pytest.mark.parametrize("text", FAILURES)
def test_these_client_notices_are_failures(text: str) -> None:
    failure, names = hand(text)
    assert failure, names


ANSWERS = (
    "I cant reproduce it locally, but the CI log shows the fixture path was wrong; I fixed it.",
    "API returned 200 once I set the header, and tests/test_parse.py passes now.",
    "The parser returned with an empty list when the input had a BOM, so I strip it first.",
)


@pytest.mark.parametrize("text", ANSWERS)
def test_answers_in_these_words_are_not(text: str) -> None:
    failure, names = hand(text)
    assert not failure, names
