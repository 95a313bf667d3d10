"""Round 26: the learned signal's structure shapes (`learned.structure_of`, a model's
`structure`), a setting of bench/train_judge_model.py measured beside the other shapes.
Made-up texts."""

from __future__ import annotations

import pytest

from tether.reliability import learned


def test_structure_is_read_only_when_asked() -> None:
    text = "Hello {name}, the service is unavailable."
    assert not any(s.startswith(("lines:", "digits:", "punct:")) for s in learned.shape_of(text))
    assert "slot" not in learned.shape_of(text)
    assert "slot" in learned.shape_of(text, 1)


@pytest.mark.parametrize(
    "text",
    [
        "Sorry {{user_name}}, something went wrong.",
        "Request failed: %s",
        "Échec de la requête : %(reason)s",
        "エラー: ${message}",
        "Ошибка {0}",
    ],
)
def test_an_unfilled_template_slot_is_a_slot(text: str) -> None:
    assert "slot" in learned.structure_of(text)


@pytest.mark.parametrize(
    "text",
    [
        "Use a set comprehension: {x for x in items} keeps each once.",
        "Growth was 5% in March and 7 % in April.",
        "In CSS, write `a { color: red; }` to colour links.",
        "Das Ergebnis ist {1, 2, 3}, eine Menge.",
    ],
)
def test_braces_and_percent_signs_of_an_answer_are_no_slot(text: str) -> None:
    assert "slot" not in learned.structure_of(text)


def test_lines_digits_and_punctuation_are_bucketed() -> None:
    prose = "The river runs north through the valley and meets the sea near the old town."
    assert learned.structure_of(prose) == ["lines:0", "digits:0", "punct:0"]
    trace = "\n".join(f"  at mod.fn_{i}(file{i}.js:{100 + i}:{i})" for i in range(20))
    found = learned.structure_of(trace)
    assert found[0] == "lines:2"  # 20 lines: a bucket per factor of four
    assert found[1] != "digits:0" and found[2] != "punct:0"


def test_a_model_with_structure_weighs_its_shapes() -> None:
    weights = {"zzz": 0.0}
    shapes = {"slot": 0.5, "len:2": 0.0}
    flat = learned.Model(3, 4, 400, 200, 0.0, 1.0, 0.25, 0.25, 0.05, weights, "", shapes=shapes)
    read = learned.Model(
        3, 4, 400, 200, 0.0, 1.0, 0.25, 0.25, 0.05, weights, "", shapes=shapes, structure=1
    )
    text = "Dear {name}, your request could not be completed"
    assert flat.readings_margin(text, ()) == 0.0
    assert read.readings_margin(text, ()) == pytest.approx(0.5)


def test_structure_round_trips_through_the_model_file() -> None:
    body = {
        "features": {"min_n": 3, "max_n": 4, "head": 400, "tail": 200, "structure": 1},
        "bias": 0.0,
        "scale": 1.0,
        "clip_failure": 0.25,
        "clip_answer": 0.25,
        "dead_zone": 0.05,
        "weights": {},
        "fingerprint": "",
    }
    assert learned.from_json(body).structure == 1
    del body["features"]["structure"]  # type: ignore[attr-defined]
    assert learned.from_json(body).structure == 0
