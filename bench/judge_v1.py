"""The judge of the previous version (judge/1)'s gateway check, kept as the baseline that
`bench/judge_corpus.py` measures judge/3 against: a reply was gateway text when known phrases
covered at least half of its letters (once diagnostics were set aside). Not used by tether.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import orjson

from tether.messages import Request


def _shipped_phrases() -> tuple[str, ...]:
    text = (Path(__file__).with_name("judge_v1_phrases.json")).read_text("utf-8")
    return tuple(json.loads(text)["phrases"])


SHIPPED_PHRASES = _shipped_phrases()


@dataclass(frozen=True)
class JudgeConfig:
    """The judge's thresholds and phrase list (data, extendable by configuration)."""

    # A gateway text is short once diagnostics (stack traces, ids, JSON, HTML) are set aside.
    gateway_max_chars: int = 400
    # ... and the known phrases make up at least this share of its letters and digits.
    gateway_min_coverage: float = 0.5
    # Only requests estimated at this many tokens or more are checked for `unprocessed` ...
    unprocessed_min_expected: int = 2000
    # ... and a provider count below this share of the estimate means it never read them.
    unprocessed_ratio: float = 0.5
    extra_phrases: tuple[str, ...] = ()
    phrases: tuple[str, ...] = field(default=SHIPPED_PHRASES)

    def __post_init__(self) -> None:
        if self.gateway_max_chars <= 0:
            raise ValueError("gateway_max_chars must be a positive number of characters")
        if not 0 < self.gateway_min_coverage <= 1:
            raise ValueError("gateway_min_coverage must be in (0, 1]")
        if not 0 < self.unprocessed_ratio < 1:
            raise ValueError("unprocessed_ratio must be in (0, 1)")
        if self.unprocessed_min_expected < 0:
            raise ValueError("unprocessed_min_expected must be a number of tokens, 0 or more")
        for phrase in self.extra_phrases:
            if phrase.startswith("re:"):
                try:
                    re.compile(phrase[3:])
                except re.error as exc:
                    raise ValueError(
                        f"gateway phrase {phrase!r} is not a valid regex: {exc}"
                    ) from None

    @cached_property
    def matcher(self) -> _PhraseMatcher:
        return _PhraseMatcher((*self.phrases, *self.extra_phrases))


_SEPARATORS = bytes.maketrans(
    b"\t\n\r.,;:!?()[]{}<>\"'`/\\|-=*#@&%+~", b" " * len(b"\t\n\r.,;:!?()[]{}<>\"'`/\\|-=*#@&%+~")
)


def _spaced(low: str) -> bytes:
    """Lower-cased text as UTF-8 bytes with separators turned to spaces (translating and
    splitting bytes is several times faster than str)."""
    return low.encode("utf-8", "replace").translate(_SEPARATORS)


class _PhraseMatcher:
    """Finds phrase spans in lower-cased text: plain substrings and `re:` patterns.

    Each ASCII phrase is filed under its longest word, so a text is only searched for the
    phrases whose word it contains (a set lookup per word instead of a search per phrase);
    non-ASCII phrases are searched only in non-ASCII text; patterns should start with a
    literal, so the regex engine can skip ahead.
    """

    def __init__(self, phrases: tuple[str, ...]) -> None:
        plain = sorted(
            {p.lower() for p in phrases if not p.startswith("re:")}, key=len, reverse=True
        )
        self.plain = tuple(plain)
        self.wide = tuple(p for p in plain if not p.isascii())
        by_keyword: dict[bytes, list[str]] = {}
        for phrase in plain:
            words = _spaced(phrase).split() if phrase.isascii() else []
            if words:
                by_keyword.setdefault(max(words, key=len), []).append(phrase)
        self.by_keyword = {k: tuple(v) for k, v in by_keyword.items()}
        self.keywords = frozenset(self.by_keyword)
        # Compiled without re.I (the text is lower-cased already): a literal prefix stays fast.
        self.patterns = tuple(re.compile(p[3:]) for p in phrases if p.startswith("re:"))

    def candidates(self, low: str) -> list[str]:
        """The plain phrases that may occur in `low`: those whose longest word is one of its
        words (a set lookup per word), and the non-ASCII ones only for non-ASCII text."""
        found = [
            p for k in self.keywords.intersection(_spaced(low).split()) for p in self.by_keyword[k]
        ]
        if not low.isascii():
            found += [p for p in self.wide if p in low]
        return found

    def maybe(self, low: str) -> bool:
        """Does any phrase occur in `low`? (The fast gate every reply passes through.)"""
        if any(p in low for p in self.candidates(low)):
            return True
        return any(pattern.search(low) for pattern in self.patterns)

    def spans(self, low: str) -> list[tuple[int, int, str]]:
        found: list[tuple[int, int, str]] = []
        for phrase in self.candidates(low):
            start = low.find(phrase)
            while start >= 0:
                found.append((start, start + len(phrase), phrase))
                start = low.find(phrase, start + len(phrase))
        for pattern in self.patterns:
            found += [(m.start(), m.end(), m.group(0)) for m in pattern.finditer(low)]
        return found


DEFAULT_CONFIG = JudgeConfig()

# Lines that carry no message of their own: stack frames, ids, headers, JSON, timestamps.
_DIAGNOSTIC = re.compile(
    r"""^\s*(?:
        (?:traceback|stack\s*trace|stacktrace|caused\s+by)\b
      | at\s+\S+.*(?:\(|:\d+)
      | file\s+".*",\s+line\s+\d+
      | [\w.$]+(?:error|exception)\b
      | [{}\[\]]
      | "[\w.-]+"\s*:
      | (?:request|req|trace|correlation|span|x-[\w-]+|retry-after|date|server|via|cf-ray)
        [\s_-]*(?:id)?\s*[:=]
      | \d{4}-\d{2}-\d{2}[t\s]\d{2}:\d{2}
    )""",
    re.I | re.X,
)
# Ids anywhere in a line (a uuid, a run of 20 hex digits) make it a diagnostic too. Found by
# mapping hex digits to "x" and searching bytes: a regex scan of every line costs ~10x more.
_HEX = bytes.maketrans(
    b"0123456789abcdefABCDEF-"
    + bytes(c for c in range(256) if chr(c) not in "0123456789abcdefABCDEF-"),
    b"x" * 22 + b"-" + b" " * (256 - 23),
)
_UUID_SHAPE = b"xxxxxxxx-xxxx-xxxx-"
_HEX_RUN = b"x" * 20
_TAG = re.compile(r"<[^>]{1,200}>")
# Letters only: status codes, versions and ids in an error text are not words of a message.
_WORDY = re.compile(r"[^\W\d_]", re.UNICODE)
# A line of prose: four words in a row, or a run of CJK characters.
_PROSE = re.compile(r"[^\W\d_]{2,}(?:[ ,]+[^\W\d_]+){3}|[\u3040-\u30ff\u3400-\u9fff]{4}")
# A quoted key of a dict written as Python or JSON text: `'message':`, `"type":`.
_KEY = re.compile(r"""["'][\w.-]+["']\s*:""")
# Keys whose string values are the message of a JSON error body.
_MESSAGE_KEYS = frozenset(
    ("message", "msg", "errmsg", "error", "error_msg", "detail", "details", "description", "title")
)
# A quotation in prose (after a word, or at the start): the text mentions the phrase, it does
# not say it. A quoted value after `:`, `{` or `,` (an error body) is not a mention.
_QUOTED = re.compile(
    r"""(?:^|(?<=\w\s)|(?<=[\u3040-\u30ff\u3400-\u9fff]))"""
    r"""["'`\u2018\u201c\u00ab\u300c][^"'`\u2018\u2019\u201c\u201d\u00ab\u00bb\u300c\u300d]{2,200}"""
    r"""["'`\u2019\u201d\u00bb\u300d](?!\w)"""
)


_NOT_LETTERS = bytes(b for b in range(128) if not chr(b).isalpha())


def _letters(text: str) -> int:
    if text.isascii():  # deleting bytes is much faster than a regex over str
        return len(text.encode("ascii").translate(None, _NOT_LETTERS))
    return len(_WORDY.findall(text))


def _is_diagnostic(line: str) -> bool:
    if _DIAGNOSTIC.match(line) is not None:
        return True
    shape = line.encode("utf-8", "replace").translate(_HEX)
    return _HEX_RUN in shape or _UUID_SHAPE in shape


def _json_message(text: str) -> str | None:
    """The message strings of a JSON body (`{"error": {"message": ...}}`), or None when
    `text` is not JSON."""
    try:
        value = orjson.loads(text)
    except orjson.JSONDecodeError:
        return None
    found: list[str] = []
    stack: list[tuple[str, object]] = [("", value)]
    while stack:
        key, item = stack.pop()
        if isinstance(item, dict):
            stack += reversed([(str(k), v) for k, v in item.items()])
        elif isinstance(item, list):
            stack += reversed([(key, v) for v in item])
        elif isinstance(item, str) and key.lower() in _MESSAGE_KEYS:
            found.append(item)
    return " ".join(found)


def _message_part(text: str, limit: int) -> str:
    """The text with HTML tags and diagnostics set aside, whitespace folded.

    A JSON body is reduced to its message strings; once a diagnostic line is met (a stack
    trace, an id, a timestamp), the lines after it that are not prose (code of the trace,
    `key: value` pairs) belong to the diagnostics too. Reading stops once the message is
    longer than `limit` (too long to be a gateway's), and a line's first `limit` characters
    decide whether it is a diagnostic: both keep a long answer cheap to judge.
    """
    stripped = text.strip()
    if stripped[:1] in ("{", "[") and stripped[-1:] in ("}", "]"):
        message = _json_message(stripped)
        if message is not None:
            return " ".join(message.split())
    if "<" in text and ">" in text:
        text = _TAG.sub(" ", text)
    kept: list[str] = []
    size, in_diagnostics = 0, False
    for line in text.splitlines():
        if _is_diagnostic(line[:limit]):
            in_diagnostics = True
        elif not in_diagnostics or _PROSE.search(line):
            if ":" in line and ("'" in line or '"' in line):
                line = _KEY.sub(" ", line)
            folded = " ".join(line.split())
            if folded:
                kept.append(folded)
                size += len(folded) + 1
                if size > limit + 1:
                    break
    return " ".join(kept)


def gateway_text(
    text: str, request: Request | None = None, config: JudgeConfig = DEFAULT_CONFIG
) -> str:
    """The gateway phrase that makes `text` a gateway error, or "" when it is not one.

    A gateway text is short once its diagnostics are set aside, and known phrases make up most
    of it. Only the first `gateway_max_chars` are searched first: a gateway's message comes
    before its diagnostics (an HTML page's title, a JSON error's message, then a stack trace).
    A real answer that merely quotes a phrase is longer than the phrase, a phrase in quotes
    in prose ("if you see 'Bad Gateway', ...") is mentioned, not said, and an answer to
    a user who asked about that very phrase (it is in the last user message) is an answer.
    """
    if not config.matcher.maybe(text[: config.gateway_max_chars].lower()):
        return ""
    core = _message_part(text, config.gateway_max_chars).lower()
    if not core or len(core) > config.gateway_max_chars:
        return ""
    spans = sorted(config.matcher.spans(core))
    if spans and any(q in core for q in "\"'`\u2018\u201c\u00ab\u300c"):
        mentions = [(m.start(), m.end()) for m in _QUOTED.finditer(core)]
        spans = [s for s in spans if not any(a < s[0] and s[1] < b for a, b in mentions)]
    if not spans:
        return ""
    covered, end = [], -1
    for start, stop, _ in spans:  # merge overlapping spans
        if start >= end:
            covered.append((start, stop))
        elif stop > end:
            covered[-1] = (covered[-1][0], stop)
        end = max(end, stop)
    residual = core
    for start, stop in reversed(covered):
        residual = residual[:start] + " " + residual[stop:]
    total = _letters(core)
    if total == 0 or 1 - _letters(residual) / total < config.gateway_min_coverage:
        return ""
    if request is not None:
        asked = next(
            (m.text_content.lower() for m in reversed(request.messages) if m.role == "user"), ""
        )
        if asked and all(phrase in asked for _, _, phrase in spans):
            return ""
    return spans[0][2]
