# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Review mends: a code review's "function is not working" line, a Russian answer's sign-off
without a stop, a fence mark inside a string, and AutoGPT's log that opens on its thoughts.

- A code-named function said broken is the user's own code under review when the request
  names it or the line goes on after a colon to say why (`notice_signals.tool_record`).
- AutoGPT's log opening on "THOUGHTS:" (its usual order) is as much the loop's record as one
  opening on its action line (`step_log`).
- A short closing line after a blank line in spaced scripts is a sign-off, not a cut
  (`unfinished_signals.foreign_run_on`).
- Only fence lines count as fences: a "```" inside a string leaves the code closed
  (`config_signals.code_cut_open`).
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand


@pytest.mark.parametrize(
    ("text", "question"),
    [
        (
            "The calculateTotal function is not working as expected: it adds the tax twice. "
            "Remove the second `total *= 1.2` on line 14.",
            "Review this code: function calculateTotal(items){ let total = 0; ... }",
        ),
        (
            "The useEffect function is not working as you expect: it runs after every render "
            "since the dependency array is missing. Add [] as the second argument.",
            "Fix my component: useEffect(() => { fetchData() })",
        ),
        # the reason after a colon, with no request at hand
        (
            "The calculateTotal function is not working as expected: it adds the tax twice.",
            "",
        ),
    ],
)
def test_a_reviewed_function_said_broken_stays_an_answer(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, names
    assert "tool_record" not in names, names


def test_the_agents_own_function_said_broken_is_still_its_record() -> None:
    # mixed_tool_use_benchmark_final_answers (ToolAlpaca): the tool failed, the agent sends
    # the user to another function
    failure, names = hand(
        "The generateRandomImage function is not working as expected. Please try again later.",
        "I need a unique image for my profile on Discord. Can you generate a random image?",
    )
    assert failure, names
    assert "tool_record" in names, names


# AutoGPT's log in its usual order: THOUGHTS first, the action line below
THOUGHTS_FIRST_LOG = (
    "THOUGHTS:  I will start by searching for reviews of budget laptops.\n"
    "REASONING:  Reviews let me compare the laptops before I write the list.\n"
    "PLAN:\n"
    "- Search for reviews\n"
    "- Write the top 5 laptops to a file\n"
    "CRITICISM:  I should make sure the reviews are recent.\n"
    "NEXT ACTION:  COMMAND = google ARGUMENTS = {'input': 'best budget laptops 2023'}\n"
    "SYSTEM:  Command google returned: []"
)


def test_a_step_log_opening_on_its_thoughts_is_no_answer() -> None:
    failure, names = hand(THOUGHTS_FIRST_LOG, "Find the top 5 budget laptops and write them down.")
    assert failure, names
    assert "step_log" in names, names


def test_an_answer_opening_on_thoughts_is_no_step_log() -> None:
    text = (
        "THOUGHTS: The best budget laptops this year are the Acer Aspire 5, the Lenovo "
        "IdeaPad 3 and the ASUS VivoBook 15, all under $600 with a full-HD screen.\n"
        "The Acer has the best keyboard; the Lenovo lasts longest on battery."
    )
    _, names = hand(text, "Find the top 3 budget laptops.")
    assert "step_log" not in names and "tool_record" not in names, names


RU_STEPS = (
    "Чтобы установить Python на Windows, откройте сайт python.org и перейдите в раздел "
    "Downloads. Скачайте установщик последней версии для Windows. Запустите установщик и "
    "отметьте пункт «Add Python to PATH». Нажмите «Install Now» и дождитесь окончания "
    "установки. Откройте командную строку и введите python --version, чтобы проверить "
    "установку."
)


@pytest.mark.parametrize(
    "sign_off",
    [
        "Удачи в изучении Python, и не бойтесь экспериментировать с кодом",
        "Желаю успехов, и пусть всё работает с первого раза",
    ],
)
def test_a_russian_answer_ending_on_a_sign_off_stays_an_answer(sign_off: str) -> None:
    failure, names = hand(RU_STEPS + "\n\n" + sign_off, "Как установить Python на Windows")
    assert not failure, names
    assert "stops_mid_script" not in names, names


_NAMES = (
    "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "theta", "kappa",
    "lambda_", "sigma", "omega", "rho", "tau", "phi", "chi", "psi",
)  # fmt: skip
# a module of some 7 KB that names the fence mark in a string (as LLM-output cleaners do)
FENCE_CLEANER_CODE = (
    'FENCE = "```"\n\n\n'
    "def strip_fences(text: str) -> str:\n"
    "    lines = text.splitlines()\n"
    "    if lines and lines[0].startswith(FENCE):\n"
    "        lines = lines[1:]\n"
    "    if lines and lines[-1].startswith(FENCE):\n"
    "        lines = lines[:-1]\n"
    '    return "\\n".join(lines)\n\n\n'
) + "".join(
    f"\n\ndef {first}_to_{second}(text: str) -> str:\n"
    f"    return text.replace({first!r}, {second!r})\n"
    for first in _NAMES
    for second in _NAMES[:8]
    if first != second
)


FENCE_CLEANER = (
    "```python\n" + FENCE_CLEANER_CODE + "```\n\n"
    "It needs no third-party packages and was tested with Python 3.11"
)


def test_a_fence_mark_inside_a_string_leaves_the_code_closed() -> None:
    assert len(FENCE_CLEANER) > 6000
    failure, names = hand(
        FENCE_CLEANER, "Write a Python module that strips markdown code fences from LLM output."
    )
    assert not failure, names
    assert "code_cut_open" not in names, names


def test_code_cut_inside_its_fence_is_still_cut() -> None:
    text = (
        "```python\n"
        + FENCE_CLEANER_CODE
        + "\n\ndef strip_any_fence(text: str) -> str:\n    text = text[3:"
    )
    failure, names = hand(text, "Write a Python module that strips markdown code fences.")
    assert failure, names
    assert "code_cut_open" in names, names
