"""Keep-alives to streaming clients while the proxy has nothing to send yet (`keepalive_s`).

A load balancer or a client with an idle limit drops a connection that carries nothing for a
minute, and the proxy can be silent that long on purpose: it waits for a slow first byte,
retries, fails over and holds back text the judge is not sure of. With `keepalive_s` set, a
streaming client gets the 200 and a keep-alive its SDK skips (an SSE comment, Anthropic's
`ping`) after that long of nothing, as OpenRouter does with its `: OPENROUTER PROCESSING`
comments. A failure after that is told in the stream, never as a finished answer.
"""

from __future__ import annotations

from pathlib import Path

import anthropic
import openai
import pytest

from tests.helpers import StandFactory
from tests.proxy.helpers import (
    HTTP,
    ProxyFactory,
    SharedStand,
    ask,
    ask_anthropic,
    client,
    read_log,
)

pytestmark = pytest.mark.timeout(30)

COMMENT = b": keep-alive\n\n"


def stream_body(text: str = "hi") -> dict[str, object]:
    return {"model": "sim-large", "stream": True, "messages": [{"role": "user", "content": text}]}


def test_a_streaming_client_hears_keepalives_before_a_slow_first_byte(
    stand_factory: StandFactory, proxy_factory: ProxyFactory, tmp_path: Path
) -> None:
    log = tmp_path / "proxy.jsonl"
    url = proxy_factory([stand_factory(faults=["slow-first-byte:1.5"])], log=log, keepalive_s=0.1)
    with HTTP.stream("POST", url + "/v1/chat/completions", json=stream_body()) as reply:
        assert reply.status_code == 200
        raw = reply.read()
    assert raw.startswith(COMMENT)  # before any event of the reply
    assert b"Simulated reply from sim-large" in raw and raw.endswith(b"data: [DONE]\n\n")
    (record,) = read_log(log)
    # the client's first byte (a keep-alive) came before the upstream's
    assert record["status"] == 200
    assert record["timing"]["first_byte_s"] < record["timing"]["upstream_first_byte_s"]
    # and the real SDK reads through the comments to the whole answer
    assert ask(client(url), stream=True, text="hi").startswith("Simulated reply from sim-large")


def test_without_the_setting_a_stream_carries_no_keepalive(
    stand_factory: StandFactory, proxy_factory: ProxyFactory
) -> None:
    url = proxy_factory([stand_factory(faults=["slow-first-byte:0.5"])])
    with HTTP.stream("POST", url + "/v1/chat/completions", json=stream_body()) as reply:
        raw = reply.read()
    assert raw.startswith(b"data: ") and COMMENT not in raw


def test_anthropic_clients_get_pings(
    stand_factory: StandFactory, proxy_factory: ProxyFactory
) -> None:
    stand = stand_factory(faults=["slow-first-byte:1"])
    url = proxy_factory([stand], api="anthropic", keepalive_s=0.1)
    body = {**stream_body(), "max_tokens": 64}
    with HTTP.stream("POST", url + "/v1/messages", json=body) as reply:
        raw = reply.read()
    assert raw.startswith(b'event: ping\ndata: {"type": "ping"}\n\n')
    assert raw.index(b"event: ping") < raw.index(b"event: message_start")
    sdk = anthropic.Anthropic(base_url=url, api_key="unused", max_retries=0, timeout=10)
    assert ask_anthropic(sdk, stream=True, text="hi").startswith("Simulated reply")


def test_a_failure_after_keepalives_is_an_error_in_the_stream_not_an_answer(
    stand_factory: StandFactory, proxy_factory: ProxyFactory, tmp_path: Path
) -> None:
    """The 200 is committed once a keep-alive went out: the failure is an error event after the
    stream's start, with no end marker, so the SDK raises; the log keeps what failed."""
    log = tmp_path / "proxy.jsonl"
    url = proxy_factory(
        [stand_factory(faults=["empty-stream:0.5"])], log=log, keepalive_s=0.1, max_attempts=2
    )
    with HTTP.stream("POST", url + "/v1/chat/completions", json=stream_body()) as reply:
        assert reply.status_code == 200
        raw = reply.read()
    assert raw.startswith(COMMENT) and b"[DONE]" not in raw
    events = [line for line in raw.split(b"\n\n") if line.startswith(b"data: ")]
    assert b'"role":"assistant"' in events[0] and b'"error"' in events[-1]
    with pytest.raises(openai.APIError, match="no upstream gave an answer"):
        ask(client(url), stream=True, text="hi")
    record = read_log(log)[0]
    assert record["reply"] is None and "after 2 attempts" in record["error"]["message"]
    assert record["verdicts"] == ["eof", "eof"]


def test_a_quick_failure_keeps_its_http_status(
    shared_stand: SharedStand, proxy_factory: ProxyFactory
) -> None:
    """Nothing was sent before the chain gave up: the client gets the HTTP error, as without
    keep-alives (its SDK can tell a 429 from a 503)."""
    url = proxy_factory([shared_stand("http:503")], keepalive_s=5, max_attempts=1)
    with pytest.raises(openai.APIStatusError) as caught:
        ask(client(url), stream=True, text="hi")
    assert caught.value.status_code == 503


def test_responses_clients_read_through_the_comments(
    stand_factory: StandFactory, proxy_factory: ProxyFactory
) -> None:
    url = proxy_factory([stand_factory(faults=["slow-first-byte:1"])], keepalive_s=0.1)
    body = {"model": "sim-large", "stream": True, "input": "hi"}
    with HTTP.stream("POST", url + "/v1/responses", json=body) as reply:
        assert reply.read().startswith(COMMENT)
    events = list(client(url).responses.create(model="sim-large", input="hi", stream=True))
    assert events[-1].type == "response.completed"
    assert events[-1].response.output_text.startswith("Simulated reply")
