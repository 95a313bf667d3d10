"""Short failure notices in the main languages that the hand signals had no words for: a step
of the app's machinery and its failing ('la requisição falhou', '请求中断'), a failure word that
declines ('Ungültiger Schlüssel', 'non valide'), a missing permission ('没有权限'), a problem
said to have happened ('Houve um problema'), a rate said to be too fast, a could-not around its
object ('konnte die Datei nicht laden'), nothing returned, a required value not provided. Read
by the hand signals alone (the learned signal off); beside them, the answers that mention the
same words and must stay answers."""

# ruff: noqa: RUF001  (texts in their own scripts: Cyrillic, Turkish dotless i)
from __future__ import annotations

import pytest

from tests.reliability.judging import asked, is_failure
from tether.reliability.judge import JudgeConfig, read_text

HAND_ONLY = JudgeConfig(weights={"learned": 0.0})


def hand_weight(text: str) -> float:
    return sum(s.weight for s in read_text(text, asked(), config=HAND_ONLY).signals)


STEP_FAILED = (
    "A requisição falhou",
    "La requête a échoué.",
    "Solicitud de API fallida",
    "请求中断",
    "Połączenie przerwane",
    "Запрос не удался.",
    "Verbindung getrennt",
    "Koneksi terputus",
)
DECLINED = ("Ungültiger Schlüssel", "Clé non valide")
NO_PERMISSION = (
    "You don't have permission to use this model.",
    "你没有权限使用此模型",
    "Нет доступа к модели",
)
MORE = (
    "İstek başarısız oldu",  # Turkish: 'İ' lowers to 'i' and a combining dot
    "Les requêtes sont trop rapides, patientez.",  # too fast: a rate limit
    "Der Assistent konnte die Datei nicht laden",  # 'konnte ... nicht' around its object
    "Das Modell hat nichts zurückgegeben.",  # did not return anything
    "Génération incomplète",
    "Token not provided.",  # a required value missing
    "模型名称不能为空",
    "Es ist ein Problem mit der Verbindung aufgetreten.",  # a problem ... occurred
    "Не удаётся загрузить модель",
    "Kunci API tidak valid",
)
PROBLEM_HAPPENED = (
    "Houve um problema ao gerar a resposta.",
    "C'è stato un errore.",
    "Đã có sự cố khi tạo câu trả lời.",
    "이런! 문제가 생겼어요.",
)


@pytest.mark.parametrize("text", STEP_FAILED + DECLINED + NO_PERMISSION + PROBLEM_HAPPENED + MORE)
def test_a_short_failure_notice_is_read_by_the_hand_signals(text: str) -> None:
    assert hand_weight(text) >= 1.0, text


ANSWERS = (
    "The request failed because the header was missing; I added it in tests/test_parse.py "
    "and the test passes now.",
    "La requête a échoué parce que l'en-tête manquait ; je l'ai ajouté dans "
    "tests/test_parse.py et le test passe.",
    "Die Anfrage ist fehlgeschlagen, weil der Parser ungültige Daten erhielt; ich habe "
    "parse_date in tests/test_parse.py korrigiert.",
    "You don't have permission to push to main, so I opened a branch fix-parse with the "
    "change to tests/test_parse.py.",
    "Ich konnte den Fehler nicht reproduzieren; ich habe parse_date in tests/test_parse.py "
    "trotzdem abgesichert.",
    "The last test was incomplete, so I added a case for empty input to tests/test_parse.py.",
)


@pytest.mark.parametrize("text", ANSWERS)
def test_an_answer_that_tells_of_the_same_failure_stays_an_answer(text: str) -> None:
    assert hand_weight(text) < 1.0, text
    assert not is_failure(text), text


def test_an_error_someone_is_not_seeing_is_no_failure_word() -> None:
    said = "Still down here, but I am not getting an error message, the page just hangs"
    assert "vocabulary:failure" not in {
        s.name for s in read_text(said, asked(), config=HAND_ONLY).signals
    }
    assert hand_weight("Upload failed: not enough disk space.") >= 1.0
