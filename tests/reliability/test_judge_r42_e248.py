# ruff: noqa: RUF001  (Chinese notices in their own punctuation)
"""Words read from judge_signals.json where modules kept them in Python (step_error,
source_left, rejected_choice's re-prompt, support_offline's asks_contact, refusal_lecture's gate
and joins): the readings are unchanged. And a Chinese menu's "invalid option" notice
("无效的选项"), a failure word as "Invalid option." is, to a request for work."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand
from tether.reliability.lexicon import SHIPPED

MOVED = {
    "step_error": ("steps", "troubles", "meeting", "results", "speakers", "cannot", "asker_gave"),
    "source_left": ("asks_conversion", "frames", "makes", "things", "gate", "question_openings"),
    "rejected_choice": ("reprompt", "reprompt_range", "reprompt_choices"),
    "support_offline": ("asks_contact",),
    "refusal_lecture": ("gate", "joins"),
}


@pytest.mark.parametrize(("section", "fields"), MOVED.items())
def test_moved_words_are_data(section: str, fields: tuple[str, ...]) -> None:
    assert all(SHIPPED[section].get(field) for field in fields)


def test_step_error_still_read_from_its_section() -> None:
    failure, read = hand(
        "It seems there was an error while attempting to extract the text from the image. "
        "I am unable to extract the text as requested."
    )
    assert failure and "step_failed" in read


def test_step_error_of_the_asker_input_is_no_step_error() -> None:
    _, read = hand(
        "There was an error while parsing the JSON you sent: a comma is missing after the "
        "second key. I am unable to provide the summary until it is fixed."
    )
    assert "step_failed" not in read


def test_conversion_declined_still_read_from_its_section() -> None:
    failure, read = hand(
        "I cannot translate Python code to Java code. The two languages differ in too many "
        "ways for a direct translation.",
        "Translate this Python program to Java: print(1)",
    )
    assert failure and "conversion_declined" in read


def test_conversion_impossible_asked_as_a_question_is_the_answer() -> None:
    _, read = hand(
        "It is not possible to provide a direct translation of yield in Java: Java has no "
        "generators.",
        "How would I translate yield to Java?",
    )
    assert "conversion_declined" not in read


def test_rejected_choice_reprompt_still_read_from_its_section() -> None:
    failure, read = hand("Opção inválida. Por favor, digite um número de 1 a 4.")
    assert not failure and "rejected_choice" in read


def test_invalid_option_in_chinese_to_work_is_a_notice() -> None:
    assert hand("无效的选项")[0]
    assert hand("無效的選項")[0]


def test_invalid_option_in_chinese_to_a_menu_entry_is_the_menu_answer() -> None:
    failure, read = hand("无效的选项", "3")
    assert not failure and "rejected_choice" in read


def test_invalid_option_in_chinese_reprompting_is_the_menu_answer() -> None:
    assert not hand("无效的选项。请输入 1 到 4 之间的数字。")[0]


def test_invalid_option_named_in_an_answer_stays_an_answer() -> None:
    assert not hand('在设置中选择"无效的选项"会被忽略。')[0]
    assert not hand(
        "--legacy-mode 在新版本中已是无效的选项，请改用 --compat。",
        "配置文件里的 --legacy-mode 选项还能用吗？",
    )[0]
