"""Round 11's concepts (second part), with made-up texts: Turkish says "could not" with a
verb's ending (-AmAdI, -AmIyor, -AmAz), on any verb, not in a list of whole forms; a short
failure sentence over a fenced line of its error's text (or its template's slot) is a report,
not code; a hedge in a short notice ("maybe a blocked prompt") is the notice's own guess at its
cause, not an answer's explanation."""

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


@pytest.mark.parametrize(
    "report",
    [
        "Something went wrong, please tell the bot owner\n```\n{ex.Message}\n```",
        "Генерация не удалась:\n```\n${err}\n```",
        "Request failed:\n```\nError: upstream connect error (503)\n```",
    ],
)
def test_a_failure_sentence_over_a_fenced_line_of_its_error_is_a_report(report: str) -> None:
    failure, found = reading(report)
    assert "markdown" not in found, found
    assert failure


def test_an_answer_with_a_one_line_command_in_a_fence_stays_an_answer() -> None:
    answer = "To fix this error, upgrade the client:\n```\npip install -U openai\n```"
    failure, found = reading(answer, "How do I fix the ImportError from openai?")
    assert "markdown" in found
    assert not failure


@pytest.mark.parametrize(
    "notice",
    [
        "Generation failed (maybe a blocked prompt).",
        "Ошибка генерации. (Возможно, сервис перегружен)",
        "Anfrage fehlgeschlagen. Vielleicht ist der Dienst überlastet.",
        "Erreur de génération (peut-être un délai dépassé).",
    ],
)
def test_a_hedge_inside_a_short_notice_is_its_own_guess(notice: str) -> None:
    failure, found = reading(notice)
    assert "explains" not in found, found
    assert failure


def test_a_hedged_explanation_stays_an_answer() -> None:
    answer = (
        "The 504 probably comes from the proxy: nginx closes the upstream after 60 s by "
        "default, so raise proxy_read_timeout to 300 s and reload it; the model call itself "
        "finished, as its log line shows."
    )
    assert not is_failure(answer, "Why does my chat endpoint return 504 after a minute?")


@pytest.mark.parametrize(
    "notice",
    [
        "Nội dung vượt quá độ dài tối đa.",
        "Đã vượt quá độ dài cho phép",
        "La solicitud supera la longitud permitida.",
    ],
)
def test_a_notice_that_the_input_exceeds_the_length_is_a_failure(notice: str) -> None:
    assert is_failure(notice)
