"""Could a text hold one of these terms, and where does the first start? A set of terms' gate
(`Gate`: each word's key looked up, the terms with no word by a regex) and the first match of
compiled terms (`TermSearch.search`, which `terms.Terms` searches with). The words a gate
compares (`_word_keys`, `_term_key`) are here too; its keys are compiled into a trie
(`trie_patterns.trie_node`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cached_property, lru_cache
from operator import itemgetter
from typing import Any

from tether.reliability.keyed import ByFirst, KeyGated
from tether.reliability.trie_patterns import trie_node

_WORD_SPLIT = re.compile(r"[^a-z0-9_]+")


def _ascii_words(term: str) -> list[str]:
    return [w for w in _WORD_SPLIT.split(term.rstrip("*")) if w]


_TRIGGER_CHARS = 6


def _word_keys(low: str, stem_lengths: Iterable[int]) -> set[str]:
    """Every word of `low`, cut to what a gate compares (a short stem compares a shorter cut)."""
    words = [w for w in _WORD_SPLIT.split(low) if w]
    keys = {w[:_TRIGGER_CHARS] for w in words}
    for n in stem_lengths:
        keys.update(w[:n] for w in words)
    return keys


class TermSearch:
    """The first match of compiled terms (`terms.Terms`, which sets these patterns): the ASCII
    terms' regex (`ascii`), that of the terms that start with a sign (`_signs`), the word terms
    after a gap (`_after_gap`) and the other terms' (`wide`, searched only in text that is not
    ASCII)."""

    ascii: re.Pattern[str]
    wide: re.Pattern[str] | None
    _signs: re.Pattern[str] | None

    @property
    def _after_gap(self) -> re.Pattern[str] | None:
        raise NotImplementedError

    def may_hold(self, text: str) -> bool:
        return True

    def words_may_hold(self, text: str) -> bool:
        return True

    def word_terms_may_hold(self, text: str) -> bool:
        """False when no word term can match in `text` (the terms that start with a sign
        may still): a check before the search of the word terms after a gap."""
        return True

    def search(self, text: str) -> re.Match[str] | None:
        if text.isascii():
            return self._first_ascii(text) if self.may_hold(text) else None
        # (a text that is not ASCII: its ASCII terms gated by its words too, `words_may_hold`;
        # they were searched at every gap of ~150 characters of Chinese, ~2 us a set of terms)
        m = self._first_ascii(text) if self.words_may_hold(text) else None
        if m is not None or self.wide is None:
            return m
        return self.wide.search(text)

    def _first_ascii(self, text: str) -> re.Match[str] | None:
        """`ascii.search(text)`. With no regex among the terms, the first match starts where
        the first word term after a gap (`spans`) or the first sign's term does, or at the
        text's start: the pattern is matched there alone, where its word-start check was
        tried at every position (a search per canned part on every short reply)."""
        after_gap = self._after_gap
        if after_gap is None:
            return self.ascii.search(text)
        m = self.ascii.match(text)
        if m is not None:
            return m
        word = after_gap.search(text) if self.word_terms_may_hold(text) else None
        start = word.start(1) if word is not None else len(text) + 1
        sign = self._signs.search(text) if self._signs is not None else None
        if sign is not None and sign.start() < start:
            start = sign.start()
        return self.ascii.match(text, start) if start <= len(text) else None


class WordGate:
    """Could an ASCII text hold one of these word terms (each starts with a letter or a digit,
    at a word's start)? Exact as a "no": a term that matches at a word of the text has the
    same first `chars` letters as that word (`chars` at most six, and no longer than the first
    word of a term whose end may run on into the text's word: `error*`, `req_`), or is that
    whole word; the text's words are split once and kept for the next terms asked
    (`_word_cuts`). A search of the terms tried each gap of the text (~1-10 us a search, and a
    short reply is searched for ~20 sets of terms)."""

    def __init__(self, words: Iterable[str]) -> None:
        firsts: list[str] = []
        chars = _TRIGGER_CHARS
        for term in words:
            stem = term[:-1] if term.endswith("*") else term
            first = _WORD_SPLIT.split(stem, 1)[0]
            firsts.append(first)
            if len(first) == len(stem) and (term.endswith("*") or stem.endswith("_")):
                chars = min(chars, len(first))  # (its word may run on past the term)
        self.chars = chars
        self.keys = frozenset(first[:chars] for first in firsts)

    def may_match(self, text: str) -> bool:
        if len(text) > GATED_CHARS:
            return True  # (a longer text's words would be many to keep: searched)
        return not self.keys.isdisjoint(_word_cuts(text, self.chars))


def joined_gates(gates: Iterable[WordGate]) -> tuple[WordGate, ...]:
    """One gate for many, per length of the words' cuts they look up: a text none of these
    may match, none of `gates` may match (a short reply in Chinese is asked for ~20 sets of
    terms, each gate's lookup ~0.15 us)."""
    keys: dict[int, set[str]] = {}
    for gate in gates:
        keys.setdefault(gate.chars, set()).update(gate.keys)
    out = []
    for chars, cut in sorted(keys.items()):
        joined = WordGate(())
        joined.chars, joined.keys = chars, frozenset(cut)
        out.append(joined)
    return tuple(out)


# The longest text a `WordGate` splits into words (the words of 32 of them kept at most).
GATED_CHARS = 4000


@lru_cache(maxsize=32)
def _word_cuts(text: str, chars: int) -> frozenset[str]:
    """The first `chars` letters of every word of `text` (`WordGate`)."""
    return frozenset(map(itemgetter(slice(0, chars)), _WORD_SPLIT.split(text)))


class Gate:
    """Could a text hold one of these terms? The first six letters of each ASCII term's first
    word (a stem shorter than that, `error*`, its own letters) looked up per word of the text;
    the other terms (CJK, Cyrillic, accented, `re:` and terms that start with a sign) by a
    regex, since they have no word to look up."""

    def __init__(self, terms: Iterable[str], regexes: Iterable[str]) -> None:
        triggers: set[str] = set()
        stems: set[str] = set()
        wide: list[str] = []
        ascii_other: list[str] = list(regexes)
        for term in terms:
            words = _ascii_words(term) if term.isascii() else []
            if term.isascii() and not term[:1].isalnum():
                ascii_other.append(re.escape(term.rstrip("*")))
            elif words:
                stem_is_word = term.endswith("*") and len(words) == 1
                if stem_is_word and len(words[0]) < _TRIGGER_CHARS:
                    stems.add(words[0])
                else:
                    triggers.add(words[0][:_TRIGGER_CHARS])
            else:
                wide.append(term.rstrip("*"))
        self.triggers = frozenset(triggers)
        self.stems = frozenset(stems)
        self.stem_lengths = tuple(sorted({len(s) for s in stems}))
        # (tried only on a text that holds one of its literals, `KeyGated`: the alternation of
        # the vocabulary's `re:` entries, one of which starts with a class, was tried at every
        # position, ~25 us on an 800-character answer)
        self.other = KeyGated("|".join(ascii_other)) if ascii_other else None
        self._ascii_other = tuple(ascii_other)
        # (CJK, Cyrillic, accented terms: looked for by their first characters, `ByFirst`)
        self.wide = ByFirst(wide) if wide else None

    @cached_property
    def keyed(self) -> re.Pattern[str] | None:
        """The keys as one regex (`_keys_pattern`), compiled on first use (only the whole
        vocabulary's gate is asked `may_match`)."""
        return _keys_pattern(self.triggers, self.stems)

    def may_match(self, low: str) -> bool:
        """Whether a word of `low` has a key of these terms, else whether a term with no word
        (a sign, a regex, a wide term) is in it. The keys are one regex (`keyed`), searched
        until the first word that has one: most answers have one in their first words (a
        split of the whole text and a lookup per word cost ~20 us on 800 characters)."""
        if self.keyed is not None and self.keyed.search(low) is not None:
            return True
        return self.may_match_words(set(), low, not low.isascii())

    @cached_property
    def others(self) -> tuple[KeyGated, ...]:
        """The branches of `other` each alone, tried only on a text that holds one of its own
        keys (compiled on first use): the whole alternation, once one of its keys was in a
        text, was tried at every position of it, its branches that start with a lookbehind or
        a class too (~25 us on 300 characters of a notice that holds "unavailable")."""
        return tuple(KeyGated(p) for p in self._ascii_other)

    def other_found(self, low: str) -> bool:
        """Whether a term with no word to look up (a sign's, a `re:` entry) matches in `low`:
        `other.search(low) is not None`, each branch tried where its own keys are."""
        return any(branch.search(low) is not None for branch in self.others)

    def may_match_words(self, keys: set[str], low: str, wide: bool) -> bool:
        if not self.triggers.isdisjoint(keys) or not self.stems.isdisjoint(keys):
            return True
        if self.other_found(low):
            return True
        return wide and self.wide is not None and self.wide.found(low)


def _term_key(term: str) -> str | None:
    """The key (`Gate`) of a term that starts with an ASCII letter or digit, else None."""
    if not term.isascii() or not term[:1].isalnum():
        return None
    words = _ascii_words(term)
    if term.endswith("*") and len(words) == 1 and len(words[0]) < _TRIGGER_CHARS:
        return words[0]
    return words[0][:_TRIGGER_CHARS]


def _keys_pattern(triggers: Iterable[str], stems: Iterable[str]) -> re.Pattern[str] | None:
    """A regex that finds a word (a run of `a-z0-9_`) whose first `_TRIGGER_CHARS` letters
    are a trigger or that starts with a stem: what a lookup of each word's key finds. A
    trigger that long starts the word; a shorter one is the whole word."""
    root: dict[str, Any] = {}
    for key, whole in [
        *((t, len(t) < _TRIGGER_CHARS) for t in triggers),
        *((s, False) for s in stems),
    ]:
        node = root
        for ch in key:
            node = node.setdefault(ch, {})
        node.setdefault("", set()).add(_WORD_END if whole else "")
    if not root:
        return None
    # (each branch starts with its letter: the engine skips to letters, as over CJK text)
    after_first = r"(?<![a-z0-9_].)"
    alts = [re.escape(ch) + after_first + trie_node(child) for ch, child in root.items()]
    return re.compile("|".join(alts))


_WORD_END = r"(?![a-z0-9_])"
