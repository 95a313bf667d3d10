"""Round 16 (engineer 85): a whole reply that is one clause of inability in the grammar of
Vietnamese or Thai ("không ... được", "ไม่สามารถ...ได้"), after a warning sign at most, is a
client's notice; an answer that says why, or what it did instead, is left alone. Made-up
replies, both sides."""

from __future__ import annotations

from tests.reliability.judging import hand


def test_one_clause_of_inability_is_a_failure() -> None:
    for text in (
        "\u26a0\ufe0f Không dịch được.",
        "Không thể tóm tắt được",
        "\u274c ไม่สามารถสรุปข้อความได้",
    ):
        failure, names = hand(text)
        assert failure and "inability_alone" in names, (names, text)


def test_an_answer_that_goes_on_is_left_alone() -> None:
    for text in (
        "Không chạy được test vì thiếu fixtures; tôi đã thêm tests/fixtures/header.txt.",
        "ไม่สามารถรันเทสต์ได้ในเครื่องนี้ แต่ผมแก้ฟังก์ชัน parse_header แล้ว",
        "Đã sửa xong, test chạy được rồi.",
    ):
        failure, names = hand(text)
        assert not failure and "inability_alone" not in names, (names, text)
