"""How the judge tests read a made-up reply: as the whole answer to a coding task (or to the
question given), finished with `stop`: its verdict, and the names of the signals it raised."""

from __future__ import annotations

from tether.messages import Message, Request, Turn
from tether.reliability.judge import JudgeConfig, judge, read_text

# The task a failure text typically arrives after: it has nothing to do with the failure.
TASK = "Fix the failing test in tests/test_parse.py and tell me what you changed."


def asked(question: str = TASK) -> Request:
    return Request(messages=(Message.text("user", question),))


def is_failure(text: str, question: str = TASK) -> bool:
    turn = Turn(content=text, finish_reason="stop", termination="stop")
    return judge(turn, asked(question)) is not None


def signals(text: str, question: str = TASK) -> set[str]:
    """The names of the signals read (`tether judge --explain` shows them with their weights)."""
    return {s.name for s in read_text(text, asked(question)).signals}


def reading(text: str, question: str = TASK) -> tuple[bool, set[str]]:
    """The verdict (a failure or not) and the signals read."""
    return is_failure(text, question), signals(text, question)


# The hand-written signals alone (the learned signal off): a concept's test fails when the
# concept is gone, whatever the learned signal was fitted to.
HAND = JudgeConfig(weights={"learned": 0.0})


def hand(text: str, question: str = TASK) -> tuple[bool, set[str]]:
    """The hand signals' verdict on `text` (a failure or not) and the names of the signals read."""
    found = read_text(text, asked(question), config=HAND)
    return found.failure, {s.name for s in found.signals}
