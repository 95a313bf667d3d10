"""Round 13's core failure words in the languages the corpus has least: the words a notice is
made of (invalid, not available, technical trouble, try again later, limit reached,
too long, no reply) in Persian, Hebrew, Slovak, Romanian, Greek, Lithuanian, Lao,
Serbian and Croatian, Slovene, Finnish, Danish and Swedish, Hungarian, Uzbek, Hindi, Ukrainian
and Dutch, as data in judge_signals.json's vocabulary.

The texts are made up; none is a corpus text. Each is read by the hand signals alone (the
learned signal off) and by the whole judge; beside them, answers in the same languages that
use the same words while explaining must stay answers.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand, reading

NOTICES = [
    # sr / hr: the assistant is not available; technical trouble
    "Asistent trenutno nije dostupan.",
    "Imamo tehnički zastoj.",
    "\u0421\u0435\u0440\u0432\u0438\u0441 \u0442\u0440\u0435\u043d\u0443\u0442\u043d\u043e \u043d\u0438\u0458\u0435 \u0434\u043e\u0441\u0442\u0443\u043f\u0430\u043d.",
    # sl: not available, try later
    "Storitev trenutno ni na voljo. Poskusite kasneje.",
    # fi: not available
    "Palvelu ei ole saatavilla.",
    # da: technical problems
    "Vi har tekniske problemer.",
    # ro: too long, try again
    "Întrebarea este prea lungă și nu poate fi trimisă. Încearcă iar.",
    # hu: too long
    "A kérdés túl hosszú.",
    # uz: the request is too long
    "\u2757 So'rovingiz juda uzun, qisqaroq yozing \u2757",
    # el: the model is not available
    "\u03a4\u03bf \u03bc\u03bf\u03bd\u03c4\u03ad\u03bb\u03bf \u03b5\u03af\u03bd\u03b1\u03b9 \u03bc\u03b7 \u03b4\u03b9\u03b1\u03b8\u03ad\u03c3\u03b9\u03bc\u03bf",
    # fa: sending failed
    "ارسال پیام شکست خورد",
    # he: an invalid request
    "בקשה לא חוקית",
    # lt: an invalid answer received
    "Gautas netinkamas atsakymas iš serverio",
    # lo: the answer received is incorrect
    "ໄດ້ຮັບຄໍາຕອບທີ່ບໍ່ຖືກຕ້ອງ",
    # hi: the daily limit, an invalid token
    "आज की दैनिक सीमा खत्म।",
    "टोकन अमान्य है",
    # uk: the limit reached
    "\u0412\u0438 \u0434\u043e\u0441\u044f\u0433\u043b\u0438 \u043b\u0456\u043c\u0456\u0442\u0443 \u043f\u043e\u0432\u0456\u0434\u043e\u043c\u043b\u0435\u043d\u044c.",
    # sk: the number of requests exceeded
    "Počet požiadaviek bol prekročený",
    # nl: could not answer
    "Kon uw vraag niet beantwoorden.",
]


@pytest.mark.parametrize("text", NOTICES)
def test_a_notice_in_a_thin_language_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure, names
    assert reading(text)[0]


ANSWERS = [
    # sr: explains why a service is not available and what to do
    "Servis nije dostupan zato što je port 8080 zauzet. Promenite `PORT` u `.env` na 8081 i "
    "ponovo pokrenite `npm run dev`; posle toga bi `/health` trebalo da vrati 200.",
    # el: explains an expired certificate
    "\u03a4\u03bf \u03c0\u03b9\u03c3\u03c4\u03bf\u03c0\u03bf\u03b9\u03b7\u03c4\u03b9\u03ba\u03cc \u03ad\u03bb\u03b7\u03be\u03b5 \u03c3\u03c4\u03b9\u03c2 3 \u039c\u03b1\u03c1\u03c4\u03af\u03bf\u03c5, \u03b3\u03b9' \u03b1\u03c5\u03c4\u03cc \u03bf browser \u03b4\u03b5\u03af\u03c7\u03bd\u03b5\u03b9 \u03c0\u03c1\u03bf\u03b5\u03b9\u03b4\u03bf\u03c0\u03bf\u03af\u03b7\u03c3\u03b7. "
    "\u0391\u03bd\u03b1\u03bd\u03b5\u03ce\u03c3\u03c4\u03b5 \u03c4\u03bf \u03bc\u03b5 `certbot renew` \u03ba\u03b1\u03b9 \u03b5\u03c0\u03b1\u03bd\u03b5\u03ba\u03ba\u03b9\u03bd\u03ae\u03c3\u03c4\u03b5 \u03c4\u03bf\u03bd nginx \u03bc\u03b5 `systemctl reload nginx`.",
    # hi: explains a daily limit setting in code
    "इस कोड में `DAILY_LIMIT = 100` दैनिक सीमा तय करता है। अगर आप इसे बढ़ाना चाहते हैं, तो "
    "`config.py` में मान बदलें और सर्वर को फिर से शुरू करें; उदाहरण के लिए 500 रखें।",
    # da: a fix report that names the technical problems solved
    "Jeg har rettet fejlen i `parser.py`: de tekniske problemer kom fra en forkert "
    "tegnkodning. Nu læser `load_file()` filen som UTF-8, og alle 42 tests består.",
]


@pytest.mark.parametrize("text", ANSWERS)
def test_an_answer_with_the_same_words_stays_an_answer(text: str) -> None:
    failure, names = hand(text)
    assert not failure, names
    assert not reading(text)[0]


# The second group: sorry and unfortunately (ar, he, cs, hu, sr/hr, sl, da, nl, ro, el, hi, uz,
# pl; the notices here in ar, hu, sr, da, sl, ro), "I could not" in Slovene and Hebrew, and a filter's words in Hungarian ("blocked", "for
# safety reasons") and Uzbek ("inappropriate").
SORRY_NOTICES = [
    "Nažalost, servis je preopterećen.",
    "Sajnos a szerver túlterhelt.",
    "Desværre, serveren svarer ikke.",
    "Oprostite, nisem mogla prebrati vašega sporočila.",
    "Din păcate, serverul este ocupat.",
    "للأسف، فشلت العملية",
    "לא הצלחתי לקרוא את ההודעה",
    "A kérést a rendszer biztonsági okból blokkolta.",
    "Nomaqbul so'rov aniqlandi.",
]


@pytest.mark.parametrize("text", SORRY_NOTICES)
def test_a_sorry_notice_in_a_thin_language_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure, names
    assert reading(text)[0]


SORRY_ANSWERS = [
    "Sajnos a `requests` 2.32 nem támogatja ezt a paramétert, ezért a `timeout=(3, 10)` "
    "formát használd: az első szám a kapcsolódás, a második az olvasás ideje másodpercben.",
    "Nažalost, `pandas` ne čuva redosled kolona posle `merge`; dodajte `df = df[cols]` "
    "posle spajanja, gde je `cols = ['id', 'ime', 'grad']`, i rezultat će biti isti kao ranije.",
    "Helaas ondersteunt Python 3.8 de `match`-syntax niet. Gebruik een `if`/`elif`-keten of "
    "upgrade naar 3.10; daarna werkt `match command.split():` zoals in het voorbeeld.",
]


@pytest.mark.parametrize("text", SORRY_ANSWERS)
def test_an_answer_that_opens_with_unfortunately_stays_an_answer(text: str) -> None:
    failure, names = hand(text)
    assert not failure, names
    assert not reading(text)[0]
