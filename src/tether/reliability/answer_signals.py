"""The signals that say a reply is the model's answer: it explains, it is prose or markdown, it
quotes the failure it talks about, it fits the question, it is the short reply the request
demanded."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.conditions import CONDITION, condition_clause
from tether.reliability.degenerate_signals import degenerate_message
from tether.reliability.envelope_signals import envelope_failure
from tether.reliability.error_objects import FENCE
from tether.reliability.error_objects import error_object as read_error_object
from tether.reliability.keyed import Alternation, KeyGated, holds, split_keys
from tether.reliability.machine_marks import first_id
from tether.reliability.notice_layout import HEDGES, exception_report, fenced_report, notice_list
from tether.reliability.notice_signals import own_cause_at
from tether.reliability.reply import (
    DIAGNOSTIC,
    FENCED_BLOCK,
    LETTER,
    MARKDOWN,
    QUOTE,
    QUOTE_PROSE_LETTERS,
    SENTENCE,
    STOCK_CHARS,
    TABLE_RULE,
    Reply,
    Signal,
    display_size,
    footer_at,
    is_footer,
    split_sentences,
)
from tether.reliability.reply_json import NOT_JSON, reply_json
from tether.reliability.talk_only_signals import announced_steps
from tether.reliability.trace_signals import is_trace
from tether.reliability.words import CJK

EXPLAINS_MAX = 5
LONG_PROSE_CHARS = 200
LONG_PROSE_SENTENCES = 4
PROSE_MAX = 5


def explains(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Cause and fix words (means, because, to fix, you can): an explanation is an answer."""
    if r.page or r.broken is not None:
        return ()  # an error page's own sentences ("This happens when ..."), not a writer's
    words = r.explaining_words
    if words and display_size(r.message.strip()) <= STOCK_CHARS and _stands_in(r):
        words = [x for x in words if x not in HEDGES]  # a notice's own guess at its cause
        if "请" in r.low or "請" in r.low:
            words = [x for x in words if not _polite_advice(r.low, x)]  # ... or its own advice
    if words and (cause := own_cause_at(r)) is not None:
        words = [x for x in words if x not in cause]  # ... told after its event (`own_cause`)
    if not words:
        return ()
    n = min(len(words), EXPLAINS_MAX)
    weight = w["explains"] * n
    lines = [x for x in r.message.strip().splitlines() if x.strip()]
    if len(lines) >= 2 and r.lexicon.explaining.search(lines[-1][-200:]):
        weight += w["explains_at_end"]  # it ends by explaining; a notice ends with advice
    return (Signal("explains", -round(weight, 3), ", ".join(words[:6])),)


# A Chinese notice's polite imperative: "请升级至专业版", "请尝试更换关键词": 请 a few
# characters before the advice word.
_PLEASE_REACH = 4


def _polite_advice(low: str, word: str) -> bool:
    """Whether every `word` of `low` (CJK) follows a 请 within a few characters: the notice's
    own advice ("请尝试更换关键词"), not a writer's explanation."""
    if word.isascii():
        return False
    at = low.find(word)
    if at < 0:
        return False
    while at >= 0:
        before = low[max(0, at - _PLEASE_REACH) : at]
        if "请" not in before and "請" not in before:
            return False
        at = low.find(word, at + 1)
    return True


def _stands_in(r: Reply) -> bool:
    """Whether a short reply has failure words, or is a persona's stand-in about its own state
    or handing the turn back ("My AI seems to be napping", "也许该换个新话题了"): its hedge is
    its own guess, not an explanation."""
    return bool(r.hits) or r.own_state is not None or r.hand_back is not None


def defines(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Words that define a failure ("a 529 means", "indicates that", "occurs when"), or a code
    said to be a status code ("504 is an HTTP status code", "상태 코드입니다"): the reply
    explains an error; a notice never says what it means."""
    if not r.written:
        return ()
    text = r.message[:3000]
    cause = own_cause_at(r)  # (a notice's guess at its own cause defines nothing: `own_cause`)
    for m in r.lexicon.defining.finditer(text):
        if cause is not None and m.group(0).strip() in cause:
            continue
        if _POINTER.search(text, max(0, m.start() - 30), m.start()) is None:
            return (Signal("defines", -w["defines"], m.group(0).strip()),)
    code = _CODE_DEFINED.search(text) if holds(text, _CODE_DEFINED_KEYS) else None
    if code is None and not text.isascii() and holds(text, _GLOSSED_KEYS):
        code = _GLOSSED.search(text)
    if code is not None:
        return (Signal("defines", -w["defines"], code.group(0).strip()[:40]),)
    return ()


# A status code or an English error's words glossed in Chinese, the copula after them: "429 是
# 接口限流了", "prompt tokens too long 是模型输入超长". A Chinese notice says its failure in its
# own words ("请求过于频繁"); it never glosses a code or a foreign message.
_GLOSSED = re.compile(
    r"(?:^|(?<=[\s\u3002\uff0c,\uff1a:(\uff08]))(?:[1-5]\d\d|[a-z][\w-]*(?: [a-z][\w-]*){2,5})"
    r" ?(?:是|就是|指的是|意思是)(?!否|不是)",
    re.I,
)
_GLOSSED_KEYS = split_keys(("是",))


# A code said to BE a status code, the copula of a definition: "504 is an HTTP status code",
# "是HTTP协议中的一个状态码", "상태 코드입니다", "ステータスコードです", "es un código de estado",
# "to kod". A notice carries its code; it never says what kind of thing the code is.
_CODE_DEFINED = re.compile(
    r"(?:是|為|为)(?:http\S*)?(?:协议|協議)?中?的?一(?:个|個|种|種)[^\n。\uff0c,]{0,12}"
    r"(?:状态码|狀態碼|错误|錯誤)|(?:是|為|为) ?(?:http ?)?(?:状态码|狀態碼)的一(?:种|種)"
    r"|상태 코드(?:입니다|이며|로서)"
    r"|ステータスコード(?:です|であり|の一つ)"
    r"|\b(?:is|are) (?:an?|the) (?:http |standard )?(?:status|response|error) codes?\b"
    r"|\b(?:es|est|é|ist|là|adalah|to) (?:un |une |um |ein |một |sebuah )?"
    r"(?:código|code|kod|mã|kode|statuscode)\b|является кодом|это код\b"
    r"|\bto (?:kod|komunikat|błąd)\b"
)
_CODE_DEFINED_KEYS = split_keys(
    (
        "是",
        "為",
        "为",
        "상태 코드",
        "ステータスコード",
        "code",
        "código",
        "kod",
        "komunikat",
        "błąd",
        "mã",
        "код",
    )
)


# "For more information on this error, see ...": a notice pointing to its docs, which names
# "this error" without defining it.
_POINTER = re.compile(r"(?:information|details|more|learn)\s+(?:on|about|for|regarding)\s*$")


def prose(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Sentences with no failure word: what the reply says beyond a failure."""
    if not r.written:
        return ()
    spans = sorted((h[1], h[2]) for h in r.hits)
    count = 0
    for m in SENTENCE.finditer(r.message[:4000]):
        sentence = m.group(0)
        if len(sentence.split()) < 4 and (sentence.isascii() or len(CJK.findall(sentence)) < 8):
            continue
        if "http" in sentence or any(m.start() <= a < m.end() for a, _ in spans):
            continue
        if first_id(sentence) is not None:  # (what `IDS.search` finds, faster)
            continue
        count += 1
        if count >= PROSE_MAX:
            break
    if count <= 2:
        return ()  # a notice has a sentence or two of advice; an answer has more to say
    if is_trace(r):
        return ()  # a stack trace's lines (an exception's message, frames): a runtime's words
    return (
        Signal("prose", -w["prose"] * (count - 2), f"{count} sentences without a failure word"),
    )


def long_prose(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Many sentences, failure words or not: an article or a reply that discusses, where a
    notice says its piece in a sentence or three (a page or an error object is not prose).
    In Chinese, Japanese or Korean a paragraph is shorter (`cjk_paragraph`)."""
    if len(r.message) <= LONG_PROSE_CHARS and (r.message.isascii() or not cjk_paragraph(r)):
        return ()
    if r.ids is not None:
        return ()  # request ids, Ray ids, timestamps: a machine wrote it, however long
    sentences = [
        sentence
        for sentence in split_sentences(r.message[:4000])
        if len(sentence.split()) >= 4
        or (not sentence.isascii() and len(CJK.findall(sentence)) >= 8)
    ]
    if len(sentences) < LONG_PROSE_SENTENCES and not cjk_paragraph(r):
        return ()
    if not r.written:  # (not a page, an error object, no language: read after the sentences)
        return ()
    if notice_list(r):
        return ()  # a notice's few lines and the items of its advice, not an article
    if is_trace(r):
        return ()  # a stack trace, however many lines: a runtime's, not an article
    return (Signal("long_prose", -w["long_prose"], f"{len(sentences)} sentences"),)


# A CJK character carries about what a short word does: a paragraph of Chinese, Japanese or
# Korean holds this many of them in two sentences or more (a notice in those languages says
# its piece in 20 to 80).
CJK_PARAGRAPH_CHARS = 100


def cjk_paragraph(r: Reply) -> bool:
    """A paragraph in Chinese, Japanese or Korean: 100 CJK characters or more in two sentences
    of eight or more, the length at which English writes four sentences."""
    text = r.message[:4000]
    if len(CJK.findall(text)) < CJK_PARAGRAPH_CHARS:
        return False
    sentences = split_sentences(text)
    return sum(1 for sentence in sentences if len(CJK.findall(sentence)) >= 8) >= 2


def _table_rule(head: str) -> bool:
    """A rule of dashes in a table or under a heading's line; not the last line of a banner
    (nothing after it: `====== ERROR ====` / `404 page not found` / `-----`), nor a bare `---`
    after a blank line that sets a short footer apart: how a bot signs its notice."""
    for m in TABLE_RULE.finditer(head):
        after = head[m.end() :].strip()
        if not after:
            continue  # (a table has rows under its rule)
        if "|" in m.group(0) or head[: m.start()].rstrip(" \t")[-2:] != "\n\n":
            return True
        if not is_footer(after):
            return True
    return False


def markdown(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Tables, headings, lists, code: the shape of a written answer, never of a notice (nor
    of a text that is no language: its bars are template markers, its rules an app's)."""
    if r.html or r.broken is not None:
        return ()
    head = r.text[:4000]
    # (a rule's dashes and a row's bars looked for first: a `^` of every line tried at every
    # position, ~15 us on a 1.4 KB answer)
    if ("---" in head and _table_rule(head)) or (
        "|" in head and sum(1 for x in head.splitlines() if x.count("|") >= 2) >= 2
    ):
        if is_trace(r):
            return ()  # IPython's rule over its trace, PowerShell 7's `Line |` frame
        return (Signal("markdown", -w["table"], "a table"),)
    m = MARKDOWN.search(head)
    if m is not None and m.group(0).lstrip().startswith("+ ") and is_trace(r):
        return ()  # PowerShell's `+ ` lines under its error record, not a list
    if m is not None and notice_list(r):
        return ()  # a notice's remedies or causes, listed under its label
    if m is not None and exception_report(r):
        return ()  # an exception's parts under their headings: a crash report's layout
    if m is None:
        fence = FENCE.search(r.text[:4000])
        if fence is None or r.structure is not None:
            return ()
        lead = r.text[: fence.start()].strip()
        if read_error_object(fence.group(1)) is not None and len(lead) < 15:
            return ()  # a fenced error object and little else: how clients print errors
        if fenced_report(r) or exception_report(r):
            return ()
        return (
            Signal("markdown", -w["markdown"], "a code block" + (" after prose" if lead else "")),
        )
    return (Signal("markdown", -w["markdown"], m.group(0).strip()[:40]),)


_QUOTED_LINE = re.compile(r"^\s*>[ \t]*\S", re.M)
# After a quoted word, an object or an array opened as its value (JSON, a PHP dump): the word
# is a key of an error record, not a quotation.
_OBJECT_KEY = re.compile(r"[ \t]*(?::|=>)[ \t]*(?:\{|\[|array:)")
# A call opened right before the quote (`Error('...`): an exception's repr, its argument.
_CALL_OPEN = re.compile(r"\b[A-Z]\w*(?:Error|Exception)\(\Z")


def quoted(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Failure words inside quotes or backticks: mentioned, not said."""
    if not r.written or not r.hits:
        return ()
    # (a quoted line has words after its `>`: a lone `>` closes a repr's `<...`; a text
    # without `>` is not searched, the pattern tried at every position of it)
    head = r.text[:3000]
    if ">" in head:
        head = head[: footer_at(head)]  # (a footer's `> note` is the notice's own, not quoted)
    if ">" in head and _QUOTED_LINE.search(head) and not r.text.lstrip().startswith(">"):
        return (Signal("quoted", -w["quoted"], "a quoted block"),)
    fence = FENCED_BLOCK.search(r.text[:3000])
    if fence is not None and fenced_report(r):
        fence = None
    if fence is not None and r.lexicon.vocabulary.search(fence.group(1).lower()):
        outside = r.text[: fence.start()] + r.text[fence.end() :]
        if len(LETTER.findall(outside)) >= QUOTE_PROSE_LETTERS:
            return (Signal("quoted", -w["quoted"], "a fenced block with words around it"),)
    subject = _QUOTED_SUBJECT.match(r.text[:600])
    if subject is not None and r.lexicon.vocabulary.search(subject.group(1).lower()):
        return (Signal("quoted", -w["quoted"], subject.group(1)[:60]),)
    for m in QUOTE.finditer(r.text[:3000]):
        inner = (m.group(1) or m.group(2) or "").lower()
        before = r.text[max(0, m.start() - 2) : m.start()]
        if before.rstrip().endswith((":", "{", ",")) and not before.endswith(" "):
            continue
        opened = r.text.rfind("${", 0, m.start())
        if opened >= 0 and "}" not in r.text[opened : m.start()]:
            continue  # a template literal inside a slot's expression (`${a || `...`}`): code
        if before.rstrip().endswith("="):
            continue  # a field's value (`message='Failed Dependency'`, `details = "..."`): a repr
        if _OBJECT_KEY.match(r.text, m.end()) and "`" not in r.text[: m.start()]:
            continue  # the key of a nested object, printed bare (`"error": {`, `"error" => [`)
        if _CALL_OPEN.search(r.text, max(0, m.start() - 40), m.start()):
            continue  # a constructor's argument in a repr (`NewConnectionError('<...>: ...')`)
        if "*" in before and _STAGE_DIRECTION.search(r.text[max(0, m.start() - 300) : m.start()]):
            # a character's line after its stage direction (`*she frowns:*`): said, not
            # quoted, unless the line itself quotes the failure words
            end = r.text.find("\u201d", m.start() + 1) if m.group(0)[0] == "\u201c" else -1
            said = r.text[m.start() + 1 : end] if end > 0 else m.group(0)[1:-1]
            if not any(
                r.lexicon.vocabulary.search((q.group(1) or q.group(2) or "").lower())
                for q in QUOTE.finditer(said)
            ):
                continue
        if not r.lexicon.vocabulary.search(inner) and not r.lexicon.pair_hits(inner):
            continue  # (a failure said in two words, "Nu pot răspunde acum", is quoted too)
        if len(inner) >= 0.7 * len(r.message) and len(r.text[: m.start()].split()) < 4:
            continue  # the reply is the quote, hardly introduced
        line_start = r.text.rfind("\n", 0, m.start()) + 1
        line_end = r.text.find("\n", m.end())
        if DIAGNOSTIC.match(r.text[line_start : line_end if line_end >= 0 else None].lower()):
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


# A reply that opens with a quoted error and goes on to say what it is: the quote is the subject
# of its sentence ("'503 Service Unavailable' error is a temporary ...", "「429」エラーは",
# "\"503 ...\" 오류는", "`Rate limit reached` means ..."). A notice opening with a quote goes on
# with advice, never with a copula or a topic marker about the quote.
# A role-play's stage direction in italics, a line of its own or the line's start, just
# before a quote: "*She frowned and said:*\n“...”": the quote is the character's own line.
_STAGE_DIRECTION = re.compile(r"(?:^|\n)[ \t]*\*[^*\n]{2,200}\*\s*$")
_QUOTED_SUBJECT = re.compile(
    r"\W{0,3}[\"`\u201c\u2018\u00ab\u300c\u300e]"
    r"([^\"`\u201d\u2019\u00bb\u300d\u300f\n]{2,200})[\"`\u201d\u2019\u00bb\u300d\u300f]"
    r"\s*(?:\([^)\n]{0,80}\)\s*)?"
    r"(?:(?:errors?|exception|message|response|status|오류|에러|エラー|错误|錯誤|報錯|报错|erreur"
    r"|fehler|ошибка)\s*(?:는|은|は|が|是|表示|意味|means|indicates|occurs|is|es|est|ist|é"
    r"|означает)|(?:는|은|は|means|indicates|is|are|es|est|ist|é|significa|signifie|bedeutet"
    r"|означает|是|表示|意味着)(?!\w))",
    re.I,
)


_SHOWING = re.compile(
    r"\b(?:you(?:'ll| will)? (?:see|get|receive)|(?:i|we) (?:got|get|see|saw)|looks? like"
    r"|(?:was|is) this|for example|e\.g\.|for instance|such as|like this|returns?|responds? with"
    r"|shows?|prints?"
    r"|the (?:full |exact )?(?:error|message|output|log|response)s? (?:was|is|reads|says)"
    # ... or met as the reader may meet it: "after a while, you can run into:", "you might
    # hit this:" (not a page's own "The error encountered was:")
    r"|\byou(?:'ll| will| may| might| can| could| often)? (?:run into|hit|encounter)\b"
    r"|\byou (?:may|might|can|could|often) (?:see|get|receive)\b"
    r"|vous recevrez|recevrez|verás|recibirá|recibirás|erhalten sie|bekommen sie|получите|увидите"
    r"|会看到|会返回|会收到|が表示|が返|이 표시|을 받"
    # "the API will return:" in more languages
    r"|devolverá|retornará|renverra|vrátí|zwróci|вернёт|вернет|sẽ trả về|akan mengembalikan"
    r"|döndürür|반환합니다|반환됩니다)",
    re.I,
)


# A line that labels what follows as an example: "Example error response body:", "Sample:",
# "示例", "Пример ответа:", "Beispiel:".
_EXAMPLE_LABEL = re.compile(
    r"\b(?:examples?|samples?|for instance|exemplo|ejemplo|exemple|beispiel|esempio|пример\w*)\b"
    r"|示例|样例|例子|例如|サンプル|^例|例\s*[:\uff1a]?$|예시|예제",
    re.I,
)


# An emoji's shortcode as Slack, Discord and GitHub write it, ending a line (":bow:").
# The break a chat history sets between an agent turn's steps (`---`, SpecStory's `_****_`).
STEP_BREAK = re.compile(r"(?:-{3,}|_{3,}|\*{3,}|_\*{2,}_)")
_SHORTCODE_END = re.compile(r"(?:^|\s):[a-z0-9_+\-]{1,40}:$")


def introduced(r: Reply, w: Mapping[str, float], evidence: float) -> Iterable[Signal]:
    """A sentence of the writer's own introduces the failure shown after it ("you open the
    site and get:", "the full error was this:"), as a quote, a fence, a block or a line: a
    person showing an error, not the error. Most of the evidence read in what is shown is
    taken back. (Not of a reply that is no language, `Reply.broken`: a model that looped after
    its lead-in "we can use ...:" shows nothing.)"""
    if r.broken is not None:
        return ()
    lead = witness_lead(r)
    if lead is not None:
        return (Signal("introduced", -round(max(w["introduced"], 0.6 * evidence), 3), lead),)
    lines = r.text[:1500].splitlines()
    for at, line in enumerate(lines):
        lead = line.strip()
        if lead.endswith(":") and _SHORTCODE_END.search(lead) is not None:
            continue  # a chat app's emoji (":bow:", ":warning:") ends it: no colon of a lead-in
        if not lead.endswith((":", "\uff1a")) and not _example_heading(
            lead, lines[at + 1 : at + 3]
        ):
            continue
        if _EXAMPLE_LABEL.search(lead) is None:  # "Example error response body:" says so
            if len(lead.split()) < 5 or _SHOWING.search(lead) is None:
                continue
            if r.lexicon.prefixes.match(lead.lower()) is not None:
                continue
        shown = next((x.strip() for x in lines[at + 1 :] if x.strip()), "")
        if not shown and announced_steps(lead.lower()):
            continue  # work announced on its last line shows nothing ("Let me add an example:")
        if STEP_BREAK.fullmatch(shown):
            continue  # a step of an agent's turn ends there ("---"): it shows nothing
        if shown and r.names_asked(lead) and r.names_asked(shown):
            continue  # the request's own example said back (a docstring echoed): not the writer's
        weight = max(w["introduced"], 0.6 * evidence)
        return (Signal("introduced", -round(weight, 3), lead[:60]),)
    return ()


# Where an inline lead-in ends: the first colon of the first line, within its first words.
_LEAD_COLON = re.compile(r"[^\n:\uff1a]{3,80}[:\uff1a]")


def witness_lead(r: Reply) -> str | None:
    """The words before the first line's colon when they are a witness's ("Receiving the same
    error: Sorry, your request was rate-limited.", "我也是, 在nextchat里显示: {...}"): a person
    showing the failure they met too, the failure quoted after it on the same line. (A
    client's own label, "Error:", is no witness's words: `prefixes`.)"""
    m = _LEAD_COLON.match(r.low)
    if m is None:
        return None
    head = m.group(0)
    if r.lexicon.witnessing.search(head) is None or r.lexicon.prefixes.match(head) is not None:
        return None
    return head.strip()[:60]


def _example_heading(lead: str, after: list[str]) -> bool:
    """A short line that names an example ("Example error response", "エラー応答の例") with a
    block right under it (an object, markup, a fence): a manual's heading over what it shows,
    where a sentence would end with a colon."""
    if not lead or len(lead) > 60 or _EXAMPLE_LABEL.search(lead) is None:
        return False
    shown = next((line.strip() for line in after if line.strip()), "")
    return shown.startswith(("{", "[", "<", "```"))


# A reference page's statement of what the API does in a case, opening a line or a sentence:
# "When a route is rate limited, the API returns 429 ...", "If the token expired, the server
# responds with 401", "... (RPM). When limits are exceeded, the API returns HTTP 429 errors."
# (a notice says what happened to this request; a page says what happens when).
API_RETURNS = re.compile(
    r"(?im:(?:^|(?<=[.!?] ))[ \t*_-]*(?:when|whenever|if)\b[^\n,]{3,120},[ \t]*"
    r"(?:the|this|our|an?)[ \t]+"
    r"(?:api|server|endpoint|service|gateway|route|backend|proxy)[ \t]+"
    r"(?:returns|responds|will return|will respond|sends|replies)\b)"
)


def conditional(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply opens with a condition ("If you exceed the rate limit, the API returns ...",
    "429 エラーを受け取った場合は"): it explains when something happens, where a notice says
    what happened. Also before an error object it shows ("If you exceed the limit, the API
    returns: {...}"): the writer's condition, not a client's prefix."""
    if r.html:
        return ()
    opening = r.text[:200] if r.structure is None else r.structure[1][:200]
    m = CONDITION.match(opening)
    if m is None and not opening.isascii():
        m = condition_clause(opening)
        if m is None and r.structure is None:
            # ... or a later sentence of CJK prose opens with one ("...します。サーバーエラーの
            # 場合は三回まで再試行します"): it tells what happens when
            for sentence in split_sentences(r.text[:600])[1:]:
                m = condition_clause(sentence)
                if m is not None:
                    opening = sentence
                    break
    if m is None and ("return" in r.low[:3000] or "respon" in r.low[:3000]):
        m = API_RETURNS.search(r.text[:3000])
        if m is not None:
            opening = m.group(0)
    if m is None:
        return ()
    return (Signal("conditional", -w["conditional"], opening.strip()[:40]),)


def json_data(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply is JSON that is not an error object: data, as a prompt asks for it."""
    t = r.text
    if r.structure is not None or t[:1] not in "{[" or t[-1:] not in "}]":
        return ()
    value = reply_json(r)
    if value is NOT_JSON:
        return ()
    if _error_wrapper(value) or degenerate_message(r) is not None:
        return ()  # (a chat message whose content is "GGGG": a broken model's, not data)
    if '"iserror"' in r.low and _flagged_error(value, 3):
        return ()  # (a tool call's result that says it failed: MCP's `"isError": true`)
    if envelope_failure(r) is not None:
        return ()  # (a response or a tool's result with no answer inside: not data)
    return (Signal("json_data", -w["json_data"], "JSON with no error in it"),)


_FAILED = re.compile(r"error|exception|\bfail", re.I)


def _flagged_error(value: object, depth: int) -> bool:
    """Whether an object, or one it holds within `depth` levels, flags itself an error as a
    tool call's result does (MCP's `{"content": [...], "isError": true}`): a failed call passed
    on, not data."""
    if depth < 0:
        return False
    if isinstance(value, dict):
        if value.get("isError") is True:
            return True
        return any(_flagged_error(v, depth - 1) for v in value.values())
    if isinstance(value, list):
        return any(_flagged_error(v, depth - 1) for v in value[:20])
    return False


def _error_wrapper(value: object) -> bool:
    """A small flat object whose every text names an error (`{"content": "Google Bard
    encountered an error: ..."}`, `{"message": "Input validation error", "type_": ...}`): a
    client's wrapper around a failure, not data."""
    if not isinstance(value, dict) or not 0 < len(value) <= 3:
        return False
    texts = [v for v in value.values() if isinstance(v, str)]
    if not texts or any(isinstance(v, dict | list) for v in value.values()):
        return False
    return all(_FAILED.search(text) for text in texts)


# A limit stated as a rate: a number, a unit counted, a time ("5 calls per second", "100
# requests/min", "500条/秒"). (`\d(?<!\w\d)` is `\b\d` with the digit first, and the digit
# both branches open with is outside them: the engine skips to the digits instead of trying
# both branches at every position, ~9 us on a 300-character notice, ~4 so.)
_RATE = KeyGated(
    r"\d(?:(?<!\w\d)[\d,.]*\s*k?\s*(?:requests?|calls?|tokens?|messages?|queries)\s*(?:per|/|an?|each)\s*"
    r"(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|s|m|h|d)\b"
    r"|\d*\s*(?:个请求|次请求|次调用|次|条|個|回|건|запрос\w*)\s*(?:/|每|per)\s*(?:秒|分钟|分鐘|分|天|日|초|분|сек\w*|мин\w*))"
)


def rate_stated(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A limit stated as a rate ("5 calls per second"): documentation of a policy. A notice
    says the limit was hit, and names it by its kind ("requests per min (RPM): Limit 3")."""
    if not r.written:
        return ()
    m = _RATE.search(r.message[:3000])
    if m is None:
        return ()
    return (Signal("rate_stated", -w["rate_stated"], m.group(0)[:40]),)


# A command typed at a shell's prompt: "$ npm install", "D:\> python run.py", "user@host:~$ curl
# ...", ">>> import x"; the program's name right after the prompt.
_TYPED_COMMAND = re.compile(
    r"(?m)^[ \t]*(?:\$|[a-z]:\\[^\n>]*>|ps [a-z]:\\[^\n>]*>|[\w.-]+@[\w.-]+:[~/][^\n$#]*[$#]|>>>)"
    r"[ \t]*(?:python3?|node|npm|npx|curl|pip3?|go|cargo|git|docker|kubectl|yarn|pnpm|java|ruby"
    r"|php|dotnet|bash|sh|\./)\b",
    re.I,
)


def typed_command(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A command typed at a shell's prompt ("$ npm install", "D:\\> python run.py"): a person
    pasting their terminal to show what they ran and what came back. A service's failure text
    holds no one's prompt."""
    if not r.written:
        return ()
    head = r.text[:3000]
    if "$" not in head and ">" not in head and "#" not in head:
        return ()
    m = _TYPED_COMMAND.search(head)
    if m is None:
        return ()
    return (Signal("typed_command", -w["typed_command"], m.group(0).strip()[:40]),)


INPUT_EXAMPLE_CHARS = 300
# An example of what to type next, in brackets ("(例: 午餐 1200円)", "(예: 2024-01-01)",
# "(например: 12:30)", "(e.g. 11:30)"; ASCII or full-width), or after a marker and a colon
# ("例: ランチ 1200円"), or "like this" before a verb of sending or typing ("「ランチ 1200円」
# みたいに送ってね", "按照这个格式输入"); or the input's form in digits ("請輸入 4-6 位數字",
# "4桁の数字を入力").
# (every branch but the first needs a character outside ASCII: an ASCII reply, most, is
# searched with the first alone, which the engine skips to its bracket; the whole alternation
# was tried at every position, ~14 us on a 300-character notice with a bracket in it)
_INPUT_EXAMPLE = Alternation(
    r"[(\uff08]\s*(?:例|例如|比如|예|예시|e\.g\.|eg\.?|z\.b\.|ej\.|ex\.|например|напр\.|ví dụ"
    r"|vd)\s*[:\uff1a.]?\s*(?P<ex>[^()\uff08\uff09\n]{2,40})[)\uff09]",
    r"(?:^|[\s\u3002\uff0c\uff1a\n])(?:例|例如|比如|예시|예|например|ví dụ)\s*[:\uff1a]\s*"
    r"(?P<ex2>[^\n]{2,40})"
    r"|(?:みたいに|のように|のような形で|の形式で|の形で)(?:送|入力|メッセージ|書い|打)"
    r"|(?:형식으로|처럼) (?:입력|보내)|(?:格式|格式來|格式来)(?:输入|輸入|发送|發送)"
    r"|(?:输入|輸入|入力|입력)[^\u3002\n]{0,12}?\d+\s*[\uff5e~\-\u301c]?\s*\d*\s*(?:位|桁|자리)"
    r"|\d+\s*[\uff5e~\-\u301c]?\s*\d*\s*(?:位數字|位数字|桁の数字|자리 숫자)"
    r"|введите[^.\n]{0,20}\d+\s*(?:цифр|символ)",
)
_INPUT_EXAMPLE_KEYS = KeyGated(_INPUT_EXAMPLE.full.pattern)  # (one of its keys: it may match)
# An example a failure notice gives: a bot's command ("/setkey sk-..."), a key, a setting.
_NOTICE_EXAMPLE = re.compile(r"^\s*[/!]|sk-|api|key|token|キー|키|密钥|金鑰|ключ", re.I)
# The classes a setup or limit notice's words belong to: an example there is of a key or a plan.
_NOTICE_CLASSES = frozenset(("auth", "setup", "quota", "rate_limit", "overload", "unavailable"))


def input_example(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply that shows the user what to type next by an example of the input
    ("(例: 午餐 1200円)", "「ランチ 1200円」みたいに送ってね", "請輸入 4-6 位數字"): a
    messenger bot's guidance after an input it could not use, its own words about its own
    domain. A relay's or a provider's failure text points at retrying, at the app's commands
    or at a key, never at an example of the user's next message (not with the words of a
    key, a quota or an outage)."""
    text = r.text
    if len(text) > INPUT_EXAMPLE_CHARS or r.html:
        return ()
    low = text.lower()
    m = _INPUT_EXAMPLE.search(low) if _INPUT_EXAMPLE_KEYS.may_match(low) else None
    if m is None:
        return ()
    example = m.group("ex") or m.groupdict().get("ex2") or ""
    if _NOTICE_EXAMPLE.search(example) is not None:
        return ()
    if any(h[0] in _NOTICE_CLASSES for h in r.hits):
        return ()
    return (Signal("input_example", -w["input_example"], m.group(0).strip()[:40]),)
