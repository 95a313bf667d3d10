"""Readers that turn trace files (and runs in tether's store) into runs of normalised spans.

What is read:

- **run JSON** (closed-span runs, tether's own schema): ``{"run_id", "root_id", "spans": [{"id",
  "parent_id", "kind", "name", "started_at", "ended_at", "status", "attrs"}]}``, times as
  ISO-8601 strings or epoch seconds; also a JSON list of such runs, and JSONL with one run per
  line.
- **OTLP JSON** as exporters write it: ``resourceSpans[].scopeSpans[].spans[]`` (the older
  ``instrumentationLibrarySpans``, and Tempo's ``batches`` too), ids in hex of either case or
  base64 (the protobuf JSON mapping), times as strings or ints, enums as numbers or names; one
  run per ``traceId``; the root is the span (or spans) without ``parentSpanId``. JSONL of such
  documents (the collector's file exporter) is read as one stream, traces grouped across lines.
- **Jaeger JSON** (the API's and the UI's ``{"data": [trace]}``, one trace object, a plain span
  array), **Zipkin v2 JSON** (span arrays, lists of traces) and the **OpenTelemetry Python
  console exporter**'s stream of ``span.to_json()`` objects (see `tracers`); OTLP also as Jaeger's
  API v3 answer ``{"result": TracesData}`` and as bare ``ResourceSpans`` objects (per line).
  Ids that are no ids (not hex or base64 of 16 bytes for a trace, 8 for a span) are kept as
  written and named as defects of their run (`Run.defects`), which the gate reports.
- **Langfuse trace exports** (``{"trace", "observations"}``) and **OpenAI Agents SDK trace
  ingest bodies** (JSONL of ``{"data": [trace | trace.span, ...]}``), whose parent ids and
  start / end times map onto the same spans.
- **tether's store**: a run id (or a unique prefix of one), read through ``TraceStore.trace``.

Not read, with a one-line reason: inspect_ai eval logs (their events carry no span tree with a
root), Chrome trace events (no span ids at all), OTLP documents holding only logs or metrics, and
any other JSON.

Every reader gives `Run`s whose spans are normalised and kept as columns (see `model`).

Reading is lazy and one file at a time: `iter_runs` is a generator, a folder is read file by
file (``*.json``, ``*.jsonl``, sorted, not recursive), and a bad file becomes a `ReadError`
naming the file and the reason without stopping the others. A file larger than
`STREAM_THRESHOLD` is never loaded whole: `_Scanner` reads it in chunks and cuts out the
elements of its big array (``spans`` of run JSON, ``resourceSpans`` of OTLP, the runs of a
list), parsing a chunk's worth at once with orjson after a successful parse has shown that the
cut fell between two elements (a cut inside a string or an object never parses); kinds, names
and statuses then share one string object per value, and `keep_attrs` drops the attrs that
hold none of the attributes the caller reads (the gate's are `GATE_ATTRS`).

One module per question; each imports only from the ones before it in this list:

- `model`: the run (spans as columns, times, the read error), what every reader produces;
- `run_json`, `otlp`: one format each; `vendors`: Langfuse and the OpenAI Agents SDK; `tracers`:
  Jaeger, Zipkin and the OTel console stream;
- `document`: which format a parsed JSON document is in (`runs_from_document`);
- `scanner`: streaming a file too big to load whole;
- `files`: files, folders and store run ids (`read_file`, `iter_runs`).
"""

from __future__ import annotations

from tether.errors import TraceFormatError
from tether.trace.formats.document import runs_from_document
from tether.trace.formats.files import iter_runs, read_file
from tether.trace.formats.model import (
    GATE_ATTRS,
    STREAM_THRESHOLD,
    ColumnFacts,
    Columns,
    ReadError,
    Run,
    SpanRow,
    Time,
    TraceSpan,
    seconds,
)
from tether.trace.formats.run_json import read_store_run

__all__ = [
    "GATE_ATTRS",
    "STREAM_THRESHOLD",
    "ColumnFacts",
    "Columns",
    "ReadError",
    "Run",
    "SpanRow",
    "Time",
    "TraceFormatError",
    "TraceSpan",
    "iter_runs",
    "read_file",
    "read_store_run",
    "runs_from_document",
    "seconds",
]
