"""`tether audit` and `tether judge`: real stand logs re-judged offline, by real processes."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx2
import pytest

from tether.audit import (
    AUDIT_DETECTOR,
    HTTP_ERROR,
    MALFORMED_LINE,
    audit_lines,
    audit_record,
    excerpt,
    exchange_from_record,
    summarize,
)
from tether.reliability.judge import DETECTOR
from tether.stand import GATEWAY_TEXT

TETHER = [sys.executable, "-m", "tether"]

# One scripted turn per fault, replayed in order within one conversation per API.
TURNS: list[tuple[str | None, str | None]] = [
    # (fault of the turn, the verdict `tether audit` must find)
    (None, None),
    ("gateway-200", "gateway"),
    ("empty-stream:0", "eof"),  # no token and no finish: the stream ended without one
    ("unprocessed", "unprocessed"),
    ("finish-length", "truncated"),
    ("error-frame", "error_frame"),  # the record keeps the in-stream error (reply.errors)
    ("drop", "cut"),  # the stand logs a broken-off reply as cut
    ("http:429:3", HTTP_ERROR),
    (None, None),
]
SCRIPT = {
    "models": {"sim-large": {"turns": [{"fault": fault} if fault else {} for fault, _ in TURNS]}}
}
BIG = "Read every file of the project before you change anything, and say why. " * 170
APIS = {
    "openai": ("/v1/chat/completions", {"stream": True}),
    "anthropic": ("/v1/messages", {"stream": True, "max_tokens": 512}),
    "ollama": ("/api/chat", {}),
}


def run(*args: str, stdin: str | bytes | None = None) -> subprocess.CompletedProcess[str]:
    data = stdin.encode() if isinstance(stdin, str) else stdin
    result = subprocess.run(
        [*TETHER, *args], input=data if data is not None else b"", capture_output=True, timeout=30
    )
    return subprocess.CompletedProcess(
        result.args,
        result.returncode,
        result.stdout.decode("utf-8", "replace"),
        result.stderr.decode("utf-8", "replace"),
    )


def wait_for_lines(log: Path, n: int) -> list[str]:
    deadline = time.monotonic() + 5
    while True:
        lines = log.read_text().splitlines() if log.exists() else []
        if len(lines) >= n or time.monotonic() > deadline:
            return lines
        time.sleep(0.005)


def send(url: str, api: str, content: str, conversation: str) -> None:
    path, extra = APIS[api]
    body: dict[str, Any] = {
        "model": "sim-large",
        "messages": [{"role": "user", "content": content}],
        **extra,
    }
    with contextlib.suppress(httpx2.HTTPError):  # the `drop` fault breaks the connection off
        httpx2.post(
            url + path, json=body, headers={"x-stand-conversation": conversation}, timeout=10
        )


def write_log(stand_factory: Any, log: Path, api: str) -> None:
    url = stand_factory(script=SCRIPT, log=log)
    for i, (fault, _) in enumerate(TURNS):
        send(url, api, BIG if fault == "unprocessed" else f"question {i}", f"audit-{api}")
        assert len(wait_for_lines(log, i + 1)) == i + 1


@pytest.mark.parametrize("api", sorted(APIS))
def test_audit_finds_every_fault_in_a_real_log(stand_factory, tmp_path: Path, api: str) -> None:
    log = tmp_path / "exchanges.jsonl"
    write_log(stand_factory, log, api)

    result = run("audit", str(log), "--json")
    assert result.returncode == 1, result.stderr
    report = json.loads(result.stdout)
    records = report["records"]
    assert [r["line"] for r in records] == list(range(1, len(TURNS) + 1))
    assert [r["verdict"] for r in records] == [verdict for _, verdict in TURNS]
    for record in records:
        expected = AUDIT_DETECTOR if record["verdict"] == HTTP_ERROR else DETECTOR
        assert record["detector"] == expected
    assert records[TURNS.index(("http:429:3", HTTP_ERROR))]["status"] == 429
    assert report["summary"] == {
        "cut": 1,
        "eof": 1,
        "error_frame": 1,
        "gateway": 1,
        HTTP_ERROR: 1,
        "truncated": 1,
        "unprocessed": 1,
        "total": 9,
        "answers": 2,
        "not_answers": 7,
        "malformed_lines": 0,
    }


def test_audit_text_report(stand_factory, tmp_path: Path) -> None:
    log = tmp_path / "exchanges.jsonl"
    write_log(stand_factory, log, "openai")
    result = run("audit", str(log))
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    gateway = next(line for line in lines if line.startswith("line 2 "))
    assert gateway.startswith("line 2  gateway  The request could not be completed.")
    assert len(gateway) < 120
    assert "line 8  http_error 429" in result.stdout
    assert not any(line.startswith(("line 1 ", "line 9 ")) for line in lines)  # answers
    assert (
        "by verdict: cut 1, eof 1, error_frame 1, gateway 1, http_error 1, truncated 1, unprocessed 1"
        in lines
    )
    assert lines[-1] == "total 9: 2 answers, 7 not answers, 0 malformed lines"


def test_a_clean_log_exits_0(stand_factory, tmp_path: Path) -> None:
    log = tmp_path / "clean.jsonl"
    url = stand_factory(log=log)
    for api in APIS:
        send(url, api, "hi", "clean")
    wait_for_lines(log, 3)
    result = run("audit", str(log), "--json")
    assert result.returncode == 0, result.stdout
    summary = json.loads(result.stdout)["summary"]
    assert summary == {"total": 3, "answers": 3, "not_answers": 0, "malformed_lines": 0}
    blank = log.parent / "with-blank-lines.jsonl"
    blank.write_text("\n" + log.read_text().replace("\n", "\n\n") + "   \n")
    text = run("audit", str(blank))
    assert text.returncode == 0
    assert text.stdout.splitlines() == [
        "by verdict: none",
        "total 3: 3 answers, 0 not answers, 0 malformed lines",
    ]


def test_malformed_lines_are_reported_and_the_rest_audited(stand_factory, tmp_path: Path) -> None:
    log = tmp_path / "exchanges.jsonl"
    url = stand_factory(faults=["gateway-200"], log=log)
    send(url, "openai", "hi", "a")
    send(url, "anthropic", "hi", "b")
    good, gateway = wait_for_lines(log, 2)
    clean_record = json.loads(good)
    clean_record["reply"]["content"] = "Hello there."
    bad_lines = [
        "this is not json",
        "[1, 2, 3]",
        json.dumps({"api": "openai", "reply": clean_record["reply"]}),
        json.dumps({"api": "openai", "request": clean_record["request"]}),
        json.dumps({**clean_record, "api": "grpc"}),
        json.dumps({**clean_record, "request": {"model": "m", "messages": "hi"}}),
        json.dumps({**clean_record, "reply": {**clean_record["reply"], "finish_reason": "done"}}),
        json.dumps(
            {**clean_record, "reply": {**clean_record["reply"], "usage": {"prompt_tokens": "many"}}}
        ),
    ]
    log.write_text("\n".join([json.dumps(clean_record), *bad_lines, "", gateway]) + "\n")

    result = run("audit", str(log), "--json")
    assert result.returncode == 1
    report = json.loads(result.stdout)
    by_line = {r["line"]: r for r in report["records"]}
    assert by_line[1]["verdict"] is None
    for n in range(2, 2 + len(bad_lines)):
        assert by_line[n]["verdict"] == MALFORMED_LINE, by_line[n]
        assert by_line[n]["detail"]
    assert 10 not in by_line  # the empty line
    assert by_line[11]["verdict"] == "gateway"
    details = [by_line[n]["detail"] for n in range(2, 2 + len(bad_lines))]
    assert details[0].startswith("not JSON")
    assert "expected an object" in details[1]
    assert details[2].startswith("request: required")
    assert details[3].startswith("reply: required")
    assert "unknown API 'grpc'" in details[4]
    assert "messages" in details[5]
    assert "finish_reason" in details[6]
    assert "reply.usage" in details[7]
    assert report["summary"] == {
        "gateway": 1,
        "total": 10,
        "answers": 1,
        "not_answers": 1,
        "malformed_lines": 8,
    }

    text = run("audit", str(log))
    assert "line 2  malformed line  not JSON" in text.stdout
    assert text.returncode == 1


@pytest.mark.parametrize("kind", ["missing", "directory", "binary"])
def test_unreadable_files_exit_2(tmp_path: Path, kind: str) -> None:
    path = {"missing": tmp_path / "no-such.jsonl", "directory": tmp_path}.get(
        kind, tmp_path / "log.jsonl.gz"
    )
    if kind == "binary":
        path.write_bytes(b"\x1f\x8b\x08\x00\xff\xfe" + bytes(range(128, 256)))
    result = run("audit", str(path), "--json")
    assert result.returncode == 2
    problem = {"missing": "no such file", "directory": "is a directory", "binary": "not UTF-8"}
    assert f"{path}" in result.stderr and problem[kind] in result.stderr
    assert "exchange records" in result.stderr  # the fix
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stdout == ""


@pytest.fixture
def anthropic_log(stand_factory, tmp_path: Path) -> list[str]:
    log = tmp_path / "exchanges.jsonl"
    write_log(stand_factory, log, "anthropic")
    return log.read_text().splitlines()


def test_judge_reads_one_record_from_stdin(anthropic_log: list[str]) -> None:
    lines = anthropic_log
    answer = run("judge", "--json", stdin=lines[0])
    assert answer.returncode == 0, answer.stderr
    assert json.loads(answer.stdout) == {"verdict": None, "detector": DETECTOR, "detail": None}

    gateway = run("judge", "--json", stdin=lines[1])
    assert gateway.returncode == 1
    body = json.loads(gateway.stdout)
    assert body["verdict"] == "gateway" and body["detector"] == DETECTOR


def test_judge_pretty_records_http_errors_and_text(anthropic_log: list[str]) -> None:
    lines = anthropic_log
    pretty = json.dumps(json.loads(lines[3]), indent=2)  # one record over many lines
    assert json.loads(run("judge", "--json", stdin=pretty).stdout)["verdict"] == "unprocessed"

    http = run("judge", "--json", stdin=lines[7])
    assert http.returncode == 1
    assert json.loads(http.stdout)["status"] == 429

    text = run("judge", stdin=lines[1])
    assert text.returncode == 1
    assert text.stdout.startswith(f"gateway ({DETECTOR}): ")
    assert "The request could not be completed." in text.stdout


@pytest.mark.parametrize(
    ("stdin", "problem"),
    [
        ("", "empty"),
        ("  \n", "empty"),
        ("not json", "not JSON"),
        ('{"api": "openai"}\n{"api": "openai"}\n', "not JSON"),
        ('{"api": "openai", "request": {}}', "reply: required"),
        (b"\xff\xfe{}", "UTF-8"),
    ],
    ids=["empty", "blank", "not-json", "two-records", "no-reply", "not-utf8"],
)
def test_judge_unreadable_input_exits_2(stdin: str | bytes, problem: str) -> None:
    result = run("judge", stdin=stdin)
    assert result.returncode == 2
    assert problem in result.stderr and "tether judge" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


# ---------------------------------------------------------------- the module, in process


def record(api: str, request: dict[str, Any], **reply: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "content": "",
        "reasoning": "",
        "tool_calls": [],
        "finish_reason": "stop",
        "usage": None,
        "cut": False,
    }
    return {"api": api, "request": request, "reply": {**base, **reply}}


BIG_ANTHROPIC = {
    "model": "m",
    "max_tokens": 100,
    "system": BIG * 4,
    "messages": [{"role": "user", "content": "Summarise the rules."}],
}


def test_anthropic_cached_usage_is_read_the_anthropic_way() -> None:
    cached = {"input_tokens": 40, "cache_read_input_tokens": 12_000, "output_tokens": 9}
    finding = audit_record(record("anthropic", BIG_ANTHROPIC, content="Short.", usage=cached))
    assert finding.verdict is None
    unread = {"input_tokens": 40, "output_tokens": 9}
    finding = audit_record(record("anthropic", BIG_ANTHROPIC, content="Short.", usage=unread))
    assert finding.verdict == "unprocessed"


def test_api_defaults_to_openai_and_tool_calls_are_read() -> None:
    rec = record(
        "openai",
        {"model": "m", "messages": [{"role": "user", "content": "read a.py"}]},
        finish_reason="tool_calls",
        tool_calls=[
            {"id": "c1", "type": "function", "function": {"name": "read", "arguments": '{"p'}}
        ],
    )
    del rec["api"]
    turn, _, cut = exchange_from_record(rec)
    assert turn.tool_calls[0].name == "read" and turn.termination == "tool_calls" and not cut
    assert audit_record(rec).verdict == "bad_tool_args"


def test_finish_reason_null_is_eof_and_cut_is_judged_cut() -> None:
    req = {"model": "m", "messages": [{"role": "user", "content": "hi"}]}
    turn, _, _ = exchange_from_record(record("openai", req, content="Hi", finish_reason=None))
    assert turn.termination == "eof"
    assert audit_record(record("openai", req, content="Hi", finish_reason=None)).verdict == "eof"
    assert audit_record(record("openai", req, content="Hi", cut=True)).verdict == "cut"


def test_in_stream_errors_are_read_when_the_record_has_them() -> None:
    req = {"model": "m", "messages": [{"role": "user", "content": "hi"}]}
    rec = record("ollama", req, content="Hi", errors=[{"message": "overloaded", "code": "529"}])
    assert audit_record(rec).verdict == "error_frame"


def test_gateway_record_in_every_api_shape() -> None:
    requests = {
        "openai": {"model": "m", "messages": [{"role": "user", "content": "hi"}]},
        "anthropic": {
            "model": "m",
            "max_tokens": 5,
            "messages": [{"role": "user", "content": "hi"}],
        },
        "ollama": {"model": "m", "messages": [{"role": "user", "content": "hi"}]},
    }
    for api, req in requests.items():
        assert audit_record(record(api, req, content=GATEWAY_TEXT)).verdict == "gateway"


def test_summary_and_excerpt() -> None:
    findings = audit_lines(["", "x", json.dumps({"reply": None, "status": 503})])
    assert [f.verdict for f in findings] == [MALFORMED_LINE, HTTP_ERROR]
    assert [f.line for f in findings] == [2, 3]
    assert summarize(findings) == {
        HTTP_ERROR: 1,
        "total": 2,
        "answers": 0,
        "not_answers": 1,
        "malformed_lines": 1,
    }
    assert excerpt("a\n\tb\x1b[31m" + "c" * 200) == "a b\ufffd[31m" + "c" * 71 + "\u2026"
    assert len(excerpt("x" * 1000)) == 80
