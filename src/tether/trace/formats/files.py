"""Where runs come from: trace files (whole, line by line, or streamed), folders of them, and
run ids in tether's store; `iter_runs` reads them all lazily, a bad input a `ReadError`."""

from __future__ import annotations

import os
import stat
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

from tether.errors import TraceFormatError, UsageError
from tether.trace.formats.document import _json_error, _runs_from_document
from tether.trace.formats.model import (
    BOM,
    CHUNK_SIZE,
    STREAM_THRESHOLD,
    ReadError,
    Run,
    _Bad,
)
from tether.trace.formats.otlp import _Grouper
from tether.trace.formats.run_json import read_store_run
from tether.trace.formats.scanner import _Scanner, _stream_document

if TYPE_CHECKING:
    from tether.trace.store import TraceStore

# ----------------------------------------------------------------------------- files


# Unreadable lines named one by one, up to this many (then how many more).
BAD_LINES_NAMED = 5


def _read_lines(f: Iterable[bytes], source: str, keep: Collection[str] | None) -> Iterator[Run]:
    """Every readable line's runs; a bad line never hides the lines after it: the file is
    reported unreadable at the end, naming each bad line (and every readable run was checked)."""
    grouper = _Grouper(source, "otlp")
    bad: list[str] = []
    for number, line in enumerate(f, start=1):
        if not line.strip():
            continue
        try:
            doc = orjson.loads(line)
        except orjson.JSONDecodeError as exc:
            bad.append(f"line {number}: {_json_error(exc, line)}")
            continue
        try:
            yield from _runs_from_document(doc, source, keep, grouper)
        except _Bad as exc:
            bad.append(f"line {number}: {exc}")
    yield from grouper.runs()
    if bad:
        more = len(bad) - BAD_LINES_NAMED
        raise _Bad("; ".join(bad[:BAD_LINES_NAMED]) + (f"; and {more} more" if more > 0 else ""))


def read_file(
    path: str | Path,
    *,
    keep_attrs: Collection[str] | None = None,
    stream_threshold: int = STREAM_THRESHOLD,
    chunk_size: int = CHUNK_SIZE,
) -> Iterator[Run]:
    """The runs in one trace file, lazily; raises TraceFormatError naming the file.

    `keep_attrs` names the span attributes the caller reads: where memory counts (a streamed
    file, OTLP attributes) the others are dropped; None keeps everything. Files larger than
    `stream_threshold` bytes are streamed, `chunk_size` bytes at a time.
    """
    source = os.fspath(path)  # plain strings from here: pathlib costs more than a small file
    count = 0
    try:
        for run in _read_file(source, keep_attrs, stream_threshold, chunk_size):
            count += 1
            yield run
    except _Bad as exc:
        raise TraceFormatError(source, str(exc)) from None
    except OSError as exc:
        raise TraceFormatError(source, exc.strerror or str(exc)) from None
    if count == 0:
        raise TraceFormatError(source, "no spans in this file, so no run to check")


def _read_file(
    source: str, keep: Collection[str] | None, threshold: int, chunk: int
) -> Iterator[Run]:
    try:  # os-level: io.open costs more than reading a small file
        fd = os.open(source, os.O_RDONLY)
    except FileNotFoundError:
        raise _Bad("no such file") from None
    except IsADirectoryError:
        raise _Bad(_FOLDER) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise _Bad(_FOLDER)
        if source.lower().endswith((".jsonl", ".ndjson")) or info.st_size > threshold:
            f = os.fdopen(fd, "rb")
            fd = -1  # the file object owns it now
            with f:
                if f.read(3) != BOM:
                    f.seek(0)
                if source.lower().endswith((".jsonl", ".ndjson")):
                    yield from _read_lines(f, source, keep)
                else:
                    yield from _stream_document(_Scanner(f, chunk), source, keep)
            return
        data = os.read(fd, info.st_size + 1)
        while len(data) > info.st_size:  # it grew since fstat: read on to the end
            more = os.read(fd, 1 << 20)
            if not more:
                break
            data += more
    finally:
        if fd >= 0:
            os.close(fd)
    if data[:3] == BOM:
        data = data[3:]
    if keep is not None and b'"run_id"' in data:  # the gate on a run JSON file: the fast way
        from tether.trace.formats.run_json_lean import run_for_gate

        run = run_for_gate(data, source)
        if run is not None:
            yield run
            return
    try:
        doc = orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        if _looks_like_lines(data):
            yield from _read_lines(_Lines(data), source, keep)
            return
        docs = _concatenated(data)
        if docs is None:
            raise _json_error(exc, data) from None
        grouper = _Grouper(source, "otlp")
        for number, doc in enumerate(docs, start=1):
            try:
                yield from _runs_from_document(doc, source, keep, grouper)
            except _Bad as bad:
                raise _Bad(f"document {number} of the stream: {bad}") from None
        yield from grouper.runs()
        return
    yield from _runs_from_document(doc, source, keep, None)


def _concatenated(data: bytes) -> list[Any] | None:
    """The JSON objects of a stream of them, one after another, each over several lines (the
    OpenTelemetry Python console exporter prints a pretty `span.to_json()` per span); None
    unless the data is two or more such objects and nothing else."""
    import json

    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    decoder = json.JSONDecoder()
    docs: list[Any] = []
    at = _skip_space(text, 0)
    while at < len(text):
        if text[at] != "{":
            return None
        try:
            doc, at = decoder.raw_decode(text, at)
        except ValueError:
            return None
        docs.append(doc)
        at = _skip_space(text, at)
    return docs if len(docs) > 1 else None


def _skip_space(text: str, at: int) -> int:
    while at < len(text) and text[at] in " \t\r\n":
        at += 1
    return at


_FOLDER = "is a folder (pass it as a target to read the files in it)"


def _looks_like_lines(data: bytes) -> bool:
    first, _, rest = data.partition(b"\n")
    if not rest.strip():
        return False
    try:
        return isinstance(orjson.loads(first), dict)
    except orjson.JSONDecodeError:
        return False


class _Lines:
    """Iterate over the lines of bytes already read, as a file would."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.data.splitlines())


# ----------------------------------------------------------------------------- targets

TRACE_SUFFIXES = (".json", ".jsonl")


@dataclass
class _StoreHandle:
    store: TraceStore | None
    owned: bool = False
    tried: bool = False
    problem: str = ""

    def get(self) -> TraceStore | None:
        if self.store is not None or self.tried:
            return self.store
        self.tried = True
        from tether.trace.store import TraceStore, default_path  # only when run ids are asked

        path = default_path()
        if not path.exists():
            self.problem = f"no trace store at {path} to look run ids up in"
            return None
        try:
            self.store = TraceStore(path)
        except UsageError as exc:
            self.problem = str(exc)
            return None
        self.owned = True
        return self.store

    def close(self) -> None:
        if self.owned and self.store is not None:
            self.store.close()
            self.store = None


def folder_files(path: str | Path) -> list[str]:
    """The trace files of a folder as the gate reads them: its `*.json` and `*.jsonl`, sorted."""
    with os.scandir(path) as entries:
        return sorted(
            e.path for e in entries if e.name.lower().endswith(TRACE_SUFFIXES) and e.is_file()
        )


def _looks_like_path(target: str) -> bool:
    return "/" in target or "\\" in target or target.lower().endswith(TRACE_SUFFIXES)


def iter_runs(
    targets: Iterable[str | Path],
    *,
    store: TraceStore | None = None,
    last: int | None = None,
    keep_attrs: Collection[str] | None = None,
    stream_threshold: int = STREAM_THRESHOLD,
    chunk_size: int = CHUNK_SIZE,
) -> Iterator[Run | ReadError]:
    """Every run in `targets`, one at a time, and a `ReadError` for each input that fails.

    A target is a file, a folder (its ``*.json`` and ``*.jsonl`` files, sorted), or a run id
    (or a unique prefix of one) in `store` (by default the store at `default_path()`, when it
    exists). `last` adds the store's newest `last` runs.
    """
    handle = _StoreHandle(store)
    options: dict[str, Any] = {
        "keep_attrs": keep_attrs,
        "stream_threshold": stream_threshold,
        "chunk_size": chunk_size,
    }
    try:
        for target in targets:
            path = Path(target)
            name = str(target)
            if path.is_dir():
                files = folder_files(path)
                if not files:
                    yield ReadError(name, "no *.json or *.jsonl files in this folder")
                for file in files:
                    yield from _file_runs(file, options)
            elif path.exists() or isinstance(target, Path) or _looks_like_path(name):
                yield from _file_runs(target, options)  # named as given (./runs/a.json)
            else:
                yield from _store_runs(name, handle, keep_attrs)
        if last is not None:
            st = handle.get()
            if st is None:
                yield ReadError(f"--last {last}", handle.problem)
            else:
                for run_id in st.last(last):
                    yield from _store_runs(run_id, handle, keep_attrs, exact=True)
    finally:
        handle.close()


def _file_runs(path: str | Path, options: dict[str, Any]) -> Iterator[Run | ReadError]:
    try:
        yield from read_file(path, **options)
    except TraceFormatError as exc:
        yield ReadError(exc.source, exc.reason)


def _store_runs(
    target: str, handle: _StoreHandle, keep: Collection[str] | None, exact: bool = False
) -> Iterator[Run | ReadError]:
    st = handle.get()
    if st is None:
        yield ReadError(target, f"no such file or folder, and {handle.problem}")
        return
    matches = [target] if exact else st.find(target)
    if target in matches:
        matches = [target]
    if not matches:
        yield ReadError(target, f"no such file, folder or run id in the trace store {st.path}")
        return
    if len(matches) > 1:
        shown = ", ".join(matches[:3])
        yield ReadError(
            target, f"run id prefix matches {len(matches)} runs ({shown}, ...); type more of it"
        )
        return
    try:
        run = read_store_run(st, matches[0], keep_attrs=keep)
    except _Bad as exc:
        yield ReadError(f"store:{matches[0]}", str(exc))
        return
    if run is None:
        yield ReadError(target, f"the run is no longer in the trace store {st.path}")
    else:
        yield run
