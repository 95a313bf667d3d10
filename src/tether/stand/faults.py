"""Fault specs: `NAME[:ARG...][@RATE]`, e.g. `gateway-200@0.15`, `stall:200:5`, `http:429:7`.

Each fault reproduces one way a provider fails (the README has the table). A rate makes the
fault happen on that share of requests, drawn from the stand's seeded random generator, so
fault mixes are reproducible.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import orjson

from tether.errors import FaultSpecError

# name -> (argument names, how many are required)
FAULTS: dict[str, tuple[tuple[str, ...], int]] = {
    "gateway-200": ((), 0),
    "gateway-real": ((), 0),
    "empty-stream": (("HOLD_S",), 0),
    "endless-reasoning": ((), 0),
    "endless-tool-args": ((), 0),
    "endless-errors": ((), 0),
    "endless-malformed": ((), 0),
    "endless-empty": ((), 0),
    "endless-500": ((), 0),
    "unprocessed": ((), 0),
    "slow-first-byte": (("S",), 1),
    "stall": (("AFTER_CHARS", "S"), 2),
    "drop": ((), 0),
    "http": (("STATUS", "RETRY_AFTER"), 1),
    "error-frame": ((), 0),
    "malformed-chunk": ((), 0),
    "truncated-tool-args": ((), 0),
    "finish-length": ((), 0),
    "tool-as-text": ((), 0),
    "tool-calls-lost": ((), 0),
    "no-usage": ((), 0),
    "html-200": ((), 0),
    "empty-body": ((), 0),
    "latency": (("FILE",), 1),
    "concurrency": (("N",), 1),
}
CONCURRENCY_MESSAGE = "Too many concurrent requests for {model}: at most {n} at a time"

GATEWAY_TEXT = (
    "The request could not be completed. Please retry later, "
    "or reduce the request parameters/content."
)


# What a load balancer in front of a model server sends when the server behind it is down.
HTML_ERROR_PAGE = (
    b"<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n"
    b"<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n"
    b"</body>\r\n</html>\r\n"
)


# What a model says before a tool call whose call the provider then drops.
TOOL_PREAMBLE = "I'll look that up first."


def _usage(name: str) -> str:
    args, _ = FAULTS[name]
    return ":".join((name, *args))


@dataclass(frozen=True, slots=True)
class Fault:
    name: str
    args: tuple[float, ...] = ()
    rate: float = 1.0
    file: str = ""
    spec: str = ""

    def arg(self, i: int, default: float) -> float:
        return self.args[i] if i < len(self.args) else default


def parse_fault(spec: str) -> Fault:
    """Parse one spec; an unknown name or a bad argument is a FaultSpecError naming the fix."""
    text = spec.strip()
    rate = 1.0
    head, at, tail = text.rpartition("@")
    if at:
        try:
            rate = float(tail)
        except ValueError:
            raise FaultSpecError(
                f"fault {spec!r}: the rate after @ must be a number from 0 to 1"
            ) from None
        if not 0.0 <= rate <= 1.0:
            raise FaultSpecError(f"fault {spec!r}: the rate after @ must be from 0 to 1")
        text = head
    name, _, rest = text.partition(":")
    if name not in FAULTS:
        known = ", ".join(_usage(n) for n in FAULTS)
        raise FaultSpecError(f"unknown fault {name!r} in {spec!r}; known faults: {known}")
    arg_names, required = FAULTS[name]
    if name == "latency":
        if not rest:
            raise FaultSpecError(
                f'fault {spec!r}: write it as latency:FILE (a JSONL file of {{"ttfb": s, "s": s}})'
            )
        return Fault(name, (), rate, rest, spec)
    raw_args = rest.split(":") if rest else []
    if len(raw_args) < required or len(raw_args) > len(arg_names):
        raise FaultSpecError(f"fault {spec!r}: write it as {_usage(name)}")
    try:
        args = tuple(float(a) for a in raw_args)
    except ValueError:
        raise FaultSpecError(
            f"fault {spec!r}: the arguments of {_usage(name)} are numbers"
        ) from None
    if not all(math.isfinite(a) for a in args):
        raise FaultSpecError(f"fault {spec!r}: arguments must be finite numbers (not nan or inf)")
    if any(a < 0 for a in args):
        raise FaultSpecError(f"fault {spec!r}: arguments cannot be negative")
    if name == "http" and not 400 <= args[0] <= 599:
        raise FaultSpecError(f"fault {spec!r}: STATUS must be an HTTP error status from 400 to 599")
    return Fault(name, args, rate, "", spec)


@dataclass(frozen=True, slots=True)
class Latency:
    ttfb: float
    total: float


def load_latencies(path: str) -> list[Latency]:
    """A latency file: one `{"ttfb": seconds, "s": seconds}` per line."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise FaultSpecError(
            f"latency file {path}: cannot be read ({exc.strerror or exc})"
        ) from None
    out: list[Latency] = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            item = orjson.loads(line)
            out.append(Latency(float(item["ttfb"]), float(item["s"])))
        except (orjson.JSONDecodeError, KeyError, TypeError, ValueError):
            raise FaultSpecError(
                f'latency file {path}:{number}: expected {{"ttfb": seconds, "s": seconds}}'
            ) from None
    if not out:
        raise FaultSpecError(f"latency file {path}: has no lines")
    return out
