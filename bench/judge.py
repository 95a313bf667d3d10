"""The judge's cost per turn: `judge(turn, request)` on realistic replies to a 50 KB request.

Targets: at most 20 us median per call for 2 KB answers, and for answers of 300, 800 and
1,400 characters that hold ordinary failure words (the most common replies); at most 100 us at
the 99th percentile for 50 KB answers; a failure text, which gets a full reading of every
signal (rare, and followed by a retry that costs seconds), at most 500 us. The judge runs once
per attempt on the hot path of every model call, so it must cost nothing next to a model's
reply.

Cases (all against the same ~50 KB request: system prompt, tool schemas, a tool call and its
result, several messages):

- a 2 KB English technical answer, with `counts=` passed as the chain does (it estimates the
  request once per call) and without (the judge estimates the request itself);
- answers of ~300, ~800 and ~1,400 characters that say "failed", "timeout", "retry", "later",
  "error" as answers do (no quick clear: too short, and they hold failure words), counts=;
- the stand's gateway text ("The request could not be completed. ...") as the reply, and a
  ~300-character relay notice (503, overloaded, try again later, a request id);
- a 2 KB answer that quotes "the request could not be completed" in the middle, and one that
  quotes it in its first lines (inside the part the fast gate reads): both are answers.

Each case is timed in batches of calls; the table shows the median time per call over the
batches, after a check that every verdict is the right one. Times are the thread's CPU time
(`time.thread_time_ns`), not wall time: on a shared machine, time the process spends waiting
for a core is not counted.

With `--against REF` (a commit, a branch), each case is also timed on that commit's judge, in
the same run: two worker processes (`bench/against.py`), one importing tether from this tree and
one from REF's (`git archive`), each running this module's cases on its own judge, so every
import REF's judge makes, at load or at call time, is REF's. The parent asks them in turn for a
batch (A, B, B, A, A, B, ...), and the table shows both medians and their ratio side by side.

    python bench/judge.py [--batches 300] [--calls 200] [--against main] [--only "failure words"]
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

from tether.context.tokens import SectionCounts, count_request
from tether.messages import Message, Request, TextPart, ToolCall, ToolResultPart, ToolSpec, Turn
from tether.messages import Usage as TurnUsage
from tether.reliability.judge import Verdict, judge
from tether.stand import GATEWAY_TEXT
from tether.wire.openai import encode_request

if TYPE_CHECKING:
    from against import Worker

TARGET_US = 20.0
P99_TARGET_US = 100.0  # 50 KB replies, at the 99th percentile
# A short answer with failure words gets every failure signal read, then the answer signals
# until its score settles: <= 0.5% of a fast (100 ms) model turn. Until round 15 it was 20 us,
# which no reading of ~30 signals in CPython meets (bench/README.md, "judge speed").
WORDS_TARGET_US = 500.0
# A failure text gets a full reading of ~90 signals and is followed by a retry that costs
# seconds (500 us until round 15).
FAILURE_TARGET_US = 1000.0
REQUEST_BYTES = 50_000

SYSTEM_RULES = [
    "You are a coding agent working in the user's repository through the tools below.",
    "Read a file before you change it, and keep every change as small as the task allows.",
    "Run the tests after each change; a task is done only when its checks pass.",
    "Never invent file contents, command output or test results: quote what the tools returned.",
    "When a tool fails, read its error, fix the cause, and say what you changed and why.",
    "Prefer the project's own helpers and conventions over new dependencies or new patterns.",
    "Ask before deleting files, rewriting history or touching anything outside the repository.",
    "Keep answers short: what you did, what you checked, and what is left for the user to decide.",
]

ANSWER = (
    "The failing test comes from a race in `CacheStore.get_or_load`. Two requests that miss the "
    "cache at the same time both call the loader, and the second write replaces the first "
    "entry while the first caller still holds a reference to it. The test "
    "`test_concurrent_loads_share_one_entry` starts eight tasks with `anyio.create_task_group` "
    "and asserts that the loader ran once; it ran between two and five times in my runs.\n\n"
    "I changed `get_or_load` to keep one `anyio.Event` per key while a load is in flight. The "
    "first caller creates the event, runs the loader and stores the result; every later caller "
    "for the same key waits on the event and then reads the stored entry. If the loader raises, "
    "the event is still set and the key removed from the in-flight map, so the next caller "
    "retries instead of waiting forever. The map is guarded by the existing `self._lock`, which "
    "is only held for the dictionary operations, never across the await.\n\n"
    "Checks: the whole suite passes (`pytest -q`: 412 passed, 3 skipped), including the "
    "concurrency test, which I ran 200 times in a loop without a failure. `mypy --strict` and "
    "`ruff check` are clean. I also added `test_failed_load_is_retried`, which makes the loader "
    "raise once and asserts that the second call loads again and succeeds.\n\n"
    "Two things are left for you to decide. First, the in-flight map grows with the number of "
    "distinct keys being loaded at once; that is bounded by the number of concurrent requests, "
    "so I did not add eviction, but say so if you expect very wide fan-out. Second, callers "
    "that wait on an in-flight load now share its timeout: a slow loader makes all of them "
    "slow. The alternative is a per-caller timeout around the wait, which I can add in a few "
    "lines if you prefer that behaviour. The diff touches `cache/store.py` (31 lines) and "
    "`tests/test_store.py` (44 lines); nothing else changed, and no new dependency was needed."
)

# Mid-length answers (the most common replies), each holding ordinary failure words ("failed",
# "timeout", "retry", "later", "error", "wait"): past the quick clear, so read in full.
ANSWER_300 = (
    "Fixed. `test_concurrent_loads` failed because two callers ran the loader at once; they "
    "now wait on one event per key, and a loader error clears the key so the next call can "
    "retry. The suite passes (412 tests), and I ran the flaky test 200 times. I will look at "
    "the timeout of waiting callers later if you want."
)
# A mid-length Chinese answer with no failure word: past the length at which a reply is read
# whole, so every module's precheck (`clearing.MAY_FIRE`) is asked before it is cleared.
PLAIN_ZH = (
    "\u5df2\u5b8c\u6210\u3002\u8bbe\u7f6e\u9875\u73b0\u5728\u4f1a\u4fdd\u5b58\u7528\u6237"
    "\u9009\u62e9\u7684\u4e3b\u9898\uff0c\u9875\u9762\u52a0\u8f7d\u65f6\u8bfb\u53d6\u4e00"
    "\u6b21\uff0c\u5207\u6362\u540e\u7acb\u5373\u751f\u6548\u3002\u989c\u8272\u540d\u79f0"
    "\u79fb\u5230\u4e86\u4e00\u4e2a\u5171\u7528\u7684\u6587\u4ef6\u91cc\uff0c\u9875\u9762"
    "\u548c\u90ae\u4ef6\u6a21\u677f\u5171\u7528\u540c\u4e00\u4efd\u5217\u8868\uff0c\u53e6"
    "\u5916\u52a0\u4e86\u4e24\u4e2a\u6d4b\u8bd5\u3002\u5176\u4f59\u90e8\u5206\u6ca1\u6709"
    "\u6539\u52a8\uff0c\u5982\u9700\u8c03\u6574\u914d\u8272\u53ef\u4ee5\u76f4\u63a5\u4fee"
    "\u6539\u90a3\u4e2a\u6587\u4ef6\u3002"
)
# A reply in Chinese of ~1 KB (~360 characters) with no failure word, and its first
# paragraph (~160 characters, PLAIN_ZH and one more sentence): a reply that is not ASCII
# is cleared after every module's precheck (`clearing.MAY_FIRE`) has found nothing.
PLAIN_ZH_MID = PLAIN_ZH + (
    "\u73b0\u5728\u9501\u53ea\u5728\u5355\u4e2a\u8fdb\u7a0b\u5185\u6709\u6548\uff0c\u5982"
    "\u679c\u4ee5\u540e\u8981\u5728\u591a\u4e2a\u8fdb\u7a0b\u4e4b\u95f4\u5171\u4eab\u7f13"
    "\u5b58\uff0c\u9700\u8981\u6362\u6210\u57fa\u4e8e\u6587\u4ef6\u6216\u8005\u6570\u636e"
    "\u5e93\u7684\u9501\uff0c\u5230\u65f6\u5019\u6211\u53ef\u4ee5\u518d\u8865\u4e0a\u3002"
)
PLAIN_ZH_1K = PLAIN_ZH_MID + (
    "\n\n"
    "\u4e3b\u9898\u7684\u9ed8\u8ba4\u503c\u8ddf\u968f\u7cfb\u7edf\u8bbe\u7f6e\uff0c\u7528"
    "\u6237\u5728\u8bbe\u7f6e\u9875\u9009\u8fc7\u4e00\u6b21\u4e4b\u540e\u5c31\u4ee5\u7528"
    "\u6237\u7684\u9009\u62e9\u4e3a\u51c6\u3002"
    "\u989c\u8272\u5217\u8868\u6309\u540d\u79f0\u6392\u5e8f\uff0c\u65b0\u52a0\u7684\u4e24"
    "\u79cd\u989c\u8272\u653e\u5728\u6700\u540e\uff0c\u65e7\u7684\u540d\u79f0\u90fd\u4fdd"
    "\u7559\u4e86\u4e0b\u6765\uff0c\u5df2\u6709\u7684\u9875\u9762\u4e0d\u7528\u4fee\u6539"
    "\u3002"
    "\u90ae\u4ef6\u6a21\u677f\u8bfb\u53d6\u540c\u4e00\u4efd\u5217\u8868\uff0c\u6240\u4ee5"
    "\u9875\u9762\u548c\u90ae\u4ef6\u91cc\u7684\u989c\u8272\u4f1a\u4fdd\u6301\u4e00\u81f4"
    "\u3002"
    "\u4e24\u4e2a\u65b0\u6d4b\u8bd5\u5206\u522b\u68c0\u67e5\u4fdd\u5b58\u540e\u7684\u4e3b"
    "\u9898\u5728\u5237\u65b0\u9875\u9762\u540e\u4ecd\u7136\u751f\u6548\uff0c\u4ee5\u53ca"
    "\u90ae\u4ef6\u6a21\u677f\u4f7f\u7528\u7684\u989c\u8272\u548c\u9875\u9762\u76f8\u540c"
    "\u3002"
    "\u5982\u679c\u4f60\u60f3\u628a\u914d\u8272\u5f00\u653e\u7ed9\u7528\u6237\u81ea\u5df1"
    "\u7f16\u8f91\uff0c\u6211\u53ef\u4ee5\u5728\u8bbe\u7f6e\u9875\u518d\u52a0\u4e00\u4e2a"
    "\u7f16\u8f91\u533a\u57df\uff0c\u628a\u5217\u8868\u4fdd\u5b58\u5230\u7528\u6237\u7684"
    "\u914d\u7f6e\u91cc\u3002"
)
ANSWER_800 = (
    "The test failed about half the time because of a race in `CacheStore.get_or_load`: two "
    "tasks that missed the cache together both ran the loader, and the second write replaced "
    "the entry the first caller was still using.\n\n"
    "I added an in-flight map of `anyio.Event`s keyed by cache key. The first caller loads and "
    "sets the event; later callers wait on it and read the stored entry. When the loader raises "
    "an error, the event is still set and the key removed, so the next caller retries instead "
    "of waiting forever.\n\n"
    "Checks: `pytest -q` passes (412 passed, 3 skipped), the concurrency test passed 200 runs "
    "in a loop, and mypy and ruff are clean. One choice is yours: waiting callers now share the "
    "loader's timeout, so a slow load makes them all slow; I can add a per-caller timeout later."
)
ANSWER_1400 = (
    "I found why `test_upload_resumes` failed on CI but not locally. The upload client retries "
    "a chunk after a timeout, but it kept the byte offset of the failed attempt, so the retry "
    "sent the chunk again from the wrong position and the server answered 416. Locally the "
    "test server is fast enough that no chunk ever times out, which is why it only broke on "
    "the slower CI runners.\n\n"
    "What I changed:\n\n"
    "- `upload/client.py`: the offset is now read back from the server (`HEAD` on the upload "
    "URL) before a retry, instead of being kept from the failed attempt.\n"
    "- `upload/client.py`: the retry loop waits with the existing backoff helper rather than a "
    "fixed one-second sleep, and gives up after five attempts with an `UploadError` that names "
    "the chunk and the last status.\n"
    "- `tests/test_upload.py`: a new test makes the fake server drop every third chunk and "
    "checks that the file arrives whole, and another checks the error after five failures.\n\n"
    "Checks: `pytest -q tests/test_upload.py` passes (23 tests), the whole suite passes, and "
    "I ran the resume test 100 times with the server's delay raised past the timeout without "
    "a failure. `mypy --strict` and `ruff check` are clean.\n\n"
    "Left for you: the backoff caps at 30 seconds, so a client that loses its connection for "
    "a long time gives up after about a minute. If uploads should survive longer outages, we "
    "can raise the cap or make the number of attempts a setting; tell me which you prefer."
)
# A failure notice of a relay, the length of a short answer, with its request id.
NOTICE_300 = (
    "Upstream request failed: the model provider returned 503 Service Unavailable after 3 "
    "retries. The service is temporarily overloaded; please wait a moment and try again later. "
    "If the problem persists, contact support with request id req_7f3a9c21e4b84d0f9a2c. "
    "(relay: api.example-relay.com, channel 12)"
)

QUOTED_MIDDLE = (
    ANSWER[:900]
    + ' The gateway log shows "the request could not be completed" for the two retries, '
    + ANSWER[900:]
)[:2048]
QUOTED_EARLY = (
    'Your proxy answered "the request could not be completed" because the upstream closed '
    "the connection before the headers were sent. " + ANSWER
)[:2048]


def _filler(rules: list[str], chars: int) -> str:
    out: list[str] = []
    n = 0
    i = 0
    while n < chars:
        line = f"{i + 1}. {rules[i % len(rules)]}"
        out.append(line)
        n += len(line) + 1
        i += 1
    return "\n".join(out)[:chars]


def _tools() -> tuple[ToolSpec, ...]:
    names = [
        ("read_file", "Read a text file of the repository, whole or a range of lines."),
        ("write_file", "Write a text file of the repository, replacing its contents."),
        ("edit_file", "Replace one exact string in a file with another."),
        ("list_dir", "List a directory of the repository, with sizes and kinds."),
        ("search", "Search the repository for a regular expression; returns matching lines."),
        ("run", "Run a shell command in the repository and return its output and exit code."),
        ("run_tests", "Run the test suite, or the tests matching a pattern."),
        ("git_diff", "Show the working tree's changes against the last commit."),
        ("web_fetch", "Fetch a documentation page by URL and return its text."),
        ("ask_user", "Ask the user a question and wait for the answer."),
    ]
    tools = []
    for name, description in names:
        params = {
            "type": "object",
            "properties": {
                "path": {"type": "string", "description": "A path relative to the repository."},
                "start": {"type": "integer", "description": "The first line, counted from 1."},
                "end": {"type": "integer", "description": "The last line, included."},
                "pattern": {"type": "string", "description": "A regular expression."},
                "timeout_s": {"type": "number", "description": "Seconds before giving up."},
            },
            "required": ["path"],
            "additionalProperties": False,
        }
        tools.append(ToolSpec(name, description * 3, params))
    return tuple(tools)


def build_request(size: int = REQUEST_BYTES) -> Request:
    """About `size` bytes of agent request: rules, tools, a read file, a few turns."""
    tools = _tools()
    tool_bytes = sum(len(orjson.dumps(t.parameters)) + 2 * len(t.description) for t in tools)
    code = "".join(
        f"    def method_{i}(self, key: str) -> int:\n        return self._data.get(key, {i})\n"
        for i in range(400)
    )
    source_chars = 18_000
    rest = size - tool_bytes - source_chars - 1_200
    read = ToolCall("call_1", "read_file", '{"path": "cache/store.py"}')
    messages = (
        Message.text("system", _filler(SYSTEM_RULES, rest)),
        Message.text(
            "user", "The concurrency test of the cache fails about half the time. Fix it."
        ),
        Message("assistant", (TextPart("I will read the store first."), read)),
        Message("tool", (ToolResultPart("call_1", code[:source_chars], "read_file"),)),
        Message.text("assistant", "The loader can run twice for one key; I will check the test."),
        Message.text("user", "Go ahead, and tell me what you changed when the tests pass."),
    )
    return Request(messages=messages, tools=tools)


@dataclass(frozen=True)
class Case:
    name: str
    reply: str
    with_counts: bool
    expect: str | None  # the verdict kind, or None for an answer
    target_us: float = TARGET_US
    p99: bool = False  # the target is on the 99th percentile of single calls, not the median


CASES = [
    Case("2 KB answer, counts= (as the chain)", ANSWER, True, None),
    Case("2 KB answer, no counts", ANSWER, False, None),
    Case("300 B answer with failure words, counts=", ANSWER_300, True, None, WORDS_TARGET_US),
    Case("Chinese answer, no failure word, counts=", PLAIN_ZH, True, None, WORDS_TARGET_US),
    Case("Chinese, 160 chars, no failure word, counts=", PLAIN_ZH_MID, True, None, WORDS_TARGET_US),
    Case("Chinese ~1 KB, no failure word, counts=", PLAIN_ZH_1K, True, None, WORDS_TARGET_US),
    Case("800 B answer with failure words, counts=", ANSWER_800, True, None, WORDS_TARGET_US),
    Case("1.4 KB answer with failure words, counts=", ANSWER_1400, True, None, WORDS_TARGET_US),
    # a failure text gets a full reading of every signal: rare, and followed by a retry
    Case("gateway text, counts=", GATEWAY_TEXT, True, "gateway", FAILURE_TARGET_US),
    Case("300 B failure notice, counts=", NOTICE_300, True, "gateway", FAILURE_TARGET_US),
    Case("50 KB answer, counts= (p99)", (ANSWER + "\n\n") * 26, True, None, P99_TARGET_US, True),
    Case("2 KB quoting a phrase mid-reply, counts=", QUOTED_MIDDLE, True, None),
    Case("2 KB quoting a phrase early, counts=", QUOTED_EARLY, True, None),
]


def make_turn(reply: str, request: Request) -> Turn:
    usage = TurnUsage(prompt_tokens=count_request(request).total, completion_tokens=len(reply) // 4)
    return Turn(content=reply, usage=usage, finish_reason="stop", termination="stop")


def timed(fn: Callable[[], object], batches: int, calls: int) -> float:
    """Median microseconds per call over `batches` batches of `calls` calls."""
    return statistics.median(batch_times(fn, batches, calls))


def p99(fn: Callable[[], object], calls: int) -> float:
    """The 99th percentile, in microseconds, of `calls` single calls."""
    times = sorted(single_times(fn, calls))
    return times[int(len(times) * 0.99)]


def batch_times(
    fn: Callable[[], object], batches: int, calls: int, warm: bool = True
) -> list[float]:
    """CPU microseconds per call in each of `batches` batches of `calls` calls (warmed up
    first, unless `warm` is False)."""
    for _ in range(min(calls, 50) if warm else 0):
        fn()
    clock = time.thread_time_ns
    per_call: list[float] = []
    gc.disable()
    try:
        for _ in range(batches):
            t0 = clock()
            for _ in range(calls):
                fn()
            per_call.append((clock() - t0) / calls / 1000)
    finally:
        gc.enable()
    return per_call


def single_times(fn: Callable[[], object], calls: int, warm: bool = True) -> list[float]:
    """CPU microseconds of each of `calls` single calls (warmed up first, unless `warm` is
    False)."""
    for _ in range(20 if warm else 0):
        fn()
    clock = time.thread_time_ns
    times: list[float] = []
    gc.disable()
    try:
        for _ in range(calls):
            t0 = clock()
            fn()
            times.append((clock() - t0) / 1000)
    finally:
        gc.enable()
    return times


def case_calls() -> list[Callable[[], Verdict | None]]:
    """A call of `judge` per case (of `CASES`, after `--only`), on the tether this process
    imported."""
    request = build_request()
    counts = count_request(request)
    calls: list[Callable[[], Verdict | None]] = []
    for case in CASES:
        turn = make_turn(case.reply, request)
        given = counts if case.with_counts else None
        calls.append(lambda t=turn, g=given: judge(t, request, counts=g))
    return calls


def worker() -> None:
    """One side of `--against`: says where its tether is and each case's verdict, then answers
    {"case": i, "calls": n, "single": bool} with the CPU us of one batch of n calls (or of n
    single calls), until stdin closes."""
    from against import serve

    import tether

    calls = case_calls()
    kinds = [(v.kind if v else None) for v in (fn() for fn in calls)]

    def handle(request: dict[str, Any]) -> list[float]:
        fn, n = calls[int(request["case"])], int(request["calls"])
        if request["single"]:
            return single_times(fn, n, warm=False)
        return batch_times(fn, 1, n, warm=False)

    serve(handle, {"tether": tether.__file__, "kinds": kinds})


def against(ref: str, batches: int, calls: int, only: str | None) -> int:
    """Each case on this tree's judge and on REF's, one worker process each: batch by batch,
    the two take turns (the first of each pair alternating), each median over its own batches."""
    from against import workers

    print(
        f"judge: this tree beside {ref}, median CPU us per call over {batches} batches of "
        f"{calls} each, two worker processes alternating batch by batch "
        f"(python {sys.version.split()[0]})"
    )
    with workers(Path(__file__), ref, ["--only", only] if only else []) as pair:
        for side in pair:
            if not Path(side.hello["tether"]).resolve().is_relative_to(side.src.resolve()):
                raise SystemExit(f"the {side.name} worker imported {side.hello['tether']}")
        return turns_of(pair, ref, batches, calls)


def turns_of(pair: tuple[Worker, Worker], ref: str, batches: int, calls: int) -> int:
    """The table of `against`: (REF's worker, this tree's) timed in turns, case by case."""
    from against import turns

    header = (
        f"{'case':<42} {'reply':>6} {'verdict':<8} {'baseline us':>11} {'us':>8} {'ratio':>6} "
        f"{'target':>7}  result"
    )
    print(header)
    print("-" * len(header))
    failed = wrong = False
    for i, case in enumerate(CASES):
        kinds = [side.hello["kinds"][i] for side in pair]
        if any(kind != case.expect for kind in kinds):
            wrong = True
            print(f"{case.name}: judged {kinds[0]!r} ({ref}), {kinds[1]!r} (this tree)")
            continue
        for side in pair:  # (warmed up once: each turn is timed at once)
            side.ask({"case": i, "calls": min(calls, 50), "single": False})
        ask = {"case": i, "calls": calls, "single": case.p99}
        answers = turns(pair, ask, max(2, batches // 10) if case.p99 else batches)
        times = [[t for answer in side for t in answer] for side in answers]
        if case.p99:
            base_us, this_us = (sorted(x)[int(len(x) * 0.99)] for x in times)
        else:
            base_us, this_us = statistics.median(times[0]), statistics.median(times[1])
        ok = this_us <= case.target_us
        failed |= not ok
        print(
            f"{case.name:<42} {len(case.reply):>6} {case.expect or 'answer':<8} "
            f"{base_us:>11.2f} {this_us:>8.2f} {this_us / base_us:>6.2f} "
            f"{'<= ' + format(case.target_us, 'g'):>7}  {'PASS' if ok else 'FAIL'}"
        )
    if wrong:
        return 2
    return 1 if failed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--batches", type=int, default=300, help="timed batches per case")
    parser.add_argument("--calls", type=int, default=200, help="calls per batch")
    parser.add_argument("--against", metavar="REF", help="also time the judge of this commit")
    parser.add_argument("--only", metavar="TEXT", help="only the cases whose name holds TEXT")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.only:
        CASES[:] = [case for case in CASES if args.only in case.name]
    if args.worker:
        worker()
        return 0
    if args.against:
        return against(args.against, args.batches, args.calls, args.only)

    request = build_request()
    counts = count_request(request)
    size = len(orjson.dumps(encode_request(request, "bench-model", "openai")))
    print(
        f"judge: median CPU us per call over {args.batches} batches of {args.calls} "
        f"(python {sys.version.split()[0]}); request ~{size / 1000:.0f} KB, "
        f"{len(request.messages)} messages, {len(request.tools)} tools, "
        f"~{counts.total:,} tokens estimated"
    )
    header = f"{'case':<42} {'reply':>6} {'verdict':<8} {'median us':>10} {'target':>7}  result"
    print(header)
    print("-" * len(header))
    failed = wrong = False
    for case in CASES:
        turn = make_turn(case.reply, request)
        given = counts if case.with_counts else None

        def one(turn: Turn = turn, given: SectionCounts | None = given) -> Verdict | None:
            return judge(turn, request, counts=given)

        verdict = one()
        kind = verdict.kind if verdict else None
        if kind != case.expect:
            wrong = True
            print(f"{case.name}: judged {kind!r}, expected {case.expect!r}: {verdict}")
            continue
        us = (
            p99(one, args.batches * args.calls // 10)
            if case.p99
            else timed(one, args.batches, args.calls)
        )
        ok = us <= case.target_us
        failed |= not ok
        print(
            f"{case.name:<42} {len(case.reply):>6} {kind or 'answer':<8} {us:>10.2f} "
            f"{'<= ' + format(case.target_us, 'g'):>7}  {'PASS' if ok else 'FAIL'}"
        )
    if wrong:
        return 2
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
