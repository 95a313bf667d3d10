"""The completeness gate: did every span of a run close, and does the root tell the truth?

`check_run(run)` looks at one run of normalised spans (`tether.trace.formats`) and lists its
problems, in the style the gate was proposed with:

- ``open_span:{id}:{kind}:{name}``: the span started and never ended.
- ``missing_root``: no root span (the run JSON's ``root_id`` is absent or not among the spans; an
  OTLP trace has no span without a parent).
- ``orphan_parent:{id}``: the span's parent is not in the run (it was never written, or never
  exported because it never ended).
- ``cited_missing_tool:{model_id}->{tool_id}``: a model span cites (attr ``cites_tool_ids``) a
  tool span that is not in the run, or is not a tool.
- ``root_ok_with_incomplete_or_failed_child``: the root claims ``ok`` while the run is not.
- ``unknown_status:{id}:{status}``: an ended span whose status is not ``ok``, ``error``,
  ``timeout`` or ``cancelled`` (an end without a status is unknown too: missing status is not a
  fourth kind of success).
- ``no_start:{id}``: the span has no start time.
- ``duplicate_id:{id}``: a second span with an id already used (one problem per extra span).
- ``cycle:{id}``: following parent links from this span comes back to it (one per loop).
- ``bad_id:{field} {value} ...``: an id the reader found to be no id (`Run.defects`).
- ``bad_time:{id}:{field}``: a start or end (``started_at`` / ``ended_at``) that is no time: an
  ISO-8601 string that does not parse (``"not a date"``, month 13) or epoch seconds that are
  not finite.
- ``ends_before_start:{id}``: the span ended more than 1 ms before it started.

Not a problem, a note (`RunResult.notes`): ``child_ends_after_parent:{child}->{parent}``, both
ended, the child more than 1 ms later (OTel lets async work outlive its parent).

The root rule is the reference checker's, with tether's exception made general: the root
claiming ``ok`` is a problem when any span of the run is still open, or when any span below it,
at any depth, ended ``error``, ``timeout`` or ``cancelled`` and did not recover (`recovery`: the
attribute ``tether.recovered: true`` on it or on a span between it and the root, or a later
same-name sibling that started after it ended and worked). `Recorder.finish` derives the root
status by the same rule. An OTLP trace may have several spans without a parent: each is a root,
and the rule holds for each. A complete run whose root ended failed is ``failed`` (honestly).

The fingerprint clusters the same failure across nights: the sorted set of problems with every
span id replaced by the span's kind/name path from its root (``open_span:run/agent_turn>tool/
apply_patch``; ``?>`` when the chain of parents breaks off, ``…>`` past 64 levels or in a
loop; a cited id that is no span reads ``?``), hashed with sha256 to 12 hex digits (the same
span's problems read from its path only, as in ``child_ends_after_parent:run/x>tool/y``, whose
parent is the path's head). Ids never enter it, and neither does how many times
the same normalised problem occurs. A complete run has no fingerprint.

`check_targets` runs the gate over files, folders and run ids in the store, one run at a time,
keeping only the results (`GateReport`), so memory stays flat in the number of runs. Exit
codes: 0 every run complete (an honest failure too, unless `fail_on_error`), 1 any run
incomplete, 2 input unreadable (or nothing to check) and no run that gives 1; 1 wins over 2.

How: a run file the lean reader decoded (`Run.decoded`) is first asked whether it is proven
clean (`tether.trace.clean`: a few C-speed passes over its columns as decoded, no normal form,
no facts), the answer for most runs a CI step checks; a file whose spans all passed the strict
decoding (`run_json_lean`: status ``ok``, times parsed into datetimes as read) needs no time parsed
at all. Any other run, or one it cannot prove clean, goes the full way (a streamed file's
zoned times arrive as datetimes, parsed as read too). `_find` looks at a run's columns
(`Run.columns`) with passes that run at C speed (sets, joins, ``map`` over operator functions,
itemgetter) to learn whether each kind of problem is there at all, then at the few spans those
passes point to; a gate over a million spans in files costs little more than parsing them.
`_find_one_by_one` states the same rules span by span in plain Python: it takes the runs `_find`
cannot (mixed time types, ISO strings of several shapes), and the tests hold the two to the same
answers.
"""

from __future__ import annotations

import gc
import hashlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from itertools import chain, compress, count, repeat
from operator import add, eq, gt, is_, itemgetter, lt, ne
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tether.trace.clean import pick, proven_clean
from tether.trace.formats import (
    GATE_ATTRS,
    STREAM_THRESHOLD,
    Columns,
    ReadError,
    Run,
    TraceFormatError,
    iter_runs,
)
from tether.trace.formats.model import CHUNK_SIZE, CITES_TOOL_IDS
from tether.trace.recovery import FAILED_STATUS, TOLERANCE_S, Recovery
from tether.trace.rotation import least_rotation, smallest_period
from tether.trace.times import INF as _INF
from tether.trace.times import LATEST as _LATEST
from tether.trace.times import NONE_EMPTY as _NONE_EMPTY
from tether.trace.times import NONE_HIGH as _NONE_HIGH
from tether.trace.times import NONE_LOW as _NONE_LOW
from tether.trace.times import NONE_TOP as _NONE_TOP
from tether.trace.times import TOP as _TOP
from tether.trace.times import filled as _filled
from tether.trace.times import later as _later
from tether.trace.times import not_a_time as _not_a_time
from tether.trace.times import time_issues as _time_issues

if TYPE_CHECKING:
    from tether.trace.spans import Recorder
    from tether.trace.store import TraceStore

__all__ = [
    "ALLOWED_STATUS",
    "FAILED_STATUS",
    "Cluster",
    "GateReport",
    "RunResult",
    "check_run",
    "check_targets",
    "fingerprint",
]

ALLOWED_STATUS: frozenset[str | None] = frozenset({"ok", "error", "timeout", "cancelled"})
MAX_PATH_DEPTH = 64


@dataclass(slots=True)
class RunResult:
    """The gate's finding for one run. `signature` is the normalised problem set the
    fingerprint hashes (what a cluster of runs has in common). `failed` says a complete run's
    root ended ``error``, ``timeout`` or ``cancelled``: closed, and failed honestly. `notes`
    are facts worth a look that are not problems (a child that ended after its parent)."""

    run_id: str
    complete: bool
    problems: list[str]
    fingerprint: str | None
    source: str = ""
    signature: tuple[str, ...] = ()
    failed: bool = False
    notes: list[str] = field(default_factory=list)

    @property
    def verdict(self) -> str:
        """What the run is, in the words `tether check` prints."""
        if not self.complete:
            return "incomplete"
        return "complete, failed honestly" if self.failed else "complete"

    def to_json(self) -> dict[str, Any]:
        return {
            "run_id": self.run_id,
            "complete": self.complete,
            "failed_honestly": self.failed,
            "problem_count": len(self.problems),
            "problems": self.problems,
            "fingerprint": self.fingerprint,
            "source": self.source,
            "notes": self.notes,
        }


@dataclass(frozen=True, slots=True)
class Cluster:
    fingerprint: str
    count: int
    run_ids: list[str]
    signature: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "fingerprint": self.fingerprint,
            "count": self.count,
            "run_ids": self.run_ids,
            "problems": list(self.signature),
        }


@dataclass
class GateReport:
    runs: list[RunResult] = field(default_factory=list)
    unreadable: list[tuple[str, str]] = field(default_factory=list)
    fail_on_error: bool = False

    @property
    def exit_code(self) -> int:
        """0 every run complete (an honest failure is complete); 1 any run incomplete, or, with
        `fail_on_error`, any run failed honestly; 2 input unreadable (or no run at all) and no
        run that gives 1. 1 wins over 2."""
        if any(not r.complete or (self.fail_on_error and r.failed) for r in self.runs):
            return 1
        if self.unreadable or not self.runs:
            return 2
        return 0

    def clusters(self) -> dict[str, Cluster]:
        """Fingerprint -> cluster of incomplete runs, the most common first."""
        groups: dict[str, list[RunResult]] = {}
        for r in self.runs:
            if r.fingerprint is not None:
                groups.setdefault(r.fingerprint, []).append(r)
        ordered = sorted(groups.items(), key=lambda kv: -len(kv[1]))
        return {
            fp: Cluster(fp, len(rs), [r.run_id for r in rs], rs[0].signature) for fp, rs in ordered
        }

    def to_json(self) -> dict[str, Any]:
        complete = sum(1 for r in self.runs if r.complete)
        return {
            "exit_code": self.exit_code,
            "runs_checked": len(self.runs),
            "complete": complete,
            "failed_honestly": sum(1 for r in self.runs if r.failed),
            "incomplete": len(self.runs) - complete,
            "runs": [r.to_json() for r in self.runs],
            "unreadable": [{"target": t, "reason": why} for t, why in self.unreadable],
            "clusters": [c.to_json() for c in self.clusters().values()],
        }


def fingerprint(signature: Iterable[str]) -> str:
    """sha256 of the sorted, de-duplicated normalised problems, 12 hex digits."""
    blob = "|".join(sorted(set(signature))).encode()
    return hashlib.sha256(blob).hexdigest()[:12]


# ----------------------------------------------------------------------------- one run


def _cited(attrs: Mapping[str, Any]) -> list[Any]:
    cited = attrs.get(CITES_TOOL_IDS)
    if not cited:
        return []
    if isinstance(cited, str):
        return [cited]
    return list(cited) if isinstance(cited, list | tuple) else [cited]


_OK_ONLY = {"ok"}
_LIST_ONLY = {list}
_TOOL_ONLY = {"tool"}


_Issue = tuple[str, int, Any]  # (code, span position or -1, detail)


def check_run(run: Run) -> RunResult:
    """The gate's problems for one run, with the fingerprint of the set (None if complete)."""
    decoded = run.decoded
    if (
        decoded is not None
        and not run.defects
        and proven_clean(decoded.transposed(), run.root_ids, decoded.checked)
    ):
        return RunResult(run.run_id, True, [], None, run.source)
    built: list[dict[Any, int]] = []  # the id -> position index `_find` built, to reuse
    found = _find(run, built)
    if found is None:  # columns the C-speed passes cannot take (mixed types and the like)
        found = _find_one_by_one(run)
    issues = [issue for issue in found if issue[0] not in _NOTES]
    notes = [_raw(issue, run.columns) for issue in found if issue[0] in _NOTES]
    issues += [("defect", -1, defect) for defect in run.defects]
    if not issues:
        return RunResult(run.run_id, True, [], None, run.source, failed=_failed(run), notes=notes)
    ids = run.columns[0]
    n = len(ids)
    index = built[0] if built else dict(zip(reversed(ids), range(n - 1, -1, -1), strict=True))
    paths = _Paths(run.columns, index)
    problems = [_raw(issue, run.columns) for issue in issues]
    signature = tuple(sorted({_normalised(issue, paths) for issue in issues}))
    fp = fingerprint(signature)
    return RunResult(run.run_id, False, problems, fp, run.source, signature, notes=notes)


_NOTES = frozenset({"child_ends_after_parent"})  # OTel lets a child outlive its parent


def _failed(run: Run) -> bool:
    """Whether a root of the (complete) run ended error, timeout or cancelled."""
    ids, statuses = run.columns[0], run.columns[6]
    return any(statuses[ids.index(r)] in FAILED_STATUS for r in run.root_ids if r in ids)


def check_recorder(recorder: Recorder) -> RunResult:
    """The gate on a run just recorded, read from the recorder's spans as they are (no trip
    through JSON and back): what the runtime, the CLI and the evals decide their status by."""
    rows = [
        (s.id, s.parent_id, s.kind, s.name, s.started_at, s.ended_at, s.status, s.attrs or None)
        for s in recorder.spans.values()
    ]
    return check_run(Run(recorder.run_id, (recorder.root.id,), rows, f"run {recorder.run_id}"))


# A span's problems sort by its position, then in this order (the order `_find_one_by_one`
# meets them in); duplicates, loops and the problems of the root come after.
_RANK = {
    "no_start": 0,
    "open_span": 1,
    "unknown_status": 2,
    "orphan_parent": 3,
    "child_ends_after_parent": 4,
    "cited_missing_tool": 5,
    "bad_time": 6,
    "ends_before_start": 7,
}


def _find(run: Run, built: list[dict[Any, int]] | None = None) -> list[_Issue] | None:
    """Every problem of the run, found column by column: C-speed passes tell whether a kind of
    problem is there at all, and Python looks only at the spans they point at. None when the
    columns hold what the passes cannot take (then `_find_one_by_one` does it). The id ->
    position index it built (first span with an id) goes into `built`, when given."""
    ids, parents, kinds, _names, starts, ends, statuses, attrs = run.columns
    n = len(ids)
    positions = range(n)
    facts = run.facts
    try:
        distinct = set(statuses) if facts is None else facts.statuses
        index: dict[Any, int] = dict(zip(ids, positions, strict=True))
        if len(index) != n:  # duplicates: the first span with an id is the one that counts
            index = dict(zip(reversed(ids), range(n - 1, -1, -1), strict=True))
        index[None] = -1
        try:  # one C call for all the lookups
            parent_pos: Sequence[Any] = pick(index, parents)
        except KeyError:  # a parent not in the run: look again, with None for those
            parent_pos = list(map(index.get, parents))
        del index[None]
    except TypeError:  # unhashable ids, parent ids or statuses
        return None
    found: list[_Issue] = []
    add = found.append

    if (facts is None or not facts.all_started) and None in starts:
        for i in compress(positions, map(is_, starts, repeat(None))):
            add(("no_start", i, None))
    joined_ends: str | None
    if facts is not None:
        joined_ends = facts.ends_joined
        any_open = joined_ends is None and None in ends
    else:
        try:
            joined_ends = "".join(ends)
            any_open = False
        except TypeError:
            joined_ends = None
            any_open = None in ends
    if any_open:
        for i in compress(positions, map(is_, ends, repeat(None))):
            add(("open_span", i, None))
    failed: list[int] = []
    if not distinct <= _OK_ONLY:
        for i in compress(positions, map(ne, statuses, repeat("ok"))):
            if ends[i] is None:
                continue
            if statuses[i] in FAILED_STATUS:
                failed.append(i)
            else:
                add(("unknown_status", i, None))

    try:  # parents listed before their children (which cannot loop), all in the run
        ordered = all(map(lt, parent_pos, positions))
    except TypeError:
        ordered = False
    order: Sequence[int] = parent_pos
    if not ordered and None in parent_pos:
        for i in compress(positions, map(is_, parent_pos, repeat(None))):
            add(("orphan_parent", i, None))
        order = [-1 if p is None else p for p in parent_pos]
        ordered = all(map(lt, order, positions))

    late = _late_children(ends, order, joined_ends)
    if late is None:
        return None
    for i in late:
        add(("child_ends_after_parent", i, order[i]))

    if facts is not None:
        cites = facts.cites
    else:
        try:
            cites = list(filter(None, map(dict.get, filter(None, attrs), repeat(CITES_TOOL_IDS))))
        except TypeError:  # attrs that are not dicts
            return None
    if cites and not _all_tools(cites, index, kinds):
        for i in compress(positions, map(eq, kinds, repeat("model"))):
            if attrs[i]:
                for tool_id in _cited(attrs[i]):
                    k = index.get(tool_id if tool_id.__class__ is str else str(tool_id))
                    if k is None or kinds[k] != "tool":
                        add(("cited_missing_tool", i, tool_id))

    times = _time_issues(starts, ends, joined_ends)
    if times is None:
        return None
    found += times
    if found:
        found.sort(key=lambda issue: (issue[1], _RANK[issue[0]]))
    if len(index) != n:
        for i, sid in enumerate(ids):
            if index[sid] != i:
                add(("duplicate_id", i, None))
    if not ordered:
        for cycle in _cycles(run.columns, index):
            add(("cycle", -1, cycle))
    _root_issues(run, index, any_open, failed, add)
    if built is not None:
        built.append(index)
    return found


def _all_tools(cites: list[Any], index: dict[Any, int], kinds: Sequence[Any]) -> bool:
    """Whether every citation (lists of ids, on any span) names a tool span of the run."""
    if set(map(type, cites)) != _LIST_ONLY:
        return False
    try:
        flat = tuple(chain.from_iterable(cites))
        cited = itemgetter(*flat)(index) if len(flat) > 1 else pick(index, flat)
        return set(pick(kinds, cited)) == _TOOL_ONLY
    except (KeyError, TypeError):  # a citation of no span, or an unhashable one
        return False


def _late_children(
    ends: Sequence[Any], order: Sequence[int], joined: str | None
) -> list[int] | None:
    """Positions of spans that ended more than the tolerance after their parent (both ended);
    None when the end times mix types the passes cannot compare. `joined` is the ends joined,
    when all of them are strings."""
    n = len(ends)
    child: Iterable[Any]
    parent_end: Callable[[int], Any]
    done: Sequence[Any]
    if joined is None:  # some ends missing, epoch seconds or datetimes
        first = next(filter(None, ends), None)  # (an end is never 0 or "")
        if first is None:
            return []
        if first.__class__ is datetime:  # parsed as read (another kind fails to compare)
            return _late_datetimes(ends, order)
        done = list(filter(None, ends))  # the ends there are
        try:
            joined = "".join(done)
        except TypeError:
            try:
                sum(done)
            except TypeError:
                return None
            child = map(_NONE_LOW.get, ends, ends)
            parent_end = (*map(_NONE_HIGH.get, ends, ends), _INF).__getitem__
            limits = map(add, map(parent_end, order), repeat(TOLERANCE_S))
            return list(compress(range(n), map(gt, child, limits)))
        child = map(_NONE_EMPTY.get, ends, ends)
        parent_end = (*map(_NONE_TOP.get, ends, ends), _TOP).__getitem__
    else:
        done = ends
        child = ends
        parent_end = (*ends, _TOP).__getitem__
    if not done:
        return []
    # ISO strings of one shape (same length, zone Z) order as their instants do: all as long
    # as the first when none is shorter and they add up to that, and then every one ends in Z
    width = len(done[0])
    if len(joined) != width * len(done) or min(map(len, done)) != width:
        return None  # several shapes: parsed span by span
    if width < 7 or joined[width - 1 :: width] != "Z" * len(done):
        return None
    if child is ends:  # the usual case: every span ended
        parent_ends: Sequence[Any] = pick((*ends, _TOP), order)
        if not any(map(gt, ends, parent_ends)):
            return []
    else:
        parent_ends = list(map(parent_end, order))
    suspects = compress(range(n), map(gt, child, parent_ends))
    return [i for i in suspects if _later(ends[i], ends[order[i]])]  # the 1 ms tolerance


def _late_datetimes(ends: Sequence[Any], order: Sequence[int]) -> list[int] | None:
    """`_late_children` for ends that are datetimes or None: a C-speed pass finds the ends later
    than their parent's, `later` keeps those past the tolerance. None when they do not compare
    (naive and zoned, or other kinds of value among them)."""
    known = _filled(ends, _LATEST)  # an open span: under it nothing is late, nor is it
    parent_ends = pick(known, order)  # a root's -1 picks the last end: roots are skipped
    try:
        suspects = list(compress(range(len(ends)), map(gt, known, parent_ends)))
    except TypeError:
        return None
    return [
        i
        for i in suspects
        if order[i] >= 0 and ends[i] is not None and _later(ends[i], ends[order[i]])
    ]


def _root_issues(
    run: Run,
    index: dict[Any, int],
    any_open: bool,
    failed: list[int],
    add: Callable[[_Issue], None],
) -> None:
    """missing_root, and a root claiming ok while a span is open or a span below it, at any
    depth, failed and did not recover (`recovery`)."""
    roots = [index[r] for r in run.root_ids if r in index]
    if not roots:
        add(("missing_root", -1, None))
    statuses = run.columns[6]
    claiming = [root for root in roots if statuses[root] == "ok"]
    if not claiming or not (any_open or failed):
        return
    landed: set[int | None] = set()
    if not any_open:
        _, parents, _, names, starts, ends, _, attrs = run.columns
        recovery = Recovery(parents, names, starts, ends, statuses, attrs, index)
        landed = {recovery.lands_on(f) for f in failed}
    for root in claiming:
        if any_open or root in landed:
            add(("root_ok", root, None))


def _find_one_by_one(run: Run) -> list[_Issue]:
    """Every problem of the run, span by span: the plain statement of the rules (and what
    `_find` is tested against)."""
    ids, parents, kinds, _names, starts, ends, statuses, attrs = run.columns
    n = len(ids)
    index: dict[Any, int] = {}
    for i, sid in enumerate(ids):
        index.setdefault(sid, i)
    get = index.get
    issues: list[_Issue] = []
    add = issues.append
    failed: list[int] = []
    any_open = False
    rows = zip(count(), parents, kinds, starts, ends, statuses, attrs)
    for i, pid, kind, start, end, status, attr in rows:
        if start is None:
            add(("no_start", i, None))
        if end is None:
            any_open = True
            add(("open_span", i, None))
        elif status != "ok":
            if status in FAILED_STATUS:
                failed.append(i)
            else:
                add(("unknown_status", i, None))
        if pid is not None:
            j = get(pid)
            if j is None:
                add(("orphan_parent", i, None))
            elif end is not None:
                pend = ends[j]
                if pend is not None and pend != end and _later(end, pend):
                    add(("child_ends_after_parent", i, j))
        if attr and kind == "model":
            for tool_id in _cited(attr):
                k = get(tool_id if tool_id.__class__ is str else str(tool_id))
                if k is None or kinds[k] != "tool":
                    add(("cited_missing_tool", i, tool_id))
        bad_start = start is not None and _not_a_time(start)
        if bad_start:
            add(("bad_time", i, "started_at"))
        if end is not None and _not_a_time(end):
            add(("bad_time", i, "ended_at"))
        elif start is not None and end is not None and not bad_start and _later(start, end):
            add(("ends_before_start", i, None))
    if len(index) != n:
        for i, sid in enumerate(ids):
            if index[sid] != i:
                add(("duplicate_id", i, None))
    for cycle in _cycles(run.columns, index):
        add(("cycle", -1, cycle))
    _root_issues(run, index, any_open, failed, add)
    return issues


def _cycles(columns: Columns, index: dict[str, int]) -> list[list[int]]:
    """The loops among parent links, each once, as lists of positions (child first)."""
    parents = columns[1]
    ok: set[str] = set()  # ids whose chain of parents ends (at a root or a missing parent)
    looped: set[str] = set()  # ids in, or hanging under, a loop
    found: list[list[int]] = []
    for sid, i in index.items():
        pid = parents[i]
        if pid is None or pid in ok or pid not in index:
            ok.add(sid)
            continue
        if sid in ok or sid in looped:
            continue
        path = [i]
        on = {sid}
        cur: str | None = pid
        while True:
            if cur is None or cur in ok:
                ok.update(on)
                break
            if cur in looped:
                looped.update(on)
                break
            if cur in on:
                start = next(k for k, p in enumerate(path) if columns[0][p] == cur)
                found.append(path[start:])
                looped.update(on)
                break
            j = index.get(cur)
            if j is None:
                ok.update(on)
                break
            path.append(j)
            on.add(cur)
            cur = parents[j]
    return found


class _Paths:
    """Kind/name paths from the root, memoised per run."""

    def __init__(self, columns: Columns, index: dict[str, int]) -> None:
        self.columns = columns
        self.index = index
        self.memo: dict[int, str] = {}

    def segment(self, i: int) -> str:
        return f"{self.columns[2][i]}/{self.columns[3][i]}"

    def of(self, i: int) -> str:
        ids, parents = self.columns[0], self.columns[1]
        chain_ = [i]
        cur = parents[i]
        prefix = ""
        capped = False
        while cur is not None:
            j = self.index.get(cur)
            if j is None:
                prefix = "?"
                break
            cached = self.memo.get(j)
            if cached is not None:
                prefix = cached
                break
            if len(chain_) >= MAX_PATH_DEPTH:
                prefix = "…"
                capped = True
                break
            chain_.append(j)
            cur = parents[j]
        text = prefix
        for k in reversed(chain_):
            text = f"{text}>{self.segment(k)}" if text else self.segment(k)
            if not capped and self.index.get(ids[k]) == k:
                self.memo[k] = text
        return text


def _canonical_cycle(cycle: list[int], paths: _Paths) -> tuple[str, str]:
    """(id to report, normalised text): the loop read from its smallest rotation, so the same
    loop reads the same whichever span the walk met first and whatever the ids are. Linear in
    the loop's length (a loop of a million spans must not take a million rotations)."""
    ids = paths.columns[0]
    segs = [paths.segment(i) for i in cycle]
    n = len(segs)
    first = least_rotation(segs)
    period = smallest_period(segs)
    # a loop that repeats itself has several smallest rotations: the smallest id decides
    best = min(range(first % period, n, period), key=lambda k: ids[cycle[k]])
    return ids[cycle[best]], ">".join(segs[best:] + segs[:best])


def _raw(issue: _Issue, columns: Columns) -> str:
    code, i, extra = issue
    ids = columns[0]
    if code == "defect":
        return str(extra)
    if code == "missing_root":
        return "missing_root"
    if code == "root_ok":
        return "root_ok_with_incomplete_or_failed_child"
    if code == "cycle":
        return f"cycle:{_canonical_cycle(extra, _Paths(columns, {}))[0]}"
    if code == "open_span":
        return f"open_span:{ids[i]}:{columns[2][i]}:{columns[3][i]}"
    if code == "unknown_status":
        return f"unknown_status:{ids[i]}:{columns[6][i]}"
    if code == "child_ends_after_parent":
        return f"child_ends_after_parent:{ids[i]}->{ids[extra]}"
    if code == "cited_missing_tool":
        return f"cited_missing_tool:{ids[i]}->{extra}"
    if code == "bad_time":
        return f"bad_time:{ids[i]}:{extra}"
    return f"{code}:{ids[i]}"


def _normalised(issue: _Issue, paths: _Paths) -> str:
    code, i, extra = issue
    if code == "defect":
        return str(extra).partition(":")[0]
    if code == "missing_root":
        return "missing_root"
    if code == "root_ok":
        return "root_ok_with_incomplete_or_failed_child"
    if code == "cycle":
        return f"cycle:{_canonical_cycle(extra, paths)[1]}"
    path = paths.of(i)
    if code == "unknown_status":
        return f"unknown_status:{path}:{paths.columns[6][i]}"
    if code == "child_ends_after_parent":
        return f"child_ends_after_parent:{path}"
    if code == "cited_missing_tool":
        j = paths.index.get(extra if extra.__class__ is str else str(extra))
        return f"cited_missing_tool:{path}->{'?' if j is None else paths.of(j)}"
    if code == "bad_time":
        return f"bad_time:{path}:{extra}"
    return f"{code}:{path}"


# ----------------------------------------------------------------------------- many runs


def check_targets(
    targets: list[str],
    store: TraceStore | None = None,
    last: int | None = None,
    *,
    stream_threshold: int = STREAM_THRESHOLD,
    chunk_size: int = CHUNK_SIZE,
    fail_on_error: bool = False,
    exit_after: bool = False,
) -> GateReport:
    """Check every run in `targets` (files, folders, run ids or unique prefixes in the store)
    and the store's `last` newest runs, one run at a time. With `fail_on_error` a run that
    failed honestly makes the exit code 1 too. `exit_after`: the process ends right after the
    check without tearing down (`tether check`, `os._exit`), so the last run is left for the
    exit instead of freed (a million spans take a third of a second to free) and the cycle
    collector stays off."""
    report = GateReport(fail_on_error=fail_on_error)
    if not targets and last is None:
        report.unreadable.append(("", "nothing to check: give trace files, folders or run ids"))
        return report
    items = iter_runs(
        [t if isinstance(t, Path) else str(t) for t in targets],
        store=store,
        last=last,
        keep_attrs=GATE_ATTRS,
        stream_threshold=stream_threshold,
        chunk_size=chunk_size,
    )
    with _collector_paused(resume=not exit_after):
        for item in items:
            if isinstance(item, ReadError):
                report.unreadable.append((item.source, item.reason))
                continue
            try:
                report.runs.append(check_run(item))
            except TraceFormatError as exc:  # decoded spans that do not make columns
                report.unreadable.append((exc.source, exc.reason))
            if exit_after:  # replaces (frees) the run before: memory stays flat in files
                _LEFT_FOR_EXIT[:] = [item]
            del item  # gone before the collector is back (it would walk a million spans)
    return report


_LEFT_FOR_EXIT: list[Run] = []  # the last run `check_targets(exit_after=True)` checked


@contextmanager
def _collector_paused(resume: bool = True) -> Iterator[None]:
    """Reading traces makes heaps of short-lived dicts and lists but no reference cycles, and
    the cycle collector would walk them over and over for nothing (a twentieth of the time on
    files, much more on a run of a million spans); so it waits until the check is done (as
    Mercurial's `nogc` does around its parsers). Plain reference counting still frees
    everything as it goes, so memory stays as flat as before."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled and resume:
            gc.enable()
