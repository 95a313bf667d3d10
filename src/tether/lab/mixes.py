"""Fault mixes: which runs meet which provider failure, drawn from a seed.

Shares are of runs, and counts are exact (`round(share * runs)` runs get the fault, chosen by the
seed), so a small lab shows the rates it claims instead of whatever a coin gave. A faulted run
meets its fault once, at one step drawn from the seed: the first time the provider serves that
step (a transient failure: a retry of the same request gets the real reply, as it did in the
October logs the lab reproduces). The backup provider is always healthy.

- `calm`: nothing.
- `october` (also accepted as `seed-oct`, its former name): the rates of the October logs of
  agent runs the lab reproduces: gateway text with HTTP 200 on 13% of runs (6 of 46 there); an
  empty stream on 2% (1 of 46); a loop cut on 3% (8 of 67 runs with no reasoning level set,
  and about a quarter of runs set none); from 60% of the run order on, the primary provider is
  4.5x slower (the 4-5x slump "for hours" of those logs, until the end).
- `storm`: every fault the stand has, 3 per run at different steps.

Every mix may also replay a latency file (`--latency FILE`, JSONL of `{"ttfb": s, "s": s}`) on
the primary provider.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from tether.errors import UsageError

BASE_FIRST_BYTE_S = 0.06  # the stand's healthy first byte in the lab (slow: x4.5 = 0.27 s)
SLOW_FACTOR = 4.5
EMPTY_HOLD_S = 0.3  # the logs' empty stream held 103 s; the lab keeps the shape, not the wait


@dataclass(frozen=True)
class FaultRule:
    spec: str  # a stand fault spec
    share: float  # of runs
    shape: str  # the failure shape it reproduces, for the report


@dataclass(frozen=True)
class Mix:
    name: str
    description: str
    rules: tuple[FaultRule, ...] = ()
    per_run: int = 0  # > 0: every run meets this many faults drawn from `rules` (storm)
    slow_from: float | None = None  # share of the run order from which the primary is slow
    draw_key: str = ""  # what the draws are seeded with (a renamed mix keeps its figures)


# What each stand fault reproduces (storm draws from all of them).
STORM_FAULTS: tuple[FaultRule, ...] = (
    FaultRule("gateway-real", 0, "gateway"),
    FaultRule(f"empty-stream:{EMPTY_HOLD_S}", 0, "empty"),
    FaultRule("endless-reasoning", 0, "loop"),
    FaultRule("unprocessed", 0, "unprocessed"),
    FaultRule("slow-first-byte:1.5", 0, "timeout"),
    FaultRule("stall:8:1.5", 0, "silence"),
    FaultRule("drop", 0, "drop"),
    FaultRule("http:503", 0, "http"),
    FaultRule("http:429:0.1", 0, "http"),
    FaultRule("error-frame", 0, "error_frame"),
    FaultRule("malformed-chunk", 0, "malformed"),
    FaultRule("truncated-tool-args", 0, "truncated"),
    FaultRule("finish-length", 0, "truncated"),
)

MIXES: dict[str, Mix] = {
    "calm": Mix("calm", "no faults"),
    "october": Mix(
        "october",
        "the October logs' rates: gateway text 13%, empty stream 2%, loop cut 3%, "
        "primary 4.5x slower for the last 40% of runs",
        (
            FaultRule("gateway-real", 0.13, "gateway"),
            FaultRule(f"empty-stream:{EMPTY_HOLD_S}", 0.02, "empty"),
            FaultRule("endless-reasoning", 0.03, "loop"),
        ),
        slow_from=0.6,
        draw_key="seed-oct",
    ),
    "storm": Mix("storm", "every fault the stand has, 3 per run", STORM_FAULTS, per_run=3),
}


@dataclass
class RunFaults:
    """What one run meets: faults at turn indexes, and whether its primary is slow."""

    at: dict[int, list[str]] = field(default_factory=dict)  # turn index -> fault specs
    slow: bool = False
    shapes: list[str] = field(default_factory=list)

    @property
    def shape(self) -> str:
        """One word for the report: the fault's shape, `several`, `slow`, or `none`."""
        kinds = sorted(set(self.shapes))
        if len(kinds) > 1:
            return "several"
        if kinds:
            return kinds[0]
        return "slow" if self.slow else "none"


# Former names, still accepted.
ALIASES = {"seed-oct": "october"}


def get_mix(name: str) -> Mix:
    try:
        return MIXES[ALIASES.get(name, name)]
    except KeyError:
        raise UsageError(f"unknown mix {name!r}; use --mix one of: {', '.join(MIXES)}") from None


def draw(mix: Mix, turns: list[int], seed: int) -> list[RunFaults]:
    """The faults of each run; `turns[i]` is how many turns run i's solver has."""
    rng = random.Random(f"mix:{mix.draw_key or mix.name}:{seed}")
    runs = [RunFaults() for _ in turns]
    n = len(runs)
    if mix.per_run:
        for i, run in enumerate(runs):
            chosen = rng.sample(mix.rules, min(mix.per_run, len(mix.rules)))
            steps = rng.sample(range(turns[i]), min(len(chosen), turns[i]))
            for rule, step in zip(chosen, steps, strict=False):
                run.at.setdefault(step, []).append(rule.spec)
                run.shapes.append(rule.shape)
    else:
        free = list(range(n))
        rng.shuffle(free)
        for rule in mix.rules:  # disjoint runs: one disguised failure per run, as in the logs
            count = min(round(rule.share * n), len(free))
            for i in free[:count]:
                step = rng.randrange(turns[i])
                runs[i].at.setdefault(step, []).append(rule.spec)
                runs[i].shapes.append(rule.shape)
            free = free[count:]
    if mix.slow_from is not None:
        for run in runs[int(mix.slow_from * n) :]:
            run.slow = True
    return runs
