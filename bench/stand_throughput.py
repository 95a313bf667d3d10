"""Stand throughput: short streamed completions per second from one core, over loopback.

Target: the stand pinned to ONE core (`taskset -c 0 tether stand --port 0`) serves at least
2,000 short streamed completions per second to 64 concurrent keep-alive clients, for each of
its three wire formats, with no errors and every reply a complete stream.

Load comes from `wrk` pinned to core 1 (`apt-get install -y wrk`). Each API gets a short
warm-up, then several timed runs; the table shows medians. Every response is checked inside
wrk (status 200 and the format's end marker near the end of the body) and counted if not.

    python bench/stand_throughput.py [--duration 10] [--reps 3] [--connections 64]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import httpx2

TARGET_RPS = 2000.0
STAND_CORE = 0
LOAD_CORE = 1


@dataclass(frozen=True)
class Api:
    name: str
    path: str
    body: str
    end_marker: str  # found near the end of every complete stream


APIS = [
    Api(
        "openai",
        "/v1/chat/completions",
        '{"model":"sim-large","messages":[{"role":"user","content":"hi"}],'
        '"stream":true,"stream_options":{"include_usage":true}}',
        "data: [DONE]\n\n",
    ),
    Api(
        "anthropic",
        "/v1/messages",
        '{"model":"sim-large","max_tokens":256,"messages":[{"role":"user","content":"hi"}],'
        '"stream":true}',
        'event: message_stop\ndata: {"type":"message_stop"}\n\n',
    ),
    Api(
        "ollama",
        "/api/chat",
        '{"model":"sim-large","messages":[{"role":"user","content":"hi"}],"stream":true}',
        '"done":true',
    ),
]


def _lua_string(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def lua_script(api: Api) -> str:
    """POST the body; count responses that are not 200 or lack the end marker."""
    return f"""
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = {_lua_string(api.body)}
local marker = {_lua_string(api.end_marker)}
local threads = {{}}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  incomplete = 0
end

function response(status, headers, body)
  local from = #body - #marker - 400
  if from < 1 then from = 1 end
  if status ~= 200 or not string.find(body, marker, from, true) then
    incomplete = incomplete + 1
  end
end

function done(summary, latency, requests)
  local n = 0
  for _, t in ipairs(threads) do n = n + t:get("incomplete") end
  io.write(string.format("incomplete: %d\\n", n))
end
"""


# ---------------------------------------------------------------- wrk output


_UNITS = {"us": 1e-3, "ms": 1.0, "s": 1e3, "m": 60e3, "h": 3600e3}


@dataclass(frozen=True)
class Run:
    rps: float
    p50_ms: float
    p99_ms: float
    requests: int
    non_2xx: int
    socket_errors: int
    incomplete: int
    stand_cpu: float  # stand's CPU seconds per wall second during the run


def _latency(text: str, pct: str) -> float:
    m = re.search(rf"^\s*{pct}%\s+([\d.]+)(us|ms|s|m|h)\s*$", text, re.M)
    if not m:
        raise ValueError(f"no {pct}% latency line in wrk output:\n{text}")
    return float(m.group(1)) * _UNITS[m.group(2)]


def parse_wrk(text: str, stand_cpu: float) -> Run:
    rps = re.search(r"^Requests/sec:\s+([\d.]+)", text, re.M)
    total = re.search(r"^\s*(\d+) requests in", text, re.M)
    incomplete = re.search(r"^incomplete: (\d+)", text, re.M)
    if not (rps and total and incomplete):
        raise ValueError(f"cannot read wrk output:\n{text}")
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    sock = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    return Run(
        rps=float(rps.group(1)),
        p50_ms=_latency(text, "50"),
        p99_ms=_latency(text, "99"),
        requests=int(total.group(1)),
        non_2xx=int(non_2xx.group(1)) if non_2xx else 0,
        socket_errors=sum(int(g) for g in sock.groups()) if sock else 0,
        incomplete=int(incomplete.group(1)),
        stand_cpu=stand_cpu,
    )


# ---------------------------------------------------------------- the stand


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def tether_command() -> list[str]:
    exe = shutil.which("tether") or str(Path(sys.executable).with_name("tether"))
    return [exe, "stand", "--port", "0"]


def start_stand(log: Path) -> tuple[subprocess.Popen[str], str]:
    cmd = ["taskset", "-c", str(STAND_CORE), *tether_command()]
    err = log.open("w")
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=err, text=True)
    assert proc.stdout is not None
    url = proc.stdout.readline().strip()
    if not url.startswith("http://"):
        proc.kill()
        raise SystemExit(f"the stand did not start ({' '.join(cmd)}):\n{log.read_text()}")
    deadline = time.monotonic() + 15
    while True:  # the URL is printed before uvicorn listens for requests
        try:
            httpx2.get(url + "/", timeout=1.0)
            break
        except httpx2.TransportError:
            if time.monotonic() > deadline or proc.poll() is not None:
                proc.kill()
                raise SystemExit(f"the stand never answered at {url}:\n{log.read_text()}") from None
            time.sleep(0.05)
    return proc, url


def check_one(url: str, api: Api) -> None:
    """One request by hand: a 200, the right content type, a complete stream."""
    r = httpx2.post(
        url + api.path,
        content=api.body.encode(),
        headers={"content-type": "application/json"},
        timeout=10.0,
    )
    text = r.text
    ok = r.status_code == 200 and api.end_marker in text[-(len(api.end_marker) + 400) :]
    if api.name == "openai":
        ok = ok and text.endswith("data: [DONE]\n\n")
    if not ok:
        raise SystemExit(
            f"{api.name}: {api.path} did not answer a complete stream "
            f"(HTTP {r.status_code}):\n{text[-600:]}"
        )


def run_wrk(url: str, script: Path, seconds: float, connections: int, stand_pid: int) -> Run:
    cmd = [
        "taskset",
        "-c",
        str(LOAD_CORE),
        "wrk",
        "-t1",
        f"-c{connections}",
        f"-d{seconds:g}s",
        "--timeout",
        "5s",
        "--latency",
        "-s",
        str(script),
        url,
    ]
    cpu0, t0 = cpu_seconds(stand_pid), time.monotonic()
    out = subprocess.run(cmd, capture_output=True, text=True, check=False)
    cpu = (cpu_seconds(stand_pid) - cpu0) / (time.monotonic() - t0)
    if out.returncode != 0:
        raise SystemExit(f"wrk failed ({out.returncode}):\n{out.stdout}\n{out.stderr}")
    return parse_wrk(out.stdout, cpu)


# ---------------------------------------------------------------- main


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=10.0, help="seconds per timed run")
    parser.add_argument("--reps", type=int, default=3, help="timed runs per API")
    parser.add_argument("--warmup", type=float, default=2.0, help="untimed seconds per API")
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--only", action="append", default=[], help="openai, anthropic, ollama")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every run")
    args = parser.parse_args()

    if shutil.which("wrk") is None:
        print(
            "stand_throughput: wrk is not installed; install it (apt-get install -y wrk) "
            "and run again",
            file=sys.stderr,
        )
        return 2
    if shutil.which("taskset") is None:
        print("stand_throughput: taskset (util-linux) is not installed", file=sys.stderr)
        return 2
    cores = os.sched_getaffinity(0)
    if not {STAND_CORE, LOAD_CORE} <= cores:
        print(f"stand_throughput: needs cores {STAND_CORE} and {LOAD_CORE}", file=sys.stderr)
        return 2

    load = os.getloadavg()[0]
    print(
        f"stand_throughput: stand on core {STAND_CORE}, wrk on core {LOAD_CORE}, "
        f"{args.connections} connections, {args.reps} x {args.duration:g}s per API "
        f"(+{args.warmup:g}s warm-up); load average {load:.2f} on {os.cpu_count()} cores"
    )
    apis = [a for a in APIS if not args.only or a.name in args.only]
    rows: list[tuple[Api, list[Run]]] = []
    with tempfile.TemporaryDirectory(prefix="tether-bench-") as tmp:
        log = Path(tmp) / "stand.log"
        proc, url = start_stand(log)
        try:
            for api in apis:
                check_one(url, api)
                script = Path(tmp) / f"{api.name}.lua"
                script.write_text(lua_script(api))
                if args.warmup > 0:
                    run_wrk(url + api.path, script, args.warmup, args.connections, proc.pid)
                runs = []
                for i in range(args.reps):
                    run = run_wrk(url + api.path, script, args.duration, args.connections, proc.pid)
                    runs.append(run)
                    if args.verbose:
                        print(f"  {api.name} run {i + 1}: {run}")
                rows.append((api, runs))
                if proc.poll() is not None:
                    raise SystemExit(f"the stand exited during {api.name}:\n{log.read_text()}")
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

    header = (
        f"{'API':<10} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'errors':>7} "
        f"{'stand cpu':>9} {'target':>7}  result   runs (req/s)"
    )
    print(header)
    print("-" * len(header))
    failed = False
    for api, runs in rows:
        rps = statistics.median(r.rps for r in runs)
        p50 = statistics.median(r.p50_ms for r in runs)
        p99 = statistics.median(r.p99_ms for r in runs)
        errors = sum(r.non_2xx + r.socket_errors + r.incomplete for r in runs)
        cpu = statistics.median(r.stand_cpu for r in runs)
        ok = rps >= TARGET_RPS and errors == 0
        failed |= not ok
        print(
            f"{api.name:<10} {rps:>8.0f} {p50:>8.2f} {p99:>8.2f} {errors:>7d} "
            f"{cpu:>8.0%} {'>= ' + format(TARGET_RPS, 'g'):>8}  {'PASS' if ok else 'FAIL':<7}  "
            + ", ".join(f"{r.rps:.0f}" for r in runs)
        )
    print(
        "medians of the runs; errors = non-2xx + socket errors + incomplete streams, all runs; "
        "stand cpu = its CPU time / wall time (100% = its core was saturated)"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
