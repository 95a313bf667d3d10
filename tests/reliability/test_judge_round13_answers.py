"""Round 13's answer-side concepts, from the tune part's false alarms, each beside the reading
that must stay: a setting whose value is a quantity between 400 and 599 (`delay: 500`,
`chunkSize: 512`) is no status said; a URL pointed to with "see" is a citation, not a notice's
advice to go elsewhere; the connectives of explaining in Italian ("perchè", "poiché"), Turkish
("dolay\u0131s\u0131yla", "bu yüzden") and Polish ("czyli", "jest to"), and Polish "occurs when"
("występuje, gdy", "pojawia się, gdy"); a person's casual talk ("yeah", "yep", "afaik", "iirc":
`speaks_casually`).

The texts are made up; none is a corpus text. Each is read by the hand signals alone (the
learned signal off) and by the whole judge.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand, reading

SETTINGS = [
    "const uploader = new Uploader({\n"
    '  endpoint: "https://files.example.org/upload",\n'
    '  headers: { "X-Client": "web-app" },\n'
    "  chunkSize: 512,\n"
    "  parallel: 3,\n"
    '  onFailure: (err) => console.warn("upload failed", err),\n'
    "});",
]


@pytest.mark.parametrize("text", SETTINGS)
def test_a_quantity_set_in_code_is_no_status(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "status_code" not in names, names
    assert not reading(text)[0]


@pytest.mark.parametrize(
    "line",
    [
        "  delay: 500,",
        "  max_tokens: 512",
        "    timeout_ms: 450",
        "  retryDelay: 500,",
        "  backoff_seconds: 404",
    ],
)
def test_each_quantity_key_is_no_status(line: str) -> None:
    _, names = hand(f"worker settings:\n{line}\n  name: uploads")
    assert "status_code" not in names, names


@pytest.mark.parametrize(
    "text", ["Error: 503", "HTTP status: 502", "Rate limit: 429", "Upstream error: 504"]
)
def test_a_status_said_on_its_line_stays_one(text: str) -> None:
    _, names = hand(text)
    assert "status_code" in names, names


CITATIONS = [
    "The old endpoint was retired in May, see https://example.org/changelog/2024-05",
    "Model weights moved to a new bucket, see https://example.org/issues/88",
]


@pytest.mark.parametrize("text", CITATIONS)
def test_a_url_pointed_to_is_a_citation(text: str) -> None:
    failure, _ = hand(text)
    assert not failure
    assert not reading(text)[0]


POINTERS = [
    "Request timed out. For more information, see https://status.example.com",
    "Service unavailable. For details see https://status.example.com and try again later.",
]


@pytest.mark.parametrize("text", POINTERS)
def test_a_notice_that_points_to_its_status_page_stays_a_failure(text: str) -> None:
    failure, _ = hand(text)
    assert failure
    assert reading(text)[0]


CONNECTIVES = [
    "ho visto lo stesso errore ieri sera, perchè il provider aveva cambiato il certificato del"
    " dominio",
    "S\u0131n\u0131r her gün s\u0131f\u0131rlan\u0131r, dolay\u0131s\u0131yla uygulama mesaj\u0131 daha sonra yeniden göndermelidir.",
    "Kod 429 pojawia się, gdy klient wyśle zbyt wiele żądań w krótkim czasie; jest to ochrona"
    " serwera przed nadmiernym ruchem.",
]


@pytest.mark.parametrize("text", CONNECTIVES)
def test_an_explanation_by_its_connectives_is_an_answer(text: str) -> None:
    failure, names = hand(text)
    assert not failure and names & {"explains", "defines"}, names
    assert not reading(text)[0]


NOTICES = [
    "Il server è sovraccarico. Riprova più tardi.",
    "Sunucu meşgul. Lütfen daha sonra tekrar deneyin.",
    "Przekroczono limit zapytań. Spróbuj ponownie za minutę.",
]


@pytest.mark.parametrize("text", NOTICES)
def test_a_notice_in_those_languages_stays_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and not names & {"explains", "defines"}, names
    assert reading(text)[0]


CASUAL = [
    "Yep, you're getting rate-limited by the tile server.",
    "iirc the tile server throttles anyone above 2 requests/s, too many requests from one IP"
    " and it drops you.",
]


@pytest.mark.parametrize("text", CASUAL)
def test_a_person_talking_casually_is_an_answer(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "speaks_casually" in names, names
    assert not reading(text)[0]


STILL_NOTICES = [
    "haha I'm too tired to answer now, ask me later",
    "Quota exceeded for project yeahbot-prod. Try again later.",
]


@pytest.mark.parametrize("text", STILL_NOTICES)
def test_a_bot_laughing_or_a_word_inside_a_name_is_no_casual_talk(text: str) -> None:
    failure, names = hand(text)
    assert failure and "speaks_casually" not in names, names
    assert reading(text)[0]
