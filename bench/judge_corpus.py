"""The judge on real texts: recall on failures and false alarms on lookalike answers.

Every record of the corpus (`tether.reliability.corpus`: failure texts and answers that look
like them, collected from public trackers, relay sources, locale files and docs) is sent to the
judge as the assistant's whole reply after HTTP 200, finished as the record says (`finish`, else
`stop`) and with the tool calls it says the message carried (`tool_calls`, else none), to a
request made of a system prompt and the record's own prompt (or, when it has none, an ordinary
coding task).
The table shows, per part of the corpus, per shape and per language, how many failures each
judge caught and how many answers it took for failures, for today's judge (`DETECTOR`) beside
judge/1 (the phrase-coverage check it replaced, kept in `bench/judge_v1.py`) and beside today's
judge without its learned signal (`-learned`: the hand-written signals alone). Each part's
slowest reading is printed by its position, with how many took over 0.3 s: a regex that
backtracks on one text shows there, not as a run that stalls.

Targets on the test part: recall >= 95% on failures, 0 false alarms on answers.

    python bench/judge_corpus.py                  # the test part (never tuned on)
    python bench/judge_corpus.py --split tune     # the part the weights were tuned on
    python bench/judge_corpus.py --split all --misses   # and print every miss and false alarm
    python bench/judge_corpus.py --batch new.jsonl      # a batch not joined yet, measured first
    python bench/judge_corpus.py --split tune --misses --leave-out held.jsonl
                                  # the tune part's mistakes without a held-out batch's texts

A new batch is measured with `--batch` before anything is tuned on it (its figure is the
honest one: texts nobody has seen), then joined (a file in tether/reliability/corpus/), the
learned signal retrained (`python bench/train_judge_model.py`) and the tune ratchets in
tests/reliability/test_judge_corpus.py updated with a line of accounting.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

from tether.messages import Message, Request
from tether.reliability.corpus import Sample, read_batch, samples, turn_of
from tether.reliability.judge import DETECTOR, JudgeConfig, judge

sys.path.insert(0, str(Path(__file__).parent))
import judge_v1

SYSTEM = "You are a helpful assistant working in the user's repository."
DEFAULT_TASK = "Fix the failing test in tests/test_parse.py and tell me what you changed."
TARGET_RECALL = 0.95
# A reading slower than this is a fault to find (a regex that backtracks on some text), not
# noise: the judge reads a reply in microseconds.
SLOW_SECONDS = 0.3


def request_for(sample: Sample) -> Request:
    return Request(
        messages=(
            Message.text("system", SYSTEM),
            Message.text("user", sample.prompt or DEFAULT_TASK),
        )
    )


def judge2(sample: Sample) -> bool:
    return judge(turn_of(sample), request_for(sample)) is not None


def judge1(sample: Sample) -> bool:
    return bool(judge_v1.gateway_text(sample.text.strip(), request_for(sample)))


def hand_only(sample: Sample) -> bool:
    return judge(turn_of(sample), request_for(sample), config=WITHOUT_LEARNED) is not None


# today's judge with its learned signal turned off: the hand-written signals alone
WITHOUT_LEARNED = JudgeConfig(weights={"learned": 0.0})
JUDGES: dict[str, Callable[[Sample], bool]] = {
    "judge/1": judge1,
    "-learned": hand_only,
    DETECTOR: judge2,
}


def _row(name: str, group: list[Sample], flagged: dict[str, list[bool]]) -> str:
    fail = [i for i, s in enumerate(group) if s.label == "failure"]
    ok = [i for i, s in enumerate(group) if s.label == "answer"]
    cells = [f"{name:<26}", f"{len(fail):>5} {len(ok):>5}"]
    for judge_name in JUDGES:
        f = flagged[judge_name]
        caught = sum(f[i] for i in fail)
        false = sum(f[i] for i in ok)
        recall = f"{caught}/{len(fail)} ({caught / len(fail):.0%})" if fail else "-"
        cells.append(f"{recall:>15} {false:>3}/{len(ok):<4}")
    return "  ".join(cells)


def _timed(part: list[Sample], fn: Callable[[Sample], bool]) -> tuple[list[bool], list[float]]:
    """Each sample's verdict and the seconds it took. A reading over a tenth of `SLOW_SECONDS`
    is timed again and keeps the faster time: the first reading of some texts builds the judge's lazily
    compiled parts, and a loaded machine pauses, while a regex that backtracks is slow twice."""
    verdicts, seconds = [], []
    for s in part:
        start = time.perf_counter()
        verdicts.append(fn(s))
        seconds.append(time.perf_counter() - start)
    for i, s in enumerate(part):
        if seconds[i] > SLOW_SECONDS / 10:
            start = time.perf_counter()
            fn(s)
            seconds[i] = min(seconds[i], time.perf_counter() - start)
    return verdicts, seconds


def slowness(seconds: list[float]) -> str:
    """The slowest reading, by position in the part (never the text: the test part stays
    unread), and how many took over `SLOW_SECONDS`."""
    worst = max(range(len(seconds)), key=seconds.__getitem__, default=-1)
    slow = sum(t > SLOW_SECONDS for t in seconds)
    top = f"{seconds[worst]:.3f} s (text #{worst})" if worst >= 0 else "-"
    return f"slowest {top}; {slow} over {SLOW_SECONDS} s"


def report(part: list[Sample], title: str, misses: bool) -> tuple[float, int]:
    flagged = {name: [fn(s) for s in part] for name, fn in JUDGES.items() if name != DETECTOR}
    flagged[DETECTOR], seconds = _timed(part, judge2)
    head = f"{'':<26}  {'fail':>5} {'ans':>5}" + "".join(
        f"  {name + ' recall':>15} {'false':>8}" for name in JUDGES
    )
    print(f"\n== {title}: {len(part)} texts from {len({s.group for s in part})} sources ==")
    print(head)
    print(_row("all", part, flagged))
    print(slowness(seconds))
    # an answer whose question was not recorded is judged against DEFAULT_TASK, which it does
    # not answer: the harder case (a failure text's request is unrelated to it too)
    asked = ("with its question", "question not recorded")
    for key, label in (("shape", "shape"), ("language", "language"), ("asked", "question")):
        by: dict[str, list[int]] = defaultdict(list)
        for i, s in enumerate(part):
            if key == "asked":
                if s.label == "answer":
                    by[asked[0] if s.prompt else asked[1]].append(i)
                continue
            by[getattr(s, key)].append(i)
        print(f"-- by {label}")
        for value in sorted(by, key=lambda v: (-len(by[v]), v)):
            idx = by[value]
            sub = [part[i] for i in idx]
            print(_row(f"  {value}", sub, {n: [f[i] for i in idx] for n, f in flagged.items()}))
    if misses:
        for i, s in enumerate(part):
            wrong = flagged[DETECTOR][i] != (s.label == "failure")
            if wrong:
                kind = "MISSED" if s.label == "failure" else "FALSE ALARM"
                print(f"\n{kind} [{s.shape}/{s.language}] {s.source}\n  {s.text[:300]!r}")
    f2 = flagged[DETECTOR]
    fail = [i for i, s in enumerate(part) if s.label == "failure"]
    recall = sum(f2[i] for i in fail) / max(1, len(fail))
    false = sum(f2[i] for i, s in enumerate(part) if s.label == "answer")
    return recall, false


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--split", choices=("test", "tune", "all"), default="test")
    parser.add_argument(
        "--misses", action="store_true", help="print every mistake of today's judge"
    )
    parser.add_argument(
        "--batch",
        action="append",
        metavar="FILE",
        help="a JSONL batch of corpus records not joined yet: measure it instead of a part",
    )
    parser.add_argument(
        "--leave-out",
        action="append",
        metavar="FILE",
        help="a JSONL batch whose texts are left out of what is measured and listed (a half"
        " of the tune part kept unread, to check that a change generalises)",
    )
    args = parser.parse_args()
    if args.batch:
        part, title = [], "batch " + ", ".join(args.batch)
        for name in args.batch:
            try:
                part += read_batch(Path(name).read_text("utf-8"))
            except OSError as exc:
                print(f"--batch {name}: cannot be read ({exc.strerror})", file=sys.stderr)
                return 2
            except (ValueError, KeyError) as exc:
                print(
                    f"--batch {name}: not a JSONL file of corpus records ({exc})", file=sys.stderr
                )
                return 2
    else:
        part = list(samples(None if args.split == "all" else args.split))
        title = f"{args.split} part"
    if args.leave_out:
        left: set[str] = set()
        for name in args.leave_out:
            try:
                left |= {s.text for s in read_batch(Path(name).read_text("utf-8"))}
            except OSError as exc:
                print(f"--leave-out {name}: cannot be read ({exc.strerror})", file=sys.stderr)
                return 2
            except (ValueError, KeyError) as exc:
                print(
                    f"--leave-out {name}: not a JSONL file of corpus records ({exc})",
                    file=sys.stderr,
                )
                return 2
        kept = [s for s in part if s.text not in left]
        title += f" without {len(part) - len(kept)} text(s) of " + ", ".join(args.leave_out)
        part = kept
    recall, false = report(part, title, args.misses)
    ok = recall >= TARGET_RECALL and false == 0
    print(
        f"\n{DETECTOR} on the {title}: recall {recall:.1%} (target >= {TARGET_RECALL:.0%}),"
        f" {false} false alarm(s) (target 0): {'MET' if ok else 'NOT MET'}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
