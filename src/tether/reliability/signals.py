"""The evidence behind the `gateway` verdict: is a reply's text a failure, not the model's answer?

Gateways, relays and clients put their own failure texts where the model's reply should be:
quota notices, rate-limit messages, "overloaded", an HTML error page, a JSON error object, an
SSE error frame printed as text, `null`, a content-filter replacement, an error appended to a
partial answer. No single phrase list catches them, because real texts carry ids, advice, links
and explanations around the phrase. So the judge weighs evidence: each signal below is a small
named function that reads the reply (and the request it answers) and returns a weight, positive
for "failure", negative for "answer". The reply is a failure when the weights add up to the
threshold (1.0). `tether judge --explain` prints every signal that fired, with its weight.

Failure evidence:   vocabulary (per class, in nine languages), coverage (failure words make up
                    the message), short_notice, error_object (JSON, a Python dict, a Rust or Go
                    struct), html_page, sse_frame, status_code, client_prefix, diagnostics (ids,
                    timestamps, request ids), placeholder, tail_error, zero_output
Answer evidence:    explains (cause and fix words), prose (sentences with no failure word),
                    markdown (tables, lists, headings, code), quoted (failure words in quotes),
                    asked_about (the question names the same failure), on_topic (the reply
                    shares words with the question), asked_for (the request demanded this short
                    reply, these keys, this markup)

The phrases and weights are data (`judge_signals.json`), extendable by configuration.
Pure and fast: a long reply with no failure shape at its start or end is cleared without a
full reading (`quick_clear`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

import orjson

from tether.messages import Request, Usage
from tether.reliability.error_objects import CODE_WORD, ERROR_KEYS, FENCE, KEYED
from tether.reliability.error_objects import error_object as read_error_object
from tether.reliability.lexicon import Lexicon, placeholder_key

THRESHOLD = 1.0
# Past this many characters a reply is judged by its start and its end only, unless its start
# has a failure's structure (an HTML page, an error object, a stack trace).
LONG_CHARS = 1500
# The last line of a reply is read on its own (an error appended to a partial answer) when it
# is at most this long.
TAIL_CHARS = 400
# A reply this short can be a placeholder or a short reply the prompt demanded.
SHORT_CHARS = 48
# The part of the question the judge compares the reply with.
QUESTION_CHARS = 4000

DEFAULT_WEIGHTS: dict[str, float] = {
    # failure evidence
    "coverage": 0.5,  # failure words make up at least a third of the message's letters
    "short_notice": 0.4,  # a message of at most 200 characters with failure words
    "error_object": 1.2,
    "error_object_part": 0.5,  # an error object inside a longer text
    "html_page": 1.2,
    "html_doc": 0.5,  # an HTML document with no error in its title
    "sse_frame": 1.2,
    "status_code": 0.6,
    "client_prefix": 0.5,
    "diagnostics": 0.3,
    "placeholder": 2.0,
    "tail_error": 1.2,
    "stack_trace": 1.2,  # the reply is a stack trace or an exception as a runtime prints it
    "zero_output": 0.6,
    # answer evidence (applied as negative weights)
    "explains": 0.2,  # per explaining word, up to three
    "explains_at_end": 0.3,
    "defines": 0.5,
    "prose": 0.25,  # per sentence with no failure word, up to five
    "long_prose": 0.5,  # more than 200 characters in four sentences or more
    "markdown": 0.7,
    "table": 1.2,
    "quoted": 0.6,
    "asked_about": 0.6,  # share of the word evidence taken back: the question names it
    "asked_about_shape": 0.35,  # ... and of the structure evidence
    "asked_for_shape": 0.85,  # ... both expected when the question asks what it looks like
    "asked_about_other": 0.45,  # ... of both, when the question is about some other failure
    "introduced": 0.8,
    "json_data": 1.0,
    "first_person": 0.4,
    "change_note": 1.0,
    "specifics": 0.4,
    "many_codes": 0.8,
    "on_topic": 0.5,
    "off_topic": 0.3,
    "asked_for": 2.5,
}
VOCABULARY_CAP = 1.6
VOCABULARY_DENSE = 300
VOCABULARY_MORE = 0.1  # each further word of a class already found, up to two
EXPLAINS_MAX = 5
# How far past a word's match a class is looked for (a longer term of another class that
# begins inside it).
HIT_WINDOW = 80
LONG_PROSE_CHARS = 200
LONG_PROSE_SENTENCES = 4
PROSE_MAX = 5


@dataclass(frozen=True, slots=True)
class Signal:
    """One piece of evidence: positive weight for "failure", negative for "answer"."""

    name: str
    weight: float
    evidence: str


@dataclass(frozen=True, slots=True)
class Reading:
    """Every signal that fired on a reply, their sum, and what the reply is taken for."""

    signals: tuple[Signal, ...]
    threshold: float = THRESHOLD

    @property
    def score(self) -> float:
        return round(sum(s.weight for s in self.signals), 3)

    @property
    def failure(self) -> bool:
        return self.score >= self.threshold

    @property
    def kind(self) -> Literal["gateway", "empty", "filtered"]:
        """`empty` for a placeholder, `filtered` for a content filter's text, else `gateway`."""
        names = {s.name for s in self.signals}
        if "placeholder" in names:
            return "empty"
        if "vocabulary:filter" in names and not names & {
            "error_object",
            "html_page",
            "sse_frame",
            "status_code",
        }:
            strongest = max(
                (s for s in self.signals if s.name.startswith("vocabulary:")),
                key=lambda s: s.weight,
            )
            if strongest.name == "vocabulary:filter":
                return "filtered"
        return "gateway"

    def summary(self) -> str:
        """The strongest failure evidence, for a verdict's detail."""
        top = sorted((s for s in self.signals if s.weight > 0), key=lambda s: -s.weight)[:3]
        return ", ".join(f"{s.name} {s.evidence!r}" for s in top)


# ---------------------------------------------------------------- reading a reply

_HTML = re.compile(r"</?(?:!doctype\s+html|html|head|body|title)\b", re.I)
_TITLE = re.compile(r"<(title|h1|h2)\b[^>]*>(.*?)</\1\s*>", re.I | re.S)
_SCRIPT = re.compile(r"<(script|style)\b.*?</\1\s*>", re.I | re.S)
_TAG = re.compile(r"<[^>]{0,400}>")
_SSE = re.compile(r"^(?:event:\s*(\w+)|data:\s*(\{.*|\[done\]))", re.M | re.I)
_STATUS = re.compile(
    r"(?:\bhttp(?:/\d(?:\.\d)?)?[\s:_/-]*|\bstatus(?:[\s_-]*code)?[\s:=\"']*|\berror[\s_-]*code[\s:=\"']*"
    r"|^\W{0,3}error[\s:]+|\bcode[\s:=\"']+|\bapi error:?\s*|^\W{0,3})([45]\d\d)\b"
    r"|^[\w .-]{1,30}:\s*([45]\d\d)\b(?=[,:;\s]|$)"
    r"|^\W{0,3}([45]\d\d)\s+(?:too many requests|bad gateway|service unavailable|gateway time-?out|"
    r"internal server error|forbidden|unauthori[sz]ed|not found|payment required|request timeout|"
    r"bad request|overloaded|conflict|precondition failed|unprocessable)",
    re.I | re.M,
)
_IDS = re.compile(
    r"\b[a-z_]+=[\w.:/-]+[,.]?\s+[a-z_-]+="
    r"|\b(?:request[\s_-]?id|req[\s_-]?id|trace[\s_-]?id|x-request-id|cf-ray|ray id"
    r"|correlation[\s_-]?id)"
    r"|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-|\b(?:req|chatcmpl|msg|gen|resp|err)[_-][0-9a-z]{12,}"
    r"|\b[0-9a-f]{24,}\b|\b\d{4}-\d{2}-\d{2}[t ]\d{2}:\d{2}"
    r"|\b(?:org|user|key|sk|proj)-[0-9a-z*]{6,}",
    re.I,
)
_TRACE = re.compile(
    r"^\s*(?:traceback \(most recent call last\)|at \S+ \(.*:\d+(?::\d+)?\)|file \".*\", line \d+"
    r"|caused by:|at [\w.$<>]+\([\w.]*:\d+\))",
    re.I | re.M,
)
_MARKDOWN = re.compile(
    r"^\s*(?:\|.*\|\s*$|#{1,6}\s+\S|[-*+\u2022]\s+\S.*\n\s*[-*+\u2022]\s+\S"
    r"|\d+[.)]\s+\S.*\n\s*\d+[.)]\s+\S)",
    re.M,
)
_TABLE_RULE = re.compile(r"^[ \t|:+]*-{3,}[ \t|:+-]*$", re.M)
_QUOTE = re.compile(
    r"""["`\u201c\u00ab\u300c\u300e]([^"`\u201c\u201d\u00ab\u00bb\u300c\u300d\u300e\u300f\n]{2,400})"""
    r"""["`\u201d\u00bb\u300d\u300f]|(?<![a-z])'([^'\n]{2,400})'(?![a-z])""",
    re.I,
)
# What follows a URL's scheme: its words are an address, not what the reply says.
_URL_PATH = re.compile(r"(?<=https://)\S+|(?<=http://)\S+")
_FENCED_BLOCK = re.compile(r"```[^\n]*\n(.*?)```", re.S)
# Letters outside a fenced error that make it quoted by an answer, not printed by a client.
QUOTE_PROSE_LETTERS = 40
# Where a sentence ends: a stop before a space or a line's end (not the dot of `4.1`), a CJK
# stop, a line break.
_SENTENCE_BREAK = re.compile(r"(?<=[.!?])(?:\s+|$)|[\u3002\uff01\uff1f]|\n+")
_SENTENCE = re.compile(r"[^.!?\n\u3002\uff01\uff1f]+[.!?\u3002\uff01\uff1f]*")
_LETTER = re.compile(r"[^\W\d_]", re.UNICODE)
_NOT_LETTERS = bytes(b for b in range(128) if not chr(b).isalpha())
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_CONTENT_WORD = re.compile(r"[a-z][a-z0-9_]{3,}")
_HAN_PAIR = re.compile(r"(?=([\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]{2}))")
_HAN = re.compile(r"[\u3400-\u9fff\uac00-\ud7af]")


def _content_words(text: str) -> set[str]:
    """Words of four letters or more; in CJK text, pairs of characters with a Han or hangul
    one (kana alone are endings: every Japanese sentence shares them)."""
    words = set(_CONTENT_WORD.findall(text))
    if not text.isascii():
        words.update(p for p in _HAN_PAIR.findall(text) if _HAN.search(p))
    return words


_STOP = frozenset(
    [
        "this",
        "that",
        "with",
        "from",
        "have",
        "your",
        "what",
        "when",
        "will",
        "would",
        "could",
        "should",
        "there",
        "their",
        "them",
        "they",
        "about",
        "into",
        "than",
        "then",
        "just",
        "also",
        "only",
        "some",
        "more",
        "most",
        "very",
        "been",
        "were",
        "does",
        "done",
        "make",
        "made",
        "which",
        "while",
        "where",
        "here",
        "like",
        "please",
        "thanks",
        "thank",
        "need",
        "want",
        "know",
    ]
)
_LEAD_IN = re.compile(
    r"(?:said|says|say|shows?|showed|returns?|returned|prints?|printed|reads?|message|output|"
    r"responds?|responded|replied|replies|gives?|gave|like|e\.g\.|example|see|get|got|with)"
    r"\s*[:\uff1a]?\s*$",
    re.I,
)


def _letters(text: str) -> int:
    if text.isascii():
        return len(text.encode("ascii").translate(None, _NOT_LETTERS))
    return len(_LETTER.findall(text))


@dataclass
class _Reply:
    """A reply being read, with the parts the signals share (computed once, on demand)."""

    text: str
    request: Request | None
    usage: Usage | None
    lexicon: Lexicon
    low: str = field(init=False)

    def __post_init__(self) -> None:
        self.low = self.text.lower()

    @cached_property
    def html(self) -> bool:
        head = self.text[:2000]
        if _HTML.search(head[:600]) is not None:
            return True
        return head.lstrip().startswith("<") and len(_TAG.findall(head)) >= 4

    @cached_property
    def structure(self) -> tuple[str, str, list[str]] | None:
        """(kind, prefix, message strings) when the reply is mostly one error object."""
        return read_error_object(self.text)

    @cached_property
    def ids(self) -> re.Match[str] | None:
        """The first id, request id or timestamp in the reply's head (read by two signals)."""
        return _IDS.search(self.text[:3000])

    @cached_property
    def explaining_words(self) -> list[str]:
        """The distinct explaining words (cause, fix) in the message."""
        found = self.lexicon.explaining.finditer(self.message[:3000])
        return sorted({m.group(0).strip() for m in found})

    @cached_property
    def said(self) -> str:
        """The text without fenced blocks that have words around them (see `_unfenced`)."""
        return _unfenced(self.text[:4000])

    @cached_property
    def message(self) -> str:
        """The words a person would read as the message: an HTML page's title and text, an
        error object's message strings, else the text without stack frames and fences."""
        if self.html:
            body = _SCRIPT.sub(" ", self.text)
            return " ".join(_TAG.sub(" ", body).split())[:2000].lower()
        if self.structure is not None:
            _, prefix, messages = self.structure
            return " ".join((prefix, *messages)).lower()[:2000]
        return _without_diagnostics(_URL_PATH.sub("", self.said.lower()))

    @cached_property
    def hits(self) -> list[tuple[str, int, int, str]]:
        """Vocabulary matches in the message: (class, start, end, term)."""
        found: list[tuple[str, int, int, str]] = []
        text = self.message
        # One pass of every term finds where words are; each class is then read only there
        # (a class's match always starts inside a match of all the terms, or is one).
        windows: list[list[int]] = []
        spans = sorted((m.start(), m.end()) for m in self.lexicon.vocabulary.finditer(text))
        for start, stop in spans:  # (ASCII terms' matches come before the others')
            end = min(len(text), stop + HIT_WINDOW)
            if windows and start <= windows[-1][1]:
                windows[-1][1] = max(windows[-1][1], end)
            else:
                windows.append([start, end])
        if not windows:
            return found
        for name, pattern in self.lexicon.classes:
            for start, end in windows:
                found += [
                    (name, m.start(), m.end(), m.group(0))
                    for m in pattern.finditer(text, start, end)
                ]
        return found

    @cached_property
    def question(self) -> str:
        """The last user message (lower-cased, capped, `_` read as a space: a constant named
        HTTP_TOO_MANY_REQUESTS names the failure), or "" without a request."""
        if self.request is None:
            return ""
        for m in reversed(self.request.messages):
            if m.role == "user":
                text = m.text_content
                if text.strip():
                    return text[:QUESTION_CHARS].lower().replace("_", " ")
        return ""

    @cached_property
    def instructions(self) -> str:
        """The system prompt and the last user message: where a demanded format is said."""
        if self.request is None:
            return ""
        system = " ".join(m.text_content for m in self.request.messages if m.role == "system")
        return (system[:QUESTION_CHARS].lower() + "\n" + self.question).strip()


_DIAGNOSTIC = re.compile(
    r"""^\s*(?:
        (?:traceback|stack\s*trace|stacktrace|caused\s+by)\b
      | at\s+\S+.*(?:\(|:\d+)
      | file\s+".*",\s+line\s+\d+
      | [{}\[\]],?\s*$
      | (?:request|req|trace|correlation|span|x-[\w-]+|retry-after|date|server|via|cf-ray|upstream)
        [\s_-]*(?:id)?\s*[:=]
      | \d{4}-\d{2}-\d{2}[t\s]\d{2}:\d{2}
    )""",
    re.X,
)
_PROSE_LINE = re.compile(r"[^\W\d_]{2,}(?:[ ,]+[^\W\d_]+){3}|[\u3040-\u30ff\u3400-\u9fff]{4}")


def _unfenced(text: str) -> str:
    """The text without its fenced blocks when there are words around them: what is in a
    fence is shown, not said (an error quoted in an answer)."""
    if "```" not in text:
        return text
    outside = _FENCED_BLOCK.sub(" ", text)
    return outside if len(_LETTER.findall(outside)) >= QUOTE_PROSE_LETTERS else text


def _without_diagnostics(low: str) -> str:
    """The lines a person reads: once a diagnostic line is met (a stack frame, an id, a
    timestamp), the lines after it that are not prose belong to the diagnostics too."""
    kept: list[str] = []
    in_diagnostics = False
    for line in low.splitlines():
        if _DIAGNOSTIC.match(line) is not None or _IDS.match(line.strip()) is not None:
            in_diagnostics = True
        elif not in_diagnostics or _PROSE_LINE.search(line):
            kept.append(line)
    return "\n".join(kept)


def _size(text: str) -> int:
    """Characters, a CJK character counting as 2.5 (it carries a word's worth)."""
    if text.isascii():
        return len(text)
    return len(text) + int(1.5 * len(_CJK.findall(text)))


# ---------------------------------------------------------------- the signals

SignalFn = Callable[[_Reply, Mapping[str, float]], Iterable[Signal]]


def vocabulary(r: _Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Failure words, each class once: rate limit, quota, overload, unavailable, timeout,
    failure, upstream, auth, retry advice, filter, no reply (and configured phrases)."""
    seen: dict[str, str] = {}
    terms: dict[str, set[str]] = {}
    for name, _, _, term in r.hits:
        seen.setdefault(name, term)
        terms.setdefault(name, set()).add(term)
    total = 0.0
    out = []
    # A long text mentions more kinds of failure by chance: notices are dense, so the weight
    # of each class shrinks with the message's length past VOCABULARY_DENSE characters.
    size = _size(r.message)
    scale = 1.0 if size <= VOCABULARY_DENSE else (VOCABULARY_DENSE / size) ** 0.5
    for name, term in seen.items():
        more = min(len(terms[name]) - 1, 2) * VOCABULARY_MORE  # other words of the same class
        base = (r.lexicon.weights.get(name, 0.0) + more) * scale
        weight = min(round(base, 3), VOCABULARY_CAP - total)
        if weight <= 0.001:
            break
        total += weight
        out.append(Signal(f"vocabulary:{name}", weight, term))
    return out


def coverage(r: _Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Failure words make up much of the message (a notice, not an answer that mentions one)."""
    if not r.hits:
        return ()
    total = _letters(r.message)
    if total == 0:
        return ()
    covered, end = 0, -1
    for _, start, stop, _ in sorted(r.hits, key=lambda h: h[1]):
        start = max(start, end)
        if stop > start:
            covered += _letters(r.message[start:stop])
            end = stop
    share = covered / total
    if share >= 0.3:
        return (Signal("coverage", w["coverage"], f"{share:.0%} of the message's letters"),)
    return ()


def short_notice(r: _Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A message of at most 200 characters with failure words: notices are short."""
    size = _size(r.message.strip())
    if r.hits and size <= 200:
        return (Signal("short_notice", w["short_notice"], f"{size} characters"),)
    return ()


def error_object(r: _Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """An error object: JSON, a Python dict, a Rust or Go struct, alone or with a client's
    prefix, fenced or after `data:`; inside a longer text it weighs less."""
    if r.structure is not None:
        kind, prefix, _ = r.structure
        return (
            Signal(
                "error_object", w["error_object"], kind + (f" after {prefix!r}" if prefix else "")
            ),
        )
    keys = {(m.group(1) or m.group(2)).lower() for m in KEYED.finditer(r.said[:3000])}
    errorish = keys & ERROR_KEYS
    if errorish and len(keys) >= 2:
        return (
            Signal("error_object_part", w["error_object_part"], "keys " + ", ".join(sorted(keys))),
        )
    return ()


_CHALLENGE = re.compile(
    r"just a moment|attention required|access denied|checking your browser|one more step|"
    r"please wait|site not found|application error|not found|forbidden|too many requests|"
    r"you are being rate limited|error"
)


def html_page(r: _Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """An HTML document: an error page when its title or heading names a failure."""
    if not r.html:
        return ()
    titles = " ".join(" ".join(t[1].split()) for t in _TITLE.findall(r.text[:20000])).lower()
    signature = re.search(
        r"cloudflare|cf-ray|nginx|envoy|awselb|cloudfront|varnish|akamai|"
        r"openresty|apache|iis|gateway|proxy|zone-name-title|just a moment|ray id|"
        r"checking your browser|attention required|enable javascript and cookies",
        r.low[:20000],
    )
    if (
        CODE_WORD.search(titles)
        or r.lexicon.vocabulary.search(titles)
        or _CHALLENGE.search(titles)
        or signature
    ):
        return (
            Signal(
                "html_page",
                w["html_page"],
                titles[:80] or (signature.group(0) if signature else ""),
            ),
        )
    return (Signal("html_doc", w["html_doc"], titles[:80] or "an HTML document"),)


def sse_frame(r: _Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """SSE frames printed as text: `event: error`, `data: {"error": ...}`."""
    frames = _SSE.findall(r.text[:4000])
    if not frames:
        return ()
    errorish = any(e.lower() == "error" for e, _ in frames) or any(
        '"error' in d.lower() or "'error" in d.lower() for _, d in frames
    )
    if errorish:
        return (Signal("sse_frame", w["sse_frame"], f"{len(frames)} frame(s) with an error"),)
    if _SSE.match(r.text) is not None:  # the reply IS raw stream framing
        return (Signal("sse_frame", w["sse_frame"], f"raw stream frames ({len(frames)})"),)
    return ()


def status_code(r: _Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """An HTTP status of failure said as one: `HTTP 503`, `Error code: 429`, `502 Bad Gateway`."""
    head = r.said[:160] if not r.html else r.message[:300]
    m = _STATUS.search(head)
    if m is None:
        return ()
    return (Signal("status_code", w["status_code"], m.group(0).strip()[:40]),)


_LABELLED = re.compile(
    r"^\W{0,3}[\w .\-\[\]]{0,40}?(?:error|failed|failure|exception|issue|错误|失败|エラー|오류|"
    r"ошибка|fehler|erreur|erro)\]?\s*[:\uff1a]"
)


def client_prefix(r: _Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A client's words before a raw error: `API Error:`, `Error:`, `Request failed`, `❌`,
    `LLM request failed:`, `[Openai Issue]:`."""
    low = r.low.lstrip()
    m = r.lexicon.prefixes.match(low) or _LABELLED.match(low)
    if m is None:
        return ()
    return (Signal("client_prefix", w["client_prefix"], m.group(0).strip()),)


_CODE_TOKEN = re.compile(
    r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_?(?:ERROR|NOT_FOUND|TIMEOUT|EXCEEDED|UNAVAILABLE|EXHAUSTED"
    r"|DENIED|INVALID|FAILED|FAILURE|LIMIT|OVERLOADED|FORBIDDEN|UNAUTHORIZED)\b"
)


def diagnostics(r: _Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Ids, request ids, timestamps, stack frames, error codes (`RESOURCE_EXHAUSTED`): what a
    machine adds to a failure."""
    head = r.text[:3000]
    m = r.ids or _TRACE.search(head) or _CODE_TOKEN.search(head)
    if m is None:
        return ()
    return (Signal("diagnostics", w["diagnostics"], m.group(0).strip()[:40]),)


# A line of a stack trace: a frame (Python, JavaScript, Java, Go, Rust), the source line under
# a Python frame, or its `^^^` markers.
_FRAME_LINE = re.compile(
    r"^(?:traceback \(most recent call last\):|\s*file \".*\", line \d+.*|\s+at \S.*"
    r"|\s*(?:caused by|during handling of the above exception).*|goroutine \d+ \[.*"
    r"|\s+\d+: .*|\s{2,}\S.*|\s*[~^]+\s*|\s*\.\.\. \d+ more)$",
    re.I,
)
# The line that names the exception: `KeyError: 'error'`, `litellm.APIError: ...`,
# `Uncaught TypeError: ...`, `panic: ...`, `java.net.SocketTimeoutException: Read timed out`.
_EXCEPTION_LINE = re.compile(
    r"^\s*(?:uncaught |unhandled |exception in thread \"[^\"]*\" )?(?:[\w$]+\.)*"
    r"[A-Za-z_$][\w$]*(?:error|exception|exit|interrupt|fault)(?::|$)|^\s*panic: |"
    r"^\s*thread '[^']*' panicked at",
    re.I,
)


def stack_trace(r: _Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply is a stack trace, or an exception as a runtime prints it, and little else: a
    client printed its own crash where the answer should be."""
    lines = [line for line in r.text[:6000].splitlines() if line.strip()]
    if not lines or len(lines) > 200:
        return ()
    named = [line for line in lines if _EXCEPTION_LINE.match(line)]
    if not named:
        return ()
    frames = sum(1 for line in lines if _FRAME_LINE.match(line))
    other = len(lines) - frames - len(named)
    if (frames >= 2 and other * 5 <= len(lines)) or (other == 0 and len(lines) <= 3):
        return (Signal("stack_trace", w["stack_trace"], named[-1].strip()[:60]),)
    return ()


def placeholder(r: _Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A stand-in for no reply: `null`, `undefined`, `[object Object]`, `(No response)`."""
    if len(r.text) > 60:
        return ()
    key = placeholder_key(r.text)
    if key in r.lexicon.placeholders:
        return (Signal("placeholder", w["placeholder"], r.text.strip()),)
    return ()


def tail_error(r: _Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """An error appended to a partial answer: the last line, read alone, is a failure."""
    lines = r.text.rstrip().splitlines()
    if len(lines) < 2:
        return ()
    last = lines[-1].strip()
    if not last or len(last) > TAIL_CHARS:
        return ()
    before = next((line for line in reversed(lines[:-1]) if line.strip()), "")
    if (
        _LEAD_IN.search(before.strip())
        or before.strip().startswith("```")
        or before.rstrip().endswith((":", "\uff1a"))
        or last.startswith(">")
    ):
        return ()  # introduced as a quotation: "The proxy said:" / "you will see:" / "> ..."
    if sum(1 for line in lines[:-1] if line.strip().startswith(last[:3])) >= 2:
        return ()  # the last item of a list of its kind (error types, log lines), not appended
    alone = _Reply(last, None, None, r.lexicon)
    shaped = (
        alone.structure is not None
        or r.lexicon.prefixes.match(alone.low) is not None
        or _SSE.match(last) is not None
        or (last.startswith(("[", "(", "<")) and alone.hits)
    )
    if not shaped:
        return ()
    reading = _read(alone, w, TAIL_SIGNALS)
    if reading.failure:
        return (Signal("tail_error", w["tail_error"], last[:80]),)
    return ()


def zero_output(r: _Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Text, yet the provider says it generated no tokens: the text did not come from a model."""
    raw = r.usage.raw if r.usage is not None else {}
    for key in ("completion_tokens", "output_tokens", "eval_count"):
        if key in raw and raw[key] == 0:
            return (Signal("zero_output", w["zero_output"], f"{key}=0"),)
    return ()


def explains(r: _Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Cause and fix words (means, because, to fix, you can): an explanation is an answer."""
    words = r.explaining_words
    if not words:
        return ()
    n = min(len(words), EXPLAINS_MAX)
    weight = w["explains"] * n
    lines = [x for x in r.message.strip().splitlines() if x.strip()]
    if len(lines) >= 2 and r.lexicon.explaining.search(lines[-1][-200:]):
        weight += w["explains_at_end"]  # it ends by explaining; a notice ends with advice
    return (Signal("explains", -round(weight, 3), ", ".join(words[:6])),)


def defines(r: _Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Words that define a failure ("a 529 means", "indicates that", "occurs when"): the reply
    explains an error; a notice never says what it means."""
    m = r.lexicon.defining.search(r.message[:3000])
    if m is None or r.structure is not None or r.html:
        return ()
    return (Signal("defines", -w["defines"], m.group(0).strip()),)


def prose(r: _Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Sentences with no failure word: what the reply says beyond a failure."""
    if r.html or r.structure is not None:
        return ()
    spans = sorted((h[1], h[2]) for h in r.hits)
    count = 0
    for m in _SENTENCE.finditer(r.message[:4000]):
        sentence = m.group(0)
        if len(sentence.split()) < 4 and len(_CJK.findall(sentence)) < 8:
            continue
        if _IDS.search(sentence) or "http" in sentence:
            continue
        if any(m.start() <= a < m.end() for a, _ in spans):
            continue
        count += 1
        if count >= PROSE_MAX:
            break
    if count <= 2:
        return ()  # a notice has a sentence or two of advice; an answer has more to say
    return (
        Signal("prose", -w["prose"] * (count - 2), f"{count} sentences without a failure word"),
    )


def long_prose(r: _Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Many sentences, failure words or not: an article or a reply that discusses, where a
    notice says its piece in a sentence or three (a page or an error object is not prose)."""
    if r.html or r.structure is not None or len(r.message) <= LONG_PROSE_CHARS:
        return ()
    if r.ids is not None:
        return ()  # request ids, Ray ids, timestamps: a machine wrote it, however long
    count = sum(
        1
        for sentence in _SENTENCE_BREAK.split(r.message[:4000])
        if len(sentence.split()) >= 4 or len(_CJK.findall(sentence)) >= 8
    )
    if count < LONG_PROSE_SENTENCES:
        return ()
    return (Signal("long_prose", -w["long_prose"], f"{count} sentences"),)


def markdown(r: _Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Tables, headings, lists, code: the shape of a written answer, never of a notice."""
    if r.html:
        return ()
    head = r.text[:4000]
    if _TABLE_RULE.search(head) or sum(1 for x in head.splitlines() if x.count("|") >= 2) >= 2:
        return (Signal("markdown", -w["table"], "a table"),)
    m = _MARKDOWN.search(head)
    if m is None:
        fence = FENCE.search(r.text[:4000])
        if fence is None or r.structure is not None:
            return ()
        lead = r.text[: fence.start()].strip()
        if read_error_object(fence.group(1)) is not None and len(lead) < 15:
            return ()  # a fenced error object and little else: how clients print errors
        return (
            Signal("markdown", -w["markdown"], "a code block" + (" after prose" if lead else "")),
        )
    return (Signal("markdown", -w["markdown"], m.group(0).strip()[:40]),)


def quoted(r: _Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Failure words inside quotes or backticks: mentioned, not said."""
    if r.structure is not None or r.html or not r.hits:
        return ()
    if re.search(r"^\s*>", r.text[:3000], re.M) and not r.text.lstrip().startswith(">"):
        return (Signal("quoted", -w["quoted"], "a quoted block"),)
    fence = _FENCED_BLOCK.search(r.text[:3000])
    if fence is not None and r.lexicon.vocabulary.search(fence.group(1).lower()):
        outside = r.text[: fence.start()] + r.text[fence.end() :]
        if len(_LETTER.findall(outside)) >= QUOTE_PROSE_LETTERS:
            return (Signal("quoted", -w["quoted"], "a fenced block with words around it"),)
    for m in _QUOTE.finditer(r.text[:3000]):
        inner = (m.group(1) or m.group(2) or "").lower()
        before = r.text[max(0, m.start() - 2) : m.start()]
        if before.rstrip().endswith((":", "{", ",")) and not before.endswith(" "):
            continue
        if not r.lexicon.vocabulary.search(inner):
            continue
        if len(inner) >= 0.7 * len(r.message) and len(r.text[: m.start()].split()) < 4:
            continue  # the reply is the quote, hardly introduced
        line_start = r.text.rfind("\n", 0, m.start()) + 1
        line_end = r.text.find("\n", m.end())
        if _DIAGNOSTIC.match(r.text[line_start : line_end if line_end >= 0 else None].lower()):
            continue  # a file name in a stack frame: machine output, not a quotation
        lead_in = r.text[line_start : m.start()]
        if m.start() == 0 or (re.search(r"[\d:(]\s*$", lead_in) and len(lead_in.split()) < 5):
            continue  # the whole reply, or a value after a status or a label: said, not quoted
        before_quote = r.low[max(0, m.start() - 30) : m.start()]
        lead = before_quote.split()[-2:] if before_quote.isascii() else [before_quote[-3:]]
        if any(r.lexicon.vocabulary.search(word) for word in lead):
            continue  # "Server error '502 Bad Gateway'": the quote is the error's own value
        return (Signal("quoted", -w["quoted"], inner[:60]),)
    return ()


def asked_about(
    r: _Reply, w: Mapping[str, float], lexical: float, structural: float
) -> Iterable[Signal]:
    """The question is about a failure: then failure words in the reply are expected, and so
    is the shape of one when the user asks what it looks like. Both count for less: when the
    reply names the same failure (`asked_about` of the words, `asked_about_shape` of the
    structure), less when another (`asked_about_other`). It weighs, it does not excuse: a real
    error page keeps most of its weight, and a user asking about 502s can still get one."""
    q = r.question
    if not q or lexical + structural <= 0:
        return ()
    shared = sorted({term for _, _, _, term in r.hits if term in q and len(term) >= 3})
    codes = set(CODE_WORD.findall(r.text[:600])) & set(CODE_WORD.findall(q))
    m = r.lexicon.vocabulary.search(q[:2000])
    if not (shared or codes or m is not None or CODE_WORD.search(q[:2000])):
        return ()
    if _ASKS_SHAPE.search(q[:2000]):  # "show an example of the 429 response": words and shape
        words, shape = w["asked_for_shape"], w["asked_for_shape"]  # are what was asked for
        what = "asked what the failure looks like"
    elif shared or codes:
        words, shape = w["asked_about"], w["asked_about_shape"]
        what = ", ".join([*sorted(codes), *shared][:4])
    else:
        words = shape = w["asked_about_other"]
        what = f"the question is about {m.group(0) if m is not None else 'a status code'!r}"
    weight = words * lexical + shape * structural
    return (Signal("asked_about", -round(weight, 3), what),)


_ASKS_SHAPE = re.compile(
    r"look(?:s)? like|example|sample|format|show (?:me )?(?:the|an?) .{0,30}(?:response|body|error)"
    r"|what does .{0,40}(?:return|send|respond)|response body"
    r"|error (?:body|response|object|message)s?\b|como é|ejemplo|exemple|beispiel|пример|示例|例子"
    r"|格式|返回什么|返回的|どのような|例を|예시|형식|formato|devuelve|retorna|renvoie|retourne"
    r"|zurückgibt|возвращает|返回|返す|반환",
    re.I,
)


# The signals that read words, and those that read a failure's shape: what a question about
# failures discounts (the first more than the second).
_LEXICAL = ("vocabulary:", "coverage", "short_notice")
_STRUCTURAL = (
    "error_object",
    "error_object_part",
    "status_code",
    "sse_frame",
    "client_prefix",
    "stack_trace",
)


_SHOWING = re.compile(
    r"\b(?:you(?:'ll| will)? (?:see|get|receive)|(?:i|we) (?:got|get|see|saw)|looks? like"
    r"|(?:was|is) this|for example|e\.g\.|for instance|such as|like this|returns?|responds? with"
    r"|shows?|prints?"
    r"|the (?:full |exact )?(?:error|message|output|log|response)s? (?:was|is|reads|says)"
    r"|vous recevrez|recevrez|verás|recibirá|recibirás|erhalten sie|bekommen sie|получите|увидите"
    r"|会看到|会返回|会收到|が表示|が返|이 표시|을 받)",
    re.I,
)


def introduced(r: _Reply, w: Mapping[str, float], evidence: float) -> Iterable[Signal]:
    """A sentence of the writer's own introduces the failure shown after it ("you open the
    site and get:", "the full error was this:"), as a quote, a fence, a block or a line: a
    person showing an error, not the error. Most of the evidence read in what is shown is
    taken back."""
    for line in r.text[:1500].splitlines():
        lead = line.strip()
        if not lead.endswith((":", "\uff1a")) or len(lead.split()) < 5:
            continue
        if r.lexicon.prefixes.match(lead.lower()) is not None or _SHOWING.search(lead) is None:
            continue
        weight = max(w["introduced"], 0.6 * evidence)
        return (Signal("introduced", -round(weight, 3), lead[:60]),)
    return ()


_FIRST_PERSON = re.compile(
    r"(?<![\w'])(?:i|i'm|i've|i'll|i'd|my|ich|je|j'ai|yo|eu|я|мне|мой)(?![\w'])"
    r"|我(?!们)|私は|僕は|저는|제가|나는"
)
_SPECIFIC = re.compile(
    r"(?<![\w/.])[\w-]+\.(?:py|js|ts|tsx|jsx|yaml|yml|json|toml|ini|cfg|conf|env|md|txt|go|rs|java|"
    r"kt|rb|php|sh|ps1|sql|html|css|lock|xml|gradle|log)\b|(?<=\s)--[a-z][\w-]+"
    r"|(?<=[\s`(])/(?:etc|usr|var|home|opt|tmp|srv)/[\w./-]+|(?<![\w&])#\d{1,6}(?![\w.])"
)


def specifics(r: _Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """File names and command-line flags: the particulars of an answer about the user's own
    work; a notice names none of them."""
    if r.structure is not None or r.html:
        return ()
    m = _SPECIFIC.search(r.text[:3000])
    if m is None:
        return ()
    return (Signal("specifics", -w["specifics"], m.group(0)[:40]),)


def first_person(r: _Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply speaks as "I": a model reporting on its own work ("I could not reproduce
    it"), where notices speak as "we" or as no one."""
    if _SSE.match(r.text) is not None:
        return ()  # the model's words inside raw stream frames: protocol, not a reply
    m = _FIRST_PERSON.search(r.message[:1000])
    if m is None:
        return ()
    return (Signal("first_person", -w["first_person"], m.group(0)),)


_CHANGE_NOTE = re.compile(
    r"^\s*(?:[-*+\u2022]\s+)?(?:\*\*)?(?:"
    r"(?:fix|feat|chore|refactor|perf|docs|build|ci)(?:\([\w./-]+\))?!?:"
    r"|(?:fix(?:ed|es)?|add(?:ed|s)?|handle[ds]?|improve[ds]?|increase[ds]?|reduce[ds]?|remove[ds]?"
    r"|support(?:ed|s)?|retr(?:y|ied|ies)|update[ds]?|bump(?:ed)?|change[ds]?|catch(?:es)?|caught"
    r"|surface[ds]?|show(?:s|ed)?|raise[ds]?|avoid(?:ed|s)?|prevent(?:ed|s)?|no longer|now|no"
    r"|gracefully|additional|better|new|allow(?:s|ed)?|ensure[sd]?|make[s]?|use[sd]?|detect(?:s|ed)?"
    r"|treat(?:s|ed)?|respect(?:s|ed)?|log(?:s|ged)?|report(?:s|ed)?|return(?:s|ed)?|skip(?:s|ped)?"
    r"|stop(?:s|ped)?|wait(?:s|ed)?|parse[sd]?|expose[sd]?|document(?:s|ed)?|clarif(?:y|ied|ies))\b)",
    re.I,
)


def change_note(r: _Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A list item or a line of a changelog that says what was changed ("Fix: handle 529
    overload errors", "- Retry on rate limit errors"): a report about a failure, not one."""
    first = r.text.lstrip().split("\n", 1)[0]
    if not first.lstrip().startswith(("-", "*", "+", "\u2022")) and not re.match(
        r"\s*(?:fix|feat|chore|refactor|perf|docs|build|ci)(?:\([\w./-]+\))?!?:", first, re.I
    ):
        return ()
    if _CHANGE_NOTE.match(first) is None and not re.search(
        r"\b(?:will now|now (?:\w+s|retries|waits)|no longer)\b", first, re.I
    ):
        return ()
    return (Signal("change_note", -w["change_note"], first.strip()[:60]),)


def json_data(r: _Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply is JSON that is not an error object: data, as a prompt asks for it."""
    t = r.text
    if r.structure is not None or t[:1] not in "{[" or t[-1:] not in "}]":
        return ()
    try:
        orjson.loads(t)
    except orjson.JSONDecodeError:
        return ()
    return (Signal("json_data", -w["json_data"], "JSON with no error in it"),)


def many_codes(r: _Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Three or more different status codes: a table or an explanation of codes, where a
    failure text carries one."""
    codes = set(CODE_WORD.findall(r.message[:4000]))
    rows = {m.group(1) for m in _CODE_ROW.finditer(r.text[:4000])}
    if len(codes) >= 3 or len(rows) >= 2:
        found = sorted(codes | rows)
        return (Signal("many_codes", -w["many_codes"], ", ".join(found[:6])),)
    return ()


# A line that starts with an error code: a row of a table or list of codes.
_CODE_ROW = re.compile(
    r"^[ \t|*-]*(\d{3,6}|[A-Z][A-Z0-9]*_[A-Z0-9_]{2,})(?=[\s|:,.-]|[A-Za-z])", re.M
)


def on_topic(r: _Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply shares its words with the question (`on_topic`, an answer's sign), or has
    failure words and shares none with a question about something else (`off_topic`)."""
    q = r.question
    if not q:
        return ()
    failure_terms = {term for _, _, _, term in r.hits}
    words = {
        x
        for x in _content_words(r.message[:2000])
        if x not in _STOP and not any(x in t or t in x for t in failure_terms)
    }
    if len(words) < 2:
        return ()
    qwords = {x for x in _content_words(q) if x not in _STOP}
    shared = words & qwords
    if len(shared) >= 2 and (len(shared) >= 0.2 * len(words) or len(shared) >= 0.5 * len(qwords)):
        return (Signal("on_topic", -w["on_topic"], ", ".join(sorted(shared)[:5])),)
    if (
        not shared
        and r.hits
        and len(qwords) >= 3
        and not _asks_about_failure(r)
        and not _QUESTION_MARK.search(q[-300:])
        and len(r.explaining_words) < 3
    ):
        # failure words, and not one word of the task: a notice, not a reply to it (unless
        # it explains: then it answers some other question)
        return (Signal("off_topic", w["off_topic"], f"none of {len(words)} words is the task's"),)
    return ()


# A question (not a task): its answer may share no word with it ("Check your billing").
_QUESTION_MARK = re.compile(r"[?\uff1f]|吗|呢|ですか|까요|나요")


def _asks_about_failure(r: _Reply) -> bool:
    q = r.question[:2000]
    return r.lexicon.vocabulary.search(q) is not None or CODE_WORD.search(q) is not None


def asked_for(r: _Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The request demanded this: a short reply it names (`OK`, `null`, `N/A`), the keys of
    this object, an HTML page."""
    q = r.instructions
    if not q:
        return ()
    text = r.text.strip()
    if len(text) <= SHORT_CHARS:
        key = text.lower().strip(" .!\"'`")
        if key and re.search(r"(?<![a-z0-9_])" + re.escape(key) + r"(?![a-z0-9_])", q):
            return (Signal("asked_for", -w["asked_for"], f"the request names {text!r}"),)
    if r.structure is not None or r.html:
        keys = {(m.group(1) or m.group(2)).lower() for m in KEYED.finditer(text[:3000])}
        named = {k for k in keys if re.search(r"(?<![a-z0-9_])" + k + r"(?![a-z0-9_])", q)}
        if r.html and re.search(r"\bhtml\b|\bweb ?page\b|网页|ページ", q):
            return (Signal("asked_for", -w["asked_for"], "the request asks for HTML"),)
        if len(named) >= 2 and re.search(r"\bjson\b|\bobject\b|\bschema\b|\bformat\b", q):
            return (Signal("asked_for", -w["asked_for"], "keys " + ", ".join(sorted(named))),)
    return ()


SIGNALS: tuple[SignalFn, ...] = (
    placeholder,
    vocabulary,
    coverage,
    short_notice,
    error_object,
    html_page,
    sse_frame,
    status_code,
    client_prefix,
    diagnostics,
    tail_error,
    stack_trace,
    zero_output,
    explains,
    defines,
    prose,
    long_prose,
    markdown,
    quoted,
    first_person,
    specifics,
    change_note,
    json_data,
    many_codes,
    on_topic,
    asked_for,
)
# A last line read alone: what it says, not how it relates to the question.
TAIL_SIGNALS: tuple[SignalFn, ...] = (
    vocabulary,
    coverage,
    short_notice,
    error_object,
    sse_frame,
    status_code,
    client_prefix,
    diagnostics,
    explains,
    quoted,
)


def _read(r: _Reply, w: Mapping[str, float], signals: tuple[SignalFn, ...]) -> Reading:
    return Reading(tuple(s for fn in signals for s in fn(r, w)))


def _weighing(r: _Reply, w: Mapping[str, float], found: tuple[Signal, ...]) -> list[Signal]:
    """The two signals that weigh what the others found (a full reading only)."""
    evidence = sum(s.weight for s in found if s.weight > 0)
    weighed = list(introduced(r, w, evidence))
    lexical = sum(s.weight for s in found if s.name.startswith(_LEXICAL))
    structural = sum(s.weight for s in found if s.name in _STRUCTURAL)
    return [*weighed, *asked_about(r, w, lexical, structural)]


# ---------------------------------------------------------------- entry points


def quick_clear(text: str, lexicon: Lexicon) -> bool:
    """True when `text` cannot be a failure text, found without a full reading: a long reply
    whose start has no failure structure and whose last line is no error; a reply with no
    failure word, brace, tag or status at all."""
    n = len(text)
    if n > LONG_CHARS:
        head = text[:200].lstrip().lower()
        if head.startswith(("<", "{", "[", "```", "data:", "event:", "traceback", "error")):
            return False
        if lexicon.prefixes.match(head) is not None or _HTML.search(text[:600]):
            return False
        first = head.split("\n", 1)[0]
        if len(first) < 160 and lexicon.has_trigger(first):
            return False
        last = text[text.rstrip().rfind("\n") + 1 :].strip()
        if len(last) > TAIL_CHARS:  # a paragraph of prose, not an appended error line
            return True
        return not (lexicon.has_trigger(last.lower()) or last[:1] in "{[<(" or "{" in last)
    if n <= SHORT_CHARS:
        return False  # a placeholder or a demanded short reply: read it
    low = text.lower()
    return (
        not lexicon.has_trigger(low)
        and "{" not in text
        and "<" not in text
        and CODE_WORD.search(text) is None
        and _EXCEPTION_LINE.match(text) is None
    )


def read_reply(
    text: str,
    request: Request | None,
    usage: Usage | None,
    lexicon: Lexicon,
    weights: Mapping[str, float],
    threshold: float = THRESHOLD,
) -> Reading:
    """Every signal on `text` (the reply's content, stripped) and their sum."""
    reply = _Reply(text, request, usage, lexicon)
    found = _read(reply, weights, SIGNALS).signals
    return Reading((*found, *_weighing(reply, weights, found)), threshold)
