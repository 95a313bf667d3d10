"""A summary of a source the model never read: the address guessed at, the summary withheld.

A digest bot asks a model to summarise a link; when the model cannot open it, the reply says
so and gives what the address alone suggests: "该网址指向一个GitHub Gist页面……由于无法直接访问该
页面\uff0c无法提供详细总结。", "Since I cannot access the page, I cannot provide a summary.",
"ich kann auf externe Links nicht zugreifen. Wenn du möchtest, kannst du mir den Text hier
einfügen". Two parts make it: the source said unread (not accessed, not opened, its content not
given) and the summary said not given, or the source's text asked for instead. Either alone is
common in answers (a page a user cannot open; a summary an answer declines to shorten); both
in one short reply are the summary step's failure. The words are data of `judge_signals.json`
(`source_unread`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from tether.reliability.lexicon import SHIPPED
from tether.reliability.refusal_grammar import regexes
from tether.reliability.reply import Reply, Signal

_DATA: Mapping[str, Any] = SHIPPED.get("source_unread", {})
# A summary withheld is a short reply: a guess from the address and the plea, not a summary.
UNREAD_CHARS = 600
# The source said unread: "无法直接访问该页面", "cannot access the link", "内容未提供".
_UNREAD = re.compile(regexes(_DATA.get("unread", ())), re.IGNORECASE)
# The summary said not given, or the source's text asked for: "无法提供详细总结", "paste the text".
_WITHHELD = re.compile(regexes(_DATA.get("withheld", ())), re.IGNORECASE)
# A request to read what a link holds: summarise it, extract from it, say what it says.
_ASKS_READ = re.compile(regexes(_DATA.get("asks_read", ())))
# The speaker just before an inability ("I'm unable to", "我无法", "ich kann"), or the
# subjectless cause that is the speaker's ("由于无法直接访问").
_SPEAKER = re.compile(
    r"(?:\bi(?:'m| am)?|\bwe|\bich|\bje|我|我们|我們|由于|由於|因为|因為)\s*(?:\w+\s+){0,2}?$"
)
# A clause that supposes the inability rather than reports it: "If the bot cannot access".
_CONDITION = re.compile(r"\b(?:if|unless|whether|wenn|falls|si)\b|如果|假如|若")
_STOPS = frozenset(".!?,;:\u3002\uff0c\uff01\uff1f\uff1b\uff1a")
# Cheap words one of which every `unread` phrase holds (`str.find`, before any regex).
_GATE = tuple(_DATA.get("gate", ()))


def unread_summary(text: str, linked: bool = False) -> str | None:
    """The words of a short reply that says its source was not read and its summary not given
    (or the source's text asked for; or, `linked`, the request gave the source as an address
    for it to read), else None."""
    if len(text) > UNREAD_CHARS:
        return None
    low = text.lower()
    if not any(g in low for g in _GATE):
        return None
    unread = _UNREAD.search(low)
    if unread is None:
        return None
    if not _own(low, unread.start()) or _CONDITION.search(_clause(low, unread.start())):
        return None  # someone else's inability ("users can't access"), or a supposed one ("if")
    if _WITHHELD.search(low) is None and not linked:
        return None
    return unread.group(0)


def _clause(low: str, start: int) -> str:
    """The words of the clause before `start`, from its last stop (40 characters at most)."""
    before = low[max(0, start - 40) : start]
    cut = max(before.rfind(stop) for stop in _STOPS)
    return before[cut + 1 :]


def _own(low: str, start: int) -> bool:
    """Whether the inability at `start` is the speaker's: after "I", "我", "ich", "je", or
    opening its clause (not "Signal无法访问备份内容", "users can't access the page")."""
    before = low[max(0, start - 12) : start]
    return (
        _SPEAKER.search(before) is not None or not before.strip() or before.rstrip()[-1] in _STOPS
    )


def source_unread(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply says its source could not be read and gives no summary of it
    (`unread_summary`), or says so to a request that gave the source as a link to read: the
    address guessed at, or the step undone, in place of what it holds."""
    question = r.question
    found = unread_summary(r.text, "http" in question and _ASKS_READ.search(question) is not None)
    if found is None:
        return ()
    return (Signal("source_unread", w["source_unread"], found[:60]),)
