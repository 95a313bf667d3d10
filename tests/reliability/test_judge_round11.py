"""Round 11's concepts, with made-up texts: Turkish says "could not" with a verb's ending
(-AmAdI, -AmIyor, -AmAz), on any verb, not in a list of whole forms."""

from __future__ import annotations

import pytest

from tests.reliability.judging import is_failure, reading


@pytest.mark.parametrize(
    ("notice", "word"),
    [
        ("Sunucuya ulaş\u0131lamad\u0131.", "ulaş\u0131lamad\u0131"),
        ("Model yan\u0131t\u0131 çözümlenemedi", "çözümlenemedi"),
        ("Dosya kaydedilemedi.", "kaydedilemedi"),
        ("Hizmete bağlanam\u0131yor.", "bağlanam\u0131yor"),
        ("Şu an yan\u0131t verilemiyor.", "verilemiyor"),
        ("İstek şimdi işlenemez.", "işlenemez"),
        ("Sohbet geçmişi yüklenemiyor, lütfen tekrar deneyin.", "yüklenemiyor"),
    ],
)
def test_a_turkish_verb_that_could_not_is_a_failure(notice: str, word: str) -> None:
    failure, found = reading(notice)
    assert "vocabulary:failure" in found, found
    assert failure


@pytest.mark.parametrize(
    "answer",
    [
        "Bağlant\u0131 kurulamad\u0131ğ\u0131nda istemci tekrar dener.",
        "Yan\u0131t al\u0131namad\u0131ğ\u0131nda istemci bir kez daha sorar.",
        "Bağlant\u0131 kurulamad\u0131ğ\u0131nda istemci üç kez tekrar dener, sonra hatay\u0131 günlüğe yazar.",
        "Dosya yüklenemediği durumda fonksiyon None döndürür; çağ\u0131ran tarafta bunu kontrol edin.",
        "Sunucuya ulaş\u0131lamazsa istemci bekleme süresini iki kat\u0131na ç\u0131kar\u0131p tekrar dener.",
    ],
)
def test_a_turkish_answer_that_explains_when_a_verb_could_not_stays_an_answer(
    answer: str,
) -> None:
    assert not is_failure(
        answer, "İstemci bağlant\u0131 hatalar\u0131n\u0131 nas\u0131l ele al\u0131yor?"
    )
