"""The tools a round of tuning the judge is run with: the check and work sets built from corpus
commits (`bench/judge_sets.py`) and the mechanical backfill of a record's finish reason
(`bench/corpus_backfill_finish.py`)."""

from __future__ import annotations

import json
import subprocess
import sys
from itertools import count
from pathlib import Path

from tether.reliability.corpus import split_of

BENCH = Path(__file__).resolve().parents[1] / "bench"


def run(script: str, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(BENCH / script), *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=300,
    )


def record(text: str, label: str, group: str, **more: object) -> dict[str, object]:
    base: dict[str, object] = {"label": label, "text": text, "source": "https://example.org/x"}
    return {**base, "group": group, "language": "en", "shape": "sentence", **more}


def group_in(part: str) -> str:
    return next(g for i in count() if split_of(g := f"owner/repo{i}") == part)


def git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t", *args],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()


def commit_corpus(repo: Path, name: str, records: list[dict[str, object]]) -> str:
    path = repo / "src/tether/reliability/corpus" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", name)
    return git(repo, "rev-parse", "HEAD")


def test_sets_hold_only_tune_texts_once_newest_commit_first(tmp_path: Path) -> None:
    sys.path.insert(0, str(BENCH))
    try:
        from judge_sets import write_set
    finally:
        sys.path.remove(str(BENCH))
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    tune, test = group_in("tune"), group_in("test")
    first = commit_corpus(
        repo,
        "batch.jsonl",
        [
            record("Upstream error 502", "failure", tune),
            record("A 502 means the gateway got a bad reply.", "answer", tune),
            record("Service unavailable", "failure", test),
        ],
    )
    rewritten = record("Upstream error 502", "failure", tune, finish="length")
    second = commit_corpus(
        repo,
        "batch.jsonl",
        [rewritten, record("A 502 means the gateway got a bad reply.", "answer", tune)],
    )
    out = tmp_path / "work.jsonl"
    assert write_set(out, [second, first], root=repo) == (1, 1)
    kept = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    assert [r["text"] for r in kept] == [
        "Upstream error 502",
        "A 502 means the gateway got a bad reply.",
    ]
    assert kept[0]["finish"] == "length"  # the rewritten record, from the commit named first
    assert {r["_file"] for r in kept} == {"batch.jsonl"}
    assert all(r["group"] != test for r in kept)


def test_sets_refuse_a_commit_that_is_not_there_and_write_nothing(tmp_path: Path) -> None:
    out = tmp_path / "check.jsonl"
    done = run("judge_sets.py", str(out), "no-such-commit")
    assert done.returncode == 2
    assert "bad revision" in done.stderr and "name commits of this repository" in done.stderr
    assert not out.exists()


def test_backfill_takes_only_a_finish_reason_the_note_states(tmp_path: Path) -> None:
    corpus = tmp_path / "cut.jsonl"
    records = [
        record("def parse(x):\n    return", "failure", "a/b", how="cut: finish_reason 'length'"),
        record("Done.", "answer", "a/b", how='the same run, finish_reason="stop"'),
        record("Hello", "answer", "a/b", how="complete, not finish_reason 'length'"),
        record("Hi", "answer", "a/b", how="no finish reason stored"),
    ]
    corpus.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    before = corpus.read_bytes()
    dry = run("corpus_backfill_finish.py", str(corpus), "--dry-run")
    assert dry.returncode == 0, dry.stderr
    assert corpus.read_bytes() == before
    done = run("corpus_backfill_finish.py", str(corpus))
    assert done.returncode == 0, done.stderr
    after = [json.loads(line) for line in corpus.read_text("utf-8").splitlines()]
    assert [r.get("finish") for r in after] == ["length", "stop", None, None]
    assert list(after[0]) == [
        "label",
        "text",
        "source",
        "group",
        "language",
        "shape",
        "how",
        "finish",
    ]
