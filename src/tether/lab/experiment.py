"""The experiment: the same tasks, faults and seed through the naive loop and through tether.

For each harness the lab starts its own stand (a real HTTP server on 127.0.0.1) serving every
task's scripted solver as two models, the primary (with the run's faults) and a healthy backup,
runs the tasks in fresh workspaces a few at a time, then runs each task's checks on what the
harness left (the same `run_checks` tether runs after "done"). It records, for every run,
protocol termination, the detector's verdict and the check's result separately.

Definitions (the report repeats them):
- said done: the harness reported success (naive: a reply without a tool call; tether: status
  `done` or `answered`);
- solved: every check passed on the workspace and the final answer;
- false done: said done, and the check failed or the reply taken for the answer was not an
  answer (the judge's verdict on it, e.g. gateway text);
- honest failure: did not say done (an error, a spent budget, `failed`, `unverified`, ...).
"""

from __future__ import annotations

import shutil
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import anyio
import httpx2

from tether.agent.cost import Prices
from tether.agent.loop import DEFAULT_SYSTEM
from tether.agent.runtime import RuntimeConfig, create_agent_runtime
from tether.checks import run_checks
from tether.lab.mixes import (
    BACKUP_SLUMP_FIRST_BYTE_S,
    BASE_FIRST_BYTE_S,
    SLOW_FACTOR,
    Mix,
    RunFaults,
    draw,
)
from tether.lab.naive import run_naive
from tether.lab.tasks import Task, generate, lab_rules
from tether.lab.timing import (
    PROBE_MODEL,
    Excused,
    ExcusingBreaker,
    HarnessClocks,
    Limits,
    LoopLag,
    TimedProvider,
    calibrate,
)
from tether.messages import Turn, Usage
from tether.providers import Timeouts, provider_at
from tether.reliability.chain import Candidate, Notice
from tether.reliability.hedge import FirstBytes, HedgePolicy
from tether.stand.script import ModelSpec, Script, TurnSpec
from tether.stand.server import StandProcess
from tether.tools.base import ToolContext
from tether.tools.builtin import CODING_TOOLS
from tether.tools.runner import ToolRunner
from tether.trace.store import TraceStore

HARNESSES = ("naive", "tether", "tether-hedge")  # tether-hedge: tether with [hedge] enabled
DEFAULT_HARNESSES = ("naive", "tether")
# A price for the lab's simulated model (USD per million tokens), the order of a cheap model's,
# so the report can show money; the stand's models are not real ones.
LAB_PRICE = {"input": 0.10, "cached_input": 0.025, "output": 0.40}
NAIVE_TIMEOUTS = Timeouts(connect=5.0, first_byte=60.0, silence=60.0)  # a common loop's defaults
SAID_DONE = ("done", "answered")
# The slow threshold (0.2 s) and the timeouts (LAB_TIMEOUTS) are floors: each harness run
# widens them by what its probes of the stand measure (lab/timing.py).
# tether-hedge: the threshold is learned (the p90 of the candidate's recent first bytes), over
# the whole harness run: its runs share one record of first bytes per candidate name, as the
# calls of a long-lived process would (each run has its own chain, too few calls to learn from).
LAB_HEDGE = {"enabled": True, "max_per_run": 2}


@dataclass
class RunRecord:
    harness: str
    task: str
    kind: str
    shape: str  # the failure shape the run met (mixes.RunFaults.shape)
    faults: list[str]
    said_done: bool
    solved: bool
    false_done: bool
    honest_failure: bool
    status: str  # tether: the receipt's status; naive: done | error | budget
    termination: str  # protocol termination of the turn taken for the answer
    verdict: str  # the detector's verdict on that turn ("" = an answer)
    verdicts_met: list[str]  # every bad turn met on the way
    checks: list[dict[str, Any]]
    retries: int = 0
    hedges: int = 0
    failovers: int = 0
    breaker_trips: int = 0
    wall_s: float = 0.0
    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float | None = None
    run_id: str = ""
    error: str = ""
    model_s: float = 0.0  # time in model calls (tether: its chain spans, retries included)
    tools_s: float = 0.0
    checks_s: float = 0.0  # tether's own checks, inside the run
    measure_s: float = 0.0  # the lab's measuring checks, after the run
    impossible: bool = False  # no candidate could get past a step: only a failure is honest
    # model calls the harness's wall-clock limits cut (no first byte in time, a silence past
    # the limit): a loaded machine can decide these, so the seed does not promise such a
    # run's outcome (`seed_promise`)
    limit_cuts: int = 0
    # the lab's own checks a signal from outside stopped before they decided (`unknown`,
    # "killed by"), and whether that left the run's outcome unmeasured (no other check
    # failed, no verdict): then it is neither solved nor a false done, but counted apart
    measure_killed: int = 0
    unmeasured: bool = False

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class LabSettings:
    mix: Mix
    tasks: int = 50
    seed: int = 0
    harnesses: Sequence[str] = DEFAULT_HARNESSES
    concurrency: int = 8
    workdir: Path = field(default_factory=lambda: Path("."))
    store: TraceStore | None = None
    latency_file: str | None = None
    first_bytes: FirstBytes = field(default_factory=lambda: FirstBytes(HedgePolicy()))


@dataclass
class LabResult:
    settings: LabSettings
    tasks: list[Task]
    runs: list[RunRecord]
    timing: dict[str, float]  # harness -> wall seconds; plus stand / checks breakdown
    gate: dict[str, int]  # tether traces: checked, complete
    # per tether harness: the limits its probes set, the loop's stalls, what they excused
    limits: dict[str, dict[str, Any]] = field(default_factory=dict)


def pick_tasks(count: int, seed: int) -> list[Task]:
    """`count` tasks, the kinds in turn (the same seed gives the same tasks)."""
    if count < 1:
        from tether.errors import UsageError

        raise UsageError(f"--tasks {count}: give at least 1 task")
    per_kind = max(10, -(-count // 5))
    every = generate(seed, per_kind=per_kind)
    by_kind: dict[str, list[Task]] = {}
    for t in every:
        by_kind.setdefault(t.kind, []).append(t)
    order: list[Task] = []
    for i in range(per_kind):
        order += [ts[i] for ts in by_kind.values() if i < len(ts)]
    return order[:count]


def _turns(
    task: Task, faults: dict[int, tuple[list[str], int | None]] | None = None
) -> list[TurnSpec]:
    """The solver's turns with the faults met at each (specs, how many serves they hit)."""
    out = []
    for i, turn in enumerate(task.solver):
        extra: dict[str, Any] = {}
        if faults and i in faults:
            specs, attempts = faults[i]
            extra = {"fault": specs, "fault_attempts": attempts}
        out.append(TurnSpec.model_validate({**turn, **extra}))
    return out


def lab_script(
    tasks: Sequence[Task], runs: Sequence[RunFaults], latency_file: str | None = None
) -> Script:
    """Two models per task: `ID` (the primary, with the run's faults) and `ID-backup` (healthy,
    unless the mix makes it slump or fail too)."""
    models: dict[str, ModelSpec] = {}
    for task, run in zip(tasks, runs, strict=True):
        first_byte = BASE_FIRST_BYTE_S * (SLOW_FACTOR if run.slow else 1.0)
        primary = [f"slow-first-byte:{first_byte:.4f}"]
        if latency_file:
            primary.append(f"latency:{latency_file}")
        models[task.id] = ModelSpec(
            position="history", faults=primary, turns=_turns(task, run.primary_faults())
        )
        backup_first_byte = BACKUP_SLUMP_FIRST_BYTE_S if run.backup_slow else BASE_FIRST_BYTE_S
        models[f"{task.id}-backup"] = ModelSpec(
            position="history",
            faults=[f"slow-first-byte:{backup_first_byte:.4f}"],
            turns=_turns(task, run.backup_faults()),
        )
    models[PROBE_MODEL] = ModelSpec(  # healthy, for the probes that calibrate the limits
        position="history",
        faults=[f"slow-first-byte:{BASE_FIRST_BYTE_S:.4f}"],
        turns=[TurnSpec(text="ok", finish_reason="stop")],
    )
    return Script(models=models, chunk_chars=64)


class _Counter:
    """Counts one run's retries and breaker trips from the chain's notices (failovers are
    counted from the trace: a breaker that is open routes calls without a notice)."""

    def __init__(self) -> None:
        self.retries = self.trips = self.hedges = 0

    def __call__(self, n: Notice) -> None:
        if n.kind in ("retry", "reasoning_lowered"):
            self.retries += 1
        elif n.kind == "hedge":
            self.hedges += 1
        elif n.kind == "breaker" and "-> open" in n.message:
            self.trips += 1


async def _measure(
    checks: Sequence[str], ws: Path, answer: str
) -> tuple[bool, list[dict[str, Any]]]:
    """The lab's own check of what a harness left: solved, and every check's result."""
    results = await run_checks(checks, ws, answer=answer, timeout_s=60.0)
    return all(r.status == "passed" for r in results) and bool(results), [
        r.to_json() for r in results
    ]


def killed_checks(check_json: Sequence[dict[str, Any]]) -> int:
    """How many of the lab's own checks a signal from outside stopped before they decided
    (a check that crashed on its own failed: `checks.runner`)."""
    return sum(1 for c in check_json if c["status"] == "unknown" and (c["exit_code"] or 0) < 0)


def judged(
    said_done: bool, solved: bool, verdict: str, check_json: Sequence[dict[str, Any]]
) -> tuple[bool, bool]:
    """(false done, unmeasured) of a run. A false done is said done, and a check failed or the
    reply taken for the answer was not one (`verdict`). When a signal stopped one of the lab's
    own checks before it decided and nothing else measured a failure, the run's outcome is
    unknown: never a false done (nor solved), but an unmeasured run the table shows."""
    stopped = killed_checks(check_json) > 0 and not any(c["status"] == "failed" for c in check_json)
    false_done = said_done and (bool(verdict) or (not solved and not stopped))
    return false_done, stopped and not false_done


async def _run_naive(
    task: Task, faults: RunFaults, url: str, client: httpx2.AsyncClient, ws: Path, hidden: Path
) -> RunRecord:
    checks = task.materialize(ws, hidden)
    provider = provider_at("openai", url, task.id, client=client, timeouts=NAIVE_TIMEOUTS)
    context = ToolContext(ws, f"naive-{task.id}")
    runner = ToolRunner(CODING_TOOLS, context, rules=lab_rules())
    started = time.perf_counter()
    result = await run_naive(
        task.prompt, provider=provider, runner=runner, tools=CODING_TOOLS, system=DEFAULT_SYSTEM
    )
    wall = time.perf_counter() - started
    solved, check_json = await _measure(checks, ws, result.final_text)
    false_done, unmeasured = judged(result.said_done, solved, result.verdict, check_json)
    status = "done" if result.said_done else ("budget" if "budget" in result.error else "error")
    prices = Prices.from_config({task.id: LAB_PRICE})
    return RunRecord(
        harness="naive", task=task.id, kind=task.kind, shape=faults.shape,
        faults=[s for specs in faults.at.values() for s in specs], said_done=result.said_done,
        solved=solved, false_done=false_done, honest_failure=not result.said_done,
        status=status, termination=result.termination,
        verdict=result.verdict, verdicts_met=result.verdicts_met, checks=check_json,
        wall_s=wall, input_tokens=result.input_tokens, output_tokens=result.output_tokens,
        cost_usd=prices.cost(Usage(result.input_tokens, result.output_tokens), task.id),
        error=result.error, model_s=result.model_s, tools_s=result.tools_s,
        measure_s=sum(c["duration_s"] for c in check_json), impossible=faults.impossible,
        limit_cuts=result.limit_cuts, measure_killed=killed_checks(check_json),
        unmeasured=unmeasured,
    )  # fmt: skip


async def _run_tether(
    task: Task,
    faults: RunFaults,
    url: str,
    client: httpx2.AsyncClient,
    ws: Path,
    hidden: Path,
    settings: LabSettings,
    clocks: HarnessClocks,
    hedge: bool = False,
) -> RunRecord:
    checks = task.materialize(ws, hidden)
    counter = _Counter()
    config = RuntimeConfig.model_validate(
        {
            "hedge": LAB_HEDGE if hedge else {},
            # each run has its own breakers, so runs stay independent of the order they finish
            # in and the same seed gives the same figures; sharing is tested elsewhere
            "breakers": {
                "store": "memory",
                "slow_first_byte_s": clocks.limits.slow_first_byte_s,
                "slow_streak": 2,
                "slow_open_s": 3600,
                "open_s": 5,
            },
            "retry": {"max_attempts": 4, "backoff_s": 0.05},
            "tools": {"timeout_s": 30},
        }
    )
    backup = f"{task.id}-backup"
    base, timeouts = url.rstrip("/") + "/v1", clocks.limits.timeouts
    providers = [TimedProvider(base, model, client=client, timeouts=timeouts)
                 for model in (task.id, backup)]  # fmt: skip
    candidates = [
        Candidate(p, name=n) for p, n in zip(providers, ("primary", "backup"), strict=True)
    ]
    runtime = create_agent_runtime(
        config, providers=candidates, workspace=ws, store=settings.store, on_notice=counter,
        rules=lab_rules(),
        checks=checks, prices=Prices.from_config({task.id: LAB_PRICE, backup: LAB_PRICE}),
    )  # fmt: skip
    if hedge:
        runtime.chain.first_bytes = settings.first_bytes
    for candidate, provider in zip(runtime.chain.candidates, providers, strict=True):
        assert candidate.breaker is not None  # the chain gave each one
        candidate.breaker = ExcusingBreaker(candidate.breaker, provider, clocks.lag, clocks.excused)
    started = time.perf_counter()
    try:
        receipt = await runtime.run(task.prompt)
    finally:
        await runtime.chain.aclose()
    wall = time.perf_counter() - started
    solved, check_json = await _measure(checks, ws, receipt.final_text)
    said = receipt.status in SAID_DONE
    false_done, unmeasured = judged(said, solved, "", check_json)
    spent, termination = _from_trace(settings.store, receipt.run_id)
    return RunRecord(
        harness="tether-hedge" if hedge else "tether", task=task.id, kind=task.kind,
        shape=faults.shape,
        faults=[s for specs in faults.at.values() for s in specs], said_done=said, solved=solved,
        false_done=false_done, honest_failure=not said, status=receipt.status,
        termination=termination, verdict="", verdicts_met=list(receipt.verdicts),
        checks=check_json, retries=counter.retries, hedges=counter.hedges,
        failovers=int(spent.get("failovers", 0)),
        breaker_trips=counter.trips, wall_s=wall, input_tokens=receipt.input_tokens,
        output_tokens=receipt.output_tokens, cost_usd=receipt.cost_usd, run_id=receipt.run_id,
        error=receipt.error, model_s=spent.get("chain", 0.0), tools_s=spent.get("tool", 0.0),
        checks_s=spent.get("check", 0.0), measure_s=sum(c["duration_s"] for c in check_json),
        impossible=faults.impossible, limit_cuts=sum(p.cuts for p in providers),
        measure_killed=killed_checks(check_json), unmeasured=unmeasured,
    )  # fmt: skip


def _from_trace(store: TraceStore | None, run_id: str) -> tuple[dict[str, float], str]:
    """Seconds per span kind in a stored run (outermost spans of each kind only), and the
    protocol termination of the last model turn it recorded."""
    if store is None or not run_id:
        return {}, ""
    store.flush()
    trace = store.trace(run_id)
    if trace is None:
        return {}, ""
    spans = trace["spans"]
    kinds = {s["id"]: s["kind"] for s in spans}
    out: dict[str, float] = {}
    termination = ""
    out["failovers"] = 0.0  # model calls answered by a backup candidate, not the first
    for s in spans:
        attrs = s["attrs"]
        if s["kind"] == "chain" and attrs.get("tether.answered_by") not in (
            None,
            (attrs.get("tether.candidates") or [None])[0],
        ):
            out["failovers"] += 1
        if s["kind"] == "model":
            termination = str(attrs.get("tether.termination", termination))
        if s.get("ended_at") is None or kinds.get(s.get("parent_id") or "") == s["kind"]:
            continue
        seconds = float(s["ended_at"]) - float(s["started_at"])  # the store keeps epochs
        out[s["kind"]] = out.get(s["kind"], 0.0) + seconds
    return out, termination


async def run_harness(
    harness: str,
    tasks: Sequence[Task],
    runs: Sequence[RunFaults],
    settings: LabSettings,
    on_run: Callable[[RunRecord], None] | None = None,
    clocks: HarnessClocks | None = None,
) -> list[RunRecord]:
    """Every task through one harness, `settings.concurrency` at a time, against its own stand.

    Before tether's runs, probes of the stand set its limits (`clocks.limits`); during them the
    event loop's stalls are watched (`clocks.lag`)."""
    clocks = clocks or HarnessClocks(Limits(), LoopLag(), Excused())
    root = settings.workdir / harness
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)
    script = lab_script(tasks, runs, settings.latency_file)
    records: list[RunRecord | None] = [None] * len(tasks)
    limiter = anyio.CapacityLimiter(settings.concurrency)
    with StandProcess(script) as url:
        async with httpx2.AsyncClient(
            timeout=None, limits=httpx2.Limits(max_connections=settings.concurrency * 4)
        ) as client:

            async def one(i: int) -> None:
                task, faults = tasks[i], runs[i]
                ws, hidden = root / task.id / "ws", root / task.id / "hidden"
                ws.mkdir(parents=True)
                hidden.mkdir()
                async with limiter:
                    if harness == "naive":
                        record = await _run_naive(task, faults, url, client, ws, hidden)
                    else:
                        record = await _run_tether(
                            task, faults, url, client, ws, hidden, settings, clocks,
                            hedge=harness == "tether-hedge",
                        )  # fmt: skip
                records[i] = record
                if on_run is not None:
                    on_run(record)

            if harness != "naive":  # the naive loop's limits are a minute: nothing to set
                clocks.limits = await calibrate(url, client)
            async with anyio.create_task_group() as watching:
                watching.start_soon(clocks.lag.watch)
                async with anyio.create_task_group() as tg:
                    for i in range(len(tasks)):
                        tg.start_soon(one, i)
                watching.cancel_scope.cancel()
    return [r for r in records if r is not None]


async def run_lab(
    settings: LabSettings, on_run: Callable[[RunRecord], None] | None = None
) -> LabResult:
    tasks = pick_tasks(settings.tasks, settings.seed)
    runs = draw(settings.mix, [len(t.solver) for t in tasks], settings.seed)
    records: list[RunRecord] = []
    timing: dict[str, float] = {}
    clocks: dict[str, HarnessClocks] = {}
    warm_up()
    for harness in settings.harnesses:
        started = time.perf_counter()
        clocks[harness] = HarnessClocks(Limits(), LoopLag(), Excused())
        records += await run_harness(harness, tasks, runs, settings, on_run, clocks[harness])
        timing[harness] = time.perf_counter() - started
    gate = {"checked": 0, "complete": 0}
    ids = [r.run_id for r in records if r.harness != "naive" and r.run_id]
    if ids and settings.store is not None:
        from tether.trace.gate import check_targets

        settings.store.flush()
        report = check_targets(ids, settings.store, None)
        gate = {
            "checked": len(report.runs),
            "complete": sum(1 for r in report.runs if r.complete),
            "unreadable": len(report.unreadable),
        }
    limits = {h: c.to_json() for h, c in clocks.items() if h != "naive"}
    return LabResult(settings, tasks, records, timing, gate, limits)


def warm_up() -> None:
    """Build what the harnesses build lazily at their first model calls, before any clock runs:
    the judge's lexicon and its patterns (0.1 to 0.4 s of CPU) built inside a run block the
    event loop every run's model calls share, and their first bytes would read as slow."""
    from tether.reliability.judge import DEFAULT_CONFIG, judge
    from tether.stand.faults import GATEWAY_TEXT

    shared = RuntimeConfig().judge.judge_config("lab")  # tether's, shared by its runs
    for config in (DEFAULT_CONFIG, shared):  # the naive loop judges with the default
        for text in (GATEWAY_TEXT, "Done: the tests pass.\n\n- `fix.py`: 3 lines changed"):
            judge(Turn(text, finish_reason="stop", termination="stop"), config=config)


# What a seed reproduces, whatever the machine's load (the CLI and the README say it too).
SEED_PROMISE = (
    "The same seed gives the same tasks, the same fault plan (every run's faults, at the same "
    "steps) and, for every run that none of the wall-clock limits cut (`limit_cuts` 0), the "
    "same outcome: said done, solved, false done or honest failure. A run whose model call "
    "got no first byte in time or went silent past the limit was decided by the clock, which "
    "a loaded machine moves; it is counted in `runs_cut`. Retries, failovers, breaker trips, "
    "hedges, tokens and wall times may move with the load."
)


def outcome(record: RunRecord) -> tuple[bool, bool, bool, bool]:
    """What the seed promises of a run no limit cut (`SEED_PROMISE`)."""
    return (record.said_done, record.solved, record.false_done, record.honest_failure)


def summarize(records: Sequence[RunRecord]) -> dict[str, Any]:
    """The per-harness figures the table, the report and `--json` show."""
    walls = sorted(r.wall_s for r in records)
    costs = [r.cost_usd for r in records]
    cost = None if any(c is None for c in costs) else round(sum(c or 0.0 for c in costs), 6)
    return {
        "runs": len(records),
        "said_done": sum(r.said_done for r in records),
        "solved": sum(r.solved for r in records),
        "false_done": sum(r.false_done for r in records),
        "honest_failures": sum(r.honest_failure for r in records),
        # how the honest failures ended (tether: the receipt's status; naive: error | budget)
        "honest_ends": dict(sorted(Counter(r.status for r in records if r.honest_failure).items())),
        "impossible": sum(r.impossible for r in records),
        "impossible_said_done": sum(r.impossible and r.said_done for r in records),
        "retries": sum(r.retries for r in records),
        "hedges": sum(r.hedges for r in records),
        "failovers": sum(r.failovers for r in records),
        "breaker_trips": sum(r.breaker_trips for r in records),
        "limit_cuts": sum(r.limit_cuts for r in records),
        "runs_cut": sum(1 for r in records if r.limit_cuts),
        # runs the lab could not check: a signal stopped its own check before it decided
        "unmeasured": sum(r.unmeasured for r in records),
        "wall_s_median": round(statistics.median(walls), 4) if walls else 0.0,
        "wall_s_p95": round(walls[min(len(walls) - 1, int(0.95 * len(walls)))], 4)
        if walls
        else 0.0,
        "input_tokens": sum(r.input_tokens for r in records),
        "output_tokens": sum(r.output_tokens for r in records),
        "cost_usd": cost,
        # the runs whose cost is known (a reply with no usage makes a run's cost unknown)
        "cost_usd_priced": round(sum(c for c in costs if c is not None), 6),
        "priced_runs": sum(1 for c in costs if c is not None),
        "model_s": round(sum(r.model_s for r in records), 3),
        "tools_s": round(sum(r.tools_s for r in records), 3),
        "checks_s": round(sum(r.checks_s for r in records), 3),
        "measure_s": round(sum(r.measure_s for r in records), 3),
    }


def by_shape(records: Sequence[RunRecord]) -> dict[str, dict[str, Any]]:
    shapes: dict[str, list[RunRecord]] = {}
    for r in records:
        shapes.setdefault(r.shape, []).append(r)
    return {shape: summarize(rs) for shape, rs in sorted(shapes.items())}
