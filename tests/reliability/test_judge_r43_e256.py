"""Agent steps saved as the output: an agent loop's log where its result was to go.

- AutoGPT's console log as the planner's output: its step line ("NEXT ACTION:  COMMAND = x
  ARGUMENTS = {}") alone, or its whole log of steps (THOUGHTS, REASONING, PLAN, CRITICISM,
  NEXT ACTION, SYSTEM), whose prose is the loop's own and must not clear it
  (`notice_signals.tool_record`, `step_log`).
- Lookalikes that stay answers: a page that explains the log's format in its own words and
  quotes a step, a report that names its next action in prose, an issue that pastes the log
  under its own account.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

# mixed_planner_controller_outputs: the step line with no command, the loop's output
EMPTY_STEP = "NEXT ACTION:  COMMAND =  ARGUMENTS = {}"
# ... the step line carrying the loop's own error in place of a command
ERROR_STEP = "NEXT ACTION:  COMMAND = Error: ARGUMENTS = 'command' object is not a dictionary"
# ... the whole log of two idle steps, saved where the top five pens were asked for
IDLE_LOG = (
    "NEXT ACTION:  COMMAND = do_nothing ARGUMENTS = {}\n"
    "SYSTEM:  Command do_nothing returned: No action performed.\n"
    " THOUGHTS:  I will start by reading the articles to determine the top 5 disposable "
    "fountain pens based on overall quality.\n"
    "REASONING:  I need to read through each article to determine the top 5 disposable "
    "fountain pens based on overall quality before I can make any recommendations.\n"
    "PLAN:\n"
    "-  Read through each article to determine the top 5 pens based on overall quality\n"
    "- Write the top 5 pens to a file\n"
    "CRITICISM:  I need to make sure that I am analyzing the articles thoroughly to ensure "
    "that I am recommending the best pens.\n"
    "NEXT ACTION:  COMMAND = do_nothing ARGUMENTS = {}\n"
    "SYSTEM:  Command do_nothing returned: No action performed."
)
# ... paraphrased: a log whose step searched and whose plan lists the rest
SEARCH_LOG = (
    "NEXT ACTION:  COMMAND = google ARGUMENTS = {'input': 'best budget laptops 2023'}\n"
    "SYSTEM:  Command google returned: []\n"
    "THOUGHTS:  The search returned nothing, I should try a different query.\n"
    "REASONING:  A broader query will find more reviews to compare.\n"
    "PLAN:\n"
    "- Search again with a broader query\n"
    "- Summarise the reviews into a list\n"
    "CRITICISM:  I should have started with a broader query."
)


@pytest.mark.parametrize("text", [EMPTY_STEP, ERROR_STEP, IDLE_LOG, SEARCH_LOG])
def test_an_agent_loops_step_log_is_no_answer(text: str) -> None:
    failure, names = hand(text, "Find the top 5 disposable fountain pens and write them to a file.")
    assert failure, names
    assert "tool_record" in names, names


def test_the_whole_log_is_read_past_its_prose() -> None:
    _, names = hand(IDLE_LOG, "Find the top 5 disposable fountain pens.")
    assert "step_log" in names, names


# A page that explains AutoGPT's log in its own words, quoting a step line.
EXPLAINS_LOG = (
    "Each cycle of Auto-GPT prints its reasoning before it acts. The THOUGHTS field is what the "
    "model concluded, REASONING says why, PLAN lists the next steps and CRITICISM is its own "
    "review. The last line of a cycle names the command it will run, for example:\n\n"
    "    NEXT ACTION:  COMMAND = google ARGUMENTS = {'input': 'weather in Paris'}\n\n"
    "You are asked to authorise it with 'y' or to give feedback before it runs."
)
# A status report that names its next action in prose.
NEXT_ACTION_REPORT = (
    "Next action: call the vendor on Monday to confirm the delivery date.\n"
    "Owner: Priya\nStatus: the invoice was paid on Friday and the order is confirmed."
)
# An issue that pastes the log under its own account of what went wrong.
ISSUE_WITH_LOG = (
    "Auto-GPT keeps choosing do_nothing after the first search, even with continuous mode on. "
    "Here is the output I get:\n\n```\nNEXT ACTION:  COMMAND = do_nothing ARGUMENTS = {}\n"
    "SYSTEM:  Command do_nothing returned: No action performed.\n```\n\n"
    "I am on version 0.4.0 with gpt-3.5-turbo. Setting the temperature to 0 did not help."
)


@pytest.mark.parametrize(
    ("text", "question"),
    [
        (EXPLAINS_LOG, "How do I read Auto-GPT's console output?"),
        (NEXT_ACTION_REPORT, "Give me the status of the vendor order."),
    ],
)
def test_a_writer_speaking_of_the_next_action_is_an_answer(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, names
    assert "step_log" not in names and "tool_record" not in names, names


def test_an_issue_that_pastes_the_log_is_not_a_log() -> None:
    _, names = hand(ISSUE_WITH_LOG, "")
    assert "step_log" not in names and "tool_record" not in names, names


# mixed_career_productivity_generator_outputs: a crew's final answer label left empty, only the
# format's own note to the writer under it (`give_up_signals.answer_unfilled`)
EMPTY_FINAL_WITH_NOTE = (
    "** The final answer is: \n\n(Note: Please make sure your final answer meets the expected "
    "criteria for the task at hand.)"
)


def test_an_empty_final_answer_under_the_formats_note_is_unfilled() -> None:
    failure, names = hand(EMPTY_FINAL_WITH_NOTE, "Write interview questions for this resume.")
    assert failure, names
    assert "answer_unfilled" in names, names


@pytest.mark.parametrize(
    ("text", "question"),
    [
        # the answer given, the note after it
        ("Final Answer: 42\n(Note: make sure your answer is rounded.)", "What is 6 times 7?"),
        # a grader's note says something of the answer: no order of the format's
        ("(Note: your final answer is correct.)", "Grade my answer: 42"),
        ("Feedback:\n(Note: your final answer is correct, but show the units.)", "Grade: 42"),
    ],
)
def test_a_note_beside_an_answer_or_about_one_is_not_a_slot(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, names
    assert "answer_unfilled" not in names, names


# mixed_tool_use_benchmark_final_answers: the run's final answer is its own line that its tool,
# named by its code name, is broken (`notice_signals.tool_record`)
TOOL_BROKEN = "The synchronizeTracking tool is not working as expected. Please try again later."


def test_the_agents_own_tool_said_broken_is_its_record() -> None:
    failure, names = hand(
        TOOL_BROKEN,
        "Could you please synchronize my watch progress of Naruto with MyAnimeList? I am on "
        "episode 100.",
    )
    assert failure, names
    assert "tool_record" in names, names


@pytest.mark.parametrize(
    ("text", "question"),
    [
        # a debugging answer: the user's function, why it fails and the fix
        (
            "The getUser function is not working because the promise is never awaited. Add "
            "await before the call: const user = await getUser(id);",
            "Why does my getUser function return undefined?",
        ),
        # a tool named in words, not by its code name
        ("The search tool is not working on mobile since the last release.", "Any known bugs?"),
    ],
)
def test_a_function_said_broken_in_an_answer_is_no_record(text: str, question: str) -> None:
    _, names = hand(text, question)
    assert "tool_record" not in names, names
