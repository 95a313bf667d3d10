"""The lab's clocks on a busy machine: a starved event loop or slow cores do not make a healthy
provider slow, and the fault shapes stay past the limits."""

from __future__ import annotations

import time
from pathlib import Path

import anyio
import pytest

from tether.lab.experiment import LabSettings, run_lab
from tether.lab.mixes import BASE_FIRST_BYTE_S, EMPTY_HOLD_S, MIXES, SLOW_FACTOR, STORM_FAULTS
from tether.lab.timing import (
    LAB_TIMEOUTS,
    SILENCE_CAP_S,
    SLOW_CAP_S,
    SLOW_THRESHOLD_S,
    Excused,
    ExcusingBreaker,
    LoopLag,
    TimedProvider,
    limits_from,
)
from tether.reliability.breaker import Breaker, BreakerPolicy
from tether.trace.store import TraceStore

pytestmark = pytest.mark.timeout(180)


async def _starving(settings: LabSettings, stall_s: float, free_s: float) -> object:
    """The lab, while the event loop it runs in is blocked `stall_s` of every `stall_s +
    free_s` (as a judge building its lexicon in a run, or a process without CPU, blocks it)."""

    async def hog() -> None:
        while True:
            await anyio.sleep(free_s)
            time.sleep(stall_s)  # noqa: ASYNC251  (on purpose: the loop can run nothing meanwhile)

    async with anyio.create_task_group() as tg:
        tg.start_soon(hog)
        result = await run_lab(settings)
        tg.cancel_scope.cancel()
    return result


def test_a_starved_event_loop_does_not_make_the_healthy_provider_slow(tmp_path: Path) -> None:
    """CI on 2 loaded cores saw an unfaulted run end in an error: its healthy first bytes,
    read late by a busy loop, counted as slow and opened both breakers. Here the loop is
    blocked 0.3 s of every 0.4 s; before the lab excused the loop's stalls, every such run
    tripped a breaker (3 of 3 times, 1 to 4 trips a time) and some failed over."""
    store = TraceStore(tmp_path / "t.db")
    settings = LabSettings(
        MIXES["calm"], tasks=5, harnesses=["tether"], workdir=tmp_path, store=store
    )
    result = anyio.run(_starving, settings, 0.3, 0.1)
    store.close()
    runs = [r.to_json() for r in result.runs]  # type: ignore[attr-defined]
    assert all(
        r["status"] == "done" and not (r["breaker_trips"] or r["failovers"] or r["retries"])
        for r in runs
    ), runs
    clocks = result.limits["tether"]  # type: ignore[attr-defined]
    assert clocks["stalls"] >= 3 and clocks["longest_stall_s"] >= 0.29
    assert clocks["excused_slow"] >= 1  # first bytes past the threshold only by the stalls


def test_an_idle_machine_keeps_the_limits_and_a_loaded_one_widens_them_under_caps() -> None:
    idle = limits_from([0.062, 0.064, 0.061, 0.07, 0.066])
    assert (idle.slow_first_byte_s, idle.silence_s) == pytest.approx((0.204, 0.54), abs=0.002)
    assert limits_from([]).slow_first_byte_s == SLOW_THRESHOLD_S  # no probe: the floors
    assert limits_from([0.01] * 5).silence_s == LAB_TIMEOUTS.silence
    loaded = limits_from([0.09, 0.1, 0.11, 0.1, 0.15])  # +40 ms median, +90 ms p90
    assert loaded.slow_first_byte_s == pytest.approx(0.24)
    assert loaded.silence_s == pytest.approx(0.86)
    starved = limits_from([0.5, 0.9, 1.2])
    assert (starved.slow_first_byte_s, starved.silence_s) == (SLOW_CAP_S, SILENCE_CAP_S)
    assert starved.first_byte_s == LAB_TIMEOUTS.first_byte
    # every fault shape stays past the widest limits: the slow shape's first byte, the
    # `silence` shape's stall; the empty stream's hold stays under the narrowest
    assert SLOW_CAP_S < BASE_FIRST_BYTE_S * SLOW_FACTOR
    stall = next(float(r.spec.split(":")[2]) for r in STORM_FAULTS if r.shape == "silence")
    timeout = next(float(r.spec.split(":")[1]) for r in STORM_FAULTS if r.shape == "timeout")
    assert stall - 0.4 > SILENCE_CAP_S and timeout - 0.4 > LAB_TIMEOUTS.first_byte
    assert LAB_TIMEOUTS.silence > EMPTY_HOLD_S


class _Stalled(LoopLag):
    def __init__(self, stalled_s: float) -> None:
        super().__init__()
        self.stalled_s = stalled_s

    def stalled(self, start: float, end: float) -> float:
        return min(self.stalled_s, end - start)


def _breaker(stalled_s: float) -> tuple[Breaker, Excused]:
    excused = Excused()
    inner = Breaker("p", policy=BreakerPolicy(slow_first_byte_s=0.2, slow_streak=2))
    provider = TimedProvider("http://127.0.0.1:1/v1", "m")
    return ExcusingBreaker(inner, provider, _Stalled(stalled_s), excused), excused


def test_a_slow_first_byte_counts_unless_the_loop_stalled_through_it() -> None:
    free, excused = _breaker(0.0)
    free.record_success(0.3)
    free.record_success(0.3)
    assert free._get().state == "open" and excused.count == 0  # slow twice: opened
    starved, excused = _breaker(0.25)
    starved.record_success(0.3)
    starved.record_success(0.3)
    starved.record_wait(0.3)
    assert starved._get().state == "closed" and excused.count == 3
    assert excused.seconds == pytest.approx(0.75)
    partly, _ = _breaker(0.05)  # 0.35 s, 0.05 of it stalled: still slow
    partly.record_success(0.35)
    partly.record_success(0.35)
    assert partly._get().state == "open"


def test_the_loop_lag_watch_sees_a_blocked_loop() -> None:
    lag = LoopLag()

    async def main() -> tuple[float, float]:
        async with anyio.create_task_group() as tg:
            tg.start_soon(lag.watch)
            await anyio.sleep(0.05)
            start = time.perf_counter()
            time.sleep(0.2)  # noqa: ASYNC251  (on purpose: a blocked loop)
            await anyio.sleep(0.05)
            end = time.perf_counter()
            tg.cancel_scope.cancel()
        return lag.stalled(start, end), lag.stalled(end, end + 1)

    during, after = anyio.run(main)
    assert 0.15 <= during <= 0.26 and after == 0.0
    assert lag.summary()["stalls"] >= 1 and lag.summary()["longest_stall_s"] >= 0.15
    time.sleep(0.05)  # the watch has stopped: no stall is going on, whatever the clock says
    assert lag.stalled(0.0, time.perf_counter() + 1) == pytest.approx(lag.total_s)
