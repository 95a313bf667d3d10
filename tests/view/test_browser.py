"""`tether view` in a real headless Chromium: the runs page of a store a real lab run made, its
filters, a failed-over run's rejected attempt and the backup's answer, a cancelled run's
receipt, an open span drawn open, a live run followed to its end, the lab and audit charts, and
the static export opened from file://. Each test leaves screenshots in its tmp folder."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx2
import pytest

from tests.processes import still_running
from tests.test_audit import write_log
from tests.view.support import env_with_store, tether, wait_for
from tether.trace.store import TraceStore

pytestmark = pytest.mark.timeout(180)


def _api(url: str, path: str) -> Any:
    return httpx2.get(url + path, timeout=30).json()


def _listed(store: Path) -> list[dict[str, Any]]:
    """The runs as `tether traces list --json` says them (an independent reading)."""
    result = tether("traces", "list", "--store", str(store), "--limit", "100", "--json")
    assert result.returncode == 0, result.stderr
    runs: list[dict[str, Any]] = json.loads(result.stdout)["runs"]
    return runs


def test_runs_page_of_a_lab_run_filters_by_verdict_status_and_text(
    page: Any, viewer: Any, lab_store: tuple[Path, Path], tmp_path: Path
) -> None:
    store, _ = lab_store
    listed = _listed(store)
    v = viewer("--store", str(store))
    page.goto(v.url)
    page.wait_for_selector("tr.run-row")
    assert page.locator("tr.run-row").count() == len(listed) == 5
    shown = page.locator("tr.run-row").evaluate_all("rows => rows.map(r => r.dataset.status)")
    assert shown == [r["status"] for r in listed]
    page.screenshot(path=tmp_path / "runs.png", full_page=True)

    verdict = sorted({v for r in listed for v in r["verdicts"]})[0]
    page.select_option("#verdict-filter", verdict)
    expected = [r["run_id"] for r in listed if verdict in r["verdicts"]]
    page.wait_for_function(f"document.querySelectorAll('tr.run-row').length === {len(expected)}")
    assert page.locator("tr.run-row").evaluate_all("r => r.map(x => x.dataset.run)") == expected
    page.screenshot(path=tmp_path / "runs-by-verdict.png", full_page=True)

    page.select_option("#verdict-filter", "")
    page.wait_for_function("document.querySelectorAll('tr.run-row').length === 5")
    page.keyboard.press("/")
    page.keyboard.type("csv-01")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('tr.run-row').length === 1")
    assert "csv-01" in page.locator("tr.run-row td.task").inner_text()

    page.goto(v.url + "#/runs?status=failed")
    page.wait_for_selector("text=No run matches.")
    assert page.locator("#count").inner_text() == "0 runs"


def test_a_failed_over_run_shows_the_rejected_verdict_and_the_backup_answer(
    page: Any, viewer: Any, lab_store: tuple[Path, Path], tmp_path: Path
) -> None:
    store, _ = lab_store
    v = viewer("--store", str(store))
    runs = _api(v.url, "api/runs")["runs"]
    failed_over = next(r for r in runs if r["failovers"] and r["verdicts"])
    page.goto(v.url)
    page.wait_for_selector("tr.run-row")
    # keyboard only: move down to the run, open it with Enter
    index = [r["run_id"] for r in runs].index(failed_over["run_id"])
    for _ in range(index + 1):
        page.keyboard.press("j")
    page.keyboard.press("Enter")
    page.wait_for_selector("#waterfall .wf-row")
    rejected = page.locator(".wf-row[data-kind=model]", has_text="rejected:").first
    verdict = rejected.locator(".verdict").inner_text().removeprefix("rejected: ")
    assert verdict in failed_over["verdicts"]
    answered = page.locator(".wf-row[data-kind=model]", has_text="backup").filter(has_text="answer")
    assert answered.count() >= 1
    page.keyboard.press("v")  # the next span with a verdict, in the side panel
    detail = page.locator("#span-detail")
    assert verdict in detail.inner_text()
    assert verdict in page.locator("#receipt-rejected").inner_text()
    page.screenshot(path=tmp_path / "failed-over-run.png", full_page=True)


def _signalled_run(tmp_path: Path, store: Path, marker: str, sig: signal.Signals) -> str:
    """A real `tether run` stopped by `sig` while its check (`sleep MARKER`) runs; its stdout."""
    workspace = tmp_path / "ws"
    workspace.mkdir(exist_ok=True)
    proc = subprocess.Popen(
        [sys.executable, "-m", "tether", "run", "Fix the tests", "--workspace", str(workspace),
         "--check", f"sleep {marker}", "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env_with_store(store),
    )  # fmt: skip
    try:
        wait_for(lambda: still_running(f"sleep {marker}", ("sleep", "sh", "bwrap")), 60, "check")
        proc.send_signal(sig)
        out, _ = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    return out


def test_a_cancelled_run_shows_its_receipt(page: Any, viewer: Any, tmp_path: Path) -> None:
    store = tmp_path / "t.db"
    receipt = json.loads(_signalled_run(tmp_path, store, "47.613", signal.SIGINT))
    assert receipt["status"] == "cancelled"
    v = viewer("--store", str(store))
    page.goto(v.url + "#/runs?status=cancelled")
    page.wait_for_selector("tr.run-row")
    page.click("tr.run-row")
    page.wait_for_selector("#receipt")
    panel = page.locator("#receipt")
    assert panel.locator(".status").first.inner_text() == "cancelled"
    assert receipt["cancelled"] and all(
        c in page.locator("#receipt-cancelled").inner_text() for c in receipt["cancelled"]
    )
    page.screenshot(path=tmp_path / "cancelled-run.png", full_page=True)


def test_an_open_span_is_drawn_open(page: Any, viewer: Any, tmp_path: Path) -> None:
    """A run killed in mid-check (SIGKILL: nothing closes): its spans stay open in the store,
    the page draws them open and the gate says incomplete."""
    store = tmp_path / "t.db"
    _signalled_run(tmp_path, store, "3.617", signal.SIGKILL)
    v = viewer("--store", str(store))
    page.goto(v.url)
    page.wait_for_selector("tr.run-row")
    assert page.locator("tr.run-row").get_attribute("data-status") == "open"
    page.click("tr.run-row")
    page.wait_for_selector("#waterfall .wf-row")
    open_check = page.locator(".wf-row[data-kind=check][data-open=true]")
    assert open_check.count() == 1
    assert open_check.locator(".bar.open").count() == 1
    bar = open_check.locator(".bar.open")
    # the page follows an open run live and redraws as spans arrive: a box read mid-redraw is
    # None (seen in CI)
    bar.wait_for(state="visible")
    box = bar.bounding_box()
    for _ in range(100):
        if box is not None:
            break
        page.wait_for_timeout(50)
        box = bar.bounding_box()
    assert box is not None and box["width"] > 2  # drawn, off to the right
    assert "open" in open_check.inner_text()
    assert "incomplete" in page.locator("#gate").inner_text()
    page.keyboard.press("o")  # the first open span (after the root)
    assert "never ended" in page.locator("#span-detail").inner_text()
    page.screenshot(path=tmp_path / "open-span.png", full_page=True)


def test_a_live_run_is_followed_to_its_end(page: Any, viewer: Any, tmp_path: Path) -> None:
    store = tmp_path / "t.db"
    TraceStore(store).close()
    v = viewer("--store", str(store))
    workspace = tmp_path / "ws"
    workspace.mkdir()
    proc = subprocess.Popen(
        [sys.executable, "-m", "tether", "run", "Fix the tests", "--workspace", str(workspace),
         "--check", "sleep 2.5", "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env_with_store(store),
    )  # fmt: skip
    try:
        run_id = wait_for(
            lambda: next(
                (r["run_id"] for r in _api(v.url, "api/runs")["runs"] if r["open_spans"]), None
            ),
            60,
            "the run's first spans",
        )
        page.goto(v.url + "#/run/" + run_id)
        page.wait_for_selector("main[data-live=following]")
        assert page.locator("#live").is_visible()
        page.wait_for_selector(".wf-row[data-open=true]")
        page.screenshot(path=tmp_path / "live-run.png", full_page=True)
        out, _ = proc.communicate(timeout=90)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    receipt = json.loads(out)
    page.wait_for_selector("main[data-live=ended]", timeout=30_000)
    assert page.locator("#receipt .status").first.inner_text() == receipt["status"]
    assert page.locator(".wf-row[data-open=true]").count() == 0
    assert page.locator("#live").count() == 0
    assert "complete" in page.locator("#gate").inner_text()
    page.screenshot(path=tmp_path / "live-run-ended.png", full_page=True)


def test_lab_and_audit_pages_draw_their_figures(
    page: Any, viewer: Any, lab_store: tuple[Path, Path], stand_factory: Any, tmp_path: Path
) -> None:
    store, out = lab_store
    log = tmp_path / "exchanges.jsonl"
    write_log(stand_factory, log, "openai")
    audited = json.loads(tether("audit", str(log), "--json").stdout)["summary"]
    lab = json.loads((out / "runs.json").read_text())
    v = viewer("--store", str(store), "--lab", str(out), "--audit", str(log))
    page.goto(v.url + "#/lab")
    page.wait_for_selector("#chart-solved")
    figures = lab["harnesses"]["tether"]
    labels = page.locator("#chart-solved text.value").all_text_contents()
    assert f"{figures['solved']}/{figures['runs']}" in " ".join(labels)
    false_done = page.locator("#chart-false-done text.value").all_text_contents()
    assert f"{figures['false_done']}/{figures['runs']}" in " ".join(false_done)
    page.screenshot(path=tmp_path / "lab.png", full_page=True)
    page.keyboard.press("Escape")
    page.click("#nav-audit")
    page.wait_for_selector("#chart-verdicts")
    values = page.locator("#chart-verdicts text.value").all_text_contents()
    assert values[0] == str(audited["answers"])
    assert page.locator("#audit-table tbody tr").count() == audited["not_answers"]
    page.screenshot(path=tmp_path / "audit.png", full_page=True)


def test_the_static_export_opens_from_disk(
    page: Any, lab_store: tuple[Path, Path], tmp_path: Path
) -> None:
    store, out = lab_store
    folder = tmp_path / "export"
    result = tether("view", "--store", str(store), "--lab", str(out), "--export", str(folder))
    assert result.returncode == 0, result.stderr
    index = Path(result.stdout.strip())
    assert index == (folder / "index.html").resolve()
    listed = _listed(store)
    page.goto(index.as_uri())
    page.wait_for_selector("tr.run-row")
    assert page.locator("tr.run-row").count() == len(listed)
    page.click("tr.run-row >> nth=0")
    page.wait_for_selector("#waterfall .wf-row")
    assert page.locator("#receipt .status").first.inner_text() == listed[0]["status"]
    page.screenshot(path=tmp_path / "export-run.png", full_page=True)
    page.goto(index.as_uri() + "#/lab")
    page.wait_for_selector("#chart-false-done")
    page.screenshot(path=tmp_path / "export-lab.png", full_page=True)


def test_the_lab_report_has_a_view_that_opens_from_disk(
    page: Any, lab_store: tuple[Path, Path], tmp_path: Path
) -> None:
    """`tether lab --out DIR` writes DIR/view: the charts, and each tether run's trace."""
    _, out = lab_store
    lab = json.loads((out / "runs.json").read_text())
    page.goto((out / "view" / "index.html").as_uri() + "#/lab")
    page.wait_for_selector("#chart-false-done")
    assert page.locator("#lab-runs tbody tr").count() == len(lab["runs"])
    page.locator("#lab-runs a").first.click()
    page.wait_for_selector("#waterfall .wf-row")
    first = next(r for r in lab["runs"] if r["run_id"])
    assert page.locator("#receipt .status").first.inner_text() == first["status"]
    page.screenshot(path=tmp_path / "lab-report-run.png", full_page=True)
