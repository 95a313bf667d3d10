"""Answer evidence of a thread on a tracker: a person keeping the tracker, or wishing for more.

A maintainer closes, reopens and marks issues (`tracker_act`: "closing as this isn't our bug",
"you can close this issue", "kapad\u0131m", "先关了"); a user asks for a feature
(`wishes`: "it would be great to have ...", "wäre schön, wenn ...", "希望能增加 ..."); either
tells of a trial of their own (`own_trial`: "I tried with a different key", "can't reproduce",
"我这边测试正常", "denedim") or wonders aloud (`wonders`: "..., right?", "为什么会 error 呢?").
None is said by a service: a notice reports its failure now, and has no issue to close,
nothing to wish for, no setup of the user's to try and no guess to check with anyone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.about_signals import sign
from tether.reliability.keyed import Keys, holds, split_keys
from tether.reliability.reply import Reply, Signal

_TRACKER_KEYS = split_keys(
    (
        *("clos", "reopen", "re-open", "duplicate", "kapad", "kapat", "kapatt", "already"),
        "mark",
        *("schließe", "cierro", "fech", "ferme"),
        *("关", "關", "закры", "クローズ", "닫"),
    )
)
# The tracker's own acts on an issue: "closing as this isn't a litellm error", "I'm closing
# this for now", "you can close this issue", "feel free to reopen", "duplicate of #12",
# "kapad\u0131m", "закрываю", "先关了", "クローズします", "이슈를 닫겠습니다". (Not "the connection
# closed", a notice's; not "reopen the app", its advice: an issue, a ticket, this one. "Closing"
# is a person's act at a sentence's start or after "I'm", "we'll"...: not "connection closing
# because ...", and not "closing this chat", a notice ending a conversation.)
_TRACKER_ACT = re.compile(
    r"(?:^|[.!?:;,]\s+|\n|\b(?:i[\u2019']?m|i am|we[\u2019']?re|we are|i[\u2019']?ll|we[\u2019']?ll"
    r"|i will|we will|will be|going to|be|am|so|and)\s)closing"
    r" (?:this|it|as|since|because|due to|now|for now|the (?:issue|ticket|pr))\b"
    r"(?! (?:chat|conversation|session|window|connection|tab|stream|request|app|socket|page))"
    r"|\bclosed? (?:this|the) (?:issue|ticket|pr|pull request|one)\b"
    r"|\bfeel free to re-?open\b|\bre-?open(?:ing)? (?:this|the) (?:issue|ticket)\b"
    r"|\b(?:a )?duplicate of #\d+|\balready (?:open|opened|reported|filed)\b"
    r"|\bmarking (?:this |it )?as (?:resolved|duplicate|stale|fixed)\b"
    # ... or told as done, a line of its own ("...\nClosing.", "Marked as invalid.")
    r"|(?:^|\n)[ \t]*closing[.!]?[ \t]*(?:\n|$)"
    r"|\b(?:marked|marking|mark) (?:this |it )?as (?:invalid|duplicate|resolved|stale|fixed"
    r"|wontfix|won't fix|not planned|completed|answered)\b"
    r"|\b(?:kapad\u0131m|kapat\u0131yorum|kapatt\u0131m)\b"
    r"|\bschließe (?:das|dieses|den|ich das) (?:issue|ticket)\b"
    r"|\bcierro (?:el|este) (?:issue|ticket)\b"
    r"|\bfech(?:ando|ei|o) (?:a|esta|essa) issue\b|\bje ferme (?:l|cette|ce)\b"
    r"|(?<!\w)закрыл(?:\u0430)? (?:issue|тикет|задачу|вопрос)(?!\w)|(?<!\w)закрываю(?!\w)"
    r"|先(?:关|關)(?:闭|閉)?了|(?:关闭|關閉|关掉|關掉)(?:此|这个|這個|本)?\s?(?:issue|工单|問題|问题)"
    r"|クローズ(?:します|しました|させていただきます)|이슈를?\s?닫(?:겠습니다|습니다|을게요)"
)


def tracker_act(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The tracker's own acts on an issue ("closing as this isn't a litellm error", "you can
    close this issue", "kapad\u0131m", "先关了"): a maintainer's reply in a thread. A service's
    notice has no issue to close or reopen."""
    if not r.written:
        return ()
    return sign("tracker_act", w, _TRACKER_ACT, _TRACKER_KEYS, r.low[:3000])


_WISH_KEYS = split_keys(
    (
        *("would", "'d be", "feature request", "love to", "love it", "we should"),
        *("wäre", "sería", "seria", "serait", "sarebbe"),
        *("希望", "建议", "就好了", "было бы", "嬉しい", "ありがたい", "좋겠"),
    )
)
# A wish for the tool to do more: "it would be great to have error messages explained", "would
# be nice if it retried", "feature request:", "wäre schön, wenn", "sería genial poder", "seria
# ótimo ter", "ce serait bien de", "было бы здорово", "希望能增加", "如果能...就好了", "があると
# 嬉しいです", "있으면 좋겠습니다" (what there could be), "we should display an error" (what it
# should do). (Not "it would be great if you could
# try again later": a polite notice's advice, to "you"; not "お試しいただけると嬉しいです".)
_WISH = re.compile(
    r"\b(?:would|'d) be (?:really |very |so )?(?:great|nice|good|awesome|helpful|useful|cool|handy)"
    r" (?:to|if (?!you\b))"
    r"|\bwould love (?:to see|to have|it if)\b|\bfeature request\b"
    # ... or a change the writer proposes for the tool: "We should display an error message",
    # "we should not allow comment flooding" (not "we should be back shortly", an outage's
    # notice of its own return)
    r"|\bwe should (?:probably |also |really |just |definitely )?(?:not )?(?!be\b|have you\b)"
    r"[a-z]{3,}"
    r"|\bwäre (?:schön|toll|super|gut|cool|praktisch|hilfreich),? (?:wenn|zu)\b"
    r"|\bsería (?:genial|bueno|útil|ideal|estupendo) (?:que|si|poder|tener)\b"
    r"|\bseria (?:ótimo|bom|legal|interessante|útil|ideal) (?:se|ter|poder|que)\b"
    r"|\b(?:ce )?serait (?:bien|génial|top|pratique|utile) (?:de|si|d)\b"
    r"|\bsarebbe (?:bello|utile|fantastico|ottimo) (?:se|poter|avere)\b"
    r"|было бы (?:здорово|хорошо|неплохо|круто|удобно|полезно)"
    r"|希望(?:能|可以|能够|能夠)?(?:增加|添加|支持|加入|加上)|建议(?:增加|添加|支持|加入)"
    r"|如果能[^\u3002\n]{1,30}就好了|(?:があると|があれば)(?:嬉しい|ありがたい|助かり|便利)"
    r"|있으면 좋겠(?:습니다|어요|네요)"
)


def wishes(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A wish for the tool to do more ("it would be great to have error messages explained",
    "wäre schön, wenn ...", "希望能增加 ..."): a user's request in a thread, about a failure
    they met. A notice reports its failure; it wishes for nothing."""
    if not r.written:
        return ()
    return sign("wishes", w, _WISH, _WISH_KEYS, r.low[:3000])


# The writer's own trial of the failing setup, or of reproducing it: "I tried with a different
# api key", "we've tested it on 2.3", "I can't reproduce this", "我这边测试正常", "我试了新的
# key", "之前也遇到过", "試してみましたが", "재현이 안 됩니다", "я тоже пробовал", "ich habe es
# getestet", "j'ai essayé", "no puedo reproducir", "ho riscontrato", "denedim", "udah coba". (Not
# "I tried to answer, but ...", "Tentei pensar ...": a bot's notice of its own failed attempt;
# not "I encountered an error" or "I ran into an issue", its stock opening; not "we have switched
# you to the free model", a plan's notice about the user.) Each pattern is tried only where one
# of its keys is: most replies hold none of them.
_OWN_TRIAL: tuple[tuple[Keys, re.Pattern[str]], ...] = tuple(
    (split_keys(keys), re.compile(pattern))
    for keys, pattern in (
        (
            ("tried", "tested", "checked", "reinstalled", "downgraded", "reproduced", "switched"),
            r"(?:i(?<![\w']i)|we(?<![\w']we))(?:'ve| have)?\s+(?:just\s+|also\s+|already\s+"
            r"|even\s+|then\s+)?(?:tried(?!\s+to\b)|tested|checked|reinstalled|downgraded"
            r"|reproduced|switched(?!\s+you))\b"
            # ... or tried to change their own setup: "I tried to use uv but still ...", "we
            # tried to downgrade" (not "I tried to answer": a bot's own failed attempt)
            r"|(?:i(?<![\w']i)|we(?<![\w']we))(?:'ve| have)?\s+(?:also\s+|already\s+|even\s+)?"
            r"tried\s+to\s+(?:use|run|install|reinstall|set|switch|change|update|upgrade|downgrade"
            r"|add|remove|increase|export|configure|deploy|build)\b",
        ),
        # ... or met the same before, in the perfect: "I have encountered them before", "we've
        # seen this too" (not "I encountered an error": a bot's stock opening, of one error, now)
        (
            ("'ve ", " have "),
            r"(?:i(?<![\w']i)|we(?<![\w']we))(?:'ve| have)\s+(?:also\s+|already\s+)?(?:encountered"
            r"|seen|hit|run into|had|faced)\s+(?:this|that|it|them|these|those|the same)\b",
        ),
        (
            ("reprodu", "riprodurre", "复现", "再現", "재현", "воспроизв"),
            r"(?:can(?:'t|not)|could(?:n't| not)|unable to|not able to)\s+(?:\w+\s+)?reproduce"
            r"|\b(?:kann|konnte) (?:ich )?(?:das |es )?nicht reproduzieren"
            r"|(?:impossible de|je n'arrive pas à|je n'arrive pas a|je ne peux pas) reproduire"
            r"|no (?:puedo|pude) reproducir|não consig(?:o|ui) reproduzir|non riesco a riprodurre"
            r"|(?:无法|不能|没法|没有|未能|能|可以)复现|复现不了"
            r"|再現(?:できません|しません|できました|しました)"
            r"|재현이 안|재현되지 않|재현됩니다|재현했|не (?:могу|удалось) воспроизвести"
            r"|не воспроизводится",
        ),
        (
            ("我", "之前也", "試し", "봤", "시도했", "换了", "換了"),
            # "我这边测试正常", "我这边没问题", "我本地能跑" (not a bot's "我这边无法连接服务器",
            # "我这边不太方便回答": a service's own trouble, said as "on my side")
            r"我(?:这里|这边|本地)(?:也|都|是|可以|能|正常|测试|试|跑"
            r"|没(?:问题|事|有(?:问题|遇到|出现|复现)|遇到|出现|复现)|不(?:能|会)?(?:复现|重现|会出现))"
            r"|我(?:试了|试过|测试了|换了|更新了|升级了|重装了)|之前也(?:发现|遇到|碰到)"
            # ... or their own set-up against the asker's: "我的能运行", "我的没用完啊" (not
            # "我的能量", "我的能力": a persona's own energy or skill)
            r"|我的(?:能(?!量|力)|可以用|没用完|没问题|正常|是好的|还是)"
            r"|試しました|試してみました|試したところ|(?:해|시도해)\s?봤|시도했"
            # ... or other options tried, none working: "换了很多模型都不行" (round 35)
            r"|[换換]了[^\u3002\uff0c,\n]{0,10}(?:都|也)(?:不行|没用|沒用|一样|一樣)",
        ),
        (
            ("пробовал", "проверил", "обновил", "переустановил"),
            r"(?<!\w)(?:я|мы)\s+(?:тоже\s+|уже\s+)?(?:пробовал|попробовал|проверил|обновил"
            r"|переустановил)",
        ),
        (
            ("versucht", "probiert", "getestet", "essay", "testé", "vérifié", "probé", "probado"),
            r"\bich habe (?:\w+ ){0,6}(?:versucht|probiert|getestet|ausprobiert)\b"
            r"|\bj'ai (?:\w+ ){0,2}(?:essayé|testé|vérifié)|(?<!\w)(?:probé|he probado)(?!\w)",
        ),
        (
            ("testei", "provato", "riscontrato", "testato", "denedim", "deneme", "coba"),
            r"(?<!\w)testei(?!\w)|(?<!\w)ho (?:\w+ )?(?:provato|riscontrato|testato)(?!\w)"
            r"|(?<!\w)(?:denedim|deneme yapt\u0131m)(?!\w)"
            r"|(?<!\w)(?:saya|aku|gw|gue|udah|sudah) (?:\w+ )?coba(?!\w)",
        ),
    )
)


def own_trial(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The writer tells of a trial of their own ("I tried with a different api key", "I can't
    reproduce it", "我这边测试正常", "denedim"): a person in a thread reporting what they did or
    saw. A notice is written to "you" by a service, never in a person's past tense about their
    own setup; a bot's own failed attempt ("I tried to answer, but ...") is left out."""
    if not r.written:
        return ()
    low = r.low[:3000]
    for keys, pattern in _OWN_TRIAL:
        m = pattern.search(low) if holds(low, keys) else None
        if m is not None:
            return (Signal("own_trial", -w["own_trial"], m.group(0)[:40]),)
    return ()


_WONDER_KEYS = split_keys(
    (
        *(", right?", ", isn't it?", ", n'est-ce pas", ", oder?", ", \u00bfno?", ", né?"),
        *(", \u00bfverdad?", ", verdade?", ", не так ли?"),
        *("为什么会", "為什麼會", "难道", "難道", "怎么会", "怎麼會", "对吧", "是吧", "不是吗"),
        "了吧",
        *("looks like", "look like", "seems like", "seem like", "sounds like"),
    )
)
# The writer wonders aloud: asks why it happens ("所以为什么会 error 呢?", "难道是因为 ...?")
# or checks a guess with the reader ("..., right?", "对吧?", ", oder?", ", ¿no?", ", né?",
# "Looks like you reached your quota?").
# (Not "为什么会这样?", "Why did this happen?": the heading of a block page's help. English
# "why" is left out: a notice's help asks "Why is this happening?" too.)
_WONDERS = re.compile(
    r"(?:为什么会|為什麼會|难道|難道|怎么会|怎麼會)(?!这样|這樣)[^\u3002\n]{0,40}[\uff1f?呢]"
    # "难道" asks even when said as an exclamation ("难道...是我记忆出错了!!!", round 32)
    r"|(?:难道|難道)[^\u3002\n?\uff1f]{0,40}[!\uff01]"
    r"|, right\?|对吧[\uff1f?]|是吧[\uff1f?]|不是吗[\uff1f?]|, isn't it\?|, n'est-ce pas ?\?"
    # ... or a guess at what happened, checked with the reader: "是一周的额度到了吧?" (round 38)
    r"|了吧[\uff1f?]"
    # ... or a guess asked, not stated: "Look like you reached your quota?" (a notice's "Looks
    # like you've reached your limit." states it)
    r"|\b(?:looks?|seems?|sounds?) like [^.?!\n]{3,80}\?"
    r"|, oder\?|, \u00bfno\?|, né\?|, \u00bfverdad\?|, verdade\?|, не так ли\?"
)


def wonders(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The writer wonders aloud: asks why the failure happens ("所以为什么会 error 呢?",
    "难道是因为 ...?") or checks a guess with the reader ("so this message means nothing,
    right?", "对吧?"): a person reasoning in a thread. A notice states; it has no guess to
    check with anyone."""
    if not r.written:
        return ()
    return sign("wonders", w, _WONDERS, _WONDER_KEYS, r.low[:3000])
