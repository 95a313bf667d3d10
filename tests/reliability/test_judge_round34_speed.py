"""Round 34: a reply's text parsed as JSON once (`reply_json`, kept on the reply) for every
reading that asks it; many short keys looked for with one trie-shaped regex
(`keyed.any_of`); `input_example` searched on an ASCII reply with the one branch that can
match it. No verdict moved: the readings below are the ones the judge gave before."""

from __future__ import annotations

import re
from typing import Any

import orjson
import pytest

from tests.reliability.judging import TASK, asked, reading
from tether.reliability import reply_json
from tether.reliability.answer_signals import _INPUT_EXAMPLE
from tether.reliability.judge import DEFAULT_CONFIG, read_text
from tether.reliability.keyed import TRIE_KEYS, KeyGated, any_of, holds, split_keys
from tether.reliability.reply import Reply

# WORK, mixed_mcp_tool_errors_as_replies: jina-ai/MCP#11, a client's record of a tool call
# and its result (a tool's output, never the model's answer), printed as the reply.
ENVELOPE = (
    '{\n  "params": {\n    "query": "\u5468\u6770\u4f26"\n  },\n  "response": {\n'
    '    "content": [\n      {\n        "type": "text",\n'
    '        "text": "Error: Search failed for query \\"\u5468\u6770\u4f26\\": Unauthorized"\n'
    "      }\n    ]\n  }\n}"
)
# WORK, mixed_recorded_api_cassettes: simonw/llm-gemini, a structured output's object.
DATA = '{"name":"Alice","address":{"street":"123 Main St","city":"San Francisco"}}'
# WORK, mixed_recorded_api_cassettes: crewAIInc/crewAI's cassette test_llm_call_with_error, a
# provider's error body.
ERROR_BODY = (
    '{\n    "error": {\n        "message": "The model `non-existent-model` does not exist or '
    'you do not have access to it.",\n        "type": "invalid_request_error",\n'
    '        "param": null,\n        "code": "model_not_found"\n    }\n}'
)


class _CountingLoads:
    """`orjson` with its `loads` counted per text."""

    JSONDecodeError = orjson.JSONDecodeError

    def __init__(self) -> None:
        self.texts: list[str] = []

    def loads(self, text: str) -> Any:
        self.texts.append(text)
        return orjson.loads(text)


@pytest.mark.parametrize(
    ("text", "failure", "signal"),
    [(ENVELOPE, True, "envelope"), (DATA, False, "json_data"), (ERROR_BODY, True, "error_object")],
)
def test_a_json_reply_is_parsed_once_for_every_reading(
    monkeypatch: pytest.MonkeyPatch, text: str, failure: bool, signal: str
) -> None:
    counting = _CountingLoads()
    monkeypatch.setattr(reply_json, "orjson", counting)
    found = read_text(text, asked())  # (every signal read: each that parses asks the kept one)
    assert counting.texts.count(text.strip()) == 1
    assert signal in {s.name for s in found.signals}
    assert reading(text)[0] is failure


def test_the_kept_parse_is_the_reply_text_parsed() -> None:
    reply = Reply(DATA, asked(), None, DEFAULT_CONFIG.lexicon)
    assert reply_json.reply_json(reply) == orjson.loads(DATA)
    assert reply_json.json_of(reply, DATA) is reply_json.reply_json(reply)  # (kept, not again)
    not_json = Reply("The parser drops the last line.", asked(), None, DEFAULT_CONFIG.lexicon)
    assert reply_json.reply_json(not_json) is reply_json.NOT_JSON
    assert reply_json.parsed("null") is None  # (JSON's own null is no failure to parse)


@pytest.mark.parametrize(
    "keys",
    [
        ("(rpm", "(tpm", "avai", "disp", "fehl", "fout", "kvot", "madi", "maz", "mez"),
        ("call", "mess", "quer", "requ", "resp"),
        ("ab", "abc", "b(", "c.d"),  # (fewer than TRIE_KEYS: scanned one by one)
    ],
)
def test_any_of_finds_a_key_wherever_a_scan_per_key_does(keys: tuple[str, ...]) -> None:
    pattern = any_of(keys)
    assert (pattern is None) is (len(keys) < TRIE_KEYS)
    texts = [
        "The request (rpm) was throttled.",
        "Verbindungsfehler beim Abruf",
        "no key here at all",
        "kvot",
        "",
        "a b( c.d maz",
        "sending the resp later",
    ]
    for text in texts:
        found = pattern.search(text) is not None if pattern is not None else None
        if found is not None:
            assert found is holds(text, split_keys(keys))


def test_a_gated_pattern_with_many_keys_matches_as_before() -> None:
    # a pattern whose literals are many short keys: gated by one trie-shaped search
    gated = KeyGated(r"\b(?:fehl\w*|feil|fejl|ffel|fout|kvot\w*|sehl|seil|sejl|sfel)\b")
    assert gated.keys[0] and len(gated.keys[0]) >= TRIE_KEYS
    for text in ("Die Kvote ist leer", "kvoten overskredet", "no such word", "FOUT!"):
        expected = gated.pattern.search(text)
        assert (gated.search(text) is None) is (expected is None)
        assert gated.may_match(text) is holds(text, gated.keys) or expected is None


@pytest.mark.parametrize(
    ("text", "question", "fires"),
    [
        # WORK, answers: huggingface/chat-ui#2036, an example in brackets in a fix's account
        (
            "When a tool call fails (e.g., timeout), the error appeared in the UI but the LLM "
            "received no tool response message. Without knowing the call failed, the LLM would "
            "claim success anyway.",
            TASK,
            True,
        ),
        # a relay's notice with a bracket but no example in it (bench/judge.py's)
        (
            "Upstream request failed: the model provider returned 503 Service Unavailable "
            "after 3 retries. (relay: api.example-relay.com, channel 12)",
            TASK,
            False,
        ),
    ],
)
def test_input_example_on_an_ascii_reply_reads_its_bracket(
    text: str, question: str, fires: bool
) -> None:
    found = {s.name for s in read_text(text, asked(question)).signals}
    assert ("input_example" in found) is fires
    # the branch an ASCII reply is searched with finds what the whole alternation finds
    full = re.compile(_INPUT_EXAMPLE.full.pattern)
    low = text.lower()
    plain, whole = _INPUT_EXAMPLE.search(low), full.search(low)
    assert (plain is None) is (whole is None)
    assert plain is None or whole is None or plain.span() == whole.span()
