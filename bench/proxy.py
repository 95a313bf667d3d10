"""The proxy's cost: added latency over a direct call, and requests per second, beside LiteLLM.

Targets (issue 8), on loopback against the stand, one load generator (`wrk`) in one run:
  - tether proxy adds <= 1 ms at p50 over calling the stand directly;
  - at most one fifth of LiteLLM's added latency (p50), at least twice its requests per second;
  - >= 1,000 requests per second through the proxy.
Each for streamed and whole (non-streamed) chat completions, and for streamed Responses
(`POST /v1/responses`, the Agents SDK's and Codex-style clients' API) beside them: the proxy
turns them into chat completions for the same stand (LiteLLM is measured on chat completions
only; `--only stream,responses` runs some modes).

Arrangement on 2 cores: with `--workers 1` the proxy under test (tether's or LiteLLM's, one
process) is pinned to core 1 and the stand and wrk share core 0; with `--workers N` (default 2)
each proxy runs N worker processes (`tether proxy --workers N`, `litellm --num_workers N`) and
nothing is pinned: the proxy, the stand and wrk share both cores. Latency runs use 1 connection
(added latency = p50 through the proxy minus p50 direct, same run); throughput runs use 64
keep-alive connections. "cpu ms/req" (the proxy's CPU time per request, all its processes) is
the figure least moved by other load on the machine.
Every response is checked inside wrk (status 200 and the format's end marker); any error fails.

LiteLLM (`litellm[proxy]` from PyPI) is installed by this script into its own virtual
environment (default /tmp/tether-litellm-venv, reused when present), configured with one model
pointing at the same stand, a master key (it refuses to start without one; every client sends
it) and its access log off, as tether's is.

    python bench/proxy.py [--duration 5] [--reps 2] [--workers 2] [--only MODES]
                          [--skip-litellm] [-v]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import httpx2

sys.path.insert(0, str(Path(__file__).resolve().parent))
from stand_throughput import Run, _lua_string, cpu_seconds, parse_wrk

SERVER_CORE = 0  # the stand and wrk
PROXY_CORE = 1  # the proxy under test
MASTER_KEY = "sk-tether-bench-0123456789abcdef"
PIN = True  # set from --workers: pinning only when each proxy is one process
MAX_ADDED_P50_MS = 1.0
MIN_RPS = 1000.0


@dataclass(frozen=True)
class Mode:
    name: str
    body: str
    marker: str
    path: str = "/v1/chat/completions"
    litellm: bool = True  # measured beside LiteLLM too


MODES = [
    Mode(
        "stream",
        '{"model":"sim-large","messages":[{"role":"user","content":"hi"}],'
        '"stream":true,"stream_options":{"include_usage":true}}',
        "data: [DONE]",
    ),
    Mode(
        "whole",
        '{"model":"sim-large","messages":[{"role":"user","content":"hi"}],"stream":false}',
        '"finish_reason":"stop"',
    ),
    Mode(
        "responses",
        '{"model":"sim-large","input":"hi","stream":true}',
        "event: response.completed",
        path="/v1/responses",
        litellm=False,
    ),
]


def lua_script(mode: Mode) -> str:
    return f"""
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer {MASTER_KEY}"
wrk.body = {_lua_string(mode.body)}
local marker = {_lua_string(mode.marker)}
local threads = {{}}
function setup(thread) table.insert(threads, thread) end
function init(args) incomplete = 0 end
function response(status, headers, body)
  if status ~= 200 or not string.find(body, marker, 1, true) then
    incomplete = incomplete + 1
  end
end
function done(summary, latency, requests)
  local n = 0
  for _, t in ipairs(threads) do n = n + t:get("incomplete") end
  io.write(string.format("incomplete: %d\\n", n))
end
"""


# ---------------------------------------------------------------- processes


def wait_ready(url: str, proc: subprocess.Popen[str], log: Path, limit_s: float) -> None:
    deadline = time.monotonic() + limit_s
    while True:
        try:
            httpx2.get(url, timeout=1.0)
            return
        except httpx2.TransportError:
            if time.monotonic() > deadline or proc.poll() is not None:
                proc.kill()
                raise SystemExit(f"{url} never answered:\n{log.read_text()[-3000:]}") from None
            time.sleep(0.1)


def start_url_printer(cmd: list[str], log: Path) -> tuple[subprocess.Popen[str], str]:
    """Start a `tether stand|proxy --port 0` and read its base URL from the first stdout line."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=log.open("w"), text=True)
    assert proc.stdout is not None
    url = proc.stdout.readline().strip()
    if not url.startswith("http://"):
        proc.kill()
        raise SystemExit(f"{' '.join(cmd)} did not start:\n{log.read_text()}")
    return proc, url


def pinned(core: int) -> list[str]:
    return ["taskset", "-c", str(core)] if PIN else []


def tree_cpu_seconds(pid: int) -> float:
    """CPU time of a process and its children (forked workers) so far."""
    total = cpu_seconds(pid)
    children = Path(f"/proc/{pid}/task/{pid}/children")
    if children.exists():
        for child in children.read_text().split():
            with contextlib.suppress(FileNotFoundError, ProcessLookupError):
                total += tree_cpu_seconds(int(child))
    return total


def tether_exe() -> str:
    return shutil.which("tether") or str(Path(sys.executable).with_name("tether"))


def install_litellm(venv: Path) -> Path:
    exe = venv / "bin" / "litellm"
    if exe.exists():
        return exe
    print(f"installing litellm[proxy] into {venv} ...", flush=True)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    result = subprocess.run(
        [str(venv / "bin" / "pip"), "install", "-q", "litellm[proxy]"],
        capture_output=True,
        text=True,
    )
    if result.returncode != 0 or not exe.exists():
        tail = (result.stderr or result.stdout)[-2000:]
        raise SystemExit(f"installing litellm[proxy] failed (exit {result.returncode}):\n{tail}")
    return exe


def start_litellm(
    exe: Path, stand: str, tmp: Path, port: int, workers: int
) -> subprocess.Popen[str]:
    config = tmp / "litellm.yaml"
    config.write_text(
        "model_list:\n"
        "  - model_name: sim-large\n"
        "    litellm_params:\n"
        "      model: openai/sim-large\n"
        f"      api_base: {stand}/v1\n"
        "      api_key: unused\n"
        "litellm_settings:\n"
        "  telemetry: false\n"
        "general_settings:\n"
        f"  master_key: {MASTER_KEY}\n"
    )
    log_config = tmp / "litellm-logging.json"
    log_config.write_text(
        json.dumps(
            {
                "version": 1,
                "disable_existing_loggers": False,
                "loggers": {"uvicorn.access": {"level": "WARNING"}},
            }
        )
    )
    env = {**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True", "LITELLM_LOG": "ERROR"}
    cmd = [*pinned(PROXY_CORE), str(exe), "--config", str(config)]
    cmd += ["--port", str(port), "--num_workers", str(workers), "--log_config", str(log_config)]
    log = tmp / "litellm.log"
    proc = subprocess.Popen(cmd, stdout=log.open("w"), stderr=subprocess.STDOUT, text=True, env=env)
    wait_ready(f"http://127.0.0.1:{port}/health/liveliness", proc, log, 180)
    return proc


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def stop(proc: subprocess.Popen[str]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


# ---------------------------------------------------------------- load


def run_wrk(url: str, script: Path, seconds: float, connections: int, pid: int) -> Run:
    cmd = [*pinned(SERVER_CORE), "wrk", "-t1", f"-c{connections}"]
    cmd += [f"-d{seconds:g}s", "--timeout", "5s", "--latency", "-s", str(script), url]
    cpu0, t0 = tree_cpu_seconds(pid), time.monotonic()
    out = subprocess.run(cmd, capture_output=True, text=True, check=False)
    cpu = (tree_cpu_seconds(pid) - cpu0) / (time.monotonic() - t0)
    if out.returncode != 0:
        raise SystemExit(f"wrk failed ({out.returncode}):\n{out.stdout}\n{out.stderr}")
    return parse_wrk(out.stdout, cpu)


def errors(runs: list[Run]) -> int:
    return sum(r.non_2xx + r.socket_errors + r.incomplete for r in runs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=5.0, help="seconds per timed run")
    parser.add_argument("--reps", type=int, default=2, help="timed runs per target")
    parser.add_argument("--warmup", type=float, default=1.0, help="untimed seconds per target")
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--workers", type=int, default=2, help="processes per proxy")
    parser.add_argument("--litellm-venv", default="/tmp/tether-litellm-venv")
    parser.add_argument("--skip-litellm", action="store_true")
    parser.add_argument("--only", default="", help="modes to run, e.g. stream,responses")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every run")
    args = parser.parse_args()

    for tool in ("wrk", "taskset"):  # taskset: only with --workers 1
        if shutil.which(tool) is None:
            print(f"bench/proxy.py: {tool} is not installed", file=sys.stderr)
            return 2
    if not {SERVER_CORE, PROXY_CORE} <= os.sched_getaffinity(0):
        print(f"bench/proxy.py: needs cores {SERVER_CORE} and {PROXY_CORE}", file=sys.stderr)
        return 2
    global PIN
    PIN = args.workers == 1
    modes = [m for m in MODES if not args.only or m.name in args.only.split(",")]
    if not modes:
        known = ", ".join(m.name for m in MODES)
        print(f"bench/proxy.py: --only {args.only!r} names no mode; use {known}", file=sys.stderr)
        return 2
    litellm = None if args.skip_litellm else install_litellm(Path(args.litellm_venv))
    where = (
        f"proxies on core {PROXY_CORE}, stand + wrk on core {SERVER_CORE}"
        if PIN
        else f"{args.workers} workers per proxy, nothing pinned"
    )
    print(
        f"bench/proxy.py: {where}; "
        f"{args.reps} x {args.duration:g}s per run (+{args.warmup:g}s warm-up); "
        f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores",
        flush=True,
    )
    procs: list[subprocess.Popen[str]] = []
    results: dict[tuple[str, str, str], list[Run]] = {}
    with tempfile.TemporaryDirectory(prefix="tether-bench-proxy-") as tmp_name:
        tmp = Path(tmp_name)
        try:
            stand, stand_url = start_url_printer(
                [*pinned(SERVER_CORE), tether_exe(), "stand", "--port", "0"],
                tmp / "stand.log",
            )
            procs.append(stand)
            wait_ready(stand_url + "/", stand, tmp / "stand.log", 15)
            command = [*pinned(PROXY_CORE), tether_exe(), "proxy", "--upstream", stand_url + "/v1"]
            command += ["--port", "0", "--workers", str(args.workers)]
            proxy, proxy_url = start_url_printer(command, tmp / "proxy.log")
            procs.append(proxy)
            wait_ready(proxy_url + "/v1/models", proxy, tmp / "proxy.log", 15)
            targets = {"direct": (stand_url, stand.pid), "tether": (proxy_url, proxy.pid)}
            if litellm is not None:
                port = free_port()
                lite = start_litellm(litellm, stand_url, tmp, port, args.workers)
                procs.append(lite)
                targets["litellm"] = (f"http://127.0.0.1:{port}", lite.pid)
            for mode in modes:
                script = tmp / f"{mode.name}.lua"
                script.write_text(lua_script(mode))
                here = {n: t for n, t in targets.items() if mode.litellm or n != "litellm"}
                for kind, connections in (("latency", 1), ("rps", args.connections)):
                    for base, pid in here.values():
                        url = base + mode.path
                        if args.warmup > 0:
                            run_wrk(url, script, args.warmup, connections, pid)
                    for rep in range(args.reps):  # interleaved: drifts hit every target alike
                        for name, (base, pid) in here.items():
                            url = base + mode.path
                            run = run_wrk(url, script, args.duration, connections, pid)
                            results.setdefault((mode.name, kind, name), []).append(run)
                            if args.verbose:
                                print(f"  {mode.name} {kind} {name} #{rep + 1}: {run}", flush=True)
        finally:
            for proc in reversed(procs):
                stop(proc)

    failed = False
    header = (
        f"{'mode':<9} {'target':<8} {'p50 ms':>7} {'p99 ms':>7} {'+p50 ms':>8} {'+p99 ms':>8} "
        f"{'req/s (64c)':>11} {'proxy cpu':>9} {'cpu ms/req':>10} {'errors':>6}"
    )
    print(header)
    print("-" * len(header))
    for mode in modes:
        lat = {
            n: results[(mode.name, "latency", n)]
            for n in ("direct", "tether", "litellm")
            if (mode.name, "latency", n) in results
        }
        base50 = statistics.median(r.p50_ms for r in lat["direct"])
        base99 = statistics.median(r.p99_ms for r in lat["direct"])
        added: dict[str, float] = {}
        rps: dict[str, float] = {}
        for name, runs in lat.items():
            p50 = statistics.median(r.p50_ms for r in runs)
            p99 = statistics.median(r.p99_ms for r in runs)
            through = results[(mode.name, "rps", name)]
            rps[name] = statistics.median(r.rps for r in through)
            cpu = statistics.median(r.stand_cpu for r in through)
            # CPU time per request: robust to other load on the machine (1 core = 1000 ms/s).
            cpu_ms = statistics.median(1000 * r.stand_cpu / max(r.rps, 1e-9) for r in through)
            errs = errors(runs) + errors(through)
            failed |= errs > 0
            added[name] = p50 - base50
            extra = "" if name == "direct" else f"{p50 - base50:>8.2f} {p99 - base99:>8.2f}"
            print(
                f"{mode.name:<9} {name:<8} {p50:>7.2f} {p99:>7.2f} {extra:>17} "
                f"{rps[name]:>11.0f} {cpu:>8.0%} {cpu_ms:>10.2f} {errs:>6d}"
            )
        checks = [
            (f"tether adds <= {MAX_ADDED_P50_MS:g} ms at p50", added["tether"] <= MAX_ADDED_P50_MS),
            (f"tether >= {MIN_RPS:g} req/s", rps["tether"] >= MIN_RPS),
        ]
        if "litellm" in added:
            checks += [
                (
                    "tether's added p50 <= 1/5 of LiteLLM's "
                    f"({added['tether']:.2f} vs {added['litellm']:.2f} ms)",
                    added["tether"] <= added["litellm"] / 5,
                ),
                (
                    "tether req/s >= 2x LiteLLM's "
                    f"({rps['tether']:.0f} vs {rps['litellm']:.0f}, "
                    f"{rps['tether'] / max(rps['litellm'], 1e-9):.1f}x)",
                    rps["tether"] >= 2 * rps["litellm"],
                ),
            ]
        for text, ok in checks:
            failed |= not ok
            print(f"  {mode.name}: {'PASS' if ok else 'FAIL'}  {text}")
    print(
        "medians of the runs; +p50/+p99 = through the proxy minus direct (1 connection); "
        "proxy cpu = its CPU time / wall time during the 64-connection runs (direct: the stand), "
        "cpu ms/req = that CPU time per request"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
