"""Terms as one regex shaped like a trie (`trie_pattern`): the engine follows one branch per
letter instead of trying every term at every position. How a term may start and end among the
characters around it (`Boundary`, `term_pattern`), and a list of words found fast (`Words`).
The lexicon's classes, prefixes and gates compile their terms here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

_ENDINGS_ORDER = (r"\w*", r"(?![a-z0-9_])", "")


def trie_node(node: Mapping[str, Any]) -> str:
    alts = [re.escape(ch) + trie_node(child) for ch, child in node.items() if ch]
    ends: set[str] = node.get("", set())
    alts += [e for e in _ENDINGS_ORDER if e in ends]
    alts += sorted(ends.difference(_ENDINGS_ORDER))  # (a `Boundary`'s own ending)
    if len(alts) == 1:
        return alts[0]
    return "(?:" + "|".join(alts) + ")"


WORD_START = r"(?<![a-z0-9_])"


def term_pattern(term: str) -> str:
    """A term as a regex: a trailing `*` takes any word ending; ASCII terms start at a word."""
    stem = term[:-1] if term.endswith("*") else term
    body = re.escape(stem)
    if term.endswith("*"):
        body += r"\w*"
    if stem[:1].isascii() and stem[:1].isalnum():
        body = WORD_START + body
    if not term.endswith("*") and stem[-1:].isascii() and stem[-1:].isalnum():
        body += r"(?![a-z0-9_])"
    return body


def term_ending(term: str) -> str:
    """What follows a term's letters: any word ending (`*`), a word's end (an ASCII term that
    ends in a letter or digit), or nothing."""
    stem = term[:-1] if term.endswith("*") else term
    if term.endswith("*"):
        return r"\w*"
    if stem[-1:].isascii() and stem[-1:].isalnum():
        return r"(?![a-z0-9_])"
    return ""


@dataclass(frozen=True, slots=True)
class Boundary:
    """Where a term of a trie (`trie_pattern`) may stand among the characters around it: a
    term whose first character is an ASCII letter is behind none of `before` (the body of a
    character class, "a-z": "limit" not in "unlimited"; "" for anything), and every term is
    followed by what `after` lets through (a pattern, "(?![a-z_])"; "" for anything: a term
    may end inside a word)."""

    before: str = ""
    after: str = ""


def trie_pattern(
    terms: Iterable[str],
    word_start: bool = False,
    open_end: bool = False,
    boundary: Boundary | None = None,
) -> str:
    """Terms as one regex shaped like a trie: the engine follows one branch per letter instead
    of trying every term at every position (a flat alternation of ~1,500 terms took a
    millisecond on a 1 KB reply). A longer term is tried before a shorter one it extends, as
    in the flat alternation sorted longest first. `word_start`: each term starts a word; when
    few letters start a term, the check follows the first letter, so the engine can skip to
    those letters; when many do, it cannot skip, and one check before the trie stops it at
    once inside a word (half the time on the vocabulary and most classes).
    `open_end`: a term may end inside a word (`req` in `req_0123`), instead of `term_ending`'s.
    `boundary` (instead of both): how a term may start and end (`Boundary`); its check of the
    character before a term follows the term's first letter, where the engine can skip to it
    (a check in front of the trie is tried at every position of the text searched)."""
    if boundary is not None:
        root = trie(terms, end=boundary.after)
        if not boundary.before:
            return trie_node(root)
        behind = f"(?<![{boundary.before}].)"
        alts = [
            re.escape(ch) + (behind if ch.isascii() and ch.isalpha() else "") + trie_node(child)
            for ch, child in root.items()
        ]
        return "(?:" + "|".join(alts) + ")"
    root = trie(terms, open_end)
    if not word_start:
        return trie_node(root)
    if len(root) > SKIPPABLE_FIRST_LETTERS:
        alts = [re.escape(ch) + trie_node(child) for ch, child in root.items()]
        return WORD_START + "(?:" + "|".join(alts) + ")"
    after_first = r"(?<![a-z0-9_].)"
    alts = [re.escape(ch) + after_first + trie_node(child) for ch, child in root.items()]
    return "(?:" + "|".join(alts) + ")"


def trie(terms: Iterable[str], open_end: bool = False, end: str | None = None) -> dict[str, Any]:
    """The terms as nested dicts, a character a level; under "" the endings a term may have
    there: `end`, when given, for every term taken as written; else a trailing `*` takes any
    word ending, and a term ends as `term_ending` says (at any character with `open_end`)."""
    root: dict[str, Any] = {}
    for term in terms:
        node = root
        starred = end is None and term.endswith("*")
        for ch in term[:-1] if starred else term:
            node = node.setdefault(ch, {})
        found_end = end if end is not None else "" if open_end else term_ending(term)
        node.setdefault("", set()).add(found_end)
    return root


class Words:
    """A list of words, each standing as `boundary` says, found fast: a check of the character
    before every word keeps the engine from scanning for the words' first letters, so the
    words are looked for without it first (`anywhere`), and the exact pattern (`exact`) is
    matched from there."""

    def __init__(self, terms: Iterable[str], boundary: Boundary) -> None:
        words = sorted(set(terms))
        # (no term: a pattern that never matches, where an empty trie would match everywhere)
        self.anywhere = re.compile(trie_pattern(words, open_end=True) if words else "(?!)")
        self.exact = re.compile(trie_pattern(words, boundary=boundary) if words else "(?!)")

    def search(self, text: str) -> re.Match[str] | None:
        """What `exact.search(text)` finds, searched from where `anywhere` finds a word first
        (no match of `exact` can start before it): with a lookbehind in front of every word
        the engine tried each position, and a 300 B notice took ~200 us a list."""
        first = self.anywhere.search(text)
        return None if first is None else self.exact.search(text, first.start())


def first_letters(terms: Iterable[str], after_first: str = "") -> list[str]:
    """The branches of `trie_pattern(terms)` by first letter (`after_first` follows it), to be
    joined into one alternation that starts with a letter in every branch."""
    return [re.escape(ch) + after_first + trie_node(child) for ch, child in trie(terms).items()]


# Up to this many letters that start a term, the engine's skip to them beats a check per
# position (measured on English answers: 5 letters, twice as fast; 9 or more, slower).
SKIPPABLE_FIRST_LETTERS = 8
