"""Round 21 (engineer 109): support widgets and bot platforms, read by `support_signals`. A
bot's fallback that says it did not understand and coaches the user (`bot_fallback`), a
widget's "all agents are busy" / "email us only" notice (`support_offline`), and, on the answer
side, a bot's domain outcome that reads like an error ("the slot you asked for is not
available", `domain_outcome`). Made-up replies, both sides."""

from __future__ import annotations

import pytest

from tests.reliability.judging import HAND, TASK, asked, signals
from tether.messages import Turn
from tether.reliability.judge import judge


def hand_verdict(text: str, question: str = TASK) -> bool:
    """The whole judge with the hand signals alone."""
    turn = Turn(content=text, finish_reason="stop", termination="stop")
    return judge(turn, asked(question), config=HAND) is not None


FALLBACKS = (
    "Sorry, I didn't get that. Could you rephrase your message?",
    'I\'m not sure how to respond to that. You can say things like "check my balance".',
    "Hmm, I didn't understand. Try asking about opening hours or delivery times.",
    "I'm sorry, I'm not certain how to reply to that. I'm a banking assistant that can show "
    "your cards and move money between your accounts.",
    "Desculpe, não entendi. Pode repetir com outras palavras?",
    "Lo siento, no te entendí. ¿Puedes decirlo de otra forma?",
    "Désolé, je n'ai pas compris. Pouvez-vous reformuler ?",
    "Entschuldigung, das habe ich nicht verstanden. Kannst du es anders formulieren?",
)


@pytest.mark.parametrize("text", FALLBACKS)
def test_bot_fallback_is_a_failure(text: str) -> None:
    assert "bot_fallback" in signals(text)
    assert hand_verdict(text)


OFFLINE = (
    "All agents are busy right now.",
    "All our operators are busy at the moment, sorry.",
    "No operators online. Please leave a message and try again later.",
    "Sorry, I'll transfer you to a human agent, please try again later if nobody answers.",
    "Im Moment sind alle Mitarbeiter beschäftigt. Bitte versuchen Sie es später erneut.",
    "Todos os nossos atendentes estão ocupados. Por favor, tente novamente mais tarde.",
    "Все операторы заняты, попробуйте позже.",  # noqa: RUF001
)


@pytest.mark.parametrize("text", OFFLINE)
def test_support_offline_is_a_failure(text: str) -> None:
    assert "support_offline" in signals(text)
    assert hand_verdict(text)


ANSWERS = (
    # a model asking about a word of the task is a real question
    (
        "I don't understand what 'flaky' means in test_parse here: could you rephrase "
        "which assertion fails?",
        "Fix the flaky test_parse test.",
    ),
    # how to reach support, asked: "send us an email" answers it
    ("You can send us an email at help@example.com.", "How do I contact support?"),
    # a bot's domain outcomes, to the request they answer
    (
        "Sorry, the table for four you requested is not available at 8pm. Would 9pm work?",
        "Book a table for four at 8pm",
    ),
    ("Sorry, there's a minimum order of 20 euros for delivery.", "Order one coffee for delivery"),
    ("Sorry, I couldn't find any recipes with okra.", "Find me recipes with okra"),
    ("Sorry, you don't have enough money to do that.", "transfer $100 to Bob"),
    ("Sorry, that item is out of stock.", "Do you have the red shoes in size 9?"),
    # a request for a domain action: the reply's word of it names the thing
    ("Sorry, the ferry to Gozo is fully booked tomorrow.", "Book the ferry to Gozo tomorrow"),
)


@pytest.mark.parametrize(("text", "question"), ANSWERS)
def test_lookalike_answers_pass(text: str, question: str) -> None:
    assert "bot_fallback" not in signals(text, question)
    assert "support_offline" not in signals(text, question)
    assert not hand_verdict(text, question)


def test_domain_outcome_names_the_thing() -> None:
    assert "domain_outcome" in signals("Sorry, that time slot is not available.")


@pytest.mark.parametrize(
    "text",
    [
        "Sorry, our order service is unavailable. Please try again later.",
        "Sorry, the booking system had an error. Please try again later.",
        "Insufficient balance on your API key.",
    ],
)
def test_system_trouble_is_no_domain_outcome(text: str) -> None:
    assert "domain_outcome" not in signals(text)
