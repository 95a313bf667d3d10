"""Running the stand: in the foreground (`tether stand`) or in a background thread (tests, demos,
the lab), always on a real socket on 127.0.0.1 by default."""

from __future__ import annotations

import asyncio
import importlib.util
import socket
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from types import TracebackType
from typing import Any

import uvicorn

from tether.errors import TetherError
from tether.providers import HTTPProvider, adapter_for
from tether.stand.app import Stand
from tether.stand.plan import Planner
from tether.stand.script import Script, load_script


def build_stand(
    script: Script | str | Path | None = None,
    faults: list[str] | None = None,
    log: str | None = None,
    seed: int | None = None,
) -> Stand:
    """A stand from a script (object, path or none for the defaults) and extra fault specs."""
    if script is None:
        script = Script()
    elif not isinstance(script, Script):
        script = load_script(script)
    return Stand(Planner(script, faults, seed), log)


# Where each API lives under a stand's base URL, following each SDK's convention.
API_BASES = {"openai": "/v1", "anthropic": "", "ollama": ""}


def stand_provider(api: str, url: str, model: str = "sim-large", **options: Any) -> HTTPProvider:
    """tether's adapter for `api`, pointed at the stand at `url` (its root URL)."""
    return adapter_for(api)(url + API_BASES[api], model, **options)


def bind(host: str = "127.0.0.1", port: int = 0) -> socket.socket:
    """A listening socket; port 0 picks a free port."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    # Accepted connections inherit it. Without it, the event loop leaves Nagle on (this socket's
    # proto is 0, not IPPROTO_TCP), and a reply written as headers then body waits for the
    # client's delayed ACK: ~40 ms on every keep-alive request.
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise TetherError(
            f"cannot listen on {host}:{port}: {exc.strerror or exc}; pick another --port"
        ) from None
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def base_url(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}"


def _config(stand: Stand) -> uvicorn.Config:
    return uvicorn.Config(
        stand.app,
        lifespan="off",
        log_level="warning",
        access_log=False,
        loop="uvloop" if _installed("uvloop") else "asyncio",
        http="httptools" if _installed("httptools") else "h11",
        timeout_keep_alive=30,
        backlog=2048,
    )


def _installed(module: str) -> bool:
    """Whether an optional speed-up (uvloop, httptools) can be imported here."""
    return importlib.util.find_spec(module) is not None


def serve_forever(stand: Stand, sock: socket.socket) -> None:
    """Serve until interrupted (Ctrl-C stops it cleanly)."""
    server = uvicorn.Server(_config(stand))
    server.run(sockets=[sock])


class StandThread:
    """A stand served from a background thread; a context manager giving its base URL.

    >>> with StandThread(build_stand()) as url:
    ...     ...  # point any client at url (+ "/v1" for OpenAI clients)
    """

    def __init__(self, stand: Stand | None = None, host: str = "127.0.0.1", port: int = 0) -> None:
        self.stand = stand or build_stand()
        self._sock = bind(host, port)
        self.url = base_url(self._sock)
        self._server = uvicorn.Server(_config(self.stand))
        self._server.config.install_signal_handlers = False  # type: ignore[attr-defined]
        self._thread = threading.Thread(target=self._run, name="tether-stand", daemon=True)

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
                raise TetherError("the stand did not start; see the log above")
            threading.Event().wait(0.005)
        return self.url

    def stop(self) -> None:
        self._server.should_exit = True
        self._thread.join(timeout=10)
        self._sock.close()
        if self.stand.log is not None:
            self.stand.log.close()

    def __enter__(self) -> str:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()


class StandProcess:
    """A stand in its own process (`tether stand` on a free port): a context manager giving its
    base URL. The lab uses it so the stand's work never competes with the harness it measures
    for the interpreter lock."""

    def __init__(self, script: Script) -> None:
        self._dir = tempfile.TemporaryDirectory(prefix="tether-stand-")
        self._script = Path(self._dir.name) / "script.json"
        self._script.write_text(script.model_dump_json(exclude_defaults=True), encoding="utf-8")
        self._process: subprocess.Popen[str] | None = None
        self.url = ""

    def start(self) -> str:
        command = [sys.executable, "-m", "tether", "stand", "--port", "0"]
        self._process = subprocess.Popen(
            [*command, "--script", str(self._script)],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert self._process.stdout is not None
        self.url = self._process.stdout.readline().strip()
        if not self.url.startswith("http"):
            self.stop()
            raise TetherError("the stand process did not start (run `tether stand` to see why)")
        return self.url

    def stop(self) -> None:
        if self._process is not None:
            self._process.terminate()
            try:
                self._process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
            if self._process.stdout is not None:
                self._process.stdout.close()
        self._dir.cleanup()

    def __enter__(self) -> str:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()
