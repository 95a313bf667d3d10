"""Round 19 (engineer 95): agent frameworks' final outputs that are no answer. The loop's
record of a tool call passed on as the result (`tool_record`), its complaint that the model's
output missed the form it needs (`format_fault`), a run that ended without its end or a notice
closed by a stop word (`run_stopped`), a loop's budget of requests spent (`step_limit`), and a
runtime's TypeError surfaced as the result (`runtime_message`). Made-up replies, both sides: a
writer who speaks of such a record, a fault or a limit, quotes it, or says why it happened."""

from __future__ import annotations

import pytest

from tests.reliability.judging import HAND, TASK, asked, hand
from tether.messages import Turn
from tether.reliability.judge import judge


def hand_verdict(text: str, question: str = TASK) -> bool:
    """The whole judge with the hand signals alone (its quick clearing too)."""
    turn = Turn(content=text, finish_reason="stop", termination="stop")
    return judge(turn, asked(question), config=HAND) is not None


TOOL_RECORDS = (
    "System: Command google_search returned: []",
    "SYSTEM: Command read_file returned: None",
    'Error executing tool list_files: Tool "list_files" not found in registry.',
    'Calling the requested tool \'search\' with arguments {"q": "weather"} failed with an'
    " exception: connection refused",
    "Tool 'finish' completed its mission!",
    "Tool call failed: the function returned no content",
)


@pytest.mark.parametrize("text", TOOL_RECORDS)
def test_a_loop_s_record_of_a_tool_call_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "tool_record" in names, names
    assert hand_verdict(text)


TOOL_ANSWERS = (
    "I ran the search tool and it returned three results; the first one answers your question.",
    "When you see `Command web_search returned: []`, the search API key is missing: set"
    " GOOGLE_API_KEY and run it again.",
    "The tool call failed because the path was relative, so I made it absolute in loader.py"
    " and the test passes now.",
    "Command line tools returned to the PATH after I reinstalled them.",
    "I checked the log: it shows one tool call per step and nothing failed.",
)


@pytest.mark.parametrize("text", TOOL_ANSWERS)
def test_a_writer_speaking_of_a_tool_call_is_not(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "tool_record" not in names, names


FORMAT_FAULTS = (
    "A1: Message misformat, no valid tool request found.",
    "Please only respond in the specified JSON format, using the commands listed above.",
    "Error parsing LLM output: the reply held neither an action nor a final answer.",
    "模型返回了文本\uff0c但未调用任何工具。",
    "Шаг не выполнен: модель ответила текстом вместо вызова инструмента.",
)


@pytest.mark.parametrize("text", FORMAT_FAULTS)
def test_a_loop_s_complaint_about_the_model_s_output_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "format_fault" in names, names
    assert hand_verdict(text)


FORMAT_ANSWERS = (
    "If the model does not call a tool, the loop asks it again with the JSON format spelled"
    " out; I raised the retry count to 3.",
    "Maybe the model didn't call the tool because its description was empty?",
    "I fixed the parser: it failed to parse tool calls with nested arguments, and the new test"
    " covers that.",
    "The JSON format is valid now; the tool call goes through.",
)


@pytest.mark.parametrize("text", FORMAT_ANSWERS)
def test_a_writer_speaking_of_a_format_fault_is_not(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "format_fault" not in names, names


STOPPED = (
    "Run ended without emitting a final event",
    "The stream ended without producing a response.",
    "Agent is rate-limited. Stopped.",
    "Агента обмежено. Зупинено.",
    "El agente alcanzó su límite. Detenido.",
    "Worker shutdown before completing the job (exit code 137)",
)


@pytest.mark.parametrize("text", STOPPED)
def test_a_run_that_ended_short_or_a_notice_closed_by_a_stop_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "run_stopped" in names, names
    assert hand_verdict(text)


STOPPED_ANSWERS = (
    "The run ended without errors, and all 42 tests pass.",
    "I stopped the container and removed the volume. The database starts clean now.",
    "Stopped.",
)


@pytest.mark.parametrize("text", STOPPED_ANSWERS)
def test_a_run_that_ended_well_or_a_bare_status_is_not(text: str) -> None:
    question = "Stop the dev container, please." if text == "Stopped." else TASK
    failure, names = hand(text, question)
    assert not failure, names


def test_a_loop_s_next_request_past_its_limit_is_a_failure() -> None:
    failure, names = hand("The next request would exceed the request_limit of 5.")
    assert failure and "step_limit" in names, names


def test_a_rate_limit_reached_for_requests_explained_is_not_a_step_limit() -> None:
    text = (
        "A 429 with the message 'Limit reached for requests' means you sent too many requests"
        " in a minute; wait and retry."
    )
    names = hand(text)[1]
    assert "step_limit" not in names, names


RUNTIME_MESSAGES = (
    "ToolExecutor.run_tool() missing 1 required positional argument: 'args'",
    "search() got an unexpected keyword argument 'top_k'",
    "Cannot create property 'memory' on string ''",
    "Cannot set properties of undefined (setting 'history')",
)


@pytest.mark.parametrize("text", RUNTIME_MESSAGES)
def test_a_runtime_s_type_error_as_the_result_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "runtime_message" in names, names
    assert hand_verdict(text)


def test_a_type_error_explained_is_not() -> None:
    text = (
        "`run_tool() missing 1 required positional argument` happens because the decorator"
        " drops `self`; I bound the method in __init__ and the test passes."
    )
    failure, names = hand(text)
    assert not failure and "runtime_message" not in names, names


@pytest.mark.parametrize(
    "text", ["Network response was not ok", "LLM 공급자가 현재 사용 불가능합니다"]
)
def test_a_client_s_stock_failure_line_is_a_failure(text: str) -> None:
    assert hand(text)[0]
    assert hand_verdict(text)
