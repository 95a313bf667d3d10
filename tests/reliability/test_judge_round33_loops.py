"""Round 33 (engineer 174): degenerate generations, by what they are.

A model that looped until its token limit ends on one unit said over and over to the last
character, figures and signs too ("= 16 - 6 / 16", "} } }", "|E|E|E"); a request in Chinese
said back whole is an echo though it is short in characters; a generation printed with the
start-of-sequence token before it is raw output. Cases: round 32's batches
(WORK), cut to their shape (the loop kept to the end, its head shortened).

- Caught: a periodic end (`periodic_end`), a CJK echo, a bare `<s>`.
- Left: a demanded repetition, borders and rules, lists and steps that differ, code and
  arrays that close, a short CJK reply said in the request, struck text (`<s>...</s>`).
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

CAUGHT = (
    # MTBench recorded answers (dreaming-panda/MTBench): a sum looping until the token limit
    (
        "Let's start with a simple example. Imagine you have a bag containing 10 cookies:\n\n"
        "1. First, we divide the 10 cookies into 5 - 10/5 = 1.0 (decimal notation).\n"
        "2. Finally, we find the number of combinations:\n\n   (5 \u00d7 3) = "
        + "5 \u00d7 3 = " * 60
        + "5",
        "Act as a math teacher and explain probability.",
    ),
    (
        "The probability that the total number is at least 3 is:\n\n16 - (3 + 2 + 2 + 3) / 16\n\n"
        + "= 16 - 6 / 16\n\n" * 40
        + "= 16 - 6 /",
        "When rolling two dice, what is the probability that you roll a total of at least 3?",
    ),
    # MathVista recorded answers (lupantech/mathvista): a ratio said again, a figure chanted
    (
        "The relative increase in water vapour content of the atmosphere would be approximately "
        + "0.0189 / 0.0189 \\* 2.0 = " * 12
        + "0.0189 / 0.0189 \\* 2.",
        "Question: what is the relative increase in water vapour content? Answer with an integer.",
    ),
    (
        "1 " * 126 + "1",
        "Hint: answer with a Python list, e.g., [1, 2, 3]. Question: represent the contour with "
        "an 8-directional chain code.",
    ),
    # AlpacaEval outputs (Imbernoulli/alpaca_eval): a chat log's bars, a bracket
    (
        "The sample variance is a legendary Cryo archer.\n\n[02:36 PM] azhai123: I think they're"
        + "|RE" * 30
        + "|E" * 120,
        "Can you help me understand how I can estimate the variance of a variable?",
    ),
    (
        'Here is the reformulated reply in JSON format:\n\n{\n"outdoorAdventure": {\n[\n'
        '"natureScavengerHunt": []\n}\n}\n' + "} " * 80 + "}",
        "Reformulate your earlier reply, output it in JSON format.",
    ),
    # CritiqueLLM's AlignBench samples (thu-coai/CritiqueLLM): the request said back whole
    ("请介绍一下人民代表大会制度", "请介绍一下人民代表大会制度"),
    # MiniGPT-5's issue 50 (UCSB-AI/MiniGPT-5): token soup after the start token
    (
        "<s>eben que Brand counterinta scaratiquesitable cerixioniuencing increment COLány"
        "igatouch hintuniveriter Radinate Val ifikur Fulben treatapat registered",
        "Describe the image.",
    ),
)


@pytest.mark.parametrize(("text", "question"), CAUGHT)
def test_a_degenerate_generation_is_a_failure(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert failure, (text[-80:], names)
    assert "degenerate" in names, names


LEFT = (
    # a demanded repetition
    ("hello " * 20 + "hello", "Say hello 21 times."),
    ("1 " * 30 + "1", "Repeat the digit 1 thirty-one times."),
    # borders and rules: a psql result, a Markdown table's last row, a rule
    (
        "Here is the result:\n\n+------+------+\n| id   | name |\n+------+------+\n"
        "| 1    | a    |\n+------+------+------+------+------+------+------+------+------+",
        "Show the table.",
    ),
    ("Done.\n\n" + "=" * 80, "Summarize."),
    ("Notes below.\n\n" + "-·-" * 30, "Summarize."),
    # steps and counts that differ, lists that close, code that closes
    (
        "Step 1: Install the package.\nStep 2: Configure the client.\nStep 3: Run the tests.\n"
        "Step 4: Check the report.\nStep 5: Open a pull request.",
        "How do I contribute?",
    ),
    ("Counting down: " + " ".join(str(i) for i in range(60, 0, -1)), "Count down from 60."),
    ("zeros = [" + "0, " * 40 + "0]", "Make a list of 41 zeros in Python."),
    (
        "```python\nfor i in range(3):\n    print(i)\n```\n\nThe loop prints 0, 1 and 2 in turn.",
        "Show a loop.",
    ),
    # a refrain in a song, a laugh
    (
        "Verse one.\n\nChorus:\nWe sing along, we sing along.\n\nVerse two.\n\nChorus:\nWe sing "
        "along, we sing along.",
        "Write a song.",
    ),
    ("That was great, " + "ha" * 30, "Tell me a joke."),
    # a short reply in Chinese the request names; struck text
    ("你好", "你好"),
    ("<s>$40</s> now $30: the price dropped this week.", "What does it cost?"),
)


@pytest.mark.parametrize(("text", "question"), LEFT)
def test_a_repetition_of_a_writer_is_left(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, (text[-80:], names)
    assert "degenerate" not in names, names
