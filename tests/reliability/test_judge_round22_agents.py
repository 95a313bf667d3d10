"""Round 22 (engineer 121): data, text-to-SQL, notebook and browser agents. The line between
an agent that could not do its job (its own setup unmet: "No model selected"; its input
unreadable: "The page could not be read") and an agent that did its job and reports what the
task's objects showed ("The query returned no rows", "The page shows that the service is
down"); a tool result flagged `"isError": true` is no data; a commit title that opens with a
ticket key is a change note. Made-up texts, both sides."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

SETUP_UNMET = (
    "Language model is not set!",
    "No model selected",
    "No language model is associated with this chat.",
    "Database connection not configured",
    "Please connect a data source first.",
    "Kein Modell ausgewählt",
    "Aucun modèle configuré",
    "No se ha seleccionado ningún modelo",
    "Screen recording is not enabled. Turn it on in System Settings.",
    "未选择数据源",
    "モデルが選択されていません",
    "연결이 설정되지 않았습니다",
)


@pytest.mark.parametrize("text", SETUP_UNMET)
def test_an_agents_unmet_setup_is_a_failure(text: str) -> None:
    failure, names = hand(text, "How many orders were placed last month?")
    assert failure, names
    assert "setup_unmet" in names


INPUT_UNREAD = (
    "This page cannot be summarized.",
    "The webpage content could not be read.",
    "Not enough page text was found to summarize.",
    "Cannot access a chrome:// URL",
    "Could not extract text from this page.",
    "页面内容无法读取",
    "このページの本文を読み取れませんでした。",
)


@pytest.mark.parametrize("text", INPUT_UNREAD)
def test_an_agents_unread_input_is_a_failure(text: str) -> None:
    failure, names = hand(text, "What does this article say about pricing?")
    assert failure, names
    assert "input_unread" in names


TASK_OUTCOMES = (
    ("The query returned no rows.", "Which customers ordered in 1999?"),
    ("0 rows returned", "select * from users where age > 200"),
    ("No matching records were found for customers in Oslo.", "List customers in Oslo"),
    (
        "The page shows that the payment service is experiencing a major outage since 09:00 UTC.",
        "Open status.example.com and tell me what it says",
    ),
    ("The login failed because the password was wrong.", "Log in to the dashboard as bob"),
)


@pytest.mark.parametrize(("text", "prompt"), TASK_OUTCOMES)
def test_a_finding_on_the_tasks_objects_is_an_answer(text: str, prompt: str) -> None:
    failure, names = hand(text, prompt)
    assert not failure, names


SETUP_LOOKALIKES = (
    # an instruction that walks through the setting, not a notice that it is missing
    (
        "Please select a model from the dropdown in the top right, then click Run.",
        "How do I run it?",
    ),
    # a setting explained at length, with code
    (
        "The `model` option is not set by default; add `model: gpt-4o` to your config file "
        "and restart the server so the notebook picks it up.",
        "Why does the chat panel stay empty?",
    ),
)


@pytest.mark.parametrize(("text", "prompt"), SETUP_LOOKALIKES)
def test_a_setup_explained_is_an_answer(text: str, prompt: str) -> None:
    failure, names = hand(text, prompt)
    assert not failure, names


def test_a_tool_result_flagged_as_error_is_no_data() -> None:
    text = (
        '{\n  "result": {\n    "content": [\n      {\n        "type": "text",\n'
        '        "text": "Error calling tool: Failed to connect to browser bridge"\n      }\n'
        '    ],\n    "isError": true\n  }\n}'
    )
    failure, names = hand(text, "Show my browsing history for last week")
    assert "json_data" not in names
    assert failure, names


def test_a_tool_result_not_flagged_stays_data() -> None:
    text = '{"content": [{"type": "text", "text": "3 tabs open"}], "isError": false}'
    failure, names = hand(text, "How many tabs are open?")
    assert not failure, names


@pytest.mark.parametrize(
    "text",
    [
        "AB-1234 changed timeout error message for quota limit (#88)",
        "[PROJ-77] Fix crash on empty error response",
    ],
)
def test_a_commit_title_with_a_ticket_key_is_a_change_note(text: str) -> None:
    failure, names = hand(text, "")
    assert "change_note" in names
    assert not failure, names
