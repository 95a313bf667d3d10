"""The lab's clocks on a busy machine: calibrated limits and the event loop's own stalls.

The lab tells a slow provider from a healthy one by wall time (a first byte past the slow
threshold, a stream silent past the silence limit), and its provider is a stand on the same
machine. On loaded cores two things stretch that time which are not the provider:

- the harness's event loop, shared by every run, is late to notice a byte: it was busy with
  other runs' work, or the process had no CPU (`LoopLag` watches it, and `ExcusingBreaker`
  does not count a first byte as slow for the time the loop could not run just before it
  read the byte: a stall the loop came back from before the byte arrived delayed nothing);
- every call is a little slower, stand included (`calibrate` probes the stand's healthy
  first byte before the runs and widens the slow threshold and the silence limit by what
  it measured, within caps that keep every fault shape of the mixes past them).

Both leave the fault shapes measured as before: a call the loop was free to notice counts its
full first byte, and the caps stay below the slowest fault's time (`Limits`). The stand times
its first-byte delay from the request's arrival, so a big request on a slow core does not push
the first byte past its shape either.

The silence limit needs no such discount: when the loop comes back from a stall, asyncio
handles the sockets that became readable before the timers that fell due, and anyio does not
cancel a task whose wait was already answered, so a byte the provider sent during the stall is
read before the overdue limit can cut the read; and a provider whose gaps are under the limit
has sent one before the limit falls due (tests/lab/test_stand_clock.py blocks the loop past
the limit in mid-stream).
"""

from __future__ import annotations

import statistics
import time
from collections import deque
from collections.abc import AsyncIterator, Callable
from dataclasses import asdict, dataclass
from typing import Any

import anyio
import httpx2

from tether.errors import FirstByteTimeout, SilenceTimeout
from tether.lab.mixes import BASE_FIRST_BYTE_S, SLOW_FACTOR
from tether.messages import Event, Message, Request, collect
from tether.providers import OpenAIProvider, Timeouts
from tether.reliability.breaker import Breaker

# The limits on an idle machine (floors): slow means a first byte past 0.2 s, 140 ms above the
# healthy 0.06 s; a stream silent for 0.5 s has stalled; no first byte in 1 s has timed out.
SLOW_THRESHOLD_S = 0.2
# The first-byte limit is not calibrated, on purpose. It stays 0.5 s under the 1.5 s first
# byte of the `timeout` shape and of the slumped backup, the margin the silence cap keeps under
# its 1.5 s shape: keeping it, a calibration could not widen this limit at all, and with the
# least margin the tests allow (0.4 s) by 0.1 s. Healthy first bytes reach 1 s only on a
# machine that adds 0.94 s to the stand's 0.06 s, and the calibration pins the slow threshold
# at its cap once the machine adds 0.05 s (median), the silence limit once it adds 0.125 s
# (p90): past that the clock decides runs whatever this limit is, and a run it cuts is marked
# (`limit_cuts`) and left out of what the seed promises. The probes need this limit before
# there is a calibration, too (a probe it cuts counts as 1 s). And an own-loop stall does not
# make it cut a byte that came in: anyio cancel scopes time it, as they do the silence limit.
LAB_TIMEOUTS = Timeouts(connect=5.0, first_byte=1.0, silence=0.5)
# Caps: the slow threshold stays 20 ms under the slow shape's 0.27 s first byte (which the same
# machine slows as much as a healthy one); the silence limit stays 0.5 s under the 1.5 s stall
# of the `silence` shape (and over the empty stream's 0.3 s hold, as the floor is).
SLOW_CAP_S = BASE_FIRST_BYTE_S * SLOW_FACTOR - 0.02
SILENCE_CAP_S = 1.0
PROBES = 8  # at once (the lab's default concurrency), PROBE_ROUNDS times
PROBE_ROUNDS = 3
PROBE_MODEL = "lab-probe"  # a healthy model on every lab stand, for the probes alone


class LoopLag:
    """When the event loop could not run: a task asks to wake every `tick_s` and records each
    wake later than `min_s` as a stall (the loop was busy, or the process had no CPU).

    Run `watch()` in the loop it watches; `stalled(start, end)` is how much of that span of
    `clock` time was stall, one still going on included; `delayed(start, end)` how much of it
    could have kept a byte noticed at `end` waiting (`stalls_reaching`)."""

    def __init__(
        self,
        tick_s: float = 0.005,
        min_s: float = 0.02,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.tick_s, self.min_s, self.clock = tick_s, min_s, clock
        self._stalls: deque[tuple[float, float]] = deque(maxlen=10_000)
        self._due: float | None = None  # when the watcher's next wake is due
        self.count = 0
        self.total_s = 0.0
        self.longest_s = 0.0

    async def watch(self) -> None:
        try:
            while True:
                due = self._due = self.clock() + self.tick_s
                await anyio.sleep(self.tick_s)
                now = self.clock()
                if now - due >= self.min_s:
                    self._stalls.append((due, now))
                    self.count += 1
                    self.total_s += now - due
                    self.longest_s = max(self.longest_s, now - due)
        finally:
            self._due = None  # no watcher: no stall going on to report

    def _spans(self) -> list[tuple[float, float]]:
        spans = list(self._stalls)
        now = self.clock()
        if self._due is not None and now - self._due >= self.min_s:
            spans.append((self._due, now))  # the watcher has not woken since: still stalled
        return spans

    def stalled(self, start: float, end: float) -> float:
        return sum(max(0.0, min(b, end) - max(a, start)) for a, b in self._spans())

    def delayed(self, start: float, end: float) -> float:
        """The stalls from `start` that could have kept a byte noticed at `end` unread. The
        slack is one watch period: the watch cannot see a busy stretch shorter than `min_s`
        between its `tick_s` wakes, so stalls (or a stall and the byte) closer than that may be
        one busy stretch seen in pieces."""
        return stalls_reaching(self._spans(), start, end, self.tick_s + self.min_s)

    def summary(self) -> dict[str, float]:
        return {
            "stalls": self.count,
            "stalled_s": round(self.total_s, 3),
            "longest_stall_s": round(self.longest_s, 3),
        }


def stalls_reaching(
    spans: list[tuple[float, float]], start: float, end: float, slack: float
) -> float:
    """How much of the stalls `spans` (start, end) within [`start`, `end`] could have delayed
    reading a byte noticed at `end`: the run of stalls reaching up to `end`, i.e. the last one
    that began before `end` and ended within `slack` of it, and each before it that ended
    within `slack` of the next one's start.

    A stall the loop came back from, then ran free for longer than `slack`, delayed nothing:
    a byte already there when it ended would have been read then (asyncio reads the sockets
    that became ready as soon as it runs again), so a byte noticed only at `end` came after
    it. The part of the run before the byte arrived is excused too, since the harness cannot
    tell when in the stall the byte came: a stall at most over-excuses itself, never one the
    loop had left."""
    total, reach = 0.0, end
    for a, b in sorted(spans, reverse=True):  # the latest first (stalls do not overlap)
        if a >= end:
            continue  # after the byte was noticed
        if b < reach - slack or b <= start:
            break  # the loop ran free between this stall and the byte, or it was before the wait
        total += min(b, end) - max(a, start)
        reach = a
    return total


class TimedProvider(OpenAIProvider):
    """The lab's adapter, noting when its last stream was sent (for `ExcusingBreaker`) and how
    many of its streams the lab's wall-clock limits cut (`cuts`): those are what a loaded
    machine can decide, so a run they cut is marked (`RunRecord.limit_cuts`)."""

    sent_at = 0.0
    cuts = 0

    async def stream(self, request: Request) -> AsyncIterator[Event]:
        self.sent_at = time.perf_counter()  # as the turn's first byte is timed (perf_counter)
        events = super().stream(request)
        try:
            async for event in events:
                yield event
        except (FirstByteTimeout, SilenceTimeout):
            self.cuts += 1
            raise
        finally:
            await events.aclose()  # type: ignore[attr-defined]


@dataclass
class Excused:
    """The first bytes (or hedged waits) past the slow threshold that were not slow once the
    loop's stalls in them were taken out, and the seconds taken out of them."""

    count: int = 0
    seconds: float = 0.0


class ExcusingBreaker(Breaker):
    """A candidate's breaker (the same key, store, policy and notices) that times a first byte
    without the loop's stalls that reach up to its reading (`LoopLag.delayed`): a byte the
    harness was too busy to read is not a slow provider. A wait the loop was free for at its
    end counts in full, whatever stalled earlier in it."""

    def __init__(
        self, breaker: Breaker, provider: TimedProvider, lag: LoopLag, excused: Excused
    ) -> None:
        self.__dict__.update(breaker.__dict__)
        self._provider, self._lag, self._excused = provider, lag, excused

    def _free(self, start: float, waited_s: float) -> float:
        """`waited_s` less the loop's stalls that could have delayed its end; a slow wait this
        makes fast is counted."""
        free = waited_s - self._lag.delayed(start, start + waited_s)
        if free < self.policy.slow_first_byte_s <= waited_s:
            self._excused.count += 1
            self._excused.seconds += waited_s - free
        return free

    def record_success(self, first_byte_s: float | None = None) -> None:
        if first_byte_s is not None:
            first_byte_s = self._free(self._provider.sent_at, first_byte_s)
        super().record_success(first_byte_s)

    def record_wait(self, waited_s: float) -> None:
        super().record_wait(self._free(time.perf_counter() - waited_s, waited_s))


@dataclass(frozen=True)
class Limits:
    """One harness's limits, from the stand's healthy first byte measured before its runs."""

    slow_first_byte_s: float = SLOW_THRESHOLD_S
    silence_s: float = LAB_TIMEOUTS.silence
    first_byte_s: float = LAB_TIMEOUTS.first_byte
    healthy_median_s: float | None = None  # the probes' first bytes (the stand's: 0.06 s)
    healthy_p90_s: float | None = None
    probes: int = 0

    @property
    def timeouts(self) -> Timeouts:
        return Timeouts(
            connect=LAB_TIMEOUTS.connect, first_byte=self.first_byte_s, silence=self.silence_s
        )

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def limits_from(first_bytes: list[float]) -> Limits:
    """The limits for a machine whose healthy first bytes were `first_bytes`: what the machine
    adds to the stand's 0.06 s (its median) is added to the slow threshold, and four times
    what it adds at its p90 to the silence limit, each within its floor and cap."""
    if not first_bytes:
        return Limits()
    ordered = sorted(first_bytes)
    median = statistics.median(ordered)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    slow = SLOW_THRESHOLD_S + max(0.0, median - BASE_FIRST_BYTE_S)
    silence = LAB_TIMEOUTS.silence + 4 * max(0.0, p90 - BASE_FIRST_BYTE_S)
    return Limits(
        slow_first_byte_s=round(min(slow, SLOW_CAP_S), 4),
        silence_s=round(min(silence, SILENCE_CAP_S), 4),
        healthy_median_s=round(median, 4),
        healthy_p90_s=round(p90, 4),
        probes=len(ordered),
    )


async def calibrate(url: str, client: httpx2.AsyncClient) -> Limits:
    """Probe the stand's healthy model, PROBES at once, PROBE_ROUNDS times, and derive the
    limits. A probe the first-byte limit cut counts as a first byte at that limit (a machine
    too slow to answer a probe in time is the slowest, not one to keep the floors for); one
    that fails otherwise is left out, and none answering leaves the floors."""
    provider = OpenAIProvider(url.rstrip("/") + "/v1", PROBE_MODEL, client=client,
                              timeouts=LAB_TIMEOUTS)  # fmt: skip
    request = Request(messages=(Message.text("user", "probe"),))
    seen: list[float] = []

    async def probe() -> None:
        try:
            turn = await collect(provider.stream(request))
        except FirstByteTimeout as exc:
            seen.append(exc.limit_s)
            return
        except Exception:  # a probe that fails otherwise proves nothing of the machine's speed
            return
        if turn.first_byte_s is not None:
            seen.append(turn.first_byte_s)

    for _ in range(PROBE_ROUNDS):
        async with anyio.create_task_group() as tg:
            for _ in range(PROBES):
                tg.start_soon(probe)
    return limits_from(seen)


@dataclass
class HarnessClocks:
    """One harness's limits, the loop's stalls during its runs and what they excused."""

    limits: Limits
    lag: LoopLag
    excused: Excused

    def to_json(self) -> dict[str, Any]:
        return {
            **self.limits.to_json(),
            **self.lag.summary(),
            "excused_slow": self.excused.count,
            "excused_s": round(self.excused.seconds, 3),
        }
