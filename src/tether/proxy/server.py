"""Running the proxy: in the foreground (`tether proxy`) or in a background thread (tests)."""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import os
import signal
import socket
import threading
from collections.abc import Callable
from types import TracebackType

import uvicorn

from tether.errors import TetherError
from tether.proxy.app import Proxy
from tether.stand.server import base_url, bind


def _config(proxy: Proxy) -> uvicorn.Config:
    def installed(module: str) -> bool:
        return importlib.util.find_spec(module) is not None

    return uvicorn.Config(
        proxy.app,
        lifespan="on",
        interface="asgi3",
        log_level="warning",
        access_log=False,
        loop="uvloop" if installed("uvloop") else "asyncio",
        http="httptools" if installed("httptools") else "h11",
        timeout_keep_alive=30,
        backlog=2048,
    )


def serve_forever(proxy: Proxy, sock: socket.socket) -> None:
    """Serve until interrupted (Ctrl-C stops it cleanly and closes the upstream pools)."""
    uvicorn.Server(_config(proxy)).run(sockets=[sock])


def serve_workers(make: Callable[[], Proxy], sock: socket.socket, workers: int) -> None:
    """Serve from `workers` forked processes sharing the listening socket (the kernel spreads
    the connections); SIGINT / SIGTERM stop them all. Each builds its own proxy after the fork:
    its own event loop, pools and breaker store connection (breakers agree across workers only
    through a shared store: SQLite or Redis)."""
    if workers <= 1:
        serve_forever(make(), sock)
        return
    children: list[int] = []
    for _ in range(workers):
        pid = os.fork()
        if pid == 0:  # the child serves until its own signal handlers stop it
            code = 0
            try:
                serve_forever(make(), sock)
            except BaseException:
                code = 1
            finally:
                os._exit(code)
        children.append(pid)

    def stop(signum: int, frame: object) -> None:
        for child in children:
            with contextlib.suppress(ProcessLookupError):
                os.kill(child, signal.SIGTERM)

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    for child in children:
        os.waitpid(child, 0)


class ProxyThread:
    """A proxy served from a background thread; a context manager giving its base URL (the
    root: OpenAI clients add /v1, Anthropic clients use it as is)."""

    def __init__(self, proxy: Proxy, host: str = "127.0.0.1", port: int = 0) -> None:
        self.proxy = proxy
        self._sock = bind(host, port)
        self.url = base_url(self._sock)
        self._server = uvicorn.Server(_config(proxy))
        self._server.config.install_signal_handlers = False  # type: ignore[attr-defined]
        self._thread = threading.Thread(target=self._run, name="tether-proxy", daemon=True)

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
                raise TetherError("the proxy did not start; see the log above")
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
