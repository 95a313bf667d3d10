"""The signal of a reply that is the given text rendered: the request gives a text and asks for it
in another language or in other words (translate it, rewrite it, proofread it), and the reply is
that text so rendered (`rendered`). A UI string file's "连接失败" answers "Translate into
Chinese: Connection failed." whatever its words say: the error notice is the answer asked for.

The relation is read, not assumed: the reply is written in the script of the language asked for
(any, when none is named), is about as long as the given text, keeps its slots (`{name}`, `%s`,
`$1`, tags), its numbers and its names, brings none of its own, and declines (sorry, cannot help,
filtered) only where the given text does. A relay's English "rate limit exceeded" to a request for
Chinese is in the wrong script; a refusal to translate a news item says a failure its text does
not; a gateway's notice brings a status code or a request id of its own: none of them is the
given text rendered.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from tether.reliability.function_words import english_markers
from tether.reliability.lexicon import Lexicon
from tether.reliability.reply import HIT_WINDOW, Reply, Signal

# The words of a request that name what it asks for: a language, and the script it is written in.
_LANGUAGES: tuple[tuple[str, str], ...] = (
    (
        r"(?:simplified |traditional )?chinese|mandarin|cantonese|中文|汉语|漢語|简体|繁体|繁體"
        r"|簡體|中国語|중국어|китайский",
        "han",
    ),
    (r"japanese|日语|日文|日本語|일본어|японский", "kana"),
    (r"korean|韩语|韩文|韓文|韓国語|한국어|корейский", "hangul"),
    (
        r"russian|ukrainian|bulgarian|serbian|belarusian|kazakh|mongolian|俄语|俄文|ロシア語"
        r"|러시아어|русский|украинский",
        "cyrillic",
    ),
    (r"greek", "greek"),
    (r"arabic|persian|farsi|urdu|阿拉伯语", "arabic"),
    (r"hebrew|yiddish", "hebrew"),
    (r"thai|泰语|泰文", "thai"),
    (r"hindi|marathi|nepali|sanskrit", "devanagari"),
    (
        r"english|french|german|spanish|portuguese|italian|dutch|polish|czech|slovak|swedish"
        r"|danish|norwegian|finnish|turkish|vietnamese|indonesian|malay|romanian|hungarian"
        r"|croatian|slovenian|catalan|tagalog|filipino|英语|英文|英語|法语|德语|西班牙语|葡萄牙语"
        r"|意大利语|越南语|영어|английский|французский|немецкий|испанский",
        "latin",
    ),
)
_TARGET = re.compile(
    r"\b(?:into|to|in)\s+(?:(?:brazilian|european|mexican|modern|plain|natural|fluent)\s+)?("
    + "|".join(p for p, _ in _LANGUAGES)
    + r")\b|(?:成|为|為|到|译|譯)("
    + "|".join(p for p, _ in _LANGUAGES)
    + r")|("
    + "|".join(p for p, _ in _LANGUAGES)
    + r")(?:に|로|으로)|на\s+("
    + "|".join(p for p, _ in _LANGUAGES)
    + r")",
    re.IGNORECASE,
)
_SCRIPT_OF = [(re.compile(p, re.IGNORECASE), s) for p, s in _LANGUAGES]

# A request that asks for a rendering, not one that names translations ("the translation site is
# down", "a rewrite request gets a 429"): the verb opens a line ("Translate ...", "Please rewrite
# ...", "Переведите ..."), or the Chinese, Japanese or Korean word is said with where to
# ("翻译成英文", "请翻译以下内容", "日本語に訳して", "번역해 주세요").
_ASKS = re.compile(
    r"^[\W\d_]{0,8}(?:(?:please|pls|kindly|now|can you|could you|would you)[,\s]+)?"
    r"(?:translate|rewrite|rephrase|paraphrase|reword|proofread|polish|localize|übersetze\w*"
    r"|tradui[sz]\w*|traduce|traduza|traduzca|traduci|tłumacz|przetłumacz\w*|переведи\w*"
    r"|перепиши\w*|dịch)\b"
    r"|(?:翻译|翻譯|翻訳|译|譯)(?:成|为|為|到|以下|下面|如下|下列|这|這|一下|[:\uff1a])"
    r"|^[\W\d_]{0,8}(?:请|請|帮我|幫我|麻烦|麻煩|把|将|將)[^\n]{0,40}?(?:翻译|翻譯)"
    r"|(?:に|へ)(?:翻訳|訳)して|訳してください|번역해|번역하",
    re.IGNORECASE | re.MULTILINE,
)
# Where the given text starts after the request's words: a colon, or a line of its own; or a
# quoted text.
_GIVEN_AFTER = re.compile(r"[:\uff1a]\s*|\n\s*")
_QUOTED = re.compile(
    r"\"([^\"\n]{2,2000})\"|\u201c([^\u201d]{2,2000})\u201d|\u00ab([^\u00bb]{2,2000})\u00bb"
    r"|\u300c([^\u300d]{2,2000})\u300d"
)
# A text this long or longer is read as given; a shorter one is some word of the request.
GIVEN_MIN = 2

# A slot a program fills in (`{name}`, `{{count}}`, `%s`, `%1$d`, `$1`, `<b>`), a number, and a
# name a translation keeps (an ASCII word in capitals or with a capital inside: API, DeepL).
_SLOT = re.compile(
    r"\{\{?[^{}\s]{0,40}\}\}?|%(?:\d\$)?[-+ #0]*\d*(?:\.\d+)?[sdifuxXe@]|\$\d+"
    r"|</?[a-z][a-z0-9]{0,10}/?>|\d+(?:[.,]\d+)*"
)
_NAME = re.compile(r"(?<![A-Za-z])[A-Z][A-Za-z0-9]*[A-Z][A-Za-z0-9]*(?![A-Za-z])")

_SCRIPTS = (
    ("kana", re.compile(r"[\u3040-\u30ff]")),
    ("han", re.compile(r"[\u3400-\u9fff]")),
    ("hangul", re.compile(r"[\uac00-\ud7af]")),
    ("cyrillic", re.compile(r"[\u0400-\u04ff]")),
    ("greek", re.compile(r"[\u0370-\u03ff]")),
    ("arabic", re.compile(r"[\u0600-\u06ff]")),
    ("hebrew", re.compile(r"[\u0590-\u05ff]")),
    ("thai", re.compile(r"[\u0e00-\u0e7f]")),
    ("devanagari", re.compile(r"[\u0900-\u097f]")),
    ("latin", re.compile(r"[A-Za-z\u00c0-\u024f\u1e00-\u1eff]")),
)
# How many Latin letters one character of a script says about (a Chinese character a word, a
# Korean syllable most of one): the sizes of a text and its translation compared.
_WEIGHT = {"han": 3.0, "kana": 1.5, "hangul": 2.0}
# A rendering is this many times the given text's size at least and at most (a short text's
# rendering may say it in a few more letters).
LEAST, MOST = 0.4, 2.5
SHORT_SIZE = 12.0
# The kinds of failure words in which a speaker declines (sorry, I cannot help with that; this
# content is filtered): a rendering says them only where the given text does. (Other kinds may
# be read in a rendering and not in its text: the vocabulary knows more of one language's
# notices than of another's.)
DECLINING = frozenset(("apology", "filter"))


@dataclass(frozen=True, slots=True)
class _Given:
    """What `rendered` reads of the request alone: the text it gives and the script asked for."""

    text: str
    script: str | None  # the script of the language asked for, or None when none is named
    own_script: str  # the given text's script
    size: float
    slots: frozenset[str]
    names: frozenset[str]
    classes: frozenset[str]  # the kinds of failure its words say
    english: bool  # the given text reads as English


def _counts(text: str) -> dict[str, int]:
    return {name: len(p.findall(text)) for name, p in _SCRIPTS}


def script_of(text: str) -> str | None:
    """The script most of a text's letters are written in (Japanese: any kana among Chinese
    characters), or None for a text without letters."""
    counts = _counts(text)
    if counts["kana"] and counts["kana"] + counts["han"] >= max(counts.values()):
        return "kana"
    best = max(counts, key=lambda k: counts[k])
    return best if counts[best] else None


def size_of(text: str) -> float:
    counts = _counts(text)
    return sum(n * _WEIGHT.get(name, 1.0) for name, n in counts.items())


def _raw_question(r: Reply) -> str:
    if r.request is None:
        return ""
    for m in reversed(r.request.messages):
        if m.role == "user":
            text = m.text_content
            if text.strip():
                return text
    return ""


def _target_script(words: str) -> str | None:
    m = _TARGET.search(words)
    if m is None:
        return None
    named = next(g for g in m.groups() if g)
    return next((s for p, s in _SCRIPT_OF if p.fullmatch(named)), None)


@lru_cache(maxsize=64)
def _given(question: str, lexicon: Lexicon) -> _Given | None:
    """The text a request gives to render and what it asks for, or None when it asks for no
    rendering or gives no text (kept: every attempt at one request reads the same question)."""
    asked = _ASKS.search(question[:2000])
    if asked is None:
        return None
    after = _GIVEN_AFTER.search(question, asked.end())
    text, words = "", question
    if after is not None and after.start() - asked.end() <= 200:
        text = question[after.end() :].strip()
        words = question[: after.start()]
    if len(text) < GIVEN_MIN:
        quoted = _QUOTED.search(question, asked.start())
        if quoted is None:
            return None
        text = next(g for g in quoted.groups() if g).strip()
        words = question[: quoted.start()] + question[quoted.end() :]
    own = script_of(text)
    if own is None or len(text) < GIVEN_MIN:
        return None
    low = text.lower()
    classes = frozenset(name for name, _, _, _ in lexicon.hits(low, HIT_WINDOW))
    return _Given(
        text,
        _target_script(words),
        own,
        size_of(text),
        frozenset(_SLOT.findall(text)),
        frozenset(n.lower() for n in _NAME.findall(text)),
        classes,
        english_markers(low) >= 2,
    )


def rendered(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply is the text the request gave, rendered as it asked: in the script of the
    language asked for, about as long, with its slots, numbers and names and none of its own,
    declining only where the text declines (not English said back where French was asked).
    Then the reply's failure words are the given text's: the answer asked for."""
    question = _raw_question(r)
    if not question or not r.renders_given_text:
        return ()
    given = _given(question[:4000], r.lexicon)
    if given is None:
        return ()
    text = r.text.strip()
    script = script_of(text)
    if script is None or script != (given.script or script):
        return ()
    size = size_of(text)
    if given.size >= SHORT_SIZE:
        if not LEAST * given.size <= size <= MOST * given.size:
            return ()
    elif size > MOST * SHORT_SIZE:
        return ()
    slots = frozenset(_SLOT.findall(text))
    if slots != given.slots:
        return ()
    if script != "latin":
        names = frozenset(n.lower() for n in _NAME.findall(text))
        if names != given.names:
            return ()
    elif (
        given.script == "latin"
        and given.english
        and not _asks_english(question)
        and english_markers(text.lower()) >= 2
    ):
        return ()  # (English said back to a request for French: not translated)
    declines = {name for name, _, _, _ in r.hits} & DECLINING
    if declines and not declines & given.classes:
        return ()  # (a refusal where the text refuses nothing)
    said = f"{given.own_script} -> {script}, {len(given.slots)} slots kept"
    return (Signal("rendered", -w["rendered"], said),)


_ENGLISH = re.compile(r"\b(?:into|to|in)\s+(?:plain |simple )?english\b|成英文|为英文|英語に", re.I)


def _asks_english(question: str) -> bool:
    return _ENGLISH.search(question) is not None
