"""The signals of a writer speaking ABOUT a failure, where a notice is a service speaking AS
one: the writer talks to the asker, sets one cause against another, cites a standard, reports
what they did, speaks of codes as a kind, tells the failure in the past (a cause and a fix
under their labels: `troubleshooting_signals`). Each weighs toward "answer" (weights in
judge_signals.json) and reads lower-cased text only after a substring test, so a reply none of
whose words could match costs a few microseconds."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.keyed import Alternation, Keys, holds, split_keys
from tether.reliability.lexicon import SHIPPED, shipped_terms
from tether.reliability.reply import Reply, Signal, asks_a_question


def sign(
    name: str,
    w: Mapping[str, float],
    pattern: re.Pattern[str],
    keys: Keys,
    text: str,
    shown: int | None = 40,
    strip: bool = False,
) -> tuple[Signal, ...]:
    """The answer sign `name` where `pattern` matches `text`, tried only when one of its `keys`
    is there (substring tests in C, before a pattern that would be tried at every position),
    with the first `shown` characters of the match (all of it with None; stripped of the
    spaces a pattern takes around a word with `strip`)."""
    m = pattern.search(text) if holds(text, keys) else None
    if m is None:
        return ()
    found = m.group(0).strip() if strip else m.group(0)
    return (Signal(name, -w[name], found if shown is None else found[:shown]),)


# Words one of which every match of a pattern below holds (in lower case).
_TO_ASKER_KEYS = split_keys(
    (
        "you",
        "具体",
        "thank",
        "razón",
        "viendo",
        "vendo",
        "raison",
        "voyez",
        "recht",
        "правы",
        "obrigad",
        "gracias",
        "merci",
        "danke",
        "@",
        "说得对",
        "看到的",
        "提到的",
        "おっしゃる",
        "ご指摘",
        "말씀하신",
        "感谢",
        "谢谢",
        "ご報告",
        "grazie",
        "спасибо",
        "感謝",
        "주셔서 감사",
        "teşekkür",
        "zgłoszenie",
        "bedankt",
        "cảm ơn",
        "terima kasih",
        "شكرا",
        "گزارش",
    )
)
_CONTRAST_KEYS = split_keys(
    (
        "not",
        "rather",
        "instead",
        "lugar",
        "vez",
        "lieu",
        "invece",
        "al posto",
        "anzich",
        "statt",
        "вместо",
        "而不是",
        "而非",
        "ではなく",
        "아니라",
        "sino",
        "sondern",
        "mas sim",
        "não ",
        "est pas",
        "non ",
        ", \u0430",
        "而是",
        "bukan ",
        "mà là",
    )
)
_ACTED_KEYS = split_keys(
    (
        "fixed",
        # (the thinner languages' "I fixed", `_ACTED`)
        "trwsiais",
        "cywirais",
        "rregullova",
        "korrigjova",
        "nimerekebisha",
        "tuzatdim",
        "lagaði",
        "ispravi",
        "poprav",
        "исправи",
        "поправив",
        "parandasin",
        "taisiau",
        "izlaboju",
        "konpondu",
        "zuzendu",
        "he corregit",
        "he arreglat",
        "corrixín",
        "arranxei",
        "cheartaigh",
        "ngilungisile",
        "na gyara",
        "түзеттім",
        "оңдодум",
        "start",
        "deploy",
        "rolled",
        "revert",
        "nuked",
        "cleared",
        "flushed",
        "purged",
        "bumped",
        "upgraded",
        "increased",
        "raised",
        "patched",
        "rebooted",
        "abled",
        "merged",
        "released",
        "pushed",
        "migrated",
        "renewed",
        "rotated",
        "regenerated",
        "reset",
        "resolved",
        "switched",
        "should",
        "devrait",
        "debería",
        "deveria",
        "sollte",
        "应该",
        "должн",
        "重启",
        "修复",
        "更新",
        "回滚",
        "清理",
        "清除",
        "调高",
        "升级",
        "重置",
        "перезапустил",
        "исправил",
        "обновил",
        "откатил",
        "почистил",
        "reinici",
        "arregl",
        "corregimos",
        "corrigimos",
        "despleg",
        "redémarré",
        "corrigé",
        "déployé",
        "neu gestartet",
        "behoben",
        "zurückgesetzt",
        "riavviato",
        "risolto",
        "перезапустили",
        "исправили",
        "починили",
        "откатили",
        "再起動しました",
        "復旧させました",
        "재시작했습니다",
        "재부팅했습니다",
        "수정했습니다",
        "重启",
        "修复",
        "回滚",
    )
)
_CODES_KEYS = split_keys(
    (
        " codes",
        " code",
        "码",
        "コード",
        "коды",
        "код ",
        "código",
        "code d",
        "code de",
        "statuscode",
        "fehlercode",
        "antwortcode",
        "코드",
        "common errors",
        "常见",
        "常見",
        "よくある",
        "자주",
        "errores",
        "erros",
        "erreurs",
        "häufige",
        "ошибки",
        "錯誤碼",
        "errors",
        "error messages",
        "exceptions",
    )
)
# (an error told in English's past progressive: "was stopping with", "were returning")
_PROGRESSIVE = tuple(str(verb) for verb in SHIPPED.get("past_state", {}).get("progressive", ()))
_PAST_STATE_KEYS = split_keys(
    (
        *(f"{be} {verb}" for be in ("was", "were") for verb in _PROGRESSIVE),
        *("estaba", "stava", "last ", "yesterday", "earlier", "this morning"),
        *("disruption", "outage", "incident", "downtime", "ていました"),
        *("上周", "上週", "上个月", "上個月"),
        *("去年", "昨天", "昨晚", "前天", "前几天", "前幾天", "日前", "近日"),
        "estuvo",
        "estuvieron",
        "estaban",
        "estavam",
        "ficaram",
        "ficou",
        "erano",
        "sono stati",
        "è stato",
        "era ",
        "étaient",
        "ont été",
        "a été",
        "a connu",
        "ont connu",
        "a subi",
        "sufri",
        "experimentó",
        "subito",
        "sofre",
        "enfrentou",
        "estava",
        "était",
        "недоступ",
        "落ちて",
        "다운됐",
        "лежал",
        "падал",
        "не работал",
        "cayó",
        "caíd",
        "fora do ar",
        "ficou offline",
        "tombé",
        "hors ligne",
        "war weg",
        "lag down",
        "giù",
        "era offline",
        "sempat",
        "tadi down",
        "bị sập",
        "之前",
        "刚才",
        "刚刚",
        "昨天",
        "昨晚",
        "前几天",
        "上午",
        "下午",
        "さっき",
        "昨日",
        "先ほど",
        "아까",
        "어제",
    )
)
# ... and a state word ("down", "unavailable"), which a notice says too, counts only with a word
# that tells it in the past before it ("was", "went", German "war"): a notice's "is unavailable"
# and "overloaded" are not searched for a past state (~30 us on a 300-character notice).
_STATE_KEYS = split_keys(("down", "offline", "unavailable", "unreachable", "broken", "overloaded"))
_TOLD_KEYS = split_keys(("was", "were", "been", "went", "war"))

# The writer speaks to the asker about what the asker said, showed or meets: "the website you
# mentioned", "the data you provided", "you're right", "the error you're seeing".
_TO_ASKER = re.compile(
    r"you(?:'ve| have)? (?:mentioned|described|provided|shared|posted|pasted|quoted|showed"
    r"|linked|attached|reported)\b|you(?:'re| are) (?:right|correct)\b"
    r"|tienes razón|que (?:estás|está) viendo|você tem razão|que você está vendo"
    r"|vous avez raison|que vous voyez|du hast recht|sie haben recht"
    r"|вы правы|你说得对|您说得对|你看到的|您看到的|你提到的|您提到的|おっしゃる通り"
    r"|ご指摘の|말씀하신"
    # ... thanks the reporter: "thanks for the report", "obrigado por reportar", "感谢反馈"
    r"|thanks? (?:you )?for (?:the |your )?(?:report|reporting|feedback|flagging|heads-up)\b"
    r"|obrigad[oa] por (?:reportar|avisar)|gracias por (?:reportar|avisar)"
    r"|merci (?:pour le signalement|d'avoir signalé)|danke für (?:den hinweis|die meldung)"
    r"|感谢(?:反馈|报告)|谢谢(?:反馈|报告)|ご報告ありがとう"
    # ... in more languages: "grazie per la segnalazione", "спасибо за репорт", "感謝回報",
    # "제보해 주셔서 감사", "bildirdiğiniz için teşekkür", "dzięki za zgłoszenie", "bedankt voor
    # het melden", "cảm ơn bạn đã báo lỗi", "terima kasih atas laporan", "شكرا على الإبلاغ",
    # "بابت گزارش ... تشکر" (and "the problem you reported": "مشکلی که گزارش نموده‌اید")
    r"|grazie per (?:la segnalazione|aver segnalato)|спасибо за (?:(?:\w+-)?репорт|отч[её]т)"
    r"|感謝(?:您的)?(?:回報|回饋|反饋)|(?:제보|신고|리포트)(?:해|하여) 주셔서 감사"
    r"|bildirdiğiniz için teşekkür|(?:dzięki|dziękuj\w*) za zgłoszenie"
    r"|bedankt voor (?:het melden|de melding)|cảm ơn (?:bạn |anh |chị )?(?:đã )?báo (?:lỗi|cáo)"
    r"|terima kasih (?:atas|untuk|sudah|telah) (?:laporan|melaporkan)"
    r"|شكرا(?:ً)? (?:على|لك على) (?:الإبلاغ|التقرير|بلاغك)|بابت گزارش|که گزارش (?:نموده|کرده)"
    # ... asks them about what they see or did, a question about a thing in what they do (not
    # "did you set your key?", which a set-up notice may ask): "Does the text show up after you
    # refresh?", "Is it the same when you log in again?", "具体是什么插件报错" (which one, exactly)
    r"|(?<![\w'])(?:does|did|is|are|was|were) (?:the|it|this|that|there)\b[^?\n.!]{0,80}"
    r"\byou(?:r)?\b[^?\n.!]{0,60}\?|具体是?(?:什么|哪个|哪些|哪里|哪一)"
)
# ... or is sorry for what befell them, as a person or a support agent consoles ("I'm sorry to
# hear that", "sorry this happened to you", "很抱歉听到", "lamento escuchar"): a notice
# apologises for its own failure, it does not console the user for theirs (`_consoles`)
_SYMPATHY = shipped_terms("sympathy")
# A stock notice is this short: consolation then only failure words, within it, is a notice
# ("Sorry to hear that. Something went wrong.")
STOCK_NOTICE_CHARS = 200
_SENTENCE_SPANS = re.compile(r"[^.!?\n\u3002\uff01\uff1f]+")


def _consoles(r: Reply, low: str) -> re.Match[str] | None:
    """The words of sympathy in `low`, unless the reply is a stock notice's length and every
    sentence after them holds a failure word: a consolation before "Something went wrong" is
    still the service's notice."""
    m = _SYMPATHY.search(low)
    if m is None or len(r.message.strip()) > STOCK_NOTICE_CHARS:
        return m
    message = r.message.lower()
    said = _SYMPATHY.search(message)
    if said is None:
        return m
    starts = [start for _, start, _, _ in r.hits if start >= said.end()]
    spans = [
        s.span()
        for s in _SENTENCE_SPANS.finditer(message, said.end())
        if any(c.isalnum() for c in s.group(0))
    ]
    # the rest of the sympathy's own sentence ("... hear that") needs no failure word
    if spans and spans[0][0] == said.end():
        spans = spans[1:]
    if not starts or any(not any(a <= at < b for at in starts) for a, b in spans):
        return m
    return None


# ... or asks what they run, or when they see it, as a maintainer asks: "which version are you
# on?", "what model do you use?", "do you get the error immediately?", "你用的是哪个版本",
# "какую версию", "welche Version", "qual versão" (each branch opens with a literal)
_ASKS_SETUP = re.compile(
    r"(?:what|which) (?:model|version|provider|endpoint|os|browser|client|region|plan"
    r"|node version|python version)s? (?:of [\w .-]{1,30} )?(?:do|are|did|were|have) you\b"
    # ... or their setup asked whole ("are you using their free plan?", "Model used ?"), or
    # whether the fix they were given worked ("Does that solve the issue?")
    r"|are you (?:using|on|running) [^?\n.]{1,60}\?"
    r"|(?:model|version|provider|os|browser|client) used ?\?"
    r"|(?:does|did) (?:that|this) (?:solve|fix|resolve|help with) [^?\n.]{1,40}\?"
    r"|(?:do(?<![\w']do)|did(?<![\w']did)) you (?:receive|get|see) (?:the|this|that)"
    r" (?:error|message|timeout) (?:immediately|right away|every time|always|only)\b"
    r"|你用的(?:是)?(?:什么|哪个|哪一)|什么版本|哪个版本|どのバージョン|어떤 버전"
    # ... or where their own part runs: "你的服务器在哪里", "你的 ollama 部署在哪"
    r"|你的[^\u3002\n\uff0c,\uff1f?]{1,12}(?:部署)?在哪"
    r"|какую версию|какая версия|welche version|quelle version|qué versión|qual versão"
)
_ASKS_SETUP_KEYS = split_keys(
    (
        *("you", "你用的", "版本", "バージョン", "버전", "верси", "version", "versión", "versão"),
        *("在哪", "used ?", "used?", "that solve", "this solve", "that fix", "this fix"),
        *("that resolve", "this resolve", "that help with", "this help with"),
    )
)
# ... or names them first, as a thread's reply does, after a greeting in any language or none:
# "@nowox I recovered it now", "Bonjour @marta, ...".
_TO_HANDLE = re.compile(
    r"\s*(?:(?:hi|hey|hello|thanks|cc|bonjour|salut|merci|hola|gracias|olá|oi|obrigad[oa]|hallo"
    r"|danke|ciao|grazie|привет|здравствуйте|спасибо|你好|您好|谢谢|こんにちは|안녕하세요)\W+)?"
    r"@[a-z0-9][\w-]{1,38}(?![\w.@/-])"
)
# ... or pings them on a last line of its own, as a thread's reply does ("... 当成已配置的\n
# @simengbian", "\ncc @a @b"): a notice names no one.
_PINGS_AT_END = re.compile(r"\n[ \t]*(?:cc\W+)?(?:@[a-z0-9][\w-]{1,38}[ \t,]*)+$")
# (Every pattern of these signals reads lower-cased text and opens with a literal, never with
# `\b` or a case-blind class: the engine then skips to the letters a match starts with.)

# ... or asks them back, question after question, about what they did and run: "What's the
# problem? How do you get it not working? Did you set up correctly?" A notice asks one question
# at most ("Did you set your API key?"); a bot that did not catch the user's words asks them to
# say it again ("What did you say? Can you repeat that?"), and those are left out.
_SENTENCES = re.compile(r"[^?.!\n]+[?.!\n]?")
_TO_YOU = re.compile(r"(?<![\w'])you(?:r|'re|'ve|'d)?(?![\w'])")
_SAY_AGAIN = re.compile(
    r"(?<!\w)(?:say|said|saying|repeat|mean|again|rephrase|talk|hear|heard|understand)(?!\w)"
)


def _asks_back(low: str) -> str | None:
    """The second of two or more questions to "you" in `low`, none asking to say it again."""
    if low.count("?") < 2:
        return None
    asked: list[str] = [
        q.strip()
        for q in _SENTENCES.findall(low)
        if q.endswith("?") and _TO_YOU.search(q) is not None
    ]
    if len(asked) < 2 or any(_SAY_AGAIN.search(q) is not None for q in asked):
        return None
    return asked[1]


def addresses_asker(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The writer speaks to the asker about what the asker said or sees ("the website you
    mentioned", "you're right", "the 429 you're seeing"), thanks them for the report, asks
    what they run ("which version are you on?"), asks them back question after question ("How
    do you get it not working? Did you set up correctly?"), or opens with their handle
    ("@nowox ..."): a reply to a person. A service's notice knows
    nothing the user said; it speaks of "your request" at most."""
    if not r.written:
        return ()
    low = r.low[:3000]
    m = _TO_HANDLE.match(low)
    if m is None and holds(low, _TO_ASKER_KEYS):
        m = _TO_ASKER.search(low)
    if m is None:
        m = _consoles(r, low)
    if m is None and "@" in r.low[-100:]:
        m = _PINGS_AT_END.search(r.low, max(0, len(r.low) - 100))
    if m is None and holds(low, _ASKS_SETUP_KEYS):
        m = _ASKS_SETUP.search(low)
    if m is None:
        back = _asks_back(low)
        if back is None:
            return ()
        return (Signal("addresses_asker", -w["addresses_asker"], back[:40]),)
    return (Signal("addresses_asker", -w["addresses_asker"], m.group(0)),)


# A person's casual speech: an interjection of talk ("yeah", "yep", "nope") or a chat
# abbreviation ("afaik", "iirc", "imo", "tbh", "fwiw", "btw", "fyi", "lmk", "ymmv"), as a word
# of its own. (Not "lol", "haha", "hehe", "nah", "idk": a chat bot's persona line says those
# about itself.)
_CASUAL = re.compile(
    r"(?:yeah|yep|yup|nope|afaik|iirc|imho|imo|tbh|fwiw|btw|fyi|lmk|ymmv)(?![\w'])"
)


def speaks_casually(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The writer talks as people do in a thread ("yeah - it was a busy day", "Yep, you're
    getting rate-limited", "AFAIK the quota resets daily"): a person replying. A service's
    notice is formal, and speaks to no one in particular."""
    if not r.written:
        return ()
    low = r.low[:3000]
    for m in _CASUAL.finditer(low):
        if m.start() == 0 or not (low[m.start() - 1].isalnum() or low[m.start() - 1] in "'_"):
            return (Signal("speaks_casually", -w["speaks_casually"], m.group(0)),)
    return ()


# An apology for the writer's own slip in the conversation, not for a service: "Sorry, wrong
# repository.", "oops, wrong thread", "my bad, posted in the wrong issue", "抱歉, 发错仓库了".
# (Its object is a place of the conversation, never a key, a password or a model: "Sorry, wrong
# password" is a login's notice.)
_OWN_SLIP = re.compile(
    r"(?:sorry|oops|whoops|my bad|apologies)\W{0,3}(?:\w+\W+){0,3}?"
    r"(?:wrong|(?:posted|commented|replied|opened|filed) (?:this |it )?(?:in|on|to|at) the wrong)"
    r" (?:repo|repository|issue|thread|channel|chat|link|pr|pull request|project|place|forum|tab"
    r"|window|ticket|topic|discussion|room|group|conversation|person)s?\b"
    r"|(?:抱歉|不好意思|对不起|sorry)[\uff0c,。!\uff01\s]{0,3}(?:我)?发错(?:了)?(?:仓库|地方|群|帖|项目|issue|频道)"
    # ... or for answering late: "Sorry for the late reply", "답변이 늦어 죄송합니다", "回复晚了"
    r"|(?:sorry|apologies) for (?:the |my )?(?:very |super |really )?(?:late|delayed) (?:reply"
    r"|response|answer)|(?:답변|답장|회신)이 늦어|回复晚了|回复迟了|回復晚了"
)
_OWN_SLIP_KEYS = split_keys(
    ("sorry", "oops", "my bad", "apologies", "发错", "늦어", "回复晚", "回复迟", "回復晚")
)


def own_slip(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The writer apologises for a slip of its own in the conversation ("Sorry, wrong
    repository.", "oops, posted in the wrong thread"): a person about the thread itself. A
    service's apology is for itself, a failure or an inconvenience, never for where it wrote."""
    if not r.written:
        return ()
    return sign("own_slip", w, _OWN_SLIP, _OWN_SLIP_KEYS, r.low[:600])


# A yes or a no that opens a reply, set off by a sign ("Yes, ...", "Nein.", "네,"): the
# word needs its comma or stop, so "No response" or "No API key" opens no such reply.
_YES_NO = re.compile(
    r"(?:yes|yeah|yep|yup|no|nope|nah|oui|non|s[iíì]|sim|n[ãa]o|ja|jep|nein|nee|да|нет|\u0430\u0433\u0430|так|ні"
    r"|tak|nie|evet|hay[\u0131i]r|iya|tidak|có|không|vâng|\u03bd\u03b1\u03b9|όχι|ano|igen|nem|kyllä|ei)"
    r"[,.!;:\u2014\u2013](?!\w)|(?:是的|对的|對的|不是|没错|沒錯|はい|いいえ|ええ|うん|네|예|아니요|아니오|아뇨)[,\uff0c.。!\uff01、]",
)


def replies_yes_no(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A reply that opens with a yes or a no to a question ("Le site est en panne ?" ->
    "Oui, le serveur est surchargé ..."): someone answering the asker. A notice answers no
    question; it opens with what went wrong."""
    q = r.question
    if not q or not r.written or not asks_a_question(q):
        return ()
    m = _YES_NO.match(r.low.lstrip(" \t\n>*_\"'«“"))
    if m is None:
        return ()
    return (Signal("replies_yes_no", -w["replies_yes_no"], m.group(0)),)


# One thing set against another: "X, not your backend", "rather than", "instead of", "不是 ...
# 而是". (`, not` needs a word after it: "or not." ends a question.)
_CONTRAST = re.compile(
    # (not a service's reassurance, "..., not a problem with your request", "not your fault")
    # (nor a hedge, "Hmm, not sure what you mean": it weighs nothing against anything)
    r",\s+not\s+(?!an?\s+(?:problem|issue|error)\s+(?:with|on|in)\s+your\b|your\s+fault\b"
    r"|(?:sure|certain)\b)"
    r"(?:the\s+|your\s+|a\s+|an\s+|because\s+)?[\w`*\"']|not\s+your\b(?!\s+fault\b)|rather than\b"
    r"|instead of\b(?!\s+(?:calling|returning|answering|replying))|not because\b"
    r"|en (?:lugar|vez) de\b|em vez de\b|au lieu de\b|(?:an)?statt\b"
    r"|invece d[i']|al posto d(?:i|el|ella|ello|ei|egli|elle)\b|anzich[\u00e9\u00e8]"
    r"|вместо(?!\w)(?!\s+(?:вызова|ответа))|而不是|而非|ではなく|이 아니라|가 아니라"
    # ... "not X but Y" with the "but" of correction: "no es X, sino Y", "nicht X, sondern Y",
    # "não é X, mas (sim) Y", "ce n'est pas X, mais Y", "non è X, ma Y", "не ..., a ...",
    # "不是X而是Y"
    r"|no(?<!\wno) (?:es|son|era|fue) [^.\n]{1,60}\bsino\b|sondern\b|mas sim\b"
    r"|não (?:é|são|era|foi) [^.\n]{1,60}\bmas\b|est pas [^.\n]{1,60}\bmais\b"
    r"|non(?<!\wnon) (?:è|sono) [^.\n]{1,60}\bma\b"
    r"|\u043d\u0435(?<!\w\u043d\u0435) [^.\n]{1,40}, \u0430(?!\w)"
    r"|不是[^。\n]{1,40}而是"
    # ... in Indonesian and Vietnamese: "bukan X, melainkan Y", "không phải X mà là Y"
    r"|bukan(?<!\wbukan) [^.\n]{1,60}\b(?:melainkan|tetapi|namun)\b"
    r"|không phải [^.\n]{1,60} mà là\b"
)


def contrast(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """One cause set against another ("it comes from the provider, not your backend", "429
    rather than 503", "instead of"): the reply weighs explanations, where a notice states
    what happened once."""
    if not r.written:
        return ()
    return sign("contrast", w, _CONTRAST, _CONTRAST_KEYS, r.said[:3000].lower(), strip=True)


# A standard or a numbered section of one: "RFC 6585", "RFC7231 section 6.6", "ISO 8601", "§4.2";
# not a value of markup (`charset=ISO-8859-1`, `encoding="ISO-8859-1"`), which cites nothing.
# (not a game chat's colour code, "§4§l[Bot]": a section's number is never followed by `§`/`[`)
_STANDARD = re.compile(r"(?<![=\"'])(?:\bRFC[ -]?\d{3,5}\b|\bISO[ /-]?\d{4,5}\b)|§\s?\d(?![§\[])")
_STANDARD_KEYS = split_keys(("RFC", "ISO", "§"))


def cites_standard(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A standard cited by its number ("RFC 6585", "ISO 8601", "§ 6.5"): reference material
    about a status, which no service's failure text cites."""
    return sign("cites_standard", w, _STANDARD, _STANDARD_KEYS, r.text[:3000], None)


# "I" or "we" and a thing done to the system: "I nuked the cache", "we've rolled back the
# deploy", "I just restarted it", "我重启了", "перезапустил"; or the fix said to have landed.
_ACTED = re.compile(
    r"(?:i(?<![\w']i)|we(?<![\w']we))(?:'ve| have)?\s+(?:just\s+|now\s+|already\s+)?"
    r"(?:fixed|restarted|deployed|redeployed|rolled back|reverted|nuked|cleared|flushed|purged"
    r"|bumped|upgraded|increased|raised|patched|rebooted|disabled|re-?enabled|merged|released|pushed|migrated"
    r"|renewed|rotated|regenerated|reset|resolved|switched)\b(?!\s+(?:you|your)\b)"
    r"|我(?:已经|刚刚|刚)?(?:重启|修复|更新|回滚|清理|清除|调高|升级|重置)了"
    r"|(?:я(?<!\wя)|мы(?<!\wмы))\s+(?:уже\s+)?(?:перезапустил|исправил|обновил|откатил|почистил)"
    # ... or says its fix has landed: "it should be working now", "should now be resolved"
    r"|should\s+(?:now\s+)?(?:be\s+)?(?:\w+\s+)?(?:working|fixed|resolved|back|unblocked"
    r"|gone)\s+now\b|should\s+now\s+(?:be|work)\b"
    r"|devrait\s+(?:maintenant|désormais)\s|(?:debería|deveria)\s+(?:funcionar|estar)\s+(?:ya|já)\b"
    r"|sollte\s+(?:jetzt|nun)\s+wieder\b|应该(?:可以|好)了|(?:должно|должна)\s+(?:уже\s+)?работать"
    # ... in more languages: "reinicié el servidor", "nous avons corrigé", "wir haben es behoben",
    # "ho riavviato", "починили", "再起動しました", "재시작했습니다", "已经修复"
    r"|\b(?:reinici(?:é|ei|amos)|arregl(?:é|amos)|corr(?:eg|ig)imos|despleg(?:ué|amos)"
    r"|j.ai redémarré|nous avons (?:redémarré|corrigé|déployé)"
    r"|ich habe (?:\w+ ){0,4}neu gestartet"
    r"|wir haben (?:\w+ ){0,4}(?:behoben|neu gestartet|zurückgesetzt)"
    r"|ho riavviato|abbiamo (?:risolto|riavviato)|перезапустили|исправили|починили|откатили)\b"
    r"|再起動しました|復旧させました|재시작했습니다|재부팅했습니다|수정했습니다"
    r"|已经?(?:重启|修复|回滚)|刚(?:重启|修复)了"
    # ... in the thinner languages, "I fixed / I corrected": Welsh, Albanian, Swahili, Uzbek,
    # Icelandic, Serbo-Croatian, Macedonian, Estonian, Lithuanian, Latvian, Basque, Catalan,
    # Galician, Irish, Zulu, Hausa, Kazakh, Kyrgyz
    r"|\b(?:trwsiais|cywirais|rregullova|korrigjova|nimerekebisha|tuzatdim|lagaði ég|ég lagaði"
    r"|(?:ispravi|poprav)(?:o|la) sam|исправио сам|исправила сам|поправив|parandasin"
    r"|ištaisiau|pataisiau|izlaboju|konpondu dut|zuzendu dut|he corregit|he arreglat"
    r"|corrixín|arranxei|cheartaigh mé|ngilungisile|na gyara|түзеттім|оңдодум)\b"
)


def acted(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The writer reports a thing done to the system ("I nuked the cache", "we've rolled back
    the deploy") or that its fix has landed ("it should be working now", "应该可以了"): an
    operator answering about an outage. A service's notice says what failed and what the user
    should do, never what its writer did."""
    if not r.written:
        return ()
    return sign("acted", w, _ACTED, _ACTED_KEYS, r.message[:2000], strip=True)


# Codes spoken of as a kind: "the error codes list", "HTTP status codes", "错误码列表".
_CODES_AS_KIND = re.compile(
    r"(?:error|status|response|http) codes\b|错误码(?:列表|表)|状态码(?:列表|表)|エラーコード一覧"
    r"|коды (?:ошибок|ответов|состояния)"
    # ... or one code said to be one of the kind: "503 is an HTTP status code", "es un código de
    # estado", "是HTTP协议中的一个状态码", "ist ein HTTP-Statuscode", "это код состояния HTTP"
    r"|\b(?:is|are) (?:a|an|the) (?:\w+ )?(?:http )?(?:status|response|error) code\b"
    r"|是(?:http协议中的)?一个(?:http)?(?:状态码|错误码)|中的一个状态码"
    r"|\bes un código de (?:estado|error|respuesta)\b|\bé um código de (?:status|estado|erro"
    r"|resposta)\b|\best un code (?:d.état|de statut|d.erreur|de réponse)\b"
    r"|\bist ein (?:http-)?(?:statuscode|fehlercode|antwortcode)\b"
    r"|это код (?:состояния|ответа|ошибки)"
    r"|(?:ステータスコード|エラーコード)(?:です|の一つ)|상태 코드(?:입니다|로서)"
    # ... or errors spoken of as a kind: "common errors", "常见错误", "よくあるエラー", "자주
    # 발생하는 오류", "errores comunes", "häufige Fehler", "частые ошибки", "通用错误码"
    r"|\bcommon errors\b|常见(?:错误|报错)|常見(?:錯誤|報錯)|よくある(?:エラー|問題)"
    r"|자주 (?:발생하는 )?(?:오류|에러)|\berrores (?:comunes|frecuentes)\b|\berros comuns\b"
    r"|\berreurs (?:courantes|fréquentes)\b|\bhäufige fehler\b"
    r"|(?:частые|типичные|распространённые|распространенные) ошибки"
    r"|(?:通用|公共|全局)错误码|(?:通用|公共)錯誤碼"
    # ... or errors as a kind in a general statement, the subject of a present-tense claim or
    # the object of how a program treats them: "tool errors are ...", "protocol errors use the
    # error field", "returns errors using ...", "for tool errors", "distinguish between error
    # messages". A notice reports its one error as an event ("An error occurred").
    r"|\b[a-z][\w-]* (?:errors|error messages|exceptions) (?:are|should|must|use|result"
    r"|happen|occur|can|may|will|mean|come|don't|do not|need|get)\b"
    r"|\b(?:for|of|between|from|about|handles?|handling|returns?|receives?|surfaces?|treats?"
    r"|distinguish) (?:[\w-]+ ){0,2}(?:errors|error messages|exceptions)\b"
)


def codes_as_kind(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Codes spoken of as a kind ("add it to the error codes list", "HTTP status codes"), or
    one code said to be one of them ("503 is an HTTP status code", "es un código de estado"),
    or errors as a kind ("tool errors are ...", "returns errors using ..."): documentation of
    failures in general. A failure text has its one code, and says what
    happened, not what kind of thing its code is."""
    text = r.message[:3000].lower()
    return sign("codes_as_kind", w, _CODES_AS_KIND, _CODES_KEYS, text, None)


# A failure told as a past state: "it was offline for a while", "the network went down",
# "estuvo caído", "war down", "落ちてた". (Not "was throttled", "was rate limited": a
# request's fate, as notices say it.)
_PAST_STATE = Alternation(
    r"(?:was|were|has been|have been|had been)\s+(?:\w+\s+)?(?:down|offline|unavailable"
    r"|unreachable|broken|overloaded)\b|went\s+(?:down|offline)\b"
    r"|estuvo\s+(?:caído|fuera)|estava\s+(?:fora|caído|offline|indisponível)"
    r"|était\s+(?:indisponible|en panne|hors)|war\s+(?:down|offline|nicht erreichbar)"
    r"|был\w{0,2}\s+недоступ|落ちてた|落ちていた|다운됐"
    # ... in more languages, or with the time it happened: "ficou fora do ar", "era giù",
    # "sempat down"; "лежал", "se cayó", "est tombé", "bị sập", "昨天挂了", "さっき落ちて"
    r"|ficou (?:fora do ar|offline)|estava fora do ar|war weg|lag down|era (?:giù|offline)"
    r"|sempat (?:down|error)|tadi down"
    # ... a service's load or absence told in French, Spanish, Italian or Portuguese past: "les
    # serveurs étaient saturés", "estuvo sobrecargado", "i server erano sovraccarichi", "ficou
    # sobrecarregado" (a notice says "est surchargé", "está saturado")
    r"|\b(?:estaban|estuvo|estuvieron|estavam|ficaram|erano|sono stati|è stato|era)\s+"
    r"(?:\w+\s+)?(?:sobrecargad|saturad|sovraccaric|saturat|sobrecarregad|congestionad"
    r"|congestionat|irraggiungibil|fuori servizio|inaccesib|fuera de servicio)\w*"
    # ... an error told in the past progressive: "Agent was stopping with ...", "estava gerando
    # o erro", "estaba devolviendo"
    r"|\b(?:was|were)\s+(?:stopping|returning|throwing|failing|crashing|erroring|raising)\b"
    r"|\b(?:estava|estavam|estaba|estaban|stava|stavano)\s+(?:gerando|dando|retornando"
    r"|devolvendo|lançando|generando|devolviendo|lanzando|arrojando|tirando|restituendo)\b"
    # ... or told with the past time it happened: "the rate limit was hit earlier", "it went
    # down last night"
    r"|\b(?:was|were|went|got)\s+(?:\w+\s+){0,3}?(?:earlier|yesterday|last night|this morning)\b"
    # ... or a narrative that opens with the time it happened: "Last week, ...", "上周,..."
    r"|^[*_#> \t]*(?:last (?:week|month|night|year|weekend)|yesterday|earlier (?:today"
    r"|this week)),"
    # ... or as something a service went through: "the platform experienced a service
    # disruption", "OpenAI had an outage" (a notice's own is now: "is experiencing")
    r"|\b(?:experienced|suffered|had)\s+(?:an?\s+|some\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:disruption|outage|incident|downtime)s?\b",
    # (these need a character outside ASCII, "아까 다운" too; none starts where one above does)
    r"(?<!\w)(?:лежал[аи]?|падал[аи]?|не работал[аи]?)(?!\w)|se cayó|estaba caíd[oa]"
    r"|(?:est|était) tombé|était hors ligne|è andato giù|bị sập"
    r"|(?:était|étaient|ont été|a été)\s+(?:\w+\s+)?(?:surchargé|saturé|inaccessible"
    r"|indisponible|en panne)|(?:ficou|ficaram|estava|estavam)\s+(?:\w+\s+)?indisponíve"
    r"|(?:è stato|sono stati|era|erano)\s+(?:\w+\s+)?non disponibil"
    r"|(?:estuvo|estuvieron|estaba|estaban)\s+(?:\w+\s+)?no disponible"
    # ... or as an outage a service went through: "a connu une panne", "sufrió una caída",
    # "ha subito un disservizio", "sofreu uma instabilidade"
    r"|(?:a connu|ont connu|a subi)\s+(?:une|des)\s+(?:\w+\s+)?(?:panne|interruption|perturbation)"
    r"|(?:sufrió|sufrieron|experimentó)\s+(?:una|varias)\s+(?:\w+\s+)?(?:caída|interrupción"
    r"|falla)|(?:ha|hanno) subito\s+(?:un|dei|diversi)\s+(?:\w+\s+)?(?:disservizi|interruzion"
    r"|blocc)|(?:sofreu|sofreram|enfrentou)\s+(?:uma|várias)\s+(?:\w+\s+)?(?:instabilidade"
    r"|queda|interrupção|falha)"
    r"|(?:之前|刚才|刚刚|昨天|昨晚|前几天|上午|下午)[^。\n]{0,6}(?:挂了|崩了|宕机|炸了|打不开)"
    r"|(?:さっき|昨日|先ほど)[^。\n]{0,8}(?:落ちて|ダウンして)|(?:아까|어제)[^.\n]{0,8}(?:다운|터졌|먹통)"
    # (after the emphasis or heading marks a post may open with: "**近日,ChatGPT ...")
    r"|^[*_#> \t]*(?:上周|上週|上个月|上個月|上周末|去年|昨天|昨晚|前天|前几天|前幾天|日前|近日)"
    r"[,\uff0c]"
    # ... or a state narrated in Japanese's past progressive, "was -ing" ("制限が関係していまし
    # た", "エラーが発生していました"), where a notice says "発生しました" or "しています"
    r"|ていました",
)


def past_state(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The failure told as a past state ("it was offline for a while", "the interface went
    down"): a person recounting an outage. A notice speaks of now ("is unavailable", "is
    currently down")."""
    if not r.written:
        return ()
    text = r.message[:3000]
    if not holds(text, _PAST_STATE_KEYS) and not (
        holds(text, _STATE_KEYS) and holds(text, _TOLD_KEYS)
    ):
        return ()
    m = _PAST_STATE.pattern(text).search(text)
    return () if m is None else (Signal("past_state", -w["past_state"], m.group(0)[:40]),)
