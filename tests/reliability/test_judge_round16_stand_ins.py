"""Round 16 (engineer 83): a mishap's interjection alone ("Oh snap!", "Ojej!", "아이쿠!"),
and work in progress said where the reply goes ("Preparing review...", "Открываю поиск"): a
bot's stand-in, not an answer. Made-up replies, both sides."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

STAND_INS = (
    "Aw snap! 😵",
    "Ojej!",
    "아이쿠!",
    "Preparing...",
    "⏳ Preparing review",
    "Открываю поиск…",
)


@pytest.mark.parametrize("text", STAND_INS)
def test_a_stand_in_alone_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure, names


ANSWERS = (
    "Preparing the fixture once per module fixed it: the test no longer times out.",
    "Oh snap, that was it: the path had a trailing slash. I removed it and the test passes.",
)


@pytest.mark.parametrize("text", ANSWERS)
def test_an_answer_that_opens_with_these_words_is_not(text: str) -> None:
    failure, names = hand(text)
    assert not failure, names
