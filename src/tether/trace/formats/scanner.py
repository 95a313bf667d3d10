"""Streaming a file too big to load whole: `_Scanner` reads JSON a chunk at a time, and the
``_stream_*`` functions walk a run JSON or OTLP document down to its big array of spans with
it, a batch at a time (the package docstring has the design)."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterator
from typing import IO, Any

import orjson

from tether.trace.formats.document import _json_error, _runs_from_document
from tether.trace.formats.model import CHUNK_SIZE, Run, _Bad
from tether.trace.formats.otlp import _Grouper, _otlp_spans
from tether.trace.formats.run_json import (
    _column_facts,
    _renormalised,
    _run_columns,
    _run_of_columns,
)

_WS = re.compile(rb"[ \t\r\n]*")
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
_STRUCT = re.compile(rb'["{}\[\]]')
_SCALAR = re.compile(rb"[^ \t\r\n,\]}]+")


class _Scanner:
    """Incremental JSON reading over a binary file: one small value at a time, or the elements
    of a big array in batches (see the package docstring)."""

    def __init__(self, f: IO[bytes], chunk: int = CHUNK_SIZE) -> None:
        self.f = f
        self.chunk = chunk
        self.buf = b""
        self.pos = 0
        self.base = 0  # file offset of buf[0]
        self.eof = False

    def _more(self, at_least: int = 0) -> bool:
        if self.eof:
            return False
        data = self.f.read(max(self.chunk, at_least))
        if not data:
            self.eof = True
            return False
        self.base += self.pos
        self.buf = self.buf[self.pos :] + data
        self.pos = 0
        return True

    def peek(self) -> int | None:
        """The next byte that is not white space (not consumed), None at the end."""
        while True:
            m = _WS.match(self.buf, self.pos)
            self.pos = m.end() if m else self.pos
            if self.pos < len(self.buf):
                return self.buf[self.pos]
            if not self._more():
                return None

    def expect(self, char: bytes, what: str) -> None:
        c = self.peek()
        if c is None:
            raise _Bad(f"truncated JSON: the data ends at byte {self.base + self.pos}")
        if c != char[0]:
            got = repr(chr(c))
            raise _Bad(f"invalid JSON at byte {self.base + self.pos}: expected {what}, got {got}")
        self.pos += 1

    def _scan(self, i: int, resume: int, depth: int) -> tuple[int, int, int]:
        """(index just after the JSON value starting at buf[i], 0, 0), or (-1, where to resume
        scanning, depth there) when the buffer ends first: a long value is scanned once."""
        buf = self.buf
        c = buf[i]
        if c == 0x22:  # "
            m = _STRING.match(buf, i)
            return (m.end(), 0, 0) if m else (-1, 0, 0)
        if c not in (0x7B, 0x5B):  # { [
            m = _SCALAR.match(buf, i)
            if m is None:
                return i + 1, 0, 0
            return (m.end(), 0, 0) if m.end() < len(buf) or self.eof else (-1, 0, 0)
        j = i + resume
        while True:
            m = _STRUCT.search(buf, j)
            if m is None:
                return -1, len(buf) - i, depth
            ch = buf[m.start()]
            if ch == 0x22:
                s = _STRING.match(buf, m.start())
                if s is None:
                    return -1, m.start() - i, depth
                j = s.end()
                continue
            j = m.end()
            depth += 1 if ch in (0x7B, 0x5B) else -1
            if depth == 0:
                return j, 0, 0

    def value(self, decode: Callable[[bytes], Any] = orjson.loads) -> Any:
        """Parse the next complete JSON value (with `decode`)."""
        if self.peek() is None:
            raise _Bad(f"truncated JSON: the data ends at byte {self.base + self.pos}")
        resume = depth = 0
        while True:
            end, resume, depth = self._scan(self.pos, resume, depth)
            if end >= 0:
                break
            if not self._more(len(self.buf)):
                raise _Bad(f"truncated JSON: the data ends at byte {self.base + len(self.buf)}")
        piece = self.buf[self.pos : end]
        try:
            value = decode(piece)
        except orjson.JSONDecodeError as exc:
            raise _json_error(exc, piece, self.base + self.pos) from None
        except ValueError as exc:  # msgspec's
            raise _Bad(f"invalid JSON at byte {self.base + self.pos}: {exc}") from None
        self.pos = end
        return value

    def members(self) -> Iterator[str]:
        """The keys of the object starting here, each with the scanner at its value, which the
        caller reads (`value`, or deeper) before asking for the next key."""
        self.expect(b"{", "an object")
        if self.peek() == 0x7D:  # }
            self.pos += 1
            return
        while True:
            key = self.value()
            if not isinstance(key, str):
                raise _Bad(f"invalid JSON at byte {self.base + self.pos}: a key is not a string")
            self.expect(b":", "':' after a key")
            yield key
            if self.peek() == 0x7D:
                self.pos += 1
                return
            self.expect(b",", "',' or '}' between members")

    def items(self) -> Iterator[None]:
        """Once per element of the list starting here, with the scanner at the element."""
        self.expect(b"[", "a list")
        if self.peek() == 0x5D:  # ]
            self.pos += 1
            return
        while True:
            yield
            if self.peek() == 0x5D:
                self.pos += 1
                return
            self.expect(b",", "',' or ']' between elements")

    def _batch(self, decode: Callable[[bytes], Any]) -> list[Any] | None:
        """As many whole elements as the buffer holds from pos, parsed at once (`decode`); None
        when no cut in the last stretch of the buffer parses (the caller reads one element
        exactly)."""
        if len(self.buf) - self.pos < self.chunk:
            self._more()
        buf = self.buf
        start = self.pos
        j = len(buf)
        tries = steps = 0
        while tries < 4 and steps < 256:
            steps += 1
            j = buf.rfind(b"}", start, j)
            if j < 0:
                return None
            m = _WS.match(buf, j + 1)
            k = m.end() if m else j + 1
            if k >= len(buf) or buf[k] not in (0x2C, 0x5D):  # , ]
                continue
            tries += 1
            try:
                items = decode(b"[" + buf[start : j + 1] + b"]")
            except ValueError:  # the JSON errors of orjson and msgspec are ValueErrors
                continue
            self.pos = j + 1
            return items  # type: ignore[no-any-return]
        return None

    def elements(self) -> Iterator[Any]:
        """The elements of the array whose '[' was just consumed."""
        for batch in self.batches():
            yield from batch

    def batches(self, decode: Callable[[bytes], Any] = orjson.loads) -> Iterator[list[Any]]:
        """The elements of the array whose '[' was just consumed, many at a time where it can,
        each batch parsed by `decode` (given a JSON array)."""
        first = True
        while True:
            c = self.peek()
            if c is None:
                raise _Bad(f"truncated JSON: the data ends at byte {self.base + self.pos}")
            if c == 0x5D:  # ]
                self.pos += 1
                return
            if not first:
                self.expect(b",", "',' or ']' between array elements")
                if self.peek() is None:
                    raise _Bad(f"truncated JSON: the data ends at byte {self.base + self.pos}")
            first = False
            items = self._batch(decode) if self.buf[self.pos] == 0x7B else None
            if items is None and decode is not orjson.loads:  # one element, the same way
                items = self.value(lambda piece: decode(b"[" + piece + b"]"))
            yield [self.value()] if items is None else items


def _stream_document(scan: _Scanner, source: str, keep: Collection[str] | None) -> Iterator[Run]:
    c = scan.peek()
    if c is None:
        raise _Bad("empty file")
    if c == 0x5B:  # a list of runs
        scan.pos += 1
        for i, item in enumerate(scan.elements()):
            try:
                yield from _runs_from_document(item, source, keep, None)
            except _Bad as exc:
                raise _Bad(f"item {i} of the list: {exc}") from None
    elif c == 0x7B:
        yield from _stream_object(scan, source, keep)
    else:
        raise _Bad("invalid JSON: the file does not start with an object or a list")
    if scan.peek() is not None:
        raise _Bad(
            f"invalid JSON: unexpected content after the document at byte {scan.base + scan.pos}"
        )


def _stream_spans(scan: _Scanner, keep: Collection[str] | None) -> Run:
    """A run JSON spans array, batch by batch, into the columns of a run (run id and roots
    come later); kinds, names and statuses share one string object per distinct value (a
    million spans, a few dozen names). For the gate (`keep` given) the spans are decoded lean
    (`run_json_lean`), and what the columns hold is checked once at the end (`ColumnFacts`)."""
    columns: list[list[Any]] = [[] for _ in range(8)]
    shared: dict[Any, Any] = {}
    same = shared.setdefault
    share = _Shared().__getitem__
    decode: Callable[[bytes], Any] = orjson.loads
    if keep is not None:
        from tether.trace.formats import run_json_lean

        decode = run_json_lean.decode_spans
    normal = keep is not None  # every batch in normal form as decoded
    for batch in scan.batches(decode):
        in_form = run_json_lean.extend_columns(columns, batch, share) if keep is not None else None
        normal = normal and bool(in_form)
        if in_form is not None:
            continue
        got, _ = _run_columns(batch, keep, len(columns[0]))
        for i, (column, values) in enumerate(zip(columns, got, strict=True)):
            column.extend(map(same, values, values) if i in (2, 3, 6) else values)
    run = Run("", (), columns=tuple(columns))
    if normal:
        run.facts = run_json_lean.timed_facts(run.columns)
    elif keep is not None:
        run.facts = _column_facts(run.columns, run_json_lean.citations(columns[7]))
        if run.facts is None:  # not all in normal form: the spans that are not, as rows
            run.columns = _renormalised(run.columns, run_json_lean.plain)
    return run


class _Shared(dict[Any, Any]):
    """Each value the first time it is asked for, then that same object (`dict.__getitem__`
    answers at C speed, and only a new value calls back into Python)."""

    def __missing__(self, key: Any) -> Any:
        self[key] = key
        return key


def _stream_object(scan: _Scanner, source: str, keep: Collection[str] | None) -> Iterator[Run]:
    fields: dict[str, Any] = {}
    spans: Run | None = None
    grouper: _Grouper | None = None
    for key in scan.members():
        if key == "spans" and scan.peek() == 0x5B:  # [
            scan.pos += 1
            spans = _stream_spans(scan, keep)
        elif key in ("resourceSpans", "batches") and scan.peek() == 0x5B:
            grouper = grouper or _Grouper(source, "otlp")
            _stream_otlp(scan, grouper, keep)
        else:
            fields[key] = scan.value()
    if spans is not None and fields.get("run_id") not in (None, ""):
        run = _run_of_columns(fields.get("run_id"), fields.get("root_id"), spans.columns, source)
        run.facts = spans.facts
        yield run
    elif grouper is not None:
        yield from grouper.runs()
    elif spans is not None:
        raise _Bad("a run JSON without run_id (expected {run_id, root_id, spans[]})")
    else:
        yield from _runs_from_document(fields, source, keep, None)


def _stream_otlp(scan: _Scanner, into: _Grouper, keep: Collection[str] | None) -> None:
    """resourceSpans[].scopeSpans[].spans[], down to the spans, which come in batches: one
    resource may hold a million spans."""
    for _ in scan.items():
        if scan.peek() != 0x7B:
            raise _Bad("resourceSpans holds a non-object")
        for key in scan.members():
            if key not in ("scopeSpans", "instrumentationLibrarySpans") or scan.peek() != 0x5B:
                scan.value()  # the resource: not needed
                continue
            for _ in scan.items():
                if scan.peek() != 0x7B:
                    raise _Bad("scopeSpans holds a non-object")
                for name in scan.members():
                    if name == "spans" and scan.peek() == 0x5B:
                        scan.pos += 1
                        for batch in scan.batches():
                            _otlp_spans(batch, into, keep)
                    else:
                        scan.value()
