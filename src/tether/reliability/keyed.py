"""Patterns tried only where one of their key substrings is.

A pattern searched at every position of a reply that holds none of its words costs as much as
one that finds something; most replies hold none. Substring tests are cheap, so each such
pattern comes with the keys every match of it begins with (or holds), and is tried only where
one of them is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

Keys = tuple[tuple[str, ...], tuple[str, ...]]


def split_keys(keys: tuple[str, ...]) -> Keys:
    """Substring keys, the ASCII ones apart from the others (looked for only in a text that
    is not ASCII)."""
    return tuple(k for k in keys if k.isascii()), tuple(k for k in keys if not k.isascii())


def holds(text: str, keys: Keys) -> bool:
    """Whether `text` holds one of `keys` (`split_keys`): substring tests, before a pattern that
    would be tried at every position of a text none of whose words it could match."""
    plain, wide = keys
    for key in plain:  # (a loop: a generator cost ~0.1 us a key more)
        if key in text:
            return True
    return bool(wide) and not text.isascii() and any(key in text for key in wide)


def may_hold_folded(text: str, low: str, keys: tuple[str, ...]) -> bool:
    """Whether a pattern compiled with `re.I`, every match of which holds one of `keys` (ASCII,
    lower case), may match in `text` (`low` holds `text.lower()`). Only an ASCII text is
    answered by substring tests: `re.I` also takes U+017F for `s` and U+0130, U+0131 for `i`, which
    `str.lower()` keeps (or writes as two characters)."""
    return not text.isascii() or any(key in low for key in keys)


def key_positions(text: str, keys: Iterable[str]) -> list[int]:
    """Every position of `text` where one of `keys` begins, in order, each once."""
    found: set[int] = set()
    for key in keys:  # (a loop, not a generator a key: most keys are absent, ~0.3 us each)
        i = text.find(key)
        while i >= 0:
            found.add(i)
            i = text.find(key, i + 1)
    return sorted(found)


def matches_at(text: str, starts: Keys, pattern: re.Pattern[str]) -> Iterator[re.Match[str]]:
    """What `pattern.finditer(text)` finds, for a pattern every match of which begins with one
    of `starts` (`split_keys`): tried only where one of them is, not at every position."""
    plain, wide = starts
    keys = plain if not wide or text.isascii() else plain + wide
    end = 0
    for i in key_positions(text, keys):
        if i < end:
            continue
        m = pattern.match(text, i)
        if m is not None:
            end = max(m.end(), i + 1)
            yield m


class Alternation:
    """A pattern whose last branches (`wide`) each need a character outside ASCII: an ASCII
    text, most replies, is searched with the other branches alone. Branches that begin with a
    lookbehind, a boundary or a group of words cost a test at every position of a text; those
    that need a Cyrillic or CJK word cannot match one without it."""

    def __init__(self, plain: str, wide: str, flags: int = 0) -> None:
        self.plain = re.compile(plain, flags)
        self.full = re.compile(f"{plain}|{wide}", flags)

    def pattern(self, text: str) -> re.Pattern[str]:
        """The pattern that finds in `text` what the whole alternation finds."""
        return self.plain if text.isascii() else self.full

    def search(self, text: str) -> re.Match[str] | None:
        return self.pattern(text).search(text)

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return self.pattern(text).finditer(text)
