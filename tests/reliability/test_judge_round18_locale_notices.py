"""Round 18 (engineer 93): mid-size languages' locale notices. A chat client's strings for a
failed call in Croatian, Slovene, Czech, Persian, Turkish, Azerbaijani, Bengali, Telugu,
Sinhala, Thai, Romanian and Polish (the vocabulary's words, as data), each beside an answer in
the same language that must stay one. Made-up texts."""

from __future__ import annotations

from tests.reliability.judging import hand

NOTICES = (
    "Do\u0161lo je do pogre\u0161ke. Poku\u0161ajte ponovno.",  # hr: an error occurred
    "Pri obdelavi je pri\u0161lo do nepri\u010dakovane napake.",  # sl: an unexpected error
    "Bohu\u017eel se n\u011bco nepovedlo.",  # cs: something did not work
    "\u0627\u062a\u0635\u0627\u0644 \u0628\u0647 \u0633\u0631\u0648\u0631 \u0628\u0631\u0642\u0631\u0627\u0631 \u0646\u0634\u062f.",  # fa
    "Kotan\u0131z\u0131 a\u015ft\u0131n\u0131z, l\u00fctfen plan\u0131n\u0131z\u0131 y\u00fckseltin.",  # tr
    "\u00dczr ist\u0259yirik, x\u0259ta ba\u015f verdi.",  # az: sorry, an error occurred
    "\u09a6\u09c1\u0983\u0996\u09bf\u09a4, \u098f\u0995\u099f\u09bf \u09a4\u09cd\u09b0\u09c1\u099f\u09bf \u09b9\u09af\u09bc\u09c7\u099b\u09c7\u0964",  # bn
    "\u0c15\u0c4d\u0c37\u0c2e\u0c3f\u0c02\u0c1a\u0c02\u0c21\u0c3f, \u0c32\u0c4b\u0c2a\u0c02 \u0c1c\u0c30\u0c3f\u0c17\u0c3f\u0c02\u0c26\u0c3f.",  # te
    "\u0e01\u0e23\u0e38\u0e13\u0e32\u0e40\u0e02\u0e49\u0e32\u0e2a\u0e39\u0e48\u0e23\u0e30\u0e1a\u0e1a\u0e01\u0e48\u0e2d\u0e19",  # th: please log in first
    "Nu ai setat nicio cheie API.",  # ro: no API key set
    "Nie mam teraz dost\u0119pu do tej us\u0142ugi.",  # pl: no access to the service now
)


def test_mid_size_languages_failure_notices_are_failures() -> None:
    for text in NOTICES:
        failure, names = hand(text)
        assert failure and any(n.startswith("vocabulary") for n in names), (names, text)


def test_answers_that_name_errors_in_those_languages_stay_answers() -> None:
    for text, question in (
        (
            "Pogre\u0161ke 4xx su statusni kodovi koje poslu\u017eitelj \u0161alje kada je "
            "zahtjev klijenta neispravan, na primjer 404 kada stranica ne postoji.",
            "\u0160to su HTTP pogre\u0161ke 4xx?",
        ),
        (
            "Kota, API anahtar\u0131n\u0131z\u0131n ayl\u0131k kullan\u0131m s\u0131n\u0131r\u0131d\u0131r; "
            "a\u015ft\u0131\u011f\u0131n\u0131zda istekler 429 ile reddedilir, bu y\u00fczden "
            "kullan\u0131m panelinden takip edin.",
            "OpenAI kotas\u0131 nedir?",
        ),
    ):
        failure, names = hand(text, question)
        assert not failure, (names, text)
