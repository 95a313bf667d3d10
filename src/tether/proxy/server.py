"""Running the proxy: in the foreground (`tether proxy`) or in a background thread (tests)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
from collections.abc import Callable

import uvicorn

from tether.proxy.app import Proxy
from tether.serving import ServerThread, uvicorn_config


def _config(proxy: Proxy) -> uvicorn.Config:
    config = uvicorn_config(proxy.app, lifespan="on")  # the lifespan closes the upstream pools
    # The proxy reads no client address: uvicorn's X-Forwarded-For middleware would only add a
    # step to every request.
    config.proxy_headers = False
    return config


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


class ProxyThread(ServerThread):
    """A proxy served from a background thread; a context manager giving its base URL (the
    root: OpenAI clients add /v1, Anthropic clients use it as is)."""

    name = "proxy"

    def __init__(self, proxy: Proxy, host: str = "127.0.0.1", port: int = 0) -> None:
        self.proxy = proxy
        super().__init__(_config(proxy), host, port)
