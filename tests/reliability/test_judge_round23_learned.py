"""Round 23: the learned signal's word features (`learned.word_grams`, a model's `words`), a
setting of bench/train_judge_model.py measured beside the character n-grams. Made-up texts."""

from __future__ import annotations

import math

import pytest

from tether.reliability import learned


def test_word_grams_are_the_words_and_with_two_their_pairs() -> None:
    read = learned.normalised("Upstream timed out, retry in 30s.", 400, 200)
    words = [learned.WORD + w for w in ("upstream", "timed", "out", "retry", "in", "00s")]
    assert learned.word_grams(read, 0) == []
    assert learned.word_grams(read, 1) == words
    pairs = learned.word_grams(read, 2)
    assert pairs[: len(words)] == words
    assert pairs[len(words) :] == [
        learned.WORD + "upstream timed",
        learned.WORD + "timed out",
        learned.WORD + "out retry",
        learned.WORD + "retry in",
        learned.WORD + "in 00s",
    ]


def test_word_grams_read_other_scripts_as_runs_of_letters() -> None:
    read = learned.normalised("Сервер перегружен. 服务繁忙", 400, 200)
    assert learned.word_grams(read, 1) == [
        learned.WORD + "сервер",
        learned.WORD + "перегружен",
        learned.WORD + "服务繁忙",
    ]


def _model(words: int) -> learned.Model:
    weights = {
        "ime": 0.5,
        "out": 0.25,
        learned.WORD + "timed": 1.0,
        learned.WORD + "timed out": 2.0,
    }
    return learned.Model(3, 4, 400, 200, -0.1, 1.0, 0.25, 0.25, 0.05, weights, "", words=words)


@pytest.mark.parametrize("words", [0, 1, 2])
def test_the_margin_adds_the_word_features_beside_the_n_grams(words: int) -> None:
    text = "The gateway timed out."
    model = _model(words)
    read = learned.normalised(text, model.head, model.tail)
    found = list(learned.grams(read, 3, 4)) + learned.word_grams(read, words)
    total = sum(model.weights.get(g, 0.0) for g in found)
    assert model.margin(text) == pytest.approx(model.bias + total / math.sqrt(len(found)))
    up, _ = model.contributions(text, top=10)
    pushed = {g for g, _ in up}
    assert (learned.shown(learned.WORD + "timed") in pushed) == bool(words)
    assert (learned.shown(learned.WORD + "timed out") in pushed) == (words == 2)


def test_a_word_feature_is_never_read_as_a_character_n_gram() -> None:
    """A word of four characters after its mark is as long as a 4-gram: it stays out of the
    table the 4-grams are looked up in."""
    weights = {learned.WORD + "abc": 5.0}
    model = learned.Model(3, 4, 400, 200, -0.1, 1.0, 0.25, 0.25, 0.05, weights, "")
    assert not model.longer
    assert model.margin("abc abc") == pytest.approx(-0.1)


def test_a_model_file_without_words_reads_none() -> None:
    body = {
        "features": {"min_n": 3, "max_n": 4, "head": 400, "tail": 200},
        "bias": 0.0,
        "scale": 1.0,
        "clip_failure": 0.25,
        "clip_answer": 0.25,
        "dead_zone": 0.05,
        "weights": {"err": 0.5},
        "fingerprint": "",
    }
    assert learned.from_json(body).words == 0
    body["features"] = {**body["features"], "words": 2}  # type: ignore[dict-item]
    assert learned.from_json(body).words == 2
