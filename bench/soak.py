"""A bounded soak of `tether proxy`: many clients, a faulty upstream, clients that leave.

What runs: a real `tether proxy` process (`tether proxy --config proxy.toml --port 0 --log ...`,
as a user starts it) in front of a real `tether stand` process on 127.0.0.1, and CLIENTS
concurrent clients in this process (httpx2, keep-alive) sending requests back to back for
SECONDS: OpenAI chat completions and Anthropic messages, streamed and whole, half each.

Faults: one client request in nine asks for a model of the stand's script whose first reply in
the conversation is faulted (the request's own conversation: its first serve only, so the
proxy's retry gets the real reply); with that one retry, one upstream reply in ten is faulted.
The kinds, drawn evenly: every failure the stand can send that the proxy handles (HTTP 200 with
a gateway's text or a real failure text or an HTML page, an empty body or stream, a cut stream,
an error frame, a malformed chunk, cut tool arguments, a `length` finish, a reply that never read
the prompt, HTTP 500/429/503, a slow first byte under and past the limit, a stall, and endless
reasoning, tool arguments, error frames, malformed chunks, empty deltas and an endless 500 body).
One request in ten is abandoned by its client: a stream after its first bytes (or a short
wait), a whole reply after a short wait.

Every reply is checked against what its fault sent: a 200 must carry the stand's real reply (the
request's text is known) and a complete stream; a 200 whose text is what the fault sent (the
gateway text, the HTML page, a corpus failure text, the cut text) is "a 200 carrying an error".
A real failure text (`gateway-real`, drawn from the judge corpus's held-out part) that the judge
misses when given it alone is counted apart: that is the judge's recall, measured by
bench/judge_corpus.py, not something the proxy can see. A streamed 200 that ends with an error
event and no end marker is an honest failure (the SDKs raise): text the judge had let through
before a later fault (drop, malformed chunk, a length stop) cannot be taken back.
The proxy process is sampled from /proc every 0.25 s: RSS (VmRSS), threads, open descriptors
(sockets split into client connections and upstream connections).

Phases: idle start; WARM-UP seconds of load (a quarter of the run); a pause until the proxy is
idle again (no client connection, its idle upstream connections closed by the stand's keep-alive
limit, up to 45 s): the "after warm-up" figures; the rest of the load; a pause again: the "end"
figures. Idle figures compare like with like; a run takes about SECONDS + 2 minutes.

Targets: the proxy still runs, no 500, no 200 carrying an error the judge can tell (nor a cut,
endless or other wrong 200), no hung request (a client waits at most 120 s), no transport
error; RSS at the end at most max(10%, 16 MiB) above its figure after warm-up; descriptors and
threads at the end no more than after warm-up, and no client connection left open.

    python bench/soak.py [--seconds 60] [--clients 200] [--seed 1] [-v]
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx2
import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent))
from proxy import start_url_printer, stop, tether_exe, wait_ready

from tether.messages import Message, Request, Turn
from tether.reliability import corpus
from tether.reliability.judge import judge
from tether.stand.faults import GATEWAY_TEXT, HTML_ERROR_PAGE
from tether.stand.plan import default_text

FAULT_SHARE = 1 / 9  # of client requests: with its one retry, 1 upstream reply in 10
LEAVE_SHARE = 0.10
CLIENT_TIMEOUT_S = 120.0  # a request not over by then is a hang
MAX_BODY = 4 << 20  # a reply body past this is endless (a miss)
RSS_GROWTH = 0.10
RSS_SLACK_MIB = 16.0
FIRST_BYTE_S = 5  # the proxy's upstream limits in this soak (the config below)
SILENCE_S = 5

# The stand's fault specs, one model each; the first serve of a conversation is faulted.
FAULTS = [
    "gateway-200",
    "gateway-real",
    "html-200",
    "empty-body",
    "empty-stream:2",
    "drop",
    "error-frame",
    "malformed-chunk",
    "truncated-tool-args",
    "finish-length",
    "unprocessed",
    "http:500",
    "http:429:1",
    "http:503",
    "slow-first-byte:2",
    f"slow-first-byte:{FIRST_BYTE_S + 3}",
    f"stall:30:{SILENCE_S + 3}",
    "endless-reasoning",
    "endless-tool-args",
    "endless-errors",
    "endless-malformed",
    "endless-empty",
    "endless-500",
]

# Long enough for the judge to see that a reply's usage never read it (`unprocessed`).
FILLER = "Please read this whole text carefully before answering it in full. " * 30


def model_of(fault: str) -> str:
    return "sim-large" if not fault else "soak-" + re.sub(r"[^a-z0-9]+", "-", fault).strip("-")


def stand_script() -> dict[str, object]:
    models: dict[str, object] = {"sim-large": {"position": "history"}}
    for fault in FAULTS:
        models[model_of(fault)] = {
            "position": "history",
            "turns": [{"fault": fault, "fault_attempts": 1}],
        }
    return {"seed": 1, "models": models}


def proxy_config(stand_url: str, log: Path) -> str:
    return (
        "[[upstreams]]\n"
        'api = "openai"\n'
        f'base_url = "{stand_url}/v1"\n'
        f"first_byte_s = {FIRST_BYTE_S}\n"
        f"silence_s = {SILENCE_S}\n\n"
        "[proxy]\n"
        f'log = "{log}"\n'
    )


# ---------------------------------------------------------------- what a fault sends


def fault_texts(fault: str, expected: str) -> set[str]:
    """The reply texts this fault sends instead of the real one (a 200 carrying one lies)."""
    name = fault.split(":")[0]
    if name == "gateway-200":
        return {GATEWAY_TEXT}
    if name == "gateway-real":
        return set(_corpus_failures())
    if name == "html-200":
        return {HTML_ERROR_PAGE.decode()}
    if name == "finish-length":
        return {expected[: max(1, len(expected) // 2)]}
    if name in {"empty-body", "empty-stream", "drop", "truncated-tool-args", "endless-empty"}:
        return {""}
    return set()


_FAILURES: list[str] = []


def _corpus_failures() -> list[str]:
    if not _FAILURES:
        _FAILURES.extend(s.text for s in corpus.samples("test", "failure"))
    return _FAILURES


# ---------------------------------------------------------------- one request


@dataclass
class Plan:
    api: str  # openai | anthropic
    stream: bool
    fault: str  # "" for none
    leave_after: float | None  # seconds, when the client leaves
    text: str

    @property
    def model(self) -> str:
        return model_of(self.fault)

    def body(self) -> bytes:
        messages = [{"role": "user", "content": self.text}]
        if self.api == "openai":
            return orjson.dumps({"model": self.model, "messages": messages, "stream": self.stream})
        payload = {"model": self.model, "max_tokens": 512, "messages": messages}
        return orjson.dumps({**payload, "stream": self.stream})

    def path(self) -> str:
        return "/v1/chat/completions" if self.api == "openai" else "/v1/messages"

    def expected(self) -> str:
        request = Request(messages=(Message.text("user", self.text),))
        return default_text(self.model, request)


@dataclass
class Reply:
    text: str = ""
    ended: bool = False  # the format's end marker ([DONE], message_stop, a whole body)
    error_type: str = ""  # an error body's or in-stream error event's type


def parse_reply(api: str, stream: bool, status: int, body: bytes) -> Reply:
    if not stream or status != 200:
        try:
            data = orjson.loads(body)
        except orjson.JSONDecodeError:
            return Reply(error_type="not JSON")
        if not isinstance(data, dict):
            return Reply(error_type="not an object")
        error = data.get("error")
        if isinstance(error, dict):
            return Reply(error_type=str(error.get("type") or error.get("code") or "?"))
        if api == "openai":
            choices = data.get("choices") or [{}]
            return Reply(str(choices[0].get("message", {}).get("content") or ""), True)
        texts = [b.get("text", "") for b in data.get("content", []) if b.get("type") == "text"]
        return Reply("".join(texts), True)
    reply = Reply()
    pieces: list[str] = []
    for line in body.split(b"\n"):
        if not line.startswith(b"data:"):
            continue
        raw = line[5:].strip()
        if raw == b"[DONE]":
            reply.ended = True
            continue
        try:
            event = orjson.loads(raw)
        except orjson.JSONDecodeError:
            reply.error_type = reply.error_type or "malformed event"
            continue
        if isinstance(event.get("error"), dict):
            reply.error_type = str(event["error"].get("type") or event["error"].get("code"))
        elif api == "openai":
            for choice in event.get("choices") or []:
                pieces.append((choice.get("delta") or {}).get("content") or "")
        elif event.get("type") == "content_block_delta":
            pieces.append(event.get("delta", {}).get("text", ""))
        elif event.get("type") == "message_stop":
            reply.ended = True
    reply.text = "".join(pieces)
    return reply


@dataclass
class Tally:
    outcomes: collections.Counter[tuple[str, str]] = field(default_factory=collections.Counter)
    misses: list[str] = field(default_factory=list)
    sent: int = 0
    served: int = 0
    left: int = 0
    status_500: int = 0
    lying_200: int = 0
    judge_misses: int = 0
    wrong_200: int = 0
    hung: int = 0
    transport_errors: int = 0

    def miss(self, what: str) -> None:
        if len(self.misses) < 20:
            self.misses.append(what)


def judge_outcome(plan: Plan, status: int, body: bytes, tally: Tally) -> str:
    """The outcome's label; counts what misses a target."""
    reply = parse_reply(plan.api, plan.stream, status, body)
    if status != 200:
        if status == 500:
            tally.status_500 += 1
            tally.miss(f"500 for {plan}: {body[:300]!r}")
        return f"{status} {reply.error_type}"
    expected = plan.expected()
    if reply.error_type and not reply.ended:
        return f"200 + stream error event ({reply.error_type})"
    if reply.ended and reply.text == expected:
        return "200 answer"
    if len(body) >= MAX_BODY:
        tally.wrong_200 += 1
        tally.miss(f"endless 200 for {plan}")
        return "200 endless"
    if not reply.ended:
        tally.wrong_200 += 1
        tally.miss(f"200 cut without an error for {plan}: {body[-300:]!r}")
        return "200 cut without an error"
    if reply.text in fault_texts(plan.fault, expected):
        if plan.fault == "gateway-real" and _judge_misses(reply.text, plan):
            tally.judge_misses += 1
            return "200 carrying a text the judge misses on its own"
        tally.lying_200 += 1
        tally.miss(f"200 carrying the fault's text for {plan}: {reply.text[:200]!r}")
        return "200 CARRYING AN ERROR"
    tally.wrong_200 += 1
    tally.miss(f"200 with another text for {plan}: {reply.text[:200]!r}")
    return "200 with another text"


def _judge_misses(text: str, plan: Plan) -> bool:
    """Whether the judge, given this text as a whole reply to this request, finds nothing: a
    held-out corpus text it cannot tell (its recall, bench/judge_corpus.py), not the proxy's."""
    request = Request(messages=(Message.text("user", plan.text),))
    return judge(Turn(content=text, finish_reason="stop"), request) is None


async def one_request(http: httpx2.AsyncClient, base: str, plan: Plan, tally: Tally) -> None:
    headers = {"content-type": "application/json"}
    if plan.api == "anthropic":
        headers["anthropic-version"] = "2023-06-01"
    tally.sent += 1
    kind = plan.fault or "none"
    body = bytearray()
    status = 0
    wait_s = plan.leave_after if plan.leave_after is not None else CLIENT_TIMEOUT_S
    complete = False
    try:
        async with asyncio.timeout(wait_s):
            req = http.build_request(
                "POST", base + plan.path(), content=plan.body(), headers=headers
            )
            response = await http.send(req, stream=True)
            try:
                status = response.status_code
                async for chunk in response.aiter_bytes():
                    body += chunk
                    if plan.leave_after is not None and plan.stream:
                        break  # leaves mid-stream, at its first bytes
                    if len(body) >= MAX_BODY:
                        break
                else:
                    complete = True
            finally:
                await response.aclose()
    except TimeoutError:
        pass
    except httpx2.TransportError as exc:
        tally.transport_errors += 1
        tally.miss(f"{type(exc).__name__} for {plan}: {exc}")
        tally.outcomes[(kind, f"transport error {type(exc).__name__}")] += 1
        return
    if plan.leave_after is not None and not complete:
        tally.left += 1
        tally.outcomes[(kind, "client left")] += 1
        return
    if not complete and len(body) < MAX_BODY:
        tally.hung += 1
        tally.miss(f"no reply within {CLIENT_TIMEOUT_S:g}s for {plan}")
        tally.outcomes[(kind, "hung")] += 1
        return
    tally.served += 1
    tally.outcomes[(kind, judge_outcome(plan, status, bytes(body), tally))] += 1


async def client_loop(
    http: httpx2.AsyncClient, base: str, n: int, stop_at: float, rng: random.Random, tally: Tally
) -> None:
    i = 0
    while time.monotonic() < stop_at:
        i += 1
        fault = rng.choice(FAULTS) if rng.random() < FAULT_SHARE else ""
        leave = rng.uniform(0.05, 1.5) if rng.random() < LEAVE_SHARE else None
        text = f"soak client {n} request {i} ({rng.getrandbits(32):08x}): {FILLER}"
        plan = Plan(rng.choice(["openai", "anthropic"]), rng.random() < 0.5, fault, leave, text)
        await one_request(http, base, plan, tally)


async def load(base: str, clients: int, seconds: float, seed: int, tally: Tally) -> None:
    limits = httpx2.Limits(max_connections=clients, max_keepalive_connections=clients)
    timeout = httpx2.Timeout(CLIENT_TIMEOUT_S, connect=30.0)
    async with httpx2.AsyncClient(limits=limits, timeout=timeout) as http:
        stop_at = time.monotonic() + seconds
        rngs = [random.Random(seed * 1_000_003 + n) for n in range(clients)]
        await asyncio.gather(
            *(client_loop(http, base, n, stop_at, rngs[n], tally) for n in range(clients))
        )


# ---------------------------------------------------------------- the proxy process


@dataclass
class Sample:
    rss_mib: float
    threads: int
    fds: int
    client_socks: int
    upstream_socks: int

    def line(self) -> str:
        return (
            f"RSS {self.rss_mib:6.1f} MiB  threads {self.threads:3d}  fds {self.fds:4d} "
            f"(client sockets {self.client_socks}, upstream {self.upstream_socks})"
        )


def _socket_ports() -> dict[str, tuple[int, int]]:
    """Socket inode -> (local port, remote port), from /proc/net/tcp and tcp6."""
    out: dict[str, tuple[int, int]] = {}
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError):
            for row in Path(name).read_text().splitlines()[1:]:
                cols = row.split()
                local, remote, inode = cols[1], cols[2], cols[9]
                out[inode] = (int(local.rsplit(":", 1)[1], 16), int(remote.rsplit(":", 1)[1], 16))
    return out


def sample(pid: int, proxy_port: int, stand_port: int) -> Sample:
    status = Path(f"/proc/{pid}/status").read_text()
    rss_kib = int(re.search(r"VmRSS:\s+(\d+)", status).group(1))  # type: ignore[union-attr]
    threads = int(re.search(r"Threads:\s+(\d+)", status).group(1))  # type: ignore[union-attr]
    fd_dir = Path(f"/proc/{pid}/fd")
    links = []
    for fd in os.listdir(fd_dir):
        with contextlib.suppress(OSError):
            links.append(os.readlink(fd_dir / fd))
    ports = _socket_ports()
    clients = upstream = 0
    for link in links:
        if link.startswith("socket:["):
            local, remote = ports.get(link[8:-1], (0, 0))
            clients += local == proxy_port and remote != 0
            upstream += remote == stand_port
    return Sample(rss_kib / 1024, threads, len(links), clients, upstream)


class Sampler(threading.Thread):
    """The proxy's figures every 0.25 s (for the peaks)."""

    def __init__(self, pid: int, proxy_port: int, stand_port: int) -> None:
        super().__init__(daemon=True)
        self.args_ = (pid, proxy_port, stand_port)
        self.samples: list[Sample] = []
        self.halt = threading.Event()

    def run(self) -> None:
        while not self.halt.wait(0.25):
            with contextlib.suppress(OSError, AttributeError):
                self.samples.append(sample(*self.args_))


def settle(
    pid: int, proxy_port: int, stand_port: int, upstream: int = 0, limit_s: float = 45.0
) -> Sample:
    """Wait until the proxy holds no client connection and at most `upstream` upstream ones
    (or limit_s); sample it. Idle upstream connections are the stand's to close (after its
    keep-alive, 30 s); the model list's own client keeps one until it is used again."""
    deadline = time.monotonic() + limit_s
    time.sleep(1.0)
    while True:
        now = sample(pid, proxy_port, stand_port)
        if (now.client_socks == 0 and now.upstream_socks <= upstream) or (
            time.monotonic() > deadline
        ):
            return now
        time.sleep(0.5)


def cpu_s(pid: int) -> float:
    """User + system CPU seconds of a process so far (/proc/PID/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def port_of(url: str) -> int:
    return int(url.rsplit(":", 1)[1].split("/")[0])


# ---------------------------------------------------------------- report


def print_outcomes(tally: Tally) -> None:
    by_kind: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for (kind, outcome), n in tally.outcomes.items():
        by_kind[kind][outcome] += n
    print("outcomes by fault (the client's request):")
    for kind in ["none", *FAULTS]:
        if kind in by_kind:
            parts = ", ".join(f"{o} {n}" for o, n in sorted(by_kind[kind].items()))
            print(f"  {kind:<22} {parts}")
    totals: collections.Counter[str] = collections.Counter()
    for (_, outcome), n in tally.outcomes.items():
        totals[outcome] += n
    print("outcomes, all requests: " + ", ".join(f"{o} {n}" for o, n in totals.most_common()))


def upstream_share(log: Path) -> tuple[int, int, int]:
    """(client requests logged, upstream attempts, failed attempts) from the proxy's log."""
    requests = attempts = failed = 0
    with contextlib.suppress(OSError):
        for line in log.read_bytes().splitlines():
            with contextlib.suppress(orjson.JSONDecodeError):
                record = orjson.loads(line)
                requests += 1
                for attempt in record.get("attempts") or []:
                    attempts += 1
                    failed += bool(attempt.get("verdict") or attempt.get("error"))
    return requests, attempts, failed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="seconds of load in all")
    parser.add_argument("--clients", type=int, default=200, help="concurrent clients")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("-v", "--verbose", action="store_true", help="print the misses")
    parser.add_argument("--keep", default="", help="copy the proxy's log and stderr here")
    args = parser.parse_args()
    if args.seconds <= 0 or args.clients < 1:
        print("bench/soak.py: give --seconds > 0 and --clients >= 1", file=sys.stderr)
        return 2
    warm_s = args.seconds / 4
    print(
        f"bench/soak.py: {args.clients} clients for {args.seconds:g}s "
        f"({warm_s:g}s warm-up), {FAULT_SHARE:.1%} of requests faulted "
        f"({len(FAULTS)} kinds), {LEAVE_SHARE:.0%} abandoned; load average "
        f"{os.getloadavg()[0]:.2f} on {os.cpu_count()} cores",
        flush=True,
    )
    tally = Tally()
    procs: list[subprocess.Popen[str]] = []
    with tempfile.TemporaryDirectory(prefix="tether-bench-soak-") as tmp_name:
        tmp = Path(tmp_name)
        script = tmp / "stand.json"
        script.write_text(json.dumps(stand_script()))
        log = tmp / "proxy.jsonl"
        try:
            stand, stand_url = start_url_printer(
                [tether_exe(), "stand", "--port", "0", "--script", str(script)], tmp / "stand.log"
            )
            procs.append(stand)
            wait_ready(stand_url + "/v1/models", stand, tmp / "stand.log", 30)
            config = tmp / "proxy.toml"
            config.write_text(proxy_config(stand_url, log))
            proxy, proxy_url = start_url_printer(
                [tether_exe(), "proxy", "--config", str(config), "--port", "0"],
                tmp / "proxy.log",
            )
            procs.append(proxy)
            wait_ready(proxy_url + "/v1/models", proxy, tmp / "proxy.log", 30)
            ports = (proxy.pid, port_of(proxy_url), port_of(stand_url))
            start = settle(*ports, upstream=1_000_000)
            sampler = Sampler(*ports)
            sampler.start()
            t0, cpu0 = time.monotonic(), (cpu_s(proxy.pid), cpu_s(stand.pid), time.process_time())
            loaded = time.monotonic()
            asyncio.run(load(proxy_url, args.clients, warm_s, args.seed, tally))
            load_s = time.monotonic() - loaded
            warm = settle(*ports, upstream=start.upstream_socks)
            loaded = time.monotonic()
            asyncio.run(load(proxy_url, args.clients, args.seconds - warm_s, args.seed + 1, tally))
            load_s += time.monotonic() - loaded
            wall = time.monotonic() - t0
            cpu = (cpu_s(proxy.pid) - cpu0[0], cpu_s(stand.pid) - cpu0[1],
                   time.process_time() - cpu0[2])  # fmt: skip
            end = settle(*ports, upstream=start.upstream_socks)
            sampler.halt.set()
            sampler.join()
            alive = proxy.poll() is None
        finally:
            for proc in reversed(procs):
                stop(proc)
        logged, attempts, failed_attempts = upstream_share(log)
        proxy_log = (tmp / "proxy.log").read_text(errors="replace")
        if args.keep:
            Path(args.keep).mkdir(parents=True, exist_ok=True)
            for name in ("proxy.jsonl", "proxy.log", "stand.log"):
                with contextlib.suppress(OSError):
                    shutil.copy(tmp / name, Path(args.keep) / name)

    peak = max(sampler.samples, key=lambda s: s.rss_mib, default=end)
    peak_fds = max((s.fds for s in sampler.samples), default=end.fds)
    peak_threads = max((s.threads for s in sampler.samples), default=end.threads)
    print(f"requests sent {tally.sent}, served {tally.served}, left by their client {tally.left}")
    print(
        f"{tally.served / load_s:.0f} served/s over {load_s:.0f}s of load (the last requests "
        f"included; {wall:.0f}s with the idle pauses); the proxy logged "
        f"{logged} requests, {attempts} upstream attempts, {failed_attempts} of them failed "
        f"({failed_attempts / max(attempts, 1):.1%}: the faults, and attempts a leaving client "
        "ended)"
    )
    print(
        f"CPU seconds during the load: proxy {cpu[0]:.1f}, stand {cpu[1]:.1f}, "
        f"these clients {cpu[2]:.1f}"
    )
    print_outcomes(tally)
    print("the proxy process:")
    print(f"  start (idle)          {start.line()}")
    print(f"  after warm-up (idle)  {warm.line()}")
    print(f"  peak                  RSS {peak.rss_mib:6.1f} MiB  threads {peak_threads:3d}  "
          f"fds {peak_fds:4d}")  # fmt: skip
    print(f"  end (idle)            {end.line()}")
    step = max(1, len(sampler.samples) // 12)
    trend = " ".join(f"{x.rss_mib:.0f}" for x in sampler.samples[::step])
    print(f"  RSS MiB through the run (warm-up, pause, load, pause): {trend}")
    rss_limit = max(warm.rss_mib * (1 + RSS_GROWTH), warm.rss_mib + RSS_SLACK_MIB)
    checks = [
        ("the proxy still runs", alive, "yes" if alive else "no"),
        ("no 500", tally.status_500 == 0, str(tally.status_500)),
        ("no 200 carrying an error the judge can tell", tally.lying_200 == 0,
         str(tally.lying_200)),
        ("no other wrong 200 (cut, endless, another text)", tally.wrong_200 == 0,
         str(tally.wrong_200)),
        ("no hung request", tally.hung == 0, str(tally.hung)),
        ("no transport error", tally.transport_errors == 0, str(tally.transport_errors)),
        (f"RSS end <= {rss_limit:.1f} MiB (after warm-up + max(10%, 16 MiB))",
         end.rss_mib <= rss_limit, f"{end.rss_mib:.1f} MiB"),
        (f"fds end <= after warm-up ({warm.fds})", end.fds <= warm.fds, str(end.fds)),
        (f"threads end <= after warm-up ({warm.threads})", end.threads <= warm.threads,
         str(end.threads)),
        ("no client connection left open", end.client_socks == 0, str(end.client_socks)),
    ]  # fmt: skip
    failed = False
    for text, ok, figure in checks:
        failed |= not ok
        print(f"  {'PASS' if ok else 'FAIL'}  {text}: {figure}")
    print(
        f"  info  200s carrying a real failure text (gateway-real) the judge misses on its own: "
        f"{tally.judge_misses} (its recall on held-out texts: bench/judge_corpus.py)"
    )
    if tally.misses and (args.verbose or failed):
        print("misses (the first 20):")
        for what in tally.misses:
            print("  " + what[:400])
    if "Traceback" in proxy_log:
        print("the proxy's stderr has a traceback:\n" + proxy_log[-3000:])
        failed = True
    print(f"load average at the end {os.getloadavg()[0]:.2f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
