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
reply (`Reply.compared_question`, `Reply.compared_message`, `Reply.asked_words`), any part of
either (and the system prompt) by `Reply.compared`, in the same form.

The form: compatibility-composed (NFKC: full-width and other presentation forms to their
plain letters, ligatures spelled out), case-folded (`str.casefold`: "ß" -> "ss", Greek final
sigma -> sigma), the accents of Latin, Greek and Cyrillic letters taken off, and Turkish
dotless i (U+0131) read as "i". CJK text, kana, Hangul and the scripts whose marks are
letters (Devanagari, Arabic, Hebrew, Thai) are left as NFKC leaves them: their marks are not
accents. Nor are Vietnamese tone and vowel marks: they tell words apart ("mạng" network,
"mang" carry; "lỗi" error, "lời" words; "máy" machine, English "may"), so a Vietnamese text
(`vietnamese`: by letters only Vietnamese writes) is folded by case and width alone. An
exchange is read in one form (`Reply.marked`): a part of a Vietnamese reply that happens to
hold no such letter ("vui lòng") is folded as its reply is.
"""

from __future__ import annotations

import re
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


def _fold_table() -> dict[int, str | None]:
    """`_latin_fold`, the Greek and Cyrillic letters with an accent and their bare ones (Greek
    alpha with tonos -> alpha, Cyrillic io -> ie, yi -> i), and the combining accents
    themselves dropped."""
    table: dict[int, str | None] = dict(_latin_fold())
    for code in (*range(0x370, 0x530), *range(0x1F00, 0x2000)):
        parts = unicodedata.normalize("NFD", chr(code))
        bare = "".join(c for c in parts if ord(c) not in _ACCENTS)
        if len(parts) > 1 and len(bare) == 1 and bare != chr(code) and bare.isalpha():
            table[code] = bare
    for code in _ACCENTS:
        table[code] = None
    return table


_FOLD = _fold_table()

# Letters only Vietnamese writes (in either case): o and u with a horn, and the vowels with a
# dot below, a hook above or a tone over a circumflex or breve (U+1EA0-U+1EF9). (Not "ă",
# Romanian's too, nor "đ", Croatian's.)
_VIETNAMESE = re.compile("[\u01a0\u01a1\u01af\u01b0\u1ea0-\u1ef9]")


def vietnamese(text: str) -> bool:
    """Whether `text` holds a letter only Vietnamese writes (its marks composed or not)."""
    if text.isascii():
        return False
    if not unicodedata.is_normalized("NFC", text):
        text = unicodedata.normalize("NFC", text)
    return _VIETNAMESE.search(text) is not None


def marked(*texts: str) -> bool:
    """Whether texts compared with each other are read with their marks (`fold`): when one of
    them is Vietnamese, so that a part of a Vietnamese text with no letter only Vietnamese
    writes ("vui lòng") is folded as the rest of it is."""
    return any(vietnamese(text) for text in texts)


@lru_cache(maxsize=256)
def fold(text: str, keep_marks: bool | None = None) -> str:
    """`text` in its comparison form (see the module): with its marks kept when `keep_marks`
    (a Vietnamese exchange: `marked`), or, with None, when the text itself is Vietnamese. ASCII
    text is only lower-cased (the cheap path most texts take). Positions in the folded text
    are not the original's (a ligature becomes two letters): compare words and substrings,
    never offsets."""
    if text.isascii():
        return text.lower()
    folded = unicodedata.normalize("NFKC", text).casefold()
    if folded.isascii() or (vietnamese(folded) if keep_marks is None else keep_marks):
        return folded
    return folded.translate(_FOLD)
