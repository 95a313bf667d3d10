"""Train the judge's learned signal on the TUNE part of the corpus; write the model file.

    python bench/train_judge_model.py            # retrain: writes src/tether/reliability/judge_model.json
    python bench/train_judge_model.py --cv       # source-group 5-fold CV inside the tune part, no write
    python bench/train_judge_model.py --cv-by-file   # leave one corpus file out, no write
    python bench/train_judge_model.py --cv --answer-weight 2 --max-n 5   # ... of other settings
    python bench/train_judge_model.py --leave-out check.jsonl   # a check batch: counts only

The model (`tether/reliability/learned.py`) is logistic regression over the character n-grams
of each reply's head and tail, the failure-side hand signals that fired on it (`--signals`: the
model re-weighs them where they fire) and its shapes (`--shapes`: length, question mark,
script, JSON or markup, a stop mid-sentence), fitted with the hand signals' score as a fixed
offset: it learns
what the hand-written signals miss, and its margin, divided by the offset's fitted scale, is in
the judge's own units. Answers weigh more than failures in the loss (a false alarm costs a
retry and a failover). Only tune-part texts are read, and the corpus's `training/` folder
(locale strings harvested in bulk: trained on, never scored); the test part never is. Same
corpus, same model file, byte for byte (sorted keys, rounded weights, a deterministic
optimiser). Needs numpy and scipy (the `dev` extra); the judge itself reads the model with
plain Python.

`--cv` splits the tune part's sources into 5 folds (by a hash of the source group), trains on
four, scores the fifth, and prints what the judge with the learned signal would catch and flag
on those held-out texts beside the judge without it, overall, on texts whose question is not
recorded, and on the six batches that were only measured, never tuned on (where the hand
signals' own figures are honest too).

`--cv-by-file` leaves one corpus file of the tune part out at a time (and every text of its
sources, the training folder's too), trains on the rest, and prints per file and in total what
the judge catches and flags with the learned signal and with the hand signals alone, and how
many verdicts the learned signal turned each way. A file is a batch collected together, in one
style: random source folds mix a batch into training and overstate how the model does on a
new batch of new sources; this is the honest figure (the settings were chosen on both: a dead
zone of 0.05 gains catches and drops false alarms on both, a source count, `--min-sources 3`,
did not help). `--standalone 1 --units U` fits the model without the hand score as an offset
(measured and not chosen: beside the hand signals it traded many catches for few false alarms).
`--save-margins F.npy` keeps the held-out margins before the clip, to weigh other clips and
dead zones without refitting.

Round 10, held out file by file (caught of 3,272 / false alarms of 3,179; hand alone 3,131 /
42): n-grams alone 3,127 / 45 (the learned signal cost catches and added false alarms on new
batches); with the failure-side signals and shapes 3,139 / 37 (learned gains 19, loses 11;
adds 5, clears 10). Measured on ten groups of whole files and not kept: every hand signal
(answer side too) as a feature 3,142 / 47 (more false alarms than the failure side alone,
3,141 / 41), word unigrams and bigrams besides 3,144 / 46, clips of 0.35 or 0.5 and dead
zones of 0.1 to 0.2 on either side (within three texts of 0.25 / 0.05 and not the same way
on both measures; a dead zone of 0.1 let a hand false alarm of the judge's own tests through).

Round 11, screened on the five source folds (`--cv`: caught 3,461 of 3,640 / false alarms 45
of 3,498; hand alone 3,456 / 62) and none kept, as none had fewer false alarms without fewer
catches (so none went on to `--cv-by-file`): answers weighing 4 3,453 / 44, 2.5 3,463 / 49;
the training folder weighing 0.5 3,459 / 46, 2 3,459 / 48; half the language balance 3,459 /
46; L2 2 3,459 / 47, 0.5 3,464 / 46, 0.5 with answers weighing 3.5 3,462 / 46; texts whose
hand score is within 0.35 of the bar weighing three times 3,464 / 49 (within 0.2: 3,463 / 49);
as shapes, a one-line reply and its length bucket 3,461 / 45 (no verdict moved), a length
bucket per factor of two, a word count bucket and a closing `!` 3,459 / 47, the reply's main
script (Latin, CJK, Cyrillic, Arabic, Thai...) 3,461 / 45. Not tried:
readings of the question (whether it is known; the reply's script against the question's).
The corpus records one for 2,524 answers and 44 failures (failures are collected without one,
and stand-in English coding tasks take their place), so it would learn how the corpus was
gathered, which no measure on the corpus can show; in service the question is always known.

Round 23 (31,234 texts): each setting measured twice, on texts no setting was chosen on.
CHECK: `--leave-out` round 22's tune batches (eight files of new kinds: game and stream
characters, clients' empty states, guard outputs, stack traces, Chinese threads, demanded eval
outputs, data assistants, browser agents), a model trained without them and their sources,
scored on them, counts only (caught of 668 / false alarms of 1,128; hand alone 593 / 35).
BY-FILE: `--cv-by-file --file-groups 10` on the rest, whole files held out in ten groups
(caught of 7,997 / false alarms of 9,111; hand alone 7,636 / 290). The learned signal as
shipped (the defaults): by file 7,582 / 232, check 582 / 33: on the check batches it cost 11
catches for 2 false alarms cleared; what it clears on new batches it pays for in catches.

    setting (clip 0.25, dead zone 0.05 unless said)   by file        check
    defaults                                          7,582 / 232    582 / 33
      dead zone 0.1                                   7,594 / 238    585 / 34
      dead zone 0.2                                   7,613 / 244    587 / 35
      clip toward answer 0.1                          7,606 / 257    588 / 34
      clip toward failure 0.1                         7,570 / 228    581 / 33
      clips 0.35                                      7,565 / 224    580 / 32
      clips 0.5                                       7,555 / 228    582 / 39
      clips 0.15                                      7,575 / 234    584 / 33
      no dead zone                                    7,552 / 224    579 / 33
    the readings alone, no n-grams (`--keep 0`)       7,528 / 237    578 / 32
      dead zone 0.2                                   7,605 / 248    591 / 33
    word unigrams and bigrams besides (`--words 2`)   7,582 / 234    582 / 33
    L2 on the signals and shapes x10 (`--l2-readings`) 7,574 / 231   583 / 33
      dead zone 0.2                                   7,616 / 241    588 / 35
      x100                                            -              580 / 31
      x0.1                                            -              580 / 33
    L2 3, L2 10                                       -              583 / 34, 580 / 34
    answers weighing 1.5                              -              589 / 38
    10,000 n-grams kept                               -              582 / 33

The clip and the dead zone trade catches for false alarms on both measures alike (a wider
dead zone or a narrower clip toward answer gains catches and adds false alarms): none is
better on both. The readings alone lose 54 catches by file. Words beside the n-grams move
nothing on the check and add two false alarms by file. A stiffer L2 on the signals' and
shapes' weights trades on both (one catch more and the same false alarms on the check, eight
catches fewer and one false alarm fewer by file; with a dead zone of 0.2 it beats the defaults
with that dead zone on both, but not the defaults). Nothing kept: the defaults and the model
are round 22's. Screened on the check first (one fit each), and measured by file where the
check did not already say worse. Not measured for lack of time: longer head and tail windows,
bags, the request's relation.

Round 26 (the check: rounds 22 to 25's tune batches, `--leave-out check_r26.jsonl`, 4,922
texts as the trainer matches them: caught of 2,278 / false alarms of 2,644; hand alone
1,974 / 100). BY-FILE as in round 23 (caught of 7,997 / false alarms of 9,111; hand alone
7,649 / 290). `--save-check-margins` keeps the check's margins (numbers and labels only), so
the clip and dead zone are weighed on the check without refitting, as `--save-margins` does
by file (which now keeps the labels beside the margins).

    setting (clip 0.25, dead zone 0.05 unless said)   by file        check
    defaults                                          7,589 / 232    1,946 / 85
      dead zone 0.1                                   7,602 / 237    1,962 / 86
      dead zone 0.2                                   7,625 / 245    1,970 / 92
      dead zone 0.3                                   7,648 / 248    1,974 / 92
      dead zone 0.3, clip toward answer 0.15          7,648 / 254    1,975 / 93
    structure shapes (`--structure 1`)                7,587 / 232    1,949 / 85
      dead zone 0.1                                   7,598 / 232    1,958 / 85
      dead zone 0.2                                   7,623 / 245    1,969 / 90
      dead zone 0.3                                   7,645 / 248    1,973 / 92
    head 600, tail 300                                -              1,948 / 85
      dead zone 0.1, 0.2, 0.3 (check)                 1,960 / 86, 1,970 / 91, 1,974 / 92
    three bags (`--bags 3`)                           -              1,951 / 86
      dead zone 0.1, 0.2, 0.3 (check)                 1,959 / 87, 1,972 / 90, 1,974 / 93

The structure shapes (`learned.structure_of`: the line count, a bucket per factor of four; the
shares of digits and of ASCII punctuation in eighths; a template's unfilled slot, `{name}`,
`%s`, `${x}`; measured with a slot pattern of learned.py's own, which now reads the judge's one
home for a slot, `slot_signals.SLOT`) are what a notice, an error page or a dump is made of
in any language; longer
windows read more of a long reply; bags average three fits each without a third of the
sources. On the check each moves two to five of 4,922 texts from the defaults (the structure
shapes three catches more and the same false alarms, the windows two and the same, the bags
five and one more false alarm); by file the structure shapes lose two catches for no false
alarm (not kept; the windows and bags were not measured by file for lack of time: a run by
file took 20 minutes on the shared machine). The dead zone again trades as in round 23: 0.3
keeps every hand catch of the check (1,974) and clears 8 hand false alarms, the first setting
measured that is not worse than the hand signals on either side of the check (by file one catch fewer than the hand signals
and 42 false alarms fewer), but against the defaults it is 28 catches for 7 false alarms on
the check and 59 for 16 by file: a trade, not better on both. The defaults cost 60 catches
by file (learned gains 20, loses 80) and 28 on the check for 58 and 15 false alarms cleared.
Kept: nothing as a default (no setting beat the defaults on both measures); the structure
shapes stay a setting (`--structure 1`, off). Worth deciding at the merge: a dead zone of
0.3 is the learned signal that does no harm beside the hand signals on new sources.
Not measured: the request's relation (content words shared with the request, its script
against the reply's): any feature that fires only when a request is recorded learns how the
corpus was gathered (requests are recorded mostly for answers: round 11 counted 2,524
answers and 44 failures), and neither measure can show it; a margin calibrated per script
beyond the `nonascii:` shape.

Round 30, judge/25's model as shipped (dead zone 0.15, not refitted), the dead zone alone
moved in `judge_model.json`, full judge: WORK (the tune part less the check, 7,997 failures /
9,111 answers: misses / false alarms) and the round's check set (3,977 / 4,829: caught /
flagged). 0.15: WORK 320 / 187, check 3,148 / 159; 0.10: 336 / 182, 3,143 / 149; 0.05: 348 /
176, 3,137 / 141. The same trade as in rounds 23 and 26 (a narrower zone clears false alarms
and loses catches on both): kept 0.15.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import scipy.sparse as sp
from scipy.optimize import minimize

from tether.reliability import learned
from tether.reliability.clearing import quick_clear
from tether.reliability.corpus import Sample, read_batch, samples, split_of, training_texts
from tether.reliability.judge import JudgeConfig, read_text
from tether.reliability.reading import THRESHOLD
from tether.reliability.reply import Reply
from tether.reliability.signals import FAILURE_SIDE

sys.path.insert(0, str(Path(__file__).parent))
from judge_corpus import request_for

MODEL_PATH = Path(__file__).parents[1] / "src" / "tether" / "reliability" / learned.MODEL_FILE
WITHOUT_MODEL = JudgeConfig(weights={"learned": 0.0})
# The names of the features beside the n-grams (longer than any n-gram: they never clash).
SIGNAL, SHAPE = "signal:", "shape:"
# Batches of the tune part that were measured with the hand signals and never tuned on.
UNTUNED = (
    "failures_pages.jsonl",
    "failures_bots_intl.jsonl",
    "failures_small_apps.jsonl",
    "answers_threads.jsonl",
    "answers_intl_threads.jsonl",
    "answers_code_docs.jsonl",
)


# Settings added in round 23, and their defaults (left out of the model file when at them).
LATER = {"words": 0, "l2_readings": 1.0, "structure": 0}


@dataclass(frozen=True)
class Settings:
    min_n: int = 3
    max_n: int = 4
    head: int = 400
    tail: int = 200
    l2: float = 1.0
    l2_readings: float = 1.0  # the L2 of the signals' and shapes' weights, times `l2`
    answer_weight: float = 3.0
    min_df: int = 2
    min_sources: int = 1  # an n-gram is kept only when texts of this many sources have it
    keep: int = 30000  # n-grams kept (largest weights), the model refitted on them
    clip_failure: float = 0.25
    clip_answer: float = 0.25
    # margins this close to 0 weigh nothing (`learned.Model.weighed`); 0.05 until round 28, when
    # the retrained model overturned four of the judge's own test cases by 0.01 to 0.17
    dead_zone: float = 0.15
    balance: float = 1.0  # failures and answers weigh the same in each language (0: as found)
    extra_weight: float = 1.0  # what a text of the training folder weighs beside a tune text
    refit: int = 1  # refit on the kept n-grams (0: keep the strongest of the first fit as they are)
    bags: int = 1  # models averaged, each trained without one of this many source folds
    # 1: fit without the hand score as an offset (the model learns failure from answer on its
    # own, not only what the hand signals miss), its margin times `units` in the judge's units
    standalone: int = 0
    units: float = 1.0
    # 1: the failure-side hand signals that fired are features (the model re-weighs them) ...
    signals: int = 1
    # ... and the reply's shapes (`learned.shape_of`: length, question mark, script, ...)
    shapes: int = 1
    # 1: the read text's words are features beside its n-grams, 2: and their pairs
    words: int = 0
    # 1: the reply's structure is among its shapes (`learned.structure_of`: line count, shares
    # of digits and punctuation, a template's unfilled slot)
    structure: int = 0


@dataclass
class Data:
    texts: list[Sample]
    grams: list[str]  # every n-gram of every text, sorted
    x: sp.csr_matrix  # texts by `grams`: counts over sqrt(number of n-grams), as `margin` weighs
    source_of: np.ndarray  # each text's source (its group), numbered
    y: np.ndarray  # 1.0 failure, 0.0 answer
    hand: np.ndarray  # the hand signals' score (the model's offset)
    cleared: np.ndarray  # quick_clear clears it: no signal is read
    prompted: np.ndarray
    untuned: np.ndarray
    extra: np.ndarray  # from the corpus's training/ folder: trained on, never scored
    files: list[str]  # the corpus file each text came from (`--cv-by-file`)
    readings: list[list[str]]  # each text's features beside its n-grams (`reading_features`)
    # a text of `--leave-out`: never trained on, never scored but by `score_left_out`
    left: np.ndarray


def read_data(
    settings: Settings, extra: bool = True, leave_out: frozenset[str] = frozenset()
) -> Data:
    tune, files = tune_by_file()
    more = list(training_texts()) if extra else []
    tune += more
    files += ["training/"] * len(more)
    config = WITHOUT_MODEL
    hand, cleared, counts, readings = [], [], [], []
    for s in tune:
        text = s.text.strip()
        hand.append(read_text(text, request_for(s), config=config).score)
        cleared.append(quick_clear(text, config.lexicon))
        read = learned.normalised(text, settings.head, settings.tail)
        found = learned.grams(read, settings.min_n, settings.max_n)
        counts.append(Counter([*found, *learned.word_grams(read, settings.words)]))
        readings.append(reading_features(text, s, settings))
    assert settings.max_n < min(len(SIGNAL), len(SHAPE))
    names = sorted({g for c in counts for g in c})
    x = matrix(counts, {g: j for j, g in enumerate(names)})
    more_names = sorted({f for r in readings for f in r})
    ones = [Counter(dict.fromkeys(r, 1)) for r in readings]
    x = sp.hstack([x, matrix(ones, {f: j for j, f in enumerate(more_names)}, False)]).tocsr()
    names += more_names
    number = {g: j for j, g in enumerate(sorted({s.group.strip().lower() for s in tune}))}
    from_untuned = _untuned_texts()
    return Data(
        tune,
        names,
        x,
        np.array([number[s.group.strip().lower()] for s in tune]),
        np.array([1.0 if s.label == "failure" else 0.0 for s in tune]),
        np.array(hand),
        np.array(cleared),
        np.array([bool(s.prompt) for s in tune]),
        np.array([s.text in from_untuned for s in tune]),
        np.array([False] * (len(tune) - len(more)) + [True] * len(more)),
        files,
        readings,
        np.array([s.text in leave_out for s in tune]),
    )


def reading_features(text: str, sample: Sample, settings: Settings) -> list[str]:
    """The features beside the n-grams of a stripped text: the failure-side hand signals that
    fire on it (as `signals.read_reply` hands them to the learned signal) and its shapes."""
    found: list[str] = []
    if settings.signals:
        config = WITHOUT_MODEL
        reply = Reply(text, request_for(sample), None, config.lexicon)
        weights = config.all_weights
        fired = (s.name for fn in FAILURE_SIDE for s in fn(reply, weights))
        found += [SIGNAL + name for name in dict.fromkeys(fired)]
    if settings.shapes:
        found += [SHAPE + name for name in learned.shape_of(text, settings.structure)]
    return found


def tune_by_file() -> tuple[list[Sample], list[str]]:
    """The tune part, in corpus order, and the file each of its texts came from."""
    found: list[Sample] = []
    files: list[str] = []
    for path in sorted((MODEL_PATH.parent / "corpus").glob("*.jsonl")):
        batch = [s for s in read_batch(path.read_text("utf-8")) if split_of(s.group) == "tune"]
        found += batch
        files += [path.name] * len(batch)
    assert tuple(found) == samples("tune"), "the corpus files are not the tune part"
    # A turn that carried tool calls is never read as a final text by the judge: its words
    # ("Let me check the logs:") teach nothing about replies that end a turn.
    read = [j for j, s in enumerate(found) if s.read_as_text]
    return [found[j] for j in read], [files[j] for j in read]


def _untuned_texts() -> set[str]:
    folder = MODEL_PATH.parent / "corpus"
    found: set[str] = set()
    for name in UNTUNED:
        path = folder / name
        if path.exists():
            found.update(json.loads(x)["text"] for x in path.read_text("utf-8").splitlines() if x)
    return found


def matrix(
    counts: list[Counter[str]], vocab: dict[str, int], norm_by_count: bool = True
) -> sp.csr_matrix:
    """Counts over sqrt(number of n-grams), as `Model.margin` weighs them (or as they are)."""
    rows, cols, vals = [], [], []
    for i, c in enumerate(counts):
        norm = 1.0 / math.sqrt(max(1, sum(c.values()))) if norm_by_count else 1.0
        for gram, n in c.items():
            j = vocab.get(gram)
            if j is not None:
                rows.append(i)
                cols.append(j)
                vals.append(n * norm)
    return sp.csr_matrix((vals, (rows, cols)), shape=(len(counts), len(vocab)))


def offset(hand: np.ndarray) -> np.ndarray:
    return np.clip(hand, -2.0, 3.0) - THRESHOLD


def fit(
    x: sp.csr_matrix,
    y: np.ndarray,
    off: np.ndarray,
    balance: np.ndarray,
    settings: Settings,
    is_reading: np.ndarray | None = None,
) -> tuple[np.ndarray, float, float]:
    """Weights, bias and the offset's scale of a logistic regression with the hand score as an
    offset: P(failure) = sigmoid(a * (hand - threshold) + x.w + b), L2 on w only (times
    `l2_readings` on the columns `is_reading` marks)."""
    p = x.shape[1]
    l2: float | np.ndarray = settings.l2  # a scalar at the default: the same sums as before
    if is_reading is not None and settings.l2_readings != 1.0:
        l2 = np.where(is_reading, settings.l2 * settings.l2_readings, settings.l2)
    sample_weight = np.where(y == 1.0, 1.0, settings.answer_weight) * balance
    sign = 2.0 * y - 1.0

    def loss(theta: np.ndarray) -> tuple[float, np.ndarray]:
        w, b, a = theta[:p], theta[p], theta[p + 1]
        z = x @ w + b + a * off
        m = sign * z
        value = float(np.sum(sample_weight * np.logaddexp(0.0, -m)) + 0.5 * l2 * w @ w)
        g = -sample_weight * sign / (1.0 + np.exp(m))
        grad = np.empty(p + 2)
        grad[:p] = x.T @ g + l2 * w
        grad[p] = g.sum()
        grad[p + 1] = float(g @ off)
        return value, grad

    start = np.zeros(p + 2)
    start[p + 1] = 3.0
    result = minimize(loss, start, jac=True, method="L-BFGS-B", options={"maxiter": 1000})
    return result.x[:p], float(result.x[p]), float(result.x[p + 1])


def train(data: Data, rows: np.ndarray, settings: Settings) -> learned.Model:
    """A model trained on `rows` of `data` alone (its n-grams found in them, not elsewhere);
    with `bags`, the average of models each trained without one fold of the sources (an
    n-gram one fold of sources alone speaks for weighs less: steadier from one corpus to the
    next)."""
    if settings.bags <= 1:
        bias, weights = _fit_rows(data, rows, settings)
    else:
        bag = np.array([fold_of("bag " + data.texts[i].group, settings.bags) for i in rows])
        bias, weights = 0.0, {}
        for b in range(settings.bags):
            one_bias, one = _fit_rows(data, rows[bag != b], settings)
            bias += one_bias / settings.bags
            for g, v in one.items():
                weights[g] = weights.get(g, 0.0) + v / settings.bags
        grams = [g for g in weights if not _is_reading(g)]
        strongest = sorted(grams, key=lambda g: (-abs(weights[g]), g))[: settings.keep]
        weights = {g: weights[g] for g in strongest + [g for g in weights if _is_reading(g)]}
    rounded = {g: round(v, 4) for g, v in sorted(weights.items())}
    part = {
        p: {g[len(p) :]: v for g, v in rounded.items() if g.startswith(p) and v}
        for p in (SIGNAL, SHAPE)
    }
    return learned.Model(
        settings.min_n,
        settings.max_n,
        settings.head,
        settings.tail,
        round(bias, 4),
        1.0,  # the margin is divided by the offset's scale: it is in the judge's units
        settings.clip_failure,
        settings.clip_answer,
        settings.dead_zone,
        {g: v for g, v in rounded.items() if v and not _is_reading(g)},
        "",
        part[SIGNAL],
        part[SHAPE],
        settings.words,
        settings.structure,
    )


def _fit_rows(data: Data, rows: np.ndarray, settings: Settings) -> tuple[float, dict[str, float]]:
    """The bias and the weights of the n-grams of a model fitted on `rows`, in the judge's
    units (divided by the offset's fitted scale)."""
    x = data.x[rows]
    has = (x > 0).astype(np.float64)
    df = np.asarray(has.sum(axis=0)).ravel()
    _, source = np.unique(data.source_of[rows], return_inverse=True)
    members = sp.csr_matrix((np.ones(len(rows)), (source, np.arange(len(rows)))))
    in_sources = np.asarray(((members @ has) > 0).sum(axis=0)).ravel()
    reading = np.array([_is_reading(g) for g in data.grams])
    kept_grams = (df >= settings.min_df) & (in_sources >= settings.min_sources)
    if not settings.keep:  # no n-grams: the readings alone
        kept_grams[:] = False
    columns = np.where(kept_grams | (reading & (df > 0)))[0]
    off = np.zeros(len(rows)) if settings.standalone else offset(data.hand[rows])
    balance = language_balance([data.texts[i] for i in rows], settings.balance)
    balance = balance * np.where(data.extra[rows], settings.extra_weight, 1.0)
    w, b, a = fit(x[:, columns], data.y[rows], off, balance, settings, reading[columns])
    grams = np.where(~reading[columns])[0]
    if len(grams) > settings.keep:  # keep the strongest n-grams (refitted on them alone)
        strongest = sorted(grams, key=lambda j: (-abs(w[j]), data.grams[columns[j]]))
        readings = np.where(reading[columns])[0]
        kept = np.sort(np.concatenate([np.array(strongest[: settings.keep], dtype=int), readings]))
        columns = columns[kept]
        if settings.refit:
            w, b, a = fit(x[:, columns], data.y[rows], off, balance, settings, reading[columns])
        else:
            w = w[kept]
    if settings.standalone:
        a = 1.0 / settings.units
    return float(b / a), {data.grams[c]: float(w[j] / a) for j, c in enumerate(columns)}


def _is_reading(feature: str) -> bool:
    return feature.startswith((SIGNAL, SHAPE))


def language_balance(texts: list[Sample], strength: float) -> np.ndarray:
    """Sample weights that give failures and answers the same total weight in each language
    (to the power `strength`: 0 none, 1 full), so that a language's share of failures in the
    corpus is not learned as evidence (German n-grams are no sign of failure)."""
    by: Counter[tuple[str, str]] = Counter((s.language, s.label) for s in texts)
    weights = []
    for s in texts:
        other = "answer" if s.label == "failure" else "failure"
        mine, theirs = by[(s.language, s.label)], by[(s.language, other)]
        weights.append((((mine + theirs) / 2) / mine) ** strength)
    found = np.array(weights)
    return found * len(found) / found.sum()


def fold_of(group: str, k: int) -> int:
    return int(hashlib.sha256(group.strip().lower().encode()).hexdigest(), 16) % k


def figures(data: Data, signal: np.ndarray) -> str:
    """What the judge catches and flags on the tune part (the training folder's texts are
    not scored: they are not measured texts)."""
    flagged = ~data.cleared & (data.hand + signal >= THRESHOLD)
    fail, ans = (data.y == 1.0) & ~data.extra, (data.y == 0.0) & ~data.extra
    unasked = ans & ~data.prompted
    return (
        f"caught {int((flagged & fail).sum())}/{int(fail.sum())}, "
        f"false alarms {int((flagged & ans).sum())}/{int(ans.sum())} "
        f"(question not recorded {int((flagged & unasked).sum())}/{int(unasked.sum())}); "
        f"untuned batches: caught {int((flagged & fail & data.untuned).sum())}/"
        f"{int((fail & data.untuned).sum())}, false alarms "
        f"{int((flagged & ans & data.untuned).sum())}/{int((ans & data.untuned).sum())}"
    )


def held_out(data: Data, settings: Settings, folds: np.ndarray) -> np.ndarray:
    """The learned margin, in the judge's units before the clip, on every scored text, from a
    model trained without its fold (fold -1: always trained on, never scored; -2, a text of
    `--leave-out`: never either) and without any text from a source of that fold (a
    source in two folds would tell the model what it is asked about)."""
    signal = np.zeros(len(data.texts))
    groups = np.array([s.group.strip().lower() for s in data.texts])
    for f in sorted(set(folds.tolist()) - {-1, -2}):
        scored = folds == f
        rows = np.where(~scored & ~np.isin(groups, groups[scored]) & (folds != -2))[0]
        model = train(data, rows, settings)
        for i in np.where(scored)[0]:
            signal[i] = model.scale * total_margin(model, data, i)
    return signal


def total_margin(model: learned.Model, data: Data, i: int) -> float:
    """The margin the judge reads on text `i` (its n-grams, the signals that fired, its shapes)."""
    text = data.texts[i].text.strip()
    fired = [f[len(SIGNAL) :] for f in data.readings[i] if f.startswith(SIGNAL)]
    return model.margin(text) + model.readings_margin(text, fired)


def clipped(margins: np.ndarray, settings: Settings) -> np.ndarray:
    """The learned signal the judge reads for these margins (`Model.weighed`)."""
    past = np.sign(margins) * np.maximum(np.abs(margins) - settings.dead_zone, 0.0)
    return np.clip(past, -settings.clip_answer, settings.clip_failure)


def cross_validate(data: Data, settings: Settings, k: int = 5) -> None:
    # the training folder's texts are in every fold's training rows, never in its scored ones
    folds = np.array(
        [-1 if x else fold_of(s.group, k) for s, x in zip(data.texts, data.extra, strict=True)]
    )
    folds[data.left] = -2
    signal = clipped(held_out(data, settings, folds), settings)
    print(f"without the learned signal: {figures(data, np.zeros(len(signal)))}")
    print(f"with it ({k} source folds):  {figures(data, signal)}")


def cross_validate_by_file(
    data: Data, settings: Settings, save: Path | None = None, groups: int = 0
) -> None:
    """Leave one corpus file out: a batch collected together shares its style, so a held-out
    file is what a new batch of new sources looks like to the model (random source folds
    mix a batch's sources into training and look better than the model will do). `groups`:
    whole files hashed into this many groups, one held out at a time (a fit per group)."""
    names = sorted(
        {f for f, x, y in zip(data.files, data.extra, data.left, strict=True) if not (x or y)}
    )
    index = {name: j for j, name in enumerate(names)}
    folds = np.array(
        [-1 if x else index.get(f, -2) for f, x in zip(data.files, data.extra, strict=True)]
    )
    folds[data.left] = -2
    if groups > 0:  # whole files in `groups` groups (a fit per group, not per file)
        fold_of_file = np.array([fold_of(name, groups) for name in names])
        folds = np.where(folds >= 0, fold_of_file[np.maximum(folds, 0)], folds)
    margins = held_out(data, settings, folds)
    if save is not None:  # the held-out margins before the clip (to weigh other clips on)
        np.save(save, margins)
        labels = save.with_suffix(".labels.npz")  # and what to count them with
        np.savez(labels, hand=data.hand, cleared=data.cleared, y=data.y, scored=folds >= 0)
    signal = clipped(margins, settings)
    flagged = ~data.cleared & (data.hand + signal >= THRESHOLD)
    by_hand = ~data.cleared & (data.hand >= THRESHOLD)
    fail, ans = data.y == 1.0, data.y == 0.0
    print(f"{'held-out file':44} {'texts':>5}  caught (hand)  false alarms (hand)")
    for name in names:
        rows = np.array([f == name for f in data.files]) & (folds >= 0)
        f, a = rows & fail, rows & ans
        print(
            f"{name:44} {int(rows.sum()):5}  {int((flagged & f).sum()):>6} ({int((by_hand & f).sum())})"
            f"  {int((flagged & a).sum()):>12} ({int((by_hand & a).sum())})"
        )
    scored = folds >= 0
    f, a = scored & fail, scored & ans
    print(
        f"by file: caught {int((flagged & f).sum())}/{int(f.sum())} (hand alone "
        f"{int((by_hand & f).sum())}; learned gains {int((flagged & ~by_hand & f).sum())}, "
        f"loses {int((~flagged & by_hand & f).sum())}), false alarms {int((flagged & a).sum())}"
        f"/{int(a.sum())} (hand alone {int((by_hand & a).sum())}; learned adds "
        f"{int((flagged & ~by_hand & a).sum())}, clears {int((~flagged & by_hand & a).sum())})"
    )


def score_left_out(data: Data, settings: Settings, save: Path | None = None) -> None:
    """What the judge catches and flags on the `--leave-out` texts with a model trained on
    every other text but those of their sources: counts only (a check set nobody reads)."""
    groups = np.array([s.group.strip().lower() for s in data.texts])
    rows = np.where(~data.left & ~np.isin(groups, groups[data.left]))[0]
    model = train(data, rows, settings)
    left = np.where(data.left)[0]
    margins = np.array([model.scale * total_margin(model, data, i) for i in left])
    signal = clipped(margins, settings)
    hand, cleared, y = data.hand[left], data.cleared[left], data.y[left]
    if save is not None:  # numbers only (to weigh other clips on the check without refitting)
        np.savez(save, margins=margins, hand=hand, cleared=cleared, y=y)
    flagged = ~cleared & (hand + signal >= THRESHOLD)
    by_hand = ~cleared & (hand >= THRESHOLD)
    fail, ans = y == 1.0, y == 0.0
    print(
        f"left out ({len(left)} texts, trained on {len(rows)}): caught "
        f"{int((flagged & fail).sum())}/{int(fail.sum())} (hand alone {int((by_hand & fail).sum())}"
        f"), false alarms {int((flagged & ans).sum())}/{int(ans.sum())} (hand alone "
        f"{int((by_hand & ans).sum())})"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cv", action="store_true", help="cross-validate only, write nothing")
    parser.add_argument(
        "--cv-by-file",
        action="store_true",
        help="leave one corpus file out at a time, write nothing",
    )
    parser.add_argument(
        "--out", type=Path, default=MODEL_PATH, help="where to write the model (to compare)"
    )
    parser.add_argument(
        "--save-margins", type=Path, help="with --cv-by-file: save the held-out margins (.npy)"
    )
    parser.add_argument(
        "--save-check-margins",
        type=Path,
        help="with --leave-out: save the left-out texts' margins, hand scores and labels (.npz)",
    )
    parser.add_argument(
        "--leave-out",
        type=Path,
        help="a JSONL batch of tune texts neither trained on nor scored in the cross-validation;"
        " a model trained without them (and their sources) is scored on them, counts only, and"
        " nothing is written",
    )
    parser.add_argument(
        "--file-groups",
        type=int,
        default=0,
        help="with --cv-by-file: hold out whole files in this many groups (0: one file at a time)",
    )
    parser.add_argument(
        "--no-extra", action="store_true", help="without the corpus's training/ folder (to compare)"
    )
    defaults = Settings()
    for name, value in vars(defaults).items():
        parser.add_argument("--" + name.replace("_", "-"), type=type(value), default=value)
    args = parser.parse_args()
    settings = Settings(**{k: getattr(args, k) for k in vars(defaults)})
    started = time.perf_counter()
    leave_out = frozenset()
    if args.leave_out:
        leave_out = frozenset(s.text for s in read_batch(args.leave_out.read_text("utf-8")))
    data = read_data(settings, extra=not args.no_extra, leave_out=leave_out)
    if args.cv or args.cv_by_file or leave_out:
        if args.cv:
            cross_validate(data, settings)
        if args.cv_by_file:
            cross_validate_by_file(data, settings, args.save_margins, args.file_groups)
        if leave_out:
            score_left_out(data, settings, args.save_check_margins)
        print(f"({time.perf_counter() - started:.0f} s)")
        return 0
    model = train(data, np.arange(len(data.texts)), settings)
    tune = [(s.label, s.text, s.prompt or "") for s in data.texts]
    body = {
        "about": "the judge's learned signal (tether/reliability/learned.py); written by "
        "bench/train_judge_model.py from the tune part of the corpus: retrain, never edit",
        "fingerprint": learned.fingerprint(tune),
        "trained_on": {
            "texts": len(tune),
            "of_them_training_only": int(data.extra.sum()),
            "failures": int(data.y.sum()),
            "answers": int(len(tune) - data.y.sum()),
            "sources": len({s.group.strip().lower() for s in data.texts}),
        },
        # (settings added since, at their defaults, are left out: the file is unchanged)
        "settings": {k: v for k, v in vars(settings).items() if LATER.get(k, not v) != v},
        "features": {
            "min_n": model.min_n,
            "max_n": model.max_n,
            "head": model.head,
            "tail": model.tail,
            **({"words": model.words} if model.words else {}),
            **({"structure": model.structure} if model.structure else {}),
        },
        "bias": model.bias,
        "scale": model.scale,
        "clip_failure": model.clip_failure,
        "clip_answer": model.clip_answer,
        "dead_zone": model.dead_zone,
        "weights": dict(sorted(model.weights.items())),
        "signals": dict(sorted(model.signals.items())),
        "shapes": dict(sorted(model.shapes.items())),
    }
    text = json.dumps(body, ensure_ascii=False, sort_keys=True, indent=0) + "\n"
    args.out.write_text(text, encoding="utf-8")
    signal = np.array([model.weighed(total_margin(model, data, i)) for i in range(len(data.texts))])
    print(f"wrote {args.out} ({len(model.weights):,} n-grams, {len(text) / 1e6:.1f} MB)")
    print(f"on the texts it was trained on: {figures(data, signal)}")
    print(f"({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
