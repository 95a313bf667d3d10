"""What a lab seed promises (`tether.lab.experiment.SEED_PROMISE`), as one assertion the tests
share: two `--json` bodies of the same seed, one of them maybe from a loaded machine."""

from __future__ import annotations

from typing import Any

CORE = ("runs", "said_done", "solved", "false_done", "honest_failures")
OUTCOME = ("said_done", "solved", "false_done", "honest_failure")


def assert_the_seed_reproduced(first: dict[str, Any], second: dict[str, Any]) -> int:
    """The same fault plan; the same outcome for every run no wall-clock limit cut in either
    body; the same counts when none was cut. Returns how many runs were left out as cut."""
    plan = [(r["harness"], r["task"], r["faults"]) for r in first["runs"]]
    assert plan == [(r["harness"], r["task"], r["faults"]) for r in second["runs"]]
    pairs = list(zip(first["runs"], second["runs"], strict=True))
    kept = [(a, b) for a, b in pairs if not (a["limit_cuts"] or b["limit_cuts"])]
    for a, b in kept:
        assert [a[k] for k in OUTCOME] == [b[k] for k in OUTCOME], (a, b)
    # the naive loop's limits are a minute: a loaded machine never cuts its runs, so every one
    # of them is compared (the fault plan's disguised failures among them)
    naive = first["harnesses"].get("naive", {}).get("runs", 0)
    assert sum(a["harness"] == "naive" for a, _ in kept) == naive
    for body in (first, second):  # the counts say the same as the runs
        for harness, figures in body["harnesses"].items():
            cut = [r for r in body["runs"] if r["harness"] == harness and r["limit_cuts"]]
            assert figures["runs_cut"] == len(cut)
    if len(kept) == len(pairs):
        for harness, figures in first["harnesses"].items():
            assert {k: second["harnesses"][harness][k] for k in CORE} == {
                k: figures[k] for k in CORE
            }
    return len(pairs) - len(kept)
