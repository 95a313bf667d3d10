"""Recording cost per span on the hot path: tether's recorder (writing to its SQLite store
through the background writer) beside the OpenTelemetry Python SDK's own cost per span (a
TracerProvider with a SimpleSpanProcessor and an exporter that drops spans), in one run.

Target: tether <= 10 us per span (median of batches), start + end.
Run: python bench/recorder.py
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from tether.trace.spans import Recorder
from tether.trace.store import TraceStore

BATCH = 1000
BATCHES = 60
TARGET_US = 10.0


def per_span_us(run_batch: Callable[[], None]) -> float:
    samples = []
    for _ in range(BATCHES):
        t0 = time.perf_counter()
        run_batch()
        samples.append((time.perf_counter() - t0) / BATCH * 1e6)
    return statistics.median(samples)


def tether_side(store: TraceStore) -> Callable[[], None]:
    rec = Recorder("bench", sink=store)

    def batch() -> None:
        for _ in range(BATCH):
            span = rec.start("tool", "read_file", attrs={"gen_ai.tool.name": "read_file"})
            rec.end(span)
        rec.spans.clear()  # a run of 1,000 spans, then the next: memory stays flat
        rec.spans[rec.root.id] = rec.root

    return batch


def otel_side() -> Callable[[], None] | None:
    try:
        from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
        from opentelemetry.sdk.trace.export import (
            SimpleSpanProcessor,
            SpanExporter,
            SpanExportResult,
        )
    except ImportError:
        return None

    class Drop(SpanExporter):
        def export(self, spans: Sequence[ReadableSpan]) -> SpanExportResult:
            return SpanExportResult.SUCCESS

    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(Drop()))
    tracer = provider.get_tracer("bench")

    def batch() -> None:
        for _ in range(BATCH):
            span = tracer.start_span("read_file", attributes={"gen_ai.tool.name": "read_file"})
            span.end()

    return batch


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        store = TraceStore(Path(tmp) / "bench.db")
        ours = tether_side(store)
        theirs = otel_side()
        ours()  # warm up (starts the writer thread)
        results: dict[str, list[float]] = {"tether": [], "otel": []}
        for _ in range(5):  # alternate the sides so both share the machine's noise
            results["tether"].append(per_span_us(ours))
            if theirs is not None:
                results["otel"].append(per_span_us(theirs))
        t0 = time.perf_counter()
        store.flush()
        drain = time.perf_counter() - t0
        written = len(store.runs(10))
        store.close()
    tether_us = statistics.median(results["tether"])
    print(
        f"recorder: {BATCH} spans per batch, {BATCHES} batches x 5 rounds, medians (us per span, start + end)"
    )
    print(f"{'side':44} {'us/span':>8}")
    print(f"{'tether Recorder -> TraceStore (SQLite, WAL)':44} {tether_us:8.2f}")
    if results["otel"]:
        print(
            f"{'OpenTelemetry SDK, SimpleSpanProcessor':44} {statistics.median(results['otel']):8.2f}"
        )
    else:
        print("OpenTelemetry SDK not installed (pip install 'tether[otel]'): no comparison")
    print(
        f"writer drained the queue {drain:.2f}s after the last batch; runs in the store: {written}"
    )
    ok = tether_us <= TARGET_US
    print(f"target <= {TARGET_US:g} us per span: {'PASS' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
