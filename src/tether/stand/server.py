"""Running the stand: in the foreground (`tether stand`) or in a background thread (tests, demos,
the lab), always on a real socket on 127.0.0.1 by default."""

from __future__ import annotations

import socket
import subprocess
import sys
import tempfile
from pathlib import Path
from types import TracebackType

import uvicorn

from tether.errors import TetherError
from tether.serving import ServerThread, base_url, bind, serve, uvicorn_config
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


__all__ = [
    "StandProcess",
    "StandThread",
    "base_url",
    "bind",
    "build_stand",
    "serve_forever",
]


def _config(stand: Stand) -> uvicorn.Config:
    return uvicorn_config(stand.app)


def serve_forever(stand: Stand, sock: socket.socket) -> None:
    """Serve until interrupted (Ctrl-C, SIGTERM or SIGHUP stop it cleanly)."""
    serve(_config(stand), sock)


class StandThread(ServerThread):
    """A stand served from a background thread; a context manager giving its base URL.

    >>> with StandThread(build_stand()) as url:
    ...     ...  # point any client at url (+ "/v1" for OpenAI clients)
    """

    name = "stand"

    def __init__(self, stand: Stand | None = None, host: str = "127.0.0.1", port: int = 0) -> None:
        self.stand = stand or build_stand()
        super().__init__(_config(self.stand), host, port)

    def stop(self) -> None:
        super().stop()
        if self.stand.log is not None:
            self.stand.log.close()


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
