"""A digest of everything the judge finds in the corpus, both parts, and its training texts:
the proof that a change to the judge's speed changed no verdict, reading or kind.

For each text of the corpus (`corpus.load()`, tune and test parts, both labels) and of its
`training/` folder, and for a few cuts of it (whole, its first 300 characters, its last 400,
the whole text with no request, and the whole text against `bench/judge.py`'s 50 KB agent
request), it reads: `judge`'s verdict (kind and detail), the full reading, the settled reading
and the side-only reading a verdict uses (every signal's name, weight and evidence), and
`quick_clear`. Each text's lines are hashed on their own, and the digests of each part are
printed, never a text: the test part stays unread.

    python bench/judge_digest.py --save /tmp/before.tsv       # before a change
    python bench/judge_digest.py --against /tmp/before.tsv    # after: lists what moved

`--against` prints the positions of texts whose readings differ, per part, and the lines of
the tune part's and training texts' only (`--show`).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from collections.abc import Iterator
from multiprocessing import Pool
from pathlib import Path

from tether.messages import Request, Turn
from tether.reliability.clearing import quick_clear
from tether.reliability.corpus import Sample, load, split_of, training_texts, turn_of
from tether.reliability.judge import DEFAULT_CONFIG, judge, read_text
from tether.reliability.reading import Reading

sys.path.insert(0, str(Path(__file__).parent))
from judge import build_request
from judge_corpus import request_for

AGENT_REQUEST = build_request()


def _reading(reading: Reading) -> str:
    signals = "; ".join(f"{s.name} {s.weight!r} {s.evidence!r}" for s in reading.signals)
    return f"{reading.score!r} {reading.failure} {reading.kind} [{signals}]"


def lines_for(text: str, request: Request | None, turn: Turn | None = None) -> list[str]:
    """The readings of `text`; its verdict as `turn` (the record's own, for the whole text) or
    as a reply finished `stop` without tool calls."""
    turn = turn or Turn(content=text, finish_reason="stop", termination="stop")
    verdict = judge(turn, request)
    bar = DEFAULT_CONFIG.threshold
    stripped = text.strip()
    return [
        f"  verdict {verdict.kind + ' ' + verdict.detail if verdict else None!r}",
        f"  full {_reading(read_text(text, request))}",
        f"  settled {_reading(read_text(text, request, settle_below=bar))}",
        f"  side {_reading(read_text(text, request, settle_below=bar, side_only=True))}",
        f"  clear {bool(stripped) and quick_clear(stripped, DEFAULT_CONFIG.lexicon)}",
    ]


def text_lines(sample: Sample) -> list[str]:
    """Every reading of one text and its cuts."""
    request = request_for(sample)
    cuts = (
        ("whole", sample.text, request),
        ("head", sample.text[:300], request),
        ("tail", sample.text[-400:], request),
        ("alone", sample.text, None),
        ("agent", sample.text, AGENT_REQUEST),
    )
    out: list[str] = []
    for name, text, asked in cuts:
        out.append(f"{name} {sample.label}")
        out += lines_for(text, asked, turn_of(sample) if name == "whole" else None)
    return out


def _digest(sample: Sample) -> str:
    return hashlib.sha256("\n".join(text_lines(sample)).encode()).hexdigest()


def texts() -> Iterator[tuple[str, Sample]]:
    """(part, text) for every corpus text, then every training text."""
    for sample in load():
        yield split_of(sample.group), sample
    for sample in training_texts():
        yield "training", sample


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--save", type=Path, help="write each text's digest here")
    parser.add_argument("--against", type=Path, help="compare with a saved run")
    parser.add_argument("--show", action="store_true", help="print moved tune/training lines")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    items = list(texts())
    with Pool(args.jobs) as pool:
        digests = pool.map(_digest, [s for _, s in items], chunksize=64)
    rows = [
        f"{i}\t{part}\t{d}" for i, ((part, _), d) in enumerate(zip(items, digests, strict=True))
    ]
    for part in ("tune", "test", "training"):
        mine = [d for (p, _), d in zip(items, digests, strict=True) if p == part]
        whole = hashlib.sha256("".join(mine).encode()).hexdigest()
        print(f"{part:9} {len(mine):6} texts  {whole}")
    total = hashlib.sha256("".join(digests).encode()).hexdigest()
    print(f"{'all':9} {len(digests):6} texts  {total}")
    if args.save:
        args.save.write_text("\n".join(rows) + "\n")
    if args.against:
        before = [line.split("\t") for line in args.against.read_text().splitlines()]
        moved = [
            (int(i), part) for (i, part, d), now in zip(before, digests, strict=True) if d != now
        ]
        for part in ("tune", "test", "training"):
            where = [i for i, p in moved if p == part]
            print(f"moved {part}: {len(where)} {where[:40] if part != 'test' else ''}")
        if args.show:
            for i, part in moved:
                if part != "test":
                    print(f"--- {i} {part}\n" + "\n".join(text_lines(items[i][1])))
        return 1 if moved else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
