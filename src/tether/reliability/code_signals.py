"""The signals that say a reply speaks of status codes rather than carrying one: it names a
code as a thing ("the 429 error"), lists several codes (a reference table), or shows an HTTP
message's head (an example of the protocol)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.error_objects import CODE_WORD
from tether.reliability.keyed import Alternation, holds, split_keys
from tether.reliability.machine_marks import first_match
from tether.reliability.reply import Reply, Signal

# A status code spoken of as a thing, with an article or a demonstrative: "the 429 error", "a
# 503 response", "el error 429", "l'erreur 503", "einen 429-Fehler". (One `\b` before the
# branches that start a word: checked once per position, not once per branch.)
_AFTER_WORD = (
    r"(?:the|a|an|this|that|these|those)\s+(?:http\s+)?[45]\d\d\s*-?\s*"
    r"(?:error|response|status|code|page|reply)s?\b"
    r"|(?:el|un|la|una|o|um|l'|une|der|den|ein|einen|die|eine|lo|il)\s*"
    r"(?:error|erro|erreur|errore|fehler|respuesta|resposta|réponse|antwort|risposta|código|code"
    r"|statut)\s+(?:http\s+)?[45]\d\d\b"
    r"|(?:ein|einen|eine)\s+[45]\d\d-(?:fehler|antwort)"
    # ... its reason phrase between, quoted or not: "A 429 'Rate Limit Exceeded' error from
    # ...", "the 503 Service Unavailable status" (not Apache's own "Additionally, a 503 Service
    # Unavailable error was encountered" on its error page)
    r"|(?i:the|a|an|this|that)\s+(?:http\s+)?[45]\d\d\s+[\"'\u201c\u2018\u00ab]?"
    r"(?:[A-Za-z][A-Za-z-]*\s+){0,3}[A-Za-z][A-Za-z-]*[\"'\u201d\u2019\u00bb]?\s+"
    r"(?:error|response|status|code)s?\b(?! was encountered)"
)
_CODE_AFTER_WORD = re.compile(rf"\b(?:{_AFTER_WORD})")
# ... searched only in a text that holds one of its nouns (every match names one)
_CODE_AFTER_WORD_KEYS = split_keys(
    (
        *("erro", "erreur", "response", "status", "code", "page", "reply", "fehler"),
        *("respuesta", "resposta", "réponse", "antwort", "risposta", "código", "statut"),
    )
)
# ... or the subject of a sentence about it: "503 Service Unavailable is the correct
# response", "a 429 Too Many Requests response with a Retry-After header"; or many of it, a
# count a notice of one failure never makes: "502 errors", "503s". (The code first: the engine
# skips to its digit, and the check that a word starts there follows it.)
_AFTER_CODE = (
    r"(?:\s+[a-z][a-z'-]*){0,4}?\s+(?:is|are|means|indicates|signals|occurs)\s+"
    r"(?:the|a|an|that|when|used|returned|sent)\b"
    r"|\s*(?:[a-z]+\s+){0,3}responses?\b"
    r"|(?:\s*-?\s*errors|s)\b"
)
_CODE_BEFORE_WORD = re.compile(rf"[45](?<!\w.)\d\d(?:{_AFTER_CODE})")
# ... or the topic of a sentence in Korean, Japanese, Chinese, Russian: "502 에러는", "503
# エラーとは", "504 错误通常", "ошибка 429 означает" (a notice says the code, not its topic)
_AS_TOPIC = (
    r"[45]\d\d(?:\s*[a-z][a-z ]{2,30}?)?\s*(?:(?:에러|오류)(?:는|란)"
    # ... the code's own name the topic, the particle on its last word ("429 Too Many
    # Requests는 ...", "503 Service Unavailable은")
    r"|(?<=[a-z])(?:는|은|이란|란)(?=[\s,])"
    r"|(?:エラー|ステータス)(?:は|とは|が発生する(?:原因|場合))"
    r"|(?:错误|錯誤|报错|状态码|狀態碼)(?:是|表示|通常|一般|意味|的原因|指|的意思))"
    r"|(?:ошибка|код|статус)\s+[45]\d\d\s+(?:означает|возникает|говорит|указывает)"
    # ... or a response of the code, as English says "a 429 response": "返回 429 响应", "429
    # レスポンスを返す", "429 응답을" (a notice says its code, not "a response of" it)
    r"|[45]\d\d(?:\s*[a-z][a-z ]{2,30}?)?\s*(?:响应|響應|レスポンス|응답)"
)
_CODE_AS_TOPIC = re.compile(_AS_TOPIC)
# The three as one alternation (one `\b` before the branches that start a word): what
# `code_as_noun` finds, in a fraction of the time (`tests/reliability/test_matching.py`).
_CODE_AS_NOUN = Alternation(rf"\b(?:{_AFTER_WORD}|[45]\d\d(?:{_AFTER_CODE}))", _AS_TOPIC)
_STATUS_DIGITS = re.compile(r"[45]\d\d")  # in every form of a code as a noun, cheap to look for


def code_as_noun(text: str) -> re.Match[str] | None:
    """The first place `text` (lower-cased) speaks of a status code as a thing: what the
    alternation of the three forms above finds (the earlier form's match on a tie), each
    searched alone (their alternation, a word's start in front, was tried at every position:
    ~15 us on a 300-character notice), the first only where one of its nouns is, the last only
    in a text that is not ASCII."""
    if _STATUS_DIGITS.search(text) is None:
        return None
    forms: list[re.Pattern[str]] = []
    if holds(text, _CODE_AFTER_WORD_KEYS):
        forms.append(_CODE_AFTER_WORD)
    forms.append(_CODE_BEFORE_WORD)
    if not text.isascii():
        forms.append(_CODE_AS_TOPIC)
    return first_match(forms, text)


def names_code(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A status code spoken of as a thing ("the 429 error", "a 503 response"): the reply talks
    about a failure. A failure text says its code ("Error 429", "HTTP 503"), it does not
    refer to one."""
    if not r.written:
        return ()
    text = r.message[:3000]
    m = code_as_noun(text)
    if m is None and "`" in text:
        m = _CODE_SPAN_ERROR.search(text)
    if m is None:
        return ()
    return (Signal("names_code", -w["names_code"], m.group(0)[:40]),)


# An error's name set as code and spoken of as a kind of error ("the `ETIMEDOUT` error", "进而
# 导致 `content_filter` 错误", "`502` エラーには", "`insufficient_quota` 오류"): a writer's markup
# around a name. A notice says its error; it does not call it "the `X` error".
_CODE_SPAN_ERROR = re.compile(
    r"`[\w.-]{3,40}`\s*(?:errors?\b|exceptions?\b|错误|錯誤|报错|エラー|오류|에러)"
)


def many_codes(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Three or more different status codes: a table or an explanation of codes, where a
    failure text carries one (more so with a success among them: "200 OK", then the errors)."""
    codes = set(CODE_WORD.findall(r.message[:4000]))
    if len(codes) >= 3 and _SOURCE_LINE.search(r.message[:4000]) is not None:
        # a frame's line number (`Wrapper.java:599`) is no status code
        codes = set(CODE_WORD.findall(_SOURCE_LINE.sub(" ", r.message[:4000])))
    rows = {m.group(1) for m in _CODE_ROW.finditer(r.text[:4000])}
    if len(codes) >= 3 or len(rows) >= 2:
        found = sorted(codes | rows)
        # a list of five codes or more is a reference table: no failure text carries one
        weight = w["many_codes"] * (2 if len(rows) >= 5 or len(codes) >= 6 else 1)
        success = _SUCCESS_CODE.search(r.text[:4000])
        if success is not None:
            # ... nor a success beside its failures ("200 OK", "204"): a reference of outcomes
            weight += w["many_codes"]
            found.insert(0, success.group(0))
        return (Signal("many_codes", -weight, ", ".join(found[:6])),)
    return ()


# A source file's line, as a stack frame names it (`JspServletWrapper.java:599`, `app.py:500`).
_SOURCE_LINE = re.compile(r"\.(?:java|kt|scala|groovy|py|js|mjs|ts|go|rb|cs|php|lua|rs):\d+\b")


# A success status as a word of its own (not a piece of a number, a version or a path).
_SUCCESS_CODE = re.compile(r"(?<![\w.,/:-])20[014](?![\w.,/:-])")


def http_message(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """An HTTP message's head, a status or request line with header lines under it: an example
    of the protocol. A gateway's failure reaches the reply as the body it sent, not as the
    head of a response."""
    m = _HTTP_HEAD.search(r.text[:4000])
    if m is None:
        return ()
    return (Signal("http_message", -w["http_message"], m.group(1).strip()[:60]),)


# A status line (`HTTP/1.1 429 Too Many Requests`) or request line (`POST /v1/chat HTTP/1.1`),
# then a header line (`Retry-After: 30`).
_HTTP_HEAD = re.compile(
    r"^[ \t]*(?:<(?:pre|code)\b[^>\n]{0,80}>)?"  # (inside <pre> on a documentation page)
    r"(HTTP/\d(?:\.\d)? \d{3}[^\n]*|(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) \S+ "
    r"HTTP/\d(?:\.\d)?)\r?\n[ \t]*[A-Za-z][\w-]*:[ \t]",
    re.M,
)


# A line that starts with an error code: a row of a table or list of codes.
_CODE_ROW = re.compile(
    r"^[ \t|*-]*(\d{3,6}|[A-Z][A-Z0-9]*_[A-Z0-9_]{2,})(?=[\s|:,.-]|[A-Za-z])", re.M
)
