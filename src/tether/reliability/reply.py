"""A reply as the judge reads it: the parts every signal shares, computed once, on demand.

A signal is a small named function of a `Reply` and the weights; it returns `Signal`s, with
positive weights for "failure" and negative ones for "answer".
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from tether.messages import Request, Usage
from tether.reliability.error_objects import error_object as read_error_object
from tether.reliability.folding import fold, marked
from tether.reliability.function_words import addressee_owns, stop_words
from tether.reliability.keyed import key_positions
from tether.reliability.lexicon import (
    NO_ERROR,
    NOT_SEEING,
    SILENCE,
    Lexicon,
    Terms,
    typographic,
)
from tether.reliability.machine_marks import (
    HTML,
    IDS,
    KEY_VALUES,
    MARKDOWN_TAG,
    SCRIPT,
    TAG,
    first_id,
)
from tether.reliability.once import once
from tether.reliability.page_marks import page_marks
from tether.reliability.trie_patterns import trie_pattern
from tether.reliability.words import CJK, HAN, content_words

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

# A reply that is only its speaker not knowing (`Reply.not_knowing`) is at most this long, with
# at most this many Han or hangul characters around the words (a name: "麦麦不知道哦").
NOT_KNOWING_CHARS = 60
NOT_KNOWING_NAME = 3
# Pronouns and particles around a CJK phrase, no word of what it is about.
_CJK_PARTICLES = frozenset("你我您他她它哦呢啊吧呀啦嘛哈嗯喔噢了的并也就都还很真是")
_LONG_WORD = re.compile(r"[^\W\d_]{4,}")
# A canned notice (`Reply.stock_parts`) is at most this long (`display_size`) ...
STOCK_CHARS = 200
# ... and made of these vocabulary classes (as these parts) and the lexicon's `stock` parts.
STOCK_FROM = {
    "apology": "apology",
    "retry_advice": "again",
    "no_reply": "no_reply",
    "overload": "trouble",
    "unavailable": "trouble",
}
# What makes a short text specific to a task: a number, code, markup, a path, a file or a
# dotted name (`parse.py`, `os.path`), an identifier; not a slash between words ("anh/chị").
SPECIFIC_MARK = re.compile(r"[\d`{}<>=_|\\]|(?<!\w)/\w|\w\.\w")
# A wait said in a notice ("in 5 minutes", "10 seconds", "1 小时后", "5 phút") is no specific
# of a task.
DURATION = re.compile(
    r"\d+\s*(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|segundos?|minutos?|horas?|secondes?"
    r"|heures?|sekunden|minuten|stunden?|secondi|minuti|ore|секунд\w*|минут\w*|час\w*|dakika"
    r"|saniye|saat|menit|detik|jam|phút|giây|giờ|minut\w*|sekund\w*"
    r"|秒|分钟|分鐘|分|小时|小時|時間|초|분|시간)(?![a-z])",
    re.I,
)


# A resolution promised, not told: "I'll be back online shortly", "will be back up soon" (a
# bot's stand-in while its model is down), where "is back online" tells a person's fix.
_PROMISED = re.compile(r"(?:'ll|\u2019ll|\bwill|\bshall)\s+be\s+$", re.I)


def composed(text: str) -> str:
    """`text` in composed form (NFC): text stored decomposed (macOS file names and exports,
    some editors) carries its accents and Hangul as separate code points, and no written
    failure word would match it."""
    if text.isascii() or unicodedata.is_normalized("NFC", text):
        return text
    return unicodedata.normalize("NFC", text)


def says_resolved(terms: Terms, message: str) -> bool:
    """Whether `message` holds one of the resolved `terms` ("back online", "fixed") that is not
    a promise of one ("I'll be back online shortly")."""
    for m in terms.finditer(message):
        if _PROMISED.search(message[max(0, m.start() - 12) : m.start()]) is None:
            return True
    return False


@lru_cache(maxsize=512)
def specific(message: str) -> bool:
    """Whether a short text holds something specific to a task (`SPECIFIC_MARK`) once the
    waits it names are gone: "Réessaie dans 5 minutes" names no part of a task. (Cached: the
    persona readings ask it of the same short line a dozen times a verdict.)"""
    if SPECIFIC_MARK.search(message) is None:
        return False
    return SPECIFIC_MARK.search(DURATION.sub(" ", message)) is not None


# A request this short, with no question or task in it, is a greeting ("hi", "你好"): a bot's
# offer of help answers it.
GREETING_CHARS = 16


def greeting(question: str) -> bool:
    """Whether the user's message is too short to hold a task: a greeting or a word."""
    return display_size(question.strip()) < GREETING_CHARS


# How far past a word's match a class is looked for (a longer term of another class that
# begins inside it).
HIT_WINDOW = 80
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
    words_end = len(message[:at].rstrip())
    if words_end == at:
        return False  # no space before the hit
    return _NO_FAILURE_BEFORE.search(message, max(0, words_end - _NO_FAILURE_WORDS), at) is not None


@dataclass(frozen=True, slots=True)
class Signal:
    """One piece of evidence: positive weight for "failure", negative for "answer"."""

    name: str
    weight: float
    evidence: str


# ---------------------------------------------------------------- reading a reply

MARKDOWN = re.compile(
    r"^\s*(?:\|.*\|\s*$|#{1,6}\s+\S|[-*+\u2022]\s+\S.*\n\s*[-*+\u2022]\s+\S"
    r"|\d+[.)]\s+\S.*\n\s*\d+[.)]\s+\S)",
    re.M,
)
TABLE_RULE = re.compile(r"^[ \t|:+]*-{3,}[ \t|:+-]*$", re.M)
# A bare rule after a blank line (a thematic break), and what follows it to the end.
_CLOSING_RULE = re.compile(r"\n[ \t]*\n[ \t]*(?:-{3,}|\*{3,}|_{3,})[ \t]*\n(.*)\Z", re.S)
# What may follow a bare rule at a reply's end: a footer of one or two lines (a bot's tip, its
# signature, "Request not charged"), not a section of a document.
FOOTER_LINES = 2
FOOTER_CHARS = 300


def is_footer(after: str) -> bool:
    """Whether `after`, the text under a bare rule at a reply's end, is a short footer."""
    after = after.strip()
    lines = [line for line in after.splitlines() if line.strip()]
    return 0 < len(lines) <= FOOTER_LINES and len(after) <= FOOTER_CHARS


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
STOP = frozenset(
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
# ... and every language's function words that are content words by their length
STOP |= stop_words(4)


@lru_cache(maxsize=64)
def question_words(question: str) -> frozenset[str]:
    """The question's content words but stop words: kept, since every attempt at one request
    reads the same question."""
    return frozenset(content_words(question) - STOP)


# A question (not a task): its answer may share no word with it ("Check your billing"), and may
# be "I don't know".
_QUESTION_MARK = re.compile(r"[?\uff1f]|吗|呢|ですか|까요|나요")


def asks_a_question(question: str) -> bool:
    """Whether the end of a request (lower-cased) asks a question, not for a task."""
    return _QUESTION_MARK.search(question[-300:]) is not None


# A request that asks why the bot is silent or where it went, or begs it not to ignore the user
# ("你怎么不说话", "别不理我", "where did you go"), with or without a question mark.
ASKS_AFTER_SILENCE = Terms(t.lower() for t in typographic(SILENCE))


def asks_after_silence(question: str) -> bool:
    """Whether a short request asks after the bot's silence or absence: it asks after the bot,
    and a line about the speaker's state or presence answers it ("QQ卡了, 我一直在呢")."""
    return len(question) <= 60 and ASKS_AFTER_SILENCE.search(question.lower()) is not None


# A request for a given text in other words: translate it, rewrite it, say it otherwise.
RENDERING = re.compile(
    r"\b(?:translat\w*|übersetz\w*|tradu\w*|перевед\w*|перевод\w*|rewrite|rephrase|paraphrase|"
    r"reformul\w*|umformulier\w*)\b|翻译|翻譯|翻訳|번역|訳して",
    re.IGNORECASE,
)
TASK_WORDS = 3  # a plain task says at least this many content words


@lru_cache(maxsize=64)
def is_plain_task(question: str, lexicon: Lexicon) -> bool:
    """Whether the request is a task that asks nothing and says no failure: to a greeting, a
    question or a report of an error, a line about the bot, its server or an outage may be the
    answer, whatever its words ("How are you?" -> "I'm a little tired"; "Why does the bot not
    answer?" -> "Its AI is taking a nap: the server crashed"). Kept: every attempt at one
    request reads the same question."""
    if asks_a_question(question) or len(question_words(question)) < TASK_WORDS:
        return False
    if asks_after_silence(question):
        return False
    return not lexicon.hits(question, HIT_WINDOW)


LEAD_IN = re.compile(
    r"(?:said|says|say|shows?|showed|returns?|returned|prints?|printed|reads?|message|output|"
    r"responds?|responded|replied|replies|gives?|gave|like|e\.g\.|example|see|get|got|with)"
    r"\s*[:\uff1a]?\s*$",
    re.I,
)


def _is_ids_line(low: str) -> bool:
    return IDS.match(low) is not None or KEY_VALUES.match(low) is not None


def count_letters(text: str) -> int:
    if text.isascii():
        return len(text.encode("ascii").translate(None, NOT_LETTERS))
    return len(LETTER.findall(text))


# Prose this long, in two sentences or more, before a page's first tag: an article that
# shows an example page (a client's prefix before the page it got is a line, a page's own
# head is markup).
PROSE_LEAD_CHARS = 250


def _prose_lead(lead: str) -> bool:
    """Whether `lead`, the text before a page's first tag, is a writer's prose: the page is
    an example shown in an article ("...the server may answer with this page:"), not a
    reply."""
    lead = lead.strip()
    if len(lead) < PROSE_LEAD_CHARS or lead.startswith(("<", "{", "#", "[")):
        return False
    sentences = [x for x in split_sentences(lead) if len(x.strip()) >= 12]
    return len(sentences) >= 2 and TAG.search(lead) is None


@dataclass
class Reply:
    """A reply being read, with the parts the signals share (computed once, on demand)."""

    text: str
    request: Request | None
    usage: Usage | None
    lexicon: Lexicon
    low: str = field(init=False)
    # readings a signal shares with others outside this module (`trace_signals.is_trace`)
    memo: dict[str, object] = field(init=False, default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.low = self.text.lower()

    @once
    def html(self) -> bool:
        """An HTML document (a page, not an answer's markup), unless it is shown in a fence
        with the writer's words around it (`said`): a page quoted in a report."""
        head = self.said[:2000]
        m = HTML.search(head[:600])
        if m is not None:
            return not _prose_lead(head[: m.start()])
        if not head.lstrip().startswith("<"):
            return False
        tags = TAG.findall(head)
        # paragraphs, code and emphasis alone are an answer's text rendered, not a page
        return len(tags) >= 4 and any(MARKDOWN_TAG.match(t) is None for t in tags)

    @once
    def page_marks(self) -> list[str]:
        """The marks of a server's error page in the reply's text (`page_marks.page_marks`)."""
        return page_marks(self.low)

    @once
    def page(self) -> bool:
        """An error page's text as rendered, copied whole: two of a page's marks or more, and
        no fence (a writer who shows a page fences it and writes around it). Its sentences
        are its software's: the signals that read a writer's words do not read them."""
        return not self.html and "```" not in self.text and len(self.page_marks) >= 2

    @once
    def structure(self) -> tuple[str, str, list[str]] | None:
        """(kind, prefix, message strings) when the reply is mostly one error object."""
        return read_error_object(self.text)

    @once
    def written(self) -> bool:
        """Neither an error object nor an HTML page nor a page's text as rendered (`page`):
        text a writer wrote, where the answer signals that read a writer's words count (read
        once: ~50 signals ask it of a failure text)."""
        return self.structure is None and not self.html and not self.page and self.broken is None

    @once
    def broken(self) -> str | None:
        """What makes the reply no language (`degenerate_signals.broken`: control tokens bare,
        tokens doubled, a loop), or None: its words are no writer's either."""
        from tether.reliability.degenerate_signals import broken  # (a module that reads a Reply)

        return broken(self)

    @once
    def ids(self) -> re.Match[str] | None:
        """The first id, request id or timestamp in the reply's head (read by two signals)."""
        return first_id(self.text[:3000].lower())

    @once
    def explaining_words(self) -> list[str]:
        """The distinct explaining words (cause, fix) in the message."""
        found = self.lexicon.explaining.found(self.message[:3000])
        return sorted({word.strip() for word in found})

    @once
    def said(self) -> str:
        """The text without fenced blocks that have words around them (see `_unfenced`)."""
        return unfenced(self.text[: footer_at(self.text[:4000])])

    @once
    def message(self) -> str:
        """The words a person would read as the message: an HTML page's title and text, an
        error object's message strings, else the text without stack frames and fences."""
        if self.html:
            body = SCRIPT.sub(" ", self.text)
            return " ".join(TAG.sub(" ", body).split())[:2000].lower()
        if self.structure is not None:
            _, prefix, messages = self.structure
            return " ".join((prefix, *messages)).lower()[:2000]
        # (Turkish 'İ' lowers to 'i' and a combining dot, which no term spells: 'İsteği')
        low = self.said.lower().replace("i\u0307", "i")
        if "\u0451" in low:  # (Russian "ё" read as the plain letter it is often written as)
            low = low.replace("\u0451", "\u0435")
        wrapped = EMPHASIS_WRAP.fullmatch(low.strip())
        if wrapped is not None:
            low = wrapped.group(2)
        elif "_" in low and len(low) <= LINE_ITALICS_CHARS:
            low = LINE_ITALICS.sub(r"\1", low)
        return without_diagnostics(URL_PATH.sub("", low) if "http" in low else low)

    @once
    def hits(self) -> list[tuple[str, int, int, str]]:
        """Vocabulary matches in the message: (class, start, end, term); in a short message,
        also the pairs of words that say a failure together (`Lexicon.pair_hits`)."""
        found = self.lexicon.hits(self.message, HIT_WINDOW)
        if "not " in self.message:
            found = [h for h in found if not _not_seen(self.message, h[1])]
        if found:
            unseen = _no_error_spans(self.message)
            if unseen:
                found = [h for h in found if not any(a <= h[1] < b for a, b in unseen)]
        if found and CJK.search(self.message) is not None:
            found = [h for h in found if not _addressee_state(self.message, h)]
        if self.lexicon.pairs and display_size(self.message.strip()) <= STOCK_CHARS:
            # (a pair of a class already found still counts: its words are more of the notice)
            terms = {term for _, _, _, term in found}
            found += [h for h in self.lexicon.pair_hits(self.message) if h[3] not in terms]
        return found

    @once
    def stock_parts(self) -> dict[str, str]:
        """The stock parts of a canned notice this reply is made of (part -> the words found),
        or {} when it is not one: a notice says it is sorry, cannot, is in trouble, asks to
        come back (`STOCK_FROM`, the lexicon's `stock`), in a short text with nothing specific
        to the task (no number, code, name or word of the question). Two parts or more."""
        if self.html or self.structure is not None:
            return {}
        message = self.message.strip()
        if display_size(message) > STOCK_CHARS or specific(message):
            return {}
        parts: dict[str, str] = {}
        for name, _, _, term in self.hits:
            part = STOCK_FROM.get(name)
            if part is not None:
                parts.setdefault(part, term)
        for part, terms in self.lexicon.stock:
            if part not in parts:
                m = terms.search(message)
                if m is not None and (part != "resolved" or says_resolved(terms, message)):
                    parts[part] = m.group(0).strip()
        if len(parts) < 2 or "resolved" in parts:
            return {}  # ("the server is restored, please retry": a person's reply)
        if self.of_the_task(message):
            return {}  # a word of the task: a reply to it, however short
        return parts

    @once
    def plain_task(self) -> bool:
        """Whether the request is a plain task (`is_plain_task`)."""
        return bool(self.question) and is_plain_task(self.question, self.lexicon)

    @once
    def renders_given_text(self) -> bool:
        """Whether the request asks for a given text in other words (translate it, rewrite
        it): then the reply is that text, whatever it says ("I'm here, one moment please"),
        unless it renders nothing of it (`rendering_signals.renders_nothing`)."""
        if not self.question or RENDERING.search(self.question) is None:
            return False
        # (not one where the reply renders nothing of the text it gives: `renders_nothing`)
        from tether.reliability.rendering_signals import renders_nothing

        return not renders_nothing(self.raw_question, self.text, self.lexicon)

    @once
    def own_state(self) -> str | None:
        """The words in which a short reply speaks of its speaker's own mind out of order or
        with nothing to say ("my brain is buffering", "I have nothing to say", "I need a
        break"; the lexicon's `stock` part `self`), with nothing specific to the task and not a
        word of it: a bot's in-character stand-in for the reply it could not make."""
        if self.html or self.structure is not None:
            return None
        message = self.message.strip()
        if display_size(message) > STOCK_CHARS or specific(message):
            return None
        terms = dict(self.lexicon.stock)
        if self.renders_given_text:
            return None
        found = terms["self"].search(message) if "self" in terms else None
        if found is not None and addressee_owns(message, found.start()):
            found = None  # ("你满脑子都是...": the listener's head, not the bot's)
        said = found.group(0).strip() if found is not None else None
        if said is None and self.plain_task:  # asked why the bot is silent, the nap is news
            said = self.lexicon.machinery_down(message)
        if said is None or ("resolved" in terms and says_resolved(terms["resolved"], message)):
            return None
        if self.of_the_task(message):
            return None
        return said

    @once
    def hand_back(self) -> str | None:
        """The words in which a short reply hands the turn back to the user instead of
        answering ("ask me again", "下次再告诉你", "напиши ещё раз": the lexicon's
        `handing_back`), with nothing specific to the task and no word of it outside them: a
        chat bot's stand-in for the reply it could not make."""
        if self.html or self.structure is not None:
            return None
        message = self.message.strip()
        if display_size(message) > STOCK_CHARS or specific(message):
            return None
        spans = self.lexicon.hands_back(message)
        if not spans or (self.question and greeting(self.question)) or self.renders_given_text:
            return None  # ("How can I help you?" to "hi" is the reply)
        terms = dict(self.lexicon.stock)
        if "resolved" in terms and says_resolved(terms["resolved"], message):
            return None  # ("it works again, ask me if anything breaks": a person's reply)
        rest, end = [], 0
        for start, stop in sorted(spans):
            rest.append(message[end:start])
            end = stop
        rest.append(message[end:])
        if self.of_the_task(" ".join(rest)):
            return None  # a word of the task ("write the test again"): a reply to it
        return message[min(a for a, _ in spans) : max(b for _, b in spans)]

    @once
    def not_knowing(self) -> str | None:
        """The words in which a tiny reply is only its speaker not knowing or not wanting to
        talk ("Weiß ich nicht!", "不知道哦"; the lexicon's `not_knowing`), with no more around
        them than a name, an apology or an interjection, to a request that is not a question
        ("I don't know" answers one)."""
        if self.html or self.structure is not None:
            return None
        message = self.message.strip()
        if display_size(message) > NOT_KNOWING_CHARS or SPECIFIC_MARK.search(message):
            return None
        m = self.lexicon.not_knowing.search(message)
        if m is None or (self.question and asks_a_question(self.question)):
            return None
        rest = message[: m.start()] + " " + message[m.end() :]
        for name, start, stop, _ in self.hits:  # an apology's words ("sorry, I don't know")
            if name == "apology":
                rest = rest.replace(message[start:stop], " ")
        words = [w for w in _LONG_WORD.findall(CJK.sub(" ", rest)) if w not in STOP]
        names = sum(1 for c in HAN.findall(rest) if c not in _CJK_PARTICLES)
        if words or names > NOT_KNOWING_NAME:
            return None  # it says more: what it does not know, why ("no idea what happened")
        return m.group(0)

    @once
    def raw_question(self) -> str:
        """The last user message that says something, as written, or "" without a request."""
        if self.request is None:
            return ""
        for m in reversed(self.request.messages):
            if m.role == "user":
                text = m.text_content
                if text.strip():
                    return composed(text)
        return ""

    @once
    def after_tools(self) -> bool:
        """Whether the reply follows tool results (the request ends with them): then it is the
        model's own account of the calls it made ("I could not do that." after two tool
        errors), not a bot's stock line said to a person's request."""
        messages = self.request.messages if self.request is not None else ()
        return bool(messages) and messages[-1].role == "tool"

    @once
    def question(self) -> str:
        """The last user message (lower-cased, capped, `_` read as a space: a constant named
        HTTP_TOO_MANY_REQUESTS names the failure), or "" without a request."""
        return self.raw_question[:QUESTION_CHARS].lower().replace("_", " ")

    @once
    def marked(self) -> bool:
        """Whether the exchange is Vietnamese (its request or its reply, by their letters):
        then every part of it is compared with its marks (`folding.fold`), those that hold no
        letter only Vietnamese writes too ("vui lòng")."""
        return marked(self.question, self.message)

    def compared(self, text: str) -> str:
        """`text` (the request, the reply, a part of either, the system prompt) in the
        exchange's one comparison form (`folding.fold`, `marked`)."""
        return fold(text, self.marked)

    @once
    def compared_question(self) -> str:
        """The request in its comparison form (`compared` of `question`): what every
        reading that compares the reply with its request compares."""
        return self.compared(self.question)

    @once
    def compared_message(self) -> str:
        """The reply's `message` in its comparison form (`compared`)."""
        return self.compared(self.message)

    @once
    def asked_words(self) -> frozenset[str]:
        """The request's content words but stop words, in the comparison form."""
        return question_words(self.compared_question)

    def of_the_task(self, text: str) -> bool:
        """Whether `text` (a part of the reply) shares a content word with the request, both
        read in the comparison form: a reply to it, however short."""
        if not self.question:
            return False
        return bool((content_words(self.compared(text)) - STOP) & self.asked_words)

    def names_asked(self, part: str) -> bool:
        """Whether the request says `part` (a word or a phrase of the reply), both read in the
        comparison form."""
        return bool(self.question) and self.compared(part) in self.compared_question

    @once
    def system(self) -> str:
        """The system prompt as written (its messages joined), or "" without a request."""
        if self.request is None:
            return ""
        return " ".join(m.text_content for m in self.request.messages if m.role == "system")

    @once
    def instructions(self) -> str:
        """The system prompt and the last user message: where a demanded format is said."""
        if self.request is None:
            return ""
        return (self.system[:QUESTION_CHARS].lower() + "\n" + self.question).strip()


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
        if DIAGNOSTIC.match(line) is not None or _is_ids_line(line.strip()):
            in_diagnostics = True
        elif not in_diagnostics or PROSE_LINE.search(line):
            kept.append(line)
    return "\n".join(kept)


def display_size(text: str) -> int:
    """Characters, a CJK character counting as 2.5 (it carries a word's worth)."""
    if text.isascii():
        return len(text)
    return len(text) + int(1.5 * len(CJK.findall(text)))


SignalFn = Callable[[Reply, Mapping[str, float]], Iterable[Signal]]
# What may make a module's failure signals fire in a reply, found without reading it:
# (text stripped, its lower case, lexicon) -> True when a reading may find it. Each module whose
# signals can fire on a reply with no failure word exports one (`may_fire`); `signals.quick_clear`
# clears no reply of which one says True.
Precheck = Callable[[str, str, Lexicon], bool]


# A person's state said in the words of a bot's stand-in ("累了", "很忙", "困了"): of the
# addressee ("你累了就先睡吧", "看你比较累了", "摸摸你的头就不累了"), a character's reply to the
# user, not the bot's own state.
_PERSON_STATE = re.compile("[\u7d2f\u56f0\u5fd9]")  # 累 困 忙
_STATE_CLASSES = ("no_reply", "overload")


def _addressee_state(message: str, hit: tuple[str, int, int, str]) -> bool:
    """Whether a vocabulary hit is a person's state said of the addressee (`addressee_owns`)."""
    name, start, _, term = hit
    return (
        name in _STATE_CLASSES
        and _PERSON_STATE.search(term) is not None
        and addressee_owns(message, start)
    )
