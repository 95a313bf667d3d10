"""Round 11's hand signals, concepts that generalise, each beside the reading that must stay:
`off_topic` reads a language written one syllable a word (Vietnamese, its syllables read in
pairs as CJK is read in pairs of characters) and Latin letters with or without their accents as
one alphabet ("café", "cafe"); how often a failure comes back ("often", "every few minutes",
"oft", "часто", "souvent") is recurrence, an answer's sign, in many languages; a writer saying no
error appears ("kein Fehler", "sin errores", "没有报错") is a witness, in many languages;
`own_machinery` reads one list of parts; a changelog title in other languages is a change note.

The texts are made up; none is a corpus text.
"""

# ruff: noqa: RUF001  (texts in their own scripts and punctuation)

from __future__ import annotations

import pytest

from tests.reliability.judging import reading, signals


def test_a_vietnamese_notice_shares_no_word_with_the_task() -> None:
    failure, names = reading("Không thể kết nối tới máy chủ, vui lòng thử lại.")
    assert failure and "off_topic" in names, names


def test_a_vietnamese_answer_shares_the_pairs_of_syllables_of_its_task() -> None:
    task = "Sửa lỗi kết nối cơ sở dữ liệu trong tệp config.py rồi cho tôi biết đã thay đổi gì."
    answer = (
        "Đã sửa lỗi kết nối cơ sở dữ liệu: trong tệp config.py cổng bị sai (5433), "
        "giờ là 5432 và bài kiểm tra đã chạy qua."
    )
    failure, names = reading(answer, task)
    assert not failure and "on_topic" in names and "off_topic" not in names, names


def test_accented_words_are_the_words_of_a_task_typed_without_accents() -> None:
    task = "Ecris le resume de l'integration du systeme de paiement pour la reunion de demain."
    answer = (
        "Résumé : l'intégration du système de paiement a échoué une fois en recette "
        "(délai dépassé côté banque), corrigé depuis ; prête pour la réunion."
    )
    failure, names = reading(answer, task)
    assert not failure and "on_topic" in names, names


def test_a_notice_in_accented_latin_still_shares_nothing_with_an_unrelated_task() -> None:
    notice = "Le serveur est momentanément indisponible. Réessayez dans quelques minutes."
    assert "off_topic" in signals(notice)


# How often a failure comes back, told in many languages: an explanation of it, or a report
# over time (`recurrence`, the one home of recurrence words), never a notice.
RECURRING = [
    "The upstream often returns 502.",
    "The gateway frequently drops the connection after a deploy.",
    "The proxy resets the stream every few minutes.",
    "Der Upstream liefert oft 502.",
    "Der Proxy bricht die Verbindung alle paar Minuten ab.",
    "Upstream часто возвращает 502.",
    "Le serveur renvoie souvent une erreur 502.",
    "El proxy devuelve 502 con frecuencia.",
    "O gateway retorna 502 com frequência.",
    "Il proxy restituisce spesso un errore 502.",
    "Proxy thường xuyên trả về lỗi 502.",
]


@pytest.mark.parametrize("text", RECURRING)
def test_a_failure_told_as_coming_back_often_is_an_answer(text: str) -> None:
    failure, names = reading(text)
    assert not failure and "recurrence" in names, names


# A rate limit's notice says requests came too often: that is no recurrence.
TOO_OFTEN = [
    "You are sending requests too frequently. Please slow down.",
    "Вы слишком часто отправляете запросы. Попробуйте позже.",
    "Sie senden zu häufig Anfragen. Bitte warten Sie.",
    "Vous envoyez des requêtes trop souvent. Réessayez plus tard.",
]


@pytest.mark.parametrize("text", TOO_OFTEN)
def test_requests_sent_too_often_are_a_rate_limits_notice(text: str) -> None:
    failure, names = reading(text)
    assert failure and "recurrence" not in names, names


# A writer saying no error appears, in many languages (`not_seeing`'s phrases): a witness's
# words, and the failure word inside them is no failure's.
NO_ERROR_SEEN = [
    "I ran the tests again after the change and there are no errors now.",
    "Nach dem Update kommt kein Fehler mehr, die Tests laufen durch.",
    "Después del cambio ya no aparece ningún error y las pruebas pasan.",
    "Depois da mudança não aparece nenhum erro.",
    "Après la modification, plus aucune erreur ne s'affiche.",
    "После изменения ошибок больше нет, тесты проходят.",
    "Sau khi sửa thì không còn lỗi nữa.",
    "改完之后重新跑了一遍，没有错误了。",
    "修正後に実行し直したら、エラーが出なくなりました。",
    "Sin errores.",
]


@pytest.mark.parametrize("text", NO_ERROR_SEEN)
def test_a_writer_saying_no_error_appears_is_a_witness(text: str) -> None:
    failure, names = reading(text)
    assert not failure and "witness" in names, names


def test_a_notice_beside_a_negation_that_is_no_no_error_phrase_stays_a_failure() -> None:
    failure, names = reading("Keine Verbindung zum Server. Fehler 503, bitte später erneut.")
    assert failure and "witness" not in names, names


# `own_machinery`: one list of the bot's parts, in any trouble (a person's bad day is one kind):
# a part one round listed and a trouble the other did are one reading.
def test_a_part_of_the_machinery_in_any_trouble_is_its_own_machinery() -> None:
    failure, names = reading("Mein neuronales Netz ist abgestürzt 😵")
    assert failure and "own_machinery" in names, names
    assert "own_machinery" in signals("Le module est en panne, désolé !")


def test_a_french_j_ai_is_no_ai() -> None:
    failure, names = reading("Désolé, j'ai cassé la démo ce matin, c'est réparé maintenant.")
    assert not failure and not {"own_machinery", "self_state"} & names, names
    assert "own_machinery" in signals("Oups, l'IA est en panne 😅")


# A changelog's title names a change done to code in other languages too (a past participle or
# a noun; an imperative is advice): `change_note`.
CHANGE_TITLES = [
    "修复上传大文件时超时报错的问题",
    "ファイル読み込み時のタイムアウトエラーを修正",
    "파일 업로드 시 타임아웃 오류 수정",
    "Behoben: Zeitüberschreitung beim Hochladen",
]


@pytest.mark.parametrize("text", CHANGE_TITLES)
def test_a_changelog_title_in_another_language_is_a_change_note(text: str) -> None:
    failure, names = reading(text)
    assert not failure and "change_note" in names, names


@pytest.mark.parametrize("text", ["系统修复中，请稍后再试。", "服务器正在修复，请稍后重试。"])
def test_a_notice_of_a_repair_under_way_is_no_change_note(text: str) -> None:
    failure, names = reading(text)
    assert failure and "change_note" not in names, names


# "Not available" with a word of time between the verb and the adjective, as Romance languages
# say it ("non è al momento disponibile"), as English "not currently available" is read.
@pytest.mark.parametrize(
    "text",
    [
        "La chat non è al momento disponibile.",
        "El chat no está actualmente disponible.",
        "O chat não está no momento disponível.",
    ],
)
def test_not_available_at_the_moment_is_a_failure_word(text: str) -> None:
    failure, names = reading(text)
    assert failure and "vocabulary:unavailable" in names, names


def test_an_answer_that_says_a_method_is_not_yet_available_stays_an_answer() -> None:
    answer = (
        "Il metodo removeprefix non è ancora disponibile in Python 3.8, quindi l'ho sostituito "
        "con uno slicing in tests/test_parse.py: il test ora passa."
    )
    assert not reading(answer)[0]
