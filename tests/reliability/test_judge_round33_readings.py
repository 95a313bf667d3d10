# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 33 (engineer 179): figure-neutral plumbing and speed, no verdict moved.

- A person's state said of the addressee ("你累了就先睡吧") is a property of the vocabulary's
  data (`person_state`, read by `function_words.said_of_addressee`), not a regex in reply.py:
  a class without it keeps such a hit, a class with it drops the hit said of "你" only.

The persona lines are real (round 32's cases, from the corpus's tune part: Chinese role-play
bots); the notices are the bench's and public ones.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import TASK, hand
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
