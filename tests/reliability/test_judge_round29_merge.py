"""Round 29's merge mends, read by the hand-written signals alone (the learned signal off), so
that no retraining can carry or drop them: a stand-by line in Russian and its neighbours is a
stand-in as the English one is, and a bot's own-outage reading leaves a report that names
its source. The texts are made up; none is a corpus text."""

from __future__ import annotations

import pytest

from tests.reliability.judging import TASK, hand


@pytest.mark.parametrize(
    "text",
    [
        "Я тут, подожди секунду…",
        "Одну минутку…",
        "Warte kurz…",
        "Un attimo…",
        "Bir saniye…",
    ],
)
def test_a_wait_a_moment_line_alone_is_a_stand_in_in_other_languages(text: str) -> None:
    failure, names = hand(text, TASK)
    assert failure and "placeholder" in names, names


def test_a_wait_a_moment_before_the_answer_is_an_answer() -> None:
    text = (
        "Подождите минутку, я проверю логи: в tests/test_parse.py падает assert на строке 12, "
        "потому что parse() возвращает None."
    )
    failure, names = hand(text, TASK)
    assert not failure, names


def test_a_report_that_names_its_source_is_no_bots_own_outage() -> None:
    text = "Theo Reuters, dịch vụ của Facebook bị gián đoạn khoảng hai giờ."
    failure, names = hand(text, "Có tin gì về sự cố của Facebook hôm nay không?")
    assert "own_outage" not in names and not failure, names


def test_the_bots_own_outage_without_a_source_stays_a_failure() -> None:
    failure, names = hand("O chatbot está fora do ar no momento.", TASK)
    assert failure and "own_outage" in names, names
