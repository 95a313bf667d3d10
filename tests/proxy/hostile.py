"""Hostile upstreams the stand cannot be (it speaks through uvicorn, which writes headers once),
and a `tether proxy` process whose memory a test can read."""

from __future__ import annotations

import multiprocessing
import re
import socket
import socketserver
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.helpers import RawServer, serving


class _EndlessHeaders(socketserver.BaseRequestHandler):
    """Reads a request, answers `HTTP/1.1 200 OK` and then header lines without end (one
    endless header value when the server's `one_line` is set) until the client leaves."""

    server: Any  # a RawServer: its settings are attributes

    def handle(self) -> None:
        sock: socket.socket = self.request
        sock.settimeout(30)
        seen = b""
        while b"\r\n\r\n" not in seen:
            piece = sock.recv(65536)
            if not piece:
                return
            seen += piece
        self.server.requests += 1
        line = b"x" * 1024 if self.server.one_line else b"x-junk: " + b"y" * 1000 + b"\r\n"
        try:
            sock.sendall(b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n")
            if self.server.one_line:
                sock.sendall(b"x-endless: ")
            for _ in range(1_000_000):  # 1 GB: far past any limit, yet it ends
                sock.sendall(line)
        except OSError:
            return  # the client closed the connection: what a bounded reader does


@contextmanager
def endless_headers(one_line: bool = False) -> Iterator[str]:
    """The base URL of a server whose replies' headers never end."""
    with serving(RawServer(_EndlessHeaders, one_line=one_line, requests=0)) as url:
        yield url


def peak_rss_mb(pid: int) -> float:
    """The process's peak resident memory so far (VmHWM), in MB."""
    status = Path(f"/proc/{pid}/status").read_text()
    found = re.search(r"VmHWM:\s+(\d+) kB", status)
    assert found, status
    return int(found.group(1)) / 1024


@contextmanager
def proxy_process(config: Path) -> Iterator[tuple[str, int]]:
    """`tether proxy --config CONFIG` in its own process: (its URL, its pid)."""
    command = [sys.executable, "-m", "tether", "proxy", "--config", str(config), "--port", "0"]
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as process:
        try:
            assert process.stdout is not None
            url = process.stdout.readline().strip()
            assert url.startswith("http://127.0.0.1:"), (
                process.stderr.read() if process.stderr else ""
            )
            yield url, process.pid
        finally:
            process.terminate()
            process.wait(timeout=30)


class _Canned(socketserver.BaseRequestHandler):
    """Answers every request with the server's canned reply: `stream` when the request asked
    for a stream, `whole` otherwise."""

    server: Any  # a RawServer: its settings are attributes

    def handle(self) -> None:
        sock: socket.socket = self.request
        sock.settimeout(30)
        with sock.makefile("rb") as reader:
            while True:
                head = b""
                while not head.endswith(b"\r\n\r\n"):
                    line = reader.readline()
                    if not line:
                        return
                    head += line
                length = re.search(rb"(?i)content-length: *(\d+)", head)
                body = reader.read(int(length.group(1))) if length else b""
                streamed = b'"stream":true' in body.replace(b" ", b"")
                reply, kind = (
                    (self.server.stream, b"text/event-stream")
                    if streamed
                    else (self.server.whole, b"application/json")
                )
                sock.sendall(
                    b"HTTP/1.1 200 OK\r\ncontent-type: " + kind + b"\r\ncontent-length: "
                    + str(len(reply)).encode() + b"\r\n\r\n" + reply
                )  # fmt: skip


@contextmanager
def canned(stream: bytes, whole: bytes) -> Iterator[str]:
    """The base URL of a server that answers every request with the same bytes."""
    with serving(RawServer(_Canned, stream=stream, whole=whole)) as url:
        yield url


class _EndlessBody(socketserver.BaseRequestHandler):
    """Reads a request, answers 200 with an event stream and then the server's `block` over
    and over, as fast as the socket takes it, until the client leaves."""

    server: _BodyServer

    def handle(self) -> None:
        sock: socket.socket = self.request
        sock.settimeout(30)
        seen = b""
        while b"\r\n\r\n" not in seen:
            piece = sock.recv(65536)
            if not piece:
                return
            seen += piece
        with self.server.requests.get_lock():
            self.server.requests.value += 1
        try:
            sock.sendall(b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n\r\n")
            for _ in range(10_000_000):
                sock.sendall(self.server.block)
        except OSError:
            with self.server.closed.get_lock():
                self.server.closed.value += 1  # the client closed the connection


class _BodyServer(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True
    block = b""
    requests: Any = None  # multiprocessing Values: read from the test's process
    closed: Any = None


@dataclass
class EndlessUpstream:
    url: str
    requests: Any
    closed: Any


@contextmanager
def endless_body(event: bytes, copies: int = 500) -> Iterator[EndlessUpstream]:
    """A server, in a process of its own (as fast as a real upstream, whatever this process
    does), whose replies repeat `event` without end; `.closed.value` counts the replies the
    client broke off."""
    server = _BodyServer(("127.0.0.1", 0), _EndlessBody)
    context = multiprocessing.get_context("fork")
    server.block = event * copies
    server.requests, server.closed = context.Value("i", 0), context.Value("i", 0)
    process = context.Process(target=server.serve_forever, daemon=True)
    process.start()
    server.socket.close()  # the child serves it
    try:
        port = server.server_address[1]
        yield EndlessUpstream(f"http://127.0.0.1:{port}", server.requests, server.closed)
    finally:
        process.terminate()
        process.join(10)
