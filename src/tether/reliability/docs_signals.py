"""The signals of reference documentation about errors: a manual's markup (a link to another of
its pages, a wiki macro, a program's identifier in backticks, a source comment) and errors
spoken of as what a program does with them (throws, catches, handles). A notice reports one
failure to a user; a manual teaches a developer about errors in general. Each weighs toward
"answer" and reads only prose (neither an error object nor an HTML page), but one: a
documentation generator's verdict that the document needs no update, left in its place
(`docs_need_no_update`), weighs toward "failure"."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from tether.reliability.fill_in_signals import asks_template
from tether.reliability.keyed import Alternation, KeyGated
from tether.reliability.lexicon import SHIPPED, field_alternation
from tether.reliability.refusal_grammar import regexes
from tether.reliability.reply import Reply, Signal
from tether.reliability.trace_signals import EXCEPTION_LINE

# A link to another page of the manual, relative or to a section ("[middleware](/resources/x)",
# "[catching errors](#catching-errors)", "(../guide/errors)"); an app's own route ("/#/auth",
# the settings page a notice sends the user to) is not one.
_DOC_LINK = r"\]\((?:/(?!#)|#[\w-]|\.\.?/)[^)\s]*\)"
# A wiki's macro ("{{HTTPStatus(503)}}", "{{HTTPHeader}}"): a capital after the braces, where a
# notice's template slot is lower case ("{{error}}").
_MACRO = r"\{\{[A-Z][A-Za-z]+[(}]"
# A program's identifier in backticks: a call ("`next()`"), a dotted name ("`err.name`",
# "`try..catch`"), a camelCase or PascalCase compound ("`validateStatus`", "`ReadError`"), a
# header's name ("`Retry-After`"). A notice's backticks hold a model's or a field's name
# (`gpt-4`, `max_tokens`), a slot, a path.
_IDENTIFIER = (
    r"`(?:[A-Za-z_$][\w$]*\(\)"
    r"|[A-Za-z_$][\w$]*\.\.?\.?[A-Za-z_$][\w$]*(?:\(\))?"
    r"|[a-z$][a-z\d$]*(?:[A-Z][a-z\d]*)+"
    r"|[A-Z][a-z\d]+(?:[A-Z][a-z\d]*)+"
    r"|[A-Z][a-z]+(?:-[A-Z][a-z]*)+)`"
)
# A comment in source code, on a line of its own ("// throw if it failed").
_COMMENT = r"(?m:^[ \t]*//[ \t]*\w)"
# A callout's label set in bold ("**Note:**", "> **Hinweis:**", "**참고:**"): a
# manual's or an FAQ's aside. A notice has no asides to set off.
_CALLOUT = (
    r"(?i:\*\*\s*(?:note|nota|remarque|hinweis|anmerkung|примечание|注意|注|备注|備註|提示|참고|주의"
    r"|ヒント|メモ)\s*[:\uff1a])"
)
# A page's own date line ("Modified at Apr 28, 2026", "Last updated: 2025-03-02", "Updated on
# 3 May 2024"): a published page's chrome. A notice is sent, never edited.
_PAGE_DATE = (
    r"(?im:^[ \t]*(?:last )?(?:modified|updated|edited)(?: at| on)?[ \t]*:?[ \t]*"
    r"(?:\d{4}-\d\d-\d\d|\d{1,2} (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w* \d{4}"
    r"|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w* \d{1,2},? \d{4}))"
)
# A type declared in source, with its access and what it extends or opens ("public struct
# TooManyRequestsException: AWSHttpServiceError", "export class RateLimitError extends", "pub
# enum ApiError {"): a reference page's signature. A runtime's trace names types; it never
# declares one.
_DECLARATION = (
    r"(?m:^[ \t]*(?:public|open|internal|export|pub)[ \t]+(?:final[ \t]+|sealed[ \t]+)?"
    r"(?:struct|class|interface|enum|protocol|record)[ \t]+[A-Z]\w*[ \t]*"
    r"(?:[:{(<]|extends\b|implements\b))"
)
_DOC_MARKUP = re.compile(
    "|".join((_DOC_LINK, _MACRO, _IDENTIFIER, _COMMENT, _CALLOUT, _PAGE_DATE, _DECLARATION))
)
_DOC_KEYS = (
    *("](", "{{", "`", "//", "**", "odified", "pdated", "dited"),
    *("struct ", "class ", "interface ", "enum ", "protocol ", "record "),
)


def doc_markup(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A manual's markup around the failure words (a link to another of its pages, a wiki
    macro, a program's identifier in backticks, a source comment, a type's declaration):
    documentation, not a notice."""
    if not r.written:
        return ()
    text = r.text[:3000]
    if not any(key in text for key in _DOC_KEYS):
        return ()
    m = _DOC_MARKUP.search(text)
    if m is None:
        return ()
    return (Signal("doc_markup", -w["doc_markup"], m.group(0).strip()[:40]),)


# What a program does with an error: throws it, catches it, handles it, passes it on. A manual
# teaches it; a notice reports a failure and never says what code does with it ("unhandled",
# "uncaught" are a runtime's words, kept out by the word start).
_HANDLING = re.compile(
    r"\b(?:(?:error[- ])?handlers?\b|error[- ]handling|handl(?:e|es|ing)\s+(?:\w+\s+){0,2}errors\b"
    # ... or checks, parses, reports them, a change's words ("more robust error parsing",
    # "adding error checking"; after a word of the change: "Error parsing JSON" is a notice)
    r"|(?:robust|better|improved?|more|proper|basic|extra|additional|stricter|add(?:s|ing|ed)?"
    r"|bunch of|lots of)\s+error[- ](?:parsing|checking|reporting|detection)\b"
    # ... or shows, logs, keeps them for the user, a change's or a design's words ("show a
    # model ID error", "display an error message", "save the error", "error catching"; a
    # notice says the error itself, never what the app does with one)
    r"|(?:show|shows|showing|display|displays|displaying|surface|surfaces|surfacing|save"
    r"|saves|log|logs|push|pushes|render|renders)\s+(?:(?:a|an|the|any|more|better|proper"
    r"|useful|clear|friendly|meaningful)\s+)?(?:[\w-]+\s+){0,2}?errors?(?:\s+messages?)?\b"
    r"(?!\s*(?:occurred|happened|was|is|:))"
    r"|error[- ]catching"
    r"|catch(?:es)?\b|re-?throw\w*|throw(?:s|n|ing)?\b"
    r"|try\.{2,3}catch|try/catch|instanceof"
    r"|manej(?:ar|o de|ador\w*)|captur(?:ar|e|ado|ada)|atrap(?:ar|a)|lanz(?:ar|an|ado|ada)"
    r"|gestionnaires?|attrap(?:e|er|ée)|intercept(?:er|é)"
    r"|gestor[ei]|gestione\s+degli|cattur(?:are|a|ato)|lanci(?:are|ato|ata)"
    r"|manipula(?:dor|ção)|lança(?:r|do|da)"
    r"|\w*fehlerbehandl\w*|behandel[nt]|abgefangen|abfangen|fängt|geworfen|werfen"
    r"|penanganan|menangani|menangkap|(?:di|me)lempar"
    r"|выбр(?:осить|асывает|ошено)|обработчик\w*|обработк\w+\s+ошиб|перехват\w*"
    r"|викину\w*|обробник\w*|обробк\w+\s+помил"
    r"|fırlat\w*|yakala\w*|ném ra|bắt lỗi)"  # noqa: RUF001 (Turkish dotless i)
    r"|ハンドリング|ハンドラ|スロー|キャッチ|例外処理|捕获|抛出|错误处理|异常处理|处理错误"
    r"|에러\s?처리|예외\s?처리|오류\s?처리|던지|에러\s?객체|에러\s?클래스"
)
# What every match of `_HANDLING` in an ASCII text holds: such a text with none of them is not
# searched (the pattern, tried at every word, cost ~20 us on a 300-character notice).
_HANDLING_KEYS = (
    *("handl", "catch", "throw", "instanceof", "manej", "captur", "atrap", "attrap", "lanz"),
    *("show", "display", "surfac", "save", "log", "push", "render"),
    *("error pars", "error check", "error report", "error detect"),
    *("error-pars", "error-check", "error-report", "error-detect"),
    *("gestion", "intercept", "gestor", "cattur", "lanci", "manipula", "behandel", "fangen"),
    *("werfen", "geworfen", "penanganan", "menangani", "menangkap", "lempar", "yakala"),
)


def handles_errors(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Errors spoken of as what a program does with them ("catches errors", "the error
    handler", "rethrow", 捕获, 에러 처리): a manual about errors, not a notice of one."""
    if not r.written or not r.hits:
        return ()
    text = r.low[:3000]
    if text.isascii() and not any(key in text for key in _HANDLING_KEYS):
        return ()
    m = _HANDLING.search(text)
    if m is None:
        return ()
    return (Signal("handles_errors", -w["handles_errors"], m.group(0).strip()[:40]),)


# A status set in bold ("**`502 Bad Gateway`**", "**429 Too Many Requests**"): a writer's
# emphasis on the code it is about (a reference entry's headword, a diagnosis). A service says
# its status; it never marks it up.
# (or in italics, one sign each side: "_429 Too Many Requests_", "*503*")
# The mark and the code's first digit, in every match (the engine skips to the rare marks; a
# `_` in an id or a name, `req_7f3a`, made the whole pattern searched).
_BOLD_LEAD = re.compile(r"[*_]`?[1-5]")
_BOLD_STATUS = re.compile(
    # (a snake_case code inside: "**429 "insufficient_quota"**")
    r"(?:\*\*|__)`?[1-5]\d\d\b(?:[^*_\n`]|(?<=[a-z])_(?=[a-z])){0,60}`?(?:\*\*|__)"
    r"|(?<![\w*_])([*_])`?[1-5]\d\d\b[^*_\n`]{0,60}`?\1(?![\w*_])"
)


def bold_status(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A status code set in bold: the code a writer discusses, not one a service reports."""
    if not r.written:
        return ()
    text = r.text[:3000]
    m = _BOLD_STATUS.search(text) if _BOLD_LEAD.search(text) is not None else None
    if m is None:
        return ()
    return (Signal("bold_status", -w["bold_status"], m.group(0)[:40]),)


# The parts of a program a developer reads about: functions, methods, middleware, callbacks,
# objects, parameters, in the languages manuals are written in. One of them is a word a notice
# may say ("invalid parameter"); two different ones make a text about code.
_CODE_PART = Alternation(
    r"\b(?:functions?|methods?|middlewares?|handlers?|callbacks?|promises?|objects?|class(?:es)?"
    r"|modules?|plugins?|variables?|arguments?|parameters?|propert(?:y|ies)|instances?"
    r"|constructors?|interfaces?|librar(?:y|ies)|frameworks?|routers?|hooks?|decorators?"
    r"|funci[oó]n|funciones|função|funções|fonctions?|funktion(?:en)?|funzion[ei]"
    r"|функци\w*|manejador\w*|gestionnaires?|gestore|obje(?:to|t|kt)|oggetto|объект\w*"
    r"|módulo|modul|variável|variabile|переменн\w*|parámetro|parâmetro|paramètre|параметр\w*"
    r"|método|méthode|methode|metodo|метод\w*)\b",
    r"函数|方法|中间件|回调|对象|插件|変数|関数|メソッド|ミドルウェア|オブジェクト|함수|메서드|미들웨어"
    r"|객체|콜백",
)
CODE_PARTS_MIN = 2
# Words one of which every match of `_CODE_PART` in an ASCII text holds.
_CODE_PART_KEYS = (
    "function",
    "method",
    "middleware",
    "handler",
    "callback",
    "promise",
    "obje",
    "class",
    "modul",
    "plugin",
    "variab",
    "argument",
    "parameter",
    "propert",
    "instance",
    "constructor",
    "interface",
    "librar",
    "framework",
    "router",
    "hook",
    "decorator",
    "funci",
    "fonction",
    "funktion",
    "funzion",
    "manejador",
    "gestionnaire",
    "gestore",
    "oggetto",
    "metodo",
)


def code_parts(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Two different parts of a program named ("the middleware function", "the callback's
    parameter", 函数 and 对象): a text written for a developer about code, where a notice
    speaks to a user about a request."""
    if not r.written or not r.hits:
        return ()
    text = r.low[:3000]
    if text.isascii() and not any(key in text for key in _CODE_PART_KEYS):
        return ()
    found: list[str] = []
    end = -1
    for m in _CODE_PART.finditer(text):
        part, joined = m.group(0), m.start() == end
        end = m.end()
        if joined:
            continue  # one compound, not two parts: "函数插件区", an app's button
        if part not in found:
            found.append(part)
            if len(found) >= CODE_PARTS_MIN:
                if _raised(r.text[:3000]):
                    return ()  # a runtime's exception names code parts too ("'X' object has")
                return (Signal("code_parts", -w["code_parts"], ", ".join(found)),)
    return ()


def _raised(text: str) -> bool:
    """Whether a line of `text` is an exception as a runtime prints it ("TypeError: ...")."""
    return any(EXCEPTION_LINE.match(line) for line in text.splitlines()[:60])


# A JSON Schema: a "$schema" key, or "properties" declared with their JSON types.
_SCHEMA_TYPE = re.compile(r'"type"\s*:\s*"(?:object|string|integer|number|array|boolean)"')


def json_schema(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A JSON Schema of an error ("$schema", "properties" with their "type"s): the
    documentation of an error object's shape, not an error object a service sent."""
    head = r.text[:4000]
    if not head.lstrip().startswith("{") or (
        '"$schema"' not in head and '"properties"' not in head
    ):
        return ()
    if '"$schema"' not in head and len(_SCHEMA_TYPE.findall(head)) < 2:
        return ()
    return (Signal("json_schema", -w["json_schema"], "a JSON Schema"),)


# A guide's or an article's own question about an error, as its title or a heading: what the
# error is ("What is a 504 Gateway Timeout?", "什么是", "Что такое", "Qu'est-ce qu'une", "API
# 할당량 초과란 무엇인가?", "502 nedir") or how to fix it ("How to fix", "come risolvere",
# "如何解决", "как исправить", "cách khắc phục"). It opens a line (after a heading's signs or a
# number) or a title's second part ("HTTP 504: come risolvere ..."); the languages that put the
# question last end the line with it. A notice reports a failure; it never asks what one is.
_ASKED_OPENING = (
    r"(?:(?:what (?:is|are|does|causes)|why (?:am i|do i|does|do|is|are)|how (?:to|do i|can i)"
    r" (?:fix|solve|resolve|troubleshoot|handle|avoid|deal with|get rid of)"
    r"|was (?:ist|sind|bedeutet)|wie (?:behebt|löst|vermeidet) man|wie (?:beheben|lösen)"
    r"|comment (?:corriger|résoudre|réparer|régler|éviter)"
    r"|qué (?:es|son|significa)|c[oó]mo (?:solucionar|arreglar|resolver|corregir|reparar|evitar)"
    r"|o que (?:é|são|significa)|como (?:resolver|corrigir|solucionar|evitar)"
    r"|cos.è|cosa (?:è|sono|significa)|come (?:risolvere|correggere|sistemare|evitare)"
    r"|wat (?:is|betekent)|hoe (?:los|verhelp)\w*"
    r"|apa itu|cara (?:mengatasi|memperbaiki)|cách (?:khắc phục|sửa)"
    r"|что (?:такое|означает)|как (?:исправить|решить|устранить|избавиться)"
    r"|що (?:таке|означає)|як (?:виправити|вирішити|усунути)"
    r"|ما (?:هو|هي)|كيف(?:ية)? (?:إصلاح|حل))\b"
    # ... in Hindi and Bengali: "क्यों हो रहा है", "कैसे ठीक करें", "কেন এই error হচ্ছে?"
    r"|(?<!\w)(?:क्यों|कैसे ठीक|কেন|কীভাবে ঠিক)(?!\w)"
    r"|qu.est-ce qu|什么是|何为|如何(?:解决|修复|处理|避免)|怎么(?:解决|修复|办)|怎样(?:解决|修复)"
    r"|どうすれば|対処法|解決方法|해결 ?방법|해결법)"
)
_ASKED_CLOSING = (
    r"(?:란 무엇|이란 무엇|とは(?:何|なに)|とは[?\uff1f]?$|\bnedir\b|\bnelerdir\b|là gì"
    r"|是什么[?\uff1f]?$)"
)
# (tried only on a text that holds one of its words, `KeyGated`: its opening is tried at every
# position, ~30 us on a 300-character notice)
_EXPLAINER_TITLE = KeyGated(
    rf"(?im)(?:^[^\w\n]{{0,6}}(?:\d{{1,2}}[.)]\s*|[一二三四五六七八九十]、)?|[:\uff1a|\u2013\u2014-]\s)"
    rf"{_ASKED_OPENING}|{_ASKED_CLOSING}"
)


def explainer_title(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A title or heading that asks what an error is or how to fix it ("What is a 504?",
    "如何解决", "come risolvere l'errore 504", "502 nedir"): a guide about the error,
    not a notice of it."""
    if not r.written or not r.hits:
        return ()
    text = r.message[:3000]
    for m in _EXPLAINER_TITLE.finditer(text):
        start = text.rfind("\n", 0, m.start()) + 1
        end = text.find("\n", m.end())
        end = len(text) if end < 0 else end
        if _STATUS.search(text, start, end) is not None or any(
            start <= at < end for _, at, _, _ in r.hits
        ):  # (its line asks about an error: "What is the status?" quotes a user's question)
            return (Signal("explainer_title", -w["explainer_title"], m.group(0).strip()[:40]),)
    return ()


_STATUS = re.compile(r"(?<!\d)[1-5]\d\d(?!\d)")

# A markdown heading that names the document or its section a guide to a failure, its
# solution or its diagnosis ("# 502 Bad Gateway 오류 해결 가이드", "# ⚠️ Solução: Quota
# Esgotada", "## 🔍 Diagnóstico", "# MiniMax HTTP 500 错误诊断", "## 解決方法", "## Solución",
# "# Troubleshooting ..."): a troubleshooting document written about the error. A notice is a
# line or two that reports it; it has no headings, least of all one that names its own fix.
_GUIDE_HEADING = re.compile(
    r"(?im)^[ \t]{0,3}#{1,6}[ \t][^\n]{0,80}?"
    r"(?:\b(?:troubleshoot\w*|guide|solutions?|diagn[oó]s\w*|workarounds?|fix(?:es|ing)?"
    r"|how-to|soluci[oó]n\w*|gu[ií]a|solu[cç][aã]o|solu[cç][oõ]es|resolu[cç][aã]o"
    r"|corre[cç][aã]o|d[ée]pannage|r[ée]solution|correctif|l[öo]sung\w*|fehlerbehebung"
    r"|anleitung|behebung|soluzion\w*|guida|risoluzione|решени\w*|устранени\w*"
    r"|диагностик\w*|руководств\w*|исправлени\w*|фикс|çözüm\w*|k\u0131lavuz\w*|giải pháp"
    r"|khắc phục|hướng dẫn|solusi|panduan|pemecahan masalah|rozwiązanie|rozwiązywanie"
    r"|naprawa|oplossing\w*|probleemoplossing)\b"
    # ... and the languages a word boundary does not serve: "# حل مشكلة 401", "## راه حل",
    # "## समाधान", "## সমাধান", "## วิธีแก้"
    r"|(?<!\w)(?:حل|الحل|إصلاح|دليل|راه ?حل|رفع مشکل|عیب ?یابی|समाधान|ठीक करें|সমাধান"
    r"|ঠিক করুন|วิธีแก้|การแก้ไข)(?!\w)"
    r"|解决|解決|排查|故障排除|诊断|診断|指南|修复方法|处理方法|应对|対処|対策|トラブルシューティング"
    r"|ガイド|修正方法|해결|가이드|진단|트러블슈팅|대처|조치 ?방법)"
)


def guide_heading(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A markdown heading that names a guide, a solution or a diagnosis ("# 502 오류 해결
    가이드", "## Solução", "## 🔍 Diagnóstico"): a troubleshooting document about the
    failure, not a notice of it."""
    if not r.written or not r.hits or "#" not in r.text[:3000]:
        return ()
    m = _GUIDE_HEADING.search(r.text[:3000])
    if m is None:
        return ()
    return (Signal("guide_heading", -w["guide_heading"], m.group(0).strip()[:40]),)


# A line that makes an error its topic and opens a list under it: when it comes ("El error 429
# aparece cuando:", "This error occurs when:"), how to avoid or fix it ("Para evitar errores
# 429:", "To avoid 503 errors:", "避免 429 错误:"), what it may mean ("Error Code 429 could mean a
# lot of things:"). A notice reports its failure; it does not list the cases of a kind of error.
_TOPIC_LEAD = re.compile(
    r"(?:\b[45]\d\d\b|error|erro|erreur|fehler|ошибк|错误|錯誤|报错|報錯|エラー|오류|에러|hata)"
    r"[^\n]{0,80}?"
    r"(?:\b(?:occurs?|appears?|happens?|shows? up|is (?:raised|thrown|returned)) when"
    r"|\b(?:could|can|may|might|usually) (?:mean|be caused by|indicate)"
    r"|\b(?:aparece|ocurre|sucede|aparecem?|ocorre|appara[iî]t|survient|tritt|erscheint)"
    r"\b[^\n]{0,20}?\b(?:cuando|quando|quand|lorsque|wenn|auf,? wenn)"
    r"|\b(?:puede|pode|peut|kann) (?:significar|signifier|bedeuten)"
    r"|может означать|возникает,? когда"
    r"|(?:出现|出現|发生|發生)[^\n]{0,12}?(?:时|時|的情况|的情況|的原因)|可能(?:意味着|意味著|是因为|是因為)"
    r"|が(?:発生する|出る)(?:場合|とき|原因)|(?:이|가) (?:발생하는|나는) (?:경우|원인))"
    r"[^\n]{0,60}[:\uff1a][ \t]*$"
    # ... or the error named after the wish to avoid or fix it: "To avoid 429 errors:"
    r"|\b(?:to (?:avoid|prevent|fix|resolve)|para (?:evitar|resolver|solucionar|corrigir)"
    r"|pour (?:éviter|corriger|résoudre)|um [^\n]{0,40}zu (?:vermeiden|beheben)|чтобы (?:избежать"
    r"|исправить))\b[^\n]{0,60}?(?:\b[45]\d\d\b|errors?|erro(?:s|res)?|erreurs?|fehler|ошиб\w*)"
    r"[^\n]{0,40}[:\uff1a][ \t]*$"
    r"|(?:避免|防止|解决|解決)[^\n]{0,20}?(?:[45]\d\d|错误|錯誤|报错|報錯)"
    r"[^\n]{0,20}[:\uff1a][ \t]*$",
    re.I | re.M,
)
# Where a line ends with a colon: every match of `_TOPIC_LEAD` ends one, and none crosses a line.
_COLON_END = re.compile(r"[:\uff1a][ \t]*$", re.M)


def topic_leads(text: str) -> Iterator[re.Match[str]]:
    """What `_TOPIC_LEAD.finditer(text)` finds, searched only in the lines that end with a colon
    (`_COLON_END`): the case-blind pattern was tried at every position of a text, ~65 us on a
    300-character notice whose only colon is inside a line."""
    for colon in _COLON_END.finditer(text):
        start = text.rfind("\n", 0, colon.start()) + 1
        yield from _TOPIC_LEAD.finditer(text, start, colon.end())


# The list right under it: a bullet or a number opens the next line that says anything.
_LIST_ITEM = re.compile(r"[ \t]*(?:[-*+\u2022]|\d{1,2}[.)\u3001])[ \t]+\S")


def topic_list(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A line that makes an error its topic (when it comes, how to avoid it, what it may mean)
    and opens a list ("El error 429 aparece cuando:" then "- ..."): a guide's list of an error's
    cases or remedies, where a notice reports the one failure it had."""
    if not r.written or not r.hits:
        return ()
    text = r.text[:3000]
    if ":" not in text and "\uff1a" not in text:
        return ()
    for m in topic_leads(text):
        after = text[m.end() :].lstrip("\r\n")
        line = after.split("\n", 1)[0]
        if _LIST_ITEM.match(line) is not None:
            return (Signal("topic_list", -w["topic_list"], m.group(0).strip()[:60]),)
    return ()


# A heading a list may stand under: markdown's ("### Quota exceeded") or a bold label
# ("**Troubleshooting:**").
_LIST_HEADING = re.compile(r"[ \t]*(?:#{1,6}[ \t]+\S|\*\*[^*\n]+\*\*[:\uff1a]?[ \t]*$)")
# A list of this many items that name failures is a catalogue, not one failure reported.
FAILURE_LIST_ITEMS = 3


# A request about failures: their causes, errors, cases or limits
_ASKS_FAILURES = re.compile(
    r"error|fail|cause|why|wrong|issue|problem|case|reason|limit|quota|timeout|429|5\d\d|troubl"
    r"|错误|錯誤|失败|失敗|原因|为什么|為什麼|报错|問題|问题|エラー|なぜ|오류|원인|ошибк|причин|почему"
    r"|fehler|ursache|warum|erreur|pourquoi|causa|falha|erro|por qu|porque|problema"
)
# A heading that names the reply's own failure ("### Error", "**Failed:**")
_FAILED_HEADING = re.compile(
    r"\s*(?:#{1,6}[ \t]+|\*\*)[^\w\n]*"
    r"(?:errors?|failed|failure|错误|失败|エラー|ошибка|fehler|erreur)[^\w\n]*$",
    re.M,
)
# An item labelled with an attempt or a provider ("- Attempt 2: timeout", "- provider openai:")
_ATTEMPT_LABEL = re.compile(
    r"^[ \t]*(?:[-*+\u2022]|\d{1,2}[.)])[ \t]+\**(?:attempt|try|retry|provider|尝试|重试)\b",
    re.M,
)


def lists_failures(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A reply that is a list and nothing more (under a heading at most) whose items name
    failures, three or more of them, of more than one kind ("- Amazon Bedrock の一時的な障害",
    "- APIレート制限超過", "- タイムアウト"; "- 适配器启动失败", "- 连接超时错误", "- 认证失败"): a
    catalogue of causes or cases, to a request about failures (`_ASKS_FAILURES`). A notice
    reports the one failure it had, in its sentences; a relay lists its own under an "Error"
    heading or by attempt or provider."""
    hits = r.hits
    if len(hits) < FAILURE_LIST_ITEMS or "\n" not in r.message or not r.written:
        return ()
    # a catalogue answers a request about failures; to a request for other work, a list of
    # failures is a relay's report of its own (under "### Error", "Attempt 1: ...")
    if not r.question or _ASKS_FAILURES.search(r.question) is None:
        return ()
    if _FAILED_HEADING.match(r.message) or _ATTEMPT_LABEL.search(r.message[:3000]):
        return ()
    items: list[tuple[int, int]] = []  # each list item's span in the message
    start = 0
    for n, line in enumerate(r.message[:3000].split("\n")):
        end = start + len(line)
        if line.strip():
            if _LIST_ITEM.match(line) is not None:
                items.append((start, end))
            elif n > 0 or items or _LIST_HEADING.match(line) is None:
                return ()  # a line of prose: the list is not the whole reply
        start = end + 1
    kinds: set[str] = set()
    named = 0
    for first, last in items:
        found = {name for name, at, _, _ in hits if first <= at < last}
        named += bool(found)
        kinds |= found
    if named < FAILURE_LIST_ITEMS or len(kinds) < 2:
        return ()
    said = f"{named} items name failures of {len(kinds)} kinds"
    return (Signal("lists_failures", -w["lists_failures"], said),)


# A rule of when an error comes, in the present of a manual, in the forms the defining words
# (`defines`: "is returned when", "occurs when", "場合に発生") do not hold: a table's cell that
# describes a message ("Displays a message when the platform is down"), a Japanese rule in the
# polite present ("...の制限により発生します", "上限を超過する場合は 429 のエラーが応答されます"),
# a Chinese one with its "when" before "will" ("负载高的时候会出现"). A notice says what happened
# to this request (発生しました, 出现了); a manual says what happens when.
_OCCURS_WHEN = re.compile(
    r"\b(?:displays|shows) an? (?:error |warning )?message when\b"
    r"|(?:により|によって|が原因で)発生します|(?:が|は)(?:応答|返却|返)されます"
    r"|(?:的时候|时候|的情况下|时)就?会(?:出现|发生|返回)"
    # (ar) "يظهر الرمز 429 عند ...", "يحدث هذا الخطأ عندما ...": the code appears / the error
    # happens when
    r"|(?:يظهر|تظهر|يحدث|تحدث)\s+(?:هذا\s+)?(?:الرمز|رمز|الخطأ|خطأ|هذه\s+المشكلة)[^.\n]{0,40}?"
    r"\s(?:عند|عندما)\s"
)
_OCCURS_WHEN_KEYS = (" when", "発生します", "されます", "会", "عند")
# ... or, in a short reply, a Chinese rule without its "when", the modal before what the
# system does: "回复一个师姐也会被拦截", "会返回消息审核", "系统会自动改写提示词并重试" (a notice
# says what was done to this message: 已被拦截). (Short only: a long document's own rules say
# nothing of a failure appended after it.)
_MODAL_RULE = re.compile(r"(?:也|就)会被?|会(?:被|返回|触发|自动)")
MODAL_RULE_CHARS = 400


def occurs_when(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A rule of when an error comes, in a manual's present ("Displays a message when ...",
    "により発生します", "时会出现"): documentation of a kind of failure, where a notice reports
    the one that happened."""
    if not r.written or not r.hits:
        return ()
    text = r.message[:3000]
    if not any(key in text for key in _OCCURS_WHEN_KEYS):
        return ()
    m = _OCCURS_WHEN.search(text)
    if m is None and len(text) <= MODAL_RULE_CHARS and "会" in text:
        m = _MODAL_RULE.search(text)
    if m is None:
        return ()
    return (Signal("occurs_when", -w["occurs_when"], m.group(0).strip()[:40]),)


# A page that names itself and what it covers: "This guide covers quota management ...", "This
# page describes ...", "本页说明请求失败时返回的错误结构", "このページでは", "この記事では". A
# notice does not speak of itself as a document (an error page's "This page isn't working" says
# nothing of what it covers).
_NAMES_ITSELF = re.compile(
    r"\b(?:this|the following) (?:guide|page|article|section|document|tutorial|post|doc|faq)\b"
    r" (?:covers|describes|explains|shows you|walks you|lists|documents|outlines|details)\b"
    r"|(?:本页|本页面|本頁|本文|本节|本節|本章|本篇)(?:将|將)?(?:说明|說明|介绍|介紹|列出|描述|讲解|講解|总结|總結)"
    r"|(?:このページ|この記事|本ページ|本記事|このセクション|この章)(?:では|で)",
    re.I,
)
_NAMES_ITSELF_KEYS = ("this ", "following", "本", "この")


def names_itself(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The text names itself a page and what it covers ("This guide covers ...", "本页说明
    ...", "このページでは"): a manual's page about errors, not a notice of one."""
    if not r.written or not r.hits:
        return ()
    text = r.message[:3000]
    if not any(key in text for key in _NAMES_ITSELF_KEYS):
        return ()
    m = _NAMES_ITSELF.search(text)
    if m is None:
        return ()
    return (Signal("names_itself", -w["names_itself"], m.group(0).strip()[:40]),)


# A document's summary, opening with the document as its subject and what it does:
# "论文提出了一种新框架", "该研究探讨了", "This paper proposes", "The authors introduce",
# "本論文では", "이 논문은".
# A notice speaks of a request, a service or itself; it never opens on a paper and its findings.
_SUMMARY_OPENING = re.compile(
    r"[\W_]{0,4}(?:"
    r"(?:该|本|这篇|此|該|這篇)?(?:论文|論文|研究|文章|综述|綜述)(?:作者)?"
    r"(?:提出|介绍|介紹|研究|探讨|探討|分析|描述|展示|总结|總結|评估|評估|发现|發現|讨论|討論"
    r"|考察|开发|開發|设计|設計|构建|構建|比较|比較|揭示|证明|證明|针对|針對|聚焦|旨在)"
    r"|(?:this|the|our) (?:paper|study|article|work|thesis|survey|preprint)"
    r" (?:proposes|introduces|presents|describes|investigates|examines|explores|studies"
    r"|analy[sz]es|evaluates|argues|discusses|reviews|develops|demonstrates|reports|addresses"
    r"|shows that|finds that)\b"
    r"|the authors (?:propose|introduce|present|describe|investigate|examine|explore|study"
    r"|analy[sz]e|evaluate|argue|discuss|develop|demonstrate|show|find)\b"
    r"|(?:この|本)論文(?:は|では)|(?:이|본) 논문(?:은|에서는)"
    r")",
    re.I,
)


def summarises_document(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A summary that opens on the document it sums up and what that does ("论文提出了一种针对
    LLM jailbreaks的新框架...", "This paper proposes ..."): a TL;DR of a paper, whose failure
    words are the paper's subject ("泛化失败", "错误信息"), not a notice."""
    if not r.written or not r.hits:
        return ()
    m = _SUMMARY_OPENING.match(r.message[:200])
    if m is None:
        return ()
    return (Signal("summarises_document", -w["summarises_document"], m.group(0).strip()[:40]),)


_NO_UPDATE: Mapping[str, Any] = SHIPPED.get("docs_need_no_update", {})
_NO_UPDATE_GATE = tuple(_NO_UPDATE.get("gate", ()))
# "The README file does not need to be updated ...", "so no update is needed at this time".
_NO_UPDATE_VERDICT = re.compile(regexes(_NO_UPDATE.get("verdict", ())), re.IGNORECASE)
# A verdict alone opens on what it read: "Based on the code changes and commit messages, ...".
_VERDICT_BASIS = re.compile(regexes(_NO_UPDATE.get("basis", ())), re.IGNORECASE)
# A request that asks for the verdict in words, not with a question mark: "Check if the README
# needs to be updated", "Say whether an update is needed".
_ASKS_VERDICT = re.compile(regexes(_NO_UPDATE.get("asks_verdict", ())), re.IGNORECASE)
# The verdict is a short last paragraph, of prose ...
VERDICT_CHARS = 600
_NOT_PROSE = frozenset("-*+#|>`")


def docs_need_no_update(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A documentation generator's verdict that the document needs no update, as the reply's
    last paragraph where the updated document was to be: after the document echoed unchanged
    (the reply opens on a heading: "# Project ...\\n\\n---\\n\\nThe README file does not need to
    be updated based on the provided code changes."), or as the whole reply, opening on what
    it read ("Based on the code changes and commit messages provided, it seems that the README
    does not need to be updated ..."). A list's item that says so is the document's own
    words (an update log). An agent's report that ends "no docs change needed"
    after its work opens on neither, and a request that asks a question, or asks in words
    whether an update is needed ("Check if the README needs to be updated"), may want the
    verdict."""
    text = r.text.strip()
    last = text[-VERDICT_CHARS:].rsplit("\n\n", 1)[-1].strip()
    low = last.lower()
    if not any(key in low for key in _NO_UPDATE_GATE) or "?" in r.question:
        return ()
    if _ASKS_VERDICT.search(r.question) is not None:
        return ()
    if last[:1] in _NOT_PROSE or last[:1].isdigit():
        return ()  # (a list's item or a heading: the document's own words, not a verdict on it)
    alone = last == text and _VERDICT_BASIS.match(low) is not None
    if not (alone or (text.startswith("#") and last != text)):
        return ()
    m = _NO_UPDATE_VERDICT.search(last)
    if m is None:
        return ()
    return (Signal("docs_need_no_update", w["docs_need_no_update"], m.group(0)[:60]),)


# A generator's error as the document's first heading: "Error" and the model call it was
# making ("## Error making LLM: 1 validation error for Generation", "# Error generating
# README: 429 ...", "# Error while generating README: ..."), the exception's text after the
# colon.
_GENERATOR_ERROR = re.compile(
    r"#{1,6}\s*\**\s*error (?:(?:while|when) )?"
    r"(?:making|generating|calling|invoking|getting|fetching|creating)\b"
    r"[^:\n]{0,40}?\b(?:llm|model|openai|gpt|gemini|claude|anthropic|completion|response|chat"
    r"|generation|summary|content|readme|docs?|documentation|ai)\b[^:\n]{0,20}:\s*\S",
    re.IGNORECASE,
)
GENERATOR_ERROR_WITHIN = 200


def generator_error_heading(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A generated document (a README, a summary) whose first line is its generator's error
    ("## Error making LLM: 1 validation error for Generation"): the updater wrote its
    exception where the document's title goes, whatever prose it kept under it. A heading
    that names the error after other words ("# Fixing: Error calling model: ...") or a line
    of prose that opens on it ("Error calling model: usually means ...") opens an answer
    about it, and is left."""
    head = r.text.lstrip()[:GENERATOR_ERROR_WITHIN]
    if not head.startswith("#") or not head[:12].lower().lstrip("#* ").startswith("error"):
        return ()
    m = _GENERATOR_ERROR.match(head)
    if m is None:
        return ()
    return (Signal("generator_error_heading", w["generator_error_heading"], m.group(0)[:60]),)


_INPUTS_SUMMARISED: Mapping[str, Any] = SHIPPED.get("inputs_summarised", {})
# "Based on the code changes and commit messages provided in the GitHub pull request, here is
# a summary of the updates:"
_SUMS_UP_INPUTS = re.compile(regexes(_INPUTS_SUMMARISED.get("opening", ())), re.IGNORECASE)
# A request for the summary itself: "Summarize this PR", "Describe the changes".
_ASKS_SUMMARY = re.compile(regexes(_INPUTS_SUMMARISED.get("asks_summary", ())), re.IGNORECASE)
# A title and an "Overview" heading may come before it (the document's own first lines).
_TITLE_LINES = re.compile(r"(?:[ \t]*#{1,6}[ \t][^\n]{0,120}\n+){0,2}")


def inputs_summarised(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A documentation generator's reply that sums up what it was handed ("Based on the code
    changes and commit messages provided in the GitHub pull request, here is a summary of the
    updates: ...") where the updated document was to be: a README updater's summary of the
    pull request committed as the README. A request that asks for a summary, a description or
    a review of the changes, or a question, gets that summary as its answer, and is left."""
    if "based on" not in r.low[:400] and "review" not in r.low[:400]:
        return ()
    if "?" in r.question or _ASKS_SUMMARY.search(r.question[:2000]) is not None:
        return ()
    text = r.text.lstrip()
    m = _SUMS_UP_INPUTS.match(text, _TITLE_LINES.match(text).end())  # type: ignore[union-attr]
    if m is None:
        return ()
    return (Signal("inputs_summarised", w["inputs_summarised"], m.group(0)[:60]),)


_INSTRUCTION_WORDS: Mapping[str, Any] = SHIPPED.get("instruction_sections", {})
# A request for the skeleton itself: "a README outline with sections for ...".
_ASKS_OUTLINE = re.compile(rf"\b(?:{field_alternation(_INSTRUCTION_WORDS, 'asks_outline')})", re.I)
_INSTRUCTION_VERBS = field_alternation(_INSTRUCTION_WORDS, "verbs")
# A heading and the one line of its section ("## Goals\nOutline the goals of the project.").
_SECTION = re.compile(r"^#{1,4}[ \t]+([^\n]{2,60})\n+([^\n#][^\n]{4,120})\n*(?=#|\Z)", re.M)
# The writer's instruction: a sentence that opens on a verb of writing ("Provide a brief ...").
_INSTRUCTION = re.compile(rf"(?:{_INSTRUCTION_VERBS})\b[^.\n]*\.?$", re.IGNORECASE)
INSTRUCTION_SECTIONS_LEAST = 3
INSTRUCTION_SECTIONS_SHARE = 2 / 3
_WORD = re.compile(r"[a-z]{4,}")


def _names_heading(heading: str, body: str) -> bool:
    """Whether the section's sentence names its heading's subject (a word's first five letters:
    "Requirements" in "List any requirements", "Submission" in "how to submit")."""
    said = body.lower()
    return any(word[:5] in said for word in _WORD.findall(heading.lower()))


def instruction_sections(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A document skeleton whose sections hold the writer's instructions: under most of three
    or more headings, one sentence that tells the writer what to put there ("## Overview\\n
    Provide a brief overview of the project.\\n\\n## Requirements\\nList any requirements
    needed to run the project."): a README generator's template committed unfilled. A
    request for a template, a skeleton or an outline gets it as the answer, and so does a
    question ("How should I structure a grant proposal?"): both are left."""
    if r.text.count("\n#") < INSTRUCTION_SECTIONS_LEAST - 1:
        return ()
    if r.question and (
        asks_template(r.question)
        or _ASKS_OUTLINE.search(r.question[:2000]) is not None
        or r.question.split("\n", 1)[0].rstrip().endswith("?")
    ):
        return ()  # the skeleton asked for, or a question answered with one
    sections = _SECTION.findall(r.text)
    if len(sections) < INSTRUCTION_SECTIONS_LEAST:
        return ()
    told = [
        body
        for heading, body in sections
        if _INSTRUCTION.match(body.strip()) is not None and _names_heading(heading, body)
    ]
    if len(told) < INSTRUCTION_SECTIONS_LEAST or len(told) < INSTRUCTION_SECTIONS_SHARE * len(
        sections
    ):
        return ()
    return (Signal("instruction_sections", w["instruction_sections"], told[0][:60]),)
