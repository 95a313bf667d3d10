"""A whole reply that is one clause of inability, framed by its language's grammar.

Vietnamese and Thai say "could not <verb>" with a frame around the verb: "không dịch được",
"ไม่สามารถสรุปได้". Clients in those languages put such a clause, after a warning sign, where
the model's answer should be ("⚠️ Không soạn được."); a voice skill says its own in the same
place, after an apology at most ("Sorry, I couldn't update your configuration.", "Ich konnte
die Zeitzone nicht finden.", "天気を取得できませんでした。"). The frames and the apologies are
data of `judge_signals.json` (`inability_alone`); the clause must be the whole reply: an answer
that says it could not do something goes on to say why or what it did instead, and one whose
verb is a finding ("I couldn't reproduce it", "unable to find any") reports what it found.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from tether.reliability.lexicon import SHIPPED, Lexicon, shipped_terms
from tether.reliability.reply import Reply, Signal

# The verb and its object: a few words, never a sentence of the task's. The clause opens with a
# letter, or with a template's slot ("Ich bin nicht sicher wie man {phrase} spielt").
CLAUSE_CHARS = 40


def _frames(data: Mapping[str, Any]) -> re.Pattern[str]:
    """One pattern: a whole text made of a warning sign and an apology at most and one framed
    clause."""
    leads = "|".join(re.escape(str(lead).lower()) for lead in data.get("leads", ()))
    lead = rf"(?:(?:{leads})[,.!\s\uff0c\u3001\u3002]*)?" if leads else ""
    inner = "|".join(
        re.escape(str(start).lower())
        + rf"(?:[^\W\d_]|\{{)[^.!?\n\u3002]{{0,{CLAUSE_CHARS}}}?"
        + re.escape(str(end).lower())
        for start, end in data.get("frames", ())
    )
    return re.compile(r"[^\w]{0,4}" + lead + "(" + (inner or "(?!)") + r")[\s.!\u3002]*")


_ALONE = _frames(SHIPPED.get("inability_alone", {}))
# A request that asks whether the assistant can do something ("Can you add milk to my list?")
# is answered by "I wasn't able to do that" (`exchange_line`'s words for it).
ASKS_ABILITY = shipped_terms("exchange_line", "asks_ability")


# A clause that turns ("..., but", "because") or whose verb is a finding ("reproduce", "find",
# "locate": what a search or a check found) is an answer's, however short.
_TURNS_OR_FINDS = re.compile(
    r"[,;:\uff0c]|\b(?:but|because|since|so|instead|reproduce|replicate|find|locate|confirm"
    r"|verify|see|spot|detect|encontr\w*|trouv\w*|trovar\w*|finden|gefunden|vinden|gevonden"
    r"|найти|найден\w*|znaleźć|znalezć)\b|找|見つ|検出|찾|ため|因为|因為|때문"
)


def may_be_inability(low: str) -> bool:
    """Whether `low` (a reply, lower-cased) may be an inability clause alone: a reading must
    not clear it on its missing failure words."""
    if len(low) > CLAUSE_CHARS + 40:
        return False
    whole = _ALONE.fullmatch(low.strip())
    if whole is None:
        return False
    return _TURNS_OR_FINDS.search(whole.group(1)) is None


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """The reply may be one clause of inability (`may_be_inability`): not cleared unread."""
    return may_be_inability(low)


def inability_only(r: Reply) -> bool:
    """Whether the whole reply is one clause saying it could not do something, and nothing
    else: not after the model's own tool calls, nor to a request that asks whether it can."""
    if not may_be_inability(r.low) or not r.written:
        return False
    # (not the model's account of its own calls; not an answer to "can you ...?")
    return not r.after_tools and not (r.question and ASKS_ABILITY.search(r.question) is not None)


def inability_alone(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The whole reply is one clause saying it could not do something (`inability_only`)."""
    if not inability_only(r):
        return ()
    return (Signal("inability_alone", w["inability_alone"], r.text.strip()[:60]),)
