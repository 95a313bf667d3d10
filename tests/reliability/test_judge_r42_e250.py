# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Describer and alt-text tools' stock notices in other languages (vocabulary no_reply, filter).

A screen reader's image describer and alt-text generators put a translated notice where the
description goes: the object given cannot be analysed or recognised, no image on the
clipboard, no text found, the AI returned an empty response, the answer was blocked by safety
filters. The English lines were read already ("cannot be analyzed", "empty response"); their
translations were not. Left: answers that explain such a notice or use the words in a sentence
of their own.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

DESCRIBE = "Describe this image for people who cannot see it."

# corpus mixed_alt_text_caption_generators: a describer add-on's translated notices, and an
# alt-text tool's errors, each the whole reply
NOTICES = (
    "This navigator object is not analyzable",
    "Tätä navigointiobjektia ei voi analysoida",
    "Ez az elem nem ismerhető fel",
    "Bu nesne analiz edilebilir değil",
    "Цей об’єкт навігатора не може бути проаналізований",
    "Этот объект навигатора не может быть проанализирован",
    "Tento objekt nelze analyzovat.",
    "此查看对象不可识别",
    "لا يمكن تحليل هذا الكائن",
    "Leikepöydällä ei ole kuvaa",
    "В буфере обмена нет изображения",
    "剪贴板中没有图像",
    "找不到文字。",
    "أرجع الذكاء الاصطناعي هيكل استجابة فارغ.",
    "Die Antwort wurde während der Generierung durch Sicherheitsfilter blockiert.",
    "Прабачце, я не змог апрацаваць гэтую выяву.",
)


@pytest.mark.parametrize("text", NOTICES)
def test_a_describers_translated_notice_is_a_failure(text: str) -> None:
    assert hand(text, DESCRIBE)[0]


ANSWERS = (
    # a caption that holds the words as what the picture shows
    "A phone screen showing a notes app; the message at the top reads that the clipboard is "
    "empty, and below it a list of three saved notes with their dates.",
    # an answer about the notice, to a question about it
    'The message "Tätä navigointiobjektia ei voi analysoida" means the navigator object '
    "cannot be analysed: move the navigator to the picture itself (NVDA+numpad 5) and run the "
    "describer again, or copy the image and use the clipboard command.",
    # a Chinese answer that explains why the text was not found, with the fix
    "OCR 找不到文字通常是因为图片分辨率太低。请先把图片放大到至少 300 DPI，再转换为灰度图，"
    "然后重新运行 tesseract，并用 -l chi_sim 指定简体中文语言包。这样识别率会明显提高。",
    # a German answer about configuring the safety filters
    "Wenn Antworten durch Sicherheitsfilter blockiert werden, kannst du in den "
    "safety_settings für jede Kategorie den Schwellenwert auf BLOCK_ONLY_HIGH setzen; "
    "das folgende Beispiel zeigt die Konfiguration für die Python-Bibliothek.",
)


@pytest.mark.parametrize("text", ANSWERS)
def test_answers_that_use_the_notices_words_stay_answers(text: str) -> None:
    question = "Why does my describer say this, and how do I fix it?"
    assert not hand(text, question)[0]
