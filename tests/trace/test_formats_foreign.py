"""The gate on traces other systems wrote: Jaeger, Zipkin, the OTel Python console exporter,
OTLP's other shapes (Jaeger API v3 answers, bare ResourceSpans), bad ids and remote parents."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest

from tether.trace.formats import Run, TraceFormatError, read_file, runs_from_document
from tether.trace.gate import check_run, check_targets

DATA = Path(__file__).resolve().parents[1] / "data" / "traces"
OTLP_SAMPLES = Path(__file__).resolve().parents[3] / "shared" / "otlp-samples"
needs_samples = pytest.mark.skipif(not OTLP_SAMPLES.is_dir(), reason="shared/otlp-samples absent")


def check(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tether", "check", *args],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip


def otlp(spans: list[dict[str, Any]]) -> dict[str, Any]:
    return {"resourceSpans": [{"scopeSpans": [{"spans": spans}]}]}


def otlp_span(sid: str, parent: str = "", **extra: Any) -> dict[str, Any]:
    return {
        "traceId": "5b8efff798038103d269b633813fc60c",
        "spanId": sid,
        "parentSpanId": parent,
        "name": "x",
        "startTimeUnixNano": "1700000000000000000",
        "endTimeUnixNano": "1700000001000000000",
        **extra,
    }


# ----------------------------------------------------------------------------- the rule


@needs_samples
def test_a_tool_that_failed_two_levels_below_a_silent_root_is_caught() -> None:
    runs = list(read_file(OTLP_SAMPLES / "agentevals_adk_py_v2_default_S6b_tool_error.json"))
    assert check_run(runs[0]).problems == ["root_ok_with_incomplete_or_failed_child"]


@needs_samples
@pytest.mark.parametrize(
    "name",
    [
        "tempo_servicegraphs_trace_with_queue_database.json",  # PRODUCER / CONSUMER spans
        "tempo_servicegraphs_trace_with_failed_requests.json",  # resolvers that end late
    ],
)
def test_children_that_outlive_their_parent_are_notes_not_problems(name: str) -> None:
    report = check_targets([str(OTLP_SAMPLES / name)])
    late = [n for r in report.runs for n in r.notes if n.startswith("child_ends_after_parent")]
    assert late
    assert not any(p.startswith("child_ends") for r in report.runs for p in r.problems)


def test_an_honest_failure_exits_0_and_says_so_and_fail_on_error_exits_1() -> None:
    target = str(DATA / "jaeger_api_v3_failed_honestly.json")
    result = check(target)
    assert result.returncode == 0, result.stderr
    assert "complete, failed honestly  5b8efff798038103d269b633813fc60c" in result.stdout
    assert check(target, "--fail-on-error").returncode == 1
    body = orjson.loads(check(target, "--json").stdout)
    assert (body["failed_honestly"], body["runs"][0]["failed_honestly"]) == (1, True)


def test_help_says_what_each_exit_code_means() -> None:
    text = subprocess.run(
        [sys.executable, "-m", "tether", "check", "--help"],
        capture_output=True, text=True, timeout=60, env={**os.environ, "COLUMNS": "200"},
    ).stdout  # fmt: skip
    assert "failed honestly" in text
    assert "--fail-on-error" in text


# ----------------------------------------------------------------------------- OTLP variants


def test_a_remote_parent_makes_a_local_root_not_an_orphan() -> None:
    run = next(read_file(DATA / "jaeger_api_v3_failed_honestly.json"))
    assert run.root_ids == ("eee19b7ec3c1b174",)
    assert run.views()[0].attrs["otel.remote_parent_span_id"] == "aaaaaaaaaaaaaaaa"
    local = otlp_span("eee19b7ec3c1b174", "aaaaaaaaaaaaaaaa", flags=0x100)  # known local
    assert check_run(next(_read(otlp([local])))).problems == [
        "orphan_parent:eee19b7ec3c1b174",
        "missing_root",
    ]


def _read(doc: Any) -> Iterator[Run]:
    return runs_from_document(doc, "test")


@pytest.mark.parametrize(
    ("field", "value", "size"),
    [
        ("spanId", "not-an-id", 8),
        ("spanId", "eee19b7ec3c1b1", 8),  # hex of 7 bytes
        ("spanId", "", 8),
        ("parentSpanId", "AAAAAAAAAAAAAAAAAAAAAA==", 8),  # base64 of 16 bytes
        ("traceId", "5b8efff798038103", 16),  # a 64-bit trace id is no OTLP trace id
    ],
)
def test_bad_ids_make_the_run_incomplete_and_say_why(field: str, value: str, size: int) -> None:
    spans = [otlp_span("eee19b7ec3c1b174"), otlp_span("eee19b7ec3c1b175", "eee19b7ec3c1b174")]
    spans[1][field] = value
    results = [check_run(run) for run in _read(otlp(spans))]
    problems = [p for r in results for p in r.problems if p.startswith("bad_id:")]
    assert len(problems) == 1
    assert field in problems[0] and (value == "" or repr(value) in problems[0])
    assert "empty" in problems[0] or f"{size} bytes" in problems[0]
    assert not all(r.complete for r in results)


def test_good_ids_of_every_encoding_read_alike() -> None:
    for sid in ("7uGbfsPBsXQ=", "7uGbfsPBsXQ", "EEE19B7EC3C1B174", "eee19b7ec3c1b174"):
        run = next(_read(otlp([otlp_span(sid)])))
        assert (run.columns[0][0], run.defects) == ("eee19b7ec3c1b174", ())


def test_jaeger_api_v3_answers_and_bare_resource_spans_lines() -> None:
    result = check_run(next(read_file(DATA / "jaeger_api_v3_failed_honestly.json")))
    assert (result.complete, result.failed) == (True, True)
    [run] = list(read_file(DATA / "otlp_resource_spans_lines.jsonl"))  # one trace, two lines
    assert sorted(run.columns[0]) == ["eee19b7ec3c1b174", "eee19b7ec3c1b175"]
    assert check_run(run).problems == ["root_ok_with_incomplete_or_failed_child"]


def test_jsonl_of_jaeger_api_v3_answers(tmp_path: Path) -> None:
    path = tmp_path / "v3.jsonl"
    doc = orjson.loads((DATA / "jaeger_api_v3_failed_honestly.json").read_bytes())
    more = {"result": otlp([otlp_span("eee19b7ec3c1b176", "eee19b7ec3c1b175")])}
    path.write_bytes(orjson.dumps(doc) + b"\n" + orjson.dumps(more) + b"\n")
    [run] = list(read_file(path))  # the trace grouped across lines
    assert len(run) == 3


# ----------------------------------------------------------------------------- Jaeger


def test_a_jaeger_api_answer_with_a_retry_that_worked_is_complete() -> None:
    [run] = list(read_file(DATA / "jaeger_api_traces_retry.json"))
    assert run.format == "jaeger"
    failed = [v for v in run.views() if v.status == "error"]
    assert [v.name for v in failed] == ["redis GetDriver"]
    result = check_run(run)
    assert (result.complete, result.failed) == (True, False)


def test_a_failure_without_a_retry_in_a_jaeger_span_array_is_caught(tmp_path: Path) -> None:
    doc = orjson.loads((DATA / "jaeger_api_traces_retry.json").read_bytes())
    spans = [s for s in doc["data"][0]["spans"] if s["spanID"] != "7c9a5b2b3d4e5f60"]
    path = tmp_path / "spans.json"
    path.write_bytes(orjson.dumps(spans))  # the plain span array
    assert check_run(next(read_file(path))).problems == ["root_ok_with_incomplete_or_failed_child"]


def test_the_jaeger_ui_trace_object_and_its_references() -> None:
    [run] = list(read_file(DATA / "jaeger_ui_trace_object.json"))
    parents = dict(zip(run.columns[0], run.columns[1], strict=False))
    assert parents["4"] == "2"  # the CHILD_OF in its own trace; the one into trace ff is a link
    assert parents["5"] == "4"
    assert check_run(run).problems == ["duplicate_id:2"]


def test_follows_from_is_a_parent_too(tmp_path: Path) -> None:
    doc = orjson.loads((DATA / "jaeger_api_traces_retry.json").read_bytes())
    child = doc["data"][0]["spans"][1]
    child["references"][0]["refType"] = "FOLLOWS_FROM"
    path = tmp_path / "t.json"
    path.write_bytes(orjson.dumps(doc))
    run = next(read_file(path))
    assert run.columns[1][1] == "5915e2d0f3575298"


# ----------------------------------------------------------------------------- Zipkin


def test_zipkin_shared_span_is_one_span_not_a_duplicate() -> None:
    [run] = list(read_file(DATA / "zipkin_v2_skew.json"))
    assert run.format == "zipkin"
    assert sorted(run.columns[0]) == ["43210ae0c10d1234", "74280ae0c10d8062", "bf396325699c84bf"]
    shared = next(v for v in run.views() if v.id == "74280ae0c10d8062")
    assert (shared.parent_id, shared.started_at) == ("bf396325699c84bf", 1470150004.008761)
    assert check_run(run).complete


def test_zipkin_error_tag_and_missing_duration(tmp_path: Path) -> None:
    spans = orjson.loads((DATA / "zipkin_v2_skew.json").read_bytes())
    spans[0]["tags"] = {"error": "timeout"}
    path = tmp_path / "z.json"
    path.write_bytes(orjson.dumps([spans]))  # /api/v2/traces answers a list of traces
    assert check_run(next(read_file(path))).problems == ["root_ok_with_incomplete_or_failed_child"]
    del spans[0]["duration"]  # a span that has not finished
    path.write_bytes(orjson.dumps(spans))
    problems = check_run(next(read_file(path))).problems
    assert problems[0] == "open_span:43210ae0c10d1234:span:async"


# ----------------------------------------------------------------------------- OTel console


def _console_stream(leave_open: bool) -> str:
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import ConsoleSpanExporter, SimpleSpanProcessor

    out = io.StringIO()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(ConsoleSpanExporter(out=out)))
    tracer = provider.get_tracer("t")
    with tracer.start_as_current_span("agent") as root:
        with tracer.start_as_current_span("chat"):
            pass
        if leave_open:
            from opentelemetry import trace

            with trace.use_span(root):
                hanging = tracer.start_span("execute_tool")
                out.write(hanging.to_json() + "\n")  # what a processor printing at start shows
    provider.shutdown()
    return out.getvalue()


@pytest.mark.parametrize("leave_open", [False, True])
def test_the_otel_python_console_stream(tmp_path: Path, leave_open: bool) -> None:
    pytest.importorskip("opentelemetry.sdk")
    path = tmp_path / "console.log"
    path.write_text(_console_stream(leave_open))
    [run] = list(read_file(path))
    assert run.format == "otel-console"
    result = check_run(run)
    if leave_open:
        assert result.problems == [
            f"open_span:{next(v.id for v in run.views() if v.ended_at is None)}:span:execute_tool",
            "root_ok_with_incomplete_or_failed_child",
        ]
    else:
        assert result.complete
    assert check(str(DATA / "otel_python_console.log")).returncode == 1  # the failed tool


# ----------------------------------------------------------------------------- not span trees


def test_chrome_trace_events_are_unreadable_and_named(tmp_path: Path) -> None:
    with pytest.raises(TraceFormatError, match="looks like Chrome trace events"):
        list(read_file(DATA / "chrome_trace_events.json"))
    path = tmp_path / "events.json"
    path.write_bytes(orjson.dumps([{"name": "a", "ph": "X", "ts": 1, "dur": 2}]))
    result = check(str(path))
    assert result.returncode == 2
    assert "Chrome trace events" in result.stderr


def _run_line(run_id: str, ended: float | None) -> bytes:
    span = {"id": "a", "parent_id": None, "kind": "agent", "name": "run", "started_at": 1.0,
            "ended_at": ended, "status": "ok" if ended else None, "attrs": {}}  # fmt: skip
    return orjson.dumps({"run_id": run_id, "root_id": "a", "spans": [span]}) + b"\n"


def test_a_bad_line_never_hides_the_runs_after_it(tmp_path: Path) -> None:
    """Every readable run of a JSON lines file is checked; each bad line is named; an
    incomplete run (exit 1) wins over an unreadable line (exit 2)."""
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_bytes(
        _run_line("r1", 2.0) + b"{garbage\n" + _run_line("r2", None) + b"not json either\n"
    )
    checked = subprocess.run(
        [sys.executable, "-m", "tether", "check", str(mixed)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert checked.returncode == 1, checked.stderr
    assert "INCOMPLETE  r2" in checked.stdout and "complete    r1" in checked.stdout
    assert "line 2: invalid JSON" in checked.stderr and "line 4: invalid JSON" in checked.stderr
    only_bad_line = tmp_path / "one.jsonl"
    only_bad_line.write_bytes(_run_line("r1", 2.0) + b"{garbage\n")
    second = subprocess.run(
        [sys.executable, "-m", "tether", "check", str(only_bad_line)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert second.returncode == 2 and "complete    r1" in second.stdout
