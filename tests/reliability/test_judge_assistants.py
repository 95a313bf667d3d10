"""A voice assistant's or a chat bot's failure reply in the languages its skills ship in: sorry,
I could not understand or reach the service, an error occurred while processing the request, a
bracketed "(no response)", a bot's own AI out of order, a notice in italics or bold. Each is a
failure; a short answer on the task in the same words is not.

The texts are made up in the way such skills word their dialogs; none is a corpus text.
"""

# ruff: noqa: RUF001  (texts in their own scripts and punctuation)

from __future__ import annotations

import pytest

from tests.reliability.judging import is_failure

ASSISTANT_NOTICES = [
    ("ro", "Ne pare rău, nu pot răspunde acum."),
    ("hu", "Sajnálom, ezt most nem értem."),
    ("hu", "Hiba történt, kérlek próbáld újra."),
    ("cs", "Omlouvám se, tomu nerozumím."),
    ("sv", "Förlåt, jag förstår inte."),
    ("nl", "Het spijt me, ik begrijp het niet."),
    ("el", "Συγγνώμη, δεν μπορώ να το κάνω τώρα."),
    ("fi", "Pahoittelen, en ymmärrä."),
    ("tr", "Sunucuya şu anda ulaşılamıyor."),
    ("hu", "Sajnálom, nem tudok most válaszolni."),
    ("ro", "Îmi pare rău, nu înțeleg ce vrei să spui."),
    ("pt", "Houve um problema ao processar sua pergunta."),
    ("ru", "При обработке вашего запроса возникла непредвиденная ситуация."),
    ("en", "I'm having trouble communicating with the server. Give me a few minutes."),
    ("it", "Ho problemi di comunicazione con il server, dammi qualche minuto."),
    ("ar", "أعتذر، لم أفهم."),
]


@pytest.mark.parametrize(("language", "notice"), ASSISTANT_NOTICES)
def test_a_voice_assistants_failure_line_in_its_language_is_a_failure(
    language: str, notice: str
) -> None:
    assert is_failure(notice), (language, notice)


@pytest.mark.parametrize(
    "placeholder",
    ["[ไม่มีคำตอบ]", "(Καμία απάντηση)", "[Ei vastausta]", "(Nincs válasz)", "(沒有回應)"],
)
def test_a_bracketed_no_response_in_more_languages_is_a_placeholder(placeholder: str) -> None:
    assert is_failure(placeholder)


@pytest.mark.parametrize(
    "line",
    [
        "My AI is taking a nap.",
        "Mon IA fait la grève aujourd'hui.",
        "My LLM seems to be on strike today.",
        "My language model wandered off somewhere.",
    ],
)
def test_a_bot_speaking_of_its_own_ai_out_of_order_is_a_failure(line: str) -> None:
    assert is_failure(line)


@pytest.mark.parametrize(
    "notice",
    [
        "_Sorry, something went wrong_",
        "___Too many requests___",
    ],
)
def test_a_notice_wrapped_in_markdown_emphasis_is_still_a_failure(notice: str) -> None:
    assert is_failure(notice)


@pytest.mark.parametrize(
    "answer",
    [
        "Fixed tests/test_parse.py: the parser now skips blank lines, so the failing test passes.",
        "_Changed `parse_line` in tests/test_parse.py to strip the trailing newline._",
        "A hiba a `parse_line` függvényben volt: most már kihagyja az üres sorokat.",
    ],
)
def test_a_short_report_on_the_task_stays_an_answer(answer: str) -> None:
    assert not is_failure(answer)
