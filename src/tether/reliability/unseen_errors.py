"""Where a text says no error is seen ("I am not getting an error", "no errors", "kein
Fehler", "没有报错"): the failure words there are no evidence of one."""

from __future__ import annotations

import re

from tether.reliability.keyed import key_positions
from tether.reliability.lexicon import (
    NO_ERROR,
    NOT_SEEING,
)
from tether.reliability.trie_patterns import trie_pattern

# A failure word someone says they do not see ("I am not getting an error", "not seeing any
# errors") is no evidence of one: the words before it end with what they say (`NOT_SEEING`).
_NO_FAILURE_BEFORE = re.compile(
    r"\b(?:" + "|".join(map(re.escape, NOT_SEEING)) + r")(?: an?| any)?\s+$"
)
# ... whose words before the spaces are at most this long ("not receiving any")
_NO_FAILURE_WORDS = 17
# ... or a whole phrase that says no error is seen, in many languages ("no errors", "kein
# Fehler", "sin errores", "没有报错", "エラーは出ません"): the failure word inside it is none.
_NO_ERROR = re.compile(trie_pattern(NO_ERROR))
# The error word every such phrase holds (a phrase without one is its own key): the pattern is
# tried only near them, not at every position of a reply (~90 us on a 1.4 KB answer).
_ERROR_WORDS = (
    *("erro", "fehler", "erreur", "ошиб", "помил", "błęd", "fout", "hata", "lỗi", "kesalahan"),
    *("错", "錯", "エラー", "오류", "에러"),
)
_NO_ERROR_KEYS = _ERROR_WORDS + tuple(p for p in NO_ERROR if not any(k in p for k in _ERROR_WORDS))
# ... less those that begin with another (where they begin, it does), and those an ASCII
# message has (most messages: the others cannot be in it, and each costs a look)
_NO_ERROR_KEYS = tuple(
    k for k in _NO_ERROR_KEYS if not any(o != k and k.startswith(o) for o in _NO_ERROR_KEYS)
)
_NO_ERROR_ASCII_KEYS = tuple(k for k in _NO_ERROR_KEYS if k.isascii())
# (a phrase with a trailing `*` takes any word ending: no reach bounds it, and all is searched)
_NO_ERROR_REACH = (
    None if any(p.endswith("*") for p in NO_ERROR) else max(map(len, NO_ERROR), default=0)
)


def _no_error_spans(message: str) -> list[tuple[int, int]]:
    """The spans `_NO_ERROR.finditer(message)` finds. A match holds a key and is at most
    `_NO_ERROR_REACH` long, so it lies within that reach of one: each window around the keys
    (one character more at its end, for the pattern's word-end check) is searched alone."""
    reach = _NO_ERROR_REACH
    if reach is None:
        return [m.span() for m in _NO_ERROR.finditer(message)]
    at = key_positions(message, _NO_ERROR_ASCII_KEYS if message.isascii() else _NO_ERROR_KEYS)
    spans: list[tuple[int, int]] = []
    n = len(message)
    j = 0
    while j < len(at):
        lo, hi = max(0, at[j] - reach), min(n, at[j] + reach + 1)
        j += 1
        while j < len(at) and at[j] - reach <= hi:
            hi = min(n, at[j] + reach + 1)
            j += 1
        spans += [m.span() for m in _NO_ERROR.finditer(message, lo, hi)]
    return spans


def _not_seen(message: str, at: int) -> bool:
    """`_NO_FAILURE_BEFORE.search(message, 0, at)`, tried only where a match can start: its
    words end where the spaces before `at` begin (a search from the text's start cost ~10 us
    a hit on 1,400 characters)."""
    words_end = at  # (where `message[:at].rstrip()` ends, found without copying the text)
    while words_end > 0 and message[words_end - 1].isspace():
        words_end -= 1
    if words_end == at:
        return False  # no space before the hit
    return _NO_FAILURE_BEFORE.search(message, max(0, words_end - _NO_FAILURE_WORDS), at) is not None


def seen_hits(
    message: str, found: list[tuple[str, int, int, str]]
) -> list[tuple[str, int, int, str]]:
    """The hits of `found` (class, start, end, term) in `message` that are not said unseen:
    not after words that say it is not seen, not inside a no-error phrase."""
    if "not " in message:
        found = [h for h in found if not _not_seen(message, h[1])]
    if found:
        unseen = _no_error_spans(message)
        if unseen:
            found = [h for h in found if not any(a <= h[1] < b for a, b in unseen)]
    return found
