"""Round 16 (engineer 83): the core words of a notice in languages the corpus has few texts
of: Tamil's sorry, problem and try later; Bengali's no reply; Thai's AI or bot that does not
reply (not a server that does not, which a definition of 504 says); Georgian's answer not
found; Indonesian's wait a while; Tagalog's "just a moment" (a bot holding the turn). Made-up
replies, both sides."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

NOTICES = (
    "மன்னிக்கவும், சேவையகத்தில் சிக்கல் உள்ளது. பின்னர் முயற்சிக்கவும்.",
    "দুঃখিত, কোনো সাড়া পাওয়া যায়নি।",
    "บอทไม่ตอบกลับ ลองใหม่อีกครั้ง",
    "პასუხი ვერ მივიღეთ.",
    "Server penuh, tunggu sebentar ya 🙏",
    "Teka lang po, babalikan kita 🙏",
)


@pytest.mark.parametrize("text", NOTICES)
def test_a_notice_in_a_thin_language_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure, names


ANSWERS = (
    # Indonesian: the test waited too little; the fix, told
    "Tesnya gagal karena timeout terlalu pendek, jadi saya menaikkannya ke 5 detik di"
    " tests/test_parse.py dan sekarang lulus.",
    # Tamil: a step of the fix, told
    "tests/test_parse.py கோப்பில் உள்ள parse() அழைப்பை மாற்றினேன்; இப்போது சோதனை வெற்றி பெறுகிறது.",
)


@pytest.mark.parametrize("text", ANSWERS)
def test_an_answer_in_these_languages_is_not(text: str) -> None:
    failure, names = hand(text)
    assert not failure, names
