"""Round 39 (engineer 219): a reply that holds none of the form its request fixes.

A benchmark, a classifier or a router fixes the reply's form in its request: a label among
those it demands ("choose from the following two options: [yes, no]", "Answer with ONLY: OK or
FLAG"), a lettered option ("Choices:\\n(A) yes\\n(B) no"), a number alone ("Respond only with a
number"). A short reply with none of it gave no answer (form_missing); nor does a vision reply
that says it does not know who is shown (withholds_identity).

Answers that give the form pass, with words around it or not.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import HAND, asked, hand
from tether.messages import Turn
from tether.reliability.judge import judge

YES_NO = "Is this an axial plane? Please choose from the following two options: [yes, no]"
LETTERED = (
    "Hint: Please answer the question and provide the correct option letter, e.g., A, B, C, D, "
    "at the end.\nQuestion: Does Web Purple have the maximum area under the curve?\nChoices:\n"
    "(A) yes\n(B) no"
)
INTEGER = (
    "Hint: Please answer the question requiring an integer answer and provide the final value, "
    "e.g., 1, 2, 3, at the end.\nQuestion: How many models in the table have a model size "
    "larger than 10B?"
)
DATE_ONLY = "What is your knowledge cutoff date? Respond with only the date."
OK_OR_FLAG = (
    "Check this comment for spam or abuse.\n\nTEXT:\nBuy now!!!\nAnswer with ONLY: OK or FLAG."
)
NUMBER_ONLY = (
    "What is the average of 13, 16, 31 and 23? Round to the nearest whole number. Respond only "
    "with a number and nothing else."
)
SEGMENT = (
    "Hint: Please answer the question and provide the correct option letter, e.g., A, B, C, D, "
    "E at the end.\nQuestion: In the figure shown above, AC = 6. What is the length of segment "
    "AB?\nChoices:\n(A) 3\n(B) 5\n(C) 6\n(D) 7\n(E) It cannot be determined from the "
    "information given"
)

# (text, question, the signal that reads it); each missed at JOIN (03b9536) by the hand signals
CAUGHT = (
    # microsoft/LLaVA-Med's answer file: an upload's timestamp and path, neither yes nor no
    ("2019-04-29 17:37:46./site_media/uploads/axial_plane.png", YES_NO, "form_missing"),
    # lupantech/MathVista (instruct_blip2): options the question never offered
    ("(C) can't tell\n(D) don't know", LETTERED, "form_missing"),
    # lupantech/MathVista (llavar): no number where an integer was asked
    (
        "In the given image, there is no specific question being asked. It seems to be a table "
        "with some random data and codes. I cannot provide any helpful information based on "
        "this table.",
        INTEGER,
        "form_missing",
    ),
    # attogram/ollama-bash-lib: a greeting where only a date was asked ("R1" is no number)
    (
        "<think>\nHi! I'm DeepSeek-R1, an AI assistant independently developed. I'm excited to "
        "chat with you and help out!\n</think>\n\nHi! I'm DeepSeek-R1, an AI assistant "
        "independently developed. I'm excited to chat with you and help out!",
        DATE_ONLY,
        "form_missing",
    ),
    # LambdaLabsML/Llama-3.2-vision-study: the name not given, said as not known
    (
        "I don't know who the actor is in the image.",
        "Who is the actor inside the red box in this image?",
        "withholds_identity",
    ),
)


@pytest.mark.parametrize(("text", "question", "signal"), CAUGHT)
def test_a_reply_without_the_asked_form_is_caught(text: str, question: str, signal: str) -> None:
    failure, names = hand(text, question)
    assert failure, (text, names)
    assert signal in names, names


@pytest.mark.parametrize(("text", "question", "signal"), CAUGHT)
def test_the_judge_reads_it_rather_than_clearing_it_unread(
    text: str, question: str, signal: str
) -> None:
    turn = Turn(content=text, finish_reason="stop", termination="stop")
    assert judge(turn, asked(question), config=HAND) is not None


PASSED = (
    # microsoft/LLaVA-Med: the label opens a sentence of its own
    ("No, the liver is not visible in the image.", YES_NO),
    # lupantech/MathVista: the option's letter, then a disclaimer of part of the picture
    (
        "The answer is (B), No.\n\nI cannot see any brown SUVs in the image. There is only one "
        "brown school bus.",
        LETTERED,
    ),
    # lupantech/MathVista: the option's words, not its letter
    (
        "In the figure shown above, AC = 6. Therefore, the length of segment AB cannot be "
        "determined from the information given.",
        SEGMENT,
    ),
    ("FLAG", OK_OR_FLAG),
    ("18", NUMBER_ONLY),
    ("The average is 21.", NUMBER_ONLY),
)


@pytest.mark.parametrize(("text", "question"), PASSED)
def test_a_reply_that_gives_the_form_passes(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, (text, names)
    assert "form_missing" not in names, names
