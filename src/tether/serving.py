"""Serving an ASGI app on a real socket: the stand and the proxy share this.

`bind` makes the listening socket (port 0 picks a free one), `uvicorn_config` the server
settings (uvloop and httptools when installed), and `ServerThread` serves from a background
thread as a context manager giving the base URL (tests, demos, the lab).
"""

from __future__ import annotations

import asyncio
import errno
import importlib.util
import signal
import socket
import threading
from types import TracebackType
from typing import Any, Literal

import uvicorn

from tether.errors import TetherError, UsageError


def bind(host: str = "127.0.0.1", port: int = 0) -> socket.socket:
    """A listening socket; port 0 picks a free port."""
    if not 0 <= port <= 65535:
        raise UsageError(f"--port {port}: give a port from 0 to 65535 (0 picks a free one)")
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    # Accepted connections inherit it. Without it, the event loop leaves Nagle on (this socket's
    # proto is 0, not IPPROTO_TCP), and a reply written as headers then body waits for the
    # client's delayed ACK on every keep-alive request (bench/README.md, "hot paths").
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((host, port))
    except (socket.gaierror, UnicodeError) as exc:  # the address itself is wrong
        sock.close()
        raise UsageError(
            f"--host {host}: not an address this machine can listen on ({exc}); "
            "give an IP address such as 127.0.0.1 or 0.0.0.0"
        ) from None
    except OSError as exc:
        sock.close()
        fix = (
            "pick another --port"
            if exc.errno in (errno.EADDRINUSE, errno.EACCES)
            else ("check --host (an address of this machine, such as 127.0.0.1)")
        )
        raise UsageError(f"cannot listen on {host}:{port}: {exc.strerror or exc}; {fix}") from None
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def base_url(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}"


def installed(module: str) -> bool:
    """Whether an optional speed-up (uvloop, httptools) can be imported here."""
    return importlib.util.find_spec(module) is not None


def serve(config: uvicorn.Config, sock: socket.socket) -> None:
    """Serve on `sock` until SIGINT, SIGTERM or SIGHUP: each stops it the same graceful way
    (uvicorn handles the first two; a closed terminal's SIGHUP would kill it mid-request)."""
    server = uvicorn.Server(config)
    previous = signal.signal(signal.SIGHUP, lambda sig, frame: server.handle_exit(sig, frame))
    try:
        server.run(sockets=[sock])
    finally:
        signal.signal(signal.SIGHUP, previous)


def uvicorn_config(app: Any, lifespan: Literal["on", "off"] = "off") -> uvicorn.Config:
    return uvicorn.Config(
        app,
        lifespan=lifespan,
        interface="asgi3",
        log_level="warning",
        access_log=False,
        loop="uvloop" if installed("uvloop") else "asyncio",
        http="httptools" if installed("httptools") else "h11",
        timeout_keep_alive=30,
        backlog=2048,
    )


class ServerThread:
    """An app served from a background thread; a context manager giving its base URL."""

    name = "server"

    def __init__(self, config: uvicorn.Config, host: str = "127.0.0.1", port: int = 0) -> None:
        self._sock = bind(host, port)
        self.url = base_url(self._sock)
        self._server = uvicorn.Server(config)
        self._server.config.install_signal_handlers = False  # type: ignore[attr-defined]
        self._thread = threading.Thread(target=self._run, name=f"tether-{self.name}", daemon=True)

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        try:
            loop.run_until_complete(self._server.serve(sockets=[self._sock]))
        finally:
            loop.close()

    def start(self) -> str:
        self._thread.start()
        while not self._server.started:
            if not self._thread.is_alive():
                raise TetherError(f"the {self.name} did not start; see the log above")
            threading.Event().wait(0.005)
        return self.url

    def stop(self) -> None:
        self._server.should_exit = True
        self._thread.join(timeout=10)
        self._sock.close()

    def __enter__(self) -> str:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()
