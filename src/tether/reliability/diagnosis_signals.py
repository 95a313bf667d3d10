"""Answer evidence of a diagnosis: a person or a model weighing a failure, not a service
reporting one.

A checklist of working and failing parts (`checklist`), a failure told as coming back over time
(`recurrence`), usage said to be within a limit (`within_limit`), a cause named under a label or
blamed in a sentence (`names_cause`). A notice says only that something failed; these say how
it stands against the writer's own observations.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.about_signals import sign
from tether.reliability.keyed import Keys, holds, matches_at, split_keys
from tether.reliability.reply import Reply, Signal

# The marks a checklist's items open with: a part that works, and a part that does not.
_PASS_MARKS = "\u2705\u2714\u2713\u2611\U0001f7e2"  # ✅ ✔ ✓ ☑ 🟢
_FAIL_MARKS = "\u274c\u2718\u2717\u2716\u26d4\U0001f534"  # ❌ ✘ ✗ ✖ ⛔ 🔴
# A written list's item that opens with one of them: after a list's bullet or number ("- ✅
# DNS resolves"), or before markup ("❌ **Backend**: ..."). (A program's log marks its steps
# with bare marks: "✅ Step 1 done", "❌ Error: ...".)
_CHECK_ITEM = re.compile(
    rf"^[ \t]*(?:(?:[-*+\u2022]|\d{{1,2}}[.)])[ \t]*([{_PASS_MARKS}{_FAIL_MARKS}])"
    rf"|([{_PASS_MARKS}{_FAIL_MARKS}])\ufe0f?[ \t]*(?:\*\*|__|`))",
    re.M,
)


def checked_item(line: str) -> str:
    """The status mark a list's item opens with ("- ✅ DNS resolves", "❌ **Backend**: ..."),
    or ""."""
    m = _CHECK_ITEM.match(line)
    return (m.group(1) or m.group(2)) if m is not None else ""


def checklist(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A checklist whose items are marked as working and as failing ("- ✅ the proxy is up",
    "- ❌ the backend refuses connections"): a diagnosis that tells which parts work. A
    notice says what failed; it marks no part of the system as fine."""
    head = r.text[:3000]
    if not r.written or not any(c in head for c in _FAIL_MARKS):
        return ()
    marks = [m.group(1) or m.group(2) for m in _CHECK_ITEM.finditer(head)]
    passed = sum(1 for m in marks if m in _PASS_MARKS)
    if passed == 0 or passed == len(marks):
        return ()
    return (Signal("checklist", -w["checklist"], f"{passed} of {len(marks)} items pass"),)


# A list item that opens with a counted case and gives its rule after a colon: "- 第 1 次失敗:
# 等待 2 秒後重試", "- Attempt 2: wait 4 s", "* Retry 3 - give up", "- 2回目: 4秒待つ".
_COUNTED_ITEM = re.compile(
    r"^[ \t]*(?:[-*+\u2022]|\d+[.)])[ \t]+(?:\*\*)?(\D{0,12}?)(\d+)(\D{0,12}?)(?:\*\*)?[ \t]*"
    r"(?:[:\uff1a]|[-\u2013\u2014\u2192]|=>)[ \t]*(\S[^\n]*)",
    re.M,
)


def schedule(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A list of three or more cases counted up one by one, each with its rule ("- 1st failure:
    wait 2 s", "- 2nd failure: wait 4 s", ...; "第 1 次失敗: 等待 2 秒後重試"): a schedule or a
    policy, documentation of what is done each time. A notice tells of the one failure it is;
    a client's retry log prints lines, not a list of rules (and says "failed" on each)."""
    head = r.text[:3000]
    if not r.written or head.count("\n") < 2:
        return ()
    run: list[int] = []
    rules: set[str] = set()
    frame: tuple[str, str] | None = None
    for m in _COUNTED_ITEM.finditer(head):
        key = (m.group(1).strip().lower(), m.group(3).strip().lower())
        n = int(m.group(2))
        if frame == key and run and n == run[-1] + 1:
            run.append(n)
            rules.add(m.group(4).strip())
        else:
            frame, run, rules = key, [n], {m.group(4).strip()}
        # (the same error after each count is a retry log in a list, not a rule per case)
        if len(run) >= 3 and len(rules) > 1:
            return (Signal("schedule", -w["schedule"], f"{len(run)} counted cases"),)
    return ()


# How often the failure comes back, as the person it keeps happening to tells it, or as the
# one who explains it: "it fails intermittently", "the upstream often returns 502", "every few
# minutes", "最近经常收到", "периодически возникает", "a veces devuelve 503", "oft", "souvent".
# (Never after "too": "requests sent too frequently", "слишком часто", "zu häufig" are a rate
# limit's notice.)
_TOO = (
    r"(?<!too )(?<!so )(?<!zu )(?<!te )(?<!слишком )(?<!zbyt )(?<!trop )(?<!demasiado )"
    r"(?<!troppo )(?<!quá )(?<!terlalu )"
)
_RECURRENCE = re.compile(
    rf"(?<![\w-]){_TOO}(?:intermittent(?:ly)?|periodically|occasionally|sometimes|every time"
    r"|each time|from time to time|every so often|now and then|often|frequently|regularly"
    r"|repeatedly|again and again|over and over"
    r"|(?:every|alle|cada|toutes les|ogni|каждые|co) (?:few|other|couple of|\d+|several"
    r"|paar|pocos|poucos|quelques|pochi|несколько|kilka) ?(?:minutes|hours|days|seconds|requests"
    r"|calls|minuten|stunden|sekunden|minutos|horas|segundos|minuti|ore|secondi|heures|secondes"
    r"|минут|часов|секунд|minut|godzin|sekund)"
    r"|manchmal|immer wieder|ab und zu|gelegentlich|jedes mal|oft|häufig|regelmäßig|ständig"
    r"|a veces|de vez en cuando|cada vez que|a menudo|con frecuencia|frecuentemente"
    r"|às vezes|de vez em quando|toda vez que|muitas vezes|com frequência|frequentemente"
    r"|parfois|de temps en temps|à chaque fois|souvent|fréquemment|régulièrement"
    r"|spesso|a volte|ogni tanto|di frequente"
    r"|периодически|иногда|постоянно|каждый раз|время от времени|часто|регулярно|періодично|іноді"
    r"|często|czasami|vaak|soms|regelmatig|s\u0131k s\u0131k|bazen"
    r"|seringkali|sering|kadang-kadang|terkadang|kadang"
    r"|thường xuyên|thỉnh thoảng|đôi khi)(?![\w-])"
    r"|经常|时不时|偶尔|有时候|每次都|總是|总是|老是|動不動|常常|时常|往往|每隔几分钟|每隔\d+分钟"
    r"|有概率|有几率|有機率"
    # ... or a tendency: "17版本容易出现429错误", "容易触发超时" (round 35)
    r"|容易(?:出现|出現|报|報|触发|觸發|遇到)"
    r"|しばしば|たびたび|度々|何度も|時々|たまに|毎回|分おきに|分ごとに"
    r"|가끔|때때로|자주|매번|종종|수시로|분마다"
)
# ... unless it is a notice's comfort: "these things happen sometimes", "такое иногда случается",
# "so etwas passiert manchmal", "こういうことは時々起こります": the frequency of failures in
# general, said to calm the reader, next to a word for happening.
_COMFORT = re.compile(
    r"happens?|случается|бывает|passiert|arrivent|arrive|pasa|acontece|起こ|发生|發生|생깁니다|일어"
)


# The words every match of `_RECURRENCE` begins with (the pattern is tried only there).
_RECURRENCE_KEYS = split_keys(
    (
        *("intermittent", "periodically", "occasionally", "sometimes", "every", "each time"),
        *("from time", "now and then", "oft", "frequent", "regularly", "repeatedly"),
        *("again and again", "over and over", "alle", "cada", "toutes les", "ogni", "co "),
        *("manchmal", "immer wieder", "ab und zu", "gelegentlich", "jedes mal", "häufig"),
        *("regelmäßig", "ständig", "a veces", "de vez e", "a menudo", "con frecuencia"),
        *("às vezes", "toda vez que", "muitas vezes", "com frequência", "parfois"),
        *("de temps en temps", "à chaque fois", "souvent", "fréquemment", "régulièrement"),
        *("spesso", "a volte", "di frequente", "często", "czasami", "vaak", "soms"),
        *(
            "regelmatig",
            "s\u0131k s\u0131k",
            "bazen",
            "sering",
            "kadang",
            "terkadang",
            "thường xuyên",
        ),
        *("thỉnh thoảng", "đôi khi", "периодически", "иногда", "постоянно", "каждый раз"),
        *("каждые", "время от времени", "часто", "регулярно", "періодично", "іноді"),
        *("经常", "时不时", "偶尔", "有时候", "每次都", "總是", "总是", "老是", "動不動"),
        *("有概率", "有几率", "有機率", "容易"),
        *("常常", "时常", "每隔", "しばしば", "たびたび", "度々", "何度も", "時々", "たまに"),
        *(
            "毎回",
            "分おきに",
            "分ごとに",
            "往往",
            "가끔",
            "때때로",
            "자주",
            "매번",
            "종종",
            "수시로",
            "분마다",
        ),
    )
)


def recurrence(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """How often the failure comes back, as the person it keeps happening to tells it ("the
    API intermittently returns 502", "最近经常收到上限提醒", "периодически возникает 504"): a
    report over time. A notice speaks of this one request, now."""
    told = recurs(r)
    return () if told is None else (Signal("recurrence", -w["recurrence"], told),)


def recurs(r: Reply) -> str | None:
    """The words that tell how often the failure comes back (`recurrence`), or None: a
    report over time is writing about failures, whatever its question was (`off_topic`).
    Read once a reply, kept on it: both signals ask."""
    kept = r.__dict__  # (where the reply's cached parts are)
    if "_recurs" not in kept:
        kept["_recurs"] = _recurs(r)
    told: str | None = kept["_recurs"]
    return told


def _recurs(r: Reply) -> str | None:
    if not r.written:
        return None
    text = r.message[:2000]
    for m in matches_at(text, _RECURRENCE_KEYS, _RECURRENCE):
        around = text[max(0, m.start() - 20) : m.end() + 20]
        if _COMFORT.search(around) is None:
            return m.group(0)
    return None


# The writer's usage said to be within a limit, or how to keep it there: "we're well below the
# quota", "レート制限を超えていないのに", "значительно ниже суточных", "stay within the limit".
_WITHIN_LIMIT = re.compile(
    r"(?:below|under|within)\s+(?:the|my|our|its|your)\s+(?:\w+\s+)?(?:limits?|quotas?)\b"
    r"|(?:haven't|have not|didn't|did not|never)\s+(?:even\s+)?(?:reached|hit|exceeded|used up)\b"
    r"|значительно ниже|не превыша|не достиг"
    r"|没有超过|并没有超|未超过|没有达到|超えていない|超過していない|초과하지 않"
    r"|nicht überschritten|no (?:he|hemos) (?:superado|alcanzado)|não (?:ultrapass|atingi)"
    r"|n'(?:ai|avons) pas (?:dépassé|atteint)"
)

# The words every match of `_WITHIN_LIMIT` begins with.
_WITHIN_LIMIT_KEYS = split_keys(
    (
        "below",
        "under",
        "within",
        "haven't",
        "have not",
        "didn't",
        "did not",
        "never",
        "значительно ниже",
        "не превыша",
        "не достиг",
        "没有超过",
        "并没有超",
        "未超过",
        "没有达到",
        "超えていない",
        "超過していない",
        "초과하지 않",
        "nicht überschritten",
        "no he",
        "não",
        "n'ai pas",
        "n'avons pas",
    )
)


def within_limit(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The usage said to be within a limit ("we're well below the daily quota, yet ...",
    "レート制限を超えていないのに"), or how to keep it there ("stay within the limit"): a person
    weighing the failure against their own numbers. A notice says a limit was reached."""
    if not r.written:
        return ()
    m = next(matches_at(r.message[:3000], _WITHIN_LIMIT_KEYS, _WITHIN_LIMIT), None)
    if m is None:
        return ()
    return (Signal("within_limit", -w["within_limit"], m.group(0)[:40]),)


# A section labelled as the cause, as a heading or in bold: "## Root cause", "**原因**",
# "### 근본 원인", "**Причина:**", also quoted as a note ("> **원인**: ...") (a notice's
# "原因: 余额不足" is plain text, never a label).
_CAUSE_LABEL = re.compile(
    r"^[ \t]*(?:>[ \t]*)?(?:#{1,6}[ \t]*|\*\*[ \t]*)(?:[^\w\s]{1,2}[ \t]*)?"
    r"(?:(?:the\s+)?(?:root\s+|real\s+|likely\s+|possible\s+)?causes?|reasons?|根本原因|根因|原因"
    r"|근본\s*원인|원인|причин[аы]|ursachen?|causas?(?:\s+possíveis|\s+posibles)?"
    r"|cause racine|根本的な原因"
    # ... in more languages: "## السبب", "## علت", "## Neden", "## कारण", "## কারণ",
    # "## Nguyên nhân", "## Penyebab", "## Przyczyna", "## Oorzaak", "## สาเหตุ"
    r"|السبب|الأسباب|علت|دلیل|nedeni?|sebebi?|कारण|কারণ|nguyên nhân|penyebab|przyczyn[ay]"
    r"|oorza(?:ak|ken)|สาเหตุ)(?:\s+found)?\s*(?:\*\*)?\s*[:\uff1a]?",
    re.I | re.M,
)
# The asker's problem put down to a cause: "that is what caused the issue", "causing the 504
# Gateway Timeout", "which is why you see", "导致此问题", "该问题是由于", "este problema se
# debe a", "この問題は".
_PROBLEM_CAUSED = re.compile(
    r"caus(?:ing|ed|es)\s+(?:this|the|that|these|your)\s+(?:[\w-]+\s+){0,3}?"
    r"(?:issues?|problems?|errors?|timeouts?|failures?|outages?|[45]\d\d)\b"
    r"|(?:that|this)(?:'s| is) why\b|which is why\b|thats why\b"
    r"|导致了?(?:此|这个|该|这|這個)(?:问题|問題|错误|報錯|报错)"
    r"|(?:此|这个|该|這個)问题是(?:由于|因为)|この問題は|이 문제는"
    r"|este problema (?:se debe|é causado|es causado)|dieses problem (?:liegt|wird)"
    r"|эта проблема (?:вызвана|из-за|связана)|ce problème (?:vient|est dû)"
    # ... or this failure's cause told as what it was: "the cause of this outage was",
    # "这次崩溃的原因是", "la causa de este error fue", "причиной этой ошибки", "今回の障害の原因は"
    r"|the (?:root )?(?:cause|reason) (?:of|for) (?:the|this|that) [\w-]+(?: [\w-]+)? (?:was|is)\b"
    r"|(?:这次|這次|此次|本次)[^。\n]{0,12}的?原因(?:是|在于|在於|為|为)"
    r"|la causa de (?:este|esta|ese|esa) [\w-]+ (?:fue|es)\b|причиной (?:этой|этого|сбоя)"
    r"|今回の[^。\n]{0,12}の原因は"
    # ... or found in a review after the incident: "复盘发现", "根因是", "根因并不复杂"
    r"|(?:复盘|復盤)[^。\n]{0,6}(?:发现|發現)|根因(?:是|在于|在於|为|為|并不|並不)"
    # ... or put down to what the asker uses: "due to using a free account", "because you're
    # using an old key" (a notice blames demand or maintenance, not the asker's own setup)
    r"|\b(?:due to|because(?: of)?)(?: you(?:'re| are))? using (?:a|an|the|your)\b",
    re.I,
)

# The words every match of `_PROBLEM_CAUSED` begins with (in lower case).
_CAUSED_STARTS = split_keys(
    (
        "causing",
        "caused",
        "causes",
        "that's why",
        "that is why",
        "this's why",
        "this is why",
        "which is why",
        "thats why",
        "导致",
        "此问题是",
        "这个问题是",
        "该问题是",
        "這個问题是",
        "この問題は",
        "이 문제는",
        "este problema",
        "dieses problem",
        "эта проблема",
        "ce problème",
        "the cause of",
        "the root cause of",
        "the reason for",
        "the reason of",
        "the cause for",
        "the root cause for",
        "这次",
        "這次",
        "此次",
        "本次",
        "la causa de",
        "причиной",
        "今回の",
        "复盘",
        "復盤",
        "根因",
        "due to",
        "because",
    )
)


def names_cause(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The writer names the cause of the problem: under a label of its own ("## Root cause",
    "**原因**"), or by putting the problem down to it ("the API changed, causing this
    problem", "导致此问题"): a diagnosis of a failure someone has. A notice states a failure
    and what to do; it neither files it under a cause nor refers to "this problem"."""
    if not r.written:
        return ()
    head = r.text[:3000]
    m = _CAUSE_LABEL.search(head) if "#" in head or "**" in head else None
    if m is not None:
        return (Signal("names_cause", -w["names_cause"], m.group(0).strip()[:40]),)
    said = r.said[:3000]
    low = said.lower()
    if len(low) != len(said):  # (a letter whose lower case is longer: positions differ)
        m = _PROBLEM_CAUSED.search(said)
        found = m.group(0) if m is not None else ""
    else:
        m = next(matches_at(low, _CAUSED_STARTS, _PROBLEM_CAUSED), None)
        found = said[m.start() : m.end()] if m is not None else ""
    if not found:
        return ()
    return (Signal("names_cause", -w["names_cause"], found.strip()[:40]),)


# The asker's evidence, seen or asked for: "in your screenshot", "could you post the full log",
# "你的错误信息里", "有报错截图么", "ログを共有して", "пришлите логи", "envie o log", "steps to
# reproduce", "可否提供问题的具体详情".
_ASKER_EVIDENCE = re.compile(
    r"\b(?:your|the|this|in|from|based on the)\s+screenshots?\b|\bscreenshots?\s+(?:shows?|of)\b"
    r"|\b(?:share|send|attach|paste|post|provide|upload|include)\s+(?:me\s+|us\s+)?"
    r"(?:(?:the|your|a|full|complete|more|some)\s+)*(?:logs?|stack ?traces?|traceback"
    r"|console output|screenshots?)\b"
    r"|\byour (?:error (?:message|log|output)|(?:[\w.-]+ )?logs?|stack ?trace|traceback)\b"
    r"|(?:有|提供|发|贴|附|上传|从您的|从你的|你的|您的|最好有)(?:一下|一个|个)?(?:完整的|详细的)?"
    r"(?:报错)?(?:截图|日志|报错信息|错误信息)"
    # ... or the details of the problem, the steps that bring it back: "可否提供问题的具体详情",
    # "could you add steps to reproduce", "a minimal reproduction"
    r"|(?:可否|能否|麻烦|请|可以)再?提供[^\u3002\n]{0,10}(?:详情|具体|复现|详细)"
    r"|\bsteps to reproduce\b|\b(?:minimal|small) (?:reproduction|repro)\b"
    r"|(?:ログ|スクリーンショット)を(?:共有|送|貼|見せ|添付)"
    r"|(?:로그|스크린샷)(?:를|을) (?:공유|보내|첨부)"
    r"|(?:пришлите|скиньте|приложите|покажите|пришли|скинь)\s+(?:\w+\s+)?(?:лог|логи|скриншот)"
    r"|\b(?:comparte|envía|envia|adjunta|pega|envie|compartilhe|anexe|mande|schick|poste|teile"
    r"|envoyez|partagez|joignez)\s+(?:\w+\s+)?(?:logs?|captura|print|screenshot|journal|capture)\b"
    # ... or an error read for what it tells: "从报错来看", "judging by the error", "the log tells
    # us that", "looks like OpenAI is saying", "судя по ошибке", "エラーを見ると"
    r"|从(?:报错|错误|日志|錯誤|報錯)(?:信息|日志|提示)?(?:来看|看来|上看|看(?![到见見]))"
    # ... or the parts of the report asked after: "有无具体配置和报错日志?" (round 35)
    r"|有无具体[^\u3002\n\uff1f?]{0,12}(?:日志|截图|报错)"
    r"|\b(?:judging|going) (?:from|by) (?:the|your|this|that) (?:error|logs?|trace(?:back)?|output"
    r"|message)\b|\btells us that\b"
    r"|\b(?:looks|seems) like (?:\w+ ){1,2}(?:is|are) (?:saying|complaining|telling you)\b"
    r"|\b(?:the|this|that|el|este|ese|o|la|le|der) (?:error|erro|erreur|fehler|log)"
    r"(?: message)? (?:says|dice|diz|dit|sagt|tells you|is telling you)\b"
    r"|судя по (?:ошибке|логам|логу|тексту ошибки|сообщению)"
    r"|(?:エラー|ログ)(?:メッセージ)?を見(?:ると|る限り)"
    # ... or the asker's log or pictures read for what they show: "看日志是连不上", "从日志中可
    # 观察到", "по картинкам мало что понятно", "looking at your logs" (not "请查看日志", a
    # notice's advice to read them)
    r"|看(?:了下|了一下|一下)?(?:你的)?日志(?:是|的话|应该|好像|像是)|从日志(?:中|里)(?:可以?)?(?:观察|看)到?"
    r"|(?<!\w)по (?:картинк|скриншот|логам|логу)\w*|\blooking at (?:the|your) (?:logs?|screenshots?"
    r"|output)\b"
)
# The whole of a short reply asks the asker which error they got: "What error", "What is the
# error?", "What kind of error do you get?", "报什么错?" (round 38: a notice is the error, it
# never asks which one). Read only in a reply this short.
_ASKS_WHICH_ERROR = re.compile(
    r"\s*(?:what|which)(?:'s| is| was| kind of| sort of)?(?: the)? (?:errors?|error messages?)"
    r"(?: (?:do|did|are|were) you (?:get|getting|see|seeing)\b[^.!\n]{0,30})?\s*\??\s*"
    r"|[^\u3002\n]{0,20}(?:报什么错|什么(?:错误|报错)[\uff1f?])[^\u3002\n]{0,20}"
)
WHICH_ERROR_CHARS = 60
_ASKER_EVIDENCE_KEYS = split_keys(
    (
        *("screenshot", "log", "trace", "console", "captur", "print", "journal", "repro"),
        *("judging", "going", "tells us", "saying", "complaining", "telling you"),
        *("says", "dice", "diz", "dit", "sagt"),
        *("从报错", "从错误", "从日志", "从錯誤", "从報錯", "судя по", "を見"),
        *("по картинк", "по скриншот", "looking at"),
        "提供",
        *(
            "截图",
            "日志",
            "信息",
            "ログ",
            "スクリーンショット",
            "로그",
            "스크린샷",
            "лог",
            "скриншот",
        ),
    )
)


# An error spoken of as a thing seen, and said what it is: "this error means the key lacks
# access", "that error comes from the proxy", "这个报错很明确", "只是把报错信息优化了",
# "このエラーは", "이 오류는", "эта ошибка возникает", "cette erreur vient". (Not "if this error
# persists" or "this error has been reported": a notice's own closing lines. A pattern a
# language, each tried only where its keys are, and opening with a literal: one alternation of
# them all cost ~20 us on a 300-character answer that says "error".)
_ERROR_SPOKEN_OF: tuple[tuple[Keys, re.Pattern[str]], ...] = tuple(
    (split_keys(keys), re.compile(pattern))
    for keys, pattern in (
        (
            ("error",),
            r"th(?<!\wth)(?<!if th)(?<!should th)(?<!when th)(?:is|at|ese) errors? (?:is|are|was"
            r"|were|means?|comes?|came|happens?|happened|occurs?|occurred|appears?|appeared|usually"
            r"|only|also|seems?|looks?|should be fixed|isn't|is not)\b",
        ),
        (
            ("报错", "错误", "錯誤", "エラー", "에러", "오류"),
            r"这个报错|这个错误|這個錯誤|此报错|个报错|报错信息(?!\s*[:\uff1a])"
            r"|的报错(?!\s*[:\uff1a])|このエラーは|このエラー自体|이 (?:에러|오류)는",
        ),
        (("ошибка",), r"эта ошибка (?:возникает|появляется|связана|означает|говорит)"),
        (
            ("fehler",),
            r"dieser(?<!\wdieser)(?<!wenn dieser) fehler (?:tritt|kommt|bedeutet|ist|liegt)\b",
        ),
        (("erreur",), r"cette(?<!\wcette)(?<!si cette) erreur (?:vient|signifie|est|apparaît)\b"),
        (
            ("este error",),
            r"este(?<!\weste)(?<!si este) error (?:es|viene|significa|aparece|ocurre)\b",
        ),
        (
            ("esse erro", "este erro"),
            r"es[st]e(?<!\wes[st]e)(?<!se es[st]e) erro (?:é|vem|significa|aparece|acontece"
            r"|ocorre)(?!\w)",
        ),
    )
)


def asker_evidence(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The asker's evidence, read or asked for ("in your screenshot", "could you post the full
    log", "有报错截图么", "пришлите логи", "What error?"), or an error spoken of as a thing
    seen ("this error means ...", "这个报错很明确"): a person helping someone who met the
    failure. A notice has no screenshot to look at and asks for none, and is the error rather
    than speaking of it."""
    if not r.written:
        return ()
    low = r.low[:3000]
    found = sign("asker_evidence", w, _ASKER_EVIDENCE, _ASKER_EVIDENCE_KEYS, low)
    if found:
        return found
    if len(low) <= WHICH_ERROR_CHARS and _ASKS_WHICH_ERROR.fullmatch(low) is not None:
        return (Signal("asker_evidence", -w["asker_evidence"], low.strip()[:40]),)
    for keys, pattern in _ERROR_SPOKEN_OF:
        m = pattern.search(low) if holds(low, keys) else None
        if m is not None:
            return (Signal("asker_evidence", -w["asker_evidence"], m.group(0)[:40]),)
    return ()


# The writer cannot tell the cause from what the report gives: "Hard to tell without more
# information", "信息不完整无法进行判断", "问题描述和日志不够详细, 无法诊断", "信息太少", "不好说",
# "无法定位". (Round 35: a maintainer's triage. Not "I need more information", "not enough
# information": a model's own stand-in for an answer says them too; nor "您提供的信息不够详细".)
_CANNOT_TELL = re.compile(
    r"(?:hard|impossible|difficult) to (?:tell|say|know|diagnose) without\b"
    r"|(?:can't|cannot|can not) (?:tell|say|diagnose) (?:much |anything )?without\b"
    r"|不好说|无法定位|信息(?:太少|不完整|不全|不足)"
    r"|(?:日志|描述|截图)[^\u3002\n\uff0c,]{0,6}(?:不够|太少|不完整|不全)"
)
_CANNOT_TELL_KEYS = split_keys(
    (
        "without",
        *("信息", "不够", "太少", "不完整", "不全", "不好说", "无法定位"),
    )
)


def cannot_tell(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The writer cannot tell the cause from what was reported ("Hard to tell without more
    information", "信息不完整无法进行判断", "日志不够详细, 无法诊断"): a maintainer triaging
    someone's report. A notice knows its own failure; it never judges a report's details."""
    if not r.written:
        return ()
    return sign("cannot_tell", w, _CANNOT_TELL, _CANNOT_TELL_KEYS, r.low[:3000])


# The failure set against a setup where it does not happen: "it works fine on another PC",
# "다른 PC에서는 잘 동작", "别的电脑上正常", "на другом компе работает", "他のブラウザでは".
_WORKS_ELSEWHERE = re.compile(
    r"\bworks?\s+(?:fine|well|perfectly|ok|okay|normally)?\s*(?:on|in|with|from)\s+"
    r"(?:another|other|a different|the other)\b"
    r"|\b(?:another|other|different)\s+(?:pc|computer|machine|browser|device|network)s?\s+"
    r"(?:it\s+)?works\b"
    r"|다른 (?:pc|컴퓨터|브라우저|기기)에서는"
    r"|(?:别的|另一台|其他)(?:电脑|机器|浏览器|设备)上?(?:是|都)?(?:正常|可以|没问题)"
    r"|на друг\w+ (?:компе|компьютере|машине|браузере|устройстве)\s+(?:вс[её]\s+)?работает"
    r"|funciona (?:bien )?(?:en|no|em) (?:otro|outro|otra|outra)\b"
    r"|他の(?:pc|パソコン|ブラウザ|端末)(?:では|だと)"
)
_WORKS_ELSEWHERE_KEYS = split_keys(
    ("work", "다른", "别的", "另一台", "其他", "на друг", "funciona", "他の")
)


# ... or, in Chinese, in one sentence: a clause that says what works ("私聊可以发送",
# "消息已经成功发送出去了", "机器人是在线状态", "能接收到来自沙盒的消息"; the working word not
# negated: not 不能, 没能, 无法) and, after it, a contrast ("但是", "但还是", "可是", "不过"): a
# person who tried both cases.
_WORKS_BUT = re.compile(
    r"(?<![不没沒无無未])(?:成功|可以|能够|能夠|能(?!力|否)|正常|在线|在線|没问题|沒問題|可用)"
    r"[^。\uff01\uff1f!?\n\uff0c,\uff1b;]{0,30}[\uff0c,\uff1b;]\s*(?:但是|但还是|但還是|可是|不过|不過|但)(?!不)"
)
_WORKS_BUT_KEYS = split_keys(("但", "可是", "不过", "不過"))


def works_elsewhere(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The failure set against a setup where it does not happen ("it works fine on another PC",
    "다른 PC에서는 잘 동작하네요", "私聊可以发送\uff0c但是无法发在群里"): a person narrowing a fault
    down. A notice knows only the request that failed; a bot that says what still works asks
    the user to do something ("请..."), which a person reporting to a thread does not."""
    if not r.written:
        return ()
    found = sign("works_elsewhere", w, _WORKS_ELSEWHERE, _WORKS_ELSEWHERE_KEYS, r.low[:3000])
    if found or "请" in r.message or "請" in r.message:
        return found
    return sign("works_elsewhere", w, _WORKS_BUT, _WORKS_BUT_KEYS, r.message[:600])


# The failure called normal, expected or by design: "This is expected behavior", "偶尔出现 429
# 错误是正常的", "高并发下 TTFT 变长是正常现象", "仕様です", "정상적인 현상입니다", "c'est normal",
# "es normal que", "это нормально". A writer judging the behaviour against how it should be; a
# notice reports a failure, it never reassures that the failure is as it should be.
_CALLED_NORMAL = re.compile(
    r"\b(?:this|that|it|which)\s+is\s+(?:perfectly\s+|completely\s+|totally\s+|quite\s+)?"
    r"(?:normal|expected)\b(?!\s+(?:to|as|by|in|from|at)\b)"
    r"|\bexpected\s+behaviou?r\b|\bby\s+design\b|\bis\s+normal\s+\w+\s+behaviou?r\b"
    r"|\b(?:es|é|est|ist|è)\s+(?:completamente\s+|tout\s+à\s+fait\s+|ganz\s+)?"
    r"(?:normal|normale)\b"
    r"|comportamiento esperado|comportamento (?:esperado|previsto)|comportement attendu"
    r"|erwartetes verhalten|это нормально|(?:ожидаемое|нормальное|штатное) поведение"
    r"|是正常(?:的|现象|現象)|属于正常|屬於正常|是预期(?:的|行为)|預期行為"
    r"|正常な(?:動作|挙動)です|想定(?:された|通りの)(?:動作|挙動)|仕様です"
    r"|정상적인 (?:현상|동작)|예상된 동작|의도된 동작"
    # ... or said to be done on purpose, by the writer who made it: "特意加的限制", "是故意的",
    # "设计如此", "it's intentional", "on purpose" (not "intentionally disabled", a part of the
    # app switched off, as a notice says it)
    r"|特意(?:加|设|做|限制|留)的|故意(?:加|设|做|留)的|是故意的|设计如此|有意为之"
    r"|\bon purpose\b|\b(?:it's|it is|this is|that's|that is) intentional\b"
    r"|\bintentionally (?:added|limited|set|done|kept)\b"
)
_CALLED_NORMAL_KEYS = split_keys(
    (
        *("特意", "故意", "设计如此", "有意为之", "purpose", "intentional"),
        "normal",
        "expected",
        "design",
        "esperado",
        "previsto",
        "attendu",
        "erwartet",
        "нормальн",
        "ожидаем",
        "штатн",
        "正常",
        "预期",
        "預期",
        "想定",
        "仕様",
        "정상적인",
        "동작",
    )
)


def called_normal(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The failure called normal, expected or by design ("This is expected behavior", "是正常
    现象", "仕様です"): a writer judging it against how things should be, not a notice of it."""
    if not r.written or not r.hits:
        return ()
    return sign("called_normal", w, _CALLED_NORMAL, _CALLED_NORMAL_KEYS, r.low[:3000])
