"""The completeness gate and the trace readers it stands on."""

from __future__ import annotations

import json
import re
import types
from collections import Counter
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tether.trace.clean import proven_clean
from tether.trace.formats import (
    GATE_ATTRS,
    ReadError,
    Run,
    TraceFormatError,
    iter_runs,
    read_file,
    runs_from_document,
    seconds,
)
from tether.trace.formats.run_json import _column_facts
from tether.trace.gate import GateReport, _find, _find_one_by_one, check_run, check_targets
from tether.trace.spans import Recorder
from tether.trace.store import TraceStore

DATA = Path(__file__).resolve().parents[1] / "data"
SAMPLE = DATA / "run_7f3a.json"
SHARED = Path(__file__).resolve().parents[3] / "shared"
OTLP_SAMPLES = SHARED / "otlp-samples"
SEED = SHARED / "seeds" / "001_15ccca63d01cb297.txt"

needs_samples = pytest.mark.skipif(not OTLP_SAMPLES.is_dir(), reason="shared/otlp-samples absent")


ISO_1, ISO_2, ISO_3 = (f"2026-12-01T10:00:0{n}.000Z" for n in (1, 2, 3))


def one_run(path: Path | str, **kw: Any) -> Run:
    runs = list(read_file(path, **kw))
    assert len(runs) == 1
    return runs[0]


def span(
    sid: str,
    parent: str | None,
    kind: str = "tool",
    name: str = "step",
    start: Any = 1.0,
    end: Any = 2.0,
    status: str | None = "ok",
    attrs: dict[str, Any] | None = None,
) -> dict[str, Any]:
    return {
        "id": sid,
        "parent_id": parent,
        "kind": kind,
        "name": name,
        "started_at": start,
        "ended_at": end,
        "status": status,
        "attrs": attrs or {},
    }


def write(path: Path, doc: Any) -> Path:
    path.write_bytes(orjson.dumps(doc))
    return path


def run_of(spans: list[dict[str, Any]], root: str | None = "root", run_id: str = "r1") -> Run:
    return next(runs_from_document({"run_id": run_id, "root_id": root, "spans": spans}, "test"))


# ----------------------------------------------------------------------------- the seed sample


def test_seed_sample_fails_with_open_apply_patch_and_lying_root() -> None:
    result = check_run(one_run(SAMPLE))
    assert not result.complete
    assert result.problems == [
        "open_span:span_t1:tool:apply_patch",
        "root_ok_with_incomplete_or_failed_child",
    ]
    assert result.signature == (
        "open_span:run/agent_turn>tool/apply_patch",
        "root_ok_with_incomplete_or_failed_child",
    )
    assert result.fingerprint is not None
    assert re.fullmatch(r"[0-9a-f]{12}", result.fingerprint)


def test_seed_sample_fingerprint_is_stable_across_runs_and_ids(tmp_path: Path) -> None:
    first = check_run(one_run(SAMPLE)).fingerprint
    again = check_run(one_run(SAMPLE)).fingerprint
    text = SAMPLE.read_text()
    for old, new in [("span_root", "a91f"), ("span_m1", "77c0"), ("span_t1", "e3d2")]:
        text = text.replace(old, new)
    renamed = tmp_path / "renamed.json"
    renamed.write_text(text.replace("run_7f3a", "run_8b4c"))
    other = check_run(one_run(renamed))
    assert other.problems[0] == "open_span:e3d2:tool:apply_patch"
    assert first == again == other.fingerprint


def test_seed_sample_exit_code_is_1() -> None:
    report = check_targets([str(SAMPLE)])
    assert report.exit_code == 1
    assert report.to_json()["runs"] == [
        {
            "run_id": "run_7f3a",
            "complete": False,
            "problem_count": 2,
            "problems": [
                "open_span:span_t1:tool:apply_patch",
                "root_ok_with_incomplete_or_failed_child",
            ],
            "fingerprint": report.runs[0].fingerprint,
            "source": str(SAMPLE),
            "failed_honestly": False,
            "notes": [],
        }
    ]


@pytest.mark.skipif(not SEED.is_file(), reason="the seed text is not beside the repository")
def test_seed_sample_same_problems_as_the_seeds_reference_checker() -> None:
    text = SEED.read_text()
    m = re.search(r"#!/usr/bin/env python3\n.*?raise SystemExit\(main\(sys\.argv\)\)\n", text, re.S)
    assert m is not None
    ref = types.ModuleType("check_trace")
    exec(compile(m.group(0), "check_trace.py", "exec"), ref.__dict__)
    assert ref.issues_for(ref.load_trace(SAMPLE)) == check_run(one_run(SAMPLE)).problems


# ----------------------------------------------------------------------------- each problem


def test_a_closed_run_is_complete_and_has_no_fingerprint() -> None:
    result = check_run(
        run_of(
            [
                span("root", None, "run", "agent_turn", 0.5, 10.0),
                span("m", "root", "model", "plan", 1.0, 2.0, attrs={"cites_tool_ids": ["t"]}),
                span("t", "root", "tool", "apply_patch", 2.0, 3.0),
            ]
        )
    )
    assert (result.complete, result.problems, result.fingerprint) == (True, [], None)


@pytest.mark.parametrize(
    ("spans", "root", "expected"),
    [
        ([span("root", None, "run", status="weird")], "root", ["unknown_status:root:weird"]),
        ([span("root", None, "run", status=None)], "root", ["unknown_status:root:None"]),
        ([span("root", None, "run", start=None)], "root", ["no_start:root"]),
        ([span("root", None, "run")], "elsewhere", ["missing_root"]),
        (
            [span("root", None, "run"), span("t", "gone")],
            "root",
            ["orphan_parent:t"],
        ),
        (
            [span("root", None, "run"), span("t", "root"), span("t", "root")],
            "root",
            ["duplicate_id:t"],
        ),
        (
            [span("root", None, "run"), span("a", "b"), span("b", "a")],
            "root",
            ["cycle:a"],
        ),
        ([span("root", None, "run"), span("a", "a")], "root", ["cycle:a"]),
        (
            [span("root", None, "run", end=2.0), span("t", "root", end=2.5)],
            "root",
            [],  # a child may outlive its parent (async work): a note, not a problem
        ),
        (
            [
                span("root", None, "run", end=10.0),
                span("m", "root", "model", attrs={"cites_tool_ids": ["x", "c"]}),
                span("c", "root", "check"),
            ],
            "root",
            ["cited_missing_tool:m->x", "cited_missing_tool:m->c"],
        ),
        (
            [span("root", None, "run", end=10.0), span("t", "root", status="timeout")],
            "root",
            ["root_ok_with_incomplete_or_failed_child"],
        ),
        (
            [
                span("root", None, "run", end=10.0),
                span("t", "root"),
                span("deep", "t", status="error"),
            ],
            "root",
            ["root_ok_with_incomplete_or_failed_child"],  # a failure at any depth
        ),
        (
            [
                span("root", None, "run", end=10.0),
                span("t", "root", attrs={"tether.recovered": True}),
                span("deep", "t", status="error"),
            ],
            "root",
            [],  # the span above the failure says it handled it
        ),
        (
            [
                span("root", None, "run", end=10.0),
                span("t", "root"),
                span("a1", "t", name="fetch", start=1.0, end=2.0, status="timeout"),
                span("a2", "t", name="fetch", start=2.0, end=3.0),
            ],
            "root",
            [],  # a retry of the same name, started after the failure ended, that worked
        ),
        (
            [
                span("root", None, "run", end=10.0),
                span("t", "root"),
                span("a1", "t", name="fetch", start=1.0, end=2.0, status="timeout"),
                span("a2", "t", name="fetch", start=1.5, end=3.0),
            ],
            "root",
            ["root_ok_with_incomplete_or_failed_child"],  # started before the failure ended
        ),
        (
            [
                span("root", None, "run", end=10.0),
                span("t", "root"),
                span("a1", "t", name="fetch", start=1.0, end=2.0, status="error"),
                span("a2", "t", name="other", start=2.0, end=3.0),
            ],
            "root",
            ["root_ok_with_incomplete_or_failed_child"],  # another name is no retry
        ),
        (
            [
                span("root", None, "run", end=10.0),
                span("t", "root"),
                span("a1", "t", name="fetch", start=1.0, end=2.0, status="error"),
                span("deep", "a1", start=1.1, end=1.5, status="error"),
                span("a2", "t", name="fetch", start=2.0, end=3.0),
            ],
            "root",
            [],  # a failure inside an attempt that was retried
        ),
        (
            [
                span("root", None, "run", end=10.0, status="error"),
                span("t", "root"),
                span("deep", "t", status="error"),
            ],
            "root",
            [],  # an honest root over a failure: closed, and failed honestly
        ),
        (
            [
                span("root", None, "run", end=10.0),
                span("m", "root", "model", status="error", attrs={"tether.recovered": True}),
            ],
            "root",
            [],  # a model call that answered after failed attempts
        ),
        (
            [span("root", None, "run", status="error"), span("t", "root", end=None)],
            "root",
            ["open_span:t:tool:step"],  # the root does not claim ok: only the open span
        ),
        (
            [span("root", None, "run", end=10.0), span("t", "root", start="not a date")],
            "root",
            ["bad_time:t:started_at"],
        ),
        (
            [span("root", None, "run", end=10.0), span("t", "root", end=float("nan"))],
            "root",
            ["bad_time:t:ended_at"],
        ),
        (
            [span("root", None, "run", end=10.0), span("t", "root", start=5.0, end=2.0)],
            "root",
            ["ends_before_start:t"],
        ),
        (
            [
                span("root", None, "run", start=ISO_1, end=ISO_3),
                span("t", "root", start=ISO_2, end="2026-13-01T10:00:02.000Z"),  # month 13
            ],
            "root",
            ["bad_time:t:ended_at"],
        ),
        (
            [
                span("root", None, "run", start=ISO_1, end=ISO_3),
                span("t", "root", start=ISO_2, end=ISO_1),  # ended a second before it started
                span("u", "root", start=ISO_2, end=None, status=None),
            ],
            "root",
            [
                "ends_before_start:t",
                "open_span:u:tool:step",
                "root_ok_with_incomplete_or_failed_child",
            ],
        ),
    ],
)
def test_each_problem(spans: list[dict[str, Any]], root: str, expected: list[str]) -> None:
    run = run_of(spans, root)
    result = check_run(run)
    assert result.problems == expected
    assert result.complete is (not expected)
    assert _find_one_by_one(run) == (_find(run) or _find_one_by_one(run))


def test_impossible_times_in_one_shape_are_found_column_by_column() -> None:
    """The columnar search handles ISO strings of one shape and epoch seconds itself (a bad
    time hands the run to the span-by-span search, which names it)."""
    for start, end in ((ISO_2, ISO_1), (5.0, 2.0)):
        root = span("root", None, "run", start=start, end=end)
        run = run_of([root, span("t", "root", start=start, end=end)])
        fast = _find(run)
        assert fast is not None and fast == _find_one_by_one(run)
        assert check_run(run).problems == ["ends_before_start:root", "ends_before_start:t"]
    within = run_of([span("root", None, "run", start=2.0005, end=2.0)])  # the 1 ms tolerance
    assert check_run(within).complete


def test_a_child_ending_late_is_a_note_with_a_tolerance_of_one_millisecond() -> None:
    def late(parent_end: Any, child_end: Any) -> bool:
        spans = [span("root", None, "run", end=parent_end), span("t", "root", end=child_end)]
        result = check_run(run_of(spans))
        assert result.complete  # a note, never a problem
        return any(p.startswith("child_ends") for p in result.notes)

    assert not late(2.0, 2.0009)
    assert late(2.0, 2.0011)
    assert not late("2026-09-06T10:01:08.410Z", "2026-09-06T10:01:08.411Z")
    assert late("2026-09-06T10:01:08.410Z", "2026-09-06T10:01:08.412Z")
    assert not late("2026-09-06T10:01:08.410+00:00", "2026-09-06T12:01:08.411+02:00")
    assert late("2026-09-06T10:01:08.410+00:00", "2026-09-06T12:01:08.412+02:00")
    assert late("2026-09-06T10:01:08Z", "2026-09-06T10:01:08.500Z")
    assert not late("2026-09-06T10:01:09Z", "2026-09-06T10:01:08.500Z")
    assert seconds("2026-09-06T10:01:08.410Z") == pytest.approx(seconds(1788688868.41))


def test_root_claiming_ok_with_an_open_grandchild_is_caught() -> None:
    spans = [
        span("root", None, "run", end=10.0),
        span("t", "root"),
        span("deep", "t", end=None, status=None),
    ]
    assert check_run(run_of(spans)).problems == [
        "open_span:deep:tool:step",
        "root_ok_with_incomplete_or_failed_child",
    ]


# ----------------------------------------------------------------------------- properties

NAMES = st.sampled_from(["plan", "read_file", "apply_patch", "exec", 'x{"}],\\', "é ✓"])
KINDS = st.sampled_from(["model", "tool", "check", "span"])


@st.composite
def closed_trees(draw: st.DrawFn) -> dict[str, Any]:
    """A run whose spans all closed ok, parents listed first, children inside their parent."""
    n = draw(st.integers(min_value=1, max_value=25))
    iso = draw(st.booleans())
    ids = [f"s{i}_{draw(st.integers(0, 99))}" for i in range(n)]
    spans: list[dict[str, Any]] = []
    bounds: list[tuple[float, float]] = []
    for i in range(n):
        if i == 0:
            parent, lo, hi = None, 1_780_000_000.0, 1_780_000_100.0
        else:
            p = draw(st.integers(0, i - 1))
            parent = ids[p]
            plo, phi = bounds[p]
            lo = plo + (phi - plo) * draw(st.floats(0.0, 0.5))
            hi = lo + (phi - lo) * draw(st.floats(0.0, 1.0))
        bounds.append((lo, hi))
        kind = "run" if i == 0 else draw(KINDS)
        spans.append(
            span(
                ids[i],
                parent,
                kind,
                draw(NAMES),
                _fmt(lo, iso),
                _fmt(hi, iso),
                attrs={"note": draw(st.text(max_size=5))},
            )
        )
    tools = [s["id"] for s in spans if s["kind"] == "tool"]
    for s in spans:
        if s["kind"] == "model" and tools:
            s["attrs"]["cites_tool_ids"] = draw(st.lists(st.sampled_from(tools), max_size=2))
    if draw(st.booleans()):  # children before parents too, sometimes
        spans = draw(st.permutations(spans))
    return {"run_id": "run_p", "root_id": ids[0], "spans": spans}


def _fmt(t: float, iso: bool) -> Any:
    if not iso:
        return t
    from datetime import UTC, datetime

    ms = int(t * 1000) / 1000  # millisecond ISO strings, truncated so children stay inside
    return datetime.fromtimestamp(ms, UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def _check_doc(doc: dict[str, Any]) -> Any:
    run = next(runs_from_document(doc, "prop"))
    result = check_run(run)
    # the column-by-column search finds exactly what the span-by-span statement of the rules
    # finds (or gives up, and that one is used)
    fast = _find(run)
    assert fast is None or fast == _find_one_by_one(run)
    return result


PROPS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPS
@given(closed_trees())
def test_property_closed_tree_passes(doc: dict[str, Any]) -> None:
    result = _check_doc(doc)
    assert result.problems == []
    assert result.complete


@PROPS
@given(closed_trees(), st.data())
def test_property_opening_any_span_is_caught(doc: dict[str, Any], data: st.DataObject) -> None:
    victim = data.draw(st.sampled_from(doc["spans"]))
    victim["ended_at"] = None
    victim["status"] = None
    result = _check_doc(doc)
    assert not result.complete
    assert f"open_span:{victim['id']}:{victim['kind']}:{victim['name']}" in result.problems
    if victim["id"] != doc["root_id"]:
        assert "root_ok_with_incomplete_or_failed_child" in result.problems


@PROPS
@given(closed_trees(), st.data(), st.sampled_from(["error", "timeout", "cancelled"]))
def test_property_failing_any_span_below_the_root_is_caught(
    doc: dict[str, Any], data: st.DataObject, status: str
) -> None:
    below = [s for s in doc["spans"] if s["id"] != doc["root_id"]]
    if not below:
        root = doc["spans"][0]
        doc["spans"].append(
            span("only", root["id"], "tool", "x", root["started_at"], root["started_at"])
        )
        below = doc["spans"][-1:]
    victim = data.draw(st.sampled_from(below))
    victim["status"] = status
    retried = any(
        s is not victim and (s["parent_id"], s["name"]) == (victim["parent_id"], victim["name"])
        for s in doc["spans"]
    )
    result = _check_doc(doc)
    if retried:  # a same-name sibling may be a retry that worked: the rule's one exception
        return
    assert result.problems == ["root_ok_with_incomplete_or_failed_child"]
    root = next(s for s in doc["spans"] if s["id"] == doc["root_id"])
    root["status"] = "error"  # the root says so: closed, and failed honestly
    honest = _check_doc(doc)
    assert (honest.complete, honest.failed) == (True, True)


@PROPS
@given(closed_trees(), st.data(), st.sampled_from(["open", "error", "cite", "recovered", "none"]))
def test_property_the_gates_lean_read_finds_what_the_full_read_finds(
    tmp_path_factory: pytest.TempPathFactory, doc: dict[str, Any], data: st.DataObject, what: str
) -> None:
    victim = data.draw(st.sampled_from(doc["spans"]))
    if what == "open":
        victim["ended_at"] = victim["status"] = None
    elif what in ("error", "recovered"):
        victim["status"] = "error"
        if what == "recovered":
            victim["attrs"]["tether.recovered"] = True
    elif what == "cite":
        victim["kind"] = "model"
        victim["attrs"]["cites_tool_ids"] = [data.draw(st.sampled_from(doc["spans"]))["id"], "x"]
    path = write(tmp_path_factory.mktemp("lean") / "run.json", doc)
    lean = one_run(path, keep_attrs=GATE_ATTRS)
    assert all(a is None or type(a).__name__ == "_Attrs" for a in lean.columns[7])  # lean
    full = check_run(one_run(path))
    assert (check_run(lean).problems, check_run(lean).failed) == (full.problems, full.failed)
    chunk = data.draw(st.integers(16, 400))
    streamed = one_run(path, keep_attrs=GATE_ATTRS, stream_threshold=0, chunk_size=chunk)
    assert check_run(streamed).problems == full.problems


# What the quick yes (`tether.trace.clean`) must never call clean: each of these makes the full
# gate find a problem or a note, or makes the spans not normal (the full reader then decides).
QUICK_TRAPS = [
    "none", "open", "error", "unknown", "orphan", "duplicate", "empty_parent", "number_id",
    "no_id", "bad_time", "empty_time", "zero_time", "int_time", "late", "other_shape", "cite",
    "cite_number", "cite_string", "shuffle", "no_root", "loop", "number_kind", "null_attrs",
    "loop_in_time", "empty_start", "zero_end", "short_shape", "month_13", "lowercase_zone",
    "escaped_lowercase_zone", "no_zone", "before_start", "epoch_start", "cited_list_kind",
]  # fmt: skip


def _trap(doc: dict[str, Any], what: str, choose: Callable[[list[Any]], Any]) -> None:
    """Change `what` in a clean run, in the span `choose` picks below its root (the root when
    it is alone)."""
    spans = doc["spans"]
    spans.sort(key=lambda s: int(s["id"][1:].partition("_")[0]))  # parents first: provable
    victim = choose(spans[1:] or spans)
    later = {str: "2099-01-01T00:00:00.000Z", float: 4_102_444_800.0}
    changes: dict[str, dict[str, Any]] = {
        "open": {"ended_at": None, "status": None},
        "error": {"status": "error"},
        "unknown": {"status": "done"},
        "orphan": {"parent_id": "gone"},
        "empty_parent": {"parent_id": ""},
        "number_id": {"id": 7},
        "bad_time": {"started_at": [1]},
        "empty_time": {"ended_at": ""},
        "zero_time": {"started_at": 0},
        "int_time": {"ended_at": 1_780_000_000},
        "late": {"ended_at": later[type(victim["ended_at"])]},
        "number_kind": {"kind": 5},
        "null_attrs": {"attrs": None},
        "cite": {"kind": "model", "attrs": {"cites_tool_ids": [spans[0]["id"]]}},
        "cite_number": {"kind": "model", "attrs": {"cites_tool_ids": [3]}},
        "cite_string": {"kind": "model", "attrs": {"cites_tool_ids": victim["id"]}},
    }
    if what in changes:
        victim.update(changes[what])
    elif what == "other_shape" and isinstance(victim["ended_at"], str):
        victim["ended_at"] = victim["ended_at"][:-1] + "+00:00"
    elif what == "duplicate":
        spans.append(dict(victim))
    elif what == "no_id":
        del victim["id"]
    elif what == "shuffle":
        spans.reverse()
    elif what == "no_root":
        doc["root_id"] = "elsewhere"
    elif what == "loop":
        spans[0]["parent_id"] = spans[-1]["id"]
    elif what == "loop_in_time" and victim is not spans[0]:  # no end later than another's
        victim["parent_id"] = victim["id"]
    elif what in ("empty_start", "zero_end"):
        key = "started_at" if what == "empty_start" else "ended_at"
        victim[key] = "" if isinstance(victim[key], str) else 0.0
    elif what == "short_shape" and isinstance(victim["ended_at"], str):
        victim["ended_at"] = victim["ended_at"][:19] + "Z"  # no milliseconds
    elif what == "month_13" and isinstance(victim["ended_at"], str):
        victim["ended_at"] = victim["ended_at"][:5] + "13" + victim["ended_at"][7:]
    elif what in ("lowercase_zone", "escaped_lowercase_zone") and isinstance(
        victim["ended_at"], str
    ):  # msgspec parses a lowercase z, datetime.fromisoformat does not (the gate: bad_time)
        victim["ended_at"] = victim["ended_at"][:-1] + "z"
        doc["escape_z"] = what == "escaped_lowercase_zone"  # written \u007a: `_same_answers`
    elif what == "no_zone" and isinstance(victim["ended_at"], str):
        victim["ended_at"] = victim["ended_at"][:-1]  # naive: taken as UTC by the gate
    elif what == "epoch_start" and isinstance(victim["started_at"], str):
        victim["started_at"] = "1970-01-01T00:00:00.000Z"  # a time, though 0 epoch seconds
    elif what == "cited_list_kind":  # a citation of a span whose kind cannot be hashed
        victim.update(kind=["tool"], attrs={"cites_tool_ids": [victim["id"]]})
    elif what == "before_start":
        victim["started_at"], victim["ended_at"] = victim["ended_at"], victim["started_at"]


def _same_answers(doc: dict[str, Any], folder: Path) -> None:
    """The gate on a run file read lean (proven clean from its columns as decoded when it can
    be, `proven_clean`), streamed (batches with parsed times become epoch seconds, the others
    stay as written, in one run) and read the full way: the same report, whatever is in the
    file."""
    path = write(folder / "run.json", doc)
    if doc.get("escape_z"):
        path.write_bytes(path.read_bytes().replace(b'z"', b'\\u007a"'))
    lean = check_targets([str(path)])
    full = GateReport()
    try:
        full.runs.extend(check_run(run) for run in read_file(path))
    except TraceFormatError as exc:
        full.unreadable.append((exc.source, exc.reason))
    assert lean.to_json() == full.to_json()
    for chunk in (64, 1 << 20):  # a span or two per batch; all in one
        streamed = check_targets([str(path)], stream_threshold=0, chunk_size=chunk)
        assert streamed.to_json() == full.to_json()


@settings(PROPS, max_examples=150)
@given(closed_trees(), st.data(), st.sampled_from(QUICK_TRAPS))
def test_property_the_quick_yes_agrees_with_the_full_gate(
    tmp_path_factory: pytest.TempPathFactory, doc: dict[str, Any], data: st.DataObject, what: str
) -> None:
    _trap(doc, what, lambda spans: data.draw(st.sampled_from(spans)))
    _same_answers(doc, tmp_path_factory.mktemp("quick"))


@pytest.mark.parametrize("times", ["iso", "epoch"])
@pytest.mark.parametrize("what", QUICK_TRAPS)
def test_the_quick_yes_agrees_with_the_full_gate_on_each_trap(
    tmp_path: Path, what: str, times: str
) -> None:
    def at(s: float) -> Any:
        return 1_780_000_000.0 + s if times == "epoch" else f"2026-05-28T20:00:0{s:.3f}Z"

    doc = {
        "run_id": "r",
        "root_id": "s0_0",
        "spans": [
            span("s0_0", None, "run", "turn", at(0), at(9)),
            span("s1_0", "s0_0", "tool", "read_file", at(1), at(2)),
            span("s2_0", "s0_0", "model", "chat", at(3), at(4)),
            span("s3_0", "s1_0", "check", "exec", at(1.5), at(1.75)),
        ],
    }
    doc["spans"][2]["attrs"] = {"cites_tool_ids": ["s1_0"]}
    clean = check_targets([str(write(tmp_path / "clean.json", doc))])
    assert clean.exit_code == 0 and not clean.runs[0].notes
    if what == "none":  # proven clean without its columns in normal form
        run = one_run(write(tmp_path / "run.json", doc), keep_attrs=GATE_ATTRS)
        assert run.decoded is not None and run.decoded.checked == (times == "iso")
        assert proven_clean(run.decoded.transposed(), run.root_ids, run.decoded.checked)
    _trap(doc, what, lambda spans: spans[-1])  # a leaf, two levels down
    _same_answers(doc, tmp_path)


@PROPS
@given(closed_trees(), st.data())
def test_property_orphaning_any_span_is_caught(doc: dict[str, Any], data: st.DataObject) -> None:
    victim = data.draw(st.sampled_from(doc["spans"]))
    victim["parent_id"] = "never_written"
    result = _check_doc(doc)
    assert f"orphan_parent:{victim['id']}" in result.problems
    assert not result.complete


@PROPS
@given(closed_trees(), st.data())
def test_property_duplicating_any_span_is_caught(doc: dict[str, Any], data: st.DataObject) -> None:
    victim = data.draw(st.sampled_from(doc["spans"]))
    doc["spans"].insert(data.draw(st.integers(0, len(doc["spans"]))), dict(victim))
    result = _check_doc(doc)
    assert f"duplicate_id:{victim['id']}" in result.problems


@PROPS
@given(closed_trees(), st.data())
def test_property_a_loop_in_the_parents_is_caught(doc: dict[str, Any], data: st.DataObject) -> None:
    by_id = {s["id"]: s for s in doc["spans"]}
    victim = data.draw(st.sampled_from(doc["spans"]))
    below = [s for s in doc["spans"] if _ancestors(s, by_id) & {victim["id"]}] + [victim]
    victim["parent_id"] = data.draw(st.sampled_from(below))["id"]  # under itself, in the end
    result = _check_doc(doc)
    assert any(p.startswith("cycle:") for p in result.problems)
    assert not result.complete


def _ancestors(span_: dict[str, Any], by_id: dict[str, dict[str, Any]]) -> set[str]:
    seen: set[str] = set()
    while span_["parent_id"] is not None and span_["parent_id"] not in seen:
        seen.add(span_["parent_id"])
        span_ = by_id[span_["parent_id"]]
    return seen


@PROPS
@given(closed_trees(), st.data())
def test_property_fingerprints_ignore_ids(doc: dict[str, Any], data: st.DataObject) -> None:
    mutation = data.draw(st.sampled_from(["open", "orphan", "fail", "cite"]))
    victim = data.draw(st.sampled_from(doc["spans"]))
    if mutation == "open":
        victim["ended_at"] = victim["status"] = None
    elif mutation == "orphan":
        victim["parent_id"] = "lost"
    elif mutation == "fail":
        victim["status"] = "error"
    else:
        victim["kind"] = "model"
        victim["attrs"]["cites_tool_ids"] = ["ghost"]
    before = _check_doc(doc)
    renamed = json.loads(json.dumps(doc))
    new = {s["id"]: f"z{i}_{data.draw(st.integers(0, 10**6))}" for i, s in enumerate(doc["spans"])}
    for s in renamed["spans"]:
        s["id"] = new[s["id"]]
        s["parent_id"] = new.get(s["parent_id"], s["parent_id"])
        if "cites_tool_ids" in s["attrs"]:
            s["attrs"]["cites_tool_ids"] = [new.get(c, c) for c in s["attrs"]["cites_tool_ids"]]
    renamed["root_id"] = new[doc["root_id"]]
    renamed["run_id"] = "another_run"
    after = _check_doc(renamed)
    assert after.fingerprint == before.fingerprint
    assert after.signature == before.signature
    assert len(after.problems) == len(before.problems)


@settings(max_examples=25, deadline=None)
@given(closed_trees(), st.integers(min_value=1, max_value=300))
def test_property_streaming_reads_what_a_whole_read_reads(
    tmp_path_factory: pytest.TempPathFactory, doc: dict[str, Any], chunk: int
) -> None:
    path = write(tmp_path_factory.mktemp("stream") / "run.json", doc)
    whole = one_run(path)
    streamed = one_run(path, stream_threshold=0, chunk_size=chunk)
    assert (streamed.run_id, streamed.root_ids, streamed.spans) == (
        whole.run_id,
        whole.root_ids,
        whole.spans,
    )


# ----------------------------------------------------------------------------- OTLP samples


def _index() -> dict[str, dict[str, Any]]:
    if not OTLP_SAMPLES.is_dir():
        return {}
    index = json.loads((OTLP_SAMPLES / "INDEX.json").read_text())
    return {e["file"]: e for e in index["otlp_files"] + index["other_format_files"]}


INDEX = _index()
SAMPLE_FILES = sorted(p.name for p in OTLP_SAMPLES.glob("*.json*") if p.name != "INDEX.json")


def _hex(raw: str) -> str:
    import base64

    if re.fullmatch(r"[0-9a-fA-F]{16}|[0-9a-fA-F]{32}", raw):
        return raw.lower()
    return base64.b64decode(raw).hex()


@needs_samples
@pytest.mark.parametrize("name", SAMPLE_FILES)
def test_every_sample_is_read_and_matches_its_facts(name: str) -> None:
    facts = INDEX[name]["facts"]
    path = OTLP_SAMPLES / name
    if name.startswith("OTHER_inspect_ai"):
        with pytest.raises(TraceFormatError, match="looks like an inspect_ai eval log") as info:
            list(read_file(path))
        assert str(path) in str(info.value)
        return
    runs = list(read_file(path))
    spans = [s for r in runs for s in r.spans]
    ids = {s[0] for s in spans}
    assert len(spans) == facts.get("spans", facts.get("observations"))
    assert len(runs) == facts.get("distinct_trace_ids", 1)
    missing = {s[1] for s in spans if s[1] is not None and s[1] not in ids}
    orphans = [s for s in spans if s[1] is not None and s[1] not in ids]
    assert len(orphans) == facts.get("orphan_spans", facts.get("orphan_observations"))
    if "orphan_parent_ids" in facts:
        expected = {p if p.startswith("span_") else _hex(p) for p in facts["orphan_parent_ids"]}
        assert missing == expected
    errors = facts.get("error_status_spans", facts.get("error_spans", 0))
    assert sum(1 for s in spans if s[6] == "error") == errors
    if "duplicate_span_ids" in facts:
        assert len(spans) - len(ids) == facts["duplicate_span_ids"]
    if "root_spans_no_parent" in facts:
        assert sum(1 for s in spans if s[1] is None) == facts["root_spans_no_parent"]
    if INDEX[name].get("format", "").startswith("otlp"):
        assert all(re.fullmatch(r"[0-9a-f]*", s[0]) for s in spans)
    streamed = list(read_file(path, stream_threshold=0, chunk_size=64))  # read in 64-byte bites
    assert [(r.run_id, r.root_ids, r.spans) for r in streamed] == [
        (r.run_id, r.root_ids, r.spans) for r in runs
    ]
    for run in runs:  # and the gate says something about every one of them
        result = check_run(run)
        flagged = {p.split(":")[1] for p in result.problems if p.startswith("orphan_parent:")}
        assert {s[0] for s in run.spans if s[1] is not None and s[1] not in ids} <= flagged


@needs_samples
def test_gen_ai_spans_get_tethers_kinds() -> None:
    run = one_run(OTLP_SAMPLES / "agentevals_adk_py_v2_default_S6b_tool_error.json")
    kinds = Counter(s[2] for s in run.spans)
    assert kinds == {"model": 2, "tool": 1, "span": 4}
    tool = next(s for s in run.views() if s.kind == "tool")
    assert (tool.name, tool.status, tool.attrs["error.type"]) == (
        "execute_tool get_stock_price",
        "error",
        "TOOL_ERROR",
    )


@needs_samples
def test_samples_folder_reads_file_by_file() -> None:
    report = check_targets([str(OTLP_SAMPLES)])
    bad = dict(report.unreadable)
    assert set(bad) == {
        str(OTLP_SAMPLES / "INDEX.json"),
        str(OTLP_SAMPLES / "OTHER_inspect_ai_eval_log_popularity_cancelled.json"),
    }
    assert "not a trace format tether reads" in bad[str(OTLP_SAMPLES / "INDEX.json")]
    assert len(report.runs) == sum(
        INDEX[n]["facts"].get("distinct_trace_ids", 1) for n in SAMPLE_FILES if "inspect" not in n
    )
    assert report.exit_code == 1  # orphans and the like in several of them
    clusters = report.clusters()
    assert sum(c.count for c in clusters.values()) == sum(1 for r in report.runs if not r.complete)
    counts = [c.count for c in clusters.values()]
    assert counts == sorted(counts, reverse=True)


# ----------------------------------------------------------------------------- a real OTel SDK


def _otlp_json(spans: Any) -> bytes:
    """What an OTLP/HTTP JSON exporter sends: the SDK's own encoder, protobuf's JSON mapping."""
    from google.protobuf.json_format import MessageToJson
    from opentelemetry.exporter.otlp.proto.common.trace_encoder import encode_spans

    return MessageToJson(encode_spans(spans)).encode()


def test_a_trace_from_the_real_opentelemetry_sdk(tmp_path: Path) -> None:
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
    from opentelemetry.trace import Status, StatusCode

    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    tracer = provider.get_tracer("tether-test")
    with tracer.start_as_current_span("agent_turn", attributes={"tether.kind": "run"}) as root:
        with tracer.start_as_current_span("tool apply_patch") as tool:
            tool.set_attribute("gen_ai.operation.name", "execute_tool")
            tool.set_attribute("attempts", [1, 2])
        tool_id = format(tool.get_span_context().span_id, "016x")
        with tracer.start_as_current_span("chat gpt-4.1") as model:
            model.set_attribute("gen_ai.operation.name", "chat")
            model.set_attribute("cites_tool_ids", [tool_id])
        with tracer.start_as_current_span("retry") as failed:
            failed.set_status(Status(StatusCode.ERROR, "boom"))
            failed.set_attribute("tether.recovered", True)
    path = tmp_path / "otel.json"
    path.write_bytes(_otlp_json(exporter.get_finished_spans()))
    assert '"spanId"' in path.read_text()  # camelCase, base64 ids: protobuf's JSON mapping

    run = one_run(path)
    assert run.run_id == format(root.get_span_context().trace_id, "032x")
    assert run.root_ids == (format(root.get_span_context().span_id, "016x"),)
    views = {v.name: v for v in run.views()}
    assert views["agent_turn"].kind == "run"
    assert views["tool apply_patch"].kind == "tool"
    assert views["tool apply_patch"].id == tool_id
    assert views["tool apply_patch"].attrs["attempts"] == [1, 2]
    assert views["chat gpt-4.1"].kind == "model"
    assert views["retry"].status == "error"
    assert views["agent_turn"].status == "ok"  # UNSET
    assert isinstance(views["retry"].ended_at, float)
    result = check_run(run)
    assert result.problems == []


def test_an_otel_parent_that_never_ended_was_never_exported(tmp_path: Path) -> None:
    from opentelemetry import trace
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    tracer = provider.get_tracer("tether-test")
    root = tracer.start_span("agent_turn")  # the process dies before it ends
    with tracer.start_as_current_span("chat", context=trace.set_span_in_context(root)) as child:
        child.set_attribute("gen_ai.operation.name", "chat")
    path = tmp_path / "cut.json"
    path.write_bytes(_otlp_json(exporter.get_finished_spans()))

    result = check_run(one_run(path))
    child_id = format(child.get_span_context().span_id, "016x")
    assert result.problems == [f"orphan_parent:{child_id}", "missing_root"]
    assert result.signature == ("missing_root", "orphan_parent:?>model/chat")
    assert check_targets([str(path)]).exit_code == 1


def test_otlp_variants_parse_alike(tmp_path: Path) -> None:
    def doc(ids: tuple[str, str, str], container: str, kind: Any, code: Any) -> dict[str, Any]:
        trace_id, root, child = ids
        return {
            "resourceSpans": [
                {
                    container: [
                        {
                            "spans": [
                                {
                                    "traceId": trace_id,
                                    "spanId": root,
                                    "name": "root",
                                    "kind": kind,
                                    "startTimeUnixNano": "1000000000",
                                    "endTimeUnixNano": 3000000000,
                                },
                                {
                                    "traceId": trace_id,
                                    "spanId": child,
                                    "parentSpanId": root,
                                    "name": "child",
                                    "startTimeUnixNano": 1500000000,
                                    "endTimeUnixNano": "0",
                                    "status": {"code": code},
                                },
                            ]
                        }
                    ]
                }
            ]
        }

    hex_ids = ("5B8EFFF798038103D269B633813FC60C", "EEE19B7EC3C1B174", "EEE19B7EC3C1B175")
    b64_ids = ("W47/95gDgQPSabYzgT/GDA==", "7uGbfsPBsXQ=", "7uGbfsPBsXU=")
    a = one_run(write(tmp_path / "a.json", doc(hex_ids, "scopeSpans", 2, 2)))
    b = one_run(
        write(
            tmp_path / "b.json",
            doc(b64_ids, "instrumentationLibrarySpans", "SPAN_KIND_SERVER", "STATUS_CODE_ERROR"),
        )
    )
    assert a.spans == b.spans
    assert a.run_id == b.run_id == "5b8efff798038103d269b633813fc60c"
    child = a.views()[1]
    assert (child.parent_id, child.ended_at, child.status) == ("eee19b7ec3c1b174", None, None)
    assert check_run(a).problems == [
        "open_span:eee19b7ec3c1b175:span:child",
        "root_ok_with_incomplete_or_failed_child",
    ]


# ----------------------------------------------------------------------------- bad input


def test_bad_files_are_named_with_their_reason(tmp_path: Path) -> None:
    good = SAMPLE.read_bytes()
    (tmp_path / "truncated.json").write_bytes(good[: len(good) // 2])
    write(tmp_path / "schema.json", {"hello": "world"})
    (tmp_path / "latin1.json").write_bytes(b'{"run_id": "caf\xe9", "spans": []}')
    (tmp_path / "empty.json").write_bytes(b"")
    cases = {
        "truncated.json": "truncated JSON",
        "schema.json": "not a trace format tether reads: a JSON object with keys hello",
        "latin1.json": "not UTF-8 text: byte 0xe9 at offset 15",
        "empty.json": "empty file",
        "missing.json": "no such file",
    }
    for name, reason in cases.items():
        with pytest.raises(TraceFormatError) as info:
            list(read_file(tmp_path / name))
        assert info.value.source == str(tmp_path / name)
        assert reason in info.value.reason, info.value.reason
        assert "\n" not in str(info.value)


def test_a_folder_of_mixed_files_checks_the_good_ones(tmp_path: Path) -> None:
    folder = tmp_path / "traces"
    folder.mkdir()
    ok = {"run_id": "ok1", "root_id": "r", "spans": [span("r", None, "run")]}
    write(folder / "a_ok.json", ok)
    (folder / "b_truncated.json").write_bytes(orjson.dumps(ok)[:-9])
    write(folder / "c_schema.json", [{"something": "else"}])
    (folder / "d_lines.jsonl").write_bytes(
        orjson.dumps({**ok, "run_id": "ok2"}) + b"\n\n" + orjson.dumps({**ok, "run_id": "ok3"})
    )
    (folder / "notes.txt").write_text("not read")
    report = check_targets([str(folder)])
    assert [r.run_id for r in report.runs] == ["ok1", "ok2", "ok3"]
    assert [Path(t).name for t, _ in report.unreadable] == ["b_truncated.json", "c_schema.json"]
    assert "truncated JSON" in report.unreadable[0][1]
    assert report.unreadable[1][1].startswith("item 0 of the list: not a trace format")
    assert report.exit_code == 2

    write(folder / "e_open.json", json.loads(SAMPLE.read_text()))
    report = check_targets([str(folder)])
    assert report.exit_code == 1  # an incomplete run wins over unreadable input
    assert len(report.unreadable) == 2

    for name in ("b_truncated.json", "c_schema.json", "e_open.json"):
        (folder / name).unlink()
    assert check_targets([str(folder)]).exit_code == 0


def test_nothing_to_read_is_an_input_error(tmp_path: Path) -> None:
    assert check_targets([str(tmp_path)]).unreadable == [
        (str(tmp_path), "no *.json or *.jsonl files in this folder")
    ]
    assert check_targets([]).exit_code == 2
    write(tmp_path / "none.json", {"resourceSpans": []})
    report = check_targets([str(tmp_path / "none.json")])
    assert report.exit_code == 2
    assert "no spans" in report.unreadable[0][1]


def test_a_list_of_runs_and_runs_per_line(tmp_path: Path) -> None:
    sample = json.loads(SAMPLE.read_text())
    other = {**sample, "run_id": "run_other"}
    write(tmp_path / "list.json", [sample, other])
    assert [r.run_id for r in read_file(tmp_path / "list.json")] == ["run_7f3a", "run_other"]
    (tmp_path / "lines.jsonl").write_bytes(orjson.dumps(sample) + b"\n" + orjson.dumps(other))
    assert [r.run_id for r in read_file(tmp_path / "lines.jsonl")] == ["run_7f3a", "run_other"]
    assert [
        r.run_id for r in read_file(tmp_path / "list.json", stream_threshold=0, chunk_size=50)
    ] == ["run_7f3a", "run_other"]


def test_a_big_file_is_streamed_in_chunks(tmp_path: Path) -> None:
    n = 20_000
    spans = [span("root", None, "run", start=0.5, end=100.0)] + [
        span(f"s{i}", "root", "tool", 'say "}],[{"', 1.0, 2.0, attrs={"k": '{[\\"'})
        for i in range(n)
    ]
    spans[777]["ended_at"] = None
    path = write(tmp_path / "big.json", {"spans": spans, "root_id": "root", "run_id": "big"})
    streamed = one_run(path, stream_threshold=0, chunk_size=64 * 1024)
    assert len(streamed.spans) == n + 1
    assert streamed.spans == one_run(path).spans
    result = check_targets([str(path)], stream_threshold=0, chunk_size=64 * 1024).runs[0]
    assert result.problems == [
        'open_span:s776:tool:say "}],[{"',
        "root_ok_with_incomplete_or_failed_child",
    ]


def test_truncated_big_file_is_reported(tmp_path: Path) -> None:
    doc = {"run_id": "big", "root_id": "r", "spans": [span(f"s{i}", None) for i in range(500)]}
    path = tmp_path / "cut.json"
    path.write_bytes(orjson.dumps(doc)[:-3000])
    with pytest.raises(TraceFormatError, match="truncated JSON"):
        list(read_file(path, stream_threshold=0, chunk_size=1000))


# ----------------------------------------------------------------------------- the store


def _record(store: TraceStore, *, leave_open: bool = False) -> str:
    rec = Recorder("agent_turn", sink=store)
    with rec.span("model", "plan") as model:
        pass
    tool = rec.start("tool", "apply_patch")
    model.attrs["cites_tool_ids"] = [tool.id]
    if not leave_open:
        rec.end(tool)
    rec.finish("ok" if leave_open else None)
    store.flush()
    return rec.run_id


def test_store_runs_by_id_prefix_and_last(tmp_path: Path) -> None:
    with TraceStore(tmp_path / "t.db") as store:
        good = _record(store)
        report = check_targets([good], store=store)
        assert [r.run_id for r in report.runs] == [good]
        assert report.exit_code == 0
        assert check_targets([good[:10]], store=store).runs[0].run_id == good

        bad = _record(store, leave_open=True)
        report = check_targets([], store=store, last=2)
        assert {r.run_id for r in report.runs} == {good, bad}
        assert report.exit_code == 1
        result = next(r for r in report.runs if r.run_id == bad)
        assert result.signature == (
            "open_span:run/agent_turn>tool/apply_patch",
            "root_ok_with_incomplete_or_failed_child",
        )
        assert result.source == f"store:{bad}"

        missing = check_targets(["no_such_run"], store=store)
        assert missing.exit_code == 2
        assert "no such file, folder or run id" in missing.unreadable[0][1]


def test_run_ids_without_a_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TETHER_TRACE_STORE", str(tmp_path / "absent.db"))
    report = check_targets(["abc123"])
    assert report.unreadable == [
        (
            "abc123",
            f"no such file or folder, and no trace store at {tmp_path / 'absent.db'} "
            "to look run ids up in",
        )
    ]
    assert not (tmp_path / "absent.db").exists()


def test_iter_runs_is_lazy(tmp_path: Path) -> None:
    for i in range(3):
        write(
            tmp_path / f"r{i}.json", {"run_id": f"r{i}", "root_id": "a", "spans": [span("a", None)]}
        )
    items = iter_runs([str(tmp_path)])
    first = next(items)
    assert isinstance(first, Run)
    assert first.run_id == "r0"
    (tmp_path / "r2.json").write_text("{")  # read only when reached
    rest = list(items)
    assert isinstance(rest[-1], ReadError)


def test_otlp_lines_group_a_trace_across_lines(tmp_path: Path) -> None:
    def line(span_id: str, parent: str | None, name: str) -> bytes:
        raw: dict[str, Any] = {
            "traceId": "ab" * 16,
            "spanId": span_id,
            "name": name,
            "startTimeUnixNano": "1700000000000000000",
            "endTimeUnixNano": "1700000001000000000",
            "attributes": [{"key": "gen_ai.operation.name", "value": {"stringValue": "chat"}}],
        }
        if parent:
            raw["parentSpanId"] = parent
        return orjson.dumps({"resourceSpans": [{"scopeSpans": [{"spans": [raw]}]}]})

    path = tmp_path / "collector.jsonl"  # the collector's file exporter: a batch per line
    path.write_bytes(line("01" * 8, "02" * 8, "chat") + b"\n" + line("02" * 8, None, "root"))
    run = one_run(path)
    assert (run.run_id, run.root_ids, len(run)) == ("ab" * 16, ("02" * 8,), 2)
    assert [v.kind for v in run.views()] == ["model", "model"]
    assert check_run(run).complete


def test_streamed_times_stay_the_zoned_datetimes_parsed_in_normal_form(tmp_path: Path) -> None:
    """The gate streams a big run file with its times parsed as read: zoned times stay the
    datetimes parsed (the gate compares them as they are), the epoch itself is a time (0 is no
    time in normal form), a batch whose times are not all zoned RFC 3339 stays as written; the
    columns are in normal form throughout."""
    spans = [
        span("r", None, "run", "turn", "2026-05-28T20:00:00.000Z", "2026-05-28T20:00:09.000-02:00"),
        span("a", "r", "tool", "x", "1970-01-01T00:00:00Z", "2026-05-28T20:00:01.500Z"),
        span("b", "r", "tool", "y", "2026-05-28T20:00:02", "2026-05-28T20:00:03.000Z"),  # naive
    ]
    path = write(tmp_path / "run.json", {"run_id": "e", "root_id": "r", "spans": spans})
    run = one_run(path, keep_attrs=GATE_ATTRS, stream_threshold=0, chunk_size=1 << 20)
    assert list(run.columns[4]) == [s["started_at"] for s in spans]  # one batch, one naive time
    small = one_run(path, keep_attrs=GATE_ATTRS, stream_threshold=0, chunk_size=64)
    starts, ends = small.columns[4], small.columns[5]
    assert isinstance(starts[0], datetime) and isinstance(ends[0], datetime)  # a span per batch
    assert ends[0].utcoffset() == timedelta(hours=-2)
    assert (seconds(starts[0]), seconds(ends[0])) == (1_779_998_400.0, 1_780_005_609.0)
    assert (seconds(starts[1]), seconds(ends[1])) == (0.0, 1_779_998_401.5)
    assert starts[2] == "2026-05-28T20:00:02"  # naive: that batch as written
    assert _column_facts(small.columns) is not None  # normal form: no 0 for a time
    assert check_run(small).complete


def test_streamed_datetimes_get_the_answers_of_the_file_read_whole(tmp_path: Path) -> None:
    """Every rule that reads times, on the datetimes of a streamed file (in one batch, and a
    span or two per batch) as on the strings of the file read whole: a late child (a note), an
    end before its start, an open span under a parent, a failure retried by a later sibling."""
    t = "2026-05-28T20:00:{:06.3f}Z".format
    spans = [
        span("r", None, "run", "turn", t(0), t(30)),
        span("late", "r", "tool", "x", t(1), t(31)),  # ends a second after the root
        span("back", "r", "tool", "y", t(5), t(4)),  # ends before it starts
        span("fail", "r", "tool", "q", t(6), t(7), status="error"),
        span("retry", "r", "tool", "q", t(7.5), t(8)),  # the retry that worked
        span("edge", "r", "tool", "w", t(8), t(30.001)),  # within the tolerance
        span("p", "r", "tool", "v", t(9), None, status=None),
        span("c", "p", "check", "u", t(9.5), t(9.7)),  # under an open parent
    ]
    found = []
    for name, doc_spans in (("open", spans), ("closed", spans[:-2])):
        doc = {"run_id": name, "root_id": "r", "spans": doc_spans}
        path = write(tmp_path / f"{name}.json", doc)
        whole = check_targets([str(path)])
        for chunk in (64, 1 << 20):
            streamed = check_targets([str(path)], stream_threshold=0, chunk_size=chunk)
            assert streamed.to_json() == whole.to_json()
        found.append((whole.runs[0].problems, whole.runs[0].notes))
    assert found == [
        (
            [
                "ends_before_start:back",
                "open_span:p:tool:v",
                "root_ok_with_incomplete_or_failed_child",
            ],
            ["child_ends_after_parent:late->r"],
        ),
        (["ends_before_start:back"], ["child_ends_after_parent:late->r"]),  # retried: recovered
    ]
    run = one_run(path, keep_attrs=GATE_ATTRS, stream_threshold=0, chunk_size=1 << 20)
    assert isinstance(run.columns[5][0], datetime)  # what the streamed gate compared


def test_streamed_files_keep_only_the_attrs_asked_for(tmp_path: Path) -> None:
    spans = [
        span("r", None, "run", attrs={"big": "x" * 100}),
        span("m", "r", "model", attrs={"cites_tool_ids": ["t"], "other": 1}),
        span("t", "r", "tool", attrs={"tool_call_id": "c1"}),
    ]
    path = write(tmp_path / "run.json", {"run_id": "a", "root_id": "r", "spans": spans})
    run = one_run(path, keep_attrs=GATE_ATTRS, stream_threshold=0, chunk_size=40)
    kept = run.columns[7]  # the gate's lean read: an object read with `get`, as a dict is
    assert (kept[0], kept[1].get("cites_tool_ids"), kept[1].get("other"), kept[2]) == (
        None,
        ["t"],
        None,
        None,
    )
    assert one_run(path).columns[7] == tuple(s["attrs"] for s in spans)


def test_byte_order_mark_and_bad_bytes_in_a_streamed_file(tmp_path: Path) -> None:
    doc = orjson.dumps({"run_id": "a", "root_id": "r", "spans": [span("r", None, "run")]})
    (tmp_path / "bom.json").write_bytes(b"\xef\xbb\xbf" + doc)
    assert one_run(tmp_path / "bom.json").run_id == "a"
    assert one_run(tmp_path / "bom.json", stream_threshold=0, chunk_size=16).run_id == "a"
    (tmp_path / "bad.json").write_bytes(doc.replace(b'"run"', b'"r\xffn"'))
    for kw in ({}, {"stream_threshold": 0, "chunk_size": 16}):
        with pytest.raises(TraceFormatError, match="not UTF-8 text: byte 0xff"):
            list(read_file(tmp_path / "bad.json", **kw))


def test_seconds_reads_iso_and_epoch() -> None:
    assert seconds(None) is None
    assert seconds(12.5) == 12.5
    assert seconds("1970-01-01T00:00:12.5Z") == 12.5
    assert seconds("1970-01-01T01:00:12.5+01:00") == 12.5
    assert seconds("1970-01-01T00:00:12.5") == 12.5  # no zone: UTC
    assert seconds("yesterday") is None


def test_report_clusters_and_json(tmp_path: Path) -> None:
    sample = json.loads(SAMPLE.read_text())
    for i in range(3):
        write(tmp_path / f"open{i}.json", {**sample, "run_id": f"open{i}"})
    write(tmp_path / "ok.json", {"run_id": "ok", "root_id": "r", "spans": [span("r", None, "run")]})
    write(
        tmp_path / "orphan.json",
        {"run_id": "orph", "root_id": "r", "spans": [span("r", "x", "run")]},
    )
    report = check_targets([str(tmp_path)])
    clusters = list(report.clusters().values())
    assert [(c.count, c.run_ids) for c in clusters] == [
        (3, ["open0", "open1", "open2"]),
        (1, ["orph"]),
    ]
    assert clusters[0].signature == check_run(one_run(SAMPLE)).signature
    out = report.to_json()
    assert (out["exit_code"], out["runs_checked"], out["complete"], out["incomplete"]) == (
        1,
        5,
        1,
        4,
    )
    assert out["clusters"][0]["problems"] == list(clusters[0].signature)
    assert orjson.loads(orjson.dumps(out)) == out


def test_one_otlp_resource_with_many_spans_is_streamed(tmp_path: Path) -> None:
    spans = [
        {
            "traceId": "cd" * 16,
            "spanId": f"{i + 1:016x}",
            "parentSpanId": "" if i == 0 else f"{1:016x}",
            "name": f"step {i}",
            "startTimeUnixNano": str(1_700_000_000_000_000_000 + i),
            "endTimeUnixNano": 0 if i == 4321 else str(1_700_000_000_000_000_000 + 10**9),
            "attributes": [{"key": "note", "value": {"stringValue": '},{"]'}}],
        }
        for i in range(20_000)
    ]
    doc = {"resourceSpans": [{"resource": {"attributes": []}, "scopeSpans": [{"spans": spans}]}]}
    path = write(tmp_path / "otlp.json", doc)
    streamed = one_run(path, stream_threshold=0, chunk_size=16 * 1024)
    assert streamed.spans == one_run(path).spans
    result = check_targets([str(path)], stream_threshold=0, chunk_size=16 * 1024).runs[0]
    assert result.problems == [
        f"open_span:{4322:016x}:span:step 4321",
        "root_ok_with_incomplete_or_failed_child",
    ]


@pytest.mark.timeout(60)  # quadratic, this took hours; linear, about two seconds
def test_a_loop_of_200k_spans_is_named_in_linear_time(tmp_path: Path) -> None:
    n = 200_000
    spans = [
        {"id": f"{i:016x}", "parent_id": f"{(i + 1) % n:016x}", "kind": "step", "name": "s",
         "started_at": 1.0, "ended_at": 2.0, "status": "ok", "attrs": {}}
        for i in range(n)
    ]  # fmt: skip
    path = tmp_path / "loop.json"
    path.write_bytes(orjson.dumps({"run_id": "loop", "root_id": None, "spans": spans}))
    result = check_run(one_run(path))
    assert f"cycle:{0:016x}" in result.problems  # the smallest rotation's id: the same loop
    assert not result.complete  # reads the same whichever span the walk met first


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(["agent/run", "step/s"]), min_size=1, max_size=8),
    st.lists(st.integers(0, 50), min_size=8, max_size=8),
)
def test_a_loop_is_named_by_its_smallest_rotation_then_smallest_id(
    segments: list[str], numbers: list[int]
) -> None:
    """The linear reading names every loop as reading all its rotations would."""
    from tether.trace.gate import _canonical_cycle

    ids = [f"id{x:02d}" for x in numbers[: len(segments)]]

    class Paths:
        def __init__(self) -> None:
            self.columns = [ids]

        def segment(self, i: int) -> str:
            return segments[i]

    n = len(segments)
    best = min(range(n), key=lambda k: (segments[k:] + segments[:k], ids[k]))
    expected = (ids[best], ">".join(segments[best:] + segments[:best]))
    assert _canonical_cycle(list(range(n)), Paths()) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("start", "end", "problem"),
    [
        ("not a date", ISO_2, "bad_time:t:started_at"),
        (ISO_1, "2026-13-01T10:00:02.000Z", "bad_time:t:ended_at"),
        (ISO_2, ISO_1, "ends_before_start:t"),
    ],
)
def test_tether_check_names_impossible_times(
    tmp_path: Path, start: str, end: str, problem: str
) -> None:
    import subprocess
    import sys

    spans = [
        span("root", None, "run", start=ISO_1, end=ISO_3),
        span("t", "root", start=start, end=end),
    ]
    path = write(tmp_path / "run.json", {"run_id": "r", "root_id": "root", "spans": spans})
    done = subprocess.run(
        [sys.executable, "-m", "tether", "check", str(path), "--json"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 1, done.stderr
    (run,) = orjson.loads(done.stdout)["runs"]
    assert run["problems"] == [problem]
