"""The lexicon's word bounds (`lexicon.WORD_BOUNDS`, `judge_signals.json` "word_bounds"): a
failure word of a script without spaces read alone ("无输出", no output), never inside a longer
word ("无效", invalid)."""

from __future__ import annotations

from tests.reliability.judging import hand
from tether.reliability.lexicon import bounded


def test_bounded_word_becomes_its_bounded_pattern() -> None:
    assert bounded(["无", "none"]) == ["re:无(?!效)", "none"]
    assert bounded(["無"]) == ["re:無(?!効|效)"]


def test_bounded_word_is_read_alone_not_inside_a_longer_word() -> None:
    assert hand("无输出")[0]
    assert hand("[无回复]")[0]
    assert not hand("无效")[0]
