"""Loops: a reply that says the same thing again and again instead of writing.

A stuck model repeats what it just wrote until it is stopped: one letter or sign ("GGGG",
"@@@@@@@@"), a few words looping, one line or one word over and over, a number chanted, two
letters glued ("ToToTo"), every token doubled (a client that appends each delta to the text so
far), the unknown token bare, a good start that ends in a loop until the token limit, or code
that ends on one case said again with the next figure (`if n == 2: return 1`, ...). Answers
repeat on purpose too, and the readings keep off them: a table, code, lists and separators (runs
of signs, not of words), a laugh, a request that asks for a repetition.
"""

from __future__ import annotations

import operator
import re
from collections import Counter
from itertools import groupby

from tether.reliability.reply import LETTER, Reply

# The most a reply of control tokens or one repeated letter is worth reading for.
SOUP_CHARS = 400


# A request that asks for a repetition: then a loop is the answer ("say X ten times"; "times"
# after a count, not "the number of times" or "how many times" a task counts; the CJK "times"
# only after a figure: bare, the one is Japanese's "next", the other its "time").
ASKS_REPEAT = re.compile(
    r"repeat|\b(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|fifty"
    r"|hundred|thousand|(?<!how )many|multiple|several|few|more|\w+teen|\w+ty)\s+times\b"
    r"|\bloop|again and again|over and over|echo|copy|say\b.*\b\d+\b|"
    r"\u91cd\u590d|\u904d|[\d\u4e00\u4e8c\u4e09\u56db\u4e94\u516d\u4e03\u516b\u4e5d\u5341\u767e\u4e24\u51e0]\s*"
    r"[\u6b21\u56de]|\u7e70\u308a\u8fd4|\ubc18\ubcf5|\u043f\u043e\u0432\u0442\u043e\u0440|"
    r"wiederhol|r\u00e9p\u00e8te|repet|refrain|chorus",
    re.I,
)
# A loop: a unit of at most this many characters, repeated this many times in a row ...
UNIT_CHARS = 40
LOOP_REPEATS = 6
# ... found in a stretch this long next to the reply's middle.
CHUNK_CHARS = 90
# Signs of code or markup: a repetition in them is the writer's layout.
_LAYOUT = re.compile(r"```|^\s*[|>#*+-]|^\s*\d+[.)]\s|[{};=]\s*$", re.M)


# A loop must make up this share of the reply (what is left is the prompt's head, a marker).
LOOP_SHARE = 0.5


def one_letter(text: str) -> bool:
    """The whole text one letter or ideograph repeated ("GGGG", "\u554a\u554a\u554a\u554a")."""
    return len(text) >= 3 and text[0].isalpha() and not text.strip(text[0])


def sign_run(text: str) -> bool:
    """The whole text one sign repeated at length ("@@@@@@@@", "################"), not one
    a writer draws a rule or an ellipsis with ("=====", "-----", "*****", "......")."""
    return (
        len(text) >= 8
        and not text[0].isalnum()
        and not text.strip(text[0])
        and text[0] not in _RULE_SIGNS
    )


_RULE_SIGNS = frozenset("=-_~*.—─═·…")


def _period(chunk: str) -> int:
    """The shortest period of `chunk` (`abcabcab` has 3), 0 when it repeats no unit of
    `UNIT_CHARS` or less twice. (A period is where the chunk's head comes again: found with
    `str.find`, not tried one by one.)"""
    most = min(UNIT_CHARS, len(chunk) // 2)
    head = chunk[:4]
    p = chunk.find(head, 1, most + len(head))
    while 0 < p <= most:
        if chunk[p:] == chunk[:-p]:
            return p
        p = chunk.find(head, p + 1, most + len(head))
    return 0


def first_loop(text: str) -> tuple[str, int] | None:
    """(unit, characters the run covers) of a loop that makes up most of `text`: a unit with a
    letter and three kinds of characters or more (not "hahaha", a laugh; not "=-=-", a rule)
    repeated six times or more in a row. Such a run holds the text's middle, so a stretch
    next to the middle is read for a period, then the run grown from it (slices compared:
    a regex with a back-reference tried at every position cost milliseconds)."""
    n = len(text)
    if n < 18:
        return None
    size = min(CHUNK_CHARS, max(n // 3, 9))
    mid = n // 2
    most = min(UNIT_CHARS, size // 2)
    for at in (mid - size, mid):
        if text.find(text[at : at + 4], at + 1, at + most + 4) < 0:
            continue  # (`_period`'s first test, without slicing the stretch: most text)
        p = _period(text[at : at + size])
        if not p:
            continue
        start, end = at, at + p
        while start >= p and text[start - p : start] == text[start : start + p]:
            start -= p
        while end + p <= n and text[end : end + p] == text[end - p : end]:
            end += p
        unit = text[start : start + p]
        if (end - start) // p < LOOP_REPEATS or LETTER.search(unit) is None:
            continue
        if len(set(unit.strip())) >= 3:
            return unit, end - start
    return None


def word_loop(text: str, r: Reply) -> str | None:
    """A few words looping: a unit with a letter repeated six times or more in a row, the run
    most of the reply, outside code and lists, to a request that asked for no repetition."""
    body = text.rstrip(". \n\u2026")
    found = first_loop(body)
    if found is None or found[1] < LOOP_SHARE * len(body):
        return None
    if _LAYOUT.search(text) is not None:
        return None
    if r.question and ASKS_REPEAT.search(r.question) is not None:  # (read only for a loop)
        return None
    return found[0]


# A reply that ends in a loop: a model that wrote a start (an answer's opening, a sentence or
# two) and then said the same few words again and again until its token limit. The loop need
# not be exact ("I was hoping it was a bug, but it just didn't work. I was hoping it was a
# hardware issue, but it just didn't work. ..."): its last words hold few different runs of
# three. Words are counted by spaces, and one by one in Chinese and Japanese (written without
# them). The last TAIL_TOKENS words are read (TAIL_LEAST at least) ...
TAIL_TOKENS = 80
TAIL_LEAST = 40
# ... and a loop is a tail whose distinct runs of three words are fewer than this share of
# them (a person's text, lists and tables included, stays above one half).
TAIL_DISTINCT = 0.35
# The cheap test first: a loop's last characters come again this many times in its tail.
TAIL_END_CHARS = 12
TAIL_SPAN = 800
TAIL_END_AGAIN = 3
_TAIL_TOKEN = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]|[^\s\u3040-\u30ff\u3400-\u9fff]+")


# A loop the model broke out of just before its limit ("Win Win Win ... Win, not, but..."):
# the characters this far from the end come again and again in the tail.
TAIL_BREAK_CHARS = 40


def may_loop_at_end(text: str) -> bool:
    """Whether `text` (stripped) may end in a loop: its last characters, or those a few words
    before its end, come again and again in its tail. Cheap (two counts over the tail): a long
    reply is not cleared unread for it."""
    n = len(text)
    if n < 2 * TAIL_LEAST:
        return False
    start = max(0, n - TAIL_SPAN)
    if text.count(text[-TAIL_END_CHARS:], start) >= TAIL_END_AGAIN:
        return True
    probe = text[-TAIL_BREAK_CHARS - TAIL_END_CHARS : -TAIL_BREAK_CHARS]
    return n > 2 * TAIL_BREAK_CHARS and text.count(probe, start) >= TAIL_END_AGAIN


def tail_loop(text: str, r: Reply) -> str | None:
    """The reply ends in a loop (`TAIL_TOKENS`): its last words are a few words said over and
    over, outside code and lists, to a request that asked for no repetition. The loop's
    most frequent run of three words."""
    if not may_loop_at_end(text):
        return None
    words = _TAIL_TOKEN.findall(text[-3 * TAIL_SPAN :])[-TAIL_TOKENS:]
    if len(words) < TAIL_LEAST:
        return None
    runs = Counter(zip(words, words[1:], words[2:], strict=False))
    if len(runs) >= TAIL_DISTINCT * (len(words) - 2):
        return None
    said = runs.most_common(1)[0][0]  # (ties: the first said, not a set's hash order)
    if LETTER.search("".join(said)) is None:
        return None  # (signs and figures repeated: a rule, a table's borders, a count)
    start = text.rfind(words[0])  # (the loop's last period: a list of one line said over
    if _LAYOUT.search(text[start:]) is not None:  # and over is a loop too, measured)
        return None
    if r.question and ASKS_REPEAT.search(r.question) is not None:
        return None
    return " ".join(said)[:40]


# A reply cut in a loop of any characters: its end is one unit said again and again to the
# last character (figures and signs too: "= 16 - 6 / 16", "5 \u00d7 3 = 5 \u00d7 3", "} } }",
# "|E|E|E"), a model that looped until its token limit. An answer ends its own way (a list, a
# table, code and a sum close; a count changes its figure): none ends on this many repeats of
# one unit, this long at least, its unit at most `PERIOD_CHARS` ...
PERIOD_CHARS = 120
PERIOD_REPEATS = 4
PERIOD_RUN = 40
_BLANKS = frozenset(" \n\t")
# ... unless the unit is a rule's signs or a border's, a grid's or a table's ("+------+------+").
_BORDER_SIGNS = _RULE_SIGNS | frozenset("+|:")
# Border signs said over and over this long (characters) are a loop too: no row or rule is.
BORDER_RUN = 240
# ... and they are signs, a quarter of the run at least: a table's cell padded with blanks to
# its closing `|` (a documentation page's wide column) is blanks, not signs run on.
BORDER_SIGNS_LEAST = BORDER_RUN // 4


def _signs_run_on(text: str) -> bool:
    """Whether the last `BORDER_RUN` characters are one line of signs with no letter or figure
    (`| | | || | |` to the limit): longer than any table's row or rule. Not a padded cell's
    blanks and its closing bar (`BORDER_SIGNS_LEAST`)."""
    tail = text[-BORDER_RUN:]
    if len(tail) < BORDER_RUN or "\n" in tail or any(c.isalnum() for c in tail):
        return False
    return len(tail) - tail.count(" ") - tail.count("\t") >= BORDER_SIGNS_LEAST


def periodic_end(text: str, r: Reply) -> str | None:
    """The reply (stripped) ends on one unit repeated `PERIOD_REPEATS` times or more, to its
    last character, not a border's signs (unless they run on, `_signs_run_on`), to a request
    that asked for no repetition. The unit is found where the last characters came before (a
    loop's period), not tried one by one, and only the tail it needs is compared; read only
    when `may_loop_at_end` holds."""
    if not may_loop_at_end(text):
        return None
    if _signs_run_on(text):
        return _unless_asked(text[-20:].strip(), r)
    n = len(text)
    end = text[-TAIL_END_CHARS:]
    before = text.rfind(end, max(0, n - PERIOD_CHARS - TAIL_END_CHARS), n - 1)
    if before < 0:
        return None
    p = n - TAIL_END_CHARS - before
    need = max(PERIOD_RUN, PERIOD_REPEATS * p)
    if need > n or text[n - need : n - p] != text[n - need + p :]:
        return None  # (the last `need` characters have period p: the unit said over and over)
    unit = text[n - p :]
    if _LAUGH.fullmatch(unit.strip()) is not None:
        return None
    if set(unit) - _BLANKS <= _BORDER_SIGNS:
        return None
    if r.question and ASKS_REPEAT.search(r.question) is not None:
        return None
    return unit.strip()[:40]


# A line said over and over: this many times in a row at least, this long, and most of the
# text (a few words looping is `word_loop`'s, a longer sentence is read by lines).
LINE_REPEATS = 4
LINE_CHARS = 15
LINE_SHARE = 0.6


def line_loop(text: str, r: Reply) -> str | None:
    """One line of words said four times or more in a row, most of the reply, outside code
    and lists, to a request that asked for no repetition: a model looping on a sentence."""
    if text.count("\n") < LINE_REPEATS - 1:
        return None
    # (the looping line covers most of the text, so it holds its middle: that line is said
    # four times, or there is no loop)
    mid = len(text) // 2
    start = text.rfind("\n", 0, mid) + 1
    end = text.find("\n", mid)
    middle = text[start : end if end >= 0 else len(text)].strip()
    if len(middle) < LINE_CHARS or text.count(middle) < LINE_REPEATS:
        return None
    lines = (x.strip() for x in text.splitlines())
    best, run = "", 0
    for line, same in groupby(x for x in lines if x):
        n = sum(1 for _ in same)
        if n > run:
            best, run = line, n
    if run < LINE_REPEATS or len(best) < LINE_CHARS or LETTER.search(best) is None:
        return None
    if run * len(best) < LINE_SHARE * len(text) or _LAYOUT.search(text) is not None:
        return None
    if r.question and ASKS_REPEAT.search(r.question) is not None:
        return None
    return best[:40]


# One word said over and over as the whole reply ("is is is is is"), not a laugh or a song's
# syllable ("ha ha ha", "la la la"): this many times at least.
CHANT_WORDS = 8
_LAUGH = re.compile(
    r"(?:ha|he|hi|ho|ja|je|ji|jo|xa|la|na|lo|ah|eh|oh|\u0445\u0430|\u0445\u0435|k|w|"
    r"\u54c8|\u5475|\u563f|\u3131|\u314b|\u314e|\u7b11|\u8349)+[!.]*",
    re.I,
)


# A pair of letters looping at the reply's end, glued ("HelloHowToToToTo..."): this many times.
GLUED_REPEATS = 15


def glued_loop(text: str) -> str | None:
    """The reply ends on two letters said over and over with no space (`GLUED_REPEATS` times
    or more), not a laugh ("hahaha", "jajaja"): a model stuck on one token."""
    body = text.rstrip(". \n\u2026")
    unit = body[-2:]
    if len(unit) < 2 or not unit.isalpha() or unit[0] == unit[1]:
        return None
    if not body.endswith(unit * GLUED_REPEATS) or _LAUGH.fullmatch(unit) is not None:
        return None
    return unit * 3


def chant(text: str, r: Reply) -> str | None:
    """The whole reply one word repeated (`CHANT_WORDS` times or more), to a request that
    asked for no repetition: a model stuck on a token."""
    first = text.split(None, 3)
    if len(first) < 4 or not first[0] == first[1] == first[2] or len(text) > 2000:
        return None
    words = text.split()
    word = words[0]
    if len(words) < CHANT_WORDS or any(w != word for w in words):
        return None
    if LETTER.search(word) is None or _LAUGH.fullmatch(word) is not None:
        return None
    if r.question and ASKS_REPEAT.search(r.question) is not None:
        return None
    return word[:20]


# A number said over and over (`1111111111`, "0 0 0 0 0 0 0 0"): this many times at least, to a
# request with no figure in it that asks for none.
DIGIT_REPEATS = 10
_ASKS_NUMBER = re.compile(
    r"\d|number|digit|count|binary|zero|numer|nombre|zahl|\u0447\u0438\u0441\u043b|\u6570|\u6578"
    r"|\u756a\u53f7|\uc22b\uc790",
    re.I,
)


def number_chant(text: str, r: Reply) -> str | None:
    """The whole reply one number repeated, glued or spaced, after one word at most: a model
    stuck on a digit token, from the start or after the caption's article or an answer's
    label ("a 2 2 2 2 2 2 2 2 2 2", "Answer: 0 0 0 0 0 0 0 0 0 0")."""
    if len(text) > SOUP_CHARS:
        return None
    words = text.split()
    if not text[0].isdigit():
        words = words[1:]  # (the one word before the run)
        if not words or not words[0][0].isdigit():
            return None
    glued = len(words) == 1 and len(words[0]) >= DIGIT_REPEATS and not words[0].strip(words[0][0])
    chanted = len(words) >= DIGIT_REPEATS and words[0].isdigit()
    chanted = chanted and all(w == words[0] for w in words)
    if not (glued or chanted) or not r.question or _ASKS_NUMBER.search(r.question) is not None:
        return None
    return text[:20]


# Each token said twice or thrice ("TheThe answer answer to to 22++33"): a client that appends
# every streamed delta to what it had, or a server that sends the text so far as a delta. A
# text's words are read from its head, this many of them at most ...
DOUBLING_WORDS = 60
# ... and a doubled text repeats this many different words, and this share of its words.
DOUBLED_DISTINCT = 3
DOUBLED_SHARE = 0.3
_PUNCTUATION = "!?.,;:()\"'"


def _self_repeated(word: str) -> bool:
    """The word is a shorter one said twice or thrice ("TheThe", "222")."""
    n = len(word)
    return (n >= 4 and n % 2 == 0 and word[: n // 2] == word[n // 2 :]) or (
        n >= 6 and n % 3 == 0 and word[: n // 3] * 3 == word
    )


def doubled(text: str) -> str | None:
    """Tokens said twice over: a word repeated right after itself, or a word made of one said
    twice, for many different words (a writer's "very very" or "no no no" is one word; a
    laugh or a chant repeats one). The first word doubled."""
    head = text[:60].split()
    if len(set(head)) > len(head) - 2 or sum(map(operator.eq, head, head[1:])) < 2:
        return None  # (the gate: a doubled text has pairs in its head, its words bare)
    words = [w.strip(_PUNCTUATION) for w in text[:600].split()[:DOUBLING_WORDS]]
    if len(words) < 6:
        return None
    doubled = [
        w for i, w in enumerate(words) if w and ((i and w == words[i - 1]) or _self_repeated(w))
    ]
    if len(doubled) < DOUBLED_SHARE * len(words) or len({w.lower() for w in doubled}) < (
        DOUBLED_DISTINCT
    ):
        return None
    return doubled[0]


# A sequence model's unknown token written bare ("i unk unk unk"): this many times at least,
# and this share of the words.
UNK_WORDS = 3
UNK_SHARE = 0.3


def bare_unknowns(text: str) -> str | None:
    """The unknown token without its brackets (`unk`, `UNK`) said again and again, much of a
    short reply: an old seq2seq model's output, every word it did not know replaced."""
    if len(text) > SOUP_CHARS or ("unk" not in text and "UNK" not in text):
        return None
    words = text.split()
    unknown = sum(1 for w in words if w.strip(_PUNCTUATION) in ("unk", "UNK"))
    if unknown >= UNK_WORDS and unknown >= UNK_SHARE * len(words):
        return "unk"
    return None


# A reply that ends on a ladder: a code model that writes a case, then the same case again with
# the next figure (`if n == 1: return 1`, `if n == 2: return 1`, ...), or the same function
# again and again, until its token limit cuts it, often inside a line. Its lines, figures and
# short strings masked, repeat with one period to the last line (or the last line is the head
# of the line a period before: the cut). An answer's ladder ends its own way (`return True`
# after the cases, a fence, a sentence): this one ends in the run. Read on the last lines only:
# this many characters ...
LADDER_SPAN = 2400
# ... a unit of at most this many lines (two or more: one line repeated is a log's, a list's,
# a test's), said this many times, this many lines at least.
LADDER_PERIOD = 16
LADDER_REPEATS = 4
LADDER_LINES = 6
# A unit this many lines long (a helper function defined over and over) is a ladder said this
# many times: the span holds few of them.
LADDER_LONG_UNIT = 8
LADDER_LONG_REPEATS = 3
# The cheap test: the head of the line before the last (up to its first figure or quote) is
# said this many times in the tail.
LADDER_HEAD_CHARS = 6
LADDER_PROBE_CHARS = 400
_LADDER_CUT = re.compile(r"[\d'\"]")
# (a figure, a list of them, one cut after its comma, a short string in quotes)
_FIGURES = re.compile(
    r"'[^'\n]{0,20}'|\"[^\"\n]{0,20}\"|-?\d+(?:\.\d+)?(?:\s*,\s*-?\d+(?:\.\d+)?)*,?"
)


def _line_before_last(text: str) -> str:
    """The line before the last of `text` (stripped), blank lines aside, found from its end
    within `LADDER_PROBE_CHARS` ("" when there is none)."""
    seen = 0
    end = len(text)
    stop = max(0, end - LADDER_PROBE_CHARS)
    while end > stop:
        start = text.rfind("\n", stop, end) + 1
        line = text[start:end].strip()
        if line:
            seen += 1
            if seen == 2:
                return line
        if start == 0 or start <= stop:
            break
        end = start - 1
    return ""


def may_ladder_at_end(text: str) -> bool:
    """Whether `text` (stripped) may end on a ladder (`ladder_end`): the head of its line before
    the last (blank lines aside, up to its first figure or quote) comes again
    `LADDER_LONG_REPEATS` times in its tail. Cheap: a few slices from the end and a count."""
    line = _line_before_last(text)
    cut = _LADDER_CUT.search(line)
    head = line[: cut.start()] if cut is not None else line
    if len(head) < LADDER_HEAD_CHARS:
        return False
    return text.count(head, max(0, len(text) - LADDER_SPAN)) >= LADDER_LONG_REPEATS


def _tail_lines(text: str) -> list[str]:
    """The last lines of `text` that are not blank, right-stripped: the first one left out
    (the span may cut it)."""
    return [x.rstrip() for x in text[-LADDER_SPAN:].splitlines()[1:] if x.strip()]


def _cut_repeat(last: str, ahead: str) -> bool:
    """Whether the last line says again the line a period before, or its head (cut there)."""
    return last == ahead or (len(last.strip()) >= 2 and ahead.startswith(last))


def _run_back(lines: list[str], p: int) -> int:
    """How many lines before the last repeat the one a period `p` before, in a row, plus the
    last one."""
    i = len(lines) - 2
    while i - p >= 0 and lines[i] == lines[i - p]:
        i -= 1
    return len(lines) - 1 - i


# One line said again word for word (`test = [i for i in test if i != '']`), to the end: this
# many times at least, this long (a log's or a list's lines differ by a figure at least).
SAME_LINE_RUN = 8
SAME_LINE_CHARS = 12


def ladder_end(text: str, r: Reply) -> str | None:
    """The reply (stripped) ends on a ladder: a unit of two to `LADDER_PERIOD` lines, figures
    masked, said `LADDER_REPEATS` times or more and `LADDER_LINES` lines or more to its last line
    (which may be cut), or one line word for word `SAME_LINE_RUN` times; not a table, to a
    request that asked for no repetition. The unit's first line."""
    if not may_ladder_at_end(text):
        return None
    raw = _tail_lines(text)
    if len(raw) > SAME_LINE_RUN and _cut_repeat(raw[-1], raw[-2]):
        line = raw[-2].strip()
        if len(line) >= SAME_LINE_CHARS and LETTER.search(line) and not line.startswith("|"):
            if _run_back(raw, 1) >= SAME_LINE_RUN:
                return _unless_asked(line, r)
            if not line.endswith(");"):
                return None  # (a call statement may be said with the next figure: below)
    lines = [_FIGURES.sub("#", x) for x in raw]
    n = len(lines)
    for p in range(2, min(LADDER_PERIOD, n // LADDER_REPEATS) + 1):
        if not _cut_repeat(lines[-1], lines[-1 - p]):
            continue
        repeats = LADDER_REPEATS if p < LADDER_LONG_UNIT else LADDER_LONG_REPEATS
        if _run_back(lines, p) < max(LADDER_LINES, (repeats - 1) * p):
            continue
        unit = lines[n - p : n] if lines[-1] == lines[-1 - p] else lines[n - 1 - p : n - 1]
        if len(set(unit)) == 1:
            # (one line, its figures changed: a list's items, a log's, no ladder; but a call
            # statement said with the next figure, cut inside its next saying, is the loop)
            return _unless_asked(unit[0].strip(), r) if _statement_run(lines, unit[0]) else None
        if any(x.lstrip().startswith("|") for x in unit) or not any(map(LETTER.search, unit)):
            continue
        return _unless_asked(unit[0].strip(), r)
    return None


# A call statement (`lst.add(#);`, `assertEquals(#, f(#));`) said with the next figure this many
# times at least, then cut inside its next saying: a code model's loop to its token limit.
STATEMENT_RUN = 12


def _statement_run(lines: list[str], unit: str) -> bool:
    """Whether the masked `lines` end on a call statement (`unit`, ending `);`) said
    `STATEMENT_RUN` times in a row, the last line cut inside it (its head, not all of it)."""
    last = lines[-1]
    if not unit.endswith(");") or last == unit or not unit.startswith(last):
        return False
    return _run_back(lines[:-1], 1) >= STATEMENT_RUN


def _unless_asked(unit: str, r: Reply) -> str | None:
    """The loop's unit, unless the request asked for a repetition."""
    if r.question and ASKS_REPEAT.search(r.question) is not None:
        return None
    return unit[:40]
