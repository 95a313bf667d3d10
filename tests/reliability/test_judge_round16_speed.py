"""The judge's reading of a reply's words, made cheaper in round 16, finds what it found.

`window_words` splits an ASCII window into its words by bytes, where a regex split was used:
the words and their starts must be the regex split's (the empty pieces between two gap
characters have no class, and are skipped). `Lexicon.class_matches` visits a class with signs
or `re:` entries in a window only when the reply may hold one of them: a reply that holds a
sign of such a class, and one that holds none, both read as the plain search of every class.
"""

from __future__ import annotations

import re
from itertools import accumulate

import pytest

from tether.reliability.judge import DEFAULT_CONFIG, JudgeConfig
from tether.reliability.lexicon import Lexicon, window_words, windows_around

_SPLIT = re.compile(r"([^a-z0-9_]+)")


def regex_words(part: str, start: int) -> list[tuple[str, int]]:
    """The words of `part` and their starts, as the regex split read them."""
    parts = _SPLIT.split(part)
    starts = list(accumulate(map(len, parts), initial=start))[0::2]
    return [(word, at) for word, at in zip(parts[0::2], starts, strict=True) if word]


WINDOWS = [
    "the upload failed after a timeout; i will retry later.",
    "  two gaps first, and two at the end  ",
    "`cachestore.get_or_load` -> 503 (service unavailable)!!",
    "snake_case_words and _leading __double and trailing_ ok",
    "UPPER Case Letters Are Gaps For The Split: 429 Too Many",
    "",
    " ",
    "x",
    "tabs\tand\nnew lines\r\nand--dashes//slashes",
]


@pytest.mark.parametrize("part", WINDOWS)
@pytest.mark.parametrize("start", [0, 17])
def test_window_words_are_the_regex_split(part: str, start: int) -> None:
    words, starts = window_words(part, start, wide=False)
    assert len(words) == len(starts)
    assert [(w, at) for w, at in zip(words, starts, strict=True) if w] == regex_words(part, start)
    assert not words or words[0] == _SPLIT.split(part)[0]  # (the first piece: a cut word)


def test_a_wide_window_is_split_by_the_regex() -> None:
    part = "der dienst ist überlastet, bitte später"
    words, starts = window_words(part, 5, wide=True)
    assert [(w, at) for w, at in zip(words, starts, strict=True) if w] == regex_words(part, 5)


# A lexicon whose classes have signs and a regex of their own
SIGNS = JudgeConfig(extra_phrases=("(oops)", "[err]", r"re:way\b", "gateway broke")).lexicon

REPLIES = [
    # a sign of a class in the reply: the class is searched in the windows that hold it
    "my gateway broke (oops) after the upload failed; try again later",
    "the run failed [err] and the retry timed out, so i stopped",
    # no sign and no regex key: the classes are read at their words alone
    "the upload failed after a timeout; i will look at the retry later",
    "the server is overloaded and rate limited: (tpm) 4000 of 4000, try again in a minute",
    "the build failed because a test timed out waiting for the way in",
]


def plain_search(lexicon: Lexicon, low: str, windows: list[tuple[int, int]]) -> list[object]:
    """Every class searched in every window (what `class_matches` stands for)."""
    found: list[object] = []
    for name, terms in lexicon.classes:
        for start, end in windows:
            found += [(name, *m.span(), m.group()) for m in terms.finditer(low, start, end)]
    return found


@pytest.mark.parametrize("lexicon", [DEFAULT_CONFIG.lexicon, SIGNS], ids=["shipped", "signs"])
@pytest.mark.parametrize("reply", REPLIES)
def test_class_matches_with_and_without_signs_are_the_plain_search(
    lexicon: Lexicon, reply: str
) -> None:
    low = reply.lower()
    other = lexicon.gate.other is not None and lexicon.gate.other.may_match(low)
    spans = lexicon.spans(low, other)
    windows = windows_around(spans, len(low), 80)
    assert windows, low
    assert sorted(lexicon.class_matches(low, windows, spans, other)) == sorted(
        plain_search(lexicon, low, windows)
    )
