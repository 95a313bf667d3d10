"""Round 16 (engineer 83): a chat bot's hand-back in Hinglish, Hindi and Bengali ("phir se
bolo", "ruko thoda", "পরে কথা বলবো"), and an API's missing-input error in its terse form
("Missing parameter", "No input found", 缺少参数), in the languages the corpus has. Made-up
replies, both sides."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

FAILURES = (
    "net slow hai yaar, phir se bolo na? 🥺",
    "ruko thoda jaan, abhi aati hoon 💕",
    "এখন একটু ব্যস্ত, পরে কথা বলবো 🥺",
    "Missing required parameter: messages",
    "No input provided",
    "缺少参数 model",
    "Paramètre manquant : prompt",
)


@pytest.mark.parametrize("text", FAILURES)
def test_a_hand_back_or_a_missing_input_error_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure, names


ANSWERS = (
    # a fix that names the missing parameter it added
    "The test failed on a missing parameter: `parse()` now takes `strict=False` by default,"
    " so the old call in tests/test_parse.py passes again.",
    # a note of what was done, with "later" in it
    "Renamed the helper and moved the retry to the caller; the docs I will update later.",
)


@pytest.mark.parametrize("text", ANSWERS)
def test_an_answer_with_these_words_is_not(text: str) -> None:
    failure, names = hand(text)
    assert not failure, names
