"""Each proxy request's spans reach an OTLP/HTTP receiver, in the background: one run (trace)
per client request, complete by the gate, and a receiver that is down never touches a reply."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tests.proxy.helpers import ProxyFactory, SharedStand, ask, client
from tether.errors import ConfigError
from tether.proxy import Proxy, ProxyConfig, ProxyThread
from tether.proxy.export import SpanExport
from tether.trace.gate import check_recorder
from tether.trace.spans import Recorder

pytestmark = pytest.mark.timeout(60)


def _spans(request: object) -> list[object]:
    return [s for rs in request.resource_spans for ss in rs.scope_spans for s in ss.spans]  # type: ignore[attr-defined]


def _wait_for(received: list[object], n: int) -> None:
    deadline = time.monotonic() + 20  # the export is in the background: a bound on a hang
    while len(received) < n and time.monotonic() < deadline:
        time.sleep(0.05)


@pytest.mark.parametrize("stream", [False, True], ids=["whole", "stream"])
def test_each_request_is_a_trace_at_the_receiver(
    shared_stand: SharedStand,
    proxy_factory: ProxyFactory,
    otlp_receiver: tuple[str, list[object]],
    stream: bool,
) -> None:
    url, received = otlp_receiver
    proxy = proxy_factory([shared_stand("gateway-200"), shared_stand()], otlp_endpoint=url)
    for _ in range(2):
        assert ask(client(proxy), stream, "hi").startswith("Simulated reply")
    _wait_for(received, 2)
    assert len(received) == 2
    traces = [_spans(r) for r in received]
    assert len({s.trace_id for spans in traces for s in spans}) == 2  # type: ignore[attr-defined]
    for spans in traces:
        names = {s.name for s in spans}  # type: ignore[attr-defined]
        assert {"proxy request", "model call"} <= names
    verdicts = {
        a.value.string_value
        for spans in traces
        for s in spans
        for a in s.attributes  # type: ignore[attr-defined]
        if a.key == "tether.verdict"
    }
    assert "gateway" in verdicts  # the primary's HTTP 200 failure text, judged (then skipped)


def test_a_receiver_that_is_down_never_touches_a_reply(
    shared_stand: SharedStand, tmp_path: Path
) -> None:
    config = ProxyConfig.model_validate(
        {
            "upstreams": [{"base_url": shared_stand() + "/v1"}],
            "proxy": {
                "log": str(tmp_path / "p.jsonl"),
                "otlp_endpoint": "http://127.0.0.1:9/v1/traces",
            },
        }
    )
    proxy = Proxy(config)
    thread = ProxyThread(proxy)
    url = thread.start()
    try:
        for _ in range(3):
            assert ask(client(url), True, "hi").startswith("Simulated reply")
    finally:
        thread.stop()
    export = proxy.export
    assert export is not None
    deadline = time.monotonic() + 30  # each send retries for a while in the background
    while export.failed == 0 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert export.failed >= 1 and export.sent_runs == 0


def test_the_queue_sends_each_run_as_the_recorder_wrote_it() -> None:
    got: list[dict[str, Any]] = []

    def keep(trace: dict[str, Any], endpoint: str) -> int:
        got.append(trace)
        return len(trace["spans"])

    export = SpanExport("http://unused", send=keep)
    recorder = Recorder("proxy request")
    with recorder.span("model", "model call"):
        pass
    recorder.finish()
    export.submit(recorder.to_json())
    export.close()
    assert got == [recorder.to_json()] and check_recorder(recorder).complete
    assert (export.sent_runs, export.sent_spans, export.dropped) == (1, 2, 0)


def test_a_full_queue_drops_runs_and_counts_them() -> None:
    release = threading.Event()

    def slow(trace: dict[str, Any], endpoint: str) -> int:
        release.wait(10)
        return 1

    export = SpanExport("http://unused", send=slow, queue_max=2)
    for _ in range(6):  # one being sent, two waiting, three dropped
        export.submit({"spans": []})
    release.set()
    export.close()
    assert export.dropped >= 3 and export.sent_runs + export.dropped == 6


def test_without_the_otel_extra_an_environment_endpoint_is_said_and_skipped(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setitem(sys.modules, "opentelemetry.exporter.otlp.proto.http.trace_exporter", None)
    monkeypatch.setenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://127.0.0.1:9/v1/traces")
    rows = {"upstreams": [{"base_url": "http://127.0.0.1:9/v1"}]}
    proxy = Proxy(ProxyConfig.model_validate({**rows, "proxy": {"log": str(tmp_path / "p")}}))
    assert proxy.export is None and "otel extra" in caplog.text  # it serves, without export
    asked = {"log": str(tmp_path / "p"), "otlp_endpoint": "http://127.0.0.1:9/v1/traces"}
    with pytest.raises(ConfigError, match="otel extra"):  # asked for in the file: an error
        Proxy(ProxyConfig.model_validate({**rows, "proxy": asked}))
