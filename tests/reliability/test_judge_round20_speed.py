"""The degenerate signal's cheap tests find what the tests they stand before find.

`degenerate` reads a reply for one letter or sign repeated and for a byte soup only when it
holds no space (`text_shape.SPACE`), and `first_loop` (`loop_signals`) tries `_period` on a stretch only when the
stretch's head comes again within a unit's reach: these tests compare each with the plain
reading it replaced, on texts made to catch where they could differ.
"""

from __future__ import annotations

import random
import sys

import pytest

from tether.reliability import degenerate_signals as deg
from tether.reliability import loop_signals as loops
from tether.reliability import mojibake_signals as moji
from tether.reliability.judge import DEFAULT_CONFIG
from tether.reliability.reply import LETTER, Reply
from tether.reliability.text_shape import SPACE


def test_space_is_what_isspace_says() -> None:
    for code in range(sys.maxunicode + 1):
        c = chr(code)
        assert (SPACE.search(c) is not None) == c.isspace(), hex(code)


SPACED = [
    "GGGG GGGG",
    "@@@@@@@@ @@@@@@@@",
    "\u554a\u554a\u554a\u3000\u554a\u554a",
    "#$%^&*()!~" * 6 + " " + "#$%^&*()!~" * 6,
    "#$%^&*()!~" * 6 + "\u00a0" + "#$%^&*()!~" * 6,
    "a\u2028" + "@" * 70,
]


@pytest.mark.parametrize("text", SPACED)
def test_a_text_with_a_space_is_no_letter_sign_or_soup(text: str) -> None:
    assert SPACE.search(text) is not None
    assert not loops.one_letter(text)
    assert not loops.sign_run(text)
    assert not moji.byte_noise(text)


def _first_loop_plain(text: str) -> tuple[str, int] | None:
    """`_first_loop` without the quick test: `_period` read on both stretches."""
    n = len(text)
    if n < 18:
        return None
    size = min(loops.CHUNK_CHARS, max(n // 3, 9))
    mid = n // 2
    for at in (mid - size, mid):
        p = loops._period(text[at : at + size])
        if not p:
            continue
        start, end = at, at + p
        while start >= p and text[start - p : start] == text[start : start + p]:
            start -= p
        while end + p <= n and text[end : end + p] == text[end - p : end]:
            end += p
        unit = text[start : start + p]
        if (end - start) // p < loops.LOOP_REPEATS or LETTER.search(unit) is None:
            continue
        if len(set(unit.strip())) >= 3:
            return unit, end - start
    return None


LOOPS = [
    "enti\nenti\nenti\nenti\nenti\nenti\nenti\nenti\nenti\nenti",
    "The answer is " + "I am sorry, " * 12,
    "x" * 9 + "ab" * 20,
    "abcdefgh" * 30,
    "hello world " * 10,
    "abc" * 6,
    "ab" * 9,
    "\u6211\u4e0d\u77e5\u9053\u3002" * 20,
    "The upload failed after a timeout; I retried it later and it passed on the second run.",
]


@pytest.mark.parametrize("text", LOOPS)
def test_first_loop_finds_what_period_finds(text: str) -> None:
    assert loops.first_loop(text) == _first_loop_plain(text)


def test_first_loop_on_random_runs() -> None:
    rng = random.Random(20)
    for _ in range(20_000):
        unit = "".join(rng.choice("ab c.") for _ in range(rng.randint(1, 12)))
        text = (
            "".join(rng.choice("abc d") for _ in range(rng.randint(0, 40)))
            + unit * rng.randint(1, 30)
            + "".join(rng.choice("ab") for _ in range(rng.randint(0, 40)))
        )
        text = text[: rng.randint(0, len(text))]
        assert loops.first_loop(text) == _first_loop_plain(text), text


def _degenerate(text: str) -> bool:
    reply = Reply(text, None, None, DEFAULT_CONFIG.lexicon)
    return bool(tuple(deg.degenerate(reply, DEFAULT_CONFIG.all_weights)))


@pytest.mark.parametrize(
    "text",
    [
        "GGGGGGGGGGGGGGGG",
        "@@@@@@@@@@@@@@@@",
        "#$%^&*()!~[]{}<>?/|" * 5,
        "enti\nenti\nenti\nenti\nenti\nenti\nenti\nenti\nenti\nenti",
    ],
)
def test_degenerate_still_caught(text: str) -> None:
    assert _degenerate(text)


@pytest.mark.parametrize(
    "text",
    [
        "Fixed: the upload failed after a timeout, and the retry now reads the offset first.",
        "==================",
        "The gateway answered 503 twice; I will retry later.",
    ],
)
def test_language_left_alone(text: str) -> None:
    assert not _degenerate(text)
