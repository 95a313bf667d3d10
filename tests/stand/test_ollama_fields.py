"""Ollama's native `/api/chat` as the stand speaks it: the fields Ollama clients read."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

import httpx2

from tests.helpers import StandFactory

TEXT = "Bonjour! This reply is long enough that the stand sends it in several lines."
REASONING = "A greeting in French seems fitting here."
CALLS = [
    {"name": "get_weather", "arguments": {"city": "Paris", "days": 3}},
    {"name": "lookup", "arguments": {"query": "louvre", "limit": 5}},
]
TOOLS: list[Any] = [
    {
        "type": "function",
        "function": {
            "name": n,
            "description": "a tool",
            "parameters": {"type": "object", "properties": {}},
        },
    }
    for n in ("get_weather", "lookup")
]
MESSAGES: list[Any] = [{"role": "user", "content": "Say hello."}]
FINAL_INTS = (
    "total_duration",
    "load_duration",
    "prompt_eval_count",
    "prompt_eval_duration",
    "eval_count",
    "eval_duration",
)


def _script(**turn: Any) -> dict[str, Any]:
    return {"models": {"sim-large": {"turns": [turn]}}}


def _lines(url: str, body: dict[str, Any]) -> list[dict[str, Any]]:
    with (
        httpx2.Client(timeout=5) as client,
        client.stream("POST", url + "/api/chat", json=body) as response,
    ):
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("application/x-ndjson")
        raw = [line for line in response.iter_lines() if line.strip()]
    assert raw, "the stream had no lines"
    lines = [json.loads(line) for line in raw]  # every line is one JSON object
    assert all(isinstance(line, dict) for line in lines)
    return lines


def _assert_common(line: dict[str, Any]) -> None:
    assert line["model"] == "sim-large"
    assert isinstance(line["created_at"], str)
    assert datetime.fromisoformat(line["created_at"].replace("Z", "+00:00")).tzinfo is not None
    assert line["message"]["role"] == "assistant"
    assert isinstance(line["message"]["content"], str)


def _assert_final(line: dict[str, Any], prompt: int, completion: int) -> None:
    _assert_common(line)
    assert line["done"] is True
    assert line["done_reason"] == "stop"
    for key in FINAL_INTS:
        assert isinstance(line[key], int), key
        assert not isinstance(line[key], bool), key
        assert line[key] >= 0, key
    assert line["prompt_eval_count"] == prompt
    assert line["eval_count"] == completion


def test_stream_lines_and_final_fields(stand_factory: StandFactory) -> None:
    usage = {"prompt_tokens": 321, "completion_tokens": 45}
    url = stand_factory(script=_script(text=TEXT, usage=usage))
    lines = _lines(url, {"model": "sim-large", "messages": MESSAGES, "stream": True})
    *body, final = lines
    assert len(body) > 1, "the reply should arrive in several lines"
    for line in body:
        _assert_common(line)
        assert line["done"] is False
        assert "done_reason" not in line
    assert "".join(line["message"]["content"] for line in lines) == TEXT
    _assert_final(final, 321, 45)


def test_stream_is_the_default(stand_factory: StandFactory) -> None:
    url = stand_factory(script=_script(text=TEXT))
    lines = _lines(url, {"model": "sim-large", "messages": MESSAGES})  # no "stream" key
    assert len(lines) > 2
    assert [line["done"] for line in lines] == [False] * (len(lines) - 1) + [True]


def test_non_stream_single_object(stand_factory: StandFactory) -> None:
    usage = {"prompt_tokens": 321, "completion_tokens": 45}
    url = stand_factory(script=_script(text=TEXT, usage=usage))
    response = httpx2.post(
        url + "/api/chat",
        json={"model": "sim-large", "messages": MESSAGES, "stream": False},
        timeout=5,
    )
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert body["message"]["content"] == TEXT
    _assert_final(body, 321, 45)


def test_stream_thinking_field(stand_factory: StandFactory) -> None:
    url = stand_factory(script=_script(text=TEXT, reasoning=REASONING))
    lines = _lines(url, {"model": "sim-large", "messages": MESSAGES, "think": True})
    assert "".join(line["message"].get("thinking", "") for line in lines) == REASONING
    assert "".join(line["message"]["content"] for line in lines) == TEXT
    first_text = next(i for i, line in enumerate(lines) if line["message"]["content"])
    assert all("thinking" not in line["message"] for line in lines[first_text:])


def test_non_stream_thinking_field(stand_factory: StandFactory) -> None:
    url = stand_factory(script=_script(text=TEXT, reasoning=REASONING))
    body = httpx2.post(
        url + "/api/chat",
        json={"model": "sim-large", "messages": MESSAGES, "stream": False, "think": True},
        timeout=5,
    ).json()
    assert body["message"]["thinking"] == REASONING
    assert body["message"]["content"] == TEXT


def _calls_of(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [c for line in lines for c in line["message"].get("tool_calls") or []]


def test_stream_tool_calls_with_object_arguments(stand_factory: StandFactory) -> None:
    url = stand_factory(script=_script(tool_calls=CALLS))
    lines = _lines(url, {"model": "sim-large", "messages": MESSAGES, "tools": TOOLS})
    calls = _calls_of(lines)
    assert [c["function"]["name"] for c in calls] == ["get_weather", "lookup"]
    for call, spec in zip(calls, CALLS, strict=True):
        assert isinstance(call["function"]["arguments"], dict)
        assert call["function"]["arguments"] == spec["arguments"]
    # Tool calls are sent whole (never split across lines), before the final line.
    assert len([line for line in lines if line["message"].get("tool_calls")]) == 1
    assert not lines[-1]["message"].get("tool_calls")
    assert lines[-1]["done"] is True
    assert lines[-1]["done_reason"] == "stop"  # Ollama says stop after tool calls


def test_non_stream_tool_calls_with_object_arguments(stand_factory: StandFactory) -> None:
    url = stand_factory(script=_script(tool_calls=CALLS))
    body = httpx2.post(
        url + "/api/chat",
        json={"model": "sim-large", "messages": MESSAGES, "tools": TOOLS, "stream": False},
        timeout=5,
    ).json()
    calls = body["message"]["tool_calls"]
    assert [c["function"]["name"] for c in calls] == ["get_weather", "lookup"]
    assert [c["function"]["arguments"] for c in calls] == [c["arguments"] for c in CALLS]
    assert body["done"] is True


def test_length_finish_reports_done_reason_length(stand_factory: StandFactory) -> None:
    url = stand_factory(script=_script(text=TEXT, finish_reason="length"))
    lines = _lines(url, {"model": "sim-large", "messages": MESSAGES})
    assert lines[-1]["done_reason"] == "length"


def test_tags_lists_the_models(stand_url: str) -> None:
    response = httpx2.get(stand_url + "/api/tags", timeout=5)
    assert response.status_code == 200
    models = response.json()["models"]
    assert {m["name"] for m in models} == {"sim-large", "sim-small"}
    for m in models:
        assert m["model"] == m["name"]
        assert isinstance(m["modified_at"], str)
        assert isinstance(m["size"], int)
        assert isinstance(m["details"], dict)


def test_tags_follow_the_script(stand_factory: StandFactory) -> None:
    url = stand_factory(script={"models": {"llama-test": {}, "qwen-test": {"tools": False}}})
    names = [m["name"] for m in httpx2.get(url + "/api/tags", timeout=5).json()["models"]]
    assert sorted(names) == ["llama-test", "qwen-test"]


def test_unknown_model_is_404_with_error_string(stand_url: str) -> None:
    response = httpx2.post(
        stand_url + "/api/chat",
        json={"model": "nope:latest", "messages": MESSAGES},
        timeout=5,
    )
    assert response.status_code == 404
    error = response.json()["error"]
    assert isinstance(error, str)
    assert "nope:latest" in error
