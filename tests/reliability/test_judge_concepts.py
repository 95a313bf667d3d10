"""Concepts the judge reads, each shown on real texts of the corpus's tune part: a canned
notice's parts (`stock_notice`), two words that say "no reply" or "cut short" together, the
failure words of languages beyond the nine first ones, a text that names itself a change.

Each text is looked up in the corpus (it must be a tune text, never a test one) and judged as
the bench judges it: the whole reply, finished with `stop`, to its own prompt or a coding task.
"""

# ruff: noqa: RUF001  (texts in Chinese and Turkish use their own punctuation and letters)

from __future__ import annotations

import pytest

from tether.messages import Message, Request, Turn
from tether.reliability import corpus
from tether.reliability.judge import judge, read_text

DEFAULT_TASK = "Fix the failing test in tests/test_parse.py and tell me what you changed."


def _tune_sample(text: str) -> corpus.Sample:
    found = [s for s in corpus.load() if s.text == text]
    assert found, f"not in the corpus: {text!r}"
    assert found[0].split == "tune", "a test-part text may be measured, never asserted on"
    return found[0]


def _verdict_and_signals(text: str) -> tuple[bool, set[str]]:
    sample = _tune_sample(text)
    request = Request(messages=(Message.text("user", sample.prompt or DEFAULT_TASK),))
    turn = Turn(content=sample.text, finish_reason="stop", termination="stop")
    names = {s.name for s in read_text(sample.text, request).signals}
    return judge(turn, request) is not None, names


@pytest.mark.parametrize(
    "text",
    [
        # a bot speaking of its own trouble and asking to come back (persona, en / pt / zh)
        "API's on the fritz! Give it a minute…",
        "😕 Tive um probleminha aqui e não consegui processar o seu pedido.",
        "请让我思考一下哈，一会再问我吧",
        # sorry + cannot + ask again (ru): the notice's "I" is no answer's first person
        "Извините, я пока не смог сформировать ответ. Напишите, пожалуйста, еще раз.",
    ],
)
def test_a_short_reply_made_of_a_canned_notices_parts_is_a_stock_notice(text: str) -> None:
    failure, names = _verdict_and_signals(text)
    assert failure and "stock_notice" in names, names
    assert "first_person" not in names


@pytest.mark.parametrize(
    "text",
    [
        "Sorry for the problem.  I've restarted the server.  Please let me know if it works for you.",
        "I could not reproduce the crash; the fix is in parse.py.",
    ],
)
def test_a_resolved_trouble_or_a_specific_word_is_no_stock_notice(text: str) -> None:
    names = {s.name for s in read_text(text).signals}
    assert "stock_notice" not in names, names


@pytest.mark.parametrize(
    "text",
    [
        "No hubo respuesta.",  # es: an absence, then the reply
        "(・_・;) モデルからの返答が空っぽだよ",  # ja: the reply, then its emptiness
        "❌ Claude CLI returned empty output.",  # en: "empty" before a plural the phrase lacked
        "\n\n[响应过长，已截断]",  # zh: the reply too long, cut
        "🤖 Cevap çok uzun olduğu için gönderemiyorum.",  # tr: the answer too long to send
    ],
)
def test_two_words_that_say_no_reply_together_are_a_no_reply_notice(text: str) -> None:
    failure, names = _verdict_and_signals(text)
    assert failure and "vocabulary:no_reply" in names, names


@pytest.mark.parametrize(
    ("text", "signal"),
    [
        ("Yapay zeka ile konuşurken bir sorun oluştu.", "vocabulary:failure"),  # tr
        ("OpenRouter API kullanım limitine ulaştınız.", "vocabulary:quota"),  # tr
        ("Yanıt güvenlik filtrelerine takıldı.", "vocabulary:filter"),  # tr
        ("متأسفم، نتونستم جواب بدم. دوباره امتحان کن.", "vocabulary:no_reply"),  # fa
        ("Có lỗi xảy ra hãy thực lại sau.", "vocabulary:retry_advice"),  # vi
        ("Błąd OpenAI API: {e}", "client_prefix"),  # pl: "Error:" as a label
    ],
)
def test_failure_words_of_more_languages(text: str, signal: str) -> None:
    failure, names = _verdict_and_signals(text)
    assert failure and signal in names, names


def test_a_text_that_names_itself_a_change_is_a_report() -> None:
    text = (
        "This commit checks and saves the tier of an etherscan api key so rate limits are "
        "adjusted dinamically. Also adjust the numbers that we had for the free tier so the app "
        "doesn't get rate limited by accident, that was slowing down the queries"
    )
    failure, names = _verdict_and_signals(text)
    assert not failure and "change_note" in names, names
