"""Each proxy request's spans sent to an OTLP/HTTP receiver, off the request path.

A request's run is put in a bounded queue and one thread sends the runs in turn, so a receiver
that is slow or down never holds a client: past `QUEUE_MAX` runs waiting, new ones are dropped
and counted. A failed send is logged once, and once more when sending works again.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from typing import Any

from tether.errors import ConfigError

log = logging.getLogger("tether.proxy")

QUEUE_MAX = 1000  # runs waiting to be sent; a request's run is a few KB
_STOP = object()

Send = Callable[[dict[str, Any], str], int]


def _send_otlp(trace: dict[str, Any], endpoint: str) -> int:
    from tether.trace.otel import export_otlp_http

    return export_otlp_http(trace, endpoint)


class SpanExport:
    """A bounded queue of runs and the thread that sends them to `endpoint`."""

    def __init__(self, endpoint: str, send: Send = _send_otlp, queue_max: int = QUEUE_MAX) -> None:
        if send is _send_otlp:
            _needs_the_otel_extra()
        self.endpoint = endpoint
        self._send = send
        self._queue: queue.Queue[object] = queue.Queue(maxsize=queue_max)
        self.sent_runs = self.sent_spans = self.dropped = self.failed = 0
        self._failing = False
        self._thread = threading.Thread(target=self._run, name="tether-otlp", daemon=True)
        self._thread.start()

    def submit(self, trace: dict[str, Any]) -> None:
        """Queue a finished run (never waits: a full queue drops it)."""
        try:
            self._queue.put_nowait(trace)
        except queue.Full:
            self.dropped += 1

    def close(self, timeout_s: float = 5.0) -> None:
        """Send what is queued (for at most `timeout_s`), then stop the thread."""
        try:
            self._queue.put(_STOP, timeout=timeout_s)
        except queue.Full:
            return
        self._thread.join(timeout_s)

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            if item is _STOP:
                return
            assert isinstance(item, dict)
            try:
                spans = self._send(item, self.endpoint)
            except Exception as exc:  # the receiver's trouble is never the request's
                self.failed += 1
                if not self._failing:
                    self._failing = True
                    log.warning("OTLP export to %s failed: %s", self.endpoint, exc)
                continue
            if self._failing:
                self._failing = False
                log.warning("OTLP export to %s works again", self.endpoint)
            self.sent_runs += 1
            self.sent_spans += spans


def _needs_the_otel_extra() -> None:
    try:
        import opentelemetry.exporter.otlp.proto.http.trace_exporter  # noqa: F401
    except ImportError:
        raise ConfigError(
            "OTLP export (an OTEL_EXPORTER_OTLP_* variable or [proxy] otlp_endpoint) needs the "
            "otel extra: pip install 'tether[otel]'"
        ) from None
