"""The tune-part texts that given corpus commits added: a check set or a work set for a round.

    python bench/judge_sets.py check.jsonl e5af636 69596b7 ...   # rounds kept unread: the check set
    python bench/judge_sets.py work.jsonl d7206e3 037a402 ...    # rounds open to tuning

A round of tuning the judge reads one set of texts and is checked on another nobody read: both
are the texts some rounds' corpus commits added, taken from `git show` of each commit (so a
text keeps the batch it came in with, whichever file it sits in now). Only tune-part texts are
written (the test part is never read, even here); a text added twice is written once (the
first commit named wins, so name the newest first when a later commit rewrote records, as a
backfill of a field does). Each record gets `_file`, the corpus file it was added to, which
`bench/judge_corpus.py --batch` ignores. Measure a set with
`python bench/judge_corpus.py --batch check.jsonl` (the `all` row is the figure to compare).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from tether.reliability.corpus import split_of

CORPUS = "src/tether/reliability/corpus/"
ROOT = Path(__file__).resolve().parents[1]


def added(commit: str, root: Path = ROOT) -> Iterator[dict[str, object]]:
    """The corpus records `commit` added (its diff's added lines), with the file each went to;
    the `training/` folder's bulk strings are not corpus texts and are left out."""
    diff = subprocess.run(
        ["git", "-C", str(root), "show", "--format=", "--unified=0", commit, "--", CORPUS],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    name = ""
    for line in diff.split("\n"):  # (a text may hold U+2028 raw: not a line end)
        if line.startswith("+++ "):
            name = line[6:] if line.startswith("+++ b/") else ""
        elif line.startswith("+{") and name.endswith(".jsonl") and "/training/" not in name:
            record = json.loads(line[1:])
            record["_file"] = name.rsplit("/", 1)[-1]
            yield record


def write_set(out: Path, commits: list[str], root: Path = ROOT) -> tuple[int, int]:
    """Write the tune-part texts `commits` added to `out`; how many failures and answers."""
    seen: set[str] = set()
    kept: list[dict[str, object]] = []
    for commit in commits:  # every commit read before the file is opened: a bad name writes nothing
        for record in added(commit, root):
            text, group = str(record["text"]), str(record["group"])
            if split_of(group) == "tune" and text not in seen:
                seen.add(text)
                kept.append(record)
    with out.open("w", encoding="utf-8") as f:
        f.writelines(json.dumps(record, ensure_ascii=False) + "\n" for record in kept)
    failures = sum(record["label"] == "failure" for record in kept)
    return failures, len(kept) - failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="the JSONL file to write")
    parser.add_argument("commits", nargs="+", help="corpus commits, newest first")
    args = parser.parse_args()
    try:
        failures, answers = write_set(args.out, args.commits)
    except subprocess.CalledProcessError as exc:
        print(
            f"git show failed: {exc.stderr.strip()} (name commits of this repository)",
            file=sys.stderr,
        )
        return 2
    except OSError as exc:
        print(f"{args.out}: cannot be written ({exc.strerror})", file=sys.stderr)
        return 2
    print(f"{args.out}: {failures} failures, {answers} answers (tune part only)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
