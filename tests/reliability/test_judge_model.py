"""The judge's learned signal: the shipped model matches the tune part, reads fast paths and
explanations alike, weighs within its clips, and configuration can turn it off."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from tether.reliability import corpus, learned
from tether.reliability.judge import JudgeConfig, read_text

from .judging import asked, is_failure

RETRAIN = "python bench/train_judge_model.py"
TRAIN_SCRIPT = Path(__file__).parents[2] / "bench" / "train_judge_model.py"


def test_the_shipped_model_was_trained_on_todays_tune_part() -> None:
    """A corpus batch added (or a tune text changed) without retraining fails here."""
    trained = (*corpus.samples("tune"), *corpus.training_texts())
    tune = [(s.label, s.text, s.prompt or "") for s in trained if s.read_as_text]
    assert learned.shipped().fingerprint == learned.fingerprint(tune), (
        f"the tune part changed since the judge's model was trained: retrain with `{RETRAIN}`"
    )


@pytest.mark.timeout(1200)  # a whole training run: minutes on a loaded 2-core machine
def test_retraining_writes_the_shipped_model_byte_for_byte(tmp_path: Path) -> None:
    """Training is deterministic, and the shipped model is what it writes from today's corpus
    and hand signals (the model learns what they miss: a change to them needs a retrain too)."""
    pytest.importorskip("scipy")
    written = tmp_path / learned.MODEL_FILE
    run = subprocess.run(
        [sys.executable, str(TRAIN_SCRIPT), "--out", str(written)],
        capture_output=True,
        text=True,
        timeout=1160,
    )
    assert run.returncode == 0, run.stderr
    shipped = Path(learned.__file__).with_name(learned.MODEL_FILE).read_bytes()
    assert written.read_bytes() == shipped, f"retrain with `{RETRAIN}`"


def test_no_training_text_comes_from_the_test_part() -> None:
    """A training text from a group of the test part, from a group whose hash would put it
    there once a batch of it joins, or equal to a test text, is never trained on."""
    test = corpus.samples("test")
    groups = [f"example/chat-app-{i}" for i in range(50)]
    tune_group = next(g for g in groups if corpus.split_of(g) == "tune")
    hashed_test = next(g for g in groups if corpus.split_of(g) == "test")  # no text there yet

    def sample(text: str, group: str) -> corpus.Sample:
        return corpus.Sample("failure", text, "https://example.com", group, "en", "sentence")

    offered = [
        sample("Request failed, please retry.", tune_group),
        sample("Request failed, please retry later.", test[0].group),
        sample("The server is busy.", hashed_test),
        sample(test[1].text, tune_group),
    ]
    assert corpus.trainable(offered, test) == (offered[0],)
    shipped = corpus.training_texts()
    assert shipped and corpus.trainable(shipped, test) == shipped


def test_the_model_file_holds_only_what_inference_reads() -> None:
    model = learned.shipped()
    assert 1 <= model.min_n <= model.max_n and model.head > 0 and model.tail > 0
    assert model.weights and all(math.isfinite(w) and w for w in model.weights.values())
    assert 0 < model.clip_failure <= 1.0 and 0 < model.clip_answer <= 1.5
    assert not any(learned.START in g[1:] or learned.END in g[:-1] for g in model.weights)


@pytest.mark.parametrize(
    "text",
    [
        "Service temporarily unavailable. Please try again later.",
        "我暂时遇到了一些问题，请您稍后重试~",  # noqa: RUF001
        "The failing test raced on the cache: I added a lock and it passes 200 times in a row. "
        * 12,
        "x" * 5000 + " 12345",
        "",
    ],
)
def test_the_fast_margin_is_the_sum_of_its_n_grams(text: str) -> None:
    """`margin` (dict lookups over slices) and `contributions` (what --explain prints) read
    the same n-grams with the same weights."""
    model = learned.shipped()
    read = learned.normalised(text, model.head, model.tail)
    found = list(learned.grams(read, model.min_n, model.max_n))
    total = sum(model.weights.get(g, 0.0) for g in found) / math.sqrt(max(1, len(found)))
    assert model.margin(text) == pytest.approx(model.bias + total, abs=1e-9)
    assert len(read) <= model.head + model.tail + 3
    up, down = model.contributions(text, top=1000)
    # each n-gram's share is rounded to three decimals: off by at most half of the last one
    rounding = 0.0005 * len({g for g in found if model.weights.get(g)}) + 1e-9
    assert sum(w for _, w in up + down) == pytest.approx(model.scale * total, abs=rounding)


def test_the_signal_is_clipped_and_can_be_turned_off() -> None:
    model = learned.shipped()
    texts = [s.text for s in corpus.samples("tune")[:300]]
    weights = []
    turned_off = JudgeConfig(weights={"learned": 0.0})
    for text in texts:
        found = [s for s in read_text(text).signals if s.name == "learned"]
        weights += [s.weight for s in found]
        off = read_text(text, config=turned_off)
        assert "learned" not in {s.name for s in off.signals}
    assert weights, "the learned signal never fired on 300 tune texts"
    assert all(-model.clip_answer <= w <= model.clip_failure for w in weights)
    assert any(w > 0 for w in weights) and any(w < 0 for w in weights)
    doubled = read_text(texts[0], config=JudgeConfig(weights={"learned": 2.0}))
    single = read_text(texts[0])
    by_name = {s.name: s.weight for s in single.signals}
    if "learned" in by_name:
        assert {s.name: s.weight for s in doubled.signals}["learned"] == pytest.approx(
            2 * by_name["learned"], abs=0.002
        )


def test_tether_judge_explain_prints_the_n_grams_that_pushed() -> None:
    record = {
        "request": {"model": "m", "messages": [{"role": "user", "content": "Fix the test"}]},
        "reply": {
            # (the README's example: its margin sits far outside the dead zone, so the
            # learned signal is read whatever the retrained weights of one n-gram)
            "content": 'API Error: 529 {"type":"error","error":{"type":"overloaded_error",'
            '"message":"Overloaded"}}',
            "finish_reason": "stop",
        },
    }
    run = subprocess.run(
        [sys.executable, "-m", "tether", "judge", "--explain", "--json"],
        input=json.dumps(record),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 1, run.stderr
    body = json.loads(run.stdout)
    signal = next(s for s in body["signals"] if s["name"] == "learned")
    pushes = body["learned"]["toward_failure"] + body["learned"]["toward_answer"]
    assert pushes and all(p["ngram"] and p["weight"] for p in pushes)
    assert signal["evidence"].startswith("margin ")
    text_run = subprocess.run(
        [sys.executable, "-m", "tether", "judge", "--explain"],
        input=json.dumps(record),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "learned" in text_run.stdout and "(learned) toward" in text_run.stdout


def _pushing(margin: float) -> learned.Model:
    """The shipped model's settings with a margin of `margin` on any reply."""
    shipped = learned.shipped()
    return learned.Model(
        shipped.min_n,
        shipped.max_n,
        shipped.head,
        shipped.tail,
        margin,
        shipped.scale,
        shipped.clip_failure,
        shipped.clip_answer,
        shipped.dead_zone,
        {"xyz": 0.0001},
        "",
    )


def test_the_learned_signal_never_overturns_a_clear_hand_reading(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The learned signal adds evidence near the bar; a reply the hand signals call a clear
    answer stays an answer, and a clear failure a failure, whatever its margin, while a reply
    near the bar is the model's to decide, once its margin is past the dead zone (a margin a
    retrain or a new batch of sources could turn either way weighs nothing)."""
    by_hand = JudgeConfig(weights={"learned": 0.0})
    shipped = learned.shipped()
    assert 0 < shipped.dead_zone < min(shipped.clip_failure, shipped.clip_answer)
    clear_answer = "Done: I fixed the race in the cache loader and the test passes now."
    clear_failure = "Service temporarily unavailable. Please try again later."
    assert read_text(clear_answer, asked(), config=by_hand).score < 1.0 - shipped.clip_failure
    assert read_text(clear_failure, asked(), config=by_hand).score >= 1.0 + shipped.clip_answer
    near = next(
        s.text
        for s in corpus.samples("tune", "answer")
        if 0.95 <= read_text(s.text, asked(), config=by_hand).score < 1.0
    )
    unit = shipped.scale
    to_failure, to_answer = _pushing(1000.0 / unit), _pushing(-1000.0 / unit)
    faint = _pushing(0.99 * shipped.dead_zone / unit)
    past = _pushing((shipped.dead_zone + 0.1) / unit)
    assert shipped.weighed(faint.bias) == 0.0
    assert past.weighed(past.bias) == pytest.approx(0.1)
    monkeypatch.setattr(learned, "shipped", lambda: to_failure)
    assert not is_failure(clear_answer)
    assert is_failure(near), "the learned signal weighs nothing near the bar"
    monkeypatch.setattr(learned, "shipped", lambda: faint)
    assert not is_failure(near)
    assert "learned" not in {s.name for s in read_text(near, asked()).signals}
    monkeypatch.setattr(learned, "shipped", lambda: past)
    assert is_failure(near)
    monkeypatch.setattr(learned, "shipped", lambda: to_answer)
    assert is_failure(clear_failure)


@pytest.mark.parametrize(
    ("text", "shapes"),
    [
        ("", ("len:0", "nonascii:0")),
        ("Is the cache warm?", ("len:2", "nonascii:0", "has?")),
        ('{"error": "busy"}', ("len:2", "nonascii:0", "starts{")),
        ("[1, 2]", ("len:1", "nonascii:0", "starts{")),
        ("<html><body>Bad gateway", ("len:2", "nonascii:0", "starts<", "endsmid")),
        ("服务器繁忙，请稍后再试", ("len:1", "nonascii:3", "endsmid")),  # noqa: RUF001
        ("Fixed: the lock is taken before the read." * 100, ("len:6", "nonascii:0")),
    ],
)
def test_a_reply_s_shapes(text: str, shapes: tuple[str, ...]) -> None:
    """Its length in factors of four, its share of non-ASCII characters in quarters, a question
    mark, an opening like JSON or markup, a stop mid-sentence."""
    assert learned.shape_of(text) == shapes


def test_the_readings_add_each_fired_signal_once_and_the_shapes() -> None:
    model = _pushing(0.0)
    weighing = learned.Model(
        *(getattr(model, f) for f in ("min_n", "max_n", "head", "tail", "bias", "scale")),
        model.clip_failure,
        model.clip_answer,
        model.dead_zone,
        model.weights,
        "",
        signals={"short_notice": 0.25, "off_topic": -0.5},
        shapes={"has?": 0.125, "len:1": -0.0625},
    )
    fired = ["short_notice", "vocabulary:failure", "short_notice", "off_topic"]
    assert weighing.readings_margin("Is it down?", fired) == 0.25 - 0.5 + 0.125 - 0.0625
    assert weighing.readings_margin("Fine.", []) == -0.0625  # its length alone


def test_the_judge_hands_the_model_the_failure_side_signals_it_read() -> None:
    """The learned margin is the n-grams' plus what the failure-side hand signals that fired
    (`signals.FAILURE_SIDE`) and the reply's shapes add: the same on a full reading and on a
    verdict's short one. (The learned signal is silent where its margin is within its dead
    zone, which moves with each retraining: it is checked on the notices where it speaks.)"""
    model = learned.shipped()
    assert model.signals and model.shapes
    spoke = 0
    for text in (
        "Sorry, the assistant is busy right now. Please try again in a few minutes.",
        "The assistant is busy right now. Please try again in a few minutes.",
        "Sorry, our servers are busy right now. Please try again in a few minutes.",
    ):
        full = read_text(text, asked())
        hand = [s for s in full.signals if s.name != "learned"]
        failure_side = [s.name for s in hand if s.weight > 0 or s.name == "on_topic"]
        expected = model.margin(text) + model.readings_margin(text, failure_side)
        signal = next((s for s in full.signals if s.name == "learned"), None)
        if signal is None:
            continue
        spoke += 1
        assert signal.evidence == f"margin {expected:+.2f} over n-grams and readings"
        settled = read_text(text, asked(), settle_below=1.0, side_only=True)
        assert settled.failure == full.failure
    assert spoke, "the learned signal spoke on none of the notices"
