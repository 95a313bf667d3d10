"""Input no encoder can pass on is an error in the client's shape, never a plain 500 or a hang:
JSON nested past what can be sent upstream is a 400 that names it; an upstream reporting
usage of 2**64 tokens is a bad turn (failed over), and every span of the request closes."""

from __future__ import annotations

import json
import time
from pathlib import Path

import orjson
import pytest

from tests.proxy.helpers import HTTP, ProxyFactory, SharedStand, read_log
from tests.proxy.hostile import canned
from tether.trace.formats import runs_from_document
from tether.trace.gate import check_run
from tether.trace.store import TraceStore

pytestmark = pytest.mark.timeout(60)

HUGE = 2**64 + 5
CHUNK = {
    "id": "c1",
    "object": "chat.completion.chunk",
    "created": 1,
    "model": "m",
    "choices": [{"index": 0, "delta": {"role": "assistant", "content": "Paris is the capital."}}],
}
DONE = {**CHUNK, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}
USAGE = {"prompt_tokens": HUGE, "completion_tokens": 5, "total_tokens": HUGE}
WHOLE = {
    "id": "c1",
    "object": "chat.completion",
    "created": 1,
    "model": "m",
    "choices": [
        {"index": 0, "message": {"role": "assistant", "content": "Paris."}, "finish_reason": "stop"}
    ],
    "usage": USAGE,
}


def _sse(*events: dict[str, object]) -> bytes:
    parts = [b"data: " + json.dumps(e).encode() + b"\n\n" for e in events]
    return b"".join(parts) + b"data: [DONE]\n\n"


def _post(url: str, body: dict[str, object], anthropic: bool = False) -> tuple[int, str]:
    path = "/v1/messages" if anthropic else "/v1/chat/completions"
    headers = {"content-type": "application/json"}
    if anthropic:
        headers["anthropic-version"] = "2023-06-01"
    reply = HTTP.post(url + path, content=json.dumps(body), headers=headers, timeout=30)
    return reply.status_code, reply.text


@pytest.mark.parametrize("anthropic", [False, True], ids=["openai", "anthropic"])
def test_json_nested_past_what_can_be_sent_on_is_a_400_naming_the_nesting(
    shared_stand: SharedStand, proxy_factory: ProxyFactory, tmp_path: Path, anthropic: bool
) -> None:
    log = tmp_path / "proxy.jsonl"
    api = "anthropic" if anthropic else "openai"
    url = proxy_factory([shared_stand()], api=api, log=log)  # every field passed on
    deep: dict[str, object] = {}
    cur = deep
    for _ in range(300):  # past the 254 levels orjson writes
        cur["a"] = {}
        cur = cur["a"]  # type: ignore[assignment]
    messages = [{"role": "user", "content": "hi"}]
    body = {"model": "sim-large", "max_tokens": 16, "messages": messages, "metadata": deep}
    for stream in (False, True):
        status, text = _post(url, {**body, "stream": stream}, anthropic)
        assert status == 400, text
        error = orjson.loads(text)["error"]
        assert "nested" in error["message"] and "metadata" in error["message"], error
        if anthropic:
            assert orjson.loads(text)["type"] == "error"
        else:
            assert error["type"] == "invalid_request_error"
    records = read_log(log)  # kept, without the body JSON cannot hold
    assert [(r["status"], r["request"]) for r in records] == [(400, None), (400, None)]
    assert all("Recursion" in r["request_unwritable"] for r in records)


def _closed_runs(path: Path, n: int) -> list[dict[str, object]]:
    store = TraceStore(path)
    try:  # the writer thread commits in the background: wait for the closed runs
        deadline = time.monotonic() + 10
        while len(runs := [r for r in store.runs(10) if r.status is not None]) < n:
            assert time.monotonic() < deadline, f"{len(runs)} closed runs of {n}"
            time.sleep(0.05)
        return [t for r in runs if (t := store.trace(r.run_id)) is not None]
    finally:
        store.close()


@pytest.mark.parametrize("whole_upstream", [False, True], ids=["streamed", "whole"])
def test_usage_past_any_real_count_is_a_bad_turn_and_every_span_closes(
    shared_stand: SharedStand, proxy_factory: ProxyFactory, tmp_path: Path, whole_upstream: bool
) -> None:
    log, store = tmp_path / "proxy.jsonl", tmp_path / "traces.db"
    stream = _sse(CHUNK, DONE, {**DONE, "choices": [], "usage": USAGE})
    with canned(stream, json.dumps(WHOLE).encode()) as hostile:
        url = proxy_factory(
            [hostile, shared_stand()],
            log=log,
            store=str(store),
            upstream={"stream": not whole_upstream},
            breakers={"open_s": 0.001},  # the second request meets the hostile upstream too
        )
        body = {"model": "sim-large", "messages": [{"role": "user", "content": "hi"}]}
        for client_stream in (False, True):
            status, text = _post(url, {**body, "stream": client_stream})
            assert status == 200, text
            assert "Simulated reply" in text  # the backup's answer
    records = read_log(log)
    assert [r["verdicts"] for r in records] == [["malformed"], ["malformed"]]
    detail = records[0]["attempts"][0]["detail"]
    assert "prompt_tokens=18446744073709551616" in detail, detail  # (read as a float)
    for trace in _closed_runs(store, 2):
        (run,) = runs_from_document(trace, "proxy run")
        assert check_run(run).complete
