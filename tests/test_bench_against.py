"""`bench/against.py`'s workers for `bench/judge.py --against REF`: each tree's judge in its own
process, so REF's judge never runs with this tree's modules (the copy loaded beside this tree's
in one process did, for the imports its functions make at call time)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "bench"


def test_each_worker_runs_its_own_tree_and_times_on_request() -> None:
    sys.path.insert(0, str(BENCH))
    try:
        from against import workers

        with workers(BENCH / "judge.py", "HEAD", ["--only", "gateway text"]) as pair:
            base, this = pair
            assert Path(base.hello["tether"]).resolve().is_relative_to(base.src.resolve())
            assert Path(this.hello["tether"]).resolve().is_relative_to(this.src.resolve())
            assert base.src != this.src
            for side in pair:
                assert side.hello["kinds"] == ["gateway"]
                times = side.ask({"case": 0, "calls": 3, "single": True})
                assert len(times) == 3
                assert all(t > 0 for t in times)
                (batch,) = side.ask({"case": 0, "calls": 2, "single": False})
                assert batch > 0
    finally:
        sys.path.remove(str(BENCH))


def test_against_prints_both_medians_per_case() -> None:
    args = ["--against", "HEAD", "--batches", "2", "--calls", "2", "--only", "failure notice"]
    run = subprocess.run(
        [sys.executable, str(BENCH / "judge.py"), *args],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode in (0, 1), run.stderr  # (1: a target missed on a loaded machine)
    assert "two worker processes" in run.stdout
    (row,) = [line for line in run.stdout.splitlines() if line.startswith("300 B failure")]
    base_us, us, ratio = (float(x) for x in row.split()[-6:-3])
    assert base_us > 0 and us > 0 and abs(ratio - us / base_us) < 0.01
