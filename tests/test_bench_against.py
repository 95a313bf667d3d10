"""`bench/against.py`'s `beside`: a second copy of a benchmark bound to another commit's tether,
in this process (what `bench/judge.py --against REF` alternates with this tree's)."""

from __future__ import annotations

import sys
from pathlib import Path

import tether
from tether.reliability.judge import judge

BENCH = Path(__file__).resolve().parents[1] / "bench"


def test_a_copy_beside_runs_the_other_tether_and_leaves_ours() -> None:
    sys.path.insert(0, str(BENCH))
    try:
        from against import beside, source_of

        ours = {k: m for k, m in sys.modules.items() if k.startswith("tether")}
        with source_of("HEAD") as src:
            copy = beside(BENCH / "judge.py", src, "test_copy")
            judge_globals = copy.judge.__globals__
            assert str(judge_globals["__file__"]).startswith(str(src))
            assert copy.judge is not judge
            calls = copy.case_calls()
            kinds = [(v.kind if v else None) for v in (fn() for fn in calls)]
            assert kinds == [case.expect for case in copy.CASES]
        # this process's tether is the one it had, module for module
        assert sys.modules["tether"] is tether
        assert {k: m for k, m in sys.modules.items() if k.startswith("tether")} == ours
    finally:
        sys.path.remove(str(BENCH))
        sys.modules.pop("judge_test_copy", None)
