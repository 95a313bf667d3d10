"""The signals of how a reply relates to its question: a question about a failure discounts
the failure words it expects (`asked_about`), a reply shares the question's words or has none of
them (`on_topic`), a reply is the short one the request demanded (`asked_for`)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from tether.reliability.agent_signals import unread_input
from tether.reliability.diagnosis_signals import recurs
from tether.reliability.dialogue_signals import ECHO_CHARS
from tether.reliability.error_objects import CODE_WORD, object_keys
from tether.reliability.keyed import holds, split_keys
from tether.reliability.lexicon import Lexicon
from tether.reliability.reply import (
    QUESTION_CHARS,
    SHORT_CHARS,
    STOP,
    Reply,
    Signal,
    asks_a_question,
    question_words,
)
from tether.reliability.text_shape import display_size
from tether.reliability.words import CJK, content_words, latin, overlap_words


def asked_about(
    r: Reply, w: Mapping[str, float], lexical: float, structural: float, marked: bool = False
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
    about = _about_failure(q, r.lexicon)
    if (shared or about.named is not None or about.code) and _shape_not_given(r):
        return ()
    codes = set(CODE_WORD.findall(r.text[:600])) & about.codes if about.codes else set()
    if not (shared or codes or about.named is not None or about.code):
        return ()
    if about.asks_shape:  # "show an example of the 429 response", or a documentation page's
        # "Errors" section: words and shape are what was asked for
        words, shape = w["asked_for_shape"], w["asked_for_shape"]
        what = "asked what the failure looks like"
    elif shared or codes:
        words, shape = w["asked_about"], w["asked_about_shape"]
        what = ", ".join([*sorted(codes), *shared][:4])
    else:
        words = shape = w["asked_about_other"]
        named = about.named if about.named is not None else "a status code"
        what = f"the question is about {named!r}"
    weight = words * lexical + shape * structural
    if marked and not about.asks_shape and voiceless_notice(r):
        weight *= w["asked_about_voiceless"]
        what = f"{what}; a notice no one voices"
    return (Signal("asked_about", -round(weight, 3), what),)


NOTICE_CHARS = 200
# The marks of a notice's layout that `voiceless_notice` asks for (its caller reads them among
# the failure signals): a status code, a client's prefix ("Error:", "⏺ API Error"), an id to
# quote to support, an error object.
NOTICE_MARKS = frozenset(("status_code", "client_prefix", "diagnostics", "error_object"))
# What a person's short reply about a failure has and a notice has not: a hedge ("probably",
# "可能", "たぶん", "наверное"), the writer's own case ("for me", "here too", "我这边"), the time
# they met it ("since noon", "今天", "сегодня"), its cause or meaning ("because", "значит"), its
# end ("fixed", "解决了"), the thread it is said in ("hey", "@name", a link, "again"), a
# question back ("is it still crashing?").
_VOICE = re.compile(
    r"[?\uff1f]\s*$|@\w|https?://|(?<!try )(?<!retry )\bagain\b"
    r"|\b(?:probably|maybe|perhaps|likely|i think|i guess|seems?|looks like|might|could be"
    r"|for me|me too|here too|as well|also|same|since|today|yesterday|this morning|ago|hey"
    r"|because|caused by|means|fixed|solved|resolved|works now|significa|signifie|bedeutet"
    r"|quizás|quizá|tal vez|probablemente|parece|creo|a mí|también|desde|hoy|ayer|porque"
    r"|resuelto|resolvido|atribuido"
    r"|наверное|возможно|похоже|кажется|тоже|сегодня|вчера|потому что|значит|означает"
    r"|исправ\w*|решено)\b"
    r"|可能|好像|也许|似乎|估计|我这边|我也|也是|今天|昨天|刚才|一直|因为|原因是|意思是|解决了|修复了"
    r"|たぶん|多分|おそらく|かもしれ|みたい|私も|こちらも|今日|昨日|さっき"
)


def voiceless_notice(r: Reply) -> bool:
    """Whether the reply is a short notice that nobody voices (its caller has read a notice's
    mark in it, `NOTICE_MARKS`, and no answer signal that reads a writer: no "I", no "same
    here", no explanation): it has none of a person's words about the failure (`_VOICE`) and
    uses no word of the question but the failure's own ("429", "error"). A person's short
    reply in an outage thread speaks ("same here, 429 for me too since noon") or takes up the
    asker's specifics; a provider's or an app's notice in the answer's place ("Error 429: Too
    Many Requests", "Request failed. Request ID: 8c8e...") does neither: being asked about a
    failure does not excuse a failure text that answers nothing of the question."""
    message = r.message.strip()
    if not message or len(message) > NOTICE_CHARS:
        return False
    low = message.lower()
    if _VOICE.search(low) is not None:
        return False
    words = content_words(r.compared_message) - STOP
    terms = {t for _, _, _, term in r.hits for t in content_words(r.compared(term))}
    return not (words - terms) & r.asked_words


def _shape_not_given(r: Reply) -> bool:
    """Whether the request demands its reply's shape (the labels it offers, "INFO, WARN or
    ERROR"; an object with the keys it names, `"error"` and `"message"`) and the reply is not
    in it. Such a request names failure words as the labels or keys of its answer, or in the
    text it hands over to be labelled ("Log: ... timeout"); it asks about no failure, and a
    reply that gives no label and no object is not its answer: a provider's or an app's
    failure text in its place keeps its words' weight."""
    labels = offered_labels(r.system, r.raw_question)
    if len(labels) >= 2:
        text = r.text.strip()
        label = opening_label(text, r.system, r.raw_question)
        if label is not None:
            return failure_after(r, text, label)
        return not any(_names_label(text, label, capitals) for label, capitals in labels)
    if _demands_object(_demand_text(r.system, r.raw_question)):
        # (a fence's "```json" opens an object too; `lstrip` of "json" would eat a word's letters)
        return not r.text.lstrip(" \n`").removeprefix("json").lstrip().startswith(("{", "["))
    return False


def _names_label(text: str, label: str, capitals: bool) -> bool:
    """Whether `text` names the offered `label` as a word (in capitals when offered so)."""
    if capitals:
        return _names_word(text, label.upper()) if label.isascii() else label.upper() in text
    return _names_word(text.lower(), label) if label.isascii() else label in text.lower()


# A request for a JSON object (or array) with keys it names in quotes: `JSON with keys "error"
# and "message"`, `{"status": ..., "reason": ...}`.
# (A key written with its value, `"msg": "Oops"`, is of an object the request pastes: no demand.)
_ASKS_JSON = re.compile(
    r"\b(?:return|respond|reply|output|answer|give|produce|emit|format|write)\b[^.\n]{0,40}"
    r"\bjson\b|\b(?:in|as)\s+(?:an?\s+)?json\b|\bjson\s+(?:object\s+)?with\b"
)
_QUOTED_KEY = re.compile(r"[\"'`]([a-z_][a-z0-9_]{0,30})[\"'`](?!\s*:)")


@lru_cache(maxsize=64)
def _demands_object(demand: str) -> bool:
    """Whether the request (its system prompt and question, lower-cased as written) asks for
    JSON back and names two or more keys for it in quotes."""
    if "json" not in demand or _ASKS_JSON.search(demand) is None:
        return False
    return len(set(_QUOTED_KEY.findall(demand))) >= 2


@dataclass(frozen=True, slots=True)
class _AboutFailure:
    """What `asked_about` reads of the question alone (`_about_failure`)."""

    codes: frozenset[str]  # its status codes
    named: str | None  # the failure it names: a vocabulary term, or an outage's words
    code: bool  # a status code in its first 2,000 characters
    asks_shape: bool  # it asks what a failure looks like, or heads a page's "Errors"


@lru_cache(maxsize=64)
def _about_failure(q: str, lexicon: Lexicon) -> _AboutFailure:
    """The question's part of `asked_about`, read once per question: every attempt at one
    request is judged against it (its vocabulary search alone cost ~8 us a reply)."""
    m = lexicon.vocabulary.search(q[:2000])
    outage = reports_outage(q) if m is None else None
    named = m or outage
    code = CODE_WORD.search(q[:2000])
    return _AboutFailure(
        frozenset(CODE_WORD.findall(q)),
        named.group(0) if named is not None else None,
        code is not None,
        _asks_shape(q[:2000], (named, code)) or _ERRORS_HEADING.match(q) is not None,
    )


_SENTENCE_BREAK = re.compile(r"[.!?\n\u3002\uff01\uff1f]")


def _asks_shape(q: str, failures: tuple[re.Match[str] | None, ...]) -> bool:
    """Whether `q` asks what a failure looks like: a shape word in the sentence of the failure
    it names, or anywhere in a question of one line (a long prompt's "EXAMPLES:" and "Format:"
    lines ask nothing of its "after an error, stay silent")."""
    if _ASKS_SHAPE.search(q) is None:
        return False
    if "\n" not in q.strip():
        return _shape_word(q, 0, len(q))
    for f in failures:
        if f is None:
            continue
        start = max((m.end() for m in _SENTENCE_BREAK.finditer(q, 0, f.start())), default=0)
        end = _SENTENCE_BREAK.search(q, f.end())
        if _shape_word(q, start, end.start() if end is not None else len(q)):
            return True
    return False


_ASKS_SHAPE = re.compile(
    r"look(?:s)? like|example|sample|format|show (?:me )?(?:the|an?) .{0,30}(?:response|body|error)"
    r"|what does .{0,40}(?:return|send|respond)|response body"
    r"|error (?:body|response|object|message)s?\b|como é|ejemplo|exemple|beispiel|пример|示例|例子"
    r"|格式|返回什么|返回的|どのような|例を|예시|형식|formato|devuelve|retorna|renvoie|retourne"
    r"|zurückgibt|возвращает|返回|返す|반환",
    re.I,
)
# The verbs "returns" alone ("API 返回 429", "возвращает 503"): a question of what comes back,
# unless it asks why (`_WHY`): "为什么一直返回 429" asks the cause, not the shape.
_RETURNS = frozenset(
    (
        "devuelve",
        "retorna",
        "renvoie",
        "retourne",
        "zurückgibt",
        "возвращает",
        "返回",
        "返す",
        "반환",
    )
)
_WHY = re.compile(
    r"\bwhy\b|为什么|為什麼|为何|為何|почему|por ?qu[eé]|pourquoi|warum|なぜ|どうして|왜", re.I
)


def _shape_word(q: str, start: int, end: int) -> bool:
    """Whether `q[start:end]` has a word that asks what a failure looks like (`_ASKS_SHAPE`;
    a bare "returns" only where the question does not ask why)."""
    return any(
        m.group(0).lower() not in _RETURNS or _WHY.search(q) is None
        for m in _ASKS_SHAPE.finditer(q, start, end)
    )


# A question that reports an outage in plain words: "is the site down?", "I can't access the
# site", "Crates.io is crashed", "你的网站炸了", "服务挂了么", "サーバが落ちています", "접속이
# 안돼요", "SERVER caído", "Ist Claude gerade down?", "en panne". A reply about the outage
# then has failure words as the question's own subject.
_REPORTS_OUTAGE = re.compile(
    r"\b(?:is|are|was|were|went|goes|seems?|appears?)\s+(?:\w+\s+)?down\b|\bdown\s*\?"
    r"|\bcrash(?:ed|es|ing)?\b|\bnot (?:working|loading|responding)\b"
    r"|\b(?:doesn't|does not|don't|won't|can't|cannot|can not)"
    r" (?:work|load|connect|access|reach|open)"
    r"|落ち(?:て|た)|炸了|挂了|崩了|打不开|访问不了|连不上|用不了|접속이 안|안돼요|안 돼요"
    r"|не работает|упал|caído|caiu|fora do ar|no funciona|não funciona|kaputt|geht nicht"
    r"|funktioniert nicht|ne marche pas|en panne|ne fonctionne pas"
)

_OUTAGE_KEYS = split_keys(
    (
        "down",
        "crash",
        "not ",
        "n't",
        "cannot",
        "can not",
        "落ち",
        "炸了",
        "挂了",
        "崩了",
        "打不开",
        "访问不了",
        "连不上",
        "用不了",
        "접속이 안",
        "안돼요",
        "안 돼요",
        "не работает",
        "упал",
        "caído",
        "caiu",
        "fora do ar",
        "funciona",
        "kaputt",
        "geht nicht",
        "funktioniert nicht",
        "ne marche pas",
        "en panne",
        "ne fonctionne pas",
    )
)


def reports_outage(question: str) -> re.Match[str] | None:
    """Where a question (lower-cased) reports an outage in plain words ("is the site down?",
    "你的网站炸了", "접속이 안돼요"), or None."""
    q = question[:2000]
    if not holds(q, _OUTAGE_KEYS):
        return None
    return _REPORTS_OUTAGE.search(q)


# A question that is only the heading of a section on failures as a kind ("Errors", "## Error
# codes", "错误码列表", "エラーコード一覧"): a documentation page's section, whose reply shows
# what its errors look like.
_ERRORS_HEADING = re.compile(
    r"[\s#*\d.]*(?:(?:http|api)\s+)?(?:errors|error (?:codes|responses|handling)|status codes"
    r"|exit codes|response codes|errores|códigos de error|erreurs|codes d'erreur|fehlercodes"
    r"|ошибки|коды ошибок|错误码|错误码列表|错误代码|エラーコード(?:一覧)?|エラー一覧|오류 코드)"
    r"[\s:.]*$",
    re.I,
)


# The signals that read words, and those that read a failure's shape: what a question about
# failures discounts (the first more than the second).
LEXICAL = ("vocabulary:", "coverage", "short_notice", "stock_notice")
STRUCTURAL = (
    "error_object",
    "error_object_part",
    "status_code",
    "sse_frame",
    "client_prefix",
    "stack_trace",
    "runtime_message",
    "empty_page",
    "page_text",
    "rejected_field",
    "tool_record",
)


def _script(word: str) -> int | None:
    """The block of the alphabet of a stem or a run `overlap_words` added (Cyrillic, Arabic,
    Thai, ...), or None for a Latin word (accented or not) or a CJK pair."""
    return None if latin(word) or CJK.search(word) is not None else ord(word[0]) >> 8


@lru_cache(maxsize=64)
def _question_overlap_words(question: str) -> tuple[frozenset[str], frozenset[int | None]]:
    """The question's `overlap_words` but stop words, and the scripts they are written in
    (every attempt reads the same question)."""
    words = frozenset(overlap_words(question) - STOP)
    return words, frozenset(_script(word) for word in words)


def comparable(words: set[str], scripts: frozenset[int | None]) -> set[str]:
    """The reply's words a question written in `scripts` could share: a Russian reply to a
    task asked in English shares nothing with it whatever it says (no sign of its topic)."""
    return {word for word in words if (key := _script(word)) is None or key in scripts}


def on_topic(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply shares its words with the question (`on_topic`, an answer's sign), or has
    failure words and shares none with a question about something else (`off_topic`)."""
    q = r.question
    if not q or r.broken is not None:
        return ()  # (no language, `degenerate`: its words are a broken model's, no reply's)
    # (all in the exchange's one comparison form: a Vietnamese one keeps its marks, so that
    # "máy chủ" is no "may" and "chu", an English task's words)
    failure_terms = {r.compared(term) for _, _, _, term in r.hits}
    words = overlap_words(r.compared(r.message[:2000].replace("_", " "))) - STOP  # (as q reads)
    everything = words
    if failure_terms:  # a word inside a failure term (no word holds the newline) or holding one
        joined = "\n".join(failure_terms)
        words = _not_holding({x for x in words if x not in joined}, failure_terms)
    qwords, scripts = _question_overlap_words(r.compared_question)
    words = comparable(words, scripts)
    unread = unread_input(r) if len(words & qwords) >= 2 else None
    if unread is not None:  # the page it could not read is the notice's subject, not a topic
        words -= overlap_words(r.compared(unread))
    if len(words) < 2:
        # (a lone word in the task's script amid a notice in another one is a product's name,
        # "ChatGPT", "Cloudflare", "JSON": no sign of the task's topic unless the task says it;
        # the notice's failure words count among its words in the other script)
        elsewhere = len(everything) - len(comparable(everything, scripts))
        if not words & qwords and elsewhere >= 2 and _other_script_notice(r, qwords):
            said = f"{elsewhere} words, none of the task's in its script"
            return (Signal("off_topic", w["off_topic"], said),)
        return ()
    shared = words & qwords
    if len(shared) >= 2 and (len(shared) >= 0.2 * len(words) or len(shared) >= 0.5 * len(qwords)):
        return (Signal("on_topic", -w["on_topic"], ", ".join(sorted(shared)[:5])),)
    if (
        not shared
        and (r.hits or r.stock_parts)
        and len(qwords) >= 3
        and not asks_about_failure(r)
        and not asks_a_question(q)
        and len(r.explaining_words) < 3
        and recurs(r) is None
    ):
        # failure words, and not one word of the task: a notice, not a reply to it (unless
        # it explains, or tells how often the failure comes back: then it answers some other
        # question)
        return (Signal("off_topic", w["off_topic"], f"none of {len(words)} words is the task's"),)
    return ()


# A notice's line or two, not a paragraph a person wrote in their own language.
OTHER_SCRIPT_CHARS = 100


def _other_script_notice(r: Reply, qwords: frozenset[str]) -> bool:
    """A short reply with failure words, written wholly in a script the task does not use (a
    Russian, Thai or Arabic notice after a task asked in English): a bot's or a gateway's
    notice in its own locale, which answers nothing (unless the task asks about the failure,
    as a translation of it does, or asks a question the reply may answer)."""
    return (
        (bool(r.hits) or bool(r.stock_parts))
        and len(r.text.strip()) <= OTHER_SCRIPT_CHARS
        and len(qwords) >= 3
        and not asks_about_failure(r)
        and not asks_a_question(r.question)
        and len(r.explaining_words) < 3
        and recurs(r) is None
    )


def _not_holding(words: set[str], terms: Iterable[str]) -> set[str]:
    """`{x for x in words if not any(t in x for t in terms)}` for words with no newline: each
    term is looked for in the words joined by newlines, and only the words where it is found
    are dropped (a pass over ~90 words per term cost ~5 us)."""
    held = "\n".join(words)
    kept = set(words)
    for term in terms:
        if not term:
            return set()  # (in every word)
        if "\n" in term:
            continue  # (in no word)
        at = held.find(term)
        while at >= 0:
            start = held.rfind("\n", 0, at) + 1
            end = held.find("\n", at)
            end = len(held) if end < 0 else end
            kept.discard(held[start:end])
            at = held.find(term, end)
    return kept


def asks_about_failure(r: Reply) -> bool:
    """Whether the request asks about a failure (a 429, an outage, a timeout): what the
    question-side signals and `stand_in_signals.interim_notice` read."""
    return _question_asks_about_failure(r.question[:2000], r.lexicon)


@lru_cache(maxsize=64)
def _question_asks_about_failure(q: str, lexicon: Lexicon) -> bool:
    """Whether the question names a failure: kept, since every attempt at one request reads
    the same question (the vocabulary's search, tried at every position, cost ~20 us on a
    60-character question)."""
    return (
        lexicon.vocabulary.search(q) is not None
        or CODE_WORD.search(q) is not None
        or reports_outage(q) is not None
    )


_WORD_AT = r"(?<![a-z0-9_]){}(?![a-z0-9_])"
_WORD_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")


def _names_word(q: str, word: str) -> bool:
    """What `re.search(_WORD_AT.format(re.escape(word)), q)` says, without compiling a pattern
    for every reply (a short reply's text is the word: each compile cost ~0.1 ms)."""
    n = len(word)
    at = q.find(word)
    while at >= 0:
        if (at == 0 or q[at - 1] not in _WORD_CHARS) and q[at + n : at + n + 1] not in _WORD_CHARS:
            return True
        at = q.find(word, at + 1)
    return False


def asked_for(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The request demanded this: a short reply it names (`OK`, `null`, `N/A`, `NO_REPLY`), an
    empty array to a request for a JSON array, the keys of this object, an HTML page; or, less
    surely, a reply that opens on one of the labels the request offers ("INFO, WARN or ERROR",
    "PASS or FAIL", "one of: billing, outage, other") and gives its reason after it."""
    q = r.instructions
    if not q:
        return ()
    text = r.text.strip()
    if len(text) <= SHORT_CHARS:
        key = text.lower().strip(" .!\"'`")
        # (the whole question said back is no demanded reply: a runner's echo, `degenerate`)
        said_back = r.compared(key).strip("?").replace("_", " ")
        echoed = display_size(key) >= ECHO_CHARS and said_back == r.compared_question.strip(
            " .!?\"'`"
        )
        if key and not echoed:
            if _names_word(q, key):
                return (Signal("asked_for", -w["asked_for"], f"the request names {text!r}"),)
            # the request as written: `_` kept (`NO_REPLY`), typographic quotes folded
            demand = _demand_text(r.system, r.raw_question)
            if _names_word(demand, _fold_quotes(key)):
                return (Signal("asked_for", -w["asked_for"], f"the request names {text!r}"),)
            if key in ("[]", "[ ]") and _ARRAY_DEMANDED.search(demand) is not None:
                return (Signal("asked_for", -w["asked_for"], "the request asks for an array"),)
    if len(text) <= LABELLED_CHARS:
        label = opening_label(text, r.system, r.raw_question)
        if label is not None and not failure_after(r, text, label):
            return (Signal("asked_label", -w["asked_label"], f"the request offers {label!r}"),)
    if not r.written:
        if r.html and _ASKS_HTML.search(q):
            return (Signal("asked_for", -w["asked_for"], "the request asks for HTML"),)
        named = keys_demanded(q, text)
        if named:
            return (Signal("asked_for", -w["asked_for"], "keys " + ", ".join(sorted(named))),)
    return ()


# A request for a page of HTML: to write, make or return one ("build a landing page", "return
# the HTML", "in HTML", "写一个网页"). A request that only names a page to read ("Based on this
# web page, what is the price?") demands no HTML back: an error page in reply is no answer.
_ASKS_HTML = re.compile(
    r"\b(?:write|create|build|generate|make|return|output|produce|code|design"
    r"|convert|fix|update|edit|improve|style)\b[^.\n?]{0,60}?\b(?:html|web ?page"
    r"|landing page|website|home ?page)\b|\bhtml\b(?!\s+(?:error|status))"
    r"|(?:写|生成|做|创建|制作|改|输出|返回)[^。\n\uff1f?]{0,20}(?:网页|页面|html)"
    r"|(?:ページ|html)[^。\n\uff1f?]{0,20}(?:作成|作って|作る|生成|書いて)"
)

# Any quoted key of an object (`"ok":`, `'status':`): a demanded object's keys are the request's
# own (`{"ok": false, "message": ...}`), not only the error-like names `object_keys` reads.
_ANY_KEY = re.compile(r"[\"']([A-Za-z_][A-Za-z0-9_]{0,30})[\"']\s*:")


def keys_demanded(q: str, text: str) -> set[str]:
    """The keys of the object in `text` that the request `q` names, when it names two or more
    and asks for JSON, an object, a schema or a format; else none: the object is the one the
    request demanded, whatever its values say."""
    head = text[:3000]
    keys = object_keys(head) | {k.lower() for k in _ANY_KEY.findall(head)}
    named = {
        k
        for k in keys
        if (_names_word(q, k) if re.escape(k) == k else re.search(_WORD_AT.format(k), q))
    }
    if len(named) < 2:
        return set()
    if re.search(r"\bjson\b|\bobject\b|\bschema\b", q):
        return named
    if re.search(r"\bformat\b", q):
        # a format alone names its keys as keys (`"ok"`, `error:`), not as words of its prose
        # ("type your next message", "after an error")
        quoted = {k for k in named if re.search(_KEY_NAMED.format(re.escape(k)), q)}
        return named if len(quoted) >= 2 else set()
    return set()


_KEY_NAMED = r"[\"'`]{0}[\"'`]|(?<![a-z0-9_]){0}\s*[:=]"


# A labelled reply this long at most: the label the request offers and a reason or two after it.
LABELLED_CHARS = 400

_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"'})


def _fold_quotes(text: str) -> str:
    return text.translate(_QUOTES)


@lru_cache(maxsize=64)
def _demand_text(system: str, question: str) -> str:
    """The system prompt and the last user message lower-cased as written (`r.instructions`
    reads `_` as a space): what a demanded marker (`NO_REPLY`, `NOT_FOUND`) is compared to."""
    return _fold_quotes((system[:QUESTION_CHARS] + "\n" + question[:QUESTION_CHARS]).lower())


# A request for a JSON array or list: `[]` is the answer that nothing was found.
_ARRAY_DEMANDED = re.compile(
    r"\b(?:json|python)\s+(?:array|list)|\b(?:array|list)\s+(?:of|in)\s+json|"
    r"\bempty\s+(?:array|list)|\barray\b[^.\n]{0,80}\bjson\b|\bjson\b[^.\n]{0,80}\barray\b"
)

# The alternatives a request offers for its reply. Written as labels: quoted, or in capitals
# (`PASS or FAIL`, `"yes" or "no"`, `INFO, WARN or ERROR`, an enum's `["ok", "error"]`), two
# or more in a row; or after a cue ("one of: billing, outage, other", "categories: ...",
# "[search, calculator, none]").
_ITEM = r"""(?:"[^"\n]{1,40}"|'[^'\n]{1,40}'|`[^`\n]{1,40}`|\b[A-Z][A-Z0-9_]+\b)"""
_ALTERNATIVES = re.compile(
    rf"{_ITEM}(?:[ \t]*[,/|][ \t]*(?:or[ \t]+)?{_ITEM}|[ \t]+or[ \t]+{_ITEM})+"
)
_ONE_ITEM = re.compile(_ITEM)
_IN_OBJECT_BEFORE = re.compile(r"[\"']\s*:\s*\[?\s*$")
_IN_OBJECT_AFTER = re.compile(r"\s*:")
_CUED = re.compile(
    r"(?i:\bone\s+of|\bcategor(?:y|ies)|\blabels?|\boptions|\bchoices|\bclasses|"
    r"\b(?:choose|pick|select)\s+(?:from|between|among)|\b(?:valid|allowed|possible)\s+values|"
    r"\b(?:classify|categori[sz]e)\b[^\n.:;?]{0,80}?\bas(?:\s+(?:either|one\s+of))?(?=[\s:]))"
    r"(?:\s+(?:are|is))?\s*[:\-]?\s*\[?([^\n\].;:()]{3,200})"
)
_BRACKETED_LIST = re.compile(r"\[\s*([a-z_][\w -]{0,30}(?:\s*,\s*[a-z_][\w -]{0,30}){1,12})\s*\]")
_CUED_SPLIT = re.compile(r"\s*(?:,|/|\||\bor\b)\s*")
# What may come before the label on the reply's first line: "Verdict: FAIL", "**Label**: ERROR"
_LABEL_HEAD = re.compile(
    r"(?:verdict|label|category|class|classification|answer|result|decision|output|grade|"
    r"judg(?:e)?ment|rating|sentiment|intent|route|tool|evaluation|status)(?:\s*[:=\-]|\])\s*"
)
_LABEL_CUES = ("one of", "categor", "label", "option", "choice", "class", "from", "between",
               "among", "values")  # fmt: skip


@lru_cache(maxsize=64)
def offered_labels(system: str, question: str) -> tuple[tuple[str, bool], ...]:
    """The labels the request offers for its reply, each lower-cased, with whether it was
    written in capitals (a reply then writes it so too: an `Error:` of a provider's notice is
    not the request's `ERROR`)."""
    found: dict[str, bool] = {}
    for text in (system[:QUESTION_CHARS], question[:QUESTION_CHARS]):
        text = _fold_quotes(text)
        for m in _ALTERNATIVES.finditer(text):
            if _IN_OBJECT_BEFORE.search(text, max(0, m.start() - 40), m.start()) or (
                _IN_OBJECT_AFTER.match(text, m.end())
            ):
                continue  # (an object's keys and values the request pastes: no labels)
            for item in _ONE_ITEM.findall(m.group(0)):
                label = item.strip("\"'`").strip()
                if label and len(label.split()) <= 3:
                    found.setdefault(label.lower(), label.isupper() and item[0] not in "\"'`")
        low = text.lower()
        if any(c in low for c in _LABEL_CUES):
            for m in _CUED.finditer(text):
                parts = _CUED_SPLIT.split(m.group(1).strip())
                if len(parts) >= 2:
                    for part in parts:
                        label = part.strip(" \"'`*").lower()
                        if label and len(label.split()) <= 2:
                            found.setdefault(label, False)
        if "[" in text:
            for m in _BRACKETED_LIST.finditer(low):
                for part in m.group(1).split(","):
                    found.setdefault(part.strip(), False)
    return tuple(found.items())


# What may close a label's line with nothing more said: markup and punctuation.
_LINE_END = " \t*`_])}>.,:;!-\u2013\u2014"


def failure_after(r: Reply, text: str, label: str) -> bool:
    """Whether the label is a failure word that a line goes on after ("Error: No answer
    provided", "Blocked by safety filters": a notice's head, whatever the request offered; the
    label alone on its line is the demanded one), or what follows it is a failure's words or
    an error status that speak of nothing of the request: a provider's notice that happens to
    open on a word the request
    offers as a label ("ERROR: Request failed with status code 429" to "INFO, WARN or ERROR",
    "HTTP 503 Service Unavailable" to "REST, GRPC or HTTP?") is no labelled answer, where a
    reason about the request's own matter ("ERROR: the worker's upstream read timed out", of
    a log line about that worker) is one. A false "done" costs more than a false alarm: such
    a notice is left to the other signals (here and in `guard_signals.asked_verdict`)."""
    at = text.find(label)
    rest = text[at + len(label) :] if at >= 0 else text
    low = rest.lower()
    vocabulary = r.lexicon.vocabulary
    if rest.split("\n", 1)[0].strip(_LINE_END) and vocabulary.search(label.lower()) is not None:
        return True  # a failure word opening a line that goes on: a notice's head ("Error: ...")
    if vocabulary.search(low) is None and CODE_WORD.search(rest) is None:
        return False
    asked = question_words(r.compared(r.system) + "\n" + r.compared_question)
    shared = (content_words(r.compared(low)) - STOP) & asked
    return not any(vocabulary.search(word) is None for word in shared)


def opening_label(text: str, system: str, question: str) -> str | None:
    """The request's offered label that `text`'s first line opens on (after a "Verdict:"
    head at most), followed by no more of a word, or None."""
    if not question and not system:
        return None
    labels = offered_labels(system, question)
    if len(labels) < 2:
        return None
    first = text.split("\n", 1)[0].lstrip("*#>`[( \t").replace("*", "")
    head = _LABEL_HEAD.match(first.lower())
    if head is not None:
        first = first[head.end() :].lstrip("*`[( \t")
    low = first.lower()
    for label, capitals in labels:
        if not low.startswith(label) or low[len(label) : len(label) + 1] in _WORD_CHARS:
            continue
        if capitals and not first.startswith(label.upper()):
            continue
        return first[: len(label)]
    return None
