"""The words by which a reply and its request are compared, in every script: which of a text's
words are its content (`content_words`), and how loosely two texts' words are matched
(`overlap_words`). Both read a text in its comparison form (`folding.fold`).

A word is a run of letters and the marks written on them (by Unicode category: a Devanagari
vowel sign, a Thai tone mark, a Vietnamese tone is part of its word), digits and `_` after its
first letter. A spaced script's word is a content word when it has four characters or more,
as an ASCII word is (Cyrillic, Greek, Arabic, Hebrew, Devanagari, Vietnamese with its marks).
Scripts written without spaces between words are read in pieces: CJK text as pairs of
characters with a Han or hangul one (kana alone are endings: every Japanese sentence shares
them), Thai, Lao, Myanmar and Khmer as runs of four characters (a run of three is often a
syllable's vowel marks: "ื่อ" in เพื่อ and เนื่อง).
"""

from __future__ import annotations

import re
import unicodedata

from tether.reliability.folding import vietnamese

CONTENT_WORD = re.compile(r"[a-z][a-z0-9_]{3,}")
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
HAN_PAIR = re.compile(r"(?=([\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]{2}))")
HAN = re.compile(r"[\u3400-\u9fff\uac00-\ud7af]")
_UNSPACED_CHARS = "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff"
UNSPACED = re.compile(f"[{_UNSPACED_CHARS}]+")
RUN = 4
WORD_CHARS = 4  # a spaced script's content word has this many characters or more


def _marks() -> str:
    """The combining marks of the Basic Multilingual Plane (categories Mn, Mc, Me), as ranges
    of a character class."""
    codes = [c for c in range(0x300, 0x10000) if unicodedata.category(chr(c)).startswith("M")]
    ranges, start = [], codes[0]
    for prev, code in zip(codes, [*codes[1:], -1], strict=True):
        if code != prev + 1:
            ranges.append(f"\\u{start:04x}-\\u{prev:04x}" if prev > start else f"\\u{start:04x}")
            start = code
    return "".join(ranges)


_MARKS = _marks()
# A word of any script: a letter, then letters, marks, digits and `_`.
_WORD = re.compile(f"[^\\W\\d_][\\w{_MARKS}]*")
# What a spaced script's word is cut at: the characters of the scripts read in pieces.
_PIECES = re.compile(f"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af{_UNSPACED_CHARS}]+")


def content_words(text: str) -> set[str]:
    """A text's content words (see the module): ASCII words of four characters or more as
    `CONTENT_WORD` finds them, the other spaced scripts' words of four or more, CJK pairs and
    the runs of the unspaced scripts. Stop words are the caller's to take off (`STOP`)."""
    if text.isascii():
        return set(CONTENT_WORD.findall(text))
    words: set[str] = set()
    for token in _WORD.findall(text):
        if token.isascii():
            words.update(CONTENT_WORD.findall(token))
            continue
        for part in _PIECES.split(token):
            if part.isascii():
                words.update(CONTENT_WORD.findall(part))
            elif len(part) >= WORD_CHARS and part[0].isalpha():
                words.add(part)
    words.update(p for p in HAN_PAIR.findall(text) if HAN.search(p))
    for run in UNSPACED.findall(text):
        words.update(run[i : i + RUN] for i in range(len(run) - RUN + 1))
    return words


# An inflected word of a spaced script but Latin is compared by its stem, its first five
# characters (an inflected word keeps them: "листья", "листьев").
STEM = 5
# A language written one syllable a word whose words are two of them (Vietnamese: "yêu cầu",
# "máy chủ"): its syllables also read as pairs, as CJK is read as pairs of characters.
_SYLLABLE_PAIR = re.compile(r"(?=\b([^\W\d_]+ [^\W\d_]+)\b)")


def latin(word: str) -> bool:
    """Whether a word is written in Latin letters (ASCII, accented, Vietnamese)."""
    if word.isascii():
        return True  # (most words: one test in C, not one a character)
    return all(ord(c) < 0x250 or 0x1E00 <= ord(c) < 0x1F00 for c in word)


def overlap_words(text: str) -> set[str]:
    """The words by which a reply and its question are loosely compared: `content_words`,
    those of a spaced script but Latin by their stems (`STEM`), and a Vietnamese text's
    syllable pairs: a notice in Russian shares nothing with a task in Russian it does not
    answer."""
    words = content_words(text)
    if text.isascii():
        return words
    stems = {
        w if latin(w) or UNSPACED.match(w) is not None or CJK.search(w) is not None else w[:STEM]
        for w in words
    }
    if vietnamese(text):
        stems.update(_SYLLABLE_PAIR.findall(text))
    return stems
