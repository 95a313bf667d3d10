"""Round 16 (engineer 83): an API validator's verdict on a field of the request, sent where
the reply goes (`rejected_field`): a list of the request or a path into one, then the rule it
breaks. Made-up replies, both sides: a writer who names a field in a sentence, a manual's list
of parameters, a setting stated."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

VERDICTS = (
    "messages: the first message must use the user role",
    "messages.4.content: Input should be a valid list",
    "Request rejected: tools.2.function.name: string does not match pattern, expected ^[a-z_]+$",
    "GenerateContentRequest.contents[1].role: unknown role 'bot'",
    "tool_choice: unsupported value 'required' for this model",
)


@pytest.mark.parametrize("text", VERDICTS)
def test_a_validator_s_verdict_on_a_request_field_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "rejected_field" in names, names


ANSWERS = (
    "The messages must alternate roles, so I merged the two user turns in build_prompt().",
    "Parameters:\n- messages: the list of messages, required\n- tools: optional, at most 128",
    "temperature: 0.2 is what the test expects, and the snapshot now matches.",
    "```\nmessages.0.content: Input should be a valid list\n```\nmeans the content was a string;"
    " I wrap it in a list now.",
)


@pytest.mark.parametrize("text", ANSWERS)
def test_a_field_named_by_a_writer_is_not(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "rejected_field" not in names, names
