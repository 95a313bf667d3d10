"""A bot's or a voice skill's reply template, sent before its program filled it, told from a
failure notice's template (`template_slot`), on made-up texts: a reply template's slots carry
the answer's values (a number, a time, a place, an item) and its words say no failure, no
"not" in any language and nothing of the exchange, so its slots are a sign, no verdict; a
notice's template leaves a slot for its error, says a failure or a "not" (in the languages
bots and skills speak, the lexicon's or not), counts the exchange's own units, or asks back;
and a template that is its slots and their own labels alone is no reply at all, whatever its
slots are named ("Answer: {{ .Answer }}"), carried by the hand signals.
"""

# ruff: noqa: RUF001  (texts in Chinese and Japanese use their own punctuation)

from __future__ import annotations

import pytest

from tests.reliability.judging import HAND, asked, hand
from tether.reliability.judge import read_text


def template_weight(text: str, question: str | None = None) -> float:
    """The weight of `template_slot` read in `text` (0 when it is not read)."""
    found = read_text(text, asked(question) if question else asked(), config=HAND)
    return sum(s.weight for s in found.signals if s.name == "template_slot")


@pytest.mark.parametrize(
    "text",
    [
        # a template of slots and their own labels alone: an app's answer never filled in
        "Answer: {{ .Answer }}",
        "{{ .Answer }}",
        "Result: {result}",
        "Translation:\n{translation}",
    ],
)
def test_a_template_of_its_slots_and_labels_alone_is_no_reply(text: str) -> None:
    failure, names = hand(text)
    assert failure and "template_slot" in names, names
    assert template_weight(text) >= 1.5  # clear of the bar, with the learned signal off


@pytest.mark.parametrize(
    "text",
    [
        # a value's slot in a line that says "not", in words the lexicon may not know
        # (ca / pt / fa / cs / tr / en)
        "No he trobat cap cançó anomenada {song}.",
        "Não encontrei a cidade {city}.",
        "نمی\u200cتوانم {item} را پیدا کنم",
        "Nenašel jsem žádný {title}.",
        "{item} bulunamadı.",
        "You can't pick up {item} right now.",
        # the exchange's own units counted: a quota's notice (en / es / ja)
        "You have used {count} of {total} messages today.",
        "Te quedan {count} mensajes gratis.",
        "本日のメッセージの残り回数：{count}",
        # a slot of the exchange's own things: its error, the bot, the request echoed
        "Error: {e}",
        "{bot_name} is taking a nap right now, {time}",
        "Couldn't get an answer from {name}",
        # a value's slot in a question back: it asks instead of answering
        "Which {city} do you mean?",
    ],
)
def test_a_notices_template_still_reads_in_full(text: str) -> None:
    failure, names = hand(text)
    assert failure and "template_slot" in names, names
    assert template_weight(text) >= 1.0


@pytest.mark.parametrize(
    ("question", "text"),
    [
        # a fallback that names what was asked and says it could not (pt / ca / eu / en)
        ("Play my workout playlist", "Não encontrei {playlist}."),
        ("Posa la llista de reproducció del gimnàs", "No trobo la llista {playlist}."),
        ("Jarri nire playlista", "Ezin dut {playlist} playlista aurkitu."),
        ("Set a timer for the pasta", "I wasn't able to set the timer for {duration}."),
    ],
)
def test_a_fallback_that_names_the_request_and_says_not_is_no_reply(
    question: str, text: str
) -> None:
    failure, names = hand(text, question)
    assert failure and "template_slot" in names, names


@pytest.mark.parametrize(
    "text",
    [
        # a reply template whose slots are the answer's values (ko / en / ru / fr / de / es / zh)
        "주사위 결과는 {num}입니다.",
        "The weather in {city} is {temp} degrees.",
        "Ваш рейс в {city} вылетает в {time}.",
        "Il fait {temperature} degrés à {city}.",
        "Es ist {time} Uhr.",
        "Reproduciendo {song} de {artist}.",
        "{city}今天的气温是{temperature}度。",
        "You already have {item} in your inventory.",
    ],
)
def test_a_reply_template_carrying_values_is_a_sign_no_verdict(text: str) -> None:
    failure, names = hand(text)
    assert not failure, names
    assert 0 < template_weight(text) <= 0.5


def test_a_reply_template_with_a_failure_sign_beside_it_is_a_failure() -> None:
    # the slot still counts half: with a failure's other sign beside it, the line is a notice
    failure, names = hand("❌ {item}")
    assert failure and "template_slot" in names, names


@pytest.mark.parametrize(
    "text",
    [
        # a reply template named after the request: its values still to come (en / es)
        "Playing {playlist} now.",
        "Reproduciendo tu lista {playlist}.",
    ],
)
def test_a_reply_template_that_names_the_request_is_an_answer(text: str) -> None:
    failure, names = hand(text, "Play my workout playlist (lista)")
    assert not failure and "template_slot" not in names, names


@pytest.mark.parametrize(
    ("question", "text"),
    [
        # a report on the request that there is none: an answer, its count still to come
        # (ko / en / es)
        ("/힌트 주세요", "남은 힌트가 없습니다. (사용한 힌트 {used})"),
        ("What timers do I have?", "No timers running. You set {count} timers today."),
        ("¿Qué alarmas tengo?", "No tienes alarmas. Última alarma: {time}."),
    ],
)
def test_a_report_that_there_is_none_stays_an_answer(question: str, text: str) -> None:
    failure, names = hand(text, question)
    assert not failure, names
