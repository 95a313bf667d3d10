"""Patterns tried only where one of their key substrings is.

A pattern searched at every position of a reply that holds none of its words costs as much as
one that finds something; most replies hold none. Substring tests are cheap, so each such
pattern comes with the keys every match of it begins with (or holds), and is tried only where
one of them is.
"""

from __future__ import annotations

import importlib
import re
import string
import sys
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import Any

from tether.reliability.trie_patterns import trie_node

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


# From this many keys on, short ones (`KeyGated`'s, four characters at most) are looked for
# with one regex shaped like a trie (`any_of`), not with a scan of the text per key.
TRIE_KEYS = 5


def any_of(keys: tuple[str, ...]) -> re.Pattern[str] | None:
    """A regex that finds one of `keys` (plain substrings) wherever `holds` would, shaped like
    a trie: the engine follows one branch per letter at each position, where a substring test
    scans the whole text once per key (22 keys on a 1.4 KB answer: ~7 us against ~16); None
    for fewer than `TRIE_KEYS` (each scanned is cheaper then)."""
    if len(keys) < TRIE_KEYS:
        return None
    root: dict[str, Any] = {}
    for key in keys:
        node = root
        for ch in key:
            node = node.setdefault(ch, {})
        node[""] = {""}
    return re.compile(trie_node(root))


class KeySet:
    """Whether a text holds one of a few dozen plain substrings (a precheck's words): in a
    text that is not ASCII, one search of them all as a trie (`any_of`, from `TRIE_KEYS` keys
    on), where a substring test of each, the text's characters two bytes wide, cost ~0.7 us a
    key (30 words of refusal: ~22 us on 360 characters of Chinese against ~1.3); in an ASCII
    text, a substring test of each ASCII key (`holds`: there they cost less than the trie)."""

    def __init__(self, keys: Iterable[str]) -> None:
        self.keys = split_keys(tuple(dict.fromkeys(keys)))
        every = (*self.keys[0], *self.keys[1])
        self._wide_text = any_of(every) if "" not in every else None

    def found(self, text: str) -> bool:
        """Whether one of the keys is in `text`: `any(key in text for key in keys)`."""
        if self._wide_text is None or text.isascii():
            return holds(text, self.keys)
        return self._wide_text.search(text) is not None


class ByFirst:
    """Whether a text holds one of many plain substrings (the vocabulary's ~4,900 CJK, Cyrillic
    and accented terms): only the keys whose first character the text holds are looked for,
    those of each character as one trie (`any_of`, the character its literal prefix, found by
    a scan in C). One alternation of them all was tried at every position, ~2-4 us a character
    of a reply that is not ASCII (~0.8 ms on 200 characters of Chinese)."""

    def __init__(self, keys: Iterable[str]) -> None:
        groups: dict[str, set[str]] = {}
        for key in keys:
            groups.setdefault(key[:1], set()).add(key)
        self._groups = {first: tuple(sorted(group)) for first, group in groups.items()}
        self._firsts = frozenset(self._groups)
        self._tries: dict[str, re.Pattern[str] | None] = {}  # (compiled on first use)

    def found(self, text: str) -> bool:
        """Whether one of the keys is in `text` (an empty key is in every text)."""
        if "" in self._groups:
            return True
        # (a short text's characters as the set the gates before kept, `chars_of`: the
        # intersection with the text itself hashed each of its characters again, ~15 us on
        # 360 characters of Chinese against ~2)
        chars = chars_of(text) if len(text) <= CHARS_KEPT else text
        for first in self._firsts.intersection(chars):
            group = self._groups[first]
            if group[0] == first:
                return True  # (sorted: a key that is its first character alone comes first)
            if first not in self._tries:
                self._tries[first] = any_of(group)
            trie = self._tries[first]
            if trie is not None:
                if trie.search(text) is not None:
                    return True
            elif holds(text, (group, ())):
                return True
        return False


# The longest text that is not ASCII whose characters a gate looks up (`chars_of`): past it,
# the set costs more than the searches it spares (~15 us on 2,000 characters).
CHARS_KEPT = 1000


@lru_cache(maxsize=8)
def chars_of(text: str) -> frozenset[str]:
    """The characters of `text`, kept for the next gates asked of the same text (`WideUnion`,
    `folds_plainly`: a short reply is asked for several, each a pass over its characters that
    cost ~5 us on 200 characters of Chinese)."""
    return frozenset(text)


def _odd_folds() -> frozenset[str]:
    """Of each pair of characters `re.I` takes for one another but `str.lower()` does not make
    one (the table `re` keeps: U+017F and `s`, U+0131 and `i`, U+00B5 and the Greek mu, the
    final sigma and sigma, U+1C80 and the Cyrillic ve), the odd one, which its upper case does
    not give back (U+017F, U+0131, the final sigma, U+1C80); and U+0130, which `str.lower()`
    writes as two characters. A text or a key with none of them folds plainly."""
    casefix: Any = importlib.import_module("re._casefix")  # (no stubs: typed loosely)
    odd: set[str] = {"\u0130"}
    for low, others in casefix._EXTRA_CASES.items():
        for other in others:
            pair = {chr(low), chr(other)}
            found = {ch for ch in pair if ch.upper().lower() != ch}
            odd |= found or pair  # (one of each pair at least)
    return frozenset(odd)


# (`folds_plainly`)
_ODD_FOLDS = _odd_folds()


def folds_plainly(text: str) -> bool:
    """Whether what a pattern compiled with `re.I` matches in `text` is, lower-cased by
    `str.lower()`, the pattern's letters lower-cased: true of an ASCII text, and of one that
    holds none of `_ODD_FOLDS` (a reply in Chinese, in Russian), where substring tests of keys
    in lower case answer for the pattern, not only in an ASCII one."""
    return text.isascii() or _ODD_FOLDS.isdisjoint(chars_of(text))


def may_hold_folded(text: str, low: str, keys: tuple[str, ...]) -> bool:
    """Whether a pattern compiled with `re.I`, every match of which holds one of `keys` (ASCII,
    lower case), may match in `text` (`low` holds `text.lower()`). Only an ASCII text is
    answered by substring tests: `re.I` also takes U+017F for `s` and U+0130, U+0131 for `i`, which
    `str.lower()` keeps (or writes as two characters); and its callers read an ASCII text
    after it."""
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


class KeyGated:
    """A compiled pattern, not tried on a text that holds none of its literal keys
    (`needed_literals`, read from the pattern itself: a branch added to it later keeps the
    gate right). A pattern compiled with `re.I` is gated by its keys in lower case, on a text
    whose letters `re.I` folds as `str.lower()` does (`folds_plainly`: not one with U+017F, which
    `re.I` takes for `s`); a pattern with no key known is always tried."""

    def __init__(self, pattern: str, flags: int = 0, key_chars: int = 4) -> None:
        self.pattern = re.compile(pattern, flags)
        self.folded = bool(self.pattern.flags & re.IGNORECASE)
        # (each key cut to its first `key_chars` characters: a match holds that too, and a
        # few short keys cost less to look for than many long ones, "what is", "what are")
        cut = {k[:key_chars] for k in needed_literals(pattern)}
        if self.folded:
            cut = {k.lower() for k in cut}
            if any(
                _folds_to_ascii(ch) or ch in _ODD_FOLDS for k in cut for ch in k if not ch.isascii()
            ):
                cut = set()  # (a key an ASCII text may hold in other letters: no gate)
        self.keys = split_keys(
            tuple(sorted(k for k in cut if not any(o != k and o in k for o in cut)))
        )
        self._plain = any_of(self.keys[0])
        self._firsts = frozenset(k[0] for k in (*self.keys[0], *self.keys[1]))

    def may_match(self, text: str, low: str | None = None) -> bool:
        """Whether the pattern may match in `text` (`low`: `text.lower()`, when known)."""
        plain, wide = self.keys
        if not plain and not wide:
            return True
        if self.folded:
            if not folds_plainly(text):
                return True
            text = text.lower() if low is None else low
        if text.isascii():
            if self._plain is not None:
                return self._plain.search(text) is not None
            return holds(text, self.keys)
        if len(text) <= CHARS_KEPT and self._firsts.isdisjoint(chars_of(text)):
            return False  # (no key's first character: a short reply in Chinese, ~0.1 us)
        if self._plain is not None and self._plain.search(text) is not None:
            return True
        return holds(text, ((), wide) if self._plain is not None else self.keys)

    def search(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.pattern.search(text, pos, endpos) if self.may_match(text) else None

    def finditer(
        self, text: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> Iterator[re.Match[str]]:
        return self.pattern.finditer(text, pos, endpos) if self.may_match(text) else iter(())


def _folds_to_ascii(ch: str) -> bool:
    """Whether `re.I` takes the character for an ASCII one (U+0131 for `i`, U+212A for `k`)."""
    return any(
        re.fullmatch(re.escape(ch), a, re.IGNORECASE) for a in string.ascii_letters + string.digits
    )


# How many strings a set of literals (`needed_literals`) may hold: past it, a part of a
# pattern is read as "anything" (too many texts to be worth a substring test each).
_LITERALS_MAX = 32
# The pattern parser of `re` (it has no stubs: typed loosely), used once per pattern.
_PARSER: Any = importlib.import_module("re._parser")
_ZERO_WIDTH = frozenset(("ASSERT", "ASSERT_NOT", "AT"))


def needed_literals(pattern: str) -> tuple[str, ...]:
    """Strings one of which every match of `pattern` holds (as written: in a pattern with
    `re.I`, in any case), or () when none is known: the set whose shortest string is longest,
    from the pattern's runs of literals and its small sets of alternatives (`kvot(?:en|an)?`
    holds "kvot"; `what (?:is|are)|how to` holds "what is", "what are" or "how to")."""
    best = _needed(list(_PARSER.parse(pattern)))
    if not best or min(map(len, best)) == 0:
        return ()
    # (a string that holds another of them adds nothing: "is available" holds "available")
    return tuple(sorted(s for s in best if not any(t != s and t in s for t in best)))


def _exact(items: list[Any]) -> set[str] | None:
    """Every text a sequence of parsed items can match, when they are few, else None."""
    out = {""}
    for item in items:
        texts = _exact_item(item)
        if texts is None:
            return None
        out = {a + b for a in out for b in texts}
        if len(out) > _LITERALS_MAX:
            return None
    return out


def _exact_item(item: tuple[Any, Any]) -> set[str] | None:
    op, av = item
    name = str(op)
    if name == "LITERAL":
        return {chr(av)}
    if name in _ZERO_WIDTH:
        return {""}  # (a look-around or a boundary: no text of the match's own)
    if name == "IN" and all(str(o) == "LITERAL" for o, _ in av):
        return {chr(c) for _, c in av}
    if name == "SUBPATTERN":
        # (a group with flags of its own, `(?i:...)`, may match other letters than its own)
        return None if av[1] or av[2] else _exact(list(av[-1]))
    if name == "BRANCH":
        out: set[str] = set()
        for branch in av[1]:
            texts = _exact(list(branch))
            if texts is None:
                return None
            out |= texts
        return out
    if name in ("MAX_REPEAT", "MIN_REPEAT") and av[0] == 0 and av[1] == 1:
        texts = _exact(list(av[2]))
        return None if texts is None else {"", *texts}
    return None


def _needed(items: list[Any]) -> set[str] | None:
    """Strings one of which every match of a sequence of parsed items holds (the set whose
    shortest string is longest), or None."""
    best: set[str] | None = None

    def better(found: set[str] | None) -> None:
        nonlocal best
        if found and (best is None or min(map(len, found)) > min(map(len, best))):
            best = found

    for i in range(len(items)):
        for j in range(i + 1, len(items) + 1):  # a run of items with few texts
            texts = _exact(items[i:j])
            if texts is None:
                break
            better(texts)
        op, av = items[i]
        name = str(op)
        if name == "SUBPATTERN" and not (av[1] or av[2]):
            better(_needed(list(av[-1])))
        elif name == "BRANCH":
            each = [_needed(list(branch)) for branch in av[1]]
            if all(each):
                better(set().union(*(found for found in each if found)))
        elif name in ("MAX_REPEAT", "MIN_REPEAT") and av[0] >= 1:
            better(_needed(list(av[2])))
    return best
