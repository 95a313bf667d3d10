"""Cassette models: a recorded reply replayed byte for byte, and read by tether's own adapters."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import anyio
import httpx2
import pytest
from pydantic import ValidationError

from tests.helpers import StandFactory
from tether.errors import ScriptError
from tether.messages import Message, Request, collect
from tether.providers import provider_at
from tether.stand.cassette import load_cassette
from tether.stand.script import ModelSpec, load_script

# An OpenAI stream cut at awkward places: inside an event, inside the arguments' JSON, and
# (the b64 chunk) inside the two bytes of "é".
STREAM = (
    b'data: {"choices":[{"index":0,"delta":{"role":"assistant","content":null}}]}\n\n'
    b": keep-alive\n\n"
    b'data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1",'
    b'"type":"function","function":{"name":"lookup","arguments":""}}]}}]}\n\n'
    b'data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":'
    b'{"arguments":"{\\"q\\": \\"caf' + "é".encode() + b'\\"}"}}]}}]}\n\n'
    b'data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}\n\n'
    b'data: {"choices":[],"usage":{"prompt_tokens":12,"completion_tokens":7}}\n\n'
    b"data: [DONE]\n\n"
)


def write_cassette(path: Path, stream: bytes = STREAM, api: str = "openai") -> Path:
    cut_a = stream.index(b"keep-alive") + 3
    cut_b = stream.index("é".encode()) + 1
    lines = [
        json.dumps({"cassette": 1, "api": api, "note": "hand-made"}),
        json.dumps({"raw": stream[:cut_a].decode()}),
        json.dumps({"raw": stream[cut_a : cut_b - 1].decode(), "delay_s": 0.01}),
        json.dumps({"b64": base64.b64encode(stream[cut_b - 1 : cut_b + 1]).decode()}),
        json.dumps({"raw": stream[cut_b + 1 :].decode()}),
    ]
    path.write_text("# a comment line\n" + "\n".join(lines) + "\n")
    return path


@pytest.mark.timeout(20)
def test_the_stand_replays_the_bytes_as_recorded(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    cassette = write_cassette(tmp_path / "reply.jsonl")
    assert load_cassette(cassette).body == STREAM
    log = tmp_path / "exchanges.jsonl"
    url = stand_factory({"models": {"rec": {"cassette": str(cassette)}}}, log=log)
    body = {"model": "rec", "stream": True, "messages": [{"role": "user", "content": "q"}]}
    for _ in range(2):  # every request gets the same bytes
        reply = httpx2.post(url + "/v1/chat/completions", json=body, timeout=10)
        assert reply.status_code == 200
        assert reply.headers["content-type"].startswith("text/event-stream")
        assert reply.content == STREAM
    record = json.loads(log.read_text().splitlines()[0])
    assert record["reply"]["tool_calls"][0]["function"] == {
        "name": "lookup",
        "arguments": '{"q": "café"}',
    }
    assert record["reply"]["usage"] == {"prompt_tokens": 12, "completion_tokens": 7}


@pytest.mark.timeout(20)
def test_tethers_adapter_parses_the_replayed_tool_call(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    cassette = write_cassette(tmp_path / "reply.jsonl")
    url = stand_factory({"models": {"rec": {"cassette": str(cassette)}}})

    async def go() -> None:
        provider = provider_at("openai", url, "rec")
        try:
            turn = await collect(provider.stream(Request((Message.text("user", "q"),))))
        finally:
            await provider.aclose()
        assert [(c.id, c.name, json.loads(c.arguments)) for c in turn.tool_calls] == [
            ("call_1", "lookup", {"q": "café"})
        ]
        assert turn.finish_reason == "tool_calls"
        assert turn.usage is not None and turn.usage.completion_tokens == 7

    anyio.run(go)


@pytest.mark.timeout(20)
def test_another_apis_endpoint_is_refused_with_the_right_one_named(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    cassette = write_cassette(tmp_path / "reply.jsonl")
    url = stand_factory({"models": {"rec": {"cassette": str(cassette)}}})
    body = {
        "model": "rec",
        "max_tokens": 10,
        "stream": True,
        "messages": [{"role": "user", "content": "q"}],
    }
    reply = httpx2.post(url + "/v1/messages", json=body, timeout=10)
    assert reply.status_code == 400
    assert "through the openai API" in reply.json()["error"]["message"]


def test_a_script_reads_its_cassette_from_its_own_folder(tmp_path: Path) -> None:
    folder = tmp_path / "suite"
    folder.mkdir()
    write_cassette(folder / "reply.jsonl")
    (folder / "script.yaml").write_text("models:\n  rec:\n    cassette: reply.jsonl\n")
    script = load_script(folder / "script.yaml")
    assert script.models["rec"].cassette == str(folder / "reply.jsonl")


def test_a_model_replays_a_cassette_or_turns_not_both() -> None:
    with pytest.raises(ValidationError, match="not both"):
        ModelSpec.model_validate({"cassette": "a.jsonl", "turns": [{"text": "hi"}]})


@pytest.mark.parametrize(
    ("lines", "place", "problem"),
    [
        (['{"raw": "data: x\\n\\n"}'], "line 1", "first line is the header"),
        (['{"cassette": 1, "api": "gemini"}', '{"raw": "x"}'], "line 1 (api)", "api must be"),
        (['{"cassette": 1, "api": "openai"}'], "", "no chunks"),
        (
            ['{"cassette": 1, "api": "openai"}', '{"raw": "x", "b64": "eA=="}'],
            "line 2",
            "exactly one",
        ),
        (['{"cassette": 1, "api": "openai"}', '{"rwa": "x"}'], "line 2 (rwa)", "unknown chunk key"),
        (
            ['{"cassette": 1, "api": "openai"}', '{"b64": "***"}'],
            "line 2 (b64)",
            "not valid base64",
        ),
        (['{"cassette": 1, "api": "openai"}', "{oops"], "line 2", "invalid JSON"),
    ],
)
def test_a_bad_cassette_names_the_file_and_line(
    tmp_path: Path, lines: list[str], place: str, problem: str
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(ScriptError) as caught:
        load_cassette(path)
    assert caught.value.path == str(path)
    assert caught.value.place == place
    assert problem in caught.value.problem


def test_a_missing_cassette_stops_the_stand_before_it_serves(tmp_path: Path) -> None:
    from tether.stand.script import Script
    from tether.stand.server import build_stand

    script = Script.model_validate({"models": {"rec": {"cassette": str(tmp_path / "no.jsonl")}}})
    with pytest.raises(ScriptError, match="no such cassette file"):
        build_stand(script)


@pytest.mark.timeout(20)
def test_an_ollama_cassette_is_read_by_the_ollama_adapter(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    head = '{"model":"qwen2.5:7b","created_at":"2026-11-30T09:00:00.000000Z",'
    stream = (
        head
        + '"message":{"role":"assistant","content":"","thinking":"Look it up."},"done":false}\n'
        + head
        + '"message":{"role":"assistant","content":"","tool_calls":[{"function":'
        '{"name":"lookup","arguments":{"q":"x"}}}]},"done":false}\n'
        + head
        + '"message":{"role":"assistant","content":""},"done":true,"done_reason":"stop",'
        '"prompt_eval_count":20,"eval_count":9}\n'
    )
    cut = stream.index('"lookup"') + 4  # a line cut in two, as a slow read would
    path = tmp_path / "ollama.jsonl"
    path.write_text(
        "\n".join(
            json.dumps(x)
            for x in (
                {"cassette": 1, "api": "ollama"},
                {"raw": stream[:cut]},
                {"raw": stream[cut:]},
            )
        )
    )
    url = stand_factory({"models": {"rec": {"cassette": str(path)}}})

    async def go() -> None:
        provider = provider_at("ollama", url, "rec")
        try:
            turn = await collect(provider.stream(Request((Message.text("user", "q"),))))
        finally:
            await provider.aclose()
        assert [(c.name, json.loads(c.arguments)) for c in turn.tool_calls] == [
            ("lookup", {"q": "x"})
        ]
        assert (turn.reasoning, turn.finish_reason, turn.raw_finish_reason) == (
            "Look it up.",
            "tool_calls",
            "stop",
        )

    anyio.run(go)
