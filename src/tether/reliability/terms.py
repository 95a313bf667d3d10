"""Many terms compiled into fast regexes (`Terms`): the ASCII ones searched in every text behind one
word-start check, the others (CJK, Cyrillic, accented) only in text that is not ASCII, `re:`
entries searched apart where their keys are. The judge's vocabulary (`lexicon.Lexicon`) and
every signal module's own lists are read with it.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Iterator
from functools import cached_property

from tether.reliability.keyed import KeyGated, chars_of
from tether.reliability.term_search import TermSearch, WordGate, joined_gates
from tether.reliability.trie_patterns import (
    first_letters,
    term_pattern,
    trie,
    trie_node,
    trie_pattern,
)

# (after a wide term's first ASCII letter: no letter, digit or `_` before it)
_AFTER_FIRST = r"(?<![a-z0-9_].)"


class Terms(TermSearch):
    """Many terms as two regexes: the ASCII ones, searched in every text, sharing one
    word-start check (`trie_pattern`); the others (CJK, Cyrillic, accented), searched only in
    text that is not ASCII. `re:` entries are regular expressions, searched with the ASCII
    ones. Reads like a compiled pattern."""

    def __init__(self, terms: Iterable[str], regexes: Iterable[str] = ()) -> None:
        items = {t for t in terms if t}
        # Russian writes "ё" (U+0451) as the plain Cyrillic "e" (U+0435) as often as not
        # ("завершён"): a term spelt with "ё" also stands spelt without it (a reply's
        # `message` reads every "ё" as the plain letter)
        items |= {t.replace("\u0451", "\u0435") for t in items if "\u0451" in t}
        plain = sorted((t for t in items if t.isascii()), key=len, reverse=True)
        wide = sorted((t for t in items if not t.isascii()), key=len, reverse=True)
        words = [t for t in plain if t[:1].isalnum()]
        self.words = words  # the terms that start with a letter or a digit
        parts = []
        if words:
            parts.append(trie_pattern(words, word_start=True))
        signs = [term_pattern(t) for t in plain if not t[:1].isalnum()]
        patterns = list(regexes)
        self.regexes = tuple(re.compile(p) for p in patterns)  # (the `re:` entries)
        self._plain = plain
        self.ascii = re.compile("|".join([*parts, *signs, *patterns]) or "(?!)")
        self._gapped = bool(words) and not patterns  # (`found` skips to the gaps)
        # the terms that start with a sign (", wenn der"), searched apart in `found`
        self._signs = re.compile("|".join(signs)) if signs else None
        # (a wide term that starts with an ASCII letter keeps its word-start check, after its
        # first letter: every branch starts with a character the engine can skip to; a check
        # before each of ~300 such terms cost ~1 ms on a page of Chinese or German)
        starts = [t for t in wide if t[:1].isascii() and t[:1].isalnum()]
        rest = [t for t in wide if t not in starts]
        self.wide_terms = (tuple(rest), tuple(starts))  # (`wide_union`)
        wide_parts = first_letters(rest) + first_letters(starts, _AFTER_FIRST)
        self.wide = re.compile("|".join(wide_parts)) if wide_parts else None
        # (the word terms' gate; the whole set's too when no term starts with a sign: with
        # such terms, the word terms' search after the gaps tried every gap of a short reply
        # in Chinese, ~5 us for a set of ~120 terms)
        self._word_gate = WordGate(words) if self._gapped else None
        self._gate = self._word_gate if self._signs is None else None

    def may_hold(self, text: str) -> bool:
        """False when no term can match in `text` (`WordGate`); True when one may."""
        gate = self._gate
        return gate is None or not text.isascii() or gate.may_match(text)

    @property
    def ascii_gate(self) -> WordGate | None:
        """The gate of the ASCII terms (`words_may_hold`), or None when they are not gated."""
        return self._gate

    def ascii_search(self, text: str) -> re.Match[str] | None:
        """The first match of the ASCII terms in `text`, ASCII or not (`search` without the
        wide terms)."""
        return self._first_ascii(text) if self.words_may_hold(text) else None

    def words_may_hold(self, text: str) -> bool:
        """False when no ASCII term can match in `text`, ASCII or not (`WordGate`: a word term
        starts after a character that is not `a-z0-9_`, where the gate splits the text's words,
        whatever other characters the text holds); the wide terms are not gated."""
        gate = self._gate
        return gate is None or gate.may_match(text)

    def word_terms_may_hold(self, text: str) -> bool:
        """False when no word term (of `words`) can match in `text`, ASCII or not
        (`WordGate`); the terms that start with a sign and the wide terms are not gated."""
        gate = self._word_gate
        return gate is None or gate.may_match(text)

    @cached_property
    def _apart(self) -> tuple[Terms, tuple[KeyGated, ...]] | None:
        """With `re:` entries among word terms: the terms without them, and each entry tried
        only where its keys are (`KeyGated`), searched apart by `_first_ascii` (compiled on
        first use); None otherwise."""
        if not self.regexes or not self.words:
            return None
        return Terms(self._plain), tuple(KeyGated(rx.pattern) for rx in self.regexes)

    def _first_ascii(self, text: str) -> re.Match[str] | None:
        """`ascii.search(text)`. With `re:` entries, the earliest of the terms' first match
        (found at the gaps, `TermSearch._first_ascii`) and each entry's, the terms' on a tie
        and then the entries' in order, as in the whole alternation: it was tried at every
        position (~12 us on a 300-character notice, `tool_protocol`)."""
        apart = self._apart
        if apart is None:
            return super()._first_ascii(text)
        terms, entries = apart
        found = terms._first_ascii(text) if terms.words_may_hold(text) else None
        for entry in entries:
            m = entry.search(text)
            if m is not None and (found is None or m.start() < found.start()):
                found = m
        return found

    @cached_property
    def _after_gap(self) -> re.Pattern[str] | None:
        """The word terms after the gap before them (`found`), compiled on first use; None
        when a term is a regex (it may match anywhere)."""
        return re.compile(f"[^a-z0-9_]({trie_pattern(self.words)})") if self._gapped else None

    def found(self, text: str) -> list[str]:
        """What each match of `finditer(text)` holds (`spans`)."""
        return [text[a:b] for a, b in self.spans(text)]

    def spans(self, text: str) -> list[tuple[int, int]]:
        """The span of each match of `finditer(text)`. With no regex among the terms, a word
        term starts a word: at the text's start or after a gap, where the engine skips to the
        gaps (`Lexicon.spans`); the word-start check before a trie of many first letters was
        tried at every position (~27 us on 800 characters, ~12 so). Terms that start with a
        sign (", wenn der") are searched apart, and the earlier of the two taken."""
        after_gap = self._after_gap
        if after_gap is None:
            return [m.span() for m in self.finditer(text)]
        out: list[tuple[int, int]] = []
        if not self.words_may_hold(text):
            if self.wide is not None and not text.isascii():
                out += [m.span() for m in self.wide.finditer(text)]
            return out
        first = self.ascii.match(text)
        end = 0
        if first is not None:
            end = first.end()
            out.append(first.span())
        # (a match may start right after the one before when that one ended with a gap: the
        # search starts one character back, at the gap)
        signs = self._signs
        words = self.word_terms_may_hold(text)
        m = after_gap.search(text, end - 1 if end else 0) if words else None
        s = signs.search(text, end) if signs is not None else None
        while m is not None or s is not None:
            # the earlier of the next word term and the next sign's term (never at one place:
            # a word starts with a letter or a digit, a sign's term with neither)
            if m is not None and (s is None or m.start(1) < s.start()):
                end = m.end()
                out.append(m.span(1))
            elif s is not None:
                end = s.end()
                out.append(s.span())
            m = after_gap.search(text, end - 1) if words else None
            s = signs.search(text, end) if signs is not None else None
        if self.wide is not None and not text.isascii():
            out += [m.span() for m in self.wide.finditer(text)]
        return out

    def finditer(
        self, text: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> Iterator[re.Match[str]]:
        """Matches in `text[pos:endpos]` (a word-start check still sees the text before `pos`):
        the ASCII terms' first, then the others'."""
        if endpos >= len(text) and not self.may_hold(text):
            return  # (a cut text's end passes a term's word-end check: not gated)
        yield from self.ascii.finditer(text, pos, endpos)
        if self.wide is not None and not text.isascii():
            yield from self.wide.finditer(text, pos, endpos)


class WideUnion:
    """Whether the wide terms (`Terms.wide`) of one of many sets of terms match in a text:
    the branch of each first character the text holds, searched alone (compiled on first
    use). One alternation of them all (~1,600 terms) was tried at every character of a
    reply in Chinese (~11 us on 100 characters), and a search per set cost ~0.5 us a set."""

    def __init__(self, sets: Iterable[Terms]) -> None:
        rest: set[str] = set()
        starts: set[str] = set()
        for terms in sets:
            rest.update(terms.wide_terms[0])
            starts.update(terms.wide_terms[1])
        # (a term that starts with an ASCII letter never shares its first character with one
        # that does not: one branch a character)
        self._branches = {
            **{ch: re.escape(ch) + trie_node(child) for ch, child in trie(rest).items()},
            **{
                ch: re.escape(ch) + _AFTER_FIRST + trie_node(child)
                for ch, child in trie(starts).items()
            },
        }
        self._firsts = frozenset(self._branches)
        # (a term that starts with an ASCII letter holds a character that is not ASCII: one
        # of those first such characters must be in the text for its letter's branch to be
        # searched, on a reply in Chinese with names in ASCII ~0.3 us a letter)
        self._wide_firsts = frozenset(ch for ch in self._firsts if not ch.isascii())
        marks = {next(ch for ch in term if not ch.isascii()) for term in starts}
        self._marks = frozenset(marks)
        self._compiled: dict[str, re.Pattern[str]] = {}

    def found(self, text: str) -> bool:
        """Whether one of the wide terms matches in `text`."""
        chars = chars_of(text)
        firsts = self._firsts if not self._marks.isdisjoint(chars) else self._wide_firsts
        for first in firsts.intersection(chars):
            branch = self._compiled.get(first)
            if branch is None:
                branch = self._compiled[first] = re.compile(self._branches[first])
            if branch.search(text) is not None:
                return True
        return False


class AnyTerms:
    """Whether one of many sets of terms matches in a text: `any(terms.search(text) is not
    None for terms in sets)`, where in a text that is not ASCII the sets' wide terms are
    looked for at once (`WideUnion`) and each set's ASCII terms behind its own gate."""

    def __init__(self, sets: Iterable[Terms]) -> None:
        self.sets = tuple(sets)
        self._wide: WideUnion | None = None  # (built on first use)
        # the sets' ASCII gates joined (`joined_gates`), and the sets whose ASCII terms have
        # no gate: in a text none of the joined gates may match, only those are searched
        gated = [terms.ascii_gate for terms in self.sets]
        self._joined = joined_gates(gate for gate in gated if gate is not None)
        self._ungated = tuple(t for t, gate in zip(self.sets, gated, strict=True) if gate is None)

    def found(self, text: str) -> bool:
        if text.isascii():
            return any(terms.search(text) is not None for terms in self.sets)
        if self._wide is None:
            self._wide = WideUnion(self.sets)
        if self._wide.found(text):
            return True
        sets = self.sets if any(g.may_match(text) for g in self._joined) else self._ungated
        return any(terms.ascii_search(text) is not None for terms in sets)
