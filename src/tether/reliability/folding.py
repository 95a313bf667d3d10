"""The comparison form of a text: the one form in which a reply's words and its request's are
compared.

A request and the reply that serves it often write the same word in two forms: one types the
accents and the other does not ("Résumé" / "resume", "Informação" / "informacao", "ещё" /
"еще"), one shouts ("ÜBERSETZE" / "übersetze"), one is typed with a CJK keyboard's full-width
letters (U+FF21-U+FF5A: "API" typed wide), one is Turkish ("İSTEK" lowers to "i" and a
combining dot, and the dotless i is no "i"). Read as written they share no word, and a reply
that serves its request is read as not sharing its subject (a canned notice), or a failure
that says the request back in another case is not seen as an echo. Every reading that
compares a reply with its request compares `fold`ed forms: each side is folded once per
reply (`Reply.compared_question`, `Reply.compared_message`, `Reply.asked_words`).

The form: compatibility-composed (NFKC: full-width and other presentation forms to their
plain letters, ligatures spelled out), case-folded (`str.casefold`: "ß" -> "ss", Greek final
sigma -> sigma), the accents of Latin, Greek and Cyrillic letters taken off, and Turkish
dotless i (U+0131) read as "i". CJK text, kana, Hangul and the scripts whose marks are
letters (Devanagari, Arabic, Hebrew, Thai) are left as NFKC leaves them: their marks are not
accents.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

# The combining diacritical marks (U+0300-U+036F): the accents Latin, Greek and Cyrillic
# letters decompose to. Kana's voicing marks (U+3099, U+309A), Hangul's jamo and the vowel
# signs of Indic and Semitic scripts are outside it.
_ACCENTS = range(0x300, 0x370)


def _latin_fold() -> dict[int, str]:
    """Accented Latin letters and their bare ASCII ones ("é" -> "e", "ự" -> "u", "đ" -> "d"):
    one alphabet, whether a writer types its accents or not ("café", "cafe")."""
    table = {
        ord(c): d for c, d in zip("đłøßæœı", ("d", "l", "o", "ss", "ae", "oe", "i"), strict=True)
    }
    for code in (*range(0xC0, 0x250), *range(0x1E00, 0x1F00)):
        bare = "".join(c for c in unicodedata.normalize("NFKD", chr(code)) if c.isascii())
        if code not in table and bare.isalpha():
            table[code] = bare
    return table


# (kept apart: `question_signals.overlap_words` reads Latin text by it alone)
LATIN_FOLD = _latin_fold()


def _fold_table() -> dict[int, str | None]:
    """`LATIN_FOLD`, the Greek and Cyrillic letters with an accent and their bare ones (Greek
    alpha with tonos -> alpha, Cyrillic io -> ie, yi -> i), and the combining accents
    themselves dropped."""
    table: dict[int, str | None] = dict(LATIN_FOLD)
    for code in (*range(0x370, 0x530), *range(0x1F00, 0x2000)):
        parts = unicodedata.normalize("NFD", chr(code))
        bare = "".join(c for c in parts if ord(c) not in _ACCENTS)
        if len(parts) > 1 and len(bare) == 1 and bare != chr(code) and bare.isalpha():
            table[code] = bare
    for code in _ACCENTS:
        table[code] = None
    return table


_FOLD = _fold_table()


@lru_cache(maxsize=256)
def fold(text: str) -> str:
    """`text` in its comparison form (see the module). ASCII text is only lower-cased (the
    cheap path most texts take). Positions in the folded text are not the original's (a
    ligature becomes two letters): compare words and substrings, never offsets."""
    if text.isascii():
        return text.lower()
    folded = unicodedata.normalize("NFKC", text).casefold()
    if folded.isascii():
        return folded
    return folded.translate(_FOLD)
