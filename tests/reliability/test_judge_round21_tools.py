"""Round 21 (engineer 112): a provider's or an SDK's error about tool calling or structured
output passed on as the reply (`tool_protocol`), both sides.

The error says the model has no tools, its call was malformed, the calls and results do not
pair up, the structured output did not come, or a path into the request's tools broke a rule;
few of these words say "error". A person who quotes or explains such an error writes around
it: an opener, the writer or the reader, a mention, a question, a cause and a fix. Made-up
texts, never corpus texts."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

TOOL_ERRORS = (
    "qwen-mini:3b-q4 does not support tools",
    '"ollama/library/tinyllama:1.1b does not support tools"',
    "This model doesn't support tool use.",
    "Groq 400 tool_use_failed",
    "Failed to call a function. Please adjust your prompt. See 'failed_generation' for more"
    " details.",
    "finish_reason: MALFORMED_FUNCTION_CALL",
    "Not the same number of function calls and responses",
    "Please ensure that the number of function response parts is equal to the number of"
    " function call parts of the function call turn.",
    "HarmonyError('unexpected tokens remaining in message header: [\"to=functions.search\"]')",
    "No object generated: response did not match schema.",
    "Received tool input did not match expected schema",
    '"message":"tools.3.custom.name: String should match pattern \'^[a-z_]{1,64}$\'"',
    "Unsupported parameter: 'tools' is not supported with this model.",
    "Assistant message must have either content or tool_calls, but not none.",
    "Unrecognized request argument supplied: tools",
    "Unknown tool: web_lookup",
    "\u8be5\u6a21\u578b\u4e0d\u652f\u6301\u5de5\u5177\u8c03\u7528",
)


@pytest.mark.parametrize("text", TOOL_ERRORS)
def test_a_tool_protocol_error_alone_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "tool_protocol" in names, names


TOOL_ANSWERS = (
    # a person's reply about a model without tools, to someone, with a way round it
    "That model doesn't support tools yet I'm afraid. You can use a chain instead.",
    "@sam r1 doesn't support tool calling",
    # a condition opens an explanation of the error
    "If the model does not support tools, the server answers 400 and the client retries.",
    # the writer tells of the error
    "I get tool_use_failed from Groq whenever the prompt is long.",
    # a question about it
    "Does llama3.2 support tools, or do I need 3.1?",
    # a definition of the error
    "Unknown tool: means the agent asked for a tool the server never listed.",
    # an explanation with its cause and fix
    "No object generated means the response did not match schema because the model added a"
    " trailing comment; the fix is to lower the temperature.",
)


@pytest.mark.parametrize("text", TOOL_ANSWERS)
def test_an_answer_about_a_tool_protocol_error_is_left(text: str) -> None:
    failure, names = hand(text)
    assert "tool_protocol" not in names, names
    assert not failure, names


def test_a_long_report_that_quotes_the_error_is_left() -> None:
    text = (
        "The agent loop hit this with the small local model: the server said the model "
        "does not support tools, so the request went back without the tool list. After "
        "switching to a model whose template declares tool support the calls went through, "
        "and the eval finished with all twelve cases passing. The config change is in the "
        "models section of the settings file, next to the context length, and it needs a "
        "restart of the server to take effect; nothing else in the pipeline changed."
    )
    failure, names = hand(text)
    assert "tool_protocol" not in names and not failure, names


# A recorded completion of an agent's side request: a long prompt whose "Format:" and
# "EXAMPLES:" ask for a short suggestion, and names "type" and "error" in its prose. The API
# error recorded as the turn is no object the request demanded, nor the shape of a failure it
# asked to see (its "error" counts for less, as a failure the prompt names).
SUGGESTION_PROMPT = (
    "You suggest what the user might type next in the terminal.\n\n"
    "Look at the user's recent messages and their original request, and predict the next "
    "short instruction they would give, in their own words and style.\n\n"
    'EXAMPLES:\nThe tests were fixed -> "run the tests"\nCode was written -> "try it"\n'
    "The assistant offered two options -> the one the user would pick\n"
    'The assistant asked whether to continue -> "yes"\n\n'
    "Stay silent if the next step is not obvious. After an error or a misunderstanding, stay "
    "silent and let the user look at it.\n\nFormat: 2-12 words, nothing else."
)


def test_an_api_error_recorded_for_a_formatted_side_request_is_a_failure() -> None:
    text = (
        'API Error: 400 {"type":"error","error":{"type":"invalid_request_error","message":'
        '"max_tokens: Input should be greater than or equal to 1"},"request_id":"req_0a1b2c"}'
    )
    failure, names = hand(text, SUGGESTION_PROMPT)
    assert "asked_for" not in names and failure, names


def test_an_object_whose_keys_a_format_names_as_keys_is_demanded() -> None:
    question = 'Classify the ticket. Format: {"type": ..., "error": ...} and nothing else.'
    failure, names = hand('{"type": "billing", "error": "double charge"}', question)
    assert "asked_for" in names and not failure, names
