"""Slow, silent and too many clients cannot hold the proxy: a request head that does not
arrive within `header_timeout_s` (silent or dribbled) is answered 408 and closed, an idle
kept-alive connection is closed after `idle_timeout_s`, a head over 64 KiB is a 431, and
past `max_connections` a new connection gets a clean 503 in JSON, while requests of normal
clients are served throughout. Real sockets against a proxy on 127.0.0.1."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

import orjson
import pytest

from tests.proxy.helpers import HTTP, ProxyFactory, SharedStand

pytestmark = pytest.mark.timeout(60)

REQUEST = orjson.dumps({"model": "sim-large", "messages": [{"role": "user", "content": "hi"}]})
HEAD = b"POST /v1/chat/completions HTTP/1.1\r\nhost: proxy\r\ncontent-type: application/json\r\n"


def _whole_request() -> bytes:
    return HEAD + b"content-length: " + str(len(REQUEST)).encode() + b"\r\n\r\n" + REQUEST


@contextmanager
def _socket(url: str) -> Iterator[socket.socket]:
    host, port = url.removeprefix("http://").split(":")
    sock = socket.create_connection((host, int(port)), timeout=20)
    try:
        yield sock
    finally:
        sock.close()


def _read_all(sock: socket.socket) -> bytes:
    """Everything until the proxy closes the connection (the 20 s socket timeout: a hang)."""
    out = b""
    while piece := sock.recv(65536):
        out += piece
    return out


def _served(url: str) -> int:
    reply = HTTP.post(
        url + "/v1/chat/completions",
        content=REQUEST,
        headers={"content-type": "application/json"},
        timeout=20,
    )
    return reply.status_code


@pytest.mark.parametrize("dribble", [False, True], ids=["silent", "dribbling"])
def test_a_head_that_does_not_arrive_in_time_is_a_408_and_closed(
    shared_stand: SharedStand, proxy_factory: ProxyFactory, dribble: bool
) -> None:
    url = proxy_factory([shared_stand()], header_timeout_s=0.5)
    with _socket(url) as sock:
        if dribble:  # a byte every 0.05 s: each one would reset an idle timer, not this one
            for byte in HEAD[:60]:
                try:
                    sock.send(bytes([byte]))
                except OSError:
                    break
                time.sleep(0.05)
        reply = _read_all(sock)
    assert reply.startswith(b"HTTP/1.1 408"), reply[:200]
    body = orjson.loads(reply.split(b"\r\n\r\n", 1)[1])
    assert "header_timeout_s" in body["error"]["message"]
    assert _served(url) == 200


def test_an_idle_kept_alive_connection_is_closed(
    shared_stand: SharedStand, proxy_factory: ProxyFactory
) -> None:
    url = proxy_factory([shared_stand()], idle_timeout_s=0.5)
    with _socket(url) as sock:
        sock.sendall(_whole_request())
        reply = _read_all(sock)  # returns only once the proxy closed the idle connection
    assert reply.startswith(b"HTTP/1.1 200") and b"Simulated reply" in reply


def test_a_head_over_64_kib_is_a_431(
    shared_stand: SharedStand, proxy_factory: ProxyFactory
) -> None:
    url = proxy_factory([shared_stand()])
    with _socket(url) as sock:
        try:
            sock.sendall(HEAD)
            for i in range(200):
                sock.sendall(f"x-junk-{i}: ".encode() + b"y" * 1000 + b"\r\n")
        except OSError:
            pass  # closed by the proxy meanwhile
        reply = _read_all(sock)
    assert reply.startswith(b"HTTP/1.1 431"), reply[:200]


def test_many_dribbling_connections_do_not_stop_a_normal_request(
    shared_stand: SharedStand, proxy_factory: ProxyFactory
) -> None:
    url = proxy_factory([shared_stand()], header_timeout_s=30)
    with ExitStack() as stack:
        held = [stack.enter_context(_socket(url)) for _ in range(300)]
        for sock in held:
            sock.sendall(HEAD[:20])
        assert [_served(url) for _ in range(3)] == [200, 200, 200]
        for sock in held:  # still held open by the proxy (their deadline is 30 s away)
            sock.sendall(b"x")


def test_past_the_connection_limit_a_new_connection_gets_a_clean_503(
    shared_stand: SharedStand, proxy_factory: ProxyFactory
) -> None:
    url = proxy_factory([shared_stand()], max_connections=20, header_timeout_s=30)
    with ExitStack() as stack:
        for _ in range(20):
            stack.enter_context(_socket(url))
        time.sleep(0.2)  # accepted by the server
        reply = HTTP.post(
            url + "/v1/chat/completions",
            content=REQUEST,
            headers={"content-type": "application/json"},
            timeout=20,
        )
        assert reply.status_code == 503
        assert reply.headers["retry-after"] == "1"
        assert "max_connections" in reply.json()["error"]["message"]
    deadline = time.monotonic() + 10  # the held ones closed: served again
    while _served(url) != 200:
        assert time.monotonic() < deadline, "still refused after the connections closed"
        time.sleep(0.1)
