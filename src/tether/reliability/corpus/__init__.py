"""Real texts that tested the judge: failures sent as replies, and answers that look like them.

Every record was collected from public material (issue trackers, relay and gateway source and
locale files, docs, Q&A pages), kept exactly as published, with its source:

    {"label": "failure" | "answer", "text", "source", "group", "language", "shape",
     "prompt" (the request the reply answers, when it matters), "how",
     "finish" (optional: the finish reason the source recorded, as the provider named it:
               "stop", "length", "max_tokens", "end_turn", "tool_calls", "content_filter", ...),
     "tool_calls" (optional int: how many tool calls the same assistant message carried)}

A record without `finish` is judged as a live run's reply finished `stop`; without `tool_calls`,
as one with no tool calls (`turn_of`): the text alone says what the turn was. With them, the judge
reads the turn a live run would have had: a `length` finish is a cut reply, and a text that came
with tool calls is not a final answer, so it is not read as one (an agent's "Let me check the
formatter:" beside its call).

The corpus is split by `group` (the repository or site a text came from), so near-copies never
straddle the split: the **tune** part is what the judge's phrases and weights were tuned on,
the **test** part is only ever measured (`bench/judge_corpus.py`) and is where the stand's
`gateway-200` fault draws its texts, so the lab's figure for tether measures generalisation.

`training/` holds texts the judge's learned signal is trained on besides the tune part, and
that are never measured: locale strings of apps and paragraphs of docs that explain errors,
harvested in bulk (every language a project ships), more per source than the measured parts
take. None comes from a group of the test part
(`training_texts` drops any that would).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Literal

from tether.messages import Finish, StreamEnd, TextDelta, ToolCallDelta, Turn, TurnBuilder
from tether.wire.openai import finish_of

Split = Literal["tune", "test"]
# The share of groups in the test part, by a hash of the group's name (stable across runs).
TEST_SHARE = 0.4


@dataclass(frozen=True, slots=True)
class Sample:
    label: Literal["failure", "answer"]
    text: str
    source: str
    group: str
    language: str
    shape: str
    prompt: str | None = None
    finish: str | None = None  # the finish reason the source recorded, as it named it
    tool_calls: int = 0  # the tool calls the same assistant message carried

    @property
    def read_as_text(self) -> bool:
        """Whether the judge reads the words as the turn's answer: not when the message carried
        tool calls ("Let me check the logs:" beside its call)."""
        return not self.tool_calls

    @property
    def split(self) -> Split:
        return split_of(self.group)


def split_of(group: str) -> Split:
    """The part a group's texts belong to: a hash of its name, never its content."""
    digest = hashlib.sha256(group.strip().lower().encode("utf-8")).digest()
    return "test" if int.from_bytes(digest[:4], "big") / 2**32 < TEST_SHARE else "tune"


def turn_of(sample: Sample) -> Turn:
    """The turn a live run would have judged, assembled as a stream's is: the text, stand-ins for
    the tool calls the message carried (the judge reads only that there were some: their names
    and arguments were not kept), the finish the source recorded (`stop` when it did not say)
    and the stream's end."""
    built = TurnBuilder(clock=lambda: 0.0)
    built.add(TextDelta(sample.text))
    for i in range(sample.tool_calls):
        built.add(ToolCallDelta(i, "{}", f"call_{i}", "recorded_tool_call"))
    built.add(Finish(finish_of(sample.finish or "stop"), sample.finish or ""))
    built.add(StreamEnd())
    return built.build()


def read_batch(text: str) -> list[Sample]:
    """The records of one JSONL file's text (a corpus file, or a new batch not joined yet).
    Records end at a newline only: a text may hold a line or paragraph separator (U+2028,
    U+2029, U+0085) written raw, which `str.splitlines` would cut the record at."""
    found: list[Sample] = []
    for line in text.split("\n"):
        if not line.strip():
            continue
        r = json.loads(line)
        found.append(
            Sample(
                r["label"],
                r["text"],
                r["source"],
                r["group"],
                r.get("language", "en"),
                r.get("shape", "other"),
                r.get("prompt") or None,
                r.get("finish") or None,
                int(r.get("tool_calls") or 0),
            )
        )
    return found


@cache
def load() -> tuple[Sample, ...]:
    """Every record of every corpus file, in file order."""
    found: list[Sample] = []
    folder = resources.files("tether.reliability.corpus")
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".jsonl"):
            found += read_batch(entry.read_text("utf-8"))
    return tuple(found)


@cache
def training_texts() -> tuple[Sample, ...]:
    """The texts of `training/`, less any from a group of the test part or equal to a text of
    it (the test part stays unseen by everything that is tuned or trained)."""
    folder = resources.files("tether.reliability.corpus").joinpath("training")
    found: list[Sample] = []
    if folder.is_dir():
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            if entry.name.endswith(".jsonl"):
                found += read_batch(entry.read_text("utf-8"))
    return trainable(found, samples("test"))


def trainable(texts: Iterable[Sample], test: Iterable[Sample]) -> tuple[Sample, ...]:
    """The texts a model may be trained on: none from a group whose hash puts it in the test
    part (now, or when a batch from it joins later), none from a group of `test`, none equal
    to a text of `test`."""
    test = tuple(test)
    groups = {s.group.strip().lower() for s in test}
    equal = {s.text.strip() for s in test}
    return tuple(
        s
        for s in texts
        if split_of(s.group) == "tune"
        and s.group.strip().lower() not in groups
        and s.text.strip() not in equal
    )


def samples(split: Split | None = None, label: str | None = None) -> tuple[Sample, ...]:
    """The records of one part (or all), of one label (or both)."""
    return tuple(
        s
        for s in load()
        if (split is None or s.split == split) and (label is None or s.label == label)
    )
