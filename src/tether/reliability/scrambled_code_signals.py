"""A program whose lines came back rotated: `#include <chrono>` written as `ono>lude <chr`.

A converter or a broken streaming client that reassembles a program from chunks in the wrong
order leaves lines whose end comes before their start: `#include <iomanip>` comes back as
`omanip>e <i`, `#include <algorithm>` as `>include <algorithm`, `#include <cstdint>` as
`stdint>e <c`. No programmer writes such a line: it is a header's name closed (`>`) before it
is opened (`<`), with the tail of the `#include` word between. Two of them in one reply are a
program scrambled, not a typo; the code around them is scrambled too (`64_t value;`), and does
not compile. A line of shell redirections (`cat a>b <c`) starts with its command, and code that
compares (`a > b < c`) spaces or parenthesises its terms, so neither reads as one. Signal
code_lines_scrambled.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.reply import Reply, Signal

# A rotated include line, whole: the header name's end and its ">", the tail of "#include",
# then "<" and the header name's start ("ono>lude <chr", ">include <algorithm", "omanip>e <i").
# (A line may end in "\r": a file with Windows line ends.)
_ROTATED_INCLUDE = re.compile(r"^[ \t]*[\w./]*>#?[a-z]{1,7}[ \t]*<[\w./]+[ \t\r]*$", re.M)
# Two rotated lines are a program scrambled; one may be a typo.
SCRAMBLED_LINES = 2
# The cheap test: an include's word, whole or its tail.
_INCLUDE_TAIL = "lude"


def code_lines_scrambled(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Two or more of the reply's lines are `#include <header>` rotated (the name closed before
    it is opened): a program reassembled out of order."""
    text = r.text
    if _INCLUDE_TAIL not in text or ">" not in text:
        return ()
    found = _ROTATED_INCLUDE.findall(text)
    if len(found) < SCRAMBLED_LINES:
        return ()
    return (Signal("code_lines_scrambled", w["code_lines_scrambled"], found[0].strip()[:40]),)
