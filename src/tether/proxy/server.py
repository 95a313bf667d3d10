"""Running the proxy: in the foreground (`tether proxy`) or in a background thread (tests)."""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import socket
import sys
import time
from collections.abc import Callable

import uvicorn

from tether.proxy.app import Proxy
from tether.proxy.clients import default_max_connections, guarded_protocol
from tether.serving import ServerThread, serve, uvicorn_config


def _config(proxy: Proxy) -> uvicorn.Config:
    config = uvicorn_config(proxy.app, lifespan="on")  # the lifespan closes the upstream pools
    # The proxy reads no client address: uvicorn's X-Forwarded-For middleware would only add a
    # step to every request.
    config.proxy_headers = False
    section = proxy.config.proxy
    config.http = guarded_protocol(
        section.header_timeout_s, section.max_connections or default_max_connections()
    )
    config.timeout_keep_alive = section.idle_timeout_s  # type: ignore[assignment]
    return config


def serve_forever(proxy: Proxy, sock: socket.socket) -> None:
    """Serve until interrupted (Ctrl-C, SIGTERM or SIGHUP stop it cleanly and close the
    upstream pools)."""
    serve(_config(proxy), sock)


# A worker that dies is replaced, but not in a loop: at most this many times a minute.
RESTARTS_PER_MINUTE = 10


def _die_with_parent(parent: int) -> None:
    """Linux: the kernel sends this process SIGTERM when its parent dies (even by SIGKILL), so
    no worker keeps serving on its own; a parent already gone ends it now."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:
        os._exit(0)


def _ended(status: int) -> str:
    """How a child ended, from its wait status."""
    if os.WIFSIGNALED(status):
        return f"killed by {signal.Signals(os.WTERMSIG(status)).name}"
    return f"exit {os.WEXITSTATUS(status)}"


def serve_workers(make: Callable[[], Proxy], sock: socket.socket, workers: int) -> None:
    """Serve from `workers` forked processes sharing the listening socket (the kernel spreads
    the connections); SIGINT / SIGTERM / SIGHUP stop them all, workers die with the parent
    (even a SIGKILLed one), and a worker that dies is replaced. Each builds its own proxy after
    the fork: its own event loop, pools and breaker store connection (breakers agree across
    workers only through a shared store: SQLite or Redis)."""
    if workers <= 1:
        serve_forever(make(), sock)
        return
    parent = os.getpid()

    def start() -> int:
        pid = os.fork()
        if pid == 0:  # the child serves until its own signal handlers stop it
            code = 0
            try:
                _die_with_parent(parent)
                serve_forever(make(), sock)
            except BaseException as exc:
                code = 1
                if isinstance(exc, Exception):  # a worker that fails says why, in one line
                    said = f"worker {os.getpid()} failed: {type(exc).__name__}: {exc}"
                    with contextlib.suppress(Exception):
                        print(f"tether proxy: {said}", file=sys.stderr, flush=True)
            finally:
                os._exit(code)
        return pid

    children = {start() for _ in range(workers)}
    stopping = False
    restarts: list[float] = []

    def stop(signum: int, frame: object) -> None:
        nonlocal stopping
        stopping = True
        for child in children:
            with contextlib.suppress(ProcessLookupError):
                os.kill(child, signal.SIGTERM)

    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, stop)
    while children:
        try:
            pid, status = os.wait()
        except ChildProcessError:
            break
        children.discard(pid)
        if stopping:
            continue
        now = time.monotonic()
        restarts = [t for t in restarts if now - t < 60]
        again = len(restarts) < RESTARTS_PER_MINUTE
        what = "starting another" if again else f"not replaced ({RESTARTS_PER_MINUTE} a minute)"
        with contextlib.suppress(Exception):
            print(f"tether proxy: worker {pid} ended ({_ended(status)}); {what}",
                  file=sys.stderr, flush=True)  # fmt: skip
        if again:
            restarts.append(now)
            children.add(start())


class ProxyThread(ServerThread):
    """A proxy served from a background thread; a context manager giving its base URL (the
    root: OpenAI clients add /v1, Anthropic clients use it as is)."""

    name = "proxy"

    def __init__(self, proxy: Proxy, host: str = "127.0.0.1", port: int = 0) -> None:
        self.proxy = proxy
        super().__init__(_config(proxy), host, port)
