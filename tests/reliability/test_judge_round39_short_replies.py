"""Round 39: real replies the hand signals took for failures, read at the root of the mistake.
A completion saved with its prompt reprinted at its head holds the request's role labels, not a
turn the model wrote for the user (`both_sides`); code kept in a JSON string ends on its last
statement, past its escaped line breaks, not inside a clause (`ends_mid_clause`); a thread's
reply that pings a person on its last line addresses them (`addresses_asker`). The failures
beside each stay ones."""

# ruff: noqa: RUF001  (texts in their own scripts)

from __future__ import annotations

from tests.reliability.judging import hand

# A Mistral-7B code fine-tune's HumanEval+ sample, saved as its prompt and its completion.
_INSTRUCTION = (
    "Below is an instruction that describes a task. Write a response that appropriately "
    "completes the request.\nPlease complete the following Python code without providing any "
    "additional tasks such as testing or explanations\n\n### Instruction: Write a Python "
    "function 'def get_positive(l: list):' to solve the following problem:\nReturn only "
    "positive numbers in the list.\n    >>> get_positive([-1, 2, -4, 5, 6])\n    [2, 5, 6]\n\n"
    "### Response:\n"
)
_COMPLETION = (
    "\ndef get_positive(l: list):\n    return [x for x in l if x > 0]\n\nThis function takes "
    "a list as an input and returns a new list containing only the positive numbers from the "
    "original list."
)


def test_a_completion_saved_after_its_reprinted_prompt_is_an_answer() -> None:
    failure, names = hand(_INSTRUCTION + _COMPLETION, _INSTRUCTION)
    assert not failure, names


def test_the_prompts_template_alone_around_a_question_stays_a_failure() -> None:
    text = (
        "Below is an instruction that describes a task. Write a response that appropriately "
        "completes the request.\n    \n    ### Instruction:\n    糖尿病如何治疗？\n    \n"
        "    ### Response:"
    )
    failure, names = hand(text, "糖尿病如何治疗？")
    assert failure and "degenerate" in names, names


def test_code_in_a_json_string_ends_on_its_statement_not_inside_a_clause() -> None:
    text = (
        'def greatest_common_divisor(a: int, b: int) -> int:\\n    """ Return a greatest '
        "common divisor of two integers a and b\\n    >>> greatest_common_divisor(3, 5)\\n    "
        '1\\n    """\\n\\n    while b:\\n        a, b = b, a % b\\n    return a'
    )
    failure, names = hand(text)
    assert not failure and "ends_mid_clause" not in names, names


def test_prose_cut_on_an_article_stays_a_failure() -> None:
    failure, names = hand("Sure! The best way to fix the failing test is to change the")
    assert failure and "ends_mid_clause" in names, names


def test_a_reply_that_pings_a_person_on_its_last_line_addresses_them() -> None:
    failure, names = hand("目前没有发现问题，是否为用户误将未配置的工具当成已配置的\n@SimengBian")
    assert not failure and "addresses_asker" in names, names


def test_a_short_notice_made_of_failure_words_stays_a_failure() -> None:
    for text in ("客户端请求失败，请稍后再试", "Service unavailable. Please try again later."):
        failure, names = hand(text)
        assert failure and "coverage" in names, (text, names)
