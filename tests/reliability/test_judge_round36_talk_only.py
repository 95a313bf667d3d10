# ruff: noqa: RUF001  (Chinese lines use their own punctuation)
"""Round 36 (engineer 193): one home for the turns that only talk about the work.

accepts_only ("Sure, I can do that!"), announces_only ("Understood. Let me check the logs:")
and offers_only ("If you want, I can also ...") are read by one module, `talk_only_signals`,
from one data section (`talk_only` in judge_signals.json): one list of acknowledgements for
the three readings and both scripts, one apostrophe (typed or typeset), one form of asking
leave ("Would you like me to", "Shall I") and of work offered on the user's word ("If you
want, I can ..."), one sentence reader (terminal wrapping undone, markdown emphasis dropped).
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand
from tether.reliability.lexicon import SHIPPED
from tether.reliability.talk_only_signals import accepts, announced_steps

ACKNOWLEDGEMENTS = tuple(SHIPPED["talk_only"]["acknowledgements"])
WRITE_EMAIL = "You need to write an email to negotiate your salary."


@pytest.mark.parametrize("ack", ACKNOWLEDGEMENTS)
def test_an_acknowledgement_is_read_by_the_acceptance_and_the_announcement(ack: str) -> None:
    """A word added to the list once opens an acceptance and an announcement alike."""
    assert accepts(f"{ack}, I can do that!") or accepts(f"{ack}，我来写。"), ack
    assert announced_steps(f"{ack}. let me first check the logs:") or announced_steps(
        f"{ack}，我去执行"
    ), ack


CAUGHT = (
    # (text, request, signal): a nanobot turn that offered the reading it had not done
    (
        "I haven\u2019t read it yet in this thread. If you want, I can read it now and give you "
        "a concise summary plus any action it...",
        "Did you read it?",
        "announces_only",
    ),
    # the benchmark's recorded acceptance (mixed_llm_judge_outputs), its word of assent one of
    # the announcement's and its apostrophe typeset
    ("Sure, I can do that!", WRITE_EMAIL, "accepts_only"),
    ("Understood, I\u2019ll do my best.", WRITE_EMAIL, "accepts_only"),
    ("收到，我来写。", WRITE_EMAIL, "accepts_only"),
    ("No problem, let me first check the logs:", "", "announces_only"),
    # a Claude Code turn (round 35's) as a chat client renders it, in bold: one sentence
    # reader, without the emphasis, for the announcement as for the offer
    ("**Now let me write the full Rust implementation.**", "", "announces_only"),
    # the acceptance (mixed_llm_judge_outputs) and the announcement (round 35) in one turn: an
    # acceptance stands beside an announcement as an acknowledgement does
    ("Sure, I can do that! Now let me write the full Rust implementation.", "", "announces_only"),
)


@pytest.mark.parametrize(("text", "question", "signal"), CAUGHT)
def test_a_turn_that_only_talks_about_the_work_is_caught(
    text: str, question: str, signal: str
) -> None:
    failure, names = hand(text, question) if question else hand(text)
    assert failure, (text, names)
    assert signal in names, (text, names)


LEFT = (
    # a person's acknowledgement in a thread (mixed_short_thread_replies_and_notices)
    ("好的！", ""),
    ("好的。感谢、", ""),
    # an acceptance with the answer after it (mixed_text_to_sql_generations)
    (
        "Sure, here's the SQL query to count the number of templates:  ``` SELECT COUNT(*) FROM "
        "Templates; ```",
        "Count the number of templates.",
    ),
    # a clarifying question is no offer of more (mixed_shell_command_generators)
    (
        "Sure! I can create a table for you. Do you have the names and shoe sizes of the 5 people?",
        "can you show me a table of 5 people and their shoe size",
    ),
)


@pytest.mark.parametrize(("text", "question"), LEFT)
def test_an_acknowledgement_with_its_answer_or_in_a_thread_is_left(
    text: str, question: str
) -> None:
    failure, names = hand(text, question) if question else hand(text)
    assert not {"accepts_only", "announces_only", "offers_only"} & names, (text, names)
    assert not failure, (text, names)
