"""A request body past `[proxy] max_body_bytes` is refused with 413 in the client's API shape,
as it arrives (said length or not), and never reaches an upstream or the log."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import orjson
import pytest

from tests.proxy.helpers import HTTP, ProxyFactory, SharedStand, read_log

LIMIT = 64 * 1024


def _big_request() -> bytes:
    text = "x" * (2 * LIMIT)
    return orjson.dumps({"model": "sim-large", "messages": [{"role": "user", "content": text}]})


@pytest.mark.parametrize("said_length", [True, False])
def test_a_body_past_the_limit_is_a_413_in_the_clients_shape(
    shared_stand: SharedStand, proxy_factory: ProxyFactory, tmp_path: Path, said_length: bool
) -> None:
    log = tmp_path / "proxy.jsonl"
    url = proxy_factory([shared_stand()], log=log, max_body_bytes=LIMIT)
    body = _big_request()

    def pieces() -> Iterator[bytes]:  # sent chunked: no content-length to refuse it early
        for start in range(0, len(body), 8192):
            yield body[start : start + 8192]

    reply = HTTP.post(
        url + "/v1/chat/completions",
        content=body if said_length else pieces(),
        headers={"content-type": "application/json"},
    )
    assert reply.status_code == 413
    error = reply.json()["error"]
    assert "max_body_bytes" in error["message"] and f"{LIMIT:,}" in error["message"]
    assert read_log(log) == []  # no exchange happened
    small = HTTP.post(
        url + "/v1/chat/completions",
        content=orjson.dumps(
            {"model": "sim-large", "messages": [{"role": "user", "content": "hi"}]}
        ),
        headers={"content-type": "application/json"},
    )
    assert small.status_code == 200


def test_a_log_that_cannot_be_written_never_touches_an_answer(
    shared_stand: SharedStand, proxy_factory: ProxyFactory
) -> None:
    """/dev/full: every write fails with ENOSPC, as on a full disk. The client still gets its
    answer whole (before: truncated responses and `[Errno 28]`)."""
    url = proxy_factory([shared_stand()], log=Path("/dev/full"))
    for stream in (False, True):
        reply = HTTP.post(
            url + "/v1/chat/completions",
            content=orjson.dumps(
                {
                    "model": "sim-large",
                    "stream": stream,
                    "messages": [{"role": "user", "content": "hi"}],
                }
            ),
            headers={"content-type": "application/json"},
        )
        assert reply.status_code == 200
        assert "Simulated reply" in reply.text and ("[DONE]" in reply.text or not stream)


def test_json_nested_past_what_can_be_sent_on_is_an_error_in_the_clients_shape(
    shared_stand: SharedStand, proxy_factory: ProxyFactory, tmp_path: Path
) -> None:
    url = proxy_factory([shared_stand()], log=tmp_path / "proxy.jsonl")
    deep: dict[str, object] = {}
    cur = deep
    for _ in range(300):  # past the 254 levels a JSON encoder writes
        cur["a"] = {}
        cur = cur["a"]  # type: ignore[assignment]
    body = {"model": "sim-large", "messages": [{"role": "user", "content": "hi"}], "metadata": deep}
    for stream in (False, True):
        reply = HTTP.post(
            url + "/v1/chat/completions",
            content=json.dumps({**body, "stream": stream}),  # (orjson stops at 254 levels)
            headers={"content-type": "application/json"},
        )  # the connection stays whole: the body is what its headers say
        assert reply.status_code >= 400
        assert reply.headers["content-type"].startswith("application/json")
        assert "error" in reply.json()


def test_a_large_body_is_logged_as_an_excerpt_with_its_size(
    shared_stand: SharedStand, proxy_factory: ProxyFactory, tmp_path: Path
) -> None:
    from tether.audit import audit_record
    from tether.exchange import MAX_LOGGED_REQUEST_BYTES, REQUEST_EXCERPT_BYTES

    log = tmp_path / "proxy.jsonl"
    url = proxy_factory([shared_stand()], log=log)
    blob = "x" * (2 * MAX_LOGGED_REQUEST_BYTES)  # in a field passed on, not in the window
    messages = [{"role": "user", "content": "hi"}]
    body = orjson.dumps({"model": "sim-large", "messages": messages, "metadata": {"blob": blob}})
    reply = HTTP.post(
        url + "/v1/chat/completions", content=body, headers={"content-type": "application/json"}
    )
    assert reply.status_code == 200
    (record,) = read_log(log)
    assert record["request"] is None and record["request_bytes"] == len(body)
    assert record["request_excerpt"].startswith('{"model":"sim-large"')
    assert len(record["request_excerpt"]) == REQUEST_EXCERPT_BYTES
    assert log.stat().st_size < 2 * REQUEST_EXCERPT_BYTES + 4096  # not the 2 MB body
    assert audit_record(record).verdict is None  # the reply is still judged: an answer
