"""Whether a sentence opens with a condition ("If you exceed the rate limit, ...", "429 エラーを
受け取った場合は ..."): a writer says when something happens, where a notice says what happened
and an agent's announcement says what it will do. One home for the condition words, read by the
`conditional` answer signal and by the announcement readings."""

from __future__ import annotations

import re

# A reply that opens with a condition: "If you exceed the rate limit, ...", "When the upstream
# times out, ...", "如果...", "Если ...". (Not "if the problem persists", "se o problema
# persistir": a notice's advice.)
CONDITION = re.compile(
    r"^\W*(?:if|when|whenever|cuando|quando|wenn|falls|lorsque|если|когда|jeśli|eğer|nếu|jika"
    r"|se (?=você|o |a |um |uma )|si (?=vous|tu |le |la |les |un |une |usted|el |la )"
    # ... in the thinner languages: Swahili, Albanian, Uzbek, Serbian and Macedonian (Cyrillic),
    # Estonian, Lithuanian, Afrikaans, Hausa, Icelandic, Kazakh, Kyrgyz, Mongolian, Armenian,
    # Nepali/Marathi, Gujarati, Punjabi, Urdu, Khmer, Lao, Burmese
    r"|(?:ikiwa|n\u00ebse|agar|\u0430\u043a\u043e|kui|jei|indien|idan|ef"
    r"|\u0435\u0433\u0435\u0440|\u044d\u0433\u0435\u0440|\u0445\u044d\u0440\u044d\u0432"
    r"|\u0565\u0569\u0565|\u092f\u0926\u093f|\u0a9c\u0acb|\u0a1c\u0a47|\u0627\u06af\u0631"
    r"|\u1794\u17d2\u179a\u179f\u17b7\u1793\u1794\u17be|\u0e96\u0ec9\u0eb2"
    r"|\u1021\u1000\u101a\u103a\u104d"
    # ... Finnish, Greek, Ukrainian, Hindi, Hebrew, Czech, Romanian, Danish and Norwegian,
    # Indonesian and Malay, Arabic; Hungarian's "ha" and Croatian's "ako" before the words
    # that follow them as "if" (not an English "Ha, ..." nor Tagalog's "ako", I)
    r"|jos|\u03b1\u03bd|\u03cc\u03c4\u03b1\u03bd|\u044f\u043a\u0449\u043e|\u043a\u043e\u043b\u0438"
    r"|\u0905\u0917\u0930|\u05d0\u05dd|\u05db\u05d0\u05e9\u05e8|pokud|kdy\u017e|dac\u0103"
    r"|hvis|apabila|kalau|\u0625\u0630\u0627|ha(?= (?:a|az|nem|egy) )|ako(?= (?:je|se|ne) ))"
    r"(?=[\s,]))"
    r"\s*(?!.{0,30}(?:persist|continu|bleibt|сохраня|повтор|nastav|настав|inaendelea|vazhdon"
    r"|davom|j\u00e4tku|t\u0119si|leanann|jatku|fenn\u00e1ll|tov\u00e1bbra"
    r"|\u03b5\u03c0\u03b9\u03bc\u03ad\u03bd"
    r"|\u03c0\u03b1\u03c1\u03b1\u03bc\u03ad\u03bd|\u03c3\u03c5\u03bd\u03b5\u03c7|\u0437\u043d\u0438\u043a"
    r"|\u092c\u0928\u0940 \u0930\u0939|\u05e0\u05de\u05e9\u05db|\u05de\u05de\u05e9\u05d9\u05db"
    r"|p\u0159etrv"
    r"|forts\u00e6t|fortset|vedvar|berlanjut|\u0627\u0633\u062a\u0645\u0631))\w"
    r"|^\W*(?:如果|若是|一旦)"
    # ... "in (the) case of" a limit exceeded ("в случае превышения", "En caso de superar"), not
    # of "problems": a notice's advice ("en cas de problème, contactez ...")
    r"|^\W*(?:in (?:the )?case of|\u0432 случае|en caso de|en cas de|im falle? |w przypadku"
    r"|no caso de|in caso di|nel caso|khi |ketika |saat )\s*"
    r"(?!.{0,15}(?:problem|issue|error|erro|проблем|ошибк|fehler|błęd|lỗi|masalah|sorun))\w"
    # ... "当遇到 504 错误时": "when" around its clause (not 当前, "current")
    r"|^\W*(?:当|當)(?!前)[^。\n\uff0c,]{2,40}?(?:时|時)",
    re.I,
)


# Japanese, Chinese and Korean put the condition's mark at the end of its clause: "429 エラーを
# 受け取った場合は", "超过限制的话", "한도를 초과한 경우에는" (in the first clause).
CONDITION_CLAUSE = re.compile(
    r"^[^\n\u3002\uff01\uff1f!?]{2,60}?(?:場合は|場合、|場合,|的话[\uff0c,]|경우에는|경우[,\uff0c])"
)
# ... unless the clause is a notice's advice: "if the problem persists" (問題が解決しない場合は).
PERSISTS = re.compile(r"解決しない|続く|続いて|持续|仍然|依然|계속|지속|반복")


def condition_clause(sentence: str) -> re.Match[str] | None:
    """A CJK condition clause opening `sentence`, unless it is a notice's "if it persists"."""
    m = CONDITION_CLAUSE.match(sentence.lstrip())
    if m is not None and PERSISTS.search(m.group(0)) is not None:
        return None
    return m


def opens_with_condition(sentence: str) -> bool:
    """Whether `sentence` opens with a condition, in any of the languages read."""
    if CONDITION.match(sentence) is not None:
        return True
    return not sentence.isascii() and condition_clause(sentence) is not None
