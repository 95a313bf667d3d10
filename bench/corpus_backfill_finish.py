"""Backfill a corpus file's `finish` field from each record's `how`, mechanically.

    python bench/corpus_backfill_finish.py src/tether/reliability/corpus/FILE.jsonl [--dry-run] [--show]

A record gets `finish` only where its `how` states the finish reason the source recorded, by
its field's name and one value (finish_reason 'length', finish_reason="stop", stop_reason
max_tokens, finishReason: MAX_TOKENS, done_reason length...), the value as written (the provider's
own name; the loader maps it the way the adapters do). Left alone: a record that has `finish`
already, a `how` that names two different reasons (the cut call and its continuation, say), a
value no provider uses as a finish reason ("no finish reason stored" gives none), and a reason
said in a negation ("not finish_reason 'length'", "instead of stop_reason max_tokens").
The file is rewritten in place (same order, same key order, `finish` added after `how`) unless
--dry-run. Prints counts by label and value, and the records left alone with a reason named.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

# The finish reasons providers send (OpenAI, Anthropic, Gemini, Ollama, vLLM, gateways), lower
# case: a value outside these after a finish field's name is not one ("stored", "none").
KNOWN = frozenset(
    [
        "stop",
        "length",
        "tool_calls",
        "function_call",
        "content_filter",
        "max_tokens",
        "max_output_tokens",
        "model_context_window_exceeded",
        "end_turn",
        "stop_sequence",
        "tool_use",
        "pause_turn",
        "refusal",
        "safety",
        "recitation",
        "blocklist",
        "prohibited_content",
        "spii",
        "image_safety",
        "sensitive",
        "blacklist",
        "malformed_function_call",
        "unexpected_tool_call",
        "too_many_tool_calls",
        "error",
        "network_error",
        "failed",
        "abort",
        "aborted",
        "cancelled",
        "canceled",
        "other",
        "eos_token",
    ]
)
# What each means, to tell two names of one reason from two reasons ("length" and "max_tokens").
SAME = {
    "max_tokens": "length",
    "max_output_tokens": "length",
    "model_context_window_exceeded": "length",
    "end_turn": "stop",
    "stop_sequence": "stop",
    "eos_token": "stop",
    "tool_use": "tool_calls",
    "function_call": "tool_calls",
}
REASON = re.compile(
    r"\b(?:finish[_ ]?reason|finishReason|stop[_ ]reason|stopReason|done_reason)"
    r"[\s:=]*(?:(?:is|was|of|says|said)\s+)?[\"'`]?([A-Za-z_]+)[\"'`]?",
)
NEGATED = re.compile(r"\b(?:no|not|never|without|instead of|rather than|despite|than)\W+\w*\W*$")


def stated_finish(how: str) -> tuple[str | None, list[str]]:
    """The one finish reason `how` states the source recorded (as written), and every value
    named after a finish field (to show the records left alone)."""
    named: list[str] = []
    kept: list[str] = []
    for m in REASON.finditer(how):
        value = m.group(1)
        named.append(value)
        if value.lower() not in KNOWN:
            continue
        if NEGATED.search(how[max(0, m.start() - 24) : m.start()]):
            return None, named
        kept.append(value)
    meanings = {SAME.get(v.lower(), v.lower()) for v in kept}
    return (kept[0] if len(meanings) == 1 else None), named


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--show", action="store_true", help="print each record's decision")
    args = parser.parse_args()
    lines = args.file.read_text("utf-8").splitlines()
    out: list[str] = []
    counts: Counter[tuple[str, str]] = Counter()
    left: list[str] = []
    for line in lines:
        if not line.strip():
            out.append(line)
            continue
        record = json.loads(line)
        value, named = stated_finish(record.get("how", ""))
        if "finish" in record:
            counts[(record["label"], f"kept {record['finish']}")] += 1
            out.append(line)
            continue
        if value is None:
            counts[(record["label"], "-")] += 1
            if named:
                left.append(f"{record['label']}: {named} | {record.get('how', '')[:160]}")
            out.append(line)
            continue
        counts[(record["label"], value)] += 1
        if args.show:
            print(f"{record['label']}\t{value}\t{record.get('how', '')[:140]}")
        fresh: dict[str, object] = {}
        for key, v in record.items():
            fresh[key] = v
            if key == "how":
                fresh["finish"] = value
        fresh.setdefault("finish", value)
        out.append(json.dumps(fresh, ensure_ascii=False))
    for (label, value), n in sorted(counts.items()):
        print(f"{label:8} {value:24} {n}")
    for item in left:
        print(f"left alone ({item})", file=sys.stderr)
    if not args.dry_run:
        args.file.write_text("\n".join(out) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
