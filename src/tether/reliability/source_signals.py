"""Where a writer places a failure: a source it read the news in ("according to the status page"),
another party whose outage it was ("on Anthropic's side", "many users are reporting"), or the
origin of an error the asker saw ("this is an error from openai"). A service that fails speaks
of itself, if of anyone, and is its own source: each of these weighs toward "answer" (weights in
judge_signals.json)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.about_signals import sign
from tether.reliability.keyed import split_keys
from tether.reliability.reply import Reply, Signal

_SOURCE_KEYS = split_keys(
    (
        "accord",
        "según",
        "segundo",
        "selon",
        "laut",
        "согласно",
        "根据",
        "によると",
        "에 따르면",
        "theo",
        "source",
        "fuente",
        "fonte",
        "quelle",
        "источник",
        "来源",
        "出典",
        "출처",
        "sumber",
        "kaynak",
    )
)
# The writer names where it read what it says: "according to the status page", "根据 ... 显示",
# "laut dem Status-Update", "según mis estadísticas", "メッセージによると".
_SOURCE = re.compile(
    r"according to\b|según\b|segundo (?:o|a|as|os)\b|selon\b|laut\b"
    r"|согласно(?!\w)|根据.{1,30}?(?:显示|页面|公告|报道)|によると|에 따르면"
    # (vi) "Theo Reuters, ...", "theo ghi nhận của ...": at a sentence's start, before a comma
    r"|theo\s+(?:ghi nhận|thông tin|báo cáo|thống kê|số liệu)\b"
    r"|(?:^|[.!?\n]\s*)theo\s+[^,.\n]{1,40},"
    # ... or under a label of its own, on a line: "Source: https://...", "来源:", "출처:"
    r"|(?m:^)[ \t*_]*(?:sources?|fuentes?|fontes?|quellen?|источники?|来源|出典|출처|sumber"
    r"|kaynak)[ \t*_]*[:\uff1a]"
)


# ... or points at one issue, pull request, commit or file on a code host: "see
# github.com/org/repo/issues/8493", "the line is at .../blob/<sha>/demo.py#L92" (not a tracker's
# front page, "github.com/org/repo/issues", where a client's error may ask to report it).
_CODE_LINK = re.compile(
    r"(?:github\.com|gitlab\.com|gitee\.com|codeberg\.org)/[\w.-]+/[\w.-]+/(?:-/)?"
    r"(?:issues|pull|pulls|merge_requests|commit|blob|discussions)/\w"
)
_CODE_LINK_KEYS = split_keys(("github.com/", "gitlab.com/", "gitee.com/", "codeberg.org/"))


def names_source(message: str) -> bool:
    """Whether a text says where it read what it says ("according to the status page",
    "Theo Reuters, ..."): a report of something someone else met, not a service's own line."""
    return _SOURCE.search(message[:3000]) is not None


def cites_source(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The writer names where it read what it says ("according to the status page", "laut dem
    Status-Update") or points at an issue, a commit or a file on a code host: a report about a
    failure, with its source. A service is its own source."""
    if not r.written:
        return ()
    found = sign("cites_source", w, _SOURCE, _SOURCE_KEYS, r.message[:3000])
    return found or sign("cites_source", w, _CODE_LINK, _CODE_LINK_KEYS, r.low[:3000], 60)


_THIRD_PARTY_KEYS = split_keys(
    (
        "isn't",
        "isn\u2019t",
        "is not",
        "s not a",
        "wasn't",
        "was not",
        "不是",
        "并非",
        "並非",
        "their",
        "side",
        "end",
        "那边",
        "对方",
        "向こう",
        "seite",
        "lado",
        "стороны",
        "côté",
        "users",
        "people",
        "folks",
        "многих",
        "других",
        "很多",
        "不少人",
        "网友",
        "網友",
        "纷纷",
        "紛紛",
        "多くの",
        "많은",
        "usuarios",
        "usuários",
        "utilisateurs",
        "utenti",
        "internautes",
        "nutzer",
        "người dùng",
    )
)
# The failure placed with another party: "on their side", "on Anthropic's end", "their servers
# are overloaded", "是百度那边的问题", "de su lado". (A service speaks of "our side", "our
# servers": itself.)
_THIRD_PARTY = re.compile(
    r"on\s+(?:their|\w+'s)\s+(?:side|end)\b"
    r"|their\s+(?:api|apis|server|servers|service|services|backend|endpoint|infrastructure)"
    r"\s+(?:is|was|are|were|has|had|went|seems?|returns?|returned)\b"
    r"|那边的?(?:问题|服务|服务器|接口)|那边出了?问题|对方的?(?:服务器|服务|接口)"
    r"|向こう(?:側|の)(?:問題|サーバ)|auf\s+(?:ihrer|deren)\s+seite"
    r"|(?:de|do)\s+(?:su|seu|sua)\s+lado|\u0441\s+их\s+стороны|de\s+leur\s+côté"
    # ... or with the many others it hit: "many users are reporting", "многих", "很多人",
    # "有很多付费用户都中招了", "多くのユーザーが", "muchos usuarios" (a service speaks of "you")
    r"|(?:many|some|other|several|lots of|a lot of)\s+(?:other\s+)?(?:users|people|folks)\s+"
    r"(?:are|have|were|had|report|reported|complain|seem|also|get|got|see|saw)\b"
    r"|\u0443\s+(?:многих|других)(?!\w)|很多人|不少人|有很多[^。\uff0c\n]{0,8}(?:用户|用戶|人)"
    # ... "不少网友吐槽", "用户纷纷反映": the netizens a news report speaks of (not "大量用户":
    # a notice's "due to many users")
    r"|(?:不少|很多|许多|大量|众多)(?:网友|網友)|(?:网友|網友|用户|用戶)(?:纷纷|紛紛)"
    r"|多くの(?:ユーザー|人)が|많은\s+(?:사용자|분들|사람)들?이|muchos usuarios|varios usuarios"
    r"|muitos usuários|plusieurs utilisateurs|de nombreux utilisateurs|viele (?:nutzer|benutzer)"
    r"|một số người dùng|nhiều người dùng"
    # ... the users a French, Spanish, Italian or Portuguese report says it hit, in the past or
    # in numbers: "les utilisateurs ont signalé", "miles de usuarios reportaron", "molti utenti
    # hanno segnalato", "usuários relataram" (a notice speaks to "you", not of the users)
    r"|(?:utilisateurs|internautes) (?:ont|avaient) (?:signalé|rapporté|constaté|remarqué)"
    r"|(?:utilisateurs|internautes) (?:se sont plaints|signalent)"
    r"|des (?:milliers|centaines) d['\u2019](?:utilisateurs|internautes)"
    r"|usuarios (?:reportaron|informaron|denunciaron|se quejaron|notaron|han reportado"
    r"|han informado|reportan)\b|(?:miles|cientos) de usuarios|(?:molti|numerosi|diversi"
    r"|alcuni) utenti|(?:migliaia|centinaia) di utenti|utenti (?:hanno|avevano) (?:segnalato"
    r"|riportato|lamentato|notato)|utenti (?:segnalano|lamentano)"
    r"|usuários (?:relataram|reportaram|reclamaram|notaram|relatam|têm relatado)\b"
    r"|(?:milhares|centenas|vários|alguns) de usuários|(?:vários|alguns) usuários"
    # ... or named as not where it came from: "this isn't a litellm error", "这个响应不是来自
    # free-api, 也不是千问的异常" (a notice is its own source; not "not your fault")
    r"|\b(?:isn['\u2019]t|is not|wasn['\u2019]t|was not) (?:an? )?"
    r"(?!your\b|our\b|you\b|the\b|an?\b|valid\b|known\b|real\b|temporary\b|enough\b)"
    r"[\w.-]+ (?:error|issue|bug|problem)\b"
    # ... or the fault denied to the tool asked about: "It's not a bug with gemini-cli, you've
    # used up your quota" (a notice never argues over whose bug it is)
    r"|\b(?:it|this|that)(?:['\u2019]s| is) not (?:a|an) (?:bug|issue|problem) (?:with|in|of)\b"
    r"|(?:不是|并非|並非)来自|不是(?![你您我])[\w-]{1,12}?的(?:异常|错误|問題|问题|bug)"
)


def third_party(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The failure placed with another party ("a temporary issue on Anthropic's side", "their
    servers are under heavy load", "是百度那边的问题"): a person explaining someone else's
    outage. A service that fails speaks of itself, if of anyone."""
    if not r.written:
        return ()
    return sign("third_party", w, _THIRD_PARTY, _THIRD_PARTY_KEYS, r.message[:3000])


# An error the reader has seen, pointed at and placed where it came from: "this is an error from
# openai saying ...", "Those errors are from a different plugin", "这个是OpenAI的问题", "这个是官方
# 接口的限制". A notice IS the error: it does not point at itself and name its source (a relay
# that names its upstream says "upstream", left out here; "You're seeing this error because"
# is Django's own page).
_NAMES_ORIGIN = re.compile(
    r"\b(?:this|that|it)(?: is|'s|\u2019s| was) (?:an? |the )?(?:error|issue|problem) "
    r"(?:coming )?from (?!your\b|our\b|you\b|us\b|the upstream\b|upstream\b)\w"
    r"|\b(?:this|that|these|those) (?:error|errors|issue|issues) (?:is|are|was|were|comes?|came)"
    r" from (?!your\b|our\b|you\b|us\b|the upstream\b|upstream\b)\w"
    r"|(?:这个|這個)是(?![你您我])[^\u3002\uff0c,\n]{1,20}?的(?:问题|問題|限制|bug)"
)
_NAMES_ORIGIN_KEYS = split_keys(
    ("error from", "issue from", "problem from", "coming from", " from ", "这个是", "這個是")
)


def names_origin(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """An error pointed at and placed where it came from ("this is an error from openai",
    "Those errors are from a different plugin", "这个是OpenAI的问题"): a person telling the
    asker what the error they saw is. A notice is the error; it does not point at itself."""
    if not r.written:
        return ()
    return sign("names_origin", w, _NAMES_ORIGIN, _NAMES_ORIGIN_KEYS, r.message[:3000])
