"""A reply of headings alone: a report's frame sent with nothing under it.

A tool that stores a model's reply under its own headings ("# Assessment No: 4", "## Date:
2025-11-30 07:34:39"), or a model that wrote its report's headings and stopped, leaves a text
whose every line is a Markdown heading: no sentence, row or item of the asked work below any of
them. A real answer may be one heading (a title asked for) or open with headings, but its body
follows; several headings and nothing else is a frame with its content missing. A request for
headings, an outline or titles is answered by them. Signal headings_only.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.lexicon import SHIPPED, Lexicon, alternation
from tether.reliability.reply import Reply, Signal

# A frame of headings is a few short lines.
OUTLINE_CHARS = 400
# Headings this many at least: one heading alone may be the asked title.
_HEADINGS = 2
# A Markdown heading's line: its marks at the line's start, then its words.
_HEADING = re.compile(r"#{1,6}[ \t]+\S")
# A request answered by headings: an outline, titles, a table of contents, section names.
# (its words, `outline` in judge_signals.json: ASCII ones whole words, the others anywhere)
_ASKS_WORDS = [str(word) for word in SHIPPED.get("outline", {}).get("asks_headings", ())]
_ASKS_HEADINGS = re.compile(
    rf"\b(?:{alternation(w for w in _ASKS_WORDS if w.isascii())})\b"
    rf"|{alternation(w for w in _ASKS_WORDS if not w.isascii())}",
)


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """The reply may be headings alone: short, opening on a heading, over several lines."""
    return len(text) <= OUTLINE_CHARS and text[:1] == "#" and "\n" in text


def headings_only(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply whose every line is a Markdown heading, two at least: the frame of a
    report, its body never written (unless headings were the request)."""
    text = r.text
    if not may_fire(text, r.low, r.lexicon):
        return ()
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) < _HEADINGS or not all(_HEADING.match(line) for line in lines):
        return ()
    if _ASKS_HEADINGS.search(r.question) is not None:
        return ()
    return (Signal("headings_only", w["headings_only"], f"{len(lines)} headings, no body"),)
