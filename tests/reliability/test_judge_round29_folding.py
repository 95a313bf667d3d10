# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 29 (engineer 152): a reply and its request compared in one form, case- and
accent-blind (`folding.fold`: NFKC, casefold, the accents of Latin, Greek and Cyrillic
letters taken off, CJK untouched). Made-up texts, both sides.

- Caught (failures): the request said back word for word, shouting, with its accents typed
  off or in full-width letters: an echo, whatever its case.
- Left (answers): a short reply that shares the request's word only once accents and case
  are read alike ("cafe" to "Café", "Resume" to "Résumé").
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand
from tether.messages import Message, Request
from tether.reliability.folding import fold
from tether.reliability.judge import DEFAULT_CONFIG
from tether.reliability.reply import Reply


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("Résumé", "resume"),
        ("ÜBERSETZE", "ubersetze"),
        ("Informação", "informacao"),
        ("\uff21\uff30\uff29 \uff2b\uff25\uff39", "api key"),  # full-width "API KEY"
        ("\u0130STANBUL \u0131\u015f\u0131k", "istanbul isik"),  # Turkish dotted and dotless i
        ("straße", "strasse"),
        ("\ufb01le", "file"),  # the "fi" ligature
        ("ещё", "еще"),
        ("ΟΔΌΣ", "οδοσ"),
        ("Cafe\u0301", "cafe"),  # stored decomposed
        ("Tiếng Việt", "tiếng việt"),  # Vietnamese keeps its marks (round 30)
    ],
)
def test_fold_reads_case_accents_and_width_alike(text: str, folded: str) -> None:
    assert fold(text) == folded


@pytest.mark.parametrize(
    "text",
    [
        "がぎぐ",  # kana voicing marks are letters, not accents
        "한국어 번역",  # Hangul syllables stay composed
        "中文翻译",
        "हिन्दी अनुवाद",  # Devanagari vowel signs stay
        "ترجمة عربية",
    ],
)
def test_fold_leaves_cjk_and_scripts_whose_marks_are_letters(text: str) -> None:
    assert fold(text) == text


def test_fold_of_ascii_is_its_lower_case() -> None:
    assert fold("Fix The FAILING test_parse.py") == "fix the failing test_parse.py"


def test_the_reply_folds_its_request_once() -> None:
    request = Request(messages=(Message.text("user", "Export my RÉSUMÉ as PDF"),))
    reply = Reply("The resume is attached.", request, None, DEFAULT_CONFIG.lexicon)
    assert reply.compared_question == "export my resume as pdf"
    assert "resume" in reply.asked_words
    assert reply.names_asked("Résumé")
    assert reply.of_the_task("The resume is attached")
    assert not reply.of_the_task("The service is down")


ECHOES = (
    # (the reply, the request it only says back)
    (
        "istanbul'daki hava durumunu bana hemen söyle lütfen",
        "\u0130STANBUL'DAK\u0130 HAVA DURUMUNU BANA HEMEN SÖYLE LÜTFEN",
    ),
    (
        "resume ce texte en francais pour la reunion de demain",
        "Résume ce texte en français pour la réunion de demain",
    ),
    (
        "Résume ce texte en français pour la réunion de demain",
        "resume ce texte en francais pour la reunion de demain",
    ),
    (
        "\uff30\uff2c\uff25\uff21\uff33\uff25 \uff33\uff35\uff2d\uff2d\uff21\uff32\uff29\uff3a\uff25"
        " \uff34\uff28\uff25 \uff32\uff25\uff30\uff2f\uff32\uff34 \uff26\uff2f\uff32 \uff2d\uff25",
        "please summarize the report for me",
    ),
)


@pytest.mark.parametrize(("text", "question"), ECHOES)
def test_the_request_said_back_in_another_case_or_accents_is_an_echo(
    text: str, question: str
) -> None:
    failure, names = hand(text, question)
    assert failure, names
    assert "degenerate" in names


def test_the_request_corrected_is_no_echo() -> None:
    question = "Corrige les accents : resume ce texte en francais pour la reunion de demain"
    _, names = hand("Résume ce texte en français pour la réunion de demain.", question)
    assert "degenerate" not in names


ANSWERS = (
    # (a short reply that serves its request, the request: the shared word only folded)
    ("Sorry, the cafe is closed on Mondays, come back on Tuesday.", "Is the Café open on Monday?"),
    ("Ask me again about the Resume later, I'm still reading it.", "Review my Résumé"),
)


@pytest.mark.parametrize(("text", "question"), ANSWERS)
def test_a_short_reply_sharing_the_requests_word_once_folded_is_an_answer(
    text: str, question: str
) -> None:
    failure, names = hand(text, question)
    assert not failure, names
    assert "stock_notice" not in names and "hands_back" not in names


NOTICES = (
    # (a canned notice that shares no word with the request, however folded)
    ("Désolé, le service est indisponible, réessaie plus tard.", "Fais un résumé du document"),
    ("Sorry, I can't help with that right now. Please try again later.", "Is the Café open?"),
)


@pytest.mark.parametrize(("text", "question"), NOTICES)
def test_a_notice_sharing_no_folded_word_is_still_a_failure(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert failure, names


LABELLED_ECHOES = (
    # (an echo bot's reply: the request behind its label, the request)
    ("Echo: book a table for two at eight", "book a table for two at eight"),
    ('You said: "Book a table for two at eight"', "book a table for two at eight"),
    ("Du hast gesagt: Wie wird das Wetter morgen?", "Wie wird das Wetter morgen?"),
    ("Vous avez dit : « Réserve une table pour deux »", "reserve une table pour deux"),
    ("你说的是：帮我订一张明天去上海的火车票", "帮我订一张明天去上海的火车票"),
    ("「明日の天気を教えて」と言いました", "明日の天気を教えて"),
    ('"내일 날씨 알려줘"라고 했어요', "내일 날씨 알려줘"),
    ("Echo: hi", "hi"),
)


@pytest.mark.parametrize(("text", "question"), LABELLED_ECHOES)
def test_an_echo_bots_reply_is_a_failure(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert failure, names
    assert "degenerate" in names


LABELLED_ANSWERS = (
    # (a reply that says back what the user said and goes on: an answer)
    ("You said you wanted a table for two at eight; it's booked.", "book a table for two at eight"),
    (
        "You said: book a table for two at eight. Done, see you then!",
        "book a table for two at eight",
    ),
    ("「明日の天気を教えて」と言いましたね。晴れです。", "明日の天気を教えて"),
    # (the text asked to be said back, and a question about what the user said)
    ("Echo: the quick brown fox", "Repeat after me: the quick brown fox"),
    ("You said: book a table", "What did I just say? book a table"),
)


@pytest.mark.parametrize(("text", "question"), LABELLED_ANSWERS)
def test_a_reply_that_quotes_the_request_and_goes_on_is_no_echo(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, names
    assert "degenerate" not in names
