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

from tether.reliability.folding import fold, marked
from tether.reliability.function_words import english_markers
from tether.reliability.language_names import NAME_PATTERNS
from tether.reliability.lexicon import Lexicon
from tether.reliability.reply import HIT_WINDOW, RENDERING, STOP, Reply, Signal
from tether.reliability.transform_signals import speaks_of_request
from tether.reliability.words import content_words

# The words of a request that name what it asks for: a language, and the script it is written in
# (`language_names`).
_LANGUAGES = NAME_PATTERNS
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

# The words in which a text says something failed, is missing or is not (the vocabulary's failure
# classes read more of some languages' notices than of others': "No valid API keys provided",
# "Unsupported format" are in none): a text without any is translated into no failure notice.
_NEGATIVE = re.compile(
    r"\b(?:error\w*|fail\w*|invalid|unsupported|unknown|unable|cannot|can't|could not|couldn't"
    r"|not|no|none|denied|forbidden|limit\w*|exceed\w*|timed? ?out|retry|again|unavailable"
    r"|busy|overload\w*|missing|expired|wrong|stop\w*|abnormal\w*|interrupt\w*|empty|refus\w*"
    r"|sorry|problem|issue|lost|offline|blocked|rejected|too many|too long|unreachable)\b"
    r"|[\u4e0d\u65e0\u7121\u6ca1\u6c92\u672a\u975e\u5426]|\u5931\u8d25|\u5931\u6557"
    r"|\u30a8\u30e9\u30fc|\u3067\u304d\u307e\u305b\u3093|\u306a\u3044|\uc5c6|\uc2e4\ud328|\uc624\ub958"
    r"|\b(?:не|нет|ошибк\w*)\b|\b(?:pas|kein\w*|nicht|fehler\w*|erreur|sin|sem|échec)\b",
    re.IGNORECASE,
)
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
    negative: bool  # it says something failed, or is not, in any words (`_NEGATIVE`)


def script_counts(text: str) -> dict[str, int]:
    """How many letters of each script (`_SCRIPTS`) a text holds."""
    return {name: len(p.findall(text)) for name, p in _SCRIPTS}


def script_of(text: str) -> str | None:
    """The script most of a text's letters are written in (Japanese: any kana among Chinese
    characters), or None for a text without letters."""
    counts = script_counts(text)
    if counts["kana"] and counts["kana"] + counts["han"] >= max(counts.values()):
        return "kana"
    best = max(counts, key=lambda k: counts[k])
    return best if counts[best] else None


def size_of(text: str) -> float:
    counts = script_counts(text)
    return sum(n * _WEIGHT.get(name, 1.0) for name, n in counts.items())


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
    return _reading_of(text, _target_script(words), lexicon)


@lru_cache(maxsize=64)
def _given_by_system(system: str, question: str, lexicon: Lexicon) -> _Given | None:
    """A translation tool's request: its system prompt asks for translations into a language it
    names ("You are a translation engine. Translate the user's text into Chinese."), and the
    user's message is the text to translate, whole."""
    if RENDERING.search(system) is None:
        return None
    target = _target_script(system)
    if target is None:
        return None
    given = _reading_of(question.strip(), target, lexicon)
    return given if given is not None and given.own_script != target else None


def _reading_of(text: str, target: str | None, lexicon: Lexicon) -> _Given | None:
    own = script_of(text)
    if own is None or len(text) < GIVEN_MIN:
        return None
    low = text.lower()
    classes = frozenset(name for name, _, _, _ in lexicon.hits(low, HIT_WINDOW))
    return _Given(
        text,
        target,
        own,
        size_of(text),
        frozenset(_SLOT.findall(text)),
        frozenset(n.lower() for n in _NAME.findall(text)),
        classes,
        english_markers(low) >= 2,
        bool(classes) or _NEGATIVE.search(low) is not None,
    )


# A text this many content words long or longer keeps some of them when said otherwise.
KEPT_WORDS = 3


def renders_nothing(question: str, text: str, lexicon: Lexicon) -> bool:
    """Whether a reply renders nothing of the text its request gives to render (what
    `Reply.renders_given_text` asks before it takes the reply for that text, whatever it
    says): it has no letter of the script of the language asked for ("rate limit exceeded"
    to "翻译成中文", "目前无法回答" to "Translate into English"), or it is English said back
    where another Latin language was asked for, with none of the text's names and numbers
    ("Sorry, I didn't understand that" to "Translate into French: ..."), or, asked to say a
    text otherwise, it keeps none of its words. A rendering is in the language asked for and
    keeps something of its text. A request whose text or target cannot be read is taken at its
    word (False)."""
    given = _given(question[:4000], lexicon)
    if given is None:
        return False
    head = text[:3000]
    counts = script_counts(head)
    if not any(counts.values()):
        return False  # (numbers, emoji: nothing to read a language in)
    target = given.script
    if target is not None:
        scripts = ("han", "kana") if target in ("han", "kana") else (target,)
        if not any(counts[s] for s in scripts):
            return True
        if target == "latin" and not_english(head, question):
            return True
        return (
            target == "latin"
            and given.own_script == "latin"
            and given.english
            and not _asks_english(question)
            and english_markers(head.lower()) >= 2
            and not _keeps(head, given)
        )
    if _SAYS_OTHERWISE.search(question[:2000]) is None:
        return False
    words = _compared_words(given.text, head)
    return len(words[0]) >= KEPT_WORDS and not words[1] & words[0]


# A text of this many words or more in English holds some of its small words ("the", "is",
# "you"): one with none is in another language. (A short UI string may hold none: "Server
# busy. Retry later.")
ENGLISH_WORDS = 7
_LATIN_WORD = re.compile(r"[A-Za-z\u00c0-\u024f\u1e00-\u1eff]+")


def not_english(text: str, question: str) -> bool:
    """Whether a reply to a request for English is in another Latin language: seven words or
    more and no English small word ("Dạ em chưa hiểu rõ ý mình, anh/chị nói rõ hơn giúp em")."""
    if not _asks_english(question):
        return False
    return len(_LATIN_WORD.findall(text)) >= ENGLISH_WORDS and english_markers(text.lower()) == 0


def _compared_words(given: str, text: str) -> tuple[set[str], set[str]]:
    """The content words (but stop words) of the given text and of a text, both in one
    comparison form (`folding.marked`)."""
    keep = marked(given, text)
    return content_words(fold(given, keep)) - STOP, content_words(fold(text, keep)) - STOP


def _keeps(text: str, given: _Given) -> bool:
    """Whether a text keeps a name, a number or a slot of the given text ("DISBOARD", "3")."""
    names = frozenset(n.lower() for n in _NAME.findall(text))
    return bool(names & given.names or frozenset(_SLOT.findall(text)) & given.slots)


def rendered(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply is the text the request gave, rendered as it asked: in the script of the
    language asked for, about as long, with its slots, numbers and names and none of its own,
    declining or saying a failure only where the text does (not English said back where French
    was asked).
    Then the reply's failure words are the given text's: the answer asked for."""
    question = r.raw_question
    if not question:
        return ()
    if speaks_of_request(r) is not None:
        return ()  # (a line about the text, not the text rendered: `transform_meta`)
    if r.unwritten_program:
        return ()  # (code handed back in its source language or cut: not the text rendered)
    text = r.text.strip()
    if r.renders_given_text and len(_CUE.findall(text[:3000])) >= CUES and not may_mark(text):
        return (Signal("rendered", -w["rendered"], "subtitle cues"),)  # (timed lines: rendered)
    given = _given(question[:4000], r.lexicon) if r.renders_given_text else None
    system = r.system
    if given is None and system:
        given = _given_by_system(system[:2000], question[:4000], r.lexicon)
    if given is None:
        return ()
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
    if script == "latin" and not_english(text[:3000], question[:2000]):
        return ()  # (a Vietnamese notice where English was asked)
    if script != "latin":
        names = frozenset(n.lower() for n in _NAME.findall(text))
        if names != given.names:
            return ()
    elif (
        given.script == "latin"
        and given.english
        and not _asks_english(question)
        and not _asks_english(system)
        and english_markers(text.lower()) >= 2
    ):
        return ()  # (English said back to a request for French: not translated)
    if (
        given.script is None
        and _SAYS_OTHERWISE.search(question[:2000]) is not None
        and not set.intersection(*_compared_words(given.text, text))
    ):
        # a text said otherwise in its own language keeps some of its words ("send me the
        # report" -> "could you send the report"): a reply with none of them renders nothing
        return ()
    kinds = {name for name, _, _, _ in r.hits}
    declines = kinds & DECLINING
    if declines and not declines & given.classes:
        return ()  # (a refusal where the text refuses nothing)
    if not given.negative and (kinds or _NEGATIVE.search(text[:3000]) is not None):
        # (a notice where the text says nothing went wrong: "Good morning, all"; in words the
        # vocabulary does not know too: "No relevant agent found", "Cannot create property")
        return ()
    said = f"{given.own_script} -> {script}, {len(given.slots)} slots kept"
    return (Signal("rendered", -w["rendered"], said),)


# A request to say a text otherwise in its own language (not to translate it).
_SAYS_OTHERWISE = re.compile(
    r"\b(?:rewrite|re-write|rephrase|paraphrase|reword|reformulate|umformulier\w*|reformul[eé]\w*"
    r"|reescrib\w*|parafrase\w*)\b|改写|改寫|润色|潤色|言い換え|書き直し|다시 써",
    re.IGNORECASE,
)

_ENGLISH = re.compile(
    r"\b(?:into|to|in)\s+(?:plain |simple )?english\b|成英文|为英文|成英语|为英语|英語に|英訳"
    r"|영어로|на английский|al inglés|en anglais|ins englische",
    re.I,
)


def _asks_english(question: str) -> bool:
    return _ENGLISH.search(question) is not None


# A marker a translation tool puts where a segment's rendering failed: "[Translation failed]",
# "translate fail", "No translation found", "翻译失败", "ошибка перевода", with a reason after a
# colon inside its brackets at most.
_MARKER_WORDS = (
    r"(?:translation|translate|translating|translator|rendering)\s+(?:failed|fail|error|"
    r"unavailable)|(?:failed|unable) to translate|no translation(?: found| available| returned)?"
    r"|(?:翻译|翻譯|翻訳|번역)\s*(?:失败|失敗|错误|錯誤|エラー|出错|出錯|실패|오류)"
    r"|ошибка перевода|перевод не удался|traduction (?:échouée|impossible)"
    r"|übersetzung fehlgeschlagen|error de traducción|falha na tradução"
)
_MARKER = re.compile(
    r"\s*[\[\u3010(<*]*\s*(?:" + _MARKER_WORDS + r")(?:\s*[:\uff1a]\s*[^\n\]\u3011]{0,80})?"
    r"\s*[\]\u3011)>*]*\s*[.!\u3002]?\s*",
    re.IGNORECASE,
)
# In a segmented rendering (subtitle cues, one line per segment), a segment's line that is only
# an error word in capitals or a bracketed one stands where its rendering should be.
_BARE = re.compile(r"\s*(?:ERROR|Error|FAILED|Failed|\[(?:error|failed)\]|<error>)\s*[.!]?\s*")
_CUE = re.compile(r"^\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}\s*-->\s*\d{1,2}:\d{2}", re.MULTILINE)
# A reply of this many subtitle cues or more to a request for a rendering is one, whatever its
# lines say ("The build failed again."): a failed cue is `failed_segment`.
CUES = 2
# A marker line among this many lines or fewer than others is no segment among many.
SEGMENTS = 2


def failed_segment(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A translation tool's marker where a rendering should be: the whole reply is one
    ("[Translation failed]", "翻译失败"), or one segment of a segmented rendering is (a subtitle
    cue whose text is "ERROR" amid translated cues). Not where the request gives that very line
    to translate (a UI string "Translation failed" rendered is `rendered`)."""
    text = r.text.strip()
    if len(text) <= 80 and "\n" not in text:
        if _MARKER.fullmatch(text) is None or _gives_line(r, text):
            return ()
        if next(iter(rendered(r, w)), None) is not None:
            return ()
        return (Signal("failed_segment", w["failed_marker"], f"the reply is {text!r}"),)
    cues = _CUE.search(text) is not None
    if not cues and not (r.renders_given_text and _ASKS.search(r.raw_question[:2000])):
        return ()
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) <= SEGMENTS:
        return ()
    for i, line in enumerate(lines):
        marked = _MARKER.fullmatch(line) is not None or (cues and _BARE.fullmatch(line))
        if not marked or _gives_line(r, line.strip()):
            continue
        if i and lines[i - 1].rstrip().endswith((":", "\uff1a")):
            continue  # ("the tool shows:" and the marker quoted)
        said = f"line {i + 1} of {len(lines)} is {line.strip()!r}"
        return (Signal("failed_segment", w["failed_segment"], said),)
    return ()


def _gives_line(r: Reply, line: str) -> bool:
    """Whether the request holds this line itself (a text to render that says it)."""
    question = r.raw_question
    return bool(question) and line.lower() in question.lower()


_MARKER_LINE = re.compile(r"^" + _MARKER.pattern + r"$", re.IGNORECASE | re.MULTILINE)
_BARE_LINE = re.compile(r"^" + _BARE.pattern + r"$", re.MULTILINE)


def may_mark(text: str) -> bool:
    """Whether a long reply may hold a failed segment (`failed_segment`) for `quick_clear`: it
    opens with subtitle cues, and a line is a marker or a bare error word. Cheap: a long
    answer's lines are searched only when its start is cues (a 50 KB answer's search for a
    marker line cost ~800 us, a substring's ~100). (A marker line deep in a long rendering
    without cues is read only when the reply is read whole: its head or tail has failure words.)"""
    if text.find("-->", 0, CUE_HEAD) < 0 or _CUE.search(text[:CUE_HEAD]) is None:
        return False
    return _MARKER_LINE.search(text) is not None or _BARE_LINE.search(text) is not None


# Subtitles open with their first cue's timing within this many characters.
CUE_HEAD = 300


# A speaker declining the request in the first person: "I can't help with that", "我不能按照你的
# 要求进行处理", "翻訳することはできません", "번역해 드릴 수 없습니다", "не могу перевести".
_DECLINES = re.compile(
    r"\bi(?:'m| am)?\s+(?:can(?:no|'|\u2019)t|cannot|am unable to|unable to|am not able to"
    r"|won't|will not|must decline to)\s+(?:help|assist|translate|provide|comply|fulfil"
    r"|process|do th|complete|rewrite)"
    r"|\b(?:unable|not able) to (?:translate|assist|comply|help with|fulfil)"
    r"|(?:不能|无法|無法|不可以|没办法|沒辦法|不便)(?:按照|协助|協助|帮助|幫助|帮你|幫你|为你|為你"
    r"|为您|為您|翻译|翻譯|处理|處理|完成|提供|满足|滿足|回答|进行|進行)"
    r"|(?:お手伝い|翻訳|対応|お答え)(?:することは|することが|は)?できません"
    r"|(?:도와|번역해|번역을 해|답변해)\s*드릴 수 없"
    r"|не могу (?:помочь|перевести|выполнить)"
    r"|je ne (?:peux|suis) pas (?:en mesure de )?(?:traduire|aider)"
    r"|no puedo (?:traducir|ayudar)|não posso (?:traduzir|ajudar)"
    r"|ich kann (?:dir |ihnen )?(?:dabei )?nicht (?:helfen|übersetzen)",
    re.IGNORECASE,
)
# A decline of a part that goes on to render the rest ("I can't translate it word for word, but
# the closest is ..."): an answer.
_RENDERS_AFTER = re.compile(
    r"\b(?:but|however|instead|closest|roughly|literally|here(?:'s| is))\b"
    r"|\u4e0d\u8fc7|\u4f46|\u53ef\u4ee5\u8bd1|\u53ef\u4ee5\u7ffb|\u305f\u3060|\ud558\uc9c0\ub9cc"
    r"|\b(?:но|однако|mais|pero|mas|aber)\b",
    re.IGNORECASE,
)
# A refusal is a short reply, and says so near its start.
DECLINE_CHARS = 400
DECLINE_AT = 160


def declines_rendering(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The request asks for a text translated or reworded, and the short reply declines it in
    the first person ("I can't help with that", "我不能按照你的要求进行处理"): a refusal in the
    rendering's place, whatever reasons it gives (a content filter's, a policy's). Not where the
    given text itself declines: then the refusal rendered is the answer (`rendered`)."""
    text = r.text.strip()
    if len(text) > DECLINE_CHARS or not r.renders_given_text:
        return ()
    question = r.raw_question
    if _ASKS.search(question[:2000]) is None:
        return ()
    m = _DECLINES.search(text[:DECLINE_AT])
    if m is None or _RENDERS_AFTER.search(text, m.end()) is not None:
        return ()
    given = _given(question[:4000], r.lexicon)
    if given is not None and _DECLINES.search(given.text) is not None:
        return ()
    return (Signal("declines_rendering", w["declines_rendering"], m.group(0)),)
