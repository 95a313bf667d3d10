"""Round 17's speed work: the forms it added must say what the patterns they replaced said.

- `trie_patterns.trie_pattern(..., boundary=Boundary(...))`: how a word of a trie may start and end;
  a word inside another word is not matched, a word of another script is matched anywhere.
- `trie_patterns.Words`: the fast search of a list finds what its exact pattern finds.
- `clearing.MAY_FIRE`: the modules' prechecks keep `quick_clear` from clearing their notices.
- `reply.split_sentences`, `code_signals.code_as_noun`: the same pieces and matches as the
  regexes they stand in for.
"""

from __future__ import annotations

import re

import pytest

from tether.reliability.clearing import MAY_FIRE, quick_clear
from tether.reliability.code_signals import _CODE_AS_NOUN, code_as_noun
from tether.reliability.corpus import samples
from tether.reliability.judge import DEFAULT_CONFIG
from tether.reliability.reply import SENTENCE_BREAK, split_sentences
from tether.reliability.trie_patterns import Boundary, Words, trie_pattern

LATIN_START = Boundary(before="a-z")
WHOLE = Boundary(before="a-z", after=r"(?![a-z_])(?!\.[a-z])")


def test_a_word_inside_another_word_is_not_matched() -> None:
    limit = re.compile(trie_pattern(["limit", "max"], boundary=LATIN_START))
    assert limit.search("unlimited retries, no maximum") is not None  # "max" starts a word
    assert limit.search("unlimited retries") is None
    assert limit.search("the limit was hit").group(0) == "limit"  # type: ignore[union-attr]
    assert limit.search("limit at the start").start() == 0  # type: ignore[union-attr]


def test_a_word_of_another_script_is_matched_anywhere() -> None:
    steps = re.compile(trie_pattern(["step", "迭代"], boundary=LATIN_START))
    assert steps.search("已达到最大迭代次数") is not None
    assert steps.search("footsteps") is None


def test_the_ending_is_the_boundarys() -> None:
    words = re.compile(trie_pattern(["gadbad", "gadbad ho"], boundary=WHOLE))
    assert words.search("kuch gadbad ho gaya").group(0) == "gadbad ho"  # type: ignore[union-attr]
    assert words.search("gadbad!").group(0) == "gadbad"  # type: ignore[union-attr]
    assert words.search("gadbad_handler failed") is None
    assert words.search("see gadbad.js") is None
    assert words.search("gadbadi") is None


def test_no_boundary_keeps_the_longest_word_first() -> None:
    anywhere = re.compile(trie_pattern(["reach", "reached"], boundary=Boundary()))
    assert anywhere.search("overreached").group(0) == "reached"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "text",
    [
        "unlimited steps; the limit was reached after 25 turns",
        "returned, returning, overturned: no turn here but a turn later",
        "maximal iteration count",
        "",
        "no word of the list at all",
    ],
)
def test_words_find_what_their_exact_pattern_finds(text: str) -> None:
    words = Words(["limit", "turn", "max", "maximal", "turns"], LATIN_START)
    exact, found = words.exact.search(text), words.search(text)
    assert (found and found.span()) == (exact and exact.span())


def test_an_empty_list_matches_nothing() -> None:
    words = Words([], WHOLE)
    assert words.search("anything") is None
    assert words.search("") is None


@pytest.mark.parametrize(
    "text",
    [
        "Agent stopped due to max iterations reached.",  # a loop's cap (step_limit)
        "Aree yaar, kuch gadbad ho gaya! Thodi der baad try karo na.",  # casual_trouble
        "messages.3.content: field required for this request to go through, sorry",
    ],
)
def test_a_modules_notice_is_not_cleared_unread(text: str) -> None:
    low = text.lower()
    assert any(may_fire(text, low, DEFAULT_CONFIG.lexicon) for may_fire in MAY_FIRE)
    assert not quick_clear(text, DEFAULT_CONFIG.lexicon)


def test_no_precheck_fires_on_an_ordinary_answer() -> None:
    text = (
        "The parser now reads the header once and keeps it on the instance, so the second "
        "call returns the cached value; the tests cover both the cached and the fresh path."
    )
    low = text.lower()
    assert not any(may_fire(text, low, DEFAULT_CONFIG.lexicon) for may_fire in MAY_FIRE)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "One. Two! Three? Four",
        "Version 4.1 is out.",
        "Ends with a stop.",
        "a.\n\n  b.\tc",
        "第一句。第二句\uff01第三句\uff1f",
        "no stop\n\n\nnext line\n",
        "stop.\u3002 then",
        "stop.\u2028next",
        "...",
    ],
)
def test_sentences_split_as_the_pattern_splits(text: str) -> None:
    assert split_sentences(text) == SENTENCE_BREAK.split(text)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("the 503 error means the upstream is down", "the 503 error"),
        ("retry after a 429 response", "a 429 response"),
        ("el error 429 indica", "el error 429"),
        ("we saw many 502 errors yesterday", "502 errors"),
        ("503 service unavailable is the right status", "503 service unavailable is the"),
        ("upstream returned 503 service unavailable after 3 retries", None),
        ("error 503: service unavailable", None),
        ("a1503s and x503s are ids", None),
    ],
)
def test_a_code_as_a_noun(text: str, found: str | None) -> None:
    m = code_as_noun(text)
    assert (m.group(0) if m else None) == found


def test_a_code_as_a_noun_is_what_the_alternation_finds() -> None:
    """On every tune text (and its lower case): the three forms searched alone find what their
    alternation finds."""
    for sample in samples("tune"):
        for text in (sample.text.lower(), sample.text[:3000].lower()):
            m = code_as_noun(text)
            whole = _CODE_AS_NOUN.search(text) if "4" in text or "5" in text else None
            assert (m and (m.span(), m.group(0))) == (whole and (whole.span(), whole.group(0)))
