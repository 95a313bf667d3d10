"""A person's guess at the cause of someone else's failure, and a person's casual fix.

People in a thread diagnose from afar and say so: "It sounds like ChatGPT is not enabled",
"maybe there is a bug", "in case they are expired or something", "估计是 key 过期了",
"Вероятно автоматизация написана неправильно", "たぶん", "아마". A service that fails knows
its own state and states it; when a notice hedges at all it says "may be due to" or "possibly",
and those are left out here, as are "I guess" ("Try again, I guess.") and "probably" ("Your
prompt probably requests something that is not allowed"), which bots' and filters' notices say.

People also tell a fix in the register of talk, a value to turn up and "that's it":
"把10改大点就解决了", "改成 60 就行了", "调高一点就好了". A notice tells the user what to do
in its formal register ("请稍后再试", "充值后即可继续使用"), never "and then it's fixed".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.about_signals import sign
from tether.reliability.keyed import holds, split_keys
from tether.reliability.reply import Reply, Signal

_GUESS_KEYS = split_keys(
    (
        *("sounds like", "maybe", "or something", "suspect", "i bet", "my guess", "guessing"),
        "to do",
        *("估计", "大概是", "应该是", "八成", "多半是", "大概率"),
        *("вероятно", "наверное", "скорее всего"),
        *("wahrscheinlich", "vermutlich", "probablement", "probablemente", "provavelmente"),
        *("probabilmente", "たぶん", "多分", "아마"),
        *("hope ", "hoffe", "надеюсь", "希望不是", "않을까 싶"),
    )
)
# A guess at a cause: "it sounds like", "maybe there is a bug", "... or something.", "I
# suspect", "I bet", "my guess is", "it may have to do with"; 估计 (reckon), 大概是,
# 大概率 (odds are), 应该是 (must be; not 应该可以了, a fix landed, which `acted` reads), 八成,
# 多半是; вероятно, наверное, скорее всего; wahrscheinlich, vermutlich, probablement,
# probablemente, provavelmente, probabilmente; たぶん, 多分; 아마, 않을까 싶. (Not "I guess",
# "probably", "maybe try ...": a bot's and a filter's notices say them; not "可能是", a
# client's "可能是网络问题, 请稍后再试".)
_GUESS = re.compile(
    r"\bsounds like\b|\bmaybe (?:there|it|it's|the|your|this|that|they) (?:is|are|was|were|has"
    r"|had)\b|\bor something(?=\s*[.!?,)]|\s*$)|\bi (?:suspect|bet)\b|\bmy guess\b"
    r"|\bi'm guessing\b|\b(?:may|might|could) have (?:something |anything )?to do (?:\w+ )?with\b"
    r"|估计|大概是|应该是(?!可以)|八成|多半是|大概率"
    r"|(?<!\w)(?:вероятно|наверное|скорее всего)(?!\w)"
    r"|\b(?:wahrscheinlich|vermutlich|probablement|probablemente|provavelmente|probabilmente)\b"
    r"|たぶん|多分|(?<!\w)아마(?:도)?(?!\w)|않을까 싶"
    # ... or a bystander's hope about it: "Hope it's not a bigger problem", "Hoffe es ist kein
    # größeres Problem", "надеюсь", "希望不是" (not "we hope to be back soon", a service's own)
    r"|(?<!we )(?<!we'd )\bhope (?:it|this|that|they)(?:'s| is| isn't| is not| gets| will"
    r"| won't| was)\b|\bhoffe\b|(?<!\w)надеюсь(?!\w)|希望不是"
)


def guessing(low: str) -> bool:
    """Whether the text (lower case) guesses at a cause or hopes about it (`guesses`' words)."""
    return holds(low, _GUESS_KEYS) and _GUESS.search(low) is not None


def guesses(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The writer guesses at the cause ("It sounds like ChatGPT is not enabled", "maybe there
    is a bug", "估计是 key 过期了", "Вероятно ...") or hopes about it ("Hoffe es ist kein
    größeres Problem"): a person looking at someone else's failure from afar. A service
    states its own failure; it does not guess at it, and hopes only as "we"."""
    if not r.written:
        return ()
    return sign("guesses", w, _GUESS, _GUESS_KEYS, r.low[:3000], strip=True)


_CASUAL_FIX_KEYS = split_keys(("就", "点", "没必要", "随便"))
# A value turned up or down, "a bit", or "and then it's solved / fine / done": "把10改大点",
# "调高一点", "就解决了", "就好了", "就行了", "就可以了" (not "即可", a notice's formal "then
# you can").
_CASUAL_FIX = re.compile(
    r"就(?:能)?(?:解决|好|行|可以)了"
    # ... or "就行" closing the clause ("改一下channel就行", round 32)
    r"|就行(?=$|[\s\u3002\uff0c\uff01!,.~\uff5e])"
    r"|(?:改|调|设|设置)(?:得)?(?:大|小|高|低|长|短)(?:一)?点"
    # ... or advice against, as talk: "完全没必要", "不要随便设置1M" (not a rate notice's formal
    # "请不要频繁请求")
    r"|没必要|(?:不要|别)随便"
)


def casual_fix(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A fix told in the register of talk ("把10改大点就解决了", "调高一点就好了"): a person
    helping in a thread. A notice's advice is formal ("请稍后再试", "充值后即可继续使用")."""
    if not r.written:
        return ()
    return sign("casual_fix", w, _CASUAL_FIX, _CASUAL_FIX_KEYS, r.low[:3000])
