"""Round 20 (engineer 106): thin languages, structured output and eval outputs, both sides.

Thin languages: the words a notice of a limit reached is built from (a limit, its being
reached: Greek "φτάσατε ... όριο", Romanian "ați atins limita", Hungarian "elérte ...
korlátot", Swedish "nått ... gräns", Hebrew "הגעתם למגבלת", Hindi "सीमा पहुँच गई"), the limit
word ending a compound ("üzenetkorlát", "månadsgräns"), and the core words of unavailable,
retry, failure, overload and timeout. Structured output: a record flagged as an error that
carries a runtime's crash message (a pipeline's failed item), against a schema's error flag the
request demanded. Eval outputs: the thing a request asked for said absent in brackets ("(no
summary)"), against the same note the request named. Made-up texts, never corpus texts."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

LIMITS_REACHED = (
    "\u03a6\u03c4\u03ac\u03c3\u03b1\u03c4\u03b5 \u03c4\u03bf \u03bc\u03b7\u03bd\u03b9\u03b1\u03af"
    "\u03bf \u03cc\u03c1\u03b9\u03bf \u03b1\u03b9\u03c4\u03b7\u03bc\u03ac\u03c4\u03c9\u03bd.",
    "A\u021bi atins limita zilnic\u0103 de mesaje. Reveni\u021bi m\u00e2ine.",
    "El\u00e9rted a napi \u00fczenetkorl\u00e1tot.",
    "Du har n\u00e5tt din m\u00e5nadsgr\u00e4ns f\u00f6r AI-fr\u00e5gor.",
    "\u05d4\u05d2\u05e2\u05ea\u05dd \u05dc\u05de\u05d2\u05d1\u05dc\u05ea \u05d4\u05d4\u05d5\u05d3"
    "\u05e2\u05d5\u05ea \u05d4\u05d7\u05d5\u05d3\u05e9\u05d9\u05ea.",
    "\u0906\u092a\u0915\u0940 \u0926\u0948\u0928\u093f\u0915 \u0938\u0902\u0926\u0947\u0936"
    " \u0938\u0940\u092e\u093e \u092a\u0939\u0941\u0901\u091a \u0917\u0908 \u0939\u0948\u0964",
    "Je hebt je dagelijkse limiet bereikt.",
    "Osi\u0105gni\u0119to dzienny limit wiadomo\u015bci.",
)


@pytest.mark.parametrize("text", LIMITS_REACHED)
def test_a_limit_reached_in_a_thin_language_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "vocabulary:quota" in names, names


THIN_NOTICES = (
    "\u26a0\ufe0f Tj\u00e4nsten \u00e4r tillf\u00e4lligt otillg\u00e4nglig. F\u00f6rs\u00f6k"
    " igen senare.",
    "Szerverhiba. Pr\u00f3b\u00e1lja meg \u00fajra n\u00e9h\u00e1ny perc m\u00falva.",
    "Ceva nu a mers bine. Te rug\u0103m s\u0103 \u00eencerci din nou mai t\u00e2rziu.",
    "\u039f \u03b4\u03b9\u03b1\u03ba\u03bf\u03bc\u03b9\u03c3\u03c4\u03ae\u03c2 \u03b5\u03af\u03bd"
    "\u03b1\u03b9 \u03c5\u03c0\u03b5\u03c1\u03c6\u03bf\u03c1\u03c4\u03c9\u03bc\u03ad\u03bd\u03bf"
    "\u03c2, \u03b4\u03bf\u03ba\u03b9\u03bc\u03ac\u03c3\u03c4\u03b5 \u03be\u03b1\u03bd\u03ac.",
    "\u09b8\u09be\u09b0\u09cd\u09ad\u09be\u09b0 \u098f\u0996\u09a8 \u09ac\u09cd\u09af\u09b8"
    "\u09cd\u09a4, \u09aa\u09b0\u09c7 \u099a\u09c7\u09b7\u09cd\u099f\u09be \u0995\u09b0"
    "\u09c1\u09a8\u0964",
)


@pytest.mark.parametrize("text", THIN_NOTICES)
def test_an_unavailable_or_busy_notice_in_a_thin_language_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure, names


THIN_ANSWERS = (
    # a Swedish explanation of what happens at the limit, and what to do
    "N\u00e4r du har n\u00e5tt gr\u00e4nsen f\u00f6r antalet anrop returnerar API:et"
    " statuskod 429, s\u00e5 l\u00e4gg till en exponentiell backoff i klienten och l\u00e4s"
    " Retry-After-huvudet innan n\u00e4sta anrop.",
    # a Romanian fix report: the test that hit its time limit passes now
    "Am m\u0103rit limita de timp \u00een pytest.ini de la 5 la 30 de secunde, iar testul"
    " care atinsese limita \u00een CI trece acum; am ad\u0103ugat \u0219i un comentariu.",
    # a Hungarian explanation of the daily limit
    "A napi korl\u00e1t el\u00e9r\u00e9se ut\u00e1n a szolg\u00e1ltat\u00e1s 429-es k\u00f3dot"
    " ad vissza, ez\u00e9rt a kliensben kiolvassuk a retry_after mez\u0151t, \u00e9s annyi"
    " m\u00e1sodpercet v\u00e1runk a k\u00f6vetkez\u0151 k\u00e9r\u00e9s el\u0151tt.",
)


@pytest.mark.parametrize("text", THIN_ANSWERS)
def test_a_writer_explaining_a_limit_in_a_thin_language_is_not(text: str) -> None:
    failure, names = hand(text)
    assert not failure, names


CRASH_RECORDS = (
    '[\n  {\n    "url": "https://example.org/page/2",\n    "error": true,\n    "content":'
    " \"Cannot read properties of undefined (reading 'map')\"\n  }\n]",
    '{"item": 3, "status": "error", "detail": "\'NoneType\' object is not subscriptable"}',
)


@pytest.mark.parametrize("text", CRASH_RECORDS)
def test_a_record_flagged_as_an_error_with_a_crash_message_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "error_object" in names, names


SCHEMA_ANSWERS = (
    # the request demanded the error flag and its message
    (
        '{"due_date": null, "error": true, "message": "The invoice gives no due date."}',
        'Extract the due date as JSON {"due_date": str|null, "error": bool, "message": str};'
        " set error to true when the date is missing.",
    ),
    # ... and the crash message itself, as the output of a snippet it asked to be run
    (
        '{"error": true, "content": "\'NoneType\' object has no attribute \'strip\'"}',
        'Run the snippet and report the result as JSON with the keys "error" (bool) and'
        ' "content" (the output, or the exception message).',
    ),
    # a record that carries no crash: an item extracted whole
    (
        '[{"index": 0, "error": false, "tags": ["pricing"], "content": "Plans start at $9."}]',
        "Extract the pricing blocks of the page as a JSON list of index, error, tags, content.",
    ),
)


@pytest.mark.parametrize(("text", "question"), SCHEMA_ANSWERS)
def test_an_error_flag_the_request_demanded_is_not(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, names


ABSENT_THINGS = (
    ("(no summary)", "Summarize the meeting notes below in two sentences."),
    ("[no explanation]", "Pick the best option and give an explanation for your choice."),
)


@pytest.mark.parametrize(("text", "question"), ABSENT_THINGS)
def test_the_asked_thing_said_absent_in_brackets_is_a_failure(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert failure and "placeholder" in names, names


ABSENT_ANSWERS = (
    # the request named the note itself
    ("(no reason)", 'Give the reason for your vote, or write "(no reason)" if you have none.'),
    # a person's reply, unbracketed
    ("No reason, it just felt right.", "Give the reason for your vote."),
    # brackets around something else than the thing asked for
    ("(no changes needed)", "Summarize the meeting notes below in two sentences."),
)


@pytest.mark.parametrize(("text", "question"), ABSENT_ANSWERS)
def test_a_note_the_request_named_or_a_plain_reply_is_not(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure and "placeholder" not in names, names
