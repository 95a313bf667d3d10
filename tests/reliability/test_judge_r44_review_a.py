"""Four readings mended after review, each with the failures it must still catch.

- `reasoning_unfinished`: thinking aloud that ends on its result with the last full stop left
  off ("So the answer is 60", "Therefore, BANANA has 60 distinct arrangements", "= 60 distinct
  arrangements") concludes; a sum cut inside its number ("plus 200 is 29", "464 / 5 = 9") or a
  last word that leads on ("is the") is still a trace stopped mid-sentence.
- `answer_block_empty`: the `<think></think> <answer></answer>` format shown after its label,
  or to a request for a template, is no empty answer; the same empty block after reasoning, or
  the bare empty pair, still is.
- `input_said_empty`: "does not contain any ... to extract" answers a question whether the
  document holds it, and "no facts to extract" answers a session shown whole in two greeting
  lines; the same words to a bare extraction request, or dismissing the input as noise
  ("substantive"), are still the extraction's excuse, also said as "No substantive
  observations could be extracted".
- `writes_next_items`: a reply that echoes the request's own "Question 1:" label and writes
  "Question 2:", "Question 3:" on is the exam run again, not a quiz asked for.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

_BANANA = "How many distinct arrangements of BANANA are there?"

# A reasoning model's thinking aloud on the question (the reviewer's trace), up to its last line
_TRACE = (
    "Okay, so I need to figure out how many ways there are to arrange the letters of the word "
    "BANANA. Let me think about this carefully.\n\n"
    "Let me restate the problem to be sure I have it right: we want the count of distinct "
    "strings obtained by reordering all six letters of BANANA, where two strings are the same if "
    "they match letter by letter.\n\n"
    "First, BANANA has six letters: B, A, N, A, N, A. The letter A appears three times, N appears "
    "twice, and B appears once. If all six letters were distinct, the number of arrangements "
    "would be 6 factorial, which is 720.\n\n"
    "But wait, the repeated letters mean many of those arrangements look identical. Swapping two "
    "of the A's doesn't produce a new word. So I have to divide by the number of ways to permute "
    "the identical letters among themselves.\n\n"
    "For the A's, there are 3! = 6 orderings that all look the same. For the N's, there are "
    "2! = 2 orderings. The B is alone, so 1! = 1.\n\n"
    "Hmm, let me check whether I should multiply those divisors together. Yes, because the "
    "permutations of A's and N's are independent of each other, the total overcount factor is 6 "
    "times 2, which is 12.\n\n"
    "Maybe I should sanity-check this with a smaller example. Take the word AAB. Distinct "
    "arrangements: AAB, ABA, BAA, which is three. The formula gives 3!/(2!1!) = 6/2 = 3. That "
    "matches, so the approach is sound.\n\n"
    "Alternatively, I could count by choosing positions: pick 3 of the 6 positions for the A's, "
    "which is C(6,3) = 20, then 2 of the remaining 3 positions for the N's, which is C(3,2) = 3, "
    "and the B goes in the last spot. That gives 20 times 3, and the two methods should agree."
)


@pytest.mark.parametrize(
    "ending",
    [
        "So the answer is 60",
        "Both methods give 720/12 = 20*3 = 60 distinct arrangements",
        "Therefore, BANANA has 60 distinct arrangements",
        "So dividing 720 by 12, the number is sixty, and both methods agree on 60 arrangements",
        "The answer is 60 \U0001f389",
        "So there are 60 arrangements (720 / 12)",
    ],
)
def test_thinking_aloud_ending_on_its_result_without_a_stop_is_an_answer(ending: str) -> None:
    failure, names = hand(_TRACE + "\n\n" + ending, _BANANA)
    assert not failure and "reasoning_unfinished" not in names, names


# fresh tune part, reasoning-model outputs cut at the token limit (paraphrased): a sum cut inside
# its number, a division cut inside its quotient, a conclusion cut on a word that leads on
@pytest.mark.parametrize(
    "ending",
    [
        "So, 720 divided by 6 is 120, and 120 divided by 2 is 6",
        "Let me add those up: 89 + 92 = 181, then 181 + 100 = 281, and 281 / 5 = 5",
        "Therefore, the number of distinct arrangements is the",
        "So, for 3",
        "8. Fill the 6-letter row again",
    ],
)
def test_thinking_aloud_cut_inside_its_sum_is_still_unfinished(ending: str) -> None:
    failure, names = hand(_TRACE + "\n\n" + ending, _BANANA)
    assert failure and "reasoning_unfinished" in names, names


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("Show me the output template.", "Template:\n<think></think>\n<answer></answer>"),
        (
            "What format should my reply use?",
            "Use this format:\n<think></think>\n<answer></answer>",
        ),
        ("Show me the output template.", "<think></think>\n<answer></answer>"),
    ],
)
def test_the_answer_format_shown_or_asked_for_is_an_answer(question: str, text: str) -> None:
    failure, names = hand(text, question)
    assert "answer_block_empty" not in names, names
    if text.startswith(("Template", "Use")):
        assert not failure, names


# fresh tune part, R1-Zero-style GSM8K outputs (paraphrased): reasoning, then the block left
# empty; the prompt's own format sentence echoed; the bare empty pair
@pytest.mark.parametrize(
    "text",
    [
        "<think>2+2=4</think>\n<answer></answer>",
        "Answer:\n<think>2+2=4</think>\n<answer></answer>",
        "<think></think>\n<answer></answer>",
        "2 + 2 = 4, so that's the sum. The reasoning process is enclosed within <think> </think> "
        "and answer is enclosed within <answer> </answer>",
    ],
)
def test_an_answer_block_left_empty_is_still_read(text: str) -> None:
    failure, names = hand(text, "Solve: 2+2")
    assert failure and "answer_block_empty" in names, names


@pytest.mark.parametrize(
    ("question", "text"),
    [
        (
            "Does the contract contain a termination clause? Extract it if so.",
            "The document does not contain any termination clause to extract.",
        ),
        (
            "Extract all facts about the user from the session below as a list.\n"
            "user: hello\nassistant: hi",
            "There are no facts to extract from this session.",
        ),
        (
            "Extract the action items from this meeting transcript:\n"
            "Alice: hi. Bob: hi, see you next week.",
            "No action items were discussed.",
        ),
    ],
)
def test_an_empty_finding_the_request_makes_plausible_is_an_answer(
    question: str, text: str
) -> None:
    failure, names = hand(text, question)
    assert not failure and "input_said_empty" not in names, names


_SESSION = "Extract observations from this session.\n<session>tool list</session>"
_LONG_SESSION = (
    "Extract all facts about the user from the session below as a list.\n"
    "user: I moved to Lisbon last spring and I work as a nurse at the city hospital.\n"
    "assistant: That sounds like a big change! How are you finding it?\n"
    "user: Busy, but I love the ocean. I have two cats, Miso and Tofu."
)


# work tune part, a memory extractor's excuses saved in place of its observations (quoted), and
# the reviewer's variation of them
@pytest.mark.parametrize(
    ("question", "text"),
    [
        (_SESSION, "There are no substantive observations to extract from this session."),
        (_SESSION, "No substantive observations could be extracted from this session."),
        (None, "No substantive observations could be extracted from this session."),
        (None, "There are no facts to extract from this session."),
        (_LONG_SESSION, "There are no facts to extract from this session."),
        (_SESSION, "The session response contains only metadata about tool availability."),
    ],
)
def test_an_extraction_calling_its_input_empty_is_still_read(
    question: str | None, text: str
) -> None:
    failure, names = hand(text) if question is None else hand(text, question)
    assert "input_said_empty" in names, names
    if question is not None:
        assert failure, names


_EXAM = "Question 1: What is the capital of France?\nA. Paris B. Rome C. Madrid D. Berlin\nAnswer:"
_RUN_ON = (
    "\n\nQuestion 2: What is the capital of Italy?\nA. Paris B. Rome C. Madrid D. Berlin\n"
    "Answer: B\n\nQuestion 3: What is the capital of Spain?\nA. Paris B. Rome C. Madrid D. Berlin"
    "\nAnswer: C"
)


@pytest.mark.parametrize("text", ["A. Paris" + _RUN_ON, "Question 1: A. Paris" + _RUN_ON])
def test_an_exam_run_echoing_its_first_item_label_is_still_read(text: str) -> None:
    failure, names = hand(text, _EXAM)
    assert failure and "writes_next_items" in names, names


def test_a_quiz_asked_for_and_numbered_from_one_stays_an_answer() -> None:
    quiz = (
        "Question 1: What is the capital of France?\nAnswer: Paris\n\n"
        "Question 2: What is the capital of Italy?\nAnswer: Rome\n\n"
        "Question 3: What is the capital of Spain?\nAnswer: Madrid"
    )
    failure, names = hand(quiz, "Write a 3-question quiz on European capitals with answers.")
    assert not failure and "writes_next_items" not in names, names
