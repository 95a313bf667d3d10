"""Trouble said in a chat bot's casual register: romanized Hindi, colloquial Indonesian.

Companion and helper bots answer in the register their users write in, and their failure
notices do too: "Aree yaar, kuch gadbad ho gaya!", "AI lagi sibuk, coba bentar lagi". The
vocabulary's formal words ("terjadi kesalahan", "त्रुटि") are missing from them. The words are
data of `judge_signals.json` (`casual_trouble`); a guess ("kayaknya servernya lagi error") is a
person diagnosing someone else's trouble, and is left alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tether.reliability.lexicon import SHIPPED, Lexicon
from tether.reliability.reply import Reply, Signal
from tether.reliability.trie_patterns import Boundary, Words

# A notice is a line or two; a paragraph in a casual register is a person's reply.
NOTICE_CHARS = 200


# A word of a list is a whole word: no letter before it, and no letter, `_` or a dotted name's
# part after it ("gadbad", not "gadbad_handler" or "network.me").
_WHOLE = Boundary(before="a-z", after=r"(?![a-z_])(?!\.[a-z])")


def _words(data: Mapping[str, Any], key: str) -> Words:
    """One search for a list of words, each matched as a whole word (`_WHOLE`)."""
    return Words((str(t).lower() for t in data.get(key, ())), _WHOLE)


_DATA: Mapping[str, Any] = SHIPPED.get("casual_trouble", {})
_TROUBLE = _words(_DATA, "trouble")
_HEDGE = _words(_DATA, "hedge")


def may_be_casual_trouble(low: str) -> bool:
    """Whether `low` (a reply, lower-cased) may be a casual notice: a reading must not clear it
    on its missing failure words."""
    return len(low) <= NOTICE_CHARS and _TROUBLE.search(low) is not None


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """Trouble in a casual register may be said (`may_be_casual_trouble`): not cleared unread."""
    return may_be_casual_trouble(low)


def casual_trouble(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply that says, in a casual register, that something broke or is busy."""
    if len(r.text) > NOTICE_CHARS or not r.written:
        return ()
    low = r.low
    found = _TROUBLE.search(low)
    if found is None or _HEDGE.search(low) is not None:
        return ()
    return (Signal("casual_trouble", w["casual_trouble"], found.group(0)),)
