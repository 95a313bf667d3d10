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
# Cheap words one of which every `unread` phrase holds (`str.find`, before any regex).
_GATE = tuple(_DATA.get("gate", ()))


def unread_summary(text: str) -> str | None:
    """The words of a short reply that says its source was not read and its summary not given
    (or the source's text asked for), else None."""
    if len(text) > UNREAD_CHARS:
        return None
    low = text.lower()
    if not any(g in low for g in _GATE):
        return None
    unread = _UNREAD.search(low)
    if unread is None:
        return None
    withheld = _WITHHELD.search(low)
    if withheld is None:
        return None
    return unread.group(0)


def source_unread(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply says its source could not be read and gives no summary of it
    (`unread_summary`): the address guessed at in place of what it holds."""
    found = unread_summary(r.text)
    if found is None:
        return ()
    return (Signal("source_unread", w["source_unread"], found[:60]),)
