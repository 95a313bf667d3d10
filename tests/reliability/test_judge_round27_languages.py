# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 27 (engineer 141): the failure vocabulary of the smaller European languages. Made-up
replies, both sides.

- Caught: a short assistant's, skill's or app's line in Catalan, Danish, Basque, Galician,
  Dutch, Czech, Slovak, Slovene, Swedish, Norwegian, Finnish, Greek, Hungarian, Romanian,
  Croatian, Serbian, Bulgarian, Lithuanian, Latvian, Estonian, Ukrainian, Belarusian and
  Azerbaijani that apologises and says it did not understand, cannot answer now, reached a
  limit, timed out, is not available, cannot connect, cannot do that yet or found nothing.
- Left: answers in the same languages that explain an error, a timeout or a limit ("because",
  "for example" in each language), and that open with "unfortunately".
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

WEATHER = "What's the weather going to be in Bilbao tomorrow?"
SUMMARY = "Summarize the attached quarterly report in three bullet points."

CAUGHT = (
    ("Ho sento, no t'he entès.", SUMMARY),
    ("Ho sento, no puc respondre ara mateix.", SUMMARY),
    ("Encara no sé com ajudar-te amb això.", WEATHER),
    ("Alguna cosa ha fallat amb l'habilitat.", WEATHER),
    ("Ho sento, ara mateix no em puc connectar a internet.", WEATHER),
    ("Beklager, det forstod jeg ikke.", SUMMARY),
    ("For mange forespørgsler. Vent et øjeblik.", SUMMARY),
    ("Der gik noget galt med færdigheden.", WEATHER),
    ("Barkatu, ez dizut ulertu.", SUMMARY),
    ("Barkatu, ezin dut orain erantzun.", SUMMARY),
    ("Oraindik ez dakit horretan nola lagundu.", WEATHER),
    ("Sentímolo, non te entendín.", SUMMARY),
    ("Aínda non sei como axudarche con iso.", WEATHER),
    ("Síntoo, agora mesmo non me podo conectar a internet.", WEATHER),
    ("Er is een time-out opgetreden.", SUMMARY),
    ("Sorry, ik kan nu niet antwoorden.", SUMMARY),
    ("Promiňte, nerozuměl jsem.", SUMMARY),
    ("Zatím nevím, jak s tím pomoci.", WEATHER),
    ("Prepáčte, teraz nemôžem odpovedať.", SUMMARY),
    ("Dosiahli ste limit správ.", SUMMARY),
    ("Dosegli ste omejitev sporočil.", SUMMARY),
    ("Časovna omejitev je potekla.", SUMMARY),
    ("Du har nådd grensen for meldinger.", SUMMARY),
    ("Anteeksi, en ymmärtänyt.", SUMMARY),
    ("Olet saavuttanut viestirajan.", SUMMARY),
    ("Pyyntö aikakatkaistiin.", SUMMARY),
    ("Λήξη χρονικού ορίου αιτήματος.", SUMMARY),
    ("Η υπηρεσία δεν είναι διαθέσιμη αυτή τη στιγμή.", SUMMARY),
    ("Bocsánat, nem értettem.", SUMMARY),
    ("Dosegnuli ste ograničenje poruka.", SUMMARY),
    ("Съжалявам, не разбрах.", SUMMARY),
    ("Услугата в момента не е налична.", SUMMARY),
    ("Atsiprašau, nesupratau.", SUMMARY),
    ("Pasiekėte pranešimų limitą.", SUMMARY),
    ("Atvainojiet, es pašlaik nevaru atbildēt.", SUMMARY),
    ("Teenus pole hetkel saadaval.", SUMMARY),
    ("Прабачце, я не зразумеў.", SUMMARY),
    ("Сэрвіс часова недаступны.", SUMMARY),
    ("Bağışlayın, başa düşmədim.", SUMMARY),
    ("Mesaj limitinə çatdınız.", SUMMARY),
)


@pytest.mark.parametrize(("text", "question"), CAUGHT)
def test_a_small_language_notice_is_a_failure(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert failure, (text, names)


LEFT = (
    (
        "L'error 503 vol dir que el servei no està disponible: reinicia el contenidor i "
        "revisa els registres del servidor.",
        "Què vol dir l'error 503 del meu servidor?",
    ),
    (
        "Fejlen opstår, fordi tjenesten ikke er tilgængelig uden en gyldig API-nøgle. Sæt "
        "OPENAI_API_KEY og genstart appen.",
        "Hvorfor får jeg en fejl, når jeg starter appen?",
    ),
    (
        "O erro 429 significa que alcanzaches o límite de solicitudes por minuto; agarda e "
        "reduce a frecuencia das chamadas.",
        "Que significa o erro 429?",
    ),
    (
        "De time-out ontstaat doordat de database niet op tijd antwoordt. Verhoog "
        "statement_timeout of voeg een index toe op user_id.",
        "Waarom krijg ik een time-out bij deze query?",
    ),
    (
        "Aikakatkaisu johtuu siitä, että tietokanta ei vastaa ajoissa. Kasvata "
        "statement_timeout-arvoa tai lisää indeksi sarakkeelle user_id.",
        "Miksi kysely aikakatkaistaan?",
    ),
    (
        "Το σφάλμα 503 σημαίνει ότι η υπηρεσία δεν είναι διαθέσιμη: επανεκκινήστε τον "
        "διακομιστή και ελέγξτε τα αρχεία καταγραφής.",
        "Τι σημαίνει το σφάλμα 503;",
    ),
    (
        "Poruka da je isteklo vrijeme znači da baza ne odgovara na vrijeme; povećaj "
        "statement_timeout ili dodaj indeks na stupac user_id.",
        "Zašto upit ističe?",
    ),
    (
        "Ši klaida atsiranda, nes paslauga nepasiekiama be galiojančio rakto. Nustatykite "
        "OPENAI_API_KEY ir paleiskite programą iš naujo.",
        "Kodėl atsiranda ši klaida?",
    ),
    (
        "Tõrge tekib, sest teenus pole ilma kehtiva võtmeta saadaval. Määra OPENAI_API_KEY "
        "ja taaskäivita rakendus.",
        "Miks ma saan vea?",
    ),
    (
        "Helaas ondersteunt SQLite geen ALTER COLUMN; maak een nieuwe tabel, kopieer de "
        "data en hernoem hem.",
        "Hoe wijzig ik een kolomtype in SQLite?",
    ),
    (
        "Valitettavasti Pythonin list ei ole säieturvallinen kaikissa tilanteissa; käytä "
        "queue.Queue-luokkaa säikeiden välillä.",
        "Onko lista säieturvallinen?",
    ),
    (
        "Din păcate, pandas nu citește direct fișiere .numbers; exportă-l în CSV și "
        "folosește pd.read_csv.",
        "Cum citesc un fișier .numbers în pandas?",
    ),
)


@pytest.mark.parametrize(("text", "question"), LEFT)
def test_an_answer_in_a_small_language_is_left(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, (text, names)
