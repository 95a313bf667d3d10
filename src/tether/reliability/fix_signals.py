"""The signals of a writer reporting a fix, the part of speaking about a failure a maintainer
does most: a fix that landed (and when), a fault found, a fix due in the next release, a fix
asked for, a change note (a commit title, a changelog's line, a PR naming itself a change).
Each weighs toward "answer" (weights in judge_signals.json); shapes of the matching are in
`about_signals.sign`."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from tether.reliability.about_signals import sign
from tether.reliability.keyed import holds, may_hold_folded, split_keys
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
    # ... or in a release named: "已在 v0.12.2 修复", "已在1.3.7中修复" (round 35)
    r"|已在\s*v?\d+(?:\.\d+)+\s*(?:版本?)?\s*中?\s*(?:修复|修復|解决|解決)"
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


# A change note: a commit title, a changelog's line or a PR that names itself a change (moved
# from answer_signals with its patterns: a writer reporting a fix, this module's question).
_CHANGE_NOTE = re.compile(
    r"^\s*(?:[-*+\u2022]\s+)?(?:\*\*)?(?:"
    r"(?:fix|feat|chore|refactor|perf|docs|build|ci|test|style|revert|hotfix)(?:\([\w./-]+\))?!?:"
    r"|(?:fix(?:ed|es)?|add(?:ed|s)?|handle[ds]?|improve[ds]?|increase[ds]?|reduce[ds]?|remove[ds]?"
    r"|support(?:ed|s)?|retr(?:y|ied|ies)|update[ds]?|bump(?:ed)?|change[ds]?|catch(?:es)?|caught"
    r"|surface[ds]?|show(?:s|ed)?|raise[ds]?|avoid(?:ed|s)?|prevent(?:ed|s)?|no longer|now|no"
    r"|gracefully|additional|better|new|allow(?:s|ed)?|ensure[sd]?|make[s]?|use[sd]?|detect(?:s|ed)?"
    r"|treat(?:s|ed)?|respect(?:s|ed)?|log(?:s|ged)?|report(?:s|ed)?|return(?:s|ed)?|skip(?:s|ped)?"
    r"|stop(?:s|ped)?|wait(?:s|ed)?|parse[sd]?|expose[sd]?|document(?:s|ed)?|clarif(?:y|ied|ies))\b)",
    re.I,
)


def change_note(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A list item or a line of a changelog that says what was changed ("Fix: handle 529
    overload errors", "- Retry on rate limit errors"), a title that opens with a change to
    code ("Add missing error code ..."), a text that names itself a change ("This commit
    ...", "this PR"): a report about a failure, not one."""
    first = r.text.lstrip().split("\n", 1)[0]
    m = _CHANGE_TITLE.match(first) or _CHANGE_TITLE_WIDE.match(first) or _self_change(r.text[:2000])
    if m is None and "-" in first[:16]:
        m = _TICKET_CHANGE.match(first)
    if m is None and "](" in first:
        m = _CHANGE_CITED.search(first)
    if m is None and "thank" in first.lower():
        m = _CHANGE_CREDIT.search(first)
    if m is not None:
        return (Signal("change_note", -w["change_note"], m.group(0).strip()[:60]),)
    if not first.lstrip().startswith(("-", "*", "+", "\u2022")) and not re.match(
        r"\s*(?:fix|feat|chore|refactor|perf|docs|build|ci|test|style|revert|hotfix)"
        r"(?:\([\w./-]+\))?!?:",
        first,
        re.I,
    ):
        return ()
    if _CHANGE_NOTE.match(first) is None and not re.search(
        r"\b(?:will now|now (?:\w+s|retries|waits)|no longer)\b", first, re.I
    ):
        return ()
    return (Signal("change_note", -w["change_note"], first.strip()[:60]),)


# A line that cites the commit or the pull request it came from, as a generated changelog's
# entries do: "* handle streaming error ([8f8f4eb](https://github.com/o/r/commit/8f8f4eb...))",
# "... ([#120](https://github.com/o/r/issues/120))". A service's notice cites no commit.
_CHANGE_CITED = re.compile(
    r"\(\[(?:[0-9a-f]{7,40}|#\d{1,6})\]\(https?://[^\s)]+/(?:commit|commits|pull|issues)/"
    r"[0-9a-f]{1,40}\)\)"
)


# ... or credits its contributor, as release notes do: "Enabled model select when api fails
# (thanks kyle-apex!)", "(thanks @jdoe)". A notice thanks no one by a handle.
_CHANGE_CREDIT = re.compile(r"\((?:thanks|thank you),? @?[\w-]+(?:,? (?:and )?@?[\w-]+)*!?\)", re.I)


# A commit title that opens with its tracker's ticket key, then the change: "DH-5532 changed
# status code for ... (#471)", "[PROJ-12] Add CustomError ...". A notice names no ticket.
_TICKET_CHANGE = re.compile(
    r"\s*\[?[A-Z][A-Z0-9]{1,9}-\d{1,6}\]?:?\s+(?i:adds?|added|changes?|changed|fix(?:es|ed)?"
    r"|updates?|updated|removes?|removed|refactors?|refactored|bumps?|bumped|improves?|improved"
    r"|renames?|renamed|moves?|moved|implements?|implemented)\s+\w+"
)


# A title that opens with a change made to code (never advice to the reader: "Add your key",
# nor a notice that the change itself failed: "Fix failed. Please try again later."),
# or a changelog's label of a change done, in the past ("Fixed: ..."; an imperative "Fix:" may
# be a notice's advice).
_CHANGE_TITLE = re.compile(
    r"\s*(?:\*\*)?(?:adds?|adding|added|better|smarter|enhanced|fix|fixes|fixed|handles?|handled|removes?|removed|supports?|implements?"
    r"|implemented|allows?|improves?|improved|refactors?|refactored|bumps?|bumped)\s+"
    r"(?!your\b|you\b|an? (?:api )?key\b|(?:failed|unsuccessful)\b(?! ?[\w(]))\w+"
    # a changelog's label of a change done ("Fixed: users were unable to ...")
    r"|\s*(?:fixed|resolved|added|removed|improved|changed):\s+(?!your\b|you\b)\w+",
    re.I,
)
# ... in other languages, where a changelog's title names the change as done (a past
# participle or a noun: an imperative "Corrige ..." is advice too): "修复 X 报错问题" (not
# "修复中", under repair), "修改 X 策略" / "新增 ..." / "移除 ..." (not "修改失败", "删除失败"),
# "X を修正しました", "오류 수정", "Исправлена ошибка", "Behoben: ...", "Corrigé ...",
# "Corrección de ...".
_CHANGE_TITLE_WIDE = re.compile(
    r"\s*(?:(?:修复|修復|修正|优化|優化|重构|重構)(?!中)了? ?[^\s\uff0c,\u3002.]"
    r"|(?:修改|新增|增加|添加|移除|删除|调整)(?!中|失败|成功|出错|错误)了?[^\s\uff0c,\u3002.:\uff1a]"
    # ... or a changelog's label and a dash: "调整 - 按行解析失败时, ...", "新增 - ..."
    r"|(?:修复|修復|修正|优化|優化|重构|重構|修改|新增|增加|添加|移除|删除|调整|調整|变更|變更|改进|改進)\s*[-\u2013\u2014]\s*\S"
    r"|(?:исправлен[аоы]?|исправлени[ея]|добавлен[аоы]?|behoben|korrigiert|hinzugefügt"
    r"|corrigée?s?|correction d|corregid[oa]s?|corrección de|corrigid[oa]s?|correção d)[\s:'e]"
    r"|[^\n]{1,80}?を(?:修正|追加|削除|改善)(?:しました|した)?[。.]?\s*$"
    r"|[^\n]{1,80}?(?:버그|오류|에러|문제) ?수정(?:했습니다|함|됨)?\.?\s*$)",
    re.I,
)
# A text that names itself a change: "This commit checks ...", "the PR adds ...". (One `\b`
# before the branches that start a word, as in `code_signals._CODE_AFTER_WORD`.)
_NAMES_ITSELF = (
    r"\b(?:(?:this|the|my|our)\s+(?:commit|pr|pull request|patch|changeset|merge request)\b"
    r"|this (?:fixes|adds|changes|updates)\b)"
)
# ... its words (in lower case), one of which every match holds, or "pr" after a space (a key
# too short to look for alone: looked for after any space of an ASCII text, mapped to " ")
_NAMES_ITSELF_KEYS = ("commit", "pull request", "patch", "changeset", "merge request", "this ")
_SPACES_AS_SPACE = bytes(32 if chr(b).isspace() else b for b in range(256))


def _pr_word(low: str) -> bool:
    """Whether an ASCII text (lower-cased) says "pr" as a word after a space (`\\spr\\b`)."""
    spaced = low.encode("ascii").translate(_SPACES_AS_SPACE)
    i = spaced.find(b" pr")
    while i >= 0:
        after = spaced[i + 3 : i + 4]
        if not after.isalnum() and after != b"_":  # (b"".isalnum() is False: the text's end)
            return True
        i = spaced.find(b" pr", i + 1)
    return False


# ... or a line under a release note's label: "Release Note: ...", "更新日志:", "변경사항:"
_RELEASE_LABEL = (
    r"(?m:^)[ \t*_#]*(?:release notes?|change ?log|更新日志|更新内容|リリースノート|릴리스 노트"
    r"|변경 ?사항)[ \t*_]*[:\uff1a]"
)
# ... or a pull request's description of what it changes to: "Switching it to logging the
# response", "Changing this to a warning" (the object a pronoun for the code spoken of; not
# "Switching to the backup model", a failover's notice)
_CHANGED_TO = (
    r"(?:(?m:^)|(?<=[.!?]\s))(?:switch(?:ing|ed)|chang(?:ing|ed)|mov(?:ing|ed)|replac(?:ing|ed)"
    r"|convert(?:ing|ed)|turn(?:ing|ed)) (?:it|this|them|these|those|that)"
    r" (?:over )?(?:to|into|with)\b"
)
# Each searched alone, only in a text that may hold its words (in lower case, an ASCII text:
# `may_hold_folded`): the alternation, whose branches start with a word's start, a line's or a
# sentence's, was tried at every position (~20 us on a 300-character notice). The text and its
# lower case -> whether the part may match.
_SELF_CHANGE_PARTS: tuple[tuple[re.Pattern[str], Callable[[str, str], bool]], ...] = (
    (
        re.compile(_NAMES_ITSELF, re.I),
        lambda text, low: may_hold_folded(text, low, _NAMES_ITSELF_KEYS) or _pr_word(low),
    ),
    (
        re.compile(_RELEASE_LABEL, re.I),
        lambda text, low: may_hold_folded(text, low, ("release note", "change log", "changelog")),
    ),
    (
        re.compile(_CHANGED_TO, re.I),
        lambda text, low: (
            may_hold_folded(text, low, ("ed it ", "ing it ", "ed th", "ing th"))
            and may_hold_folded(text, low, ("switch", "chang", "mov", "replac", "convert", "turn"))
        ),
    ),
)


# What a review bot says of the change it was asked to review: "wasn't able to review any files
# in this pull request", "skipped reviewing this pull request". The change is its object, not the
# text: a reviewer's notice, not a text that names itself a change.
_REVIEWED = re.compile(
    r"\breview(?:s|ed|ing)?\b[^.;,\n]{0,30}$"
    # ... or a bot's task on it it could not finish, or where it tells the user to type a
    # command: "unable to complete the pull request revision", "commenting `/review` on this PR"
    r"|\bcomplet(?:e|ing)\s+$|\bcomment(?:ing)?\b[^.;\n]{0,40}\bon\s+$",
    re.I,
)


def _self_change(text: str) -> re.Match[str] | None:
    """The first place `text` names itself a change, where it is not a review's object: what
    the alternation of `_SELF_CHANGE_PARTS` finds, match by match (the leftmost, the earlier
    part's on a tie, the next from the end of the one before)."""
    low = text.lower()
    parts = [part for part, may_match in _SELF_CHANGE_PARTS if may_match(text, low)]
    pos = 0
    while True:
        found = None
        for part in parts:
            m = part.search(text, pos)
            if m is not None and (found is None or m.start() < found.start()):
                found = m
        if found is None:
            return None
        if _REVIEWED.search(text, max(0, found.start() - 40), found.start()) is None:
            return found
        pos = found.end()
