"""Ollama's usage: `prompt_eval_count` is the whole prompt, `prompt_eval_cached_count` (newer
servers) the part read from the KV cache, which is priced and reported as cached."""

from __future__ import annotations

from tether.messages import UsageReport
from tether.wire import ollama as wire

DONE = (
    b'{"message":{"role":"assistant","content":"Paris."},"done":false}\n'
    b'{"message":{"role":"assistant","content":""},"done":true,"done_reason":"stop",'
    b'"prompt_eval_count":2752,"prompt_eval_cached_count":2738,"eval_count":3}\n'
)


def test_the_cached_part_of_the_prompt_is_read() -> None:
    events = wire.StreamDecoder().feed(DONE)
    [usage] = [e.usage for e in events if isinstance(e, UsageReport)]
    assert (usage.prompt_tokens, usage.cached_tokens, usage.completion_tokens) == (2752, 2738, 3)


def test_a_server_without_the_field_reports_no_cache() -> None:
    events = wire.StreamDecoder().feed(DONE.replace(b'"prompt_eval_cached_count":2738,', b""))
    [usage] = [e.usage for e in events if isinstance(e, UsageReport)]
    assert (usage.prompt_tokens, usage.cached_tokens) == (2752, 0)
