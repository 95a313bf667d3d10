"""The trace store: runs and spans in a SQLite file (WAL), written off the event loop.

Where: `--store PATH`, else `$TETHER_TRACE_STORE`, else `$XDG_DATA_HOME/tether/traces.db`
(`~/.local/share/tether/traces.db`). A span is written when it starts and again when it ends,
by a writer thread that commits every batch at once: a process killed in mid-run leaves a file
that opens cleanly (WAL) with its unfinished spans still open, which the gate reports.

A run's receipt (`write_receipt`) and its task and conversation (`save_conversation`) are kept
beside its spans when it ends, so `tether run --resume RUN_ID` can continue it.

Retention: runs older than 7 days, and runs beyond the newest 200, are deleted when a store is
opened for writing and when it closes (configurable by argument, or by the environment variables
`TETHER_TRACE_RETENTION_DAYS` and `TETHER_TRACE_RETENTION_RUNS`). Schema changes are migrations that
register themselves in `MIGRATIONS`, applied in order by `PRAGMA user_version`.
"""

from __future__ import annotations

import json
import os
import queue
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from tether.errors import TraceStoreError, UsageError
from tether.trace.spans import Span

DEFAULT_RETENTION_DAYS = 7.0
DEFAULT_RETENTION_RUNS = 200
ENV_VAR = "TETHER_TRACE_STORE"

MIGRATIONS: list[str] = [
    """
    CREATE TABLE runs (
        run_id TEXT PRIMARY KEY, root_id TEXT, name TEXT,
        started_at REAL, ended_at REAL, status TEXT, attrs TEXT
    );
    CREATE TABLE spans (
        run_id TEXT NOT NULL, id TEXT NOT NULL, parent_id TEXT, kind TEXT, name TEXT,
        started_at REAL, ended_at REAL, status TEXT, attrs TEXT,
        PRIMARY KEY (run_id, id)
    );
    CREATE INDEX runs_started ON runs(started_at);
    """,
    # what a run needs to be resumed: its conversation and its receipt, as JSON, at its end
    """
    CREATE TABLE conversations (
        run_id TEXT PRIMARY KEY, task TEXT, messages TEXT, saved_at REAL
    );
    """,
    # What a run handed back (agent/receipt.py), written once its gate has run: the viewer
    # and `traces list` show the receipt's status, not only the root span's.
    # The verdict index: finding the runs that met a verdict among millions of spans.
    """
    CREATE TABLE receipts (run_id TEXT PRIMARY KEY, status TEXT, body TEXT) WITHOUT ROWID;
    CREATE INDEX spans_verdict ON spans(json_extract(attrs, '$."tether.verdict"'), run_id)
        WHERE kind = 'model';
    """,
]


def _env_number(name: str, default: float) -> float:
    raw = os.environ.get(name)
    if not raw:
        return default
    try:
        return float(raw)
    except ValueError:
        raise UsageError(
            f"{name}={raw!r} is not a number; unset it or give e.g. {default:g}"
        ) from None


def default_path() -> Path:
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "tether" / "traces.db"


def _read_only(path: Path) -> bool:
    """A store that exists on read-only media (or that this user cannot write): it is opened
    for reading, without the WAL switch and migrations that would write to it."""
    return path.exists() and not (
        os.access(path, os.W_OK) and os.access(path.parent, os.W_OK | os.X_OK)
    )


def _connect_read_only(path: Path) -> sqlite3.Connection:
    # `mode=ro` reads a WAL store whose -shm file can be made or exists; `immutable=1` reads
    # one in a folder nobody may write (it then assumes nothing else writes the file).
    last: sqlite3.Error | None = None
    for query in ("mode=ro", "mode=ro&immutable=1"):
        try:
            conn = sqlite3.connect(
                f"{path.resolve().as_uri()}?{query}",
                uri=True,
                isolation_level=None,
                check_same_thread=False,
            )
            version = conn.execute("PRAGMA user_version").fetchone()[0]
        except sqlite3.Error as exc:
            last = exc
            continue
        if version < len(MIGRATIONS):
            raise TraceStoreError(
                f"the trace store {path} is read-only and older than this tether; "
                "copy it somewhere writable and pass --store COPY"
            )
        return conn
    raise TraceStoreError(f"cannot read the trace store {path}: {last}; pass --store PATH")


def _connect(path: Path) -> sqlite3.Connection:
    if _read_only(path):
        return _connect_read_only(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(
            str(path), timeout=30.0, isolation_level=None, check_same_thread=False
        )
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA busy_timeout=30000")
    except (OSError, sqlite3.Error) as exc:
        raise TraceStoreError(
            f"cannot open the trace store {path}: {exc}; pass --store PATH or set {ENV_VAR}"
        ) from None
    try:
        _migrate(conn)
    except sqlite3.Error as exc:  # a full disk, a locked or damaged file: one line
        conn.close()
        raise TraceStoreError(
            f"cannot set up the trace store {path}: {exc}; free some space or pass --store PATH"
        ) from None
    return conn


def _migrate(conn: sqlite3.Connection) -> None:
    """Apply the migrations the file lacks, all in one transaction (each page of the new schema
    written once), reading the version again under the write lock (another process may have
    just applied them)."""
    if conn.execute("PRAGMA user_version").fetchone()[0] >= len(MIGRATIONS):
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        for sql in MIGRATIONS[version:]:
            for statement in sql.split(";"):  # DDL only: no `;` inside a statement
                if statement.strip():
                    conn.execute(statement)
        conn.execute(f"PRAGMA user_version={len(MIGRATIONS)}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


@dataclass(frozen=True, slots=True)
class RunInfo:
    run_id: str
    name: str
    started_at: float
    ended_at: float | None
    status: str | None
    attrs: dict[str, Any]
    span_count: int
    open_spans: int

    @property
    def duration_s(self) -> float | None:
        return None if self.ended_at is None else self.ended_at - self.started_at


@dataclass(frozen=True, slots=True)
class _Receipt:
    run_id: str
    body: dict[str, Any]


_FLUSH = object()
_STOP = object()


def _attrs_json(attrs: dict[str, Any]) -> bytes | str:
    """Attributes as JSON, whatever a provider put in them: orjson when it can (the usual
    path), else the standard library (integers past 64 bits, which orjson refuses), else a
    note of why not. A span's end is never lost to one of its attributes."""
    try:
        return orjson.dumps(attrs, default=str)
    except TypeError:
        pass
    try:
        return json.dumps(attrs, default=str)
    except (TypeError, ValueError, RecursionError) as exc:
        return orjson.dumps({"tether.attrs_unwritable": f"{type(exc).__name__}: {exc}"})


class TraceStore:
    """A SpanSink writing to SQLite from a background thread, and the reader of what it wrote."""

    def __init__(
        self,
        path: str | Path | None = None,
        *,
        retention_days: float | None = None,
        retention_runs: int | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        if retention_days is None:
            retention_days = _env_number("TETHER_TRACE_RETENTION_DAYS", DEFAULT_RETENTION_DAYS)
        if retention_runs is None:
            retention_runs = int(_env_number("TETHER_TRACE_RETENTION_RUNS", DEFAULT_RETENTION_RUNS))
        if retention_days <= 0 or retention_runs <= 0:
            raise UsageError("trace retention must keep at least some days and some runs")
        self.path = Path(path) if path is not None else default_path()
        self.retention_days = retention_days
        self.retention_runs = retention_runs
        self._clock = clock
        self._read = _connect(self.path)
        self._read_lock = threading.Lock()
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._writer: threading.Thread | None = None
        self._writer_lock = threading.Lock()
        # The last error the writer met (it never dies on one): readable, not swallowed.
        self.write_error: BaseException | None = None

    @property
    def write_problem(self) -> str | None:
        """Why spans were lost (a full disk, a read-only file), as a trace problem, or None:
        a run whose trace could not be stored is not complete."""
        if self.write_error is None:
            return None
        return f"trace_not_stored:{self.path}: {self.write_error}"

    # ------------------------------------------------------------ writing (SpanSink)

    def span_started(self, run_id: str, span: Span) -> None:
        self._write(run_id, span)

    def span_ended(self, run_id: str, span: Span) -> None:
        self._write(run_id, span)

    def _write(self, run_id: str, span: Span) -> None:
        """Queue the span's current state (an upsert): the hot path never touches SQLite."""
        if self._writer is None:
            self._ensure_writer()
        self._queue.put(
            (run_id, span.id, span.parent_id, span.kind, span.name,
             span.started_at, span.ended_at, span.status, span.attrs)
        )  # fmt: skip

    def write_receipt(self, run_id: str, receipt: dict[str, Any]) -> None:
        """Keep a run's receipt (its `to_json()`), queued behind the run's spans."""
        if self._writer is None:
            self._ensure_writer()
        self._queue.put(_Receipt(run_id, receipt))

    def write_trace(self, trace: dict[str, Any]) -> None:
        """Store a whole run given as run JSON (imports, tests)."""
        run_id = str(trace["run_id"])
        for raw in trace["spans"]:
            span = Span(
                raw["id"],
                raw.get("parent_id"),
                raw.get("kind", ""),
                raw.get("name", ""),
                raw.get("started_at") or 0.0,
                raw.get("ended_at"),
                raw.get("status"),
                raw.get("attrs") or {},
            )
            self.span_started(run_id, span)
            if span.ended_at is not None:
                self.span_ended(run_id, span)
        self.flush()

    def _ensure_writer(self) -> None:
        if self._writer is not None:
            return
        with self._writer_lock:
            if self._writer is None:
                self._prune_or_note()
                self._writer = threading.Thread(
                    target=self._write_loop, name="tether-trace-writer", daemon=True
                )
                self._writer.start()

    def _write_loop(self) -> None:
        conn: sqlite3.Connection | None = None
        try:
            conn = _connect(self.path)
        except UsageError as exc:  # recorded, and every waiter still released below
            self.write_error = exc
        try:
            while True:
                item = self._queue.get()
                batch = [item]
                while len(batch) < 5000:
                    try:
                        batch.append(self._queue.get_nowait())
                    except queue.Empty:
                        break
                waiters = [b for b in batch if isinstance(b, threading.Event)]
                ops = [b for b in batch if isinstance(b, tuple)]
                receipts = [b for b in batch if isinstance(b, _Receipt)]
                if (ops or receipts) and conn is not None:
                    try:
                        self._apply(conn, ops, receipts)
                    except Exception as exc:  # never die: the gate will show what is missing
                        self.write_error = exc
                for w in waiters:
                    w.set()
                if any(b is _STOP for b in batch):
                    return
        finally:
            if conn is not None:
                conn.close()

    @staticmethod
    def _apply(
        conn: sqlite3.Connection, ops: list[tuple[Any, ...]], receipts: Sequence[_Receipt] = ()
    ) -> None:
        """Write a batch: the last state of each span (a start and its end in one batch are
        one row), with executemany, in one transaction; then the receipts."""
        latest = {(op[0], op[1]): op for op in ops}
        rows = [
            (
                run_id,
                sid,
                parent,
                kind,
                name,
                started,
                ended,
                status,
                _attrs_json(attrs),
            )
            for run_id, sid, parent, kind, name, started, ended, status, attrs in latest.values()
        ]
        conn.execute("BEGIN")
        try:
            conn.executemany(
                "INSERT INTO spans VALUES (?,?,?,?,?,?,?,?,?) ON CONFLICT(run_id, id) "
                "DO UPDATE SET ended_at=excluded.ended_at, status=excluded.status, "
                "attrs=excluded.attrs",
                rows,
            )
            conn.executemany(  # the root of a run is also the run's own row
                "INSERT INTO runs VALUES (?,?,?,?,?,?,?) ON CONFLICT(run_id) "
                "DO UPDATE SET ended_at=excluded.ended_at, status=excluded.status, "
                "attrs=excluded.attrs",
                [(r[0], r[1], r[4], r[5], r[6], r[7], r[8]) for r in rows if r[2] is None],
            )
            conn.executemany(
                "INSERT OR REPLACE INTO receipts VALUES (?,?,?)",
                [(r.run_id, r.body.get("status"), _attrs_json(r.body)) for r in receipts],
            )
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:  # a failed COMMIT may have ended it already
                conn.execute("ROLLBACK")
            raise

    def flush(self, timeout: float = 30.0) -> None:
        """Wait until everything recorded so far is committed."""
        if self._writer is None:
            return
        done = threading.Event()
        self._queue.put(done)
        done.wait(timeout)

    def close(self) -> None:
        if self._writer is not None:
            self.flush()
            done = threading.Event()
            self._queue.put(_STOP)
            self._queue.put(done)
            self._writer.join(timeout=30)
            self._writer = None
            self._prune_or_note()
        self._read.close()

    def __enter__(self) -> TraceStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------ retention

    def _prune_or_note(self) -> None:
        """Retention when writing; a store that cannot be written is noted, never raised into
        the run that records to it."""
        try:
            self._prune(self._read)
        except sqlite3.Error as exc:
            self.write_error = self.write_error or exc

    def _prune(self, conn: sqlite3.Connection) -> None:
        cutoff = self._clock() - self.retention_days * 86400
        with self._read_lock:
            conn.execute("BEGIN IMMEDIATE")
            try:
                old = {
                    r[0]
                    for r in conn.execute("SELECT run_id FROM runs WHERE started_at < ?", (cutoff,))
                }
                old.update(
                    r[0]
                    for r in conn.execute(
                        "SELECT run_id FROM runs ORDER BY started_at DESC LIMIT -1 OFFSET ?",
                        (self.retention_runs,),
                    )
                )
                for run_id in old:
                    conn.execute("DELETE FROM spans WHERE run_id = ?", (run_id,))
                    conn.execute("DELETE FROM runs WHERE run_id = ?", (run_id,))
                    conn.execute("DELETE FROM conversations WHERE run_id = ?", (run_id,))
                    conn.execute("DELETE FROM receipts WHERE run_id = ?", (run_id,))
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise

    # ------------------------------------------------------------ reading

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        """The read connection, under its lock (for readers asking their own SQL: the viewer)."""
        with self._read_lock:
            try:
                yield self._read
            except sqlite3.DatabaseError as exc:  # a damaged file: one line, not a traceback
                raise TraceStoreError(
                    f"the trace store {self.path} cannot be read ({exc}); move it aside "
                    "(a new one is made) or pass --store PATH"
                ) from None

    def runs(self, limit: int = 50) -> list[RunInfo]:
        """The newest runs first."""
        with self.reading() as conn:
            rows = conn.execute(
                "SELECT r.run_id, r.name, r.started_at, r.ended_at, r.status, r.attrs, "
                "(SELECT COUNT(*) FROM spans s WHERE s.run_id = r.run_id), "
                "(SELECT COUNT(*) FROM spans s WHERE s.run_id = r.run_id AND s.ended_at IS NULL) "
                "FROM runs r ORDER BY r.started_at DESC LIMIT ?",
                (limit,),
            ).fetchall()
        return [
            RunInfo(r[0], r[1], r[2], r[3], r[4], orjson.loads(r[5] or "{}"), r[6], r[7])
            for r in rows
        ]

    def last(self, n: int) -> list[str]:
        return [r.run_id for r in self.runs(n)]

    def trace(self, run_id: str) -> dict[str, Any] | None:
        """A run as run JSON, or None when the store does not have it."""
        with self.reading() as conn:
            root = conn.execute("SELECT root_id FROM runs WHERE run_id = ?", (run_id,)).fetchone()
            rows = conn.execute(
                "SELECT id, parent_id, kind, name, started_at, ended_at, status, attrs "
                "FROM spans WHERE run_id = ? ORDER BY started_at, rowid",
                (run_id,),
            ).fetchall()
        if root is None and not rows:
            return None
        spans = [
            {
                "id": r[0],
                "parent_id": r[1],
                "kind": r[2],
                "name": r[3],
                "started_at": r[4],
                "ended_at": r[5],
                "status": r[6],
                "attrs": orjson.loads(r[7] or "{}"),
            }
            for r in rows
        ]
        return {"run_id": run_id, "root_id": root[0] if root else None, "spans": spans}

    def save_conversation(self, run_id: str, task: str, messages: list[dict[str, Any]]) -> None:
        """Keep what a resume needs besides the run's receipt (`write_receipt`): its task and
        conversation (JSON), replacing what was kept for it before. Written at once (a run
        ends rarely; the spans stay queued)."""
        try:
            with self.reading() as conn:
                conn.execute(
                    "INSERT OR REPLACE INTO conversations (run_id, task, messages, saved_at) "
                    "VALUES (?,?,?,?)",
                    (run_id, task, orjson.dumps(messages), self._clock()),
                )
        except (sqlite3.Error, TraceStoreError) as exc:  # the receipt still goes out
            self.write_error = self.write_error or exc

    def conversation(self, run_id: str) -> dict[str, Any] | None:
        """`{"task", "messages", "receipt"}` as a run left them, or None when they were not
        both kept (the receipt is the one `write_receipt` queued: flushed first)."""
        self.flush()
        with self.reading() as conn:
            row = conn.execute(
                "SELECT c.task, c.messages, r.body FROM conversations c "
                "JOIN receipts r USING (run_id) WHERE c.run_id = ?",
                (run_id,),
            ).fetchone()
        if row is None:
            return None
        return {"task": row[0], "messages": orjson.loads(row[1]), "receipt": orjson.loads(row[2])}

    def span_rows(self, run_id: str) -> list[tuple[Any, ...]]:
        """A run's spans as stored, attrs left as JSON text (a reader that passes them on
        need not parse a hundred thousand of them)."""
        with self.reading() as conn:
            return conn.execute(
                "SELECT id, parent_id, kind, name, started_at, ended_at, status, attrs "
                "FROM spans WHERE run_id = ? ORDER BY started_at, rowid",
                (run_id,),
            ).fetchall()

    def receipt(self, run_id: str) -> dict[str, Any] | None:
        """The receipt a run handed back, or None (still running, killed, or not an agent run)."""
        with self.reading() as conn:
            row = conn.execute("SELECT body FROM receipts WHERE run_id = ?", (run_id,)).fetchone()
        return None if row is None else dict(orjson.loads(row[0]))

    def find(self, prefix: str) -> list[str]:
        """Run ids starting with `prefix` (so a user can type a short id)."""
        with self.reading() as conn:
            rows = conn.execute(  # literal: `%` and `_` in a prefix are characters, not wildcards
                "SELECT run_id FROM runs WHERE substr(run_id, 1, length(?1)) = ?1 LIMIT 10",
                (prefix,),
            )
            return [r[0] for r in rows]
