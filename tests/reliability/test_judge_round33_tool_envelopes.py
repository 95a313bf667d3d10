"""Round 33 (engineer 178): MCP and tool errors as the reply, and explanations of them.

- Caught (`envelope`): a wire envelope printed whole where the model's text should be, with no
  answer inside: an MCP tool result (`{"content": [{"type": "text", ...}], "isError": ...}`,
  the Python SDK's `CallToolResult(...)`), a chat completion or an agent CLI's result record
  whose text is empty, flagged as an error, or a tool call nobody ran. `json_data` no longer
  counts such an envelope as data.
- Left: an envelope around a real answer, such an object asked for; a maintainer's words on
  how errors are represented (errors as a kind: `codes_as_kind`); a person asking the reporter
  about their setup, or whether the fix worked (`addresses_asker`).

Real texts from the corpus (tune part) and public threads, each source in a comment.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

CAUGHT = (
    # each fails at JOIN (496dd4e)
    # jina-ai/MCP#11: a client's record of the tool call, its result an auth error
    '{\n  "params": {\n    "query": "周杰伦"\n  },\n  "response": {\n    "content": [\n'
    '      {\n        "type": "text",\n        "text": "Error: Search failed for query '
    '\\"周杰伦\\": Unauthorized"\n      }\n    ]\n  }\n}',
    # nabid-pf/youtube-video-summarizer-mcp#2: the tool's "No captions found" passed on
    '{\n  "params": {\n    "videoUrl": "https://youtu.be/RFFcBkSupxk",\n    "languageCode": '
    '"en"\n  },\n  "response": {\n    "content": [\n      {\n        "type": "text",\n'
    '        "text": "No captions found"\n      }\n    ]\n  }\n}',
    # github/github-mcp-server#1952: a tool result (its error flag unset) printed by a client
    '{"meta": null, "content": [{"type": "text", "text": "missing required parameter: owner", '
    '"annotations": null, "meta": null}], "structured_content": null, "is_error": false}',
    # mpociot/claude-code-slack-bot#15: the agent CLI's result record, flagged an error
    '{\n  "type": "result",\n  "subtype": "success",\n  "is_error": true,\n'
    '  "result": "Invalid API key · Fix external API key"\n}',
    # decolua/9router#173: a chat completion with an empty message
    '{\n  "choices": [\n    {\n      "message": {\n        "role": "assistant",\n'
    '        "content": ""\n      },\n      "finish_reason": "stop"\n    }\n  ]\n}',
    # lmstudio-ai/lmstudio-bug-tracker#2286: an empty message cut at the length limit
    '{\n  "message": {\n    "role": "assistant",\n    "content": "",\n'
    '    "reasoning_content": "",\n    "tool_calls": []\n  },\n  "finish_reason": "length"\n}',
    # community.openai.com "tool calls placed inside content": a call nobody ran
    '[\n  {\n    "message": {\n      "role": "assistant",\n      "content": {\n'
    '        "role": "assistant",\n        "content": null,\n        "tool_calls": [\n'
    '          {\n            "id": "call_83MaAXFEu1LWTWeTqCLfV7PQ",\n'
    '            "type": "function",\n            "function": {\n'
    '              "name": "google-search",\n'
    '              "arguments": "{\\"query\\": \\"site:volteo.com OpenShift\\"}"\n'
    "            }\n          }\n        ]\n      }\n    }\n  }\n]",
    # modelcontextprotocol/python-sdk: a CallToolResult printed by a client (pydantic's repr)
    "CallToolResult(meta=None, content=[TextContent(type='text', text='Error executing tool "
    "search_docs: 401 Unauthorized', annotations=None)], isError=True)",
)


@pytest.mark.parametrize("text", CAUGHT)
def test_envelope_without_answer_is_caught(text: str) -> None:
    failure, found = hand(text)
    assert failure, found
    assert "envelope" in found
    assert "json_data" not in found


LEFT = (
    # ("text", question or "", signal that now reads it, or "")
    # an envelope around a real answer: the model answered, the client printed too much
    (
        '{"id":"103929","object":"chat.completion","choices":[{"index":0,"message":{"role":'
        '"assistant","content":"The test failed because parse_date ignored the timezone; I '
        'made it keep the offset."},"finish_reason":"stop"}]}',
        "",
        "",
    ),
    # such an object asked for
    (
        '{"content": [{"type": "text", "text": "Error: file not found"}], "isError": true}',
        "Give me an example of an MCP tool result that reports an error, as JSON.",
        "",
    ),
    # alphaonedev/ai-memory-mcp#9: a maintainer on how MCP represents tool errors
    (
        "**Status:** After research, MCP spec actually uses isError:true in result content for "
        "tool errors. Protocol errors use error field. Current implementation is CORRECT per "
        "MCP spec. No change needed.",
        "",
        "codes_as_kind",
    ),
    # bhauman/clojure-mcp#118
    (
        "Tool validation errors are errors that result from normal tool execution. They should "
        "not set the MCP error flag in the response.",
        "",
        "codes_as_kind",
    ),
    # accordproject/apap#152
    (
        "MCP clients (Claude Desktop, ChatGPT, VS Code Copilot) receive identical error "
        "messages for completely different failure modes. A client cannot distinguish between:",
        "",
        "codes_as_kind",
    ),
    # microsoft/agent-framework#3113: the reporter's setup asked
    (
        "Please we will need more information/context related to the issue.\n\nWhich provider "
        "are you experiencing it ? \nModel used ?",
        "",
        "addresses_asker",
    ),
    # adrianlyjak/obsidian-aloud-tts#129
    (
        "Gemini free limits are fairly low— Are you using their free plan? If you enable "
        "billing you should be able to get higher usage, or you can switch to another provider",
        "",
        "addresses_asker",
    ),
    # JHubi1/ollama-app#47: a fix given, then asked whether it worked
    (
        "Server issue without actually having one suggests it being a timeout error. Please "
        "open Settings > Interface > Timeout multiplicator and set it to 10 for testing. Does "
        "that solve the issue?",
        "",
        "addresses_asker",
    ),
)


@pytest.mark.parametrize(("text", "question", "signal"), LEFT)
def test_answers_about_tool_errors_stay_answers(text: str, question: str, signal: str) -> None:
    failure, found = hand(text, question) if question else hand(text)
    assert not failure, found
    assert "envelope" not in found
    if signal:
        assert signal in found


STILL_CAUGHT = (
    # errors reported as an event, not spoken of as a kind
    "Error executing MCP tool: Connection closed",
    "MCP error -32001: Request timed out",
    '{"jsonrpc": "2.0", "id": 3, "error": {"code": -32603, "message": "Internal error"}}',
    "Tool execution failed: [TextContent(type='text', text=\"Error calling tool 'search'\", "
    "annotations=None, meta=None)]",
    # pydantic's report: a count of errors, no claim about errors in general
    "2 validation errors for ChatRequest\nmessages.0.content\n  field required",
    # a notice that asks one stock question
    "Too many errors. Please try again later.",
    # a notice's own guess at its cause, and one that promises to be back
    "The request timed out. This could mean the server is overloaded.",
    # noes14155-style image bot's maintenance notice (corpus: mixed_image_generation_bots)
    "Sorry, the bot is currently offline or undergoing maintenance. We apologize for the "
    "inconvenience and will be back online as soon as possible. Thank you for your patience!",
    # a companion bot's persona notice (corpus: failures_companions)
    "Whoops, your API key is busted. Fix that, then fire me up again, meatbag!",
)


@pytest.mark.parametrize("text", STILL_CAUGHT)
def test_tool_errors_stay_caught(text: str) -> None:
    failure, found = hand(text)
    assert failure, found
    assert "codes_as_kind" not in found
    assert "addresses_asker" not in found
