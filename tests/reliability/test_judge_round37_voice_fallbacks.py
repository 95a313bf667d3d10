"""Round 37 (engineer 199): a voice skill's or a dialog bot's line where the asked thing should
be. Its own clause of inability, the whole reply after an apology at most ("I'm sorry, I
couldn't process that request.", `inability_alone`), unless its verb is a finding ("Unable to
reproduce.", "Sorry, I couldn't find any recipes."); and its stock line about the exchange
followed by coaching ("I'm not programmed to ... Can you please rephrase ...", `bot_fallback`),
unless the coaching is only the stock words themselves ("not something I can help with")."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand


@pytest.mark.parametrize(
    ("text", "question"),
    [
        # failures_voice_assistants_plugins, failures_bots_personas_placeholders (tune)
        ("I'm sorry, I couldn't process that request.", "turn on the lights"),
        ("Désolé, je n'ai pas pu traiter votre demande.", "allume la lumière du salon"),
        ("Sorry, I couldn't update your configuration.", "update my configuration"),
    ],
)
def test_a_skills_own_inability_alone_is_a_failure(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert failure and "inability_alone" in names, names


@pytest.mark.parametrize(
    ("text", "question"),
    [
        # answers_failures_thread_short_replies, mixed_support_bot_platforms (tune)
        ("Unable to reproduce.", "I tried with OpenAI API key and I'm getting Network Error"),
        ("Sorry, I couldn't find any recipes.", "find me a recipe with quinoa and kale"),
        ("I couldn't make it today, but the test passes now.", "Fix the failing test."),
    ],
)
def test_a_finding_or_a_clause_that_goes_on_is_left_alone(text: str, question: str) -> None:
    _, names = hand(text, question)
    assert "inability_alone" not in names, names


def test_a_stock_line_with_coaching_after_it_is_a_bots_fallback() -> None:
    # mixed_domain_qa_refusals (WORK): a tuned model's canned line in place of the answer
    text = (
        "assistant\tI'm really sorry my responses are conditioned to be neutral and non-expert. "
        "I'm not programmed to provide medical information. Can you please rephrase your "
        "instruction so I can assist you better? It's of utmost importance to me to understand "
        "your request accurately."
    )
    failure, names = hand(text, "I skipped my sugar pills for four months; is that a problem?")
    assert failure and "bot_fallback" in names, names


def test_a_scoped_bot_naming_what_it_does_is_no_fallback() -> None:
    # mixed_support_widgets_locales (tune): the stock words hold "I can help with" themselves
    text = (
        "I'm sorry, that's not something I can help with right now. I can assist with SNAP "
        "benefits and scheduling DFCS appointments. For other Georgia services, call "
        "1-800-GEORGIA (1-800-436-7442)."
    )
    _, names = hand(text)
    assert "bot_fallback" not in names, names
