"""The signals of a writer reporting a fix, the part of speaking about a failure a maintainer
does most: a fix that landed (and when), a fault found, a fix due in the next release, a fix
asked for. Each weighs toward "answer" (weights in judge_signals.json); shapes of the matching
are in `about_signals.sign`."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.about_signals import sign
from tether.reliability.keyed import holds, split_keys
from tether.reliability.reply import Reply, Signal

_FIX_LANDED_KEYS = split_keys(
    (
        "fixed",
        "resolved",
        "restored",
        "behoben",
        "gelöst",
        "修复",
        "恢复",
        "解决",
        "修復",
        "恢復",
        "解決",
        "しました",
        "済み",
        "되었습니다",
        "됐습니다",
        "исправлен",
        "устранен",
        "решен",
        "corrigid",
        "resolvid",
        "corregid",
        "resuelt",
        "solucionad",
        "corrigé",
        "résolu",
        "risolt",
        "corrett",
        "rétabli",
        "restablec",
        "ripristinat",
        "restabelec",
        "khắc phục",
        "diperbaiki",
        "teratasi",
        "düzeltildi",
        "çözüldü",
        "naprawion",
        "opgelost",
        "verholpen",
    )
)
# The fault declared mended, as a state: "the issue has been resolved", "Fehler behoben",
# "已完成修复", "服务已经恢复", "исправлено", "foi corrigido", "復旧しました", "수정되었습니다".
# (A notice speaks of a fix to come: "until the issue is resolved", "will be restored".)
_FIX_LANDED = re.compile(
    r"(?:\b(?:is|are|was|were|has been|have been|got|been)\s+(?:now\s+|already\s+|finally\s+)?"
    r"(?:fixed|resolved|restored|repaired|patched)\b)"
    r"|(?:fehler|problem|bug)\s+(?:ist\s+|sind\s+|wurde\s+|wurden\s+)?(?:jetzt\s+|nun\s+)?"
    r"(?:behoben|gelöst|gefixt)|wurde\s+(?:\w+\s+){0,3}(?:behoben|gefixt|korrigiert)"
    r"|已(?:经)?(?:完成|全部)?(?:修复|解决|恢复(?!出厂|默认))|(?:修复|恢复|解决)完(?:成|毕)"
    r"|已(?:經)?(?:完成|全部)?(?:修復|解決|恢復(?!出廠|預設))|(?:修復|恢復|解決)完(?:成|畢)"
    r"|(?:修正|復旧|解決|解消)(?:しました|されました|済み|いたしました|が完了)"
    r"|(?:수정|복구|해결)(?:되었습니다|됐습니다|완료)"
    r"|(?<!\w)(?:исправлен[оаы]?|устранен[оаы]?|решен[оаы]?)(?!\w)"
    r"|\b(?:foi|foram|está|estão|fue|fueron|ha sido|han sido|a été|ont été|è stat[oa]"
    r"|sono stat[ie])"
    r"\s+(?:\w+\s+)?(?:corrigid|resolvid|corregid|resuelt|solucionad|corrigé|résolu|risolt"
    r"|corrett|rétabli|restablecid|ripristinat|restabelecid)\w*"
    # ... a service said back, as news tells it: "le service a été rétabli", "el servicio se
    # restableció", "il servizio è stato ripristinato", "o serviço foi restabelecido"
    r"|\bse restableci(?:ó|eron)\b|\bse ha restablecido\b"
    r"|đã (?:được )?(?:khắc phục|sửa)|(?:sudah|telah) (?:diperbaiki|teratasi)"
    r"|\b(?:düzeltildi|çözüldü|naprawion[oay]|opgelost|verholpen)\b"
)
# What puts the mending in the future or under a condition: "until the issue is resolved".
_FIX_TO_COME = re.compile(
    r"(?:until|once|when|after|as soon as|before|if|unless|will be|bis|sobald|wenn|待|直到|一旦)"
    r"\s*(?:\S+\s+){0,4}$"
)


# ... or a reply that opens with the verdict, a maintainer's word: "Fixed. Please check now",
# "Resolved, recreate upstream.", "Fixed in v1.2", "Solved!"; or the failure said to be gone
# for good: "no longer times out", "不再提示超时", "ya no muestra el error" (not "no longer
# available": a model retired is a notice's news).
_FIX_OPENS = re.compile(
    r"\A\W{0,3}(?:fixed|resolved|solved)(?:[.!,;:\uff0c\u3002]|\s+(?:in|by|via|with|now|on)\b)"
    r"|\bno longer (?:shows?|throws?|raises?|returns?|fails?|crash(?:es)?|times? out|errors?"
    r"|reports?|displays?|prompts?|pops? up)\b"
    r"|不再(?:提示|报错|報錯|出现|出現|显示|顯示|抛出|拋出|返回|超时|超時|崩溃|崩潰|弹出|彈出)"
    r"|\bya no (?:muestra|falla|arroja|lanza|devuelve)\b|\bn'affiche plus\b"
    r"|\bnão (?:mostra|exibe|retorna) mais\b"
)
_FIX_OPENS_KEYS = split_keys(
    ("fixed", "resolved", "solved", "no longer", "不再", "ya no", "affiche plus", "a mais")
)


def fix_landed(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The fault declared mended ("the issue has been resolved", "Fehler behoben", "已完成修复",
    "исправлено", "復旧しました"), or the reply opening with the verdict ("Fixed. Please
    check now"), or the failure said to be gone ("不再提示超时"): a maintainer's reply, a fix
    report, a status page's closing update. A notice reports the failure now; it never says it
    is over."""
    if not r.written:
        return ()
    low = r.low[:3000]
    m = mended_at(low)
    if m is None and holds(low, _FIX_OPENS_KEYS):
        m = _FIX_OPENS.search(low)
    if m is None:
        return ()
    return (Signal("fix_landed", -w["fix_landed"], m.group(0).strip()[:40]),)


def mended_at(low: str) -> re.Match[str] | None:
    """Where `low` (lower case) declares a fault mended, not its mending to come ("until the
    issue is resolved"): also what takes a line about a bot's own server out of trouble
    ("服务器已经恢复")."""
    if not holds(low, _FIX_LANDED_KEYS):
        return None
    for m in _FIX_LANDED.finditer(low):
        if _FIX_TO_COME.search(low[max(0, m.start() - 40) : m.start()]) is None:
            return m
    return None


_FOUND_KEYS = split_keys(
    (
        "found",
        "encontr",
        "trouvé",
        "gefunden",
        "找到",
        "原因が",
        "원인을",
        "нашел",
        "нашёл",
    )
)
# The writer found the fault: "I found the issue!", "Encontrei o erro", "找到原因了",
# "原因が分かりました", "원인을 찾았습니다", "нашёл причину".
_FOUND = re.compile(
    r"\b(?:i|we)\s+(?:have\s+|'ve\s+|finally\s+)?(?:found|figured out|tracked down|identified)\s+"
    r"(?:the|a)\s+(?:\w+\s+)?(?:bug|error|issue|cause|problem|culprit)"
    r"|\bencontr(?:ei|amos|é)\s+(?:o|el|a|la)\s+(?:erro|error|problema|causa|bug)"
    r"|(?:j.ai|nous avons)\s+trouvé\s+(?:l.|le|la)\s*(?:erreur|problème|cause|bug)"
    r"|habe(?:n)?\s+(?:den|das|die)\s+(?:fehler|problem|ursache)\s+gefunden"
    r"|找到(?:了)?(?:问题|原因|bug)|原因が(?:分かり|わかり)|원인을 찾"
    r"|наш[её]л\s+(?:ошибку|причину|проблему)"
)


def found_fault(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The writer found the fault ("I found the issue!", "Encontrei o erro", "找到原因了"): a
    person who looked into it, reporting back. A notice does not look into anything."""
    if not r.written:
        return ()
    return sign("found_fault", w, _FOUND, _FOUND_KEYS, r.low[:3000])


_NEXT_RELEASE_KEYS = split_keys(
    (
        "next",
        "upcoming",
        "coming",
        "nächste",
        "nachste",
        "下个版本",
        "下一个版本",
        "次の",
        "다음",
        "следующ",
        "próxima",
        "prochaine",
        "prossima",
    )
)
# A change said to have landed in a release named by its number (`_NUMBERED_RELEASE`), found
# only where one of these words is and a dot.
_NUMBERED_KEYS = split_keys(
    (
        *("fixed", "added", "changed", "reworked", "landed", "shipped", "introduced"),
        *("resolved", "addressed", "improved", "merged", "released", "patched"),
        *("behoben", "hinzugef", "gefixt", "korrigiert", "corrig", "ajout", "résolu"),
        *("arreglado", "añadido", "solucionado", "adicionado", "resolvido"),
        *("исправ", "добавлено", "починено", "поправлено", "在", "从", "版", "で", "にて", "에서"),
    )
)
# "fixed in 1.4.2", "added in v0.9", "在 v2.1.0 已经加入", "1.3 版本已经修复", "v0.5.0 で修正",
# "1.4.0 버전에서 수정", "исправлено в 2.1", "behoben in 2.1", "corrigé dans la 2.1", "corregido
# en la 2.1", "corrigido na 2.1". (Not "supported in version 2.0 and later": a client's notice
# may ask for an upgrade so.)
_NUMBERED_RELEASE = re.compile(
    r"\b(?:fixed|added|changed|reworked|landed|shipped|introduced|resolved|addressed|improved"
    r"|merged|released|patched)\s+(?:in|since|with|as of)\s+(?:the\s+)?(?:version\s+|release\s+"
    r"|v)?\d+\.\d+"
    r"|(?:在|从)\s?v?\d+(?:\.\d+)+\s?(?:版本|版)?(?:中|里|里面)?\s?(?:已经|已|就)?"
    r"(?:由[^\u3002\n]{0,20})?(?:修复|修了|加入|支持|改了|改成|解决|优化|加上|添加)"
    r"|v?\d+(?:\.\d+)+\s?(?:版本|版)(?:已经|已)?(?:修复|修了|加入|解决)"
    r"|v?\d+(?:\.\d+)+\s?(?:で|にて)(?:修正|対応|追加|解消)"
    r"|\d+(?:\.\d+)+\s?(?:버전)?에서 (?:수정|해결|추가)"
    r"|(?:исправлено|добавлено|починено|поправлено|исправил[иа]?) в (?:версии |релизе )?v?\d+\.\d+"
    r"|(?:behoben|hinzugefügt|gefixt|korrigiert) (?:in|mit|ab) (?:version )?v?\d+\.\d+"
    r"|(?:corrigé|ajouté|résolu) (?:dans|en) (?:la )?(?:version )?v?\d+\.\d+"
    r"|(?:corregido|arreglado|añadido|solucionado) en (?:la )?(?:versión )?v?\d+\.\d+"
    r"|(?:corrigido|adicionado|resolvido) na (?:versão )?v?\d+\.\d+"
)
# A digit, a dot and a digit: what every reading of `_NUMBERED_RELEASE` holds (`\d+\.\d+`),
# found from the dots (a search that starts at a sign skips to it; ~250 us on 1,400
# characters for the pattern, tried at every digit and word, against ~5).
_DOTTED_NUMBER = re.compile(r"\.(?=\d)(?<=\d\.)")
# A fix promised for a release: "in the next release", "im nächsten Release", "下个版本",
# "次のリリースで", "다음 버전에서", "в следующей версии", "na próxima versão".
_NEXT_RELEASE = re.compile(
    r"\b(?:in|with|into) (?:the )?(?:next|upcoming|coming) (?:release|version|update)\b"
    r"|n[äa]chste[mn]? (?:release|version)|下(?:一)?个版本|次の(?:リリース|バージョン)"
    r"|다음 (?:릴리스|버전)|в следующ\w+ (?:релиз|верси)"
    r"|(?:na|en la|dans la|nella) (?:próxima|prochaine|prossima) (?:versão|versión|version"
    r"|versione|release)"
)


def next_release(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A fix promised for a release ("I'll improve it in the next release", "Wird in nächstem
    Release eingeführt", "下个版本这个会改"), or said to have landed in one named by its number
    ("fixed in 1.4.2", "在 v2.1.0 已经加入"): a maintainer answering a report. A notice asks
    the user to retry now, not to wait for a version or to look one up."""
    if not r.written:
        return ()
    low = r.low[:3000]
    found = sign("next_release", w, _NEXT_RELEASE, _NEXT_RELEASE_KEYS, low)
    if found or "." not in low or _DOTTED_NUMBER.search(low) is None:
        return found  # (every release number the pattern reads is dotted: "1.4")
    return sign("next_release", w, _NUMBERED_RELEASE, _NUMBERED_KEYS, low)


_ASKS_FIX_KEYS = split_keys(
    (
        "fix",
        "修复",
        "почините",
        "пофиксите",
        "arregl",
        "consertem",
        "corrigez",
        "bitte",
    )
)
# A user asking the maintainers to mend it: "could you please fix it?", "Почините!", "求修复",
# "arreglen", "bitte beheben". (Not "修正してください" after a setting: a notice's advice to the
# user, who is to fix their own call.)
_ASKS_FIX = re.compile(
    r"\b(?:please|pls|plz|kindly)\s+fix\s+(?:it|this|that)\b|\bfix\s+(?:it|this)\s+(?:please|pls"
    r"|plz|asap)\b|求修复|(?:麻烦|请)(?:尽快)?修复一下|(?<!\w)(?:почините|пофиксите)(?!\w)"
    r"|\b(?:arreglen|arreglenlo|consertem|corrigez-le|corrijan)\b|bitte\s+(?:beheben|fixen|reparieren)"
)


def asks_fix(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A user asking the maintainers to mend it ("could you please fix it?", "Почините!",
    "求修复"): a report by someone the failure hit. A notice tells the user what to do."""
    if not r.written:
        return ()
    return sign("asks_fix", w, _ASKS_FIX, _ASKS_FIX_KEYS, r.low[:3000])
