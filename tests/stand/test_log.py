"""Exchange records: one line per request, reply normalised, usage raw per API."""

from __future__ import annotations

import json
from pathlib import Path

import httpx2
import pytest

SCRIPT = {
    "models": {
        "sim-large": {
            "turns": [
                {
                    "text": "the answer",
                    "tool_calls": [
                        {"name": "grep", "arguments": {"pattern": "TODO"}, "id": "call_7"}
                    ],
                    "usage": {"prompt_tokens": 5000, "completion_tokens": 9, "cached_tokens": 4000},
                }
            ]
        }
    }
}

REQUESTS = {
    "openai": (
        "/v1/chat/completions",
        {"model": "sim-large", "stream": True, "messages": [{"role": "user", "content": "q"}]},
    ),
    "anthropic": (
        "/v1/messages",
        {
            "model": "sim-large",
            "stream": True,
            "max_tokens": 50,
            "messages": [{"role": "user", "content": "q"}],
        },
    ),
    "ollama": ("/api/chat", {"model": "sim-large", "messages": [{"role": "user", "content": "q"}]}),
}
RAW_USAGE = {
    "openai": lambda u: u["prompt_tokens"] == 5000 and u["prompt_tokens_details"]["cached_tokens"] == 4000,
    "anthropic": lambda u: u["input_tokens"] == 1000 and u["cache_read_input_tokens"] == 4000,
    "ollama": lambda u: u["prompt_eval_count"] == 5000 and u["eval_count"] == 9,
}  # fmt: skip


@pytest.mark.parametrize("api", ["openai", "anthropic", "ollama"])
def test_record_shape(stand_factory, tmp_path: Path, api: str) -> None:
    log = tmp_path / "log.jsonl"
    url = stand_factory(script=SCRIPT, log=log)
    path, body = REQUESTS[api]
    assert httpx2.post(url + path, json=body, timeout=10).status_code == 200
    (line,) = log.read_text().splitlines()
    record = json.loads(line)
    assert record["api"] == api
    assert record["request"] == body
    reply = record["reply"]
    assert reply["content"] == "the answer"
    assert reply["finish_reason"] == "tool_calls"
    assert reply["tool_calls"][0]["function"] == {"name": "grep", "arguments": '{"pattern":"TODO"}'}
    assert reply["cut"] is False
    assert RAW_USAGE[api](reply["usage"]), reply["usage"]
    assert 0 <= record["timing"]["first_byte_s"] <= record["timing"]["total_s"]


def test_refusals_are_logged_too(stand_factory, tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    url = stand_factory(faults=["http:429:3"], log=log)
    resp = httpx2.post(url + "/v1/chat/completions", json=REQUESTS["openai"][1], timeout=10)
    assert resp.status_code == 429
    record = json.loads(log.read_text())
    assert record["status"] == 429 and record["reply"] is None
