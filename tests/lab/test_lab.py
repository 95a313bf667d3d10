"""The lab end to end: the naive loop says "done" falsely on disguised failures, tether does not."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import anyio
import pytest

from tether.lab.experiment import SEED_PROMISE, LabSettings, by_shape, run_lab, summarize
from tether.lab.mixes import MIXES
from tether.trace.store import TraceStore

from .seeded import CORE, assert_the_seed_reproduced

# Whole lab runs (a stand process, both harnesses, checks): generous on a busy machine.
pytestmark = pytest.mark.timeout(180)


def lab_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tether", "lab", *args, "--store", str(cwd / "t.db")],
        capture_output=True, text=True, timeout=120, cwd=cwd,
    )  # fmt: skip


def _what_went_wrong(out: Path) -> str:
    """The runs behind a lab's exit 1 (a false "done", a run the lab could not check, or a
    trace the gate found incomplete): it was seen once in CI, on a loaded machine, with
    nothing said."""
    path = out / "runs.json"
    if not path.exists():
        return "(no runs.json)"
    body = json.loads(path.read_text())
    wrong = [
        {
            k: r.get(k)
            for k in ("task", "status", "verdict", "checks", "error", "faults", "measure_killed")
        }
        for r in body.get("runs", [])
        if r.get("harness") != "naive"
        and (r.get("false_done") or r.get("impossible") or r.get("unmeasured"))
    ]
    return json.dumps({"gate": body.get("gate"), "wrong": wrong})[:6000]


def test_in_a_storm_naive_says_done_falsely_and_tether_never_does(tmp_path: Path) -> None:
    store = TraceStore(tmp_path / "t.db")
    settings = LabSettings(MIXES["storm"], tasks=5, seed=1, workdir=tmp_path, store=store)
    result = anyio.run(run_lab, settings)
    store.close()
    naive = summarize([r for r in result.runs if r.harness == "naive"])
    tether = summarize([r for r in result.runs if r.harness == "tether"])
    assert naive["false_done"] >= 1  # disguised failures taken for answers
    assert all(r.verdict or not r.solved for r in result.runs if r.false_done)
    assert tether["false_done"] == 0 and tether["solved"] == 5 >= naive["solved"]
    assert tether["retries"] + tether["failovers"] >= 5  # every run met 3 faults
    assert all(r.status == "done" for r in result.runs if r.harness == "tether")
    assert result.gate["checked"] == 5 and result.gate["complete"] == 5


def test_the_cli_prints_json_writes_the_report_and_the_seed_reproduces_it(tmp_path: Path) -> None:
    first = lab_cli("--tasks", "5", "--seed", "4", "--json", "--out", "rep", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    body = json.loads(first.stdout)
    assert set(body["harnesses"]) == {"naive", "tether"}
    assert body["harnesses"]["tether"]["false_done"] == 0
    assert all(k in body["harnesses"]["naive"] for k in CORE)
    report = (tmp_path / "rep" / "report.md").read_text()
    assert "| false done |" in report and "tether check" in report
    svg = ET.parse(tmp_path / "rep" / "chart.svg").getroot()
    assert svg.tag.endswith("svg") and len(svg.findall(".//{http://www.w3.org/2000/svg}rect")) > 4
    labels = [t.text or "" for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    # every bar carries its count (0/5 included: a 0% bar is still drawn), every group its n
    tether_false = body["harnesses"]["tether"]["false_done"]
    assert f"{tether_false}/5" in labels and "all (n=5)" in labels
    again = lab_cli("--tasks", "5", "--seed", "4", "--json", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    twice = json.loads(again.stdout)
    # what the seed promises, load or not (SEED_PROMISE): the fault plan, and the outcome of
    # every run no wall-clock limit cut (on an idle machine: every run, and the counts)
    assert twice["seed_promise"] == body["seed_promise"] == SEED_PROMISE
    assert_the_seed_reproduced(body, twice)


def test_bad_lab_options_are_usage_errors(tmp_path: Path) -> None:
    for args, message in (
        (["--mix", "stormy"], "unknown mix 'stormy'; use --mix one of: calm, october, storm"),
        (["--harness", "naive,magic"], "--harness 'naive,magic': use naive, tether"),
    ):
        result = lab_cli(*args, cwd=tmp_path)
        assert result.returncode == 2
        assert message in result.stderr


def test_a_replayed_latency_file_slows_the_primary_and_tether_moves_to_the_backup(
    tmp_path: Path,
) -> None:
    latency = tmp_path / "slow.jsonl"
    latency.write_text('{"ttfb": 0.3, "s": 0.32}\n')  # past the lab's 0.2 s slow threshold
    store = TraceStore(tmp_path / "t.db")
    settings = LabSettings(
        MIXES["calm"], tasks=2, harnesses=["tether"], workdir=tmp_path, store=store,
        latency_file=str(latency),
    )  # fmt: skip
    result = anyio.run(run_lab, settings)
    store.close()
    tether = summarize(result.runs)
    assert tether["solved"] == 2 and tether["false_done"] == 0
    assert tether["breaker_trips"] >= 2 and tether["failovers"] >= 2  # slow twice -> backup


def test_piped_the_lab_says_it_is_alive_at_every_tenth(tmp_path: Path) -> None:
    """No terminal, no progress bar: a line per tenth of the runs on stderr (a CI log shows
    the lab working instead of nothing for a minute)."""
    result = lab_cli("--tasks", "10", "--mix", "calm", "--out", str(tmp_path / "out"), cwd=tmp_path)
    assert result.returncode == 0, (
        result.stderr + result.stdout + _what_went_wrong(tmp_path / "out")
    )
    lines = [line for line in result.stderr.splitlines() if line.startswith("lab: ")]
    assert lines == [f"lab: {n}/20 runs" for n in range(2, 21, 2)]


def test_where_no_candidate_can_answer_tether_fails_honestly_and_naive_says_done(
    tmp_path: Path,
) -> None:
    store = TraceStore(tmp_path / "t.db")
    settings = LabSettings(MIXES["dead-end"], tasks=10, seed=0, workdir=tmp_path, store=store)
    result = anyio.run(run_lab, settings)
    store.close()
    naive = summarize([r for r in result.runs if r.harness == "naive"])
    tether = summarize([r for r in result.runs if r.harness == "tether"])
    assert tether["impossible"] == naive["impossible"] == 4
    assert tether["impossible_said_done"] == 0 and tether["false_done"] == 0
    assert naive["impossible_said_done"] >= 2  # gateway text, an empty stream taken for answers
    impossible = [r for r in result.runs if r.harness == "tether" and r.impossible]
    assert {r.status for r in impossible} == {"error"} and all(r.error for r in impossible)
    shapes = by_shape([r for r in result.runs if r.harness == "tether"])
    failed = [r.to_json() for r in result.runs if r.harness == "tether" and not r.impossible
              and r.status not in ("done", "answered")]  # fmt: skip
    # every run with no fault answers, on a loaded machine too (CI on 2 busy cores once saw
    # one end in an error: lab/timing.py is why the lab's limits now hold there)
    assert {s for s, f in shapes.items() if f["honest_failures"]} == {
        "all:empty", "all:gateway", "all:http", "all:loop",
    }, failed  # fmt: skip
    assert all(f["honest_ends"] == {"error": 1} for s, f in shapes.items() if s != "none")
    assert result.gate["checked"] == result.gate["complete"] == 10


def test_the_hedge_switch_adds_tether_with_hedged_requests_beside_tether(tmp_path: Path) -> None:
    result = lab_cli(
        "--mix", "october", "--tasks", "5", "--harness", "tether", "--hedge", "--json",
        cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    body = json.loads(result.stdout)
    assert list(body["harnesses"]) == ["tether", "tether-hedge"]
    hedged = body["harnesses"]["tether-hedge"]
    assert hedged["false_done"] == 0 and hedged["solved"] == 5
    assert "hedges" in hedged and body["harnesses"]["tether"]["hedges"] == 0
    assert body["gate"]["checked"] == body["gate"]["complete"] == 10
    runs = {r["harness"] for r in body["runs"]}
    assert runs == {"tether", "tether-hedge"}
