"""A misbehaving upstream never grows the proxy without bound: endless tool-call arguments,
endless error frames, endless malformed chunks, endless response headers and an HTTP 500 with
an endless body each end as a judged bad turn (failed over, or given up after the loop guard
cut twice), and the proxy process's peak memory grows by less than 100 MB over all of them
(before: 1.4 to 2.9 GB within seconds)."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from tests.helpers import StandFactory
from tests.proxy.helpers import HTTP, read_log
from tests.proxy.hostile import endless_headers, peak_rss_mb, proxy_process

pytestmark = pytest.mark.timeout(180)

STAND_FAULTS = {
    "tool-args": "endless-tool-args",
    "errors": "endless-errors",
    "malformed": "endless-malformed",
    "error-500": "endless-500",
}
# What the proxy's log says of the hostile upstream's attempt(s), and the client's status.
EXPECTED = {
    "tool-args": (["cut", "cut"], 502),  # a loop: retried once lower, then given up
    "errors": (["error_frame"], 200),  # failed over to the backup
    "malformed": (["malformed"], 200),
    "error-500": ([], 200),  # an HTTP status, not a turn: no verdict, failed over
    "headers": ([], 200),
    "header-line": ([], 200),
}
GROWTH_LIMIT_MB = 100


def _ask(url: str, model: str) -> tuple[int, dict[str, object]]:
    reply = HTTP.post(
        url + "/v1/chat/completions",
        content=orjson.dumps({"model": model, "messages": [{"role": "user", "content": "hi"}]}),
        headers={"content-type": "application/json"},
        timeout=120,
    )
    body: dict[str, object] = reply.json()
    return reply.status_code, body


@pytest.mark.parametrize("transport", ["lean", "fast", "httpx"])
def test_endless_upstreams_are_judged_and_memory_stays_bounded(
    stand_factory: StandFactory, tmp_path: Path, transport: str
) -> None:
    urls = {name: stand_factory(faults=[fault]) for name, fault in STAND_FAULTS.items()}
    backup = stand_factory()
    log = tmp_path / "proxy.jsonl"
    with endless_headers() as headers_url, endless_headers(one_line=True) as line_url:
        urls["headers"], urls["header-line"] = headers_url, line_url
        rows = [
            f'[[upstreams]]\nname = "{name}"\nbase_url = "{url}/v1"\n' for name, url in urls.items()
        ]
        rows.append(f'[[upstreams]]\nname = "backup"\nbase_url = "{backup}/v1"\n')
        aliases = [f'"{name}" = ["{name}#sim-large", "backup#sim-large"]' for name in urls]
        aliases.append('warm = ["backup#sim-large"]')
        config = tmp_path / "proxy.toml"
        config.write_text(
            "\n".join(rows)
            + f'\n[proxy]\ntransport = "{transport}"\nlog = "{log}"\nbackoff_s = 0.01\n'
            + "\n[aliases]\n"
            + "\n".join(aliases)
            + "\n"
        )
        with proxy_process(config) as (url, pid):
            status, body = _ask(url, "warm")  # warm-up: imports, pools, first chain
            assert status == 200, body
            before = peak_rss_mb(pid)
            statuses = {name: _ask(url, name) for name in EXPECTED}
            growth = peak_rss_mb(pid) - before
    records = {r["model"]: r for r in read_log(log)}
    for name, (verdicts, status) in EXPECTED.items():
        record = records[name]
        got = statuses[name][0]
        assert (record["verdicts"], got) == (verdicts, status), (name, record["attempts"])
        first = record["attempts"][0]
        assert first["candidate"].endswith(urls[name] + "/v1"), first
        if status == 200:
            assert record["upstream"].endswith(backup + "/v1")
        else:
            assert "looped again" in str(statuses[name][1])
    assert records["error-500"]["attempts"][0]["status"] == 500
    for name in ("headers", "header-line"):
        assert "larger than" in records[name]["attempts"][0]["error"] or (
            transport == "httpx"  # httpcore's h11 says it its own way
        ), records[name]["attempts"][0]
    assert growth < GROWTH_LIMIT_MB, f"peak RSS grew {growth:.0f} MB"
