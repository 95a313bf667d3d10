"""The marks machine-made text carries, each found fast: an HTML page's tags, SSE frames, an
HTTP status said, ids, request ids and timestamps, stack frames. Several are searched branch by
branch (`first_match`, `Anchored`, `Needing`, `Folded`) where one alternation was tried whole at
every position of the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Protocol

from tether.reliability.keyed import may_hold_folded
from tether.reliability.trie_patterns import trie_pattern

HTML = re.compile(r"</?(?:!doctype\s+html|html|head|body|title)\b", re.I)
TITLE = re.compile(r"<(title|h1|h2)\b[^>]*>(.*?)</\1\s*>", re.I | re.S)
SCRIPT = re.compile(r"<(script|style)\b.*?</\1\s*>", re.I | re.S)
TAG = re.compile(r"<[^>]{0,400}>")
# The tags of text rendered from markdown: a paragraph, code, emphasis, a link, a list.
MARKDOWN_TAG = re.compile(r"</?(?:p|code|pre|strong|em|b|i|a|ul|ol|li|br|blockquote)\b", re.I)
SSE = re.compile(r"^(?:event:\s*(\w+)|data:\s*(\{.*|\[done\]))", re.M | re.I)
# What says a status: a label before the code (each with the word it needs, or none), a line
# that is a label and the code, a line that opens with the code and its reason.
_STATUS_LABELS = (
    (r"\bhttp(?:/\d(?:\.\d)?)?[\s:_/-]*", "http"),
    (r"\bstatus(?:[\s_-]*code)?[\s:=\"']*", "status"),
    (r"\berror[\s_-]*code[\s:=\"']*", "error"),
    (r"^\W{0,3}error[\s:]+", "error"),
    (r"\bcode[\s:=\"']+", "code"),
    (r"\bapi error:?\s*", "api error"),
    (r"^\W{0,3}", ""),
)
# (not a setting whose value is a quantity that happens to be 400-599: `delay: 500`,
# `max_tokens: 512`, `timeout_ms: 450`, a line of code or configuration, not a status said)
_QUANTITY_KEY = (
    r"(?![\w .-]{0,30}?(?:(?<![^\W\d_])|(?-i:(?<=[a-z])(?=[A-Z])))"  # a word's start, or camelCase
    r"(?:delay|timeout|interval|backoff|wait|sleep|port|size|width|height|length|len|count|max|min"
    r"|ttl|duration|ms|millis|seconds|secs|bytes|tokens|retries|attempts|offset|batch)s?\s*:)"
)
_STATUS_LINE = r"^\W{0,3}" + _QUANTITY_KEY + r"[\w .-]{1,30}:\s*([45]\d\d)\b(?=[,:;\s]|$)"
_STATUS_REASON = (
    r"^\W{0,3}([45]\d\d)\s+(?:too many requests|bad gateway|service unavailable|gateway time-?out|"
    r"internal server error|forbidden|unauthori[sz]ed|not found|payment required|request timeout|"
    r"bad request|overloaded|conflict|precondition failed|unprocessable)"
)
STATUS = re.compile(
    "(?:" + "|".join(label for label, _ in _STATUS_LABELS) + r")([45]\d\d)\b"
    f"|{_STATUS_LINE}|{_STATUS_REASON}",
    re.I | re.M,
)
# An id, request id or timestamp (on lower-cased text). Every branch starts with a letter, a
# digit or `=` the engine can scan for: the same alternation with `\b` and `re.I` in front took
# ~0.3 ms on a 800-character answer.
_ID_WORDS = ("request", "req", "trace", "correlation")
_ID_FORMS = (
    r"=(?<=[a-z_]=)[\w.:/-]+[,.]?\s+[a-z_-]+=",
    trie_pattern(
        [f"{w}{sep}id" for w in _ID_WORDS for sep in ("", " ", "_", "-", "\t", "\n")]
        + ["x-request-id", "cf-ray", "ray id"],
        word_start=True,
        open_end=True,
    ),
    r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-",
    trie_pattern(("req", "chatcmpl", "msg", "gen", "resp", "err"), word_start=True, open_end=True)
    + r"[_-][0-9a-z]{12,}",
    r"[0-9a-f](?<![0-9a-z_].)[0-9a-f]{23,}\b",
    r"\d(?<!\w\d)\d{3}-\d{2}-\d{2}[t ]\d{2}:\d{2}",
    trie_pattern(("org", "user", "key", "sk", "proj"), word_start=True, open_end=True)
    + r"-[0-9a-z*]{6,}",
)
IDS = re.compile("|".join(_ID_FORMS))


class Searcher(Protocol):
    def search(self, string: str) -> re.Match[str] | None: ...


class Anchored:
    """`pattern.search(text)`, found from a sign every match has `back` characters after its
    start (`anchor` matches that one character where the rest of a match can be around it):
    the engine skips to the sign, where a pattern that starts with a class of characters is
    tried at every position (a UUID's form took ~10 us on an 800-character answer, ~0.5 us
    from its first `-`)."""

    def __init__(self, pattern: str, anchor: str, back: int) -> None:
        self.pattern = re.compile(pattern)
        self.anchor = re.compile(anchor)
        self.back = back

    def search(self, string: str) -> re.Match[str] | None:
        for sign in self.anchor.finditer(string):
            start = sign.start() - self.back
            m = self.pattern.match(string, start) if start >= 0 else None
            if m is not None:
                return m
        return None


class Needing:
    """`pattern.search(text)`, not tried when the text (its characters mapped by `table`) holds
    none of `needed`: substring tests in C that the pattern cannot match (24 hexadecimal digits
    in a row, one of the words a request id starts with). ASCII text is mapped as bytes, by a
    table of 256 (`str.translate` looks each character up in a dict: ~3 us on 800
    characters, against ~0.4 us to encode and translate the bytes)."""

    def __init__(
        self, pattern: str, needed: tuple[str, ...], table: dict[int, str] | None = None
    ) -> None:
        self.pattern = re.compile(pattern)
        self.needed = needed
        self.table = table
        self.ascii_table: bytes | None = None
        self.ascii_needed: tuple[bytes, ...] = ()
        if table is not None and all(
            k < 128 and len(v) == 1 and v.isascii() for k, v in table.items()
        ):
            self.ascii_table = bytes(ord(table.get(b, chr(b))) for b in range(256))
            self.ascii_needed = tuple(n.encode("ascii") for n in needed if n.isascii())

    def search(self, string: str) -> re.Match[str] | None:
        if self.ascii_table is not None and string.isascii():
            mapped_bytes = string.encode("ascii").translate(self.ascii_table)
            if not any(needed in mapped_bytes for needed in self.ascii_needed):
                return None
        else:
            mapped = string.translate(self.table) if self.table is not None else string
            if not any(needed in mapped for needed in self.needed):
                return None
        return self.pattern.search(string)


_HEX_AS_X: dict[int, str] = str.maketrans(dict.fromkeys("0123456789abcdef", "x"))
_DASH_AS_UNDERSCORE: dict[int, str] = str.maketrans({"-": "_"})
# The forms of `IDS`, each searched in its fastest way (the same matches: `first_id`).
_ID_FORM_SEARCHERS: tuple[Searcher, ...] = (
    re.compile(_ID_FORMS[0]),
    Needing(_ID_FORMS[1], ("req", "trace", "correlation", "ray")),
    Anchored(_ID_FORMS[2], r"-(?<=[0-9a-f]{8}-)(?=[0-9a-f]{4}-[0-9a-f]{4}-)", 8),
    Needing(
        _ID_FORMS[3],
        ("req_", "chatcmpl_", "msg_", "gen_", "resp_", "err_"),
        _DASH_AS_UNDERSCORE,
    ),
    Needing(_ID_FORMS[4], ("x" * 24,), _HEX_AS_X),
    Anchored(_ID_FORMS[5], r"-(?<=\d{4}-)(?=\d{2}-\d{2}[t ]\d{2}:\d{2})", 4),
    Needing(_ID_FORMS[6], ("org-", "user-", "key-", "sk-", "proj-")),
)


def first_match(patterns: Iterable[Searcher], text: str) -> re.Match[str] | None:
    """What the alternation of `patterns` finds in `text`: the leftmost match, the earlier
    pattern's on a tie. Searched one by one, they can cost far less than their alternation,
    which the engine tries whole at every position."""
    found = None
    for pattern in patterns:
        m = pattern.search(text)
        if m is not None and (found is None or m.start() < found.start()):
            found = m
    return found


# The forms that need none of "=", "-" and "_" (a request id's words, 24 hexadecimal digits):
# in a text with none of those signs, as most sentences are, the other five cannot match.
_ID_FORMS_WITHOUT_SIGNS = (_ID_FORM_SEARCHERS[1], _ID_FORM_SEARCHERS[4])


def first_id(low: str) -> re.Match[str] | None:
    """What `IDS.search(low)` finds, in a fraction of the time (`first_match`)."""
    if "-" not in low and "_" not in low and "=" not in low:
        return first_match(_ID_FORMS_WITHOUT_SIGNS, low)
    return first_match(_ID_FORM_SEARCHERS, low)


class Folded:
    """`pattern.search(text)` for a case-blind pattern, not tried when an ASCII text holds
    none of `needed` (lower case) in any case. A text that is not ASCII is always searched:
    `re.I` also takes a few other letters for ASCII ones (U+017F for `s`)."""

    def __init__(self, pattern: str, needed: tuple[str, ...], flags: int = 0) -> None:
        self.pattern = re.compile(pattern, flags | re.I)
        self.needed = needed

    def search(self, string: str) -> re.Match[str] | None:
        if self.needed and not may_hold_folded(string, string.lower(), self.needed):
            return None
        return self.pattern.search(string)


# `STATUS`'s branches, each searched alone (`first_match`; the same match): its alternation, whose
# every branch but three starts with `\b`, was tried whole at every position (~16 us on 160
# characters), where most of its branches need a word most texts do not hold.
_STATUS_FORMS: tuple[Searcher, ...] = (
    *(Folded(label + r"([45]\d\d)\b", (w,) if w else (), re.M) for label, w in _STATUS_LABELS),
    Folded(_STATUS_LINE, (), re.M),
    Folded(_STATUS_REASON, (), re.M),
)


def first_status(text: str) -> re.Match[str] | None:
    """What `STATUS.search(text)` finds (its whole match), in a fraction of the time."""
    return first_match(_STATUS_FORMS, text)


KEY_VALUES = re.compile(r"[a-z_]+=[\w.:/-]+[,.]?\s+[a-z_-]+=")  # IDS's first branch, for match()


TRACE = re.compile(
    r"^\s*(?:traceback \(most recent call last\)|stack traceback:|at \S+ \(.*:\d+(?::\d+)?\)"
    r"|file \".*\", line \d+"
    r"|caused by:|at [\w.$<>]+\([\w.]*:\d+\))",
    re.I | re.M,
)
