"""Streaming through the proxy: holdback, pieces on the wire, and client disconnects."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

import httpx2
import openai
import orjson
import pytest

from tests.helpers import StandFactory
from tests.proxy.helpers import (
    BIG,
    HTTP,
    ProxyFactory,
    SharedStand,
    ask,
    client,
    read_log,
    served_by_hypercorn,
)

pytestmark = pytest.mark.timeout(20)

SECRET = "PRIMARY-TURN-TEXT "


def stream_body(text: str = "hi") -> dict[str, object]:
    return {"model": "sim-large", "stream": True, "messages": [{"role": "user", "content": text}]}


@pytest.mark.parametrize("fault", ["error-frame", "gateway-200", "drop", "malformed-chunk"])
def test_no_byte_of_a_rejected_turn_reaches_a_streaming_client(
    stand_factory: StandFactory,
    shared_stand: SharedStand,
    proxy_factory: ProxyFactory,
    fault: str,
) -> None:
    # 54 characters: shorter than the first look of the holdback (64), so held whole
    script = {"models": {"sim-large": {"turns": [{"text": SECRET * 3}] * 3}}}
    primary = stand_factory(script=script, faults=[fault])
    url = proxy_factory([primary, shared_stand()])
    with HTTP.stream("POST", url + "/v1/chat/completions", json=stream_body()) as reply:
        assert reply.status_code == 200
        raw = reply.read()
    assert b"PRIMARY" not in raw and b"could not be completed" not in raw
    assert b"Simulated reply from sim-large" in raw and raw.endswith(b"data: [DONE]\n\n")


def test_a_turn_rejected_after_its_text_was_released_ends_in_an_error_not_a_success(
    shared_stand: SharedStand, proxy_factory: ProxyFactory, tmp_path: Path
) -> None:
    """The honest limit of holdback: `unprocessed` is known only from the usage at the end,
    after the first 160 characters were released; the client gets an error event and no
    [DONE], so its SDK raises instead of taking the turn as complete."""
    log = tmp_path / "proxy.jsonl"
    url = proxy_factory([shared_stand("unprocessed"), shared_stand()], log=log)
    with HTTP.stream("POST", url + "/v1/chat/completions", json=stream_body(BIG)) as reply:
        assert reply.status_code == 200
        raw = reply.read()
    assert b"Simulated reply" in raw and b"[DONE]" not in raw
    last = orjson.loads(raw.strip().split(b"\n\n")[-1].removeprefix(b"data: "))
    assert "unprocessed" in last["error"]["message"]
    with pytest.raises(openai.APIError, match="unprocessed"):
        for _ in client(url).chat.completions.create(
            model="sim-large", messages=[{"role": "user", "content": BIG}], stream=True
        ):
            pass
    assert [r["status"] for r in read_log(log)] == [502, 502]


@pytest.mark.skipif(shutil.which("curl") is None, reason="needs curl")
def test_curl_sees_the_stream_arrive_in_pieces(
    stand_factory: StandFactory, proxy_factory: ProxyFactory
) -> None:
    text = "".join(f"piece {i:02d} of a paced reply. " for i in range(12))  # 312 chars
    script = {
        "chunk_chars": 26,
        "chunk_delay_s": 0.02,
        "models": {"sim-large": {"turns": [{"text": text}]}},
    }
    # the upstream stops for 3 s after 200 characters: what was sent before must be on the
    # client's side before the rest (a proxy that buffers the reply sends it all at the end)
    url = proxy_factory([stand_factory(script=script, faults=["stall:200:3"])])
    command = [
        "curl", "-sN", url + "/v1/chat/completions", "-H", "content-type: application/json",
        "-d", orjson.dumps(stream_body()).decode(),
    ]  # fmt: skip
    started = time.perf_counter()
    with subprocess.Popen(command, stdout=subprocess.PIPE) as curl:
        assert curl.stdout is not None
        arrivals = [
            (time.perf_counter() - started, line)
            for line in iter(curl.stdout.readline, b"")
            if b'"content":"' in line
        ]
    assert curl.returncode == 0
    content = "".join(
        orjson.loads(line[6:])["choices"][0]["delta"]["content"] for _, line in arrivals
    )
    assert content == text
    assert len(arrivals) >= 6
    stall_ends = arrivals[-1][0] - 1.5  # (half the stall: a generous margin for a slow machine)
    before = "".join(
        orjson.loads(line[6:])["choices"][0]["delta"]["content"]
        for at, line in arrivals
        if at < stall_ends
    )
    assert len(before) >= 160, before  # the held-back start at least, sent before the stall


def test_a_client_disconnect_cancels_the_upstream_request(
    stand_factory: StandFactory, proxy_factory: ProxyFactory, tmp_path: Path
) -> None:
    stand_log, proxy_log = tmp_path / "stand.jsonl", tmp_path / "proxy.jsonl"
    url = proxy_factory([stand_factory(faults=["slow-first-byte:5"], log=stand_log)], log=proxy_log)
    started = time.perf_counter()
    with pytest.raises(httpx2.ReadTimeout):
        httpx2.post(url + "/v1/chat/completions", json=stream_body(), timeout=0.3)
    deadline = time.perf_counter() + 3
    # each server writes its record once it has seen the cancel, in its own thread
    while time.perf_counter() < deadline and not (read_log(stand_log) and read_log(proxy_log)):
        time.sleep(0.02)
    (upstream,) = read_log(stand_log)
    assert upstream["ended_early"] is True and upstream["reply"]["cut"] is True
    assert time.perf_counter() - started < 4  # not the stand's 5 s
    (record,) = read_log(proxy_log)
    assert record["ended_early"] is True and record["status"] == 499


@pytest.mark.parametrize("transport", ["lean", "fast", "httpx"])
def test_an_upstream_gone_silent_is_a_failed_turn_failed_over(
    shared_stand: SharedStand, proxy_factory: ProxyFactory, tmp_path: Path, transport: str
) -> None:
    log = tmp_path / "proxy.jsonl"
    url = proxy_factory(
        [shared_stand("stall:30:5"), shared_stand()],
        log=log,
        transport=transport,
        upstream={"silence_s": 0.3, "first_byte_s": 2},
    )
    started = time.perf_counter()
    with HTTP.stream("POST", url + "/v1/chat/completions", json=stream_body()) as reply:
        raw = reply.read()
    assert (
        raw.endswith(b"data: [DONE]\n\n") and time.perf_counter() - started < 4
    )  # not the 5 s stall
    (record,) = read_log(log)
    assert record["verdicts"] == ["timeout"] and record["status"] == 200


@pytest.mark.anyio
@pytest.mark.parametrize("stream", [True, False])
async def test_an_asgi_server_without_lifespan_still_gets_judged_answers(
    shared_stand: SharedStand, stream: bool
) -> None:
    """Without the lifespan's shared watchers, each request watches its client itself."""
    from tether.proxy import Proxy, config_from_urls

    proxy = Proxy(config_from_urls(shared_stand() + "/v1", []))
    transport = httpx2.ASGITransport(app=proxy.app)  # runs no lifespan
    async with httpx2.AsyncClient(transport=transport, base_url="http://proxy") as http:
        body = {**stream_body("x" * 300), "stream": stream}  # a reply past the holdback
        reply = await http.post("/v1/chat/completions", json=body)
    await proxy.aclose()
    assert reply.status_code == 200
    assert (b"data: [DONE]" in reply.content) if stream else reply.json()["choices"]


@pytest.mark.parametrize("stream", [True, False])
def test_an_asgi_server_on_either_event_loop_fails_over_a_gateway_text(
    shared_stand: SharedStand, tmp_path: Path, anyio_backend: str, stream: bool
) -> None:
    """The app served by another ASGI server, lifespan and all, on asyncio and on trio (where
    the upstream calls go through httpx2's client: the lean transport is asyncio's)."""
    from tether.proxy import Proxy, config_from_urls

    log = tmp_path / "proxy.jsonl"
    upstreams = [shared_stand("gateway-200") + "/v1", shared_stand() + "/v1"]
    proxy = Proxy(config_from_urls(upstreams[0], upstreams[1:], log=str(log)))
    with served_by_hypercorn(proxy.app, anyio_backend) as url:
        answer = ask(client(url), stream, "hi")
    assert answer.startswith("Simulated reply from sim-large")
    (record,) = read_log(log)
    assert record["status"] == 200 and record["verdicts"] == ["gateway"]


def test_on_either_event_loop_a_client_that_leaves_cancels_the_upstream_call(
    stand_factory: StandFactory, tmp_path: Path, anyio_backend: str
) -> None:
    """The lifespan's watchers notice the client going away, under Hypercorn on either loop."""
    from tether.proxy import Proxy, config_from_urls

    stand_log, proxy_log = tmp_path / "stand.jsonl", tmp_path / "proxy.jsonl"
    slow = stand_factory(faults=["slow-first-byte:5"], log=stand_log)
    proxy = Proxy(config_from_urls(slow + "/v1", log=str(proxy_log)))
    with served_by_hypercorn(proxy.app, anyio_backend) as url:
        started = time.perf_counter()
        with pytest.raises(httpx2.ReadTimeout):
            httpx2.post(url + "/v1/chat/completions", json=stream_body(), timeout=0.3)
        deadline = time.perf_counter() + 3
        # each server writes its record once it has seen the cancel, in its own thread
        while time.perf_counter() < deadline and not (read_log(stand_log) and read_log(proxy_log)):
            time.sleep(0.02)
        (upstream,) = read_log(stand_log)
        assert upstream["ended_early"] is True
        assert time.perf_counter() - started < 4  # not the stand's 5 s
    (record,) = read_log(proxy_log)
    assert record["ended_early"] is True and record["status"] == 499
