"""`tether check` and `tether traces`: the gate and the store as a user meets them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"


def tether(*args: str, store: Path, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tether", *args, "--store", str(store)],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


@pytest.fixture
def store(tmp_path: Path) -> Path:
    return tmp_path / "traces.db"


def test_ask_leaves_a_trace_that_passes_the_gate(store: Path) -> None:
    asked = tether(
        "ask", "hello", "--fault", "gateway-200", "--backup-stand", "--json", store=store
    )
    assert asked.returncode == 0, asked.stderr
    run_id = json.loads(asked.stdout)["run_id"]
    checked = tether("check", run_id, "--json", store=store)
    assert checked.returncode == 0, checked.stdout
    (run,) = json.loads(checked.stdout)["runs"]
    assert run["run_id"] == run_id and run["complete"] is True
    shown = tether("traces", "show", run_id[:10], store=store)
    assert shown.returncode == 0
    assert "verdict=gateway" in shown.stdout and "model call" in shown.stdout
    listed = json.loads(tether("traces", "list", "--json", store=store).stdout)["runs"]
    assert listed[0]["run_id"] == run_id and listed[0]["verdicts"] == ["gateway"]
    assert listed[0]["status"] == "answered"  # what `ask` said: one vocabulary
    # both attempts were read and written by the stand's sim-large, which has a built-in price
    assert listed[0]["cost_usd"] is not None and listed[0]["cost_usd"] > 0


def test_a_failed_call_still_leaves_a_closed_trace(store: Path) -> None:
    asked = tether("ask", "hello", "--fault", "http:401", "--json", store=store)
    assert asked.returncode == 1
    assert json.loads(asked.stdout)["status"] == "error"
    checked = tether("check", "--last", "1", store=store)
    assert checked.returncode == 0, checked.stdout  # closed honestly: root says error, not ok


def test_check_the_seed_sample_and_cluster(tmp_path: Path, store: Path) -> None:
    result = tether("check", str(DATA / "run_7f3a.json"), "--json", "--cluster", store=store)
    assert result.returncode == 1
    body = json.loads(result.stdout)
    (run,) = body["runs"]
    assert "root_ok_with_incomplete_or_failed_child" in run["problems"]
    assert body["clusters"][0]["count"] == 1


def test_unreadable_input_exits_2_and_names_the_file(tmp_path: Path, store: Path) -> None:
    bad = tmp_path / "truncated.json"
    bad.write_text('{"run_id": "x", "spans": [')
    result = tether("check", str(bad), store=store)
    assert result.returncode == 2
    assert str(bad) in result.stderr


def test_incomplete_wins_over_unreadable(tmp_path: Path, store: Path) -> None:
    folder = tmp_path / "mixed"
    folder.mkdir()
    (folder / "bad.json").write_text("not json")
    (folder / "run.json").write_text((DATA / "run_7f3a.json").read_text())
    result = tether("check", str(folder), store=store)
    assert result.returncode == 1
    assert "bad.json" in result.stderr and "INCOMPLETE" in result.stdout


def test_export_seed_and_otlp_json_and_both_pass_the_gate(tmp_path: Path, store: Path) -> None:
    assert tether("ask", "hi", store=store).returncode == 0
    for fmt in ("run-json", "seed-json", "otlp-json"):
        exported = tether("traces", "export", "last", "--format", fmt, store=store)
        assert exported.returncode == 0, exported.stderr
        path = tmp_path / f"{fmt}.json"
        path.write_text(exported.stdout)
        assert tether("check", str(path), store=store).returncode == 0


def test_live_otlp_export_reaches_a_real_receiver(
    store: Path, otlp_receiver: tuple[str, list[object]]
) -> None:
    url, received = otlp_receiver
    asked = tether("ask", "hi", "--fault", "gateway-200", "--backup-stand", "--json", store=store)
    run_id = json.loads(asked.stdout)["run_id"]
    sent = tether("traces", "export", run_id, "--otlp-endpoint", url, store=store)
    assert sent.returncode == 0, sent.stderr
    (request,) = received
    spans = [s for rs in request.resource_spans for ss in rs.scope_spans for s in ss.spans]  # type: ignore[attr-defined]
    assert {s.trace_id.hex() for s in spans} == {run_id}
    verdicts = {
        a.value.string_value for s in spans for a in s.attributes if a.key == "tether.verdict"
    }
    assert verdicts == {"gateway"}


def test_traces_without_a_store_say_how_to_get_one(tmp_path: Path) -> None:
    result = tether("traces", "list", store=tmp_path / "none.db")
    assert result.returncode == 2
    assert "no trace store" in result.stderr


def test_ask_exports_live_when_an_endpoint_is_configured(
    store: Path, otlp_receiver: tuple[str, list[object]]
) -> None:
    import os

    url, received = otlp_receiver
    env = {**os.environ, "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": url}
    asked = subprocess.run(
        [sys.executable, "-m", "tether", "ask", "hi", "--json", "--store", str(store)],
        capture_output=True, text=True, timeout=60, env=env,
    )  # fmt: skip
    assert asked.returncode == 0, asked.stderr
    run_id = json.loads(asked.stdout)["run_id"]
    (request,) = received
    spans = [s for rs in request.resource_spans for ss in rs.scope_spans for s in ss.spans]  # type: ignore[attr-defined]
    assert {s.trace_id.hex() for s in spans} == {run_id}
    assert {s.name for s in spans} >= {"ask", "model call", "chat sim-large"}


def test_run_exports_live_when_an_endpoint_is_configured(
    store: Path, otlp_receiver: tuple[str, list[object]], tmp_path: Path
) -> None:
    import os

    url, received = otlp_receiver
    env = {**os.environ, "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": url}
    ran = subprocess.run(
        [sys.executable, "-m", "tether", "run", "hi", "--json", "--store", str(store)],
        capture_output=True, text=True, timeout=60, env=env, cwd=tmp_path,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    run_id = json.loads(ran.stdout)["run_id"]
    (request,) = received
    spans = [s for rs in request.resource_spans for ss in rs.scope_spans for s in ss.spans]  # type: ignore[attr-defined]
    assert {s.trace_id.hex() for s in spans} == {run_id}
    assert {"agent run", "step 1", "model call"} <= {s.name for s in spans}


def test_traces_list_keeps_whole_run_ids_and_names_the_task(tmp_path: Path) -> None:
    """Piped (80 columns): the id is whole enough for `traces show`, and the task is named."""
    env = {**os.environ, "TETHER_TRACE_STORE": str(tmp_path / "t.db"), "COLUMNS": "80"}
    ran = subprocess.run(
        [sys.executable, "-m", "tether", "run", "list the files please", "--json"],
        capture_output=True, text=True, timeout=60, env=env, cwd=tmp_path,
    )  # fmt: skip
    run_id = json.loads(ran.stdout)["run_id"]
    listed = subprocess.run(
        [sys.executable, "-m", "tether", "traces", "list"],
        capture_output=True, text=True, timeout=60, env=env,
    )  # fmt: skip
    assert run_id[:12] in listed.stdout
    assert "list" in listed.stdout and "agent" in listed.stdout  # (wrapped in its column)
    shown = subprocess.run(
        [sys.executable, "-m", "tether", "traces", "show", run_id[:12]],
        capture_output=True, text=True, timeout=60, env=env,
    )  # fmt: skip
    assert shown.returncode == 0, shown.stderr


def test_traces_show_json_is_the_run_with_every_span(tmp_path: Path) -> None:
    env = {**os.environ, "TETHER_TRACE_STORE": str(tmp_path / "t.db")}
    ran = subprocess.run(
        [sys.executable, "-m", "tether", "ask", "hello", "--json"],
        capture_output=True, text=True, timeout=60, env=env,
    )  # fmt: skip
    run_id = json.loads(ran.stdout)["run_id"]
    shown = subprocess.run(
        [sys.executable, "-m", "tether", "traces", "show", run_id, "--json"],
        capture_output=True, text=True, timeout=60, env=env,
    )  # fmt: skip
    body = json.loads(shown.stdout)
    assert body["run_id"] == run_id and body["root_id"]
    assert {s["kind"] for s in body["spans"]} >= {"run", "chain", "model"}
    missing = subprocess.run(
        [sys.executable, "-m", "tether", "traces", "show", "nope", "--json"],
        capture_output=True, text=True, timeout=60, env=env,
    )  # fmt: skip
    assert missing.returncode == 2 and "Traceback" not in missing.stderr


def test_traces_print_a_task_as_typed_not_as_markup(store: Path, tmp_path: Path) -> None:
    task = "[bold]fix[/] the :-1: test"
    ran = tether("run", task, "--workspace", str(tmp_path), store=store)
    assert ran.returncode == 0, ran.stderr
    listed = subprocess.run(
        [sys.executable, "-m", "tether", "traces", "list", "--store", str(store)],
        capture_output=True, text=True, timeout=60, env={**os.environ, "COLUMNS": "200"},
    )  # fmt: skip
    assert "[bold]fix[/] the :-1: test" in listed.stdout, listed.stdout
