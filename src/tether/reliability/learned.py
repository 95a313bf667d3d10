"""The learned signal: a linear model over the reply's character n-grams and the hand signals'
readings, shipped as data.

The hand-written signals know the words and shapes someone thought of; the model knows the
character sequences that told failures from answers in the tune part of the corpus, in any
language (no word lists, no tokenizer: CJK text and stack frames are n-grams like any other).
It reads the reply's head and tail (lower-cased, digits folded to `0`, whitespace collapsed),
adds up the weight of every n-gram it knows, then what each failure-side hand signal that fired
adds (it re-weighs the ones the corpus says weigh too much or too little where they fire) and
each of the reply's shapes (`shape_of`: length, question mark, script, JSON or markup, a stop
mid-sentence), and turns that sum into a signal in the judge's own units (`learned`: a margin
within the dead zone weighs nothing, a larger one loses the dead zone and is clipped on each
side, so it weighs near the bar and never overturns a reading the hand signals are sure of).
Held out one corpus file at a time (a new batch of new sources), the hand signals as features
turned it from a signal that cost catches and added false alarms into one that gains catches
and clears false alarms (`bench/train_judge_model.py --cv-by-file`; README, "The learned
signal").

The model is `judge_model.json` beside this module: its vocabulary of n-grams and their
weights, the weights of the signals and shapes (plain dict lookups at run time: no numpy, no
hash salted per process), the settings it was trained with, and a fingerprint of the tune texts
it was trained on, so a corpus batch added without retraining is caught
(tests/reliability/test_judge_model.py). Trained by `python bench/train_judge_model.py`.
"""

from __future__ import annotations

import hashlib
import heapq
import json
import math
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from itertools import islice, pairwise, repeat
from operator import itemgetter
from typing import Any

from tether.reliability.reply import Reply, Signal
from tether.reliability.slot_signals import SLOT

MODEL_FILE = "judge_model.json"
# The n-grams that pushed most toward failure, and toward answer, with what each added.
Pushes = tuple[list[tuple[str, float]], list[tuple[str, float]]]
_FOLD_DIGITS = str.maketrans("0123456789", "0000000000")
# Marks around the read text and between its head and tail (never in a normalised text).
START, CUT, END = "\x02", "\x01", "\x03"
# The mark before a word feature (`word_grams`): no n-gram of a normalised text holds it.
WORD = "\x04"
_WORDS = re.compile(r"\w+")


@dataclass(frozen=True, slots=True)
class Model:
    """A linear model: margin = bias + sum(weights of the n-grams) / sqrt(count) + the weights
    of the failure-side hand signals that fired and of the reply's shapes (`readings_margin`)."""

    min_n: int
    max_n: int
    head: int  # characters read from the start of the normalised reply ...
    tail: int  # ... and from its end, when it is longer than both
    bias: float
    scale: float  # the judge's score units per unit of margin
    clip_failure: float  # the most the signal weighs toward "failure" ...
    clip_answer: float  # ... and toward "answer"
    # margins this close to 0 weigh nothing: the ones a retrain or a new batch of sources
    # turns either way (leave-one-file-out cross-validation, `bench/train_judge_model.py`)
    dead_zone: float
    weights: Mapping[str, float]
    fingerprint: str  # of the tune texts it was trained on (`fingerprint`)
    # what each failure-side hand signal that fired adds (the model re-weighs them), and each
    # shape the reply has (`shape_of`): plain terms of the margin, beside the n-grams'
    signals: Mapping[str, float] = field(default_factory=dict)
    shapes: Mapping[str, float] = field(default_factory=dict)
    # 1: the read text's words are features too, 2: and their pairs (`word_grams`)
    words: int = 0
    # 1: the reply's structure is among its shapes (`structure_of`)
    structure: int = 0
    # the weights of the n-grams one longer than the shortest, by their first n-1 characters,
    # then their last (`margin`)
    longer: Mapping[str, dict[str, float]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        longer: dict[str, dict[str, float]] = {}
        for gram, weight in self.weights.items():
            if len(gram) == self.min_n + 1 and gram[0] != WORD:
                longer.setdefault(gram[:-1], {})[gram[-1]] = weight
        object.__setattr__(self, "longer", longer)

    def margin(self, text: str) -> float:
        """The n-grams' part of the model's margin on a reply (positive: failure; the readings'
        part is `readings_margin`), by dict lookups only: the n-grams
        one longer than the shortest are looked up by the shortest, already cut, and their
        last character (no new string to cut and hash: a third of the time), the same weights
        added in the same order."""
        read = normalised(text, self.head, self.tail)
        get = self.weights.get
        total, count = 0.0, 0
        shortest: Sequence[str] = ()
        for n in range(self.min_n, self.max_n + 1):
            slices = _slices(n, len(read))
            if n == self.min_n + 1:
                rows = map(self.longer.get, shortest, repeat(_NO_GRAMS))
                ends = islice(read, n - 1, None)
                total += sum(map(dict.get, rows, ends, repeat(0.0)))
            else:
                grams = _cut_grams(read, n, len(slices))
                total += sum(map(get, grams, repeat(0.0)))
                shortest = grams
            count += len(slices)
        if self.words:
            found = word_grams(read, self.words)
            total += sum(map(get, found, repeat(0.0)))
            count += len(found)
        return self.bias + total / math.sqrt(max(1, count))

    def readings_margin(self, text: str, fired: Iterable[str]) -> float:
        """What the hand signals that fired (each name once, in the order read) and the reply's
        shapes add to the margin."""
        signals, shapes = self.signals.get, self.shapes.get
        total = sum(signals(name, 0.0) for name in dict.fromkeys(fired))
        return total + sum(shapes(name, 0.0) for name in shape_of(text, self.structure))

    def weighed(self, margin: float) -> float:
        """The margin in the judge's units, less the dead zone, clipped."""
        units = self.scale * margin
        past = max(0.0, abs(units) - self.dead_zone)
        return min(self.clip_failure, past) if units > 0 else -min(self.clip_answer, past)

    def contributions(self, text: str, top: int = 5) -> Pushes:
        """The n-grams that pushed most toward failure and toward answer, with what each added
        to the signal (in the judge's units, before the clip): what `--explain` prints."""
        read = normalised(text, self.head, self.tail)
        summed: dict[str, float] = {}
        count = 0
        for gram in [*grams(read, self.min_n, self.max_n), *word_grams(read, self.words)]:
            count += 1
            weight = self.weights.get(gram)
            if weight:
                summed[gram] = summed.get(gram, 0.0) + weight
        unit = self.scale / math.sqrt(max(1, count))
        scored = [(g, round(v * unit, 3)) for g, v in summed.items()]
        up = heapq.nlargest(top, (x for x in scored if x[1] > 0), key=lambda x: x[1])
        down = heapq.nsmallest(top, (x for x in scored if x[1] < 0), key=lambda x: x[1])
        return up, down


# Slices made once: mapped over a text, they cut its n-grams without a Python loop.
_SLICED = 2048


@cache
def _slice_table(n: int) -> list[slice]:
    return [slice(i, i + n) for i in range(_SLICED)]


_NO_GRAMS: dict[str, float] = {}


@cache
def _gram_getter(n: int, count: int) -> itemgetter[Any]:
    return itemgetter(*_slice_table(n)[:count])


def _cut_grams(read: str, n: int, count: int) -> Sequence[str]:
    """The `count` n-grams of `read`, cut in one call (`itemgetter`) where the table holds them."""
    if 2 <= count <= _SLICED:
        grams: tuple[str, ...] = _gram_getter(n, count)(read)
        return grams
    return [read[i : i + n] for i in range(count)]


def _slices(n: int, length: int) -> Sequence[slice]:
    count = max(0, length - n + 1)
    if count > _SLICED:  # a model that reads more than the table holds
        return [slice(i, i + n) for i in range(count)]
    return _slice_table(n)[:count]


def shown(gram: str) -> str:
    """An n-gram as `--explain` prints it: `^` the reply's start, `$` its end, `|` the cut
    between its head and tail."""
    return gram.replace(START, "^").replace(END, "$").replace(CUT, "|")


def normalised(text: str, head: int, tail: int) -> str:
    """What the model reads of a reply: lower-cased, digits folded to 0, whitespace collapsed
    to one space, its first `head` and last `tail` characters (one cut mark between), between
    start and end marks."""
    if len(text) > 4 * (head + tail):  # never normalise a long reply whole
        text = text[: 2 * head] + " " + text[-2 * tail :]
    read = " ".join(text.lower().split())
    if len(read) > head + tail:
        read = read[:head] + CUT + read[-tail:]
    return START + read.translate(_FOLD_DIGITS) + END


def grams(read: str, min_n: int, max_n: int) -> Iterator[str]:
    """Every n-gram of a normalised text, shortest first."""
    for n in range(min_n, max_n + 1):
        for i in range(len(read) - n + 1):
            yield read[i : i + n]


def word_grams(read: str, words: int) -> list[str]:
    """The word features of a normalised text: its words (runs of letters and digits), with
    `words` 2 their pairs too, each after the `WORD` mark (none with `words` 0)."""
    if not words:
        return []
    found = _WORDS.findall(read)
    unigrams = [WORD + w for w in found]
    if words < 2:
        return unigrams
    return unigrams + [f"{WORD}{a} {b}" for a, b in pairwise(found)]


# The last characters of a reply that ends a sentence (or a block: a bracket, a quote).
_ENDS = frozenset(".!?\u3002\uff01\uff1f)]}>\"'`\u2026:")
# Every byte but the digits, and but ASCII punctuation: `bytes.translate` deletes them (the
# bytes of a UTF-8 character beyond ASCII are all beyond 0x7f: never a digit or a mark).
_DIGITS = b"0123456789"
_PUNCT = b"!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
_NOT_DIGITS = bytes(b for b in range(256) if b not in _DIGITS)
_NOT_PUNCT = bytes(b for b in range(256) if b not in _PUNCT)


def structure_of(text: str) -> list[str]:
    """A stripped reply's structure, as the model names it: its line count (a bucket per
    factor of four), its shares of digits and of ASCII punctuation (in eighths, of its first
    1,000 characters), and whether it holds a template's unfilled slot (`{name}`, `%s`): what
    a notice, an error page or a dump is made of, beside prose, in any language."""
    head = text[:1000]
    size = max(1, len(head))
    raw = head.encode("utf-8", "replace")
    digits = len(raw.translate(None, _NOT_DIGITS)) * 8 // size
    punct = len(raw.translate(None, _NOT_PUNCT)) * 8 // size
    lines = text.count("\n", 0, 20000) + 1
    found = [
        f"lines:{min(5, (lines.bit_length() - 1) // 2)}",
        f"digits:{min(3, digits)}",
        f"punct:{min(3, punct)}",
    ]
    if ("{" in head or "%" in head or "$" in head) and SLOT.search(head):
        found.append("slot")
    return found


def shape_of(text: str, structure: int = 0) -> tuple[str, ...]:
    """A stripped reply's shapes, as the model names them: its length (a bucket per factor of
    four), whether it holds a question mark, its share of non-ASCII characters (in quarters,
    of its first 1,000), whether it opens like JSON or markup, and whether it stops
    mid-sentence; with `structure`, its structure too (`structure_of`)."""
    head = text[:1000]
    foreign = (len(head) - len(head.encode("ascii", "ignore"))) * 4 // max(1, len(head))
    found = [
        f"len:{min(6, (max(1, len(text)).bit_length() - 1) // 2)}",
        f"nonascii:{min(3, foreign)}",
    ]
    if "?" in text:
        found.append("has?")
    if text.startswith(("{", "[")):
        found.append("starts{")
    elif text.startswith("<"):
        found.append("starts<")
    if text and text[-1] not in _ENDS:
        found.append("endsmid")
    if structure:
        found += structure_of(text)
    return tuple(found)


def fingerprint(texts: Iterable[tuple[str, str, str]]) -> str:
    """A fingerprint of (label, text, prompt) triples in any order: the tune part a model was
    trained on."""
    digest = hashlib.sha256()
    for label, text, prompt in sorted(texts):
        digest.update(json.dumps([label, text, prompt], ensure_ascii=False).encode("utf-8"))
        digest.update(b"\n")
    return digest.hexdigest()


def from_json(body: Mapping[str, Any]) -> Model:
    """A model from the JSON the training script writes (`bench/train_judge_model.py`)."""
    features = body["features"]
    return Model(
        min_n=int(features["min_n"]),
        max_n=int(features["max_n"]),
        head=int(features["head"]),
        tail=int(features["tail"]),
        bias=float(body["bias"]),
        scale=float(body["scale"]),
        clip_failure=float(body["clip_failure"]),
        clip_answer=float(body["clip_answer"]),
        dead_zone=float(body["dead_zone"]),
        weights={str(k): float(v) for k, v in body["weights"].items()},
        fingerprint=str(body["fingerprint"]),
        signals={str(k): float(v) for k, v in body.get("signals", {}).items()},
        shapes={str(k): float(v) for k, v in body.get("shapes", {}).items()},
        words=int(features.get("words", 0)),
        structure=int(features.get("structure", 0)),
    )


@cache
def shipped() -> Model:
    """The model shipped beside this module (read once, on first use)."""
    text = resources.files("tether.reliability").joinpath(MODEL_FILE).read_text("utf-8")
    return from_json(json.loads(text))


def learned(r: Reply, w: Mapping[str, float], fired: Iterable[Signal] = ()) -> Iterable[Signal]:
    """The learned model's margin on the reply, in the judge's units (weight 0 turns it off);
    `fired`: the failure-side hand signals read on it (`signals.FAILURE_SIDE`), which the
    model re-weighs."""
    factor = w["learned"]
    if not factor:
        return ()
    model = shipped()
    margin = model.margin(r.text) + model.readings_margin(r.text, (s.name for s in fired))
    weight = round(factor * model.weighed(margin), 3)
    if not weight:
        return ()
    return (Signal("learned", weight, f"margin {margin:+.2f} over n-grams and readings"),)


def reach(w: Mapping[str, float]) -> tuple[float, float]:
    """The most the learned signal can weigh toward failure, and toward answer, with these
    weights (a reading further than that from the bar needs no learned signal)."""
    factor = w["learned"]
    if not factor:
        return 0.0, 0.0
    model = shipped()
    return factor * model.clip_failure, factor * model.clip_answer
