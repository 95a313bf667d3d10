"""Circuit breakers: the state machine, once per store, and state shared across processes."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
import threading
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import anyio
import orjson
import pytest

from tests.helpers import StandFactory
from tests.reliability.helpers import T0, FakeClock, free_port, start_redis
from tether.errors import ConfigError
from tether.messages import Message, Request
from tether.providers import OpenAIProvider
from tether.reliability.breaker import (
    Breaker,
    BreakerPolicy,
    BreakerStore,
    FallbackStore,
    MemoryStore,
    RedisStore,
    SQLiteStore,
    Transition,
    store_from_url,
)
from tether.reliability.chain import Chain, Notice

KEY = "openai|sim-large|http://127.0.0.1:8765/v1"


@dataclass
class Backend:
    """One kind of store: `make()` opens another handle on the SAME shared state."""

    name: str
    make: Callable[[], BreakerStore]
    child_expr: str = ""  # how a child process opens the same store


@pytest.fixture(params=["memory", "sqlite", "redis"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    if request.param == "memory":
        shared = MemoryStore()
        return Backend("memory", lambda: shared)
    if request.param == "sqlite":
        path = tmp_path / "state" / "breakers.db"
        return Backend("sqlite", lambda: SQLiteStore(path), f"SQLiteStore({str(path)!r})")
    url: str = request.getfixturevalue("redis_url")
    prefix = f"test:{uuid.uuid4().hex}:"
    return Backend(
        "redis", lambda: RedisStore(url, prefix=prefix), f"RedisStore({url!r}, prefix={prefix!r})"
    )


@pytest.fixture(params=["sqlite", "redis"])
def shared_backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    """The stores that reach across processes."""
    if request.param == "sqlite":
        path = tmp_path / "breakers.db"
        return Backend("sqlite", lambda: SQLiteStore(path), f"SQLiteStore({str(path)!r})")
    url: str = request.getfixturevalue("redis_url")
    prefix = f"test:{uuid.uuid4().hex}:"
    return Backend(
        "redis", lambda: RedisStore(url, prefix=prefix), f"RedisStore({url!r}, prefix={prefix!r})"
    )


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def seen() -> list[Transition]:
    return []


@pytest.fixture
def breaker(backend: Backend, clock: FakeClock, seen: list[Transition]) -> Breaker:
    return Breaker(KEY, backend.make(), clock=clock, on_transition=seen.append)


def test_a_failure_opens_it_for_60_s(breaker: Breaker, clock: FakeClock) -> None:
    assert breaker.state == "closed"
    assert breaker.allow()
    breaker.record_failure("http_503")
    assert breaker.state == "open"
    assert breaker.record.until == T0 + 60
    assert breaker.record.reason == "http_503"
    assert not breaker.allow()
    clock.advance(59.9)
    assert breaker.state == "open"
    assert not breaker.allow()


def test_a_wall_clock_stepped_back_does_not_keep_it_open(
    breaker: Breaker, clock: FakeClock, seen: list[Transition]
) -> None:
    """NTP steps the clock back an hour while a 60 s breaker is open: the record now ends
    3,660 s away, further than the policy ever sets, so it ends and one probe goes out."""
    breaker.record_failure("http_503")
    clock.advance(-3600)
    assert breaker.state == "half_open"
    assert breaker.allow()  # the probe
    assert not breaker.allow()  # only one
    breaker.record_success()
    assert breaker.state == "closed"
    assert [(t.old, t.new) for t in seen] == [
        ("closed", "open"),
        ("open", "half_open"),
        ("half_open", "closed"),
    ]


@pytest.mark.parametrize(("retry_after", "open_for"), [(5.0, 5.0), (3600.0, 600.0), (-3.0, 0.0)])
def test_retry_after_is_honoured_and_clamped(
    breaker: Breaker, clock: FakeClock, retry_after: float, open_for: float
) -> None:
    breaker.record_failure("http_429", retry_after=retry_after)
    assert breaker.record.until == T0 + open_for
    clock.advance(open_for)
    assert breaker.state == "half_open"


def test_a_fresh_failure_while_open_extends_never_shortens(
    breaker: Breaker, clock: FakeClock, seen: list[Transition]
) -> None:
    breaker.record_failure("http_503")
    clock.advance(30)
    breaker.record_failure("timeout")
    assert breaker.record.until == T0 + 90
    clock.advance(10)
    breaker.record_failure("http_429", retry_after=1)
    assert breaker.record.until == T0 + 90
    assert breaker.record.failures == 3
    assert [(t.old, t.new) for t in seen] == [("closed", "open")]


def test_half_open_after_the_period_admits_one_probe(breaker: Breaker, clock: FakeClock) -> None:
    breaker.record_failure("http_503")
    clock.advance(60)
    assert breaker.state == "half_open"
    assert breaker.allow()
    assert not breaker.allow()
    assert not breaker.allow()
    assert breaker.state == "half_open"


def test_exactly_one_probe_among_concurrent_callers(
    backend: Backend, clock: FakeClock, seen: list[Transition]
) -> None:
    Breaker(KEY, backend.make(), clock=clock).record_failure("http_503")
    clock.advance(61)
    callers = [
        Breaker(KEY, backend.make(), clock=clock, on_transition=seen.append) for _ in range(12)
    ]
    start = threading.Barrier(len(callers))
    results: list[bool] = []

    def call(b: Breaker) -> None:
        start.wait(timeout=5)
        results.append(b.allow())

    threads = [threading.Thread(target=call, args=(b,)) for b in callers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=5)
    assert sorted(results) == [False] * 11 + [True]
    assert [(t.old, t.new, t.reason) for t in seen] == [("open", "half_open", "probe")]


def test_probe_success_closes(breaker: Breaker, clock: FakeClock, seen: list[Transition]) -> None:
    breaker.record_failure("http_503")
    clock.advance(60)
    assert breaker.allow()
    breaker.record_success(first_byte_s=0.5)
    assert breaker.state == "closed"
    assert breaker.allow()
    assert breaker.allow()
    last = seen[-1]
    assert (last.old, last.new, last.reason, last.until) == (
        "half_open",
        "closed",
        "probe_ok",
        None,
    )


def test_probe_failure_reopens_for_the_failures_duration(
    breaker: Breaker, clock: FakeClock, seen: list[Transition]
) -> None:
    breaker.record_failure("http_503")
    clock.advance(60)
    assert breaker.allow()
    breaker.record_failure("timeout", retry_after=30)
    assert breaker.state == "open"
    assert breaker.record.until == clock.now + 30
    assert not breaker.allow()
    last = seen[-1]
    assert (last.old, last.new, last.reason, last.detail) == (
        "half_open",
        "open",
        "probe_failed",
        "timeout",
    )
    assert last.until == clock.now + 30


def test_an_abandoned_probe_frees_its_slot_after_probe_timeout(
    backend: Backend, clock: FakeClock, seen: list[Transition]
) -> None:
    policy = BreakerPolicy(probe_timeout_s=120)
    breaker = Breaker(KEY, backend.make(), policy, clock, seen.append)
    breaker.record_failure("http_503")
    clock.advance(60)
    assert breaker.allow()
    clock.advance(119.9)
    assert not breaker.allow()
    clock.advance(0.1)
    assert breaker.allow()
    assert not breaker.allow()
    assert [t.reason for t in seen] == ["http_503", "probe"]


def test_a_success_while_open_changes_nothing(breaker: Breaker, clock: FakeClock) -> None:
    breaker.record_failure("http_503")
    breaker.record_success(first_byte_s=0.1)
    assert breaker.state == "open"
    clock.advance(60)
    breaker.record_success(first_byte_s=0.1)
    assert breaker.state == "half_open"


def test_two_slow_first_bytes_in_a_row_open_it_for_600_s(
    breaker: Breaker, clock: FakeClock, seen: list[Transition]
) -> None:
    breaker.record_success(first_byte_s=40.0)  # at the limit counts as slow
    assert breaker.state == "closed"
    assert breaker.record.slow == 1
    breaker.record_success(first_byte_s=55.0)
    assert breaker.state == "open"
    assert breaker.record.until == T0 + 600
    assert [(t.old, t.new, t.reason, t.until) for t in seen] == [
        ("closed", "open", "slow", T0 + 600)
    ]
    clock.advance(599)
    assert not breaker.allow()


def test_slow_fast_slow_does_not_open(breaker: Breaker, seen: list[Transition]) -> None:
    breaker.record_success(first_byte_s=41.0)
    breaker.record_success(first_byte_s=2.0)
    breaker.record_success(first_byte_s=41.0)
    breaker.record_success()  # no first byte measured: not slow
    breaker.record_success(first_byte_s=41.0)
    assert breaker.state == "closed"
    assert breaker.record.slow == 1
    assert seen == []


def test_transitions_are_reported_once_each_with_reasons(
    backend: Backend, clock: FakeClock, seen: list[Transition]
) -> None:
    one = Breaker(KEY, backend.make(), clock=clock, on_transition=seen.append)
    two = Breaker(KEY, backend.make(), clock=clock, on_transition=seen.append)
    one.record_failure("http_429", retry_after=10)
    two.record_failure("http_503")  # extends; no transition
    clock.advance(60)
    assert [one.allow(), two.allow(), one.allow()] == [True, False, False]
    two.record_failure("bad_turn:gateway")
    clock.advance(60)
    assert two.allow()
    one.record_success(first_byte_s=1.0)
    one.record_success(first_byte_s=1.0)
    two.record_success(first_byte_s=50.0)
    one.record_success(first_byte_s=50.0)
    got = [(t.key, t.old, t.new, t.reason, t.at) for t in seen]
    assert got == [
        (KEY, "closed", "open", "http_429", T0),
        (KEY, "open", "half_open", "probe", T0 + 60),
        (KEY, "half_open", "open", "probe_failed", T0 + 60),
        (KEY, "open", "half_open", "probe", T0 + 120),
        (KEY, "half_open", "closed", "probe_ok", T0 + 120),
        (KEY, "closed", "open", "slow", T0 + 120),
    ]
    assert seen[2].detail == "bad_turn:gateway"


def test_two_breakers_with_one_key_are_one_breaker(backend: Backend, clock: FakeClock) -> None:
    first = Breaker(KEY, backend.make(), clock=clock)
    second = Breaker(KEY, backend.make(), clock=clock)
    other = Breaker("anthropic|sim|http://127.0.0.1:1/v1", backend.make(), clock=clock)
    first.record_failure("http_503")
    assert second.state == "open"
    assert not second.allow()
    assert other.state == "closed"
    clock.advance(60)
    assert second.allow()
    assert not first.allow()
    first.record_success()
    assert second.state == "closed"


def _child(backend: Backend, body: str) -> str:
    return (
        "import sys\n"
        "from tether.reliability.breaker import Breaker, RedisStore, SQLiteStore\n"
        f"breaker = Breaker({KEY!r}, {backend.child_expr}, clock=lambda: {T0!r})\n" + body
    )


@pytest.mark.timeout(10)
def test_a_failure_in_another_process_opens_it_here(
    shared_backend: Backend, clock: FakeClock
) -> None:
    here = Breaker(KEY, shared_backend.make(), clock=clock)
    assert here.state == "closed"
    code = _child(shared_backend, "breaker.record_failure('http_429', retry_after=120)\n")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=8)
    assert here.state == "open"
    assert here.record.until == T0 + 120
    assert here.record.reason == "http_429"
    assert not here.allow()


@pytest.mark.timeout(10)
def test_two_processes_race_for_one_probe(shared_backend: Backend, clock: FakeClock) -> None:
    here = Breaker(KEY, shared_backend.make(), clock=clock)
    here.record_failure("http_503")
    clock.advance(60)
    code = _child(
        shared_backend,
        "breaker.state\nprint('ready', flush=True)\nsys.stdin.readline()\n"
        "print(breaker.allow(), flush=True)\n",
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout is not None and proc.stdin is not None
        assert proc.stdout.readline().strip() == "ready"
        proc.stdin.write("go\n")
        proc.stdin.flush()
        mine = here.allow()
        theirs = proc.communicate(timeout=8)[0].strip()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0
    assert theirs in ("True", "False")
    assert [mine, theirs == "True"].count(True) == 1
    assert not here.allow()


def test_store_from_url_picks_each_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, redis_url: str
) -> None:
    assert isinstance(store_from_url("memory"), MemoryStore)
    absolute = store_from_url(f"sqlite://{tmp_path}/abs/breakers.db")
    assert isinstance(absolute, SQLiteStore)
    assert absolute.path == tmp_path / "abs" / "breakers.db"
    assert absolute.path.exists()
    monkeypatch.chdir(tmp_path)
    relative = store_from_url("sqlite:rel/breakers.db")
    assert isinstance(relative, SQLiteStore)
    assert (tmp_path / "rel" / "breakers.db").exists()
    assert isinstance(store_from_url(redis_url), RedisStore)
    # an address where no Redis answers is a usage error at once, not at the first failure
    with pytest.raises(ConfigError, match=r"cannot be reached.*start the Redis server"):
        store_from_url("redis://127.0.0.1:1/0")


@pytest.mark.parametrize("url", ["ftp://x", "", "sqlite:", "sqlite://host/x.db", "postgres://db"])
def test_store_from_url_refuses_unknown_forms(url: str) -> None:
    with pytest.raises(ConfigError, match="sqlite"):
        store_from_url(url)


def test_redis_without_the_client_names_the_fix(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "redis", None)
    with pytest.raises(ConfigError, match=r"pip install 'tether\[redis\]'"):
        store_from_url("redis://127.0.0.1:6379/0")


def test_sqlite_store_on_an_unusable_path_is_a_config_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(ConfigError, match="writable path"):
        SQLiteStore(blocker / "breakers.db")


@pytest.mark.parametrize(
    "bad",
    [
        {"open_s": 0},
        {"open_s": -1},
        {"max_open_s": float("nan")},
        {"slow_open_s": float("inf")},
        {"slow_first_byte_s": -40},
        {"probe_timeout_s": 0},
        {"slow_streak": 0},
        {"slow_streak": 1.5},
    ],
)
def test_bad_policies_are_config_errors(bad: dict[str, float]) -> None:
    with pytest.raises(ConfigError, match=next(iter(bad))):
        BreakerPolicy(**bad)  # type: ignore[arg-type]


def test_an_empty_key_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="key"):
        Breaker("")


def test_sqlite_records_are_readable_json(tmp_path: Path, clock: FakeClock) -> None:
    path = tmp_path / "breakers.db"
    Breaker(KEY, SQLiteStore(path), clock=clock).record_failure("http_503")
    with sqlite3.connect(path) as conn:
        (raw,) = conn.execute("SELECT record FROM breakers WHERE key = ?", (KEY,)).fetchone()
    assert orjson.loads(raw) == {
        "state": "open",
        "until": T0 + 60,
        "failures": 1,
        "slow": 0,
        "probe_until": 0.0,
        "reason": "http_503",
    }


def test_an_unreadable_record_reads_as_closed(tmp_path: Path) -> None:
    path = tmp_path / "breakers.db"
    store = SQLiteStore(path)
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO breakers VALUES (?, ?, 0)", (KEY, "{not json"))
    breaker = Breaker(KEY, store)
    assert breaker.state == "closed"
    breaker.record_failure("timeout")
    assert breaker.state == "open"


def test_a_breaker_of_its_own_whose_store_is_down_still_opens_in_memory(tmp_path: Path) -> None:
    """A breaker built directly on a shared store (no chain around it) follows the same rule
    as the chain's: the store is advice. Before, a store that failed made it read closed and
    record nothing, so failures never opened it. The store fails here as a real SQLite file
    does when another process holds its write lock."""
    path = tmp_path / "breakers.db"
    breaker = Breaker(KEY, store_from_url(f"sqlite:{path}"))
    holder = subprocess.Popen(
        [sys.executable, "-c", (
            "import sqlite3, sys, time\n"
            f"c = sqlite3.connect({str(path)!r}, isolation_level=None)\n"
            "c.execute('BEGIN IMMEDIATE')\n"
            "print('locked', flush=True)\n"
            "time.sleep(60)\n"
        )],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        breaker.record_failure("timeout")
        assert breaker.state == "open"
    finally:
        holder.kill()
        holder.wait()


def test_a_breaker_store_that_dies_mid_run_does_not_stop_the_calls(
    stand_factory: StandFactory,
) -> None:
    """Redis goes away while a chain runs: the calls go on (the breakers from this process's
    memory), a `breaker` notice says the store failed, and nothing raises out of the chain."""
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed")
    port = free_port()
    server = start_redis(binary, port)  # a server of its own, to stop
    assert server is not None
    notices: list[Notice] = []
    url = stand_factory()

    async def main() -> list[str]:
        chain = Chain(
            [OpenAIProvider(url + "/v1", "sim-large")],
            store=store_from_url(f"redis://127.0.0.1:{port}/0"),
            on_notice=notices.append,
        )
        texts = []
        try:
            request = Request(messages=(Message.text("user", "hello"),))
            texts.append((await chain.call(request)).turn.content)
            server.terminate()
            server.wait(timeout=5)
            texts.append((await chain.call(request)).turn.content)
        finally:
            await chain.aclose()
        return texts

    try:
        texts = anyio.run(main)
    finally:
        if server.poll() is None:
            server.kill()
    assert all(t.startswith("Simulated reply") for t in texts)
    assert any(n.kind == "breaker" and "breaker store failed" in n.message for n in notices)


def test_while_the_breaker_store_is_down_the_breakers_go_on_in_process(
    stand_factory: StandFactory,
) -> None:
    """Redis goes away: a primary that fails still opens its breaker (in this process), so the
    next call goes straight to the backup; the outage is told once, not per call, and when
    Redis is back the breakers are shared through it again (told once too)."""
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed")
    port = free_port()
    server = start_redis(binary, port)
    assert server is not None
    primary = stand_factory(faults=["gateway-200"])
    backup = stand_factory()
    notices: list[Notice] = []
    store = FallbackStore(store_from_url(f"redis://127.0.0.1:{port}/0"), retry_s=0.2)
    chain = Chain(
        [OpenAIProvider(primary + "/v1", "sim-large"), OpenAIProvider(backup + "/v1", "sim-large")],
        store=store,
        on_notice=notices.append,
    )
    request = Request(messages=(Message.text("user", "hello"),))
    primary_key = chain.candidates[0].key

    async def call() -> list[str]:
        answer = await chain.call(request)
        assert answer.turn.content.startswith("Simulated reply")
        return [a.candidate for a in answer.attempts]

    async def main() -> None:
        nonlocal server
        try:
            server.terminate()
            server.wait(timeout=5)
            first = await call()
            assert first[0] == primary_key and len(first) == 2  # failed, then the backup
            assert [await call() for _ in range(3)] == [[first[1]]] * 3  # primary skipped
            restarted = start_redis(binary, port)
            assert restarted is not None
            server = restarted
            await anyio.sleep(0.3)  # the store is tried again after retry_s
            chain.candidates[0].breaker.record_failure("bad_turn:gateway")  # type: ignore[union-attr]
            assert store.store.get(primary_key).state == "open"  # written to Redis again
        finally:
            await chain.aclose()

    try:
        anyio.run(main)
    finally:
        server.kill()
        server.wait()
    said = [n.message for n in notices if n.kind == "breaker" and "store" in n.message]
    assert len(said) == 2, said
    assert "failed" in said[0] and "answers again" in said[1]


def test_a_breaker_file_held_locked_by_another_process_does_not_stall_the_calls(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    """Another process holds the SQLite file's write lock and never lets go (a stuck writer,
    someone's `sqlite3` shell in a transaction): breakers are read and written on the event
    loop, so each update must not wait out a long busy timeout. The store's failure is told
    once, the primary's breaker still opens (in this process) and the calls go on."""
    path = tmp_path / "breakers.db"
    store = FallbackStore(store_from_url(f"sqlite:{path}"), retry_s=60)
    holder = subprocess.Popen(
        [sys.executable, "-c", (
            "import sqlite3, sys, time\n"
            f"c = sqlite3.connect({str(path)!r}, isolation_level=None)\n"
            "c.execute('BEGIN IMMEDIATE')\n"
            "print('locked', flush=True)\n"
            "time.sleep(120)\n"
        )],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        primary = stand_factory(faults=["gateway-200"])
        backup = stand_factory()
        notices: list[Notice] = []
        chain = Chain(
            [OpenAIProvider(primary + "/v1", "sim-large"),
             OpenAIProvider(backup + "/v1", "sim-large")],
            store=store, on_notice=notices.append,
        )  # fmt: skip
        request = Request(messages=(Message.text("user", "hello"),))

        async def main() -> tuple[list[list[str]], float]:
            try:
                started = anyio.current_time()
                routes = []
                for _ in range(3):
                    answer = await chain.call(request)
                    assert answer.turn.content.startswith("Simulated reply")
                    routes.append([a.candidate for a in answer.attempts])
                return routes, anyio.current_time() - started
            finally:
                await chain.aclose()

        routes, took = anyio.run(main)
    finally:
        holder.kill()
        holder.wait()
    primary_key = chain.candidates[0].key
    assert routes[0][0] == primary_key and len(routes[0]) == 2  # failed, then the backup
    assert routes[1:] == [[routes[0][1]]] * 2  # its breaker opened in memory: skipped
    said = [n.message for n in notices if n.kind == "breaker" and "store" in n.message]
    assert len(said) == 1 and "locked" in said[0], said
    assert took < 8, f"three calls took {took:.1f} s: the locked store stalled them"
