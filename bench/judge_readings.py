"""Every reading the judge makes of the corpus, one line per text: the proof that a change to
the judge's speed changed nothing it finds.

For each corpus text (`tether.reliability.corpus.load()`, asked with `judge_corpus.request_for`)
and a few cuts of it (its first 300 characters, its last 400, and the whole text with no
request), it prints the full reading's rounded score and every signal with its weight and
evidence (`read_text`), the settled reading a verdict uses (`settle_below`), and the verdict of
`judge`. Run it before and after a change and compare:

    python bench/judge_readings.py > /tmp/before.txt
    ... change the judge ...
    python bench/judge_readings.py > /tmp/after.txt && cmp /tmp/before.txt /tmp/after.txt
"""

from __future__ import annotations

import sys
from pathlib import Path

from tether.messages import Request, Turn
from tether.reliability.corpus import load
from tether.reliability.judge import DEFAULT_CONFIG, judge, read_text
from tether.reliability.signals import Reading

sys.path.insert(0, str(Path(__file__).parent))
from judge_corpus import request_for


def _reading(reading: Reading) -> str:
    signals = "; ".join(f"{s.name} {s.weight!r} {s.evidence!r}" for s in reading.signals)
    return f"{reading.score!r} [{signals}]"


def lines_for(text: str, request: Request | None) -> list[str]:
    verdict = judge(Turn(content=text, finish_reason="stop", termination="stop"), request)
    settled = read_text(text, request, settle_below=DEFAULT_CONFIG.threshold)
    return [
        f"  full {_reading(read_text(text, request))}",
        f"  settled {_reading(settled)}",
        f"  verdict {verdict.kind + ' ' + verdict.detail if verdict else None!r}",
    ]


def main() -> int:
    out = sys.stdout
    for i, sample in enumerate(load()):
        request = request_for(sample)
        cuts = (
            ("whole", sample.text, request),
            ("head", sample.text[:300], request),
            ("tail", sample.text[-400:], request),
            ("alone", sample.text, None),
        )
        for name, text, asked in cuts:
            out.write(f"{i} {name} {sample.label} {sample.source[:60]!r}\n")
            out.write("\n".join(lines_for(text, asked)) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
