"""Circuit breakers, one per candidate, with state shared through a store.

A breaker keeps calls away from a candidate that is failing or crawling, and lets exactly
one probe find out when it is back. Its truth is a `BreakerRecord` in a store, so every
caller that uses the same store (threads, processes, machines) sees the same breaker::

                   failure: open_s, or Retry-After clamped to max_open_s
                   slow_streak slow first bytes in a row: slow_open_s ("slow")
       ┌────────┐ ─────────────────────────────────────────────────────► ┌──────┐
       │ closed │                                                        │ open │ ◄─┐ a failure
       └────────┘ ◄──┐                                           ┌─────► └──────┘ ──┘ extends it
                     │ probe succeeds                            │           │
                     │ ("probe_ok")            probe fails       │           │ until passes:
                     │                         ("probe_failed")  │           │ reads as half_open
                 ┌───────────┐ ──────────────────────────────────┘           │
                 │ half_open │ ◄─────────────────────────────────────────────┘
                 └───────────┘   the first allow() claims the one probe slot ("probe");
                                 the others get False until the probe reports or
                                 probe_timeout_s passes (then the slot is free again)

Closed admits every call; open admits none. Transitions are the changes of the *stored*
state, found from the before/after records of one atomic update, so each is reported once
even when many processes race. The open -> half_open change is stored (and reported) when
the probe slot is claimed; until then an expired open record only *reads* as half_open.

Times are wall-clock seconds (the default `clock` is `time.time`) because the records are
shared between processes and machines; a record whose open period ends further away than the
policy ever sets (plus 5 minutes of skew between clocks) was written by a clock that disagrees
with this one, and ends now: a wall clock stepped back never keeps a candidate shut.

Stores: `MemoryStore` (one process), `SQLiteStore` (processes on one machine), `RedisStore`
(machines); `store_from_url` picks one by URL.
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol, get_args

import orjson

from tether.errors import ConfigError

if TYPE_CHECKING:
    import redis

log = logging.getLogger("tether.breaker")

State = Literal["closed", "open", "half_open"]

__all__ = [
    "Breaker",
    "BreakerPolicy",
    "BreakerRecord",
    "BreakerStore",
    "MemoryStore",
    "RedisStore",
    "SQLiteStore",
    "State",
    "Transition",
    "store_from_url",
]


# How far apart the clocks of processes sharing a store may be before a record's times are
# not believed (see Breaker._trusted).
CLOCK_SKEW_S = 300.0


@dataclass(frozen=True, slots=True)
class BreakerPolicy:
    """When a breaker opens and for how long (seconds)."""

    open_s: float = 60.0  # after a failure without Retry-After
    max_open_s: float = 600.0  # Retry-After is clamped to this
    slow_first_byte_s: float = 40.0  # a first byte at or past this is "slow"
    slow_streak: int = 2  # this many slow replies in a row open the breaker
    slow_open_s: float = 600.0  # ... for this long
    probe_timeout_s: float = 120.0  # a half-open probe that never reports frees its slot after this

    def __post_init__(self) -> None:
        """Refuse values that cannot work now, not at the first failure hours later."""
        for name in ("open_s", "max_open_s", "slow_first_byte_s", "slow_open_s", "probe_timeout_s"):
            value = getattr(self, name)
            # finite, too: an infinite `until` cannot be written as JSON.
            if not isinstance(value, int | float) or not math.isfinite(value) or value <= 0:
                raise ConfigError(
                    f"breaker policy {name}={value!r}: must be a positive number of seconds"
                )
        if not isinstance(self.slow_streak, int) or self.slow_streak < 1:
            raise ConfigError(
                f"breaker policy slow_streak={self.slow_streak!r}: must be a whole number >= 1"
            )

    @property
    def longest_open_s(self) -> float:
        """No record this policy writes stays open longer: one that says so was written by a
        clock that disagrees with this one (stepped back, or another machine's)."""
        return max(self.open_s, self.slow_open_s, self.max_open_s)

    def open_for(self, retry_after: float | None) -> float:
        """How long a failure opens the breaker: the Retry-After if given, clamped."""
        if retry_after is None or math.isnan(retry_after):
            return self.open_s
        return min(max(retry_after, 0.0), self.max_open_s)


@dataclass(frozen=True, slots=True)
class BreakerRecord:
    """What a store keeps per key (the stored truth; `state` is derived with the clock)."""

    state: State = "closed"
    until: float = 0.0  # when an open breaker becomes half-open (wall clock)
    failures: int = 0  # consecutive failures
    slow: int = 0  # consecutive slow first bytes
    probe_until: float = 0.0  # a half-open probe is in flight until then
    reason: str = ""

    def state_at(self, now: float) -> State:
        """The state a caller sees at `now`: an open record past its `until` reads half_open."""
        if self.state == "open" and now >= self.until:
            return "half_open"
        return self.state


@dataclass(frozen=True, slots=True)
class Transition:
    """One change of a breaker's stored state (what callers record as a span).

    `until` is when the new state ends by itself: the end of `open`, or of the probe slot for
    `half_open`; None for `closed`. `detail` is the failure behind a "probe_failed".
    """

    key: str
    old: State
    new: State
    reason: str
    until: float | None
    at: float
    detail: str = ""


class BreakerStore(Protocol):
    def get(self, key: str) -> BreakerRecord: ...

    def update(self, key: str, change: Callable[[BreakerRecord], BreakerRecord]) -> BreakerRecord:
        """Atomically read, change and write the record of `key`; returns the new record.

        `change` must be pure: a store may call it again when it retries (the last call is
        the one written).
        """
        ...


_STATES: frozenset[str] = frozenset(get_args(State))


def _encode(record: BreakerRecord) -> str:
    return orjson.dumps(asdict(record)).decode()


def _decode(raw: bytes | str | None) -> BreakerRecord:
    """Read a stored record; an unreadable one reads as closed (fail open, rewritten later)."""
    if raw is None:
        return BreakerRecord()
    try:
        data = orjson.loads(raw)
        state = data.get("state", "closed")
        return BreakerRecord(
            state=state if state in _STATES else "closed",
            until=float(data.get("until", 0.0)),
            failures=int(data.get("failures", 0)),
            slow=int(data.get("slow", 0)),
            probe_until=float(data.get("probe_until", 0.0)),
            reason=str(data.get("reason", "")),
        )
    except (orjson.JSONDecodeError, AttributeError, TypeError, ValueError):
        return BreakerRecord()


class MemoryStore:
    """Records in a dict behind a lock: share one instance among the callers of a process."""

    def __init__(self) -> None:
        self._records: dict[str, BreakerRecord] = {}
        self._lock = threading.Lock()

    def get(self, key: str) -> BreakerRecord:
        with self._lock:
            return self._records.get(key, BreakerRecord())

    def update(self, key: str, change: Callable[[BreakerRecord], BreakerRecord]) -> BreakerRecord:
        with self._lock:
            new = change(self._records.get(key, BreakerRecord()))
            self._records[key] = new
            return new


class SQLiteStore:
    """One table in a SQLite file (WAL): processes on one machine share the breakers.

    Each update is a `BEGIN IMMEDIATE` read-modify-write, so the write lock is taken before
    the read and two processes can never both claim a probe. Threads of one process share
    one connection behind a lock; a forked child opens its own. Opening may wait `timeout_s`
    for the file; a read or an update waits at most `lock_wait_s` for another writer's lock
    (breakers are read and written on the event loop: a file held locked by a stuck process
    must not stall every stream, and the `FallbackStore` goes on in memory meanwhile).
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        timeout_s: float = 10.0,
        lock_wait_s: float = 0.5,
    ) -> None:
        self.path = Path(path).expanduser()
        self._timeout_s = timeout_s
        self._lock_wait_s = lock_wait_s
        self._lock = threading.Lock()
        self._conn: sqlite3.Connection | None = None
        self._pid = 0
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self._lock:
                self._connection()
        except (OSError, sqlite3.Error) as exc:
            raise ConfigError(
                f"breaker store {str(self.path)!r}: cannot open it ({exc}); give a writable path"
            ) from exc

    def _connection(self) -> sqlite3.Connection:
        """The connection of this process (opened, and the table made, on first use)."""
        if self._conn is not None and self._pid == os.getpid():
            return self._conn
        conn = sqlite3.connect(
            self.path, timeout=self._timeout_s, isolation_level=None, check_same_thread=False
        )
        conn.execute(f"PRAGMA busy_timeout = {int(self._timeout_s * 1000)}")
        # Switching to WAL can report "locked" without waiting while another process switches.
        deadline = time.monotonic() + self._timeout_s
        while True:
            try:
                conn.execute("PRAGMA journal_mode = WAL").fetchone()
                break
            except sqlite3.OperationalError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.01)
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute(
            "CREATE TABLE IF NOT EXISTS breakers ("
            "key TEXT PRIMARY KEY, record TEXT NOT NULL, updated_at REAL NOT NULL)"
        )
        conn.execute(f"PRAGMA busy_timeout = {int(self._lock_wait_s * 1000)}")
        self._conn, self._pid = conn, os.getpid()
        return conn

    def get(self, key: str) -> BreakerRecord:
        with self._lock:
            row = (
                self._connection()
                .execute("SELECT record FROM breakers WHERE key = ?", (key,))
                .fetchone()
            )
        return _decode(row[0] if row else None)

    def update(self, key: str, change: Callable[[BreakerRecord], BreakerRecord]) -> BreakerRecord:
        with self._lock:
            conn = self._connection()
            conn.execute("BEGIN IMMEDIATE")
            try:
                row = conn.execute("SELECT record FROM breakers WHERE key = ?", (key,)).fetchone()
                old = _decode(row[0] if row else None)
                new = change(old)
                if new != old:
                    conn.execute(
                        "INSERT INTO breakers (key, record, updated_at) VALUES (?, ?, ?) "
                        "ON CONFLICT (key) DO UPDATE SET "
                        "record = excluded.record, updated_at = excluded.updated_at",
                        (key, _encode(new), time.time()),
                    )
                conn.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
                raise
            return new

    def close(self) -> None:
        with self._lock:
            if self._conn is not None and self._pid == os.getpid():
                self._conn.close()
            self._conn = None


class RedisStore:
    """One JSON string per key in Redis: machines share the breakers.

    Updates are optimistic: WATCH the key, read, MULTI/EXEC the write, and start again when
    another client changed the key in between.
    """

    def __init__(
        self, url: str = "redis://127.0.0.1:6379/0", prefix: str = "tether:breaker:"
    ) -> None:
        try:
            import redis
        except ImportError as exc:
            raise ConfigError(
                f"breaker store {url!r} needs the redis client: pip install 'tether[redis]'"
            ) from exc
        try:
            self._client: redis.Redis = redis.Redis.from_url(url)
        except ValueError as exc:
            raise ConfigError(f"breaker store {url!r}: {exc}; use redis://host:port/db") from exc
        self._watch_error: type[Exception] = redis.WatchError
        self.url = url
        self.prefix = prefix
        try:  # now, not at the first failure: a wrong address is a usage error up front
            self._client.ping()
        except redis.RedisError as exc:
            raise ConfigError(
                f"breaker store {url!r} cannot be reached ({exc}); start the Redis server, "
                "or use sqlite:///PATH.db (shared by the processes of one machine) or memory"
            ) from None

    def get(self, key: str) -> BreakerRecord:
        raw: Any = self._client.get(self.prefix + key)
        return _decode(raw)

    def update(self, key: str, change: Callable[[BreakerRecord], BreakerRecord]) -> BreakerRecord:
        name = self.prefix + key
        with self._client.pipeline() as pipe:
            while True:
                try:
                    pipe.watch(name)  # type: ignore[no-untyped-call]  # redis-py leaves it untyped
                    raw: Any = pipe.get(name)
                    old = _decode(raw)
                    new = change(old)
                    if new == old:
                        pipe.unwatch()
                        return new
                    pipe.multi()
                    pipe.set(name, _encode(new))
                    pipe.execute()
                    return new
                except self._watch_error:
                    continue

    def close(self) -> None:
        self._client.close()


_URL_FORMS = "'memory', 'sqlite:///path/to/file.db', 'sqlite:relative.db' or 'redis://host:port/db'"


def store_from_url(url: str) -> BreakerStore:
    """The store a configuration names: memory, a SQLite file, or a Redis server."""
    text = url.strip()
    if text in ("memory", "memory://", "memory:"):
        return MemoryStore()
    if text.startswith("sqlite:"):
        path = text[len("sqlite:") :]
        if path.startswith("//"):
            if not path.startswith("///"):
                raise ConfigError(
                    f"breaker store {url!r}: a sqlite URL has no host; "
                    "use sqlite:///absolute/path.db or sqlite:relative.db"
                )
            path = path[2:]
        if not path:
            raise ConfigError(f"breaker store {url!r}: no file path; use {_URL_FORMS}")
        return SQLiteStore(path)
    if text.startswith(("redis://", "rediss://", "unix://")):
        return RedisStore(text)
    raise ConfigError(f"unknown breaker store {url!r}: use {_URL_FORMS}")


class FallbackStore:
    """A shared store (SQLite, Redis) with in-process breakers behind it: a store is advice.

    While the store fails (Redis gone, a locked or full SQLite file), every breaker goes on
    from its last record in this process's memory (failures still open it), `on_change` is told
    once when the store fails and once when it answers again, and the store is tried again at
    most every `retry_s` seconds, so calls do not each wait for a dead server or a lock.
    """

    def __init__(
        self,
        store: BreakerStore,
        on_change: Callable[[str], None] | None = None,
        retry_s: float = 5.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        self.memory = MemoryStore()
        self.on_change = on_change
        self.retry_s = retry_s
        self._clock = clock
        self.failing_since: float | None = None
        self._next_try = 0.0

    def _usable(self) -> bool:
        return self.failing_since is None or self._clock() >= self._next_try

    def _failed(self, exc: Exception) -> None:
        now = self._clock()
        self._next_try = now + self.retry_s
        if self.failing_since is not None:
            return
        self.failing_since = now
        self._say(
            f"breaker store failed ({type(exc).__name__}: {exc}); the breakers go on in this "
            f"process and the store is tried again every {self.retry_s:g}s"
        )

    def _answered(self, key: str, record: BreakerRecord) -> BreakerRecord:
        self.memory.update(key, lambda _: record)
        if self.failing_since is not None:
            self.failing_since = None
            self._say("breaker store answers again; the breakers are shared through it again")
        return record

    def _say(self, message: str) -> None:
        log.warning(message)
        if self.on_change is not None:
            self.on_change(message)

    def get(self, key: str) -> BreakerRecord:
        if self._usable():
            try:
                return self._answered(key, self.store.get(key))
            except Exception as exc:
                self._failed(exc)
        return self.memory.get(key)

    def update(self, key: str, change: Callable[[BreakerRecord], BreakerRecord]) -> BreakerRecord:
        if self._usable():
            try:
                return self._answered(key, self.store.update(key, change))
            except Exception as exc:
                self._failed(exc)
        return self.memory.update(key, change)


def advised(store: BreakerStore) -> MemoryStore | FallbackStore:
    """`store` as breakers use it: a shared store (SQLite, Redis) is advice, with this
    process's memory behind it (`FallbackStore`), so a store that fails never stops a call."""
    if isinstance(store, MemoryStore | FallbackStore):
        return store
    return FallbackStore(store)


class Breaker:
    """State machine: closed -> open (failure or slowness) -> half_open (time) -> closed / open.

    The object holds no state of its own: any number of `Breaker`s with the same key and
    store (in any thread or process) are the same breaker.
    """

    def __init__(
        self,
        key: str,
        store: BreakerStore | None = None,
        policy: BreakerPolicy | None = None,
        clock: Callable[[], float] = time.time,
        on_transition: Callable[[Transition], None] | None = None,
    ) -> None:
        if not key:
            raise ConfigError("breaker key is empty: give the candidate's provider|model|url")
        self.key = key
        self.store = advised(store) if store is not None else MemoryStore()
        self.policy = policy if policy is not None else BreakerPolicy()
        self.clock = clock
        self.on_transition = on_transition

    def _get(self) -> BreakerRecord:
        return self._trusted(self.store.get(self.key), self.clock())

    def _trusted(self, record: BreakerRecord, now: float) -> BreakerRecord:
        """The record as this clock may believe it: an open period or a probe slot that ends
        further away than the policy ever sets, beyond the clock skew tolerated between
        processes (the wall clock stepped back an hour), ends now, so a probe goes out instead
        of the candidate staying shut for the hour."""
        if (
            record.state == "open"
            and record.until - now > self.policy.longest_open_s + CLOCK_SKEW_S
        ):
            return replace(record, until=now)
        horizon = self.policy.probe_timeout_s + CLOCK_SKEW_S
        if record.state == "half_open" and record.probe_until - now > horizon:
            return replace(record, probe_until=now)
        return record

    @property
    def state(self) -> State:
        return self._get().state_at(self.clock())

    @property
    def record(self) -> BreakerRecord:
        """The stored record (for reports and tests)."""
        return self._get()

    def allow(self) -> bool:
        """May a call go to this candidate now? In half_open only the one probe may."""
        now = self.clock()
        seen = self._get()
        if seen.state == "closed":
            return True
        if seen.state == "open" and now < seen.until:
            return False
        if seen.state == "half_open" and now < seen.probe_until:
            return False
        claimed = False

        def claim(stored: BreakerRecord) -> BreakerRecord:
            nonlocal claimed
            claimed = False
            record = self._trusted(stored, now)
            if record.state == "closed":
                return record
            if record.state == "open" and now < record.until:
                return stored
            if record.state == "half_open" and now < record.probe_until:
                return stored
            claimed = True
            return BreakerRecord(
                state="half_open",
                until=record.until,
                failures=record.failures,
                slow=record.slow,
                probe_until=now + self.policy.probe_timeout_s,
                reason="probe",
            )

        # A record that closed meanwhile admits the call too.
        after = self._update(now, claim)
        return claimed or after.state == "closed"

    def record_success(self, first_byte_s: float | None = None) -> None:
        """A call answered; a slow first byte counts toward the slow streak.

        Only the probe's report closes a half-open breaker; a success that lands while the
        breaker is open (a call started before it opened) changes nothing.
        """
        now = self.clock()
        slow_reply = first_byte_s is not None and first_byte_s >= self.policy.slow_first_byte_s

        def change(record: BreakerRecord) -> BreakerRecord:
            if record.state == "open":
                return record
            slow = record.slow + 1 if slow_reply else 0
            if slow >= self.policy.slow_streak:
                return BreakerRecord(
                    state="open",
                    until=now + self.policy.slow_open_s,
                    failures=0,
                    slow=0,
                    reason="slow",
                )
            if record.state == "half_open":
                return BreakerRecord(state="closed", slow=slow, reason="probe_ok")
            return BreakerRecord(state="closed", slow=slow, reason=record.reason)

        # The common case (closed, fast, nothing to reset) needs no write lock.
        seen = self._get()
        if seen.state == "closed" and change(seen) == seen:
            return
        self._update(now, change)

    def record_wait(self, waited_s: float) -> None:
        """A call given up before its first byte (a hedge answered first) after `waited_s`: a
        wait already at the slow limit counts toward the slow streak, as a slow first byte
        would; a shorter one proves nothing. It never closes a breaker."""
        if waited_s < self.policy.slow_first_byte_s:
            return
        now = self.clock()

        def change(record: BreakerRecord) -> BreakerRecord:
            if record.state != "closed":
                return record
            if record.slow + 1 >= self.policy.slow_streak:
                return BreakerRecord(
                    state="open", until=now + self.policy.slow_open_s, reason="slow"
                )
            return BreakerRecord(
                state="closed", failures=record.failures, slow=record.slow + 1,
                reason=record.reason,
            )  # fmt: skip

        self._update(now, change)

    def record_failure(self, reason: str, retry_after: float | None = None) -> None:
        """A call failed (`reason` like "http_429", "timeout", "bad_turn:gateway"): open.

        It opens for `open_s`, or the Retry-After clamped to `max_open_s`; while open, a
        fresh failure only ever extends the time.
        """
        now = self.clock()
        duration = self.policy.open_for(retry_after)

        def change(record: BreakerRecord) -> BreakerRecord:
            until = now + duration
            if record.state == "open":
                until = max(until, record.until)
            return BreakerRecord(
                state="open",
                until=until,
                failures=record.failures + 1,
                slow=0,
                reason=reason,
            )

        self._update(now, change)

    def _update(
        self, now: float, change: Callable[[BreakerRecord], BreakerRecord]
    ) -> BreakerRecord:
        """Apply `change` atomically and report the transition it made, if any."""
        before: BreakerRecord | None = None

        def tracked(record: BreakerRecord) -> BreakerRecord:
            nonlocal before
            before = record
            return change(record)

        after = self.store.update(self.key, tracked)
        if before is not None and before.state != after.state and self.on_transition:
            self.on_transition(self._transition(before, after, now))
        return after

    def _transition(self, before: BreakerRecord, after: BreakerRecord, at: float) -> Transition:
        reason, detail = after.reason, ""
        if before.state == "half_open" and after.state == "open" and after.reason != "slow":
            reason, detail = "probe_failed", after.reason
        until: float | None = None
        if after.state == "open":
            until = after.until
        elif after.state == "half_open":
            until = after.probe_until
        return Transition(self.key, before.state, after.state, reason, until, at, detail)
