"""A reasoning model's reply that never reaches its answer (`reasoning_left_signals`): its
thinking aloud sent untagged and stopped mid-sentence or given up, with no `</think>` and no
stated answer (signal `reasoning_unfinished`); an R1-Zero-style reply that ends on an empty
`<answer> </answer>` block (signal `answer_block_empty`). Replies paraphrased from the tune
part's reasoning-model outputs; the lookalikes (the same thinking closed by `</think>` and a
solution, thinking aloud that states its answer, a short "Okay, so ..." answer, a filled answer
block, the format shown in code) stay answers."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand, is_failure

_PUZZLE = (
    "Four people come to a rickety bridge at night. The bridge holds two people at a time and "
    "they share one torch. A takes 1 minute, B 3, C 5 and D 10. Can they all cross in 17 minutes?"
)

_THINKING = (
    "Okay, so I've got this problem about four people crossing a rickety bridge at night. The "
    "bridge can hold two people at once, but they only have one torch. A takes 1 minute, B takes "
    "3 minutes, C takes 5 minutes and D takes a whopping 10 minutes. Hmm, let me think about how "
    "to approach this.\n\n"
    "First, the torch has to come back every time, so someone has to walk it back. The fastest "
    "person should probably do the returning, since that costs the least time.\n\n"
    "So if A escorts everyone: A and D go, 10 minutes. A returns, 1 minute. A and C go, 5 "
    "minutes. A returns, 1 minute. A and B go, 3 minutes. Total: 10 + 1 + 5 + 1 + 3 = 20. That's "
    "more than 17, so that can't be it.\n\n"
    "Wait, maybe the two slowest should cross together, so their times overlap. Let me check "
    "that. A and B go first, 3 minutes. A returns, 1 minute. C and D go, 10 minutes. B returns, "
    "3 minutes. A and B go, 3 minutes. Total: 3 + 1 + 10 + 3 + 3 = 20 again? Let me add it "
    "again: 3 + 1 = 4, plus 10 is 14, plus 3 is 17... no wait, B returning is 3, so 17, then A "
    "and B cross again, another 3, that's 20.\n\n"
    "Hmm, perhaps I'm counting a trip twice. Let me see. After C and D cross, the far side has "
    "B, C and D, and the torch. Someone has to bring the torch back, and the fastest one there "
    "is B. So B returns in 3 minutes.\n\n"
    "Alternatively, maybe A should not return the first time. I think the order of the returns "
    "matters more than the order of the crossings. Let me try writing every trip out again:\n\n"
    "1. A and B go: 3 minutes. Total: 3.\n\n"
    "2. A returns: 1 minute. Total: 4.\n\n"
    "3. C and D go: 10 minutes. Total: 14.\n\n"
    "4. B returns: 3 minutes. Total: 17.\n\n"
    "Wait, so the torch is back on the start side at 17 minutes and A and B are still there. "
    "That means the last crossing pushes it past 17. Maybe the problem assumes that once "
    "everyone is across, the time stops, so the last trip is included. So perhaps the correct "
    "answer is 17 minutes by doing:\n\n"
    "1. A and D go: 10 minutes. A returns: 1 minute. Total: 11.\n\n"
    "2. A and C go: 5 minutes. A returns"
)


@pytest.mark.parametrize(
    "text",
    [
        _THINKING,
        # given up: the last line says so, no answer
        _THINKING.rsplit("\n\n", 2)[0]
        + "\n\nI've tried every order and none of them fits. I'm stuck.",
        # stopped inside a sum
        _THINKING.rsplit("\n\n", 2)[0] + "\n\nSo, 10 + 1 + 5 + 1 is 17, plus 3 is 2",
    ],
)
def test_thinking_aloud_never_closed_is_failure(text: str) -> None:
    failure, names = hand(text, _PUZZLE)
    assert "reasoning_unfinished" in names
    assert failure


def test_thinking_aloud_never_closed_is_failure_for_the_judge() -> None:
    """Read whole, not cleared unread for its length (`clearing.quick_clear`)."""
    assert is_failure(_THINKING, _PUZZLE)


@pytest.mark.parametrize(
    "text",
    [
        # the same thinking, closed and answered
        _THINKING + " again: 1 minute. Total: 17.\n</think>\n\nA and B cross (3), A returns (1), "
        "C and D cross (10), B returns (3), A and B cross (3): 20 minutes, so 17 is impossible.",
        # thinking aloud that states its answer at the end, untagged
        _THINKING
        + " again.\n\nSo the fastest schedule takes 17 minutes.\n\n**Answer: 17 minutes**",
        # thinking aloud that ends on a closed sentence
        _THINKING.rsplit("\n\n", 2)[0] + "\n\nSo the crossing can be done in 17 minutes.",
    ],
)
def test_thinking_aloud_that_concludes_is_answer(text: str) -> None:
    failure, names = hand(text, _PUZZLE)
    assert "reasoning_unfinished" not in names
    assert not failure


def test_short_okay_so_answer_is_answer() -> None:
    text = (
        "Okay, so the error comes from the parser reading the date before the locale is set. "
        "I moved the locale call above it in parse.py, and the test passes now, maybe because "
        "the fixture sets the locale too. Wait, I think the old order only worked on Linux"
    )
    assert "reasoning_unfinished" not in hand(text)[1]


_QUESTION = (
    "Mel uses a 900-watt air conditioner for 8 hours a day. If he cuts it to 3 hours a day, how "
    "many kilowatt-hours does he save in 30 days?"
)


@pytest.mark.parametrize(
    "text",
    [
        "Let's break down the calculation step by step. First, the AC uses 900 watts for 8 hours "
        "a day.</think> If the AC uses 900 watts per hour, then in 8 hours it uses 900 * 8 watts. "
        "To find the total used in 30 days, we multiply the daily usage by 30. Let's do the "
        "math.</think> <answer> </answer>",
        "The ratio of two-legged and four-legged animals is equal, so half of the animals are "
        "two-legged and half are four-legged. There are 15 two-legged animals and 10 four-legged "
        "animals.<answer></answer>",
    ],
)
def test_empty_answer_block_is_failure(text: str) -> None:
    failure, names = hand(text, _QUESTION)
    assert "answer_block_empty" in names
    assert failure


@pytest.mark.parametrize(
    "text",
    [
        "He used 900 * 8 = 7200 watt-hours a day before and 900 * 3 = 2700 after, so he saves "
        "4.5 kWh a day, 135 kWh in 30 days. </think> <answer> 135 </answer>",
        # the format shown in code: a writer explaining it
        "The reward checks the format: the reasoning in `<think>` tags, then the final number "
        "in an answer block, <answer> </answer>",
    ],
)
def test_filled_or_explained_answer_block_is_answer(text: str) -> None:
    assert "answer_block_empty" not in hand(text, _QUESTION)[1]
