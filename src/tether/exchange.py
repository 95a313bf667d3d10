"""Exchange records: one JSON object per line for each model call seen on the wire.

The stand and the proxy write them; `tether audit` reads them. The shape (DESIGN.md)::

    {"api": "openai" | "anthropic" | "ollama",
     "request": <the request body in that API's own shape>,
     "reply": {"content", "reasoning", "tool_calls" (OpenAI shape), "finish_reason" (OpenAI
               values), "usage": <usage exactly as that API reported it>, "cut": bool},
     "timing": {"first_byte_s", "total_s"}, ...}

The reply is normalised; the usage is raw, because each API counts cached tokens its own way.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import Any, BinaryIO

import orjson

from tether.errors import UsageError
from tether.messages import Turn

# Longer texts are cut in the log (an endless-reasoning reply would make one line megabytes
# long); the full length is kept in `chars`.
MAX_LOGGED_CHARS = 100_000
# A request body larger than this is logged as an excerpt of its start and its size (a 100 MB
# body went whole into the log); `tether audit` then judges the reply without the request.
MAX_LOGGED_REQUEST_BYTES = 1 << 20
REQUEST_EXCERPT_BYTES = 4096


def request_fields(body: Any, raw: bytes) -> dict[str, Any]:
    """The record's `request`: the body itself, or past MAX_LOGGED_REQUEST_BYTES None with
    `request_excerpt` (its first bytes as text) and `request_bytes` (its size)."""
    if len(raw) <= MAX_LOGGED_REQUEST_BYTES:
        return {"request": body}
    return {
        "request": None,
        "request_excerpt": raw[:REQUEST_EXCERPT_BYTES].decode("utf-8", "replace"),
        "request_bytes": len(raw),
    }


def reply_record(turn: Turn, usage_raw: dict[str, Any] | None, cut: bool) -> dict[str, Any]:
    """The normalised `reply` object of an exchange record."""
    record: dict[str, Any] = {
        "content": turn.content[:MAX_LOGGED_CHARS],
        "reasoning": turn.reasoning[:MAX_LOGGED_CHARS],
        "tool_calls": [
            {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
            for c in turn.tool_calls
        ],
        "finish_reason": turn.finish_reason,
        "usage": usage_raw,
        "cut": cut,
    }
    if turn.native:  # the kinds of the provider's own blocks (a search, its results)
        record["native"] = [str(b.block.get("type")) for b in turn.native]
    if turn.errors:  # in-stream error frames: `tether audit` judges them as error_frame
        record["errors"] = [{"message": e.message, "code": e.code} for e in turn.errors]
    if max(len(turn.content), len(turn.reasoning)) > MAX_LOGGED_CHARS:
        record["chars"] = {"content": len(turn.content), "reasoning": len(turn.reasoning)}
    return record


log = logging.getLogger(__name__)


class ExchangeLog:
    """Appends exchange records to a JSONL file, one whole line per write (thread-safe)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._file: BinaryIO = self.path.open("ab")
        except OSError as exc:
            raise UsageError(f"cannot write the log {self.path}: {exc.strerror or exc}") from None
        self._lock = threading.Lock()
        # Records that could not be written (a full disk, a value JSON cannot hold): a log is
        # a record of the answers, never a reason to break one. Counted, and said once.
        self.failed = 0
        self.last_error = ""

    def write(self, record: dict[str, Any]) -> None:
        try:
            try:
                line = orjson.dumps(record, option=orjson.OPT_NON_STR_KEYS) + b"\n"
            except TypeError as exc:  # the request JSON cannot hold (nested too deep): the rest
                if record.get("request") is None:
                    raise
                record = {**record, "request": None, "request_unwritable": str(exc)}
                line = orjson.dumps(record, option=orjson.OPT_NON_STR_KEYS) + b"\n"
            with self._lock:
                self._file.write(line)
                self._file.flush()
        except (OSError, TypeError, ValueError) as exc:
            self.failed += 1
            self.last_error = f"{type(exc).__name__}: {exc}"
            if self.failed == 1:
                log.warning("cannot write the exchange log %s (%s); answers go on", self.path, exc)

    def close(self) -> None:
        with self._lock:
            self._file.close()
