"""Round 16 (engineer 85): a bot's failure notice in a casual register (romanized Hindi,
colloquial Indonesian) is a failure; a person's guess about someone else's trouble, and text
that only shares a word with the notices, are left alone. Made-up replies, both sides."""

from __future__ import annotations

from tests.reliability.judging import hand


def test_trouble_in_a_casual_register_is_a_failure() -> None:
    for text in (
        "Oye, abhi kuch gadbad ho gayi, thodi der baad aana na 🙏",
        "Sorry jaan, net dhoka de raha hai aaj",
        "Bot lagi error nih, ntar aja ya",
        "Waduh, AI-nya nggak ngasih jawaban. Kirim ulang dong",
        "Server lagi sibuk banget, sabar ya kak",
    ):
        failure, names = hand(text)
        assert failure and "casual_trouble" in names, (names, text)


def test_a_guess_or_a_lookalike_word_is_left_alone() -> None:
    for text in (
        "Sepertinya servernya lagi error, coba clear cache dulu baru login lagi",
        "Shayad unka server down hai, maine config change karke test pass kar diya",
        "I added the network metrics test and fixed the parser's header check.",
        "The gadbad.js helper now parses the header; the test passes.",
    ):
        _, names = hand(text)
        assert "casual_trouble" not in names, (names, text)
