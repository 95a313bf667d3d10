"""`tether check` on many files shares them between processes and says exactly what one
process says: the same lines, the same JSON, the same exit code."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from tether.trace.parallel import MIN_FILES, check, files_of

SAMPLES = Path(__file__).resolve().parents[3] / "shared" / "otlp-samples"
pytestmark = pytest.mark.timeout(120)


def _run(i: int, broken: bool) -> dict[str, object]:
    spans = [
        {"id": "root", "parent_id": None, "kind": "run", "name": "run", "started_at": 1.0,
         "ended_at": 9.0, "status": "ok", "attrs": {}},
        {"id": "m", "parent_id": "root", "kind": "model", "name": "model call", "started_at": 2.0,
         "ended_at": None if broken else 3.0, "status": None if broken else "ok", "attrs": {}},
    ]  # fmt: skip
    return {"run_id": f"{i:032x}", "root_id": "root", "spans": spans}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    runs = tmp_path / "runs"
    runs.mkdir()
    for i in range(MIN_FILES * 2):
        (runs / f"run{i:04d}.json").write_bytes(orjson.dumps(_run(i, broken=i % 7 == 0)))
    (runs / "run0050-bad.json").write_text("{not json")
    (runs / "run0051.jsonl").write_bytes(
        b"\n".join(orjson.dumps(_run(1000 + k, broken=k == 1)) for k in range(3))
    )
    for sample in sorted(SAMPLES.glob("*.json"))[:6]:  # other systems' traces among them
        shutil.copy(sample, runs / f"zz-{sample.name}")
    return runs


def _tether_check(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tether", "check", *args],
        capture_output=True, text=True, timeout=100,
    )  # fmt: skip


@pytest.mark.parametrize("json_out", [False, True], ids=["lines", "json"])
def test_two_processes_say_what_one_says(folder: Path, json_out: bool) -> None:
    extra = ["--json", "--cluster"] if json_out else []
    one = _tether_check(str(folder), *extra, "--jobs", "1")
    two = _tether_check(str(folder), *extra, "--jobs", "2")
    assert one.returncode == two.returncode == 1, one.stderr
    assert one.stdout == two.stdout and one.stderr == two.stderr
    assert "run0050-bad.json" in one.stdout + one.stderr  # the unreadable file is named


def test_the_work_is_shared_only_where_it_pays(folder: Path, tmp_path: Path) -> None:
    files = files_of([str(folder)])
    assert files is not None and len(files) > MIN_FILES
    assert files_of([str(folder), "not-a-run-id"]) is None  # run ids go to the store
    empty = tmp_path / "empty"
    empty.mkdir()
    assert files_of([str(empty)]) is None  # the gate names an empty folder
    shared = check([str(folder)], jobs=2)
    alone = check([str(folder)], jobs=1)
    assert [r.to_json() for r in shared.runs] == [r.to_json() for r in alone.runs]
    assert shared.unreadable == alone.unreadable and shared.exit_code == alone.exit_code == 1
