"""Encoding damage: a reply whose bytes were read as the wrong characters.

A text decoded token by token without the byte map undone keeps byte-level BPE's stand-ins
(`Ġ`, `Ċ`, SentencePiece's `▁`); UTF-8 read one byte at a time as Latin-1 or cp1252 turns "é"
into "Ã©"; a decoder that could not read the bytes writes U+FFFD; a broken kernel's bytes read
as characters are a run of signs with few letters, or of letters switching between many
scripts. A person who quotes such a text writes it among spaced words, few of them, and a
request about encodings may quote it (`ASKS_ENCODING`).
"""

from __future__ import annotations

import re
from itertools import pairwise

# Byte-level BPE's stand-ins for bytes, left in a text decoded token by token without the
# byte map undone: `Ġ` for a space, `Ċ` for a newline ("TitleĠofĠtheĠimageĊĊ"); SentencePiece's
# `▁` for a space, its pieces joined without it replaced ("▁The▁sea▁is▁blue").
_BPE_SPACES = ("\u0120", "\u010a")
_PIECE_SPACE = re.compile("\u2581[^\\W\\d_]")
# A text of two-byte UTF-8 characters (accented Latin, Greek, Cyrillic, Hebrew, Arabic) whose
# bytes were read one by one as Latin-1 or cp1252: a lead byte C2-DF ("\u00c3", "\u00d0",
# "\u00d1") and a continuation byte (80-BF) ("Ã©" for "é", "Ð¿Ñ€" for "пр").
_BYTE_PAIR = re.compile(
    "[\u00c2-\u00df][\u00a0-\u00bf\u20ac\u201a\u0192\u201e\u2026\u2020\u2021\u02c6"
    "\u2030\u0160\u2039\u0152\u017d\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc"
    "\u2122\u0161\u203a\u0153\u017e\u0178]"
)
# Two-byte mojibake: this many pairs at least; in a text of another script read so (Cyrillic,
# Greek), this share of its characters.
MOJIBAKE_PAIRS = 3
PAIR_SHARE = 0.3
# A request about encodings: then garbled characters may be what it asks about.
ASKS_ENCODING = re.compile(
    r"encod|decod|utf|unicode|charset|latin|mojibake|garbl|\u4e71\u7801|\u6587\u5b57\u5316\u3051"
    r"|\u043a\u043e\u0434\u0438\u0440\u043e\u0432\u043a|\ufffd",
    re.I,
)
# A short reply with the replacement character in it at all (a token cut mid-character opens
# it: "\ufffd\ufffd\u90fd\u5e02"), this short.
REPLACED_CHARS = 80
# Text of other scripts whose UTF-8 bytes were read one by one: a three-byte character's lead
# byte (E0-EF: Indic and Thai, CJK, Hangul) as Latin-1, then two continuation bytes as Latin-1
# (80-BF), as GPT-2's byte map
# spells the rest (U+0121-U+0143: "\u00e4\u00b8\u012f", the "\u4e0d" of a byte-level
# tokenizer), or as cp1252 spells them ("\u00e4\u00b8\u00ad\u00e6\u2013\u2021", "\u4e2d\u6587").
_BYTE_TRIPLE = re.compile(
    "[\u00e0-\u00ef][\u0080-\u00bf\u0121-\u0143\u20ac\u201a\u0192\u201e\u2026\u2020"
    "\u2021\u02c6\u2030\u0160\u2039\u0152\u017d\u2018\u2019\u201c\u201d\u2022\u2013"
    "\u2014\u02dc\u2122\u0161\u203a\u0153\u017e\u0178]{2}"
)
_LEAD_BYTE = re.compile("[\u00e0-\u00ef]")
# Mojibake: this many such characters at least, and this share of the text's characters.
MOJIBAKE_TRIPLES = 2
MOJIBAKE_SHARE = 0.5
# U+FFFD, what a decoder writes for bytes it could not read: this many in a reply.
REPLACEMENTS = 4


def mojibake(text: str) -> str | None:
    """Bytes read as characters: byte-level BPE's `Ġ`/`Ċ` standing where spaces and newlines
    are (more of them than spaces), a CJK text's UTF-8 bytes read one by one as Latin-1 or
    byte-map characters (most of the text), or the decoder's replacement character again and
    again. A person who quotes such a text writes it among spaced words, few of them."""
    head = text[:2000]
    if head.isascii():
        return None  # (every mark of it is a character outside ASCII)
    pieces = head.count(_BPE_SPACES[0]) + head.count(_BPE_SPACES[1])
    if pieces >= 3 and pieces > head.count(" "):
        return "\u0120"
    if head.count("\ufffd") >= REPLACEMENTS:
        return "\ufffd"
    if (
        "\ufffd" in head
        and len(text) <= REPLACED_CHARS
        and (text.startswith("\ufffd") or head.count("\ufffd") >= 2 or not text.strip("\ufffd \n"))
    ):
        return "\ufffd"
    if "\u2581" in head:
        pieces = len(_PIECE_SPACE.findall(head))
        if pieces >= 3 and pieces > head.count(" "):
            return "\u2581"
    pairs = _BYTE_PAIR.findall(head)
    if len(pairs) >= MOJIBAKE_PAIRS:
        solid = len(head) - sum(map(head.count, " \n\t"))
        # (an accented Latin text: its pairs stand for a few letters among plain ones; every
        # letter of a Cyrillic text: a long run of pairs)
        if 2 * len(pairs) >= PAIR_SHARE * solid or (
            "\u00c3" in head and sum(1 for x in pairs if x[0] == "\u00c3") >= MOJIBAKE_PAIRS
        ):
            return str(pairs[0])
    if _LEAD_BYTE.search(head) is None:
        return None
    found = _BYTE_TRIPLE.findall(head)
    if len(found) < MOJIBAKE_TRIPLES:
        return None
    solid = len(head) - sum(map(head.count, " \n\t"))
    if 3 * len(found) >= MOJIBAKE_SHARE * solid:
        return str(found[0])
    return None


# Every mark of mojibake (`mojibake_marks`) holds one of these: a text without one (most
# answers in any script) is answered by one scan, not six.
_MARK_CHARS = re.compile("[\u0120\u010a\ufffd\u2581\u00c2-\u00ef]")


def mojibake_marks(text: str) -> bool:
    """Whether `text`'s head holds a mark of mojibake (`Ġ`, `Ċ`, U+FFFD, a Latin-1 lead byte)."""
    head = text[:2000]
    if _MARK_CHARS.search(head) is None:
        return False
    return (
        any(c in head for c in "\u0120\u010a\ufffd\u2581")
        or (_LEAD_BYTE.search(head) is not None and _BYTE_TRIPLE.search(head) is not None)
        or (not head.isascii() and _BYTE_PAIR.search(head) is not None)
    )


# A byte soup: a run this long with no space, few letters and many kinds of signs.
NOISE_CHARS = 60
NOISE_SIGNS = 10
NOISE_LETTER_SHARE = 0.35


def byte_noise(text: str) -> bool:
    """Bytes read as characters: one run with no space, few letters, many kinds of signs."""
    if len(text) < NOISE_CHARS or any(c.isspace() for c in text):
        return False
    letters = sum(1 for c in text if c.isalpha())
    signs = {c for c in text if not c.isalnum()}
    return letters < NOISE_LETTER_SHARE * len(text) and len(signs) >= NOISE_SIGNS


# A run with no space that mixes many scripts, switching between them at every few letters:
# bytes of a broken kernel read as characters of every script (Latin, Arabic, kana, Hebrew in
# a row). A run this long, this many scripts, this many switches.
SOUP_RUN = 40
SOUP_SCRIPTS = 5
SOUP_SWITCHES = 15
SOUP_HEAD = 20000
_OTHER_SCRIPTS = tuple(
    re.compile(x)
    for x in (
        "[\u0370-\u03ff]",
        "[\u0400-\u052f]",
        "[\u0590-\u05ff]",
        "[\u0600-\u077f]",
        "[\u0900-\u0dff]",
        "[\u0e00-\u0e7f]",
        "[\u3040-\u30ff]",
        "[\uac00-\ud7af]",
    )
)
# Any letter of those scripts, by one scan: a text with none of them (Chinese, Latin, most
# replies not ASCII) is no soup, where the eight scans cost ~2.5 us on 1,500 characters.
_ANY_OTHER_SCRIPT = re.compile("[" + "".join(x.pattern[1:-1] for x in _OTHER_SCRIPTS) + "]")
_SCRIPT_STARTS = (
    (0x250, 0),  # Latin
    (0x370, -1),
    (0x400, 1),  # Greek
    (0x530, 2),  # Cyrillic
    (0x590, -1),
    (0x600, 3),  # Hebrew
    (0x780, 4),  # Arabic
    (0x900, -1),
    (0xE00, 5),  # Indic
    (0xE80, 6),  # Thai
    (0x3040, -1),
    (0x3100, 7),  # Kana
    (0x4E00, -1),
    (0xA000, 8),  # Han
    (0xAC00, -1),
    (0xD7B0, 9),  # Hangul
)


def _script(c: str) -> int:
    """A coarse script of a letter (-1: none of the listed ones, or no letter)."""
    if not c.isalpha():
        return -1
    o = ord(c)
    for end, script in _SCRIPT_STARTS:
        if o < end:
            return script
    return -1


# A soup of tokens from every script, spaced like words ("\u0e14\u0e32\u0e23\u4ef7\u4f4d presenter
# \u4e45\u3057\u3076 ...\u6d41\u884c\u043f\u0443\u0442\u5d16"): a model whose weights do not
# match its tokenizer. A writer's word changes script only to or from Latin
# ("API-\u043a\u043b\u044e\u0447", "\u7528Python\u5199") or inside Chinese, Japanese and
# Korean (kana and Han, Hangul and Han); one letter of a script touching one of another,
# neither Latin nor both of East Asia, is a glued token's. This many such contacts make a soup.
GLUED_CONTACTS = 3
_EAST_ASIAN = frozenset((7, 8, 9))


def _glued_contacts(scripts: list[int]) -> int:
    """Contacts of two letters of different scripts, neither Latin, not both East Asian."""
    return sum(
        1
        for a, b in pairwise(scripts)
        if a != b and a > 0 and b > 0 and not (a in _EAST_ASIAN and b in _EAST_ASIAN)
    )


def script_soup(text: str) -> str | None:
    """A long run with no space whose letters come from many scripts in turn, or words whose
    letters touch letters of another script `GLUED_CONTACTS` times (module doc)."""
    if len(text) < SOUP_RUN or text.isascii():
        return None
    # (letters of the scripts besides Latin and Han, found by one scan: a soup has three such
    # scripts at least, a Chinese or Japanese text one at most)
    head = text[:SOUP_HEAD]
    if _ANY_OTHER_SCRIPT.search(head) is None:
        return None
    if sum(1 for x in _OTHER_SCRIPTS if x.search(head) is not None) < SOUP_SCRIPTS - 2:
        return None
    glued = 0
    for run in text.split():
        if run.isascii():
            continue
        scripts = [_script(c) for c in run]  # (-1 between letters: only letters that touch)
        if len(run) >= SOUP_RUN:
            found = [x for x in scripts if x >= 0]
            if (
                len(set(found)) >= SOUP_SCRIPTS
                and sum(1 for a, b in pairwise(found) if a != b) >= SOUP_SWITCHES
            ):
                return run[:20]
        glued += _glued_contacts(scripts)
        if glued >= GLUED_CONTACTS:
            return run[:20]
    return None
