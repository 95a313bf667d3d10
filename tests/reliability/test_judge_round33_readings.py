# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 33 (engineer 179): figure-neutral plumbing and speed, no verdict moved.

- A person's state said of the addressee ("你累了就先睡吧") is a property of the vocabulary's
  data (`person_state`, read by `function_words.said_of_addressee`), not a regex in reply.py:
  a class without it keeps such a hit, a class with it drops the hit said of "你" only.
- Speed, no verdict moved: a short line's slots are looked for only where a slot's sign is
  ("{", "%", "$"; `exchange_signals`); the persona's stand-in readings are kept on the reply
  (`Reply.memo`: its signal and `speaks_only_of_itself` ask each); an ASCII word is Latin
  without a test per character (`words.latin`); a reply longer than twice the request is no
  echo of its head before its comparison form is read (`head_echo`); the runtime's stock
  sentences are looked for only in a trace (`runtime_prose`).

The persona lines are real (round 32's cases, from the corpus's tune part: Chinese role-play
bots); the notices are the bench's and public ones.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import TASK, hand
from tether.reliability import continuation_signals, exchange_signals, persona_signals
from tether.reliability.function_words import said_of_addressee
from tether.reliability.judge import DEFAULT_CONFIG
from tether.reliability.lexicon import SHIPPED

STATES = DEFAULT_CONFIG.lexicon.person_states


def test_person_states_are_data() -> None:
    """The classes whose terms may name a person's state, and those words, come from
    `judge_signals.json` (`person_state`)."""
    shipped = {
        name: tuple(spec["person_state"])
        for name, spec in SHIPPED["vocabulary"].items()
        if spec.get("person_state")
    }
    assert shipped == STATES
    assert set(STATES) == {"no_reply", "overload"}


@pytest.mark.parametrize(
    ("text", "term", "addressee"),
    [
        # a character's care for the user (round 32, a role-play bot's reply to "早点睡")
        ("我还不困，你累了就先睡吧", "累了", True),
        ("只是看你比较累了才允许的，可不是关心你什么的哦！", "累了", True),
        # the bot's own state: a stand-in (a QQ bot's canned line)
        ("机器人太累了，让她休息会儿，过一会儿再来请求。", "累了", False),
        ("我有点累了", "有点累", False),
    ],
)
def test_said_of_addressee(text: str, term: str, addressee: bool) -> None:
    start = text.index(term)
    hit = ("no_reply", start, start + len(term), term)
    assert said_of_addressee(text, hit, STATES) is addressee
    # a class without the property keeps every hit
    assert not said_of_addressee(text, ("failure", start, start + len(term), term), STATES)
    assert not said_of_addressee(text, hit, {})


def test_addressee_state_drops_the_hit_only() -> None:
    failure, _ = hand("我还不困，你累了就先睡吧", "早点睡")
    assert not failure
    failure, names = hand("机器人太累了，让她休息会儿，过一会儿再来请求。", TASK)
    assert failure, names


SLOTTED = [
    # a template's slot left in a canned line (bot frameworks' "{query}", "%s")
    "Sorry, I don't understand {query}.",
    "Sorry, I can't help with %s here.",
    "I didn't get that. Try ${intent} again.",
    # no slot sign: the line as it is
    "Sorry, I didn't understand that. Could you say it again?",
    "That's not something I can do here.",
]


@pytest.mark.parametrize("text", SLOTTED)
def test_slots_gated_by_their_signs(text: str) -> None:
    """Blanking the slots only where a slot's sign is changes nothing: a line without one
    has no slot."""
    slotted = exchange_signals._SLOT.sub(" ", text)
    if not exchange_signals._may_hold_slot(text):
        assert slotted == text
    assert (exchange_signals._SLOT.search(text) is not None) == ("{" in text or "%" in text)


def test_persona_readings_kept_once() -> None:
    """A stand-in reading asked twice (its signal, then `speaks_only_of_itself`) is read once
    and answers the same."""
    from tether.reliability.reply import Reply

    r = Reply("I'm here, give me a moment.", None, None, DEFAULT_CONFIG.lexicon)
    first = persona_signals.standing_by(r)
    assert "persona.standing_by" in r.memo
    assert persona_signals.standing_by(r) == first


@pytest.mark.parametrize(
    "word", ["error", "Fehler", "café", "yêu", "ошибка", "错误", "エラー", "", "naïve", "x\u0250"]
)
def test_latin_fast_path(word: str) -> None:
    from tether.reliability.words import latin

    slow = all(ord(c) < 0x250 or 0x1E00 <= ord(c) < 0x1F00 for c in word)
    assert latin(word) is slow


def test_head_echo_of_a_long_reply() -> None:
    """A reply more than twice the request's length is no echo of its head (read before its
    comparison form), and one that says the request's head back still is."""
    from tests.reliability.judging import asked
    from tether.reliability.reply import Reply

    question = (
        "Summarize the following article in three sentences. The article is about the history "
        "of the printing press and its effect on literacy in Europe."
    )
    lexicon = DEFAULT_CONFIG.lexicon
    echo = "Summarize the following article in three sentences."
    r = Reply(echo, asked(question), None, lexicon)
    assert continuation_signals.head_echo(echo, r)
    long = echo + " " + "The press spread fast. " * 20
    r = Reply(long, asked(question), None, lexicon)
    assert not continuation_signals.head_echo(long, r)
