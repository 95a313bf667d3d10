"""Round 14 (engineer 76): failures in languages other than English. The core failure words of
an app's or a bot's notice (unavailable, under maintenance, too many requests, timed out, could
not, no reply) in their real inflections in the languages with the fewest words so far, on
made-up texts, each concept with an answer that must stay one."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

# Made-up notices: each says a core failure in a language whose word for it the lexicon lacked.
CORE_WORDS = (
    # unavailable and under maintenance
    "Szolgáltatás most nem elérhető",  # hu
    "Serviciul de traducere este indisponibil momentan.",  # ro
    "Tjänsten är inte tillgänglig.",  # sv
    "Tjenesten er ikke tilgjengelig akkurat nå.",  # nb
    "Huduma ya tafsiri haipatikani kwa sasa.",  # sw
    "अनुवाद सेवा अहिले उपलब्ध छैन।",  # ne
    "Бот временно на техническом обслуживании.",  # ru
    "\u0423 бота временные трудности.",  # ru
    "AI 助手正在进行技术维护。",  # zh
    "Probíhá plánovaná údržba serveru.",  # cs
    # too many requests
    "Túl sok kérést küldtél, várj egy kicsit.",  # hu
    "Prea multe cereri într-un timp scurt.",  # ro
    "Previše zahteva u kratkom roku.",  # sr
    "Juda ko\u02bbp so\u02bbrovlar yuborildi.",  # uz
    # timed out
    "Forespørselen ble tidsavbrutt.",  # nb
    # could not (Uzbek "-ib bo'lmadi") and no reply
    "Serverga ulanib bo\u02bblmadi.",  # uz
    "Modelga ulanib bo'lmadi.",  # uz, ASCII apostrophe
    "Hakuna jibu kutoka kwa seva.",  # sw
    "Nu pot răspunde la această întrebare acum.",  # ro
)


@pytest.mark.parametrize("text", CORE_WORDS)
def test_a_core_failure_word_in_a_thin_language_makes_a_notice(text: str) -> None:
    failure, names = hand(text)
    assert failure, (names, text)
    assert any(n.startswith("vocabulary:") for n in names), names


# Writers explaining the same words stay answers: a cause given ("mert", "pentru că") and a
# notice's words in quotes, also when the quoted failure is said in two words (a pair).
EXPLAINED = (
    (
        "Miért írja ki, hogy a szolgáltatás nem elérhető?",
        "Ezt azért látod, mert a szerver éjjel karbantartás alatt áll, és ilyenkor minden"
        " kérésre 503-as választ ad. Reggel hatkor újra működik.",
    ),
    (
        "De ce răspunde asistentul așa?",
        '## Cauza\nAsistentul afișează "Nu pot răspunde acum" pentru că cheia API lipsește din'
        " fișierul de configurare.\n\n## Soluția\nAdaugă cheia și repornește serverul.",
    ),
)


@pytest.mark.parametrize(("question", "text"), EXPLAINED)
def test_an_explained_or_quoted_core_failure_word_stays_an_answer(question: str, text: str) -> None:
    failure, names = hand(text, question)
    assert not failure, names


# "It does not work" said of the app, in the languages that lacked it, and a few notice words:
# Romanian "sorry", a Serbian or Slovene "please contact", Spanish "cannot
# process" (made-up notices).
MORE_NOTICES = (
    "Le mode rapide ne marche pas pour le moment.",  # fr
    "Sohbet modu \u00e7al\u0131\u015fm\u0131yor.",  # tr
    "Trợ lý AI không hoạt động.",  # vi
    "Asistentul nu funcționează.",  # ro
    "A csevegő mód nem működik.",  # hu
    "Tryb czatu nie działa.",  # pl
    "Chatovací režim nefunguje.",  # cs
    "Chattläget fungerar inte.",  # sv
    "Chatmodus fungerer ikke.",  # nb
    "Scuze, modelul nu a fost găsit.",  # ro
    "Asistent je trenutno van funkcije. Molimo kontaktirajte administratora.",  # sr
    "No puedo procesar este mensaje.",  # es
)


@pytest.mark.parametrize("text", MORE_NOTICES)
def test_a_notice_that_the_app_does_not_work_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure, (names, text)


def test_a_notice_quoted_in_low_quotes_is_quoted() -> None:
    # Polish, Czech, German, Romanian and Hungarian open a quote with the low mark (U+201E)
    text = (
        "Kilku czytelników napisało, że po aktualizacji aplikacja pokazuje tylko komunikat"
        " \u201eWystąpił błąd. Spróbuj ponownie później\u201d, a potem się zamyka."
    )
    failure, names = hand(text, "Co się stało z aplikacją banku?")
    assert "quoted" in names and not failure, names


# A bot's word of work in progress sent as the whole reply, in Russian and Swahili ("searching",
# "I'll find it now", "loading", "processing"): a stand-in, not the answer.
@pytest.mark.parametrize("text", ["Ищу…", "Сейчас найду!", "🔍 Поиск...", "Inachakata..."])
def test_a_word_of_work_in_progress_alone_is_a_placeholder(text: str) -> None:
    failure, names = hand(text)
    assert failure and "placeholder" in names, (names, text)


def test_a_reply_that_searched_and_found_stays_an_answer() -> None:
    failure, names = hand(
        "Ищу и нахожу: в parse_date перепутаны день и месяц, поправил, тест проходит.",
        "Почини тест и скажи, что поменял.",
    )
    assert not failure, names


# Turkish "did not answer" ("yanitlamadi" with its dotless i, "cevap vermedi"): the app says the model gave no reply.
@pytest.mark.parametrize(
    "text",
    [
        "Model iste\u011fe yan\u0131tlamad\u0131.",
        "Asistan zaman\u0131nda cevap vermedi, sonra dene.",
    ],
)
def test_turkish_did_not_answer_is_no_reply(text: str) -> None:
    failure, names = hand(text)
    assert failure and "vocabulary:no_reply" in names, (names, text)


def test_a_notice_whose_label_ends_the_line_before_its_causes_lists_them() -> None:
    # a notice's causes under a label that ends the sentence line before the list ("... This
    # can be due to:"): the list is the notice's, not an answer's markdown
    text = (
        "Förfrågan nekades, försök igen senare\n\n"
        "Du har troligen nått gränsen för den fria användningskvoten i dag. Detta kan bero på:\n"
        "1. För många anrop per minut\n2. För många anrop per timme\n3. För stora meddelanden"
    )
    _, names = hand(text)
    assert "markdown" not in names, names


def test_an_answer_that_lists_under_its_own_explaining_head_keeps_its_markdown() -> None:
    text = (
        "Kvoten räknas per projekt, eftersom nyckeln hör till projektet. Det kan bero på:\n"
        "1. För många anrop per minut\n2. För många anrop per dag\n3. En delad nyckel"
    )
    failure, names = hand(text, "Varför får jag 429 fast jag knappt använder API:t?")
    assert not failure and "markdown" in names, names
