"""A reply compared with its question in any script (`words.overlap_words`): the
stems of Cyrillic, Greek and Arabic words, runs of Thai letters, beside Latin words and CJK
pairs. A notice that shares nothing with a task asked in its own script is off its topic; the
answer to the same task shares its words; a reply in another script than the question's is
neither (its words could not be shared)."""

# ruff: noqa: RUF001  (texts in their own scripts)

from __future__ import annotations

import unicodedata

import pytest

from tests.reliability.judging import asked, is_failure, reading
from tether.reliability.judge import read_text
from tether.reliability.words import overlap_words

TASKS_AND_NOTICES = [
    (
        "Напиши функцию на Python, которая сортирует список пользователей по возрасту.",
        "Сервис временно недоступен из-за технических работ. Попробуйте позже.",
    ),
    (
        "Γράψε μια συνάρτηση Python που ταξινομεί τη λίστα χρηστών κατά ηλικία.",
        "Η υπηρεσία δεν είναι διαθέσιμη λόγω συντήρησης. Δοκιμάστε ξανά αργότερα.",
    ),
    (
        "اكتب دالة بلغة بايثون لترتيب قائمة المستخدمين حسب العمر",
        "عذرا، الخادم مشغول حاليا بسبب الصيانة. يرجى المحاولة لاحقا.",
    ),
    (
        "เขียนฟังก์ชันภาษาไพธอนเพื่อเรียงรายชื่อผู้ใช้ตามอายุ",
        "ขออภัย ระบบขัดข้องชั่วคราวเนื่องจากการบำรุงรักษา กรุณาลองใหม่อีกครั้ง",
    ),
]


@pytest.mark.parametrize(("task", "notice"), TASKS_AND_NOTICES)
def test_a_notice_sharing_nothing_with_a_task_in_its_script_is_off_topic(
    task: str, notice: str
) -> None:
    failure, names = reading(notice, task)
    assert failure and "off_topic" in names, names


ANSWERS = [
    (
        TASKS_AND_NOTICES[0][0],
        "Вот функция: она сортирует список пользователей по возрасту с помощью sorted и "
        "ключа age. Ошибки не будет, если возраст указан у каждого.",
    ),
    (
        TASKS_AND_NOTICES[2][0],
        "إليك دالة بايثون لترتيب قائمة المستخدمين حسب العمر باستخدام sorted، ولن يحدث خطأ إذا "
        "كان العمر موجودا.",
    ),
    (
        TASKS_AND_NOTICES[3][0],
        "นี่คือฟังก์ชันไพธอนสำหรับเรียงรายชื่อผู้ใช้ตามอายุ โดยใช้ sorted หากอายุไม่มีจะเกิดข้อผิดพลาด",
    ),
]


@pytest.mark.parametrize(("task", "answer"), ANSWERS)
def test_the_answer_in_the_tasks_script_shares_its_words(task: str, answer: str) -> None:
    failure, names = reading(answer, task)
    assert not failure and "on_topic" in names and "off_topic" not in names, names


def test_a_reply_in_another_script_than_the_question_is_not_off_topic() -> None:
    task = "Write a Python function that sorts the list of users by age."
    answer = "Вот функция: sorted(users, key=lambda u: u.age). Ошибки не будет, если возраст есть."
    failure, names = reading(answer, task)
    assert not failure and "off_topic" not in names, names


def test_inflected_words_share_their_stem() -> None:
    assert overlap_words("осенние листья") & overlap_words("осенних листьев") == {"осенн", "листь"}


DECOMPOSED = [
    # (a notice, an answer) as written; the test stores them decomposed (NFD), as macOS
    # file names and some exports do: Hangul as jamo, accents as combining marks
    (
        "요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.",
        "정렬은 sorted(users, key=lambda u: u.age)로 하면 됩니다. 나이 순서대로 정렬됩니다.",
    ),
    (
        "Le service est momentanément indisponible. Réessayez plus tard.",
        "J'ai corrigé la fonction : elle trie désormais les utilisateurs par âge croissant.",
    ),
]


@pytest.mark.parametrize(("notice", "answer"), DECOMPOSED)
def test_text_stored_decomposed_is_read_as_written(notice: str, answer: str) -> None:
    nfd_notice, nfd_answer = (unicodedata.normalize("NFD", t) for t in (notice, answer))
    assert nfd_notice != notice  # the case is really decomposed
    assert is_failure(nfd_notice) and is_failure(notice)
    assert not is_failure(nfd_answer) and not is_failure(answer)
    question = "Trie les utilisateurs par âge."
    nfd_question = unicodedata.normalize("NFD", question)
    written = read_text(answer, asked(question)).score
    assert read_text(nfd_answer, asked(nfd_question)).score == written
