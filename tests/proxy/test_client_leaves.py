"""A client that leaves while the upstream streams without end, as fast as the socket takes it
(empty deltas, empty tool-call argument deltas: nothing that reaches the client), is noticed
by every transport: the exchange is recorded as 499, the upstream connection is closed and
the process goes idle (before: the lean transport never noticed, spinning on the stream)."""

from __future__ import annotations

import time
from pathlib import Path

import httpx2
import pytest

from tests.proxy.helpers import ProxyFactory, read_log
from tests.proxy.hostile import endless_body

pytestmark = pytest.mark.timeout(60)

HEAD = b'data: {"id":"x","object":"chat.completion.chunk","created":1,"model":"m","choices":'
EVENTS = {
    "empty-deltas": HEAD + b'[{"index":0,"delta":{"content":""}}]}\n\n',
    "tool-args": HEAD
    + b'[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":""}}]}}]}\n\n',
}


@pytest.mark.parametrize("kind", list(EVENTS))
@pytest.mark.parametrize("transport", ["lean", "fast", "httpx"])
def test_a_client_leaving_an_endless_stream_ends_the_upstream_call(
    proxy_factory: ProxyFactory, tmp_path: Path, transport: str, kind: str
) -> None:
    log = tmp_path / "proxy.jsonl"
    with endless_body(EVENTS[kind]) as upstream:
        url = proxy_factory([upstream.url], log=log, transport=transport)
        body = {"model": "m", "stream": True, "messages": [{"role": "user", "content": "hi"}]}
        with pytest.raises(httpx2.ReadTimeout):  # nothing ever reaches the client: it leaves
            httpx2.post(url + "/v1/chat/completions", json=body, timeout=0.5)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not (upstream.closed.value and read_log(log)):
            time.sleep(0.05)
        assert upstream.closed.value == 1, "the upstream connection was kept open"
        (record,) = read_log(log)
        assert record["status"] == 499 and record["ended_early"] is True
        assert upstream.requests.value == 1
        cpu = time.process_time()  # the proxy and the upstream run in this process: idle now
        time.sleep(0.5)
        assert time.process_time() - cpu < 0.25, "the process keeps spinning after the client left"
