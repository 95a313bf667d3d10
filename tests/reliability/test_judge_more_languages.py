"""Short failure notices the hand signals had no words for: the same few constructions (could
not + a verb, an error, a quota exceeded, try again, a problem or an error occurred, a run
cancelled, a step rejected, not in time, cannot connect, something went wrong) in languages
beyond the main ones (Nordic, Baltic, Finnish, Slavic, Romance, Greek, Hungarian, Irish, Hebrew,
Arabic, Turkish), and a bot's canned lines (an issue it is having, its own head, its neural net
blowing up, be right back, wait a few minutes, unusual traffic). Read by the hand signals alone
(the learned signal off); beside them, the answers that use the same words and must stay
answers. Every text is made up."""

# ruff: noqa: RUF001  (texts in their own scripts: Cyrillic, Greek)
from __future__ import annotations

import pytest

from tests.reliability.judging import asked, is_failure
from tether.reliability.judge import JudgeConfig, read_text

HAND_ONLY = JudgeConfig(weights={"learned": 0.0})


def hand_weight(text: str) -> float:
    return sum(s.weight for s in read_text(text, asked(), config=HAND_ONLY).signals)


COULD_NOT = (
    "Det gick inte att läsa in modellen.",  # Swedish
    "Kunne ikke hente svaret. Prøv venligst igen.",  # Danish
    "Mallin lataus epäonnistui.",  # Finnish
    "Mudeli laadimine ebaõnnestus.",  # Estonian
    "Nepavyko įkelti modelio.",  # Lithuanian
    "Neizdevās ielādēt modeli.",  # Latvian
    "Nepodarilo sa načítať model.",  # Slovak
    "Nije moguće učitati model, pokušajte ponovno.",  # Croatian
    "Nu s-a putut încărca modelul.",  # Romanian
    "No s'ha pogut carregar el model.",  # Catalan
    "Η φόρτωση του μοντέλου απέτυχε.",  # Greek
    "Nem sikerült betölteni a modellt.",  # Hungarian
    "טעינת המודל נכשלה",  # Hebrew
    "تعذر تحميل النموذج",  # Arabic
    "Theip ar lódáil na samhla.",  # Irish
)
ERROR_FIRST = (
    "Грешка при учитавању модела",  # Serbian: an error noun opens the notice
    "Σφάλμα κατά τη φόρτωση του μοντέλου",
    "Klaida įkeliant modelį",
    "Възникна грешка, опитайте отново.",
)
QUOTA = (
    "Dagens kvot har överskridits",
    "Månedlig kvote overskredet",
    "Päivittäinen kiintiö on ylitetty",
)
PROBLEM_OR_STOP = (
    "Hoppsan! Det uppstod ett problem med anslutningen.",
    "Υπήρξε ένα πρόβλημα με τη σύνδεση.",
    "Genereringen avbröts.",
    "Η δημιουργία ακυρώθηκε.",
)
NOT_IN_TIME = (
    "The server did not answer in time.",
    "Сервер не ответил вовремя.",
    "Der Server hat nicht rechtzeitig geantwortet.",
)
CANNED = (
    "I'm experiencing a small issue right now, try again in a minute!",
    "Sorry, I'm not ready yet, come back in a moment.",
    "Что-то у меня в голове всё перепуталось, спроси позже.",
    "Can't reach the backend. Check your internet connection.",
    "It's taking longer than expected, please try again.",
    "I'll be right back!",
    "Our network saw unusual traffic from your address. Please try again later.",
    "The neural net exploded. Try again before I melt.",
    "I'm afraid I don't know. I can't reach my notes at the moment.",
    "The gateway rejected the request.",
    "上游拒绝了请求",
    "Nemohu se připojit k serveru, zkuste to později.",
    "Kan geen verbinding maken met de server. Geef me een paar minuten.",
    "Désolé, une erreur inattendue s'est produite.",
    "Ich kann dieses Gespräch nicht fortsetzen.",
    "Kvóta bola prekročená",
    "Прекорачена је квота",
    "Bir şeyler yanlış gitti",
    "登录信息已过期，请重新登录",
    "Ups! Der var en fejl i svaret.",  # an oops that opens a notice
    "Geen internetverbinding. Probeer het later opnieuw.",
    "Sin conexión a internet.",
)


@pytest.mark.parametrize(
    "text", COULD_NOT + ERROR_FIRST + QUOTA + PROBLEM_OR_STOP + NOT_IN_TIME + CANNED
)
def test_a_short_failure_notice_is_read_by_the_hand_signals(text: str) -> None:
    assert hand_weight(text) >= 1.0, text


ANSWERS = (
    "Testet misslyckades eftersom parse_date fick ett tomt värde; jag lade till en kontroll i "
    "tests/test_parse.py och nu går testet igenom.",
    "Testi epäonnistui, koska parse_date sai tyhjän arvon; lisäsin tarkistuksen tiedostoon "
    "tests/test_parse.py, ja testi menee nyt läpi.",
    "Testul nu a putut citi data goală; am adăugat o verificare în parse_date din "
    "tests/test_parse.py și testul trece acum.",
    "If the server does not respond in time, the client raises ReadTimeout; I raised the "
    "timeout to 30 seconds in tests/test_parse.py.",
    "There was an issue in parse_date: it returned None for empty strings. I fixed it in "
    "tests/test_parse.py and the test passes now.",
    "Ask your admin for write access to main; meanwhile I pushed the fix to "
    "tests/test_parse.py on a branch.",
    "The request was rejected by the schema check because parse_date returned a string; I "
    "changed it to return a date in tests/test_parse.py.",
    "I'm afraid the test was wrong, not the parser: it expected a naive datetime. I fixed the "
    "assertion in tests/test_parse.py.",
    "The suite takes a few minutes on CI; I split tests/test_parse.py so parse_date runs first.",
    "There's no internet connection in the CI sandbox, so I vendored the fixture into "
    "tests/test_parse.py.",
)


@pytest.mark.parametrize("text", ANSWERS)
def test_an_answer_that_uses_the_same_words_stays_an_answer(text: str) -> None:
    assert hand_weight(text) < 1.0, text
    assert not is_failure(text), text
