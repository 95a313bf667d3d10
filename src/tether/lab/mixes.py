"""Fault mixes: which runs meet which provider failure, drawn from a seed.

Shares are of runs, and counts are exact (`round(share * runs)` runs get the fault, chosen by the
seed), so a small lab shows the rates it claims instead of whatever a coin gave. A faulted run
meets its fault once, at one step drawn from the seed: the first time the provider serves that
step (a transient failure: a retry of the same request gets the real reply, as it did in the
October logs the lab reproduces). The backup provider is healthy unless the mix says otherwise.

- `calm`: nothing.
- `october` (also accepted as `seed-oct`, its former name): the rates of the October logs of
  agent runs the lab reproduces: gateway text with HTTP 200 on 13% of runs (6 of 46 there); an
  empty stream on 2% (1 of 46); a loop cut on 3% (8 of 67 runs with no reasoning level set,
  and about a quarter of runs set none); from 60% of the run order on, the primary provider is
  4.5x slower (the 4-5x slump "for hours" of those logs, until the end).
- `storm`: every fault the stand has, 3 per run at different steps.
- `dead-end`: recovery is impossible on 40% of runs: at one step every candidate (the primary
  and the backup) meets the same fault on every try: gateway text with HTTP 200 (10%; the
  stand's fixed text, since this mix measures how runs end, not the judge's recall), HTTP 503
  (10%), an empty stream (10%) or a loop cut (10%). The right end is an honest failure.
- `slump-backup`: the primary fails at one step on every try on 30% of runs (gateway text 15%,
  HTTP 503 15%), and from half of the run order on the backup slumps past the first-byte limit
  (its first byte after 1.5 s): faulted runs of the first half recover on the backup, those of
  the second half can only fail honestly.

Every mix may also replay a latency file (`--latency FILE`, JSONL of `{"ttfb": s, "s": s}`) on
the primary provider.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Literal

from tether.errors import UsageError

BASE_FIRST_BYTE_S = 0.06  # the stand's healthy first byte in the lab (slow: x4.5 = 0.27 s)
SLOW_FACTOR = 4.5
BACKUP_SLUMP_FIRST_BYTE_S = 1.5  # past the lab's first-byte limit (1 s): every try times out
EMPTY_HOLD_S = 0.3  # the logs' empty stream held 103 s; the lab keeps the shape, not the wait


@dataclass(frozen=True)
class FaultRule:
    spec: str  # a stand fault spec
    share: float  # of runs
    shape: str  # the failure shape it reproduces, for the report
    # who meets it: "once" (the primary, its first serve), "primary" (every try on the
    # primary), "everyone" (every try on every candidate: no recovery is possible)
    reach: Literal["once", "primary", "everyone"] = "once"


@dataclass(frozen=True)
class Mix:
    name: str
    description: str
    rules: tuple[FaultRule, ...] = ()
    per_run: int = 0  # > 0: every run meets this many faults drawn from `rules` (storm)
    slow_from: float | None = None  # share of the run order from which the primary is slow
    draw_key: str = ""  # what the draws are seeded with (a renamed mix keeps its figures)
    backup_slow_from: float | None = None  # share of the run order from which the backup slumps


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
    FaultRule("tool-as-text", 0, "lost_tool_call"),
    FaultRule("tool-calls-lost", 0, "lost_tool_call"),
    FaultRule("html-200", 0, "gateway"),
    FaultRule("empty-body", 0, "empty"),
    FaultRule("endless-tool-args", 0, "loop"),
    FaultRule("endless-errors", 0, "error_frame"),
    FaultRule("endless-malformed", 0, "malformed"),
    FaultRule("endless-empty", 0, "loop"),
    FaultRule("endless-500", 0, "http"),
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
    "dead-end": Mix(
        "dead-end",
        "on 40% of runs every candidate meets the same fault at one step, on every try",
        (
            FaultRule("gateway-200", 0.10, "all:gateway", "everyone"),
            FaultRule("http:503", 0.10, "all:http", "everyone"),
            FaultRule(f"empty-stream:{EMPTY_HOLD_S}", 0.10, "all:empty", "everyone"),
            FaultRule("endless-reasoning", 0.10, "all:loop", "everyone"),
        ),
    ),
    "slump-backup": Mix(
        "slump-backup",
        "the primary down at one step on 30% of runs, the backup slumping for the last half",
        (
            FaultRule("gateway-200", 0.15, "down:gateway", "primary"),
            FaultRule("http:503", 0.15, "down:http", "primary"),
        ),
        backup_slow_from=0.5,
    ),
}


@dataclass
class RunFaults:
    """What one run meets: faults at turn indexes, and whether its primary is slow."""

    at: dict[int, list[str]] = field(default_factory=dict)  # turn index -> fault specs
    slow: bool = False
    shapes: list[str] = field(default_factory=list)
    # turn index -> who meets the fault there, every try ("primary" or "everyone"); a step
    # missing here meets its fault once, on the primary
    lasting: dict[int, str] = field(default_factory=dict)
    backup_slow: bool = False

    @property
    def impossible(self) -> bool:
        """No candidate can get past one of the run's steps: only an honest failure is right."""
        return any(who == "everyone" or self.backup_slow for who in self.lasting.values())

    def primary_faults(self) -> dict[int, tuple[list[str], int | None]]:
        """Turn index -> (fault specs, how many serves they hit: None = every one)."""
        return {i: (specs, None if i in self.lasting else 1) for i, specs in self.at.items()}

    def backup_faults(self) -> dict[int, tuple[list[str], int | None]]:
        return {i: (self.at[i], None) for i, who in self.lasting.items() if who == "everyone"}

    @property
    def shape(self) -> str:
        """One word for the report: the fault's shape, `several`, `slow`, or `none` (with
        `+backup-slow` when the backup slumps on the run)."""
        kinds = sorted(set(self.shapes))
        if len(kinds) > 1:
            word = "several"
        elif kinds:
            word = kinds[0]
        else:
            word = "slow" if self.slow else "none"
        return f"{word}+backup-slow" if self.backup_slow else word


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
                if rule.reach != "once":
                    runs[i].lasting[step] = rule.reach
            free = free[count:]
    if mix.slow_from is not None:
        for run in runs[int(mix.slow_from * n) :]:
            run.slow = True
    if mix.backup_slow_from is not None:
        for run in runs[int(mix.backup_slow_from * n) :]:
            run.backup_slow = True
    return runs
