"""A troubleshooting entry: a cause and a fix, each under its label ("Cause: ... Solution:
...", "原因 ... 解决方案"), named together as a text's subject ("causes and fixes"), or a fix
labelled at a line's start after what it fixes. A writer explaining a failure files it so; a
service's notice never does (it may give a reason, not under a cause with its solution). It
weighs toward "answer" (`cause_and_fix`), and keeps a notice's word counts from reading such an
entry as a notice (`failure_signals`)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.about_signals import sign
from tether.reliability.keyed import holds, split_keys
from tether.reliability.reply import Reply, Signal

# Words one of which every match of `_CAUSE_AND_FIX` holds (in lower case).
_CAUSE_KEYS = split_keys(
    (
        "cause",
        "reason",
        "причин",
        "原因",
        "causa",
        "ursache",
        "raison",
        "원인",
        "penyebab",
        "nguyên nhân",
        "解决",
        "解決",
        "solution",
        "fix",
        "решение",
        "lösung",
        "solu",
        "対処",
        "해결",
    )
)

# A fix labelled at the start of a line: "Solution:", "**Fix:**" (`_CAUSE_AND_FIX`'s last but
# one reading, after what it fixes).
_FIX_LABEL = (
    r"(?m:^[ \t>*_#-]*(?:\*\*|__)?[ \t]*(?:(?:possible |quick |suggested |recommended )?"
    r"(?:solutions?|fix|workaround|resolution)(?: options?| steps?)?"
    r"|lösung|solución|solução|soluzione)(?:\*\*|__)?[ \t]*:)"
)
# A cause and a fix, each under its label: "Cause: ... Solution: ...", "原因 ... 解决方案".
_CAUSE_AND_FIX_READINGS = (
    # (a label set in bold, "**原因**" and a colon, or a table's cell, "| Generic Cause | ... |")
    r"(?:cause|reason|причина|原因|causa|ursache|raison|원인)(?:\*\*|__)?\s*[:\uff1a|]"
    r"[\s\S]{0,400}?"
    r"(?:(?:solution|fix|resolution|решение|solución|solução|lösung)\w*|対処法"
    r"|(?:解决|解決)(?:方法|方案|办法|辦法|步骤|策)?(?:如下)?|해결(?:[ \t]*(?:방안|방법))?)"
    r"(?:\*\*|__)?\s*[:\uff1a|]"
    # ... or a problem labelled at a line's start, then its solution labelled: "**Problema:**
    # ... **Solução:**", "问题: ... 解决: ...", "Symptom: ... Fix:" (a notice's "出了点问题:" is
    # no label: it opens no line)
    r"|(?m:^[ \t>]*(?:\*\*|__)?[ \t]*(?:problem[ae]?|problème|проблема|问题|問題|문제"
    r"|symptoms?|症状|증상)(?:\*\*|__)?[ \t]*[:\uff1a])[\s\S]{0,400}?"
    r"(?m:^[ \t>]*(?:\*\*|__)?[ \t]*(?:solutions?|fix|resolution|решение|solución|solução"
    r"|lösung|対処法|(?:解决|解決)(?:方法|方案|办法|辦法|步骤|策)?(?:如下)?"
    r"|해결(?:[ \t]*(?:방안|방법))?)"
    r"(?:\*\*|__)?[ \t]*[:\uff1a])"
    # ... or named together as what a text is about: "503エラーの原因と解決方法", "原因和解决方法",
    # "causes and fixes", "causas y soluciones", "Ursachen und Lösungen", "원인과 해결 방법"
    r"|原因と(?:解決|対処)|原因(?:和|与|及)(?:解决|处理)|원인과 해결"
    r"|\b(?:causes? and (?:fix|fixes|solutions?)|causas y soluciones|causas e soluções"
    r"|causes et solutions|ursachen und lösungen|причины и (?:решения|способы)|cause e soluzioni"
    r"|penyebab dan solusi|nguyên nhân và cách)\b"
    # ... or each a line of its own, a reference entry's headings: "可能原因 ... 处理步骤",
    # "Possible causes ... Solution", "原因 ... 対処法"
    r"|(?m:^[ \t]*(?:(?:most |the )?(?:likely |possible |probable |root )?(?:cause|reason)s?"
    r"|可能(?:的)?原因|(?:错误|錯誤|问题|問題|出现|出現)?原因|考えられる原因|(?:가능한 )?원인"
    r"|(?:возможные )?причин[аы]"
    r"|causas?(?: posibles| possíveis)?|(?:mögliche )?ursachen?)[ \t]*[:\uff1a]?[ \t]*\n)"
    r"[\s\S]{0,600}?(?m:^[ \t]*(?:solutions?|how to fix|resolution|处理(?:步骤|方法)"
    r"|解决(?:方法|方案|步骤)|解決(?:方法|方案|策)|対処(?:方法|法)|해결 ?방법|조치 ?방법"
    r"|(?:способы )?решени[ея]|lösung(?:en)?|soluci[oó]n(?:es)?|solu[cç][aã]o)"
    r"[ \t]*[:\uff1a]?[ \t]*$)",
    # ... or a fix filed under its label at a line's start, after what it fixes: "Solution:
    # Wait for the rate limit window to pass", "**Solution :**", "Fix: retry after the reset"
    # (a reference entry or a guide; a notice gives its advice unlabelled, or its "Reason:")
    r"\S[\s\S]{0,600}?" + _FIX_LABEL,
    # ... or a list of errors, each with its fix: "錯誤: Timeout ... 解決: ...", twice or more
    r"(?:(?:error|problem|错误|錯誤|问题|問題|ошибка|проблема)\**\s*[:\uff1a][\s\S]{0,300}?"
    r"(?:solution|fix|解决|解決|решение|solución|solução|lösung)\**\s*[:\uff1a][\s\S]{0,300}?){2}",
)
_CAUSE_AND_FIX = re.compile("|".join(_CAUSE_AND_FIX_READINGS))
# ... all but the fix labelled after what it fixes, for a text with no such label (that
# reading tries up to 600 characters at every character: ~5 ms on 1,400 characters): where it
# cannot match, the search finds what the whole pattern finds
_CAUSE_AND_FIX_UNLABELLED = re.compile(
    "|".join(p for p in _CAUSE_AND_FIX_READINGS if not p.endswith(_FIX_LABEL))
)
# (the label after a line break: after something, a line's start is past a newline)
_FIX_LINE = re.compile(_FIX_LABEL)


def troubleshooting_entry(low: str) -> bool:
    """Whether a lower-cased text is a troubleshooting entry: a cause and a fix, each under
    its label ("原因: ... 解决: ...", "问题原因 ... 解决方案"), or a fix labelled at a line's
    start after what it fixes (`cause_and_fix`). A notice is no such entry, however short."""
    text = low[:3000]
    if not holds(text, _CAUSE_KEYS):
        return False
    labelled = _FIX_LINE.search(text, 1) is not None
    pattern = _CAUSE_AND_FIX if labelled else _CAUSE_AND_FIX_UNLABELLED
    return pattern.search(text) is not None


def cause_and_fix(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A cause and a fix, each labelled ("Cause: ... Solution: ...") or named together as a
    text's subject ("原因と解決方法", "causes and fixes"), or a fix labelled at a line's start
    after what it fixes ("TOO_MANY_ATTEMPTS ... Solution: Wait ..."): a troubleshooting entry
    about an error. A notice may give a reason; it does not file it under a cause with its
    solution, nor its advice under "Solution:"."""
    text = r.low[:3000]
    labelled = _FIX_LINE.search(text, 1) is not None
    pattern = _CAUSE_AND_FIX if labelled else _CAUSE_AND_FIX_UNLABELLED
    return sign("cause_and_fix", w, pattern, _CAUSE_KEYS, text)
