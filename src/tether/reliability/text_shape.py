"""The structure readings of a text: its sentences, quotes, fences, footer, diagnostics and
size, read the same way by the reply and every signal that cuts a part of it."""

from __future__ import annotations

import re
import unicodedata

from tether.reliability.machine_marks import IDS, KEY_VALUES, TAG
from tether.reliability.words import CJK


def composed(text: str) -> str:
    """`text` in composed form (NFC): text stored decomposed (macOS file names and exports,
    some editors) carries its accents and Hangul as separate code points, and no written
    failure word would match it."""
    if text.isascii() or unicodedata.is_normalized("NFC", text):
        return text
    return unicodedata.normalize("NFC", text)


MARKDOWN = re.compile(
    r"^\s*(?:\|.*\|\s*$|#{1,6}\s+\S|[-*+\u2022]\s+\S.*\n\s*[-*+\u2022]\s+\S"
    r"|\d+[.)]\s+\S.*\n\s*\d+[.)]\s+\S)",
    re.M,
)
TABLE_RULE = re.compile(r"^[ \t|:+]*-{3,}[ \t|:+-]*$", re.M)
# Any whitespace: whether a text is one unit (no space, no break) or more.
SPACE = re.compile(r"\s")
# A mark of code in a line: a backtick, a brace, a semicolon, an assignment, a call's bracket
# after a word, a path's slash before one, a shell's pipe or variable, a tag; read only for
# whether a text holds one. (Every mark's character first, in one class, what must stand around
# a bracket or a slash looked at after: the engine skips to those characters, where `\w\(` was
# tried at every letter of a text with no mark, ~12 us on 360 characters of Chinese or on
# 300 of plain English against ~1.)
CODE_MARKS = re.compile(r"[`{}=;$|<>\\(/](?:(?<![(/])|(?<=\w\()|(?<=/)(?=\w))")
# A bare rule after a blank line (a thematic break), and what follows it to the end.
_CLOSING_RULE = re.compile(r"\n[ \t]*\n[ \t]*(?:-{3,}|\*{3,}|_{3,})[ \t]*\n(.*)\Z", re.S)
# What may follow a bare rule at a reply's end: a footer of one or two lines (a bot's tip, its
# signature, "Request not charged"), not a section of a document.
FOOTER_LINES = 2
FOOTER_CHARS = 300


# A link's target in markdown ("[docs](https://...)"): its address is not text a reader sees.
_LINK_TARGET = re.compile(r"(?<=\])\([^()\s]{1,400}\)")


def rendered(text: str) -> str:
    """`text` without its tags and its links' targets: what a reader sees of it (a bot's tip
    is one line of text under anchors with long `href` and `class` attributes)."""
    if "<" in text:
        text = TAG.sub("", text)
    if "](" in text:
        text = _LINK_TARGET.sub("", text)
    return text


def is_footer(after: str) -> bool:
    """Whether `after`, the text under a bare rule at a reply's end, is a short footer (its
    length as rendered: `rendered`)."""
    after = after.strip()
    lines = [line for line in after.splitlines() if line.strip()]
    return 0 < len(lines) <= FOOTER_LINES and len(rendered(after)) <= FOOTER_CHARS


def footer_at(text: str) -> int:
    """Where a reply's footer starts, set apart by a bare rule after a blank line (a review
    bot's tip under its notice, a relay's "this request was not charged"): its notice ends
    there. The text's length when it has none."""
    if "\n" not in text[-FOOTER_CHARS - 8 :]:
        return len(text)
    m = _CLOSING_RULE.search(text, max(0, len(text) - FOOTER_CHARS - 16))
    if m is None or not is_footer(m.group(1)) or not text[: m.start()].strip():
        return len(text)
    return m.start()


# Quotes open with “, «, 「, 『 or the low „ of Polish, Czech, German, Romanian
# and Hungarian (closed by ”)
# (the check before a single quote follows it: tried first, at every position, it cost twice)
QUOTE = re.compile(
    r"""["`\u201c\u201e\u00ab\u300c\u300e]"""
    r"""([^"`\u201c\u201d\u201e\u00ab\u00bb\u300c\u300d\u300e\u300f\n]{2,400})"""
    r"""["`\u201d\u00bb\u300d\u300f]|'(?<![a-z]')([^'\n]{2,400})'(?![a-z])""",
    re.I,
)
# What follows a URL's scheme: its words are an address, not what the reply says.
URL_PATH = re.compile(r"(?<=https://)\S+|(?<=http://)\S+")
FENCED_BLOCK = re.compile(r"```[^\n]*\n(.*?)```", re.S)
# a whole reply in markdown emphasis (`_Sorry, something went wrong_`, `**RATE LIMIT ...**`):
# a chat client's italics or bold around its notice, not part of any word
EMPHASIS_WRAP = re.compile(r"(\*{1,3}|_{1,3})(?=[^\s*_])(.+?)(?<=[^\s*_])\1", re.S)
# a line of a short reply in underscore italics (Telegram's `_please wait..._` under its
# status): the underscores glue to the words, which no term would match
LINE_ITALICS = re.compile(r"^_(?=[^\s_])([^_\n]+?)(?<=[^\s_])_$", re.M)
LINE_ITALICS_CHARS = 300
# Letters outside a fenced error that make it quoted by an answer, not printed by a client.
QUOTE_PROSE_LETTERS = 40
# Where a sentence ends: a stop before a space or a line's end (not the dot of `4.1`), a CJK
# stop, a line break.
SENTENCE_BREAK = re.compile(r"(?<=[.!?])(?:\s+|$)|[\u3002\uff01\uff1f]|\n+")
# The one character each of its matches starts at or after: a stop, a CJK stop, a line break.
_BREAK_CHAR = re.compile(r"[.!?\n\u3002\uff01\uff1f]")
_SPACES = re.compile(r"\s+")
_LINE_BREAKS = re.compile(r"\n+")


def split_sentences(text: str) -> list[str]:
    """`SENTENCE_BREAK.split(text)`, from the characters a break starts at or after, found by
    one scan the engine skips through (the pattern's lookbehind was tried at every position,
    and its alternation kept the engine from skipping: ~60 us on 1,400 characters, ~20 so): a
    stop before spaces breaks after itself, a CJK stop and a run of line breaks are breaks,
    and a stop at the very end breaks there too (an empty last piece)."""
    out: list[str] = []
    at = end = 0
    for m in _BREAK_CHAR.finditer(text):
        p = m.start()
        if p < end:
            continue  # (inside the spaces after a stop)
        ch = text[p]
        if ch in ".!?":
            spaces = _SPACES.match(text, p + 1)
            if spaces is None:
                continue  # (`4.1`, `e.g.x`: no break)
            start, end = p + 1, spaces.end()
        elif ch == "\n":
            start, end = p, _LINE_BREAKS.match(text, p).end()  # type: ignore[union-attr]
        else:
            start, end = p, p + 1
        out.append(text[at:start])
        at = end
    out.append(text[at:])
    if text.endswith((".", "!", "?")):
        out.append("")  # (the pattern's `$` after a stop at the end)
    return out


SENTENCE = re.compile(r"[^.!?\n\u3002\uff01\uff1f]+[.!?\u3002\uff01\uff1f]*")
LETTER = re.compile(r"[^\W\d_]", re.UNICODE)
NOT_LETTERS = bytes(b for b in range(128) if not chr(b).isalpha())

LEAD_IN = re.compile(
    r"(?:said|says|say|shows?|showed|returns?|returned|prints?|printed|reads?|message|output|"
    r"responds?|responded|replied|replies|gives?|gave|like|e\.g\.|example|see|get|got|with)"
    r"\s*[:\uff1a]?\s*$",
    re.I,
)


def is_ids_line(low: str) -> bool:
    return IDS.match(low) is not None or KEY_VALUES.match(low) is not None


# An emoji's shortcode as Slack, Discord and GitHub write it (":cry:", ":goberserk:"): a
# picture in a chat app, not words of the message. (Its colon first, the look behind it after:
# the engine skips to each colon, where a lookbehind at the start was tried at every
# position, ~35 us on a 1,400-character answer against ~2.)
SHORTCODE = re.compile(r":(?<![\w:]:)[a-z0-9_+\-]{1,40}:(?![\w:])")


def word_letters(text: str) -> int:
    """The letters of `text`'s words, an emoji's shortcode (`SHORTCODE`) not counted."""
    total = count_letters(text)
    if ":" in text:
        total -= sum(count_letters(m.group(0)) for m in SHORTCODE.finditer(text))
    return total


def count_letters(text: str) -> int:
    if text.isascii():
        return len(text.encode("ascii").translate(None, NOT_LETTERS))
    return len(LETTER.findall(text))


# Prose this long, in two sentences or more, before a page's first tag: an article that
# shows an example page (a client's prefix before the page it got is a line, a page's own
# head is markup).
PROSE_LEAD_CHARS = 250


def prose_lead(lead: str) -> bool:
    """Whether `lead`, the text before a page's first tag, is a writer's prose: the page is
    an example shown in an article ("...the server may answer with this page:"), not a
    reply."""
    lead = lead.strip()
    if len(lead) < PROSE_LEAD_CHARS or lead.startswith(("<", "{", "#", "[")):
        return False
    sentences = [x for x in split_sentences(lead) if len(x.strip()) >= 12]
    return len(sentences) >= 2 and TAG.search(lead) is None


DIAGNOSTIC = re.compile(
    r"""^\s*(?:
        (?:traceback|stack\s*trace(?:back)?|stacktrace|caused\s+by)\b
      | at\s+\S+.*(?:\(|:\d+)
      | file\s+".*",\s+line\s+\d+
      | [{}\[\]],?\s*$
      | (?:request|req|trace|correlation|span|x-[\w-]+|retry-after|date|server|via|cf-ray|upstream)
        [\s_-]*(?:id)?\s*[:=]
      | \d{4}-\d{2}-\d{2}[t\s]\d{2}:\d{2}
    )""",
    re.X,
)
PROSE_LINE = re.compile(r"[^\W\d_]{2,}(?:[ ,]+[^\W\d_]+){3}|[\u3040-\u30ff\u3400-\u9fff]{4}")


def unfenced(text: str) -> str:
    """The text without its fenced blocks when there are words around them: what is in a
    fence is shown, not said (an error quoted in an answer)."""
    if "```" not in text:
        return text
    outside = FENCED_BLOCK.sub(" ", text)
    return outside if len(LETTER.findall(outside)) >= QUOTE_PROSE_LETTERS else text


def without_diagnostics(low: str) -> str:
    """The lines a person reads: once a diagnostic line is met (a stack frame, an id, a
    timestamp), the lines after it that are not prose belong to the diagnostics too."""
    kept: list[str] = []
    in_diagnostics = False
    for line in low.splitlines():
        # (`low` is lower-cased already, and lowering again changes no character)
        if DIAGNOSTIC.match(line) is not None or is_ids_line(line.strip()):
            in_diagnostics = True
        elif not in_diagnostics or PROSE_LINE.search(line):
            kept.append(line)
    return "\n".join(kept)


def display_size(text: str) -> int:
    """Characters, a CJK character counting as 2.5 (it carries a word's worth)."""
    if text.isascii():
        return len(text)
    return len(text) + int(1.5 * len(CJK.findall(text)))
