"""Copy published with its fill-in slots left open: a writing template, not the text.

A model asked to write a product page, a post or a README sometimes gives back the template it
would fill: "This product can be used for [task 1], [task 2], and [task 3].", "Il nostro
[prodotto] ... [attività 1], [attività 2] e [attività 3]", or a generator's own stand-ins for
sections it never wrote ("► INSERT-TEXT-HERE", "Insert your product description here",
"lorem ipsum dolor sit amet"). Shops and READMEs published such texts as they came (signal
fill_in_left). Two marks tell it from a letter template a user asked for ("Dear [Customer
Name], ... [Your Name]", an answer): a NUMBERED series of the same slot ("[task 1], [task 2]"),
which lists things the writer was to name, and a fill-in instruction written as the text
itself, outside any bracket. Filler asked for by name (lorem ipsum, a placeholder) is an answer.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping

from tether.reliability.lexicon import SHIPPED, Lexicon, field_alternation
from tether.reliability.reply import Reply, Signal

# A slot and its numbered sibling in the same sentence: "[task 1], [task 2]", "[tarefa 1] e
# [tarefa 2]" (letters only: `[i - 1]` is code).
_NUMBERED = re.compile(r"\[([^\W\d_][^\W\d_ ]*(?: [^\W\d_]+){0,2}) 1\][^\[\n]{0,30}\[\1 2\]")
# A generator's or a template's instruction standing as the text, not inside a bracket.
_INSTRUCTION = re.compile(
    r"insert[- _]text[- _]here|(?<!\[)\binsert (?:your|the) [\w ]{1,30} here\b|\blorem ipsum\b"
)
# A generator's stand-in said again section after section: each time after the first adds this
# much, up to `MORE_STAND_INS` times (a README whose every section says "INSERT-TEXT-HERE").
AGAIN_WEIGHT = 0.5
MORE_STAND_INS = 3
_STAND_IN = re.compile(r"insert[- _]text[- _]here")
# Filler the request asks for: then it is the answer.
_ASKED = re.compile(r"lorem|placeholder|template|dummy|filler")
_CUES = ("1]", "insert", "lorem")


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """The reply may hold fill-in slots or a fill-in instruction: not cleared unread."""
    if any(cue in low for cue in _CUES):
        return True
    if len(text) > FILL_IN_SLOTS_CHARS or _too_few_notes(text):
        return False
    return next(iter(_notes(text)), None) is not None


def fill_in_left(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A numbered series of fill-in slots, or a fill-in instruction, left in the text."""
    low = r.low
    if not any(cue in low for cue in _CUES) or "```" in low:
        return ()
    found = _NUMBERED.search(r.text) or _INSTRUCTION.search(low)
    if found is None or _ASKED.search(r.question) is not None:
        return ()
    again = min(MORE_STAND_INS, max(0, len(_STAND_IN.findall(low)) - 1))
    weight = w["fill_in_left"] + AGAIN_WEIGHT * again if w["fill_in_left"] else 0.0
    return (Signal("fill_in_left", weight, found.group(0)[:60]),)


# ---------------------------------------------------------------- slots in place of the content
#
# A dataset or a pipeline that stores a model's output as data keeps the note a model wrote in
# place of the work: "[insert chart]", "<插入流程图>", "[ここにグラフを挿入]" where a chart was
# asked for, "<nooutput>", or a copy whose facts are all left as slots ("This website was
# founded in [date] by [Your Name]."). A slot is a stand-in only when it replaces the content:
# the text is its slots alone, a slot closes the text right after the colon that announced the
# content ("here is the list: [List of available regions]"), or the slots are a large share of
# what is said. A letter's salutation and signature slots ("Dear [Name]", "Sincerely,
# [Your Name]") are the template's own, and a letter with its body written is an answer.

_FILL_IN = SHIPPED.get("fill_in", {})


def _words(field: str) -> str:
    return field_alternation(_FILL_IN, field)


# A bracketed note: square, angle, full-width and lenticular brackets; not a Markdown link's
# text (`[docs](url)`), an image's alt text (`![chart](url)`) or a checkbox (`[x]`).
# (what comes before a note is looked at by `_notes`: a pattern that opens on its bracket is
# found by a fast scan)
_BRACKETED_NOTE = re.compile(
    r"([\[<\u3010\uff3b\u3008(\uff08])"
    r"([^\[\]<>\u3010\u3011\uff3b\uff3d\u3008\u3009()\uff08\uff09\n`]{2,60})"
    r"([\]>\u3011\uff3d\u3009)\uff09])(?![(\[:])"
)
_CLOSER_CHARS = frozenset("]>\u3011\uff3d\u3009)\uff09")
_CLOSERS = {
    "[": "]",
    "<": ">",
    "\u3010": "\u3011",
    "\uff3b": "\uff3d",
    "\u3008": "\u3009",
    "(": ")",
    "\uff08": "\uff09",
}
# Inside the note: an instruction to a human ("insert", "your", "插入", "ここに"), a thing the
# writer was to make ("chart", "流程图"), or a fact the template leaves open ("[Company Name]").
# (a whole word in alphabets; a word's start in scripts written without spaces: "此处插入")
_WORD_END = r"(?![a-z\u00e0-\u024f\u0400-\u04ff])"
_OPENER = re.compile(rf"^(?:{_words('openers')}){_WORD_END}", re.I)
_INSTRUCTION_FIRST = frozenset(t[:1].lower() for t in _FILL_IN.get("instructions", ()))
_INSTRUCTION_OPENER = re.compile(rf"^(?:{_words('instructions')}){_WORD_END}", re.I)
# A label for the thing to make, then its description: "[Image: a cat on a mat]".
_ARTIFACT_LABEL = re.compile(rf"^(?:{_words('artifacts')})\s*[:\uff1a]", re.I)
# (in ASCII, a note's words are looked up: a pattern tried at each of its characters is slow)
_ARTIFACTS = frozenset(t.lower() for t in _FILL_IN.get("artifacts", ()))
_FIELDS = frozenset(t.lower() for t in _FILL_IN.get("fields", ()))
_OTHER_ARTIFACT = re.compile(rf"(?:{_words('artifacts')})", re.I)
_OTHER_FIELD_END = re.compile(rf"(?:{_words('fields')})$", re.I)
_ASCII_WORD = re.compile(r"[a-z]+")
# Code's brackets: an identifier, a path, an expression, a version, an index.
_CODE_INSIDE = re.compile(r"[=/\\_.:;{}()|#@$%*+\"]|\d|^\w+-\w+$|^[a-z]+$")
_GREETING_LINE = re.compile(rf"^\W*(?:{_words('greetings')})\b[^\n]{{0,20}}$", re.I)
_CLOSING_LINE = re.compile(rf"^\W*(?:{_words('closings')})\W*$", re.I)
_CLOSING_BEFORE = re.compile(rf"(?:{_words('closings')})\W*$", re.I)
_STAND_IN_TAG = re.compile(rf"[\[<(]\s*(?:{_words('stand_in_tags')})\s*[\]>)]", re.I)
_CODE_SPANS = re.compile(r"```.*?(?:```|$)|`[^`\n]*`", re.S)
_ASKS_SLOTS = re.compile(
    r"templat|placeholder|fill[ -]?in|\[your|<your|mad ?lib|blank|boilerplate|skeleton"
    r"|模板|占位|テンプレート|템플릿|plantilla|modelo|mod[eè]le|vorlage|шаблон",
    re.I,
)
# Brackets a slot's note sits in, stripped to compare its words with the request's.
_BRACKETS = "[]<>()【】〈〉 " + "\uff3b\uff3d\uff08\uff09"
# A request to describe or caption: a bracketed description is then the answer itself.
_ASKS_DESCRIPTION = re.compile(
    r"\bdescri|\bcaption|\balt[ -]?text|描述|描写|説明|설명|beschreib|décri|opisz|опиши",
    re.I,
)
_LETTERS = re.compile(r"[^\W\d_]")
FILL_IN_SLOTS_CHARS = 1500
# The characters said (but spaces) per slot below which the slots are the text ("Buy the
# [PRODUCT NAME] today for less"; "founded in [date] by [Your Name] ... [channel link]": about
# 50 a slot); a letter with its body written says hundreds a slot.
SLOT_SHARE_CHARS = 70
ONE_SLOT_CHARS = 36  # one slot in a line of its own size ("Buy the [PRODUCT NAME] today")
SLOTS_ALONE = 1.5  # a reply of slots alone: the request's own words in them are no answer
_NOTE_OPENERS = "[<\u3010\uff3b\u3008&(\uff08"


def _note_strength(mark: str, inside: str) -> int:
    """How surely a bracketed note names what was to be written there: `NOTE` for an
    instruction, a thing to make or a fact left open ("[insert chart]", "[Company Name]"),
    `BARE_THING` for a thing's name alone ("[Chart]", a stand-in only where the content goes),
    0 for code's brackets, an HTML tag, a log's level, a writer's aside in parentheses."""
    if mark in "(\uff08":  # parentheses hold asides: only an instruction is a note there
        if inside[:1].lower() not in _INSTRUCTION_FIRST:
            return 0  # (most asides: no instruction begins with their first letter)
        return NOTE if _INSTRUCTION_OPENER.search(inside) is not None else 0
    if _ARTIFACT_LABEL.search(inside) is not None:
        return NOTE  # "[Image: a diagram of the water cycle]"
    if _CODE_INSIDE.search(inside) is not None:
        return 0
    spaced = " " in inside or not inside.isascii()
    if mark in "<\u3008" and not spaced:
        return 0  # `<table>`, `<title>`: a tag, not a note
    if inside.isupper() and not spaced:
        return 0  # `[ERROR]`, `[DONE]`, `[EMOJI]`: a log's or a tool's label
    if _OPENER.search(inside) is not None:
        return NOTE
    if inside.isascii():
        words = _ASCII_WORD.findall(inside.lower())
        pairs = {" ".join(words[i : i + 2]) for i in range(len(words) - 1)}
        if _ARTIFACTS.intersection(words) or _ARTIFACTS.intersection(pairs):
            return NOTE if spaced else BARE_THING
        last = words[-1] if words else ""
        return NOTE if spaced and (last in _FIELDS or last.rstrip("s") in _FIELDS) else 0
    if _OTHER_ARTIFACT.search(inside) is not None:
        return NOTE
    return NOTE if _OTHER_FIELD_END.search(inside) is not None else 0


NOTE = 2
BARE_THING = 1
# Before a note: not a word (`Sales[Net Price]`, `List<String>`), an image's `!`, a `]`.
_NOT_BEFORE = frozenset("!]")
_NOTE_CHARS = 62  # a note's longest: its brackets, its spaces and 60 characters inside


def _notes(said: str) -> Iterable[tuple[re.Match[str], int]]:
    """The bracketed notes of a text and how surely each names what was to be written."""
    for m in _BRACKETED_NOTE.finditer(said):
        at = m.start()
        if at and (said[at - 1].isalnum() or said[at - 1] in _NOT_BEFORE or said[at - 1] == "_"):
            continue
        if _CLOSERS[m.group(1)] != m.group(3):
            continue
        strength = _note_strength(m.group(1), m.group(2).strip())
        if strength:
            yield m, strength


def _without(said: str, notes: list[re.Match[str]]) -> str:
    """The text with these notes cut out."""
    kept, at = [], 0
    for m in notes:
        kept.append(said[at : m.start()])
        at = m.end()
    kept.append(said[at:])
    return " ".join(kept)


def _too_few_notes(said: str) -> bool:
    """Whether a text has too few brackets for its notes to be most of it, and does not end on
    one (a cheap bound before the notes are read: each note is at most `_NOTE_CHARS` long)."""
    end = said.rstrip(" .\u3002\n")[-1:]
    if end in _CLOSER_CHARS:
        return False
    brackets = sum(said.count(c) for c in _NOTE_OPENERS if c != "&")
    return len(said) > brackets * (_NOTE_CHARS + SLOT_SHARE_CHARS)


def _letter_frame(text: str, start: int, end: int) -> bool:
    """Whether a slot is a letter's salutation ("Dear [Name],") or signature ("Sincerely,
    [Your Name]", a slot alone on one of the last lines after a closing)."""
    line_start = text.rfind("\n", 0, start) + 1
    before = text[line_start:start]
    if _GREETING_LINE.match(before) is not None:
        return True
    if _CLOSING_BEFORE.search(before) is not None:
        return True
    if before.strip():
        return False
    lines_before = text[:line_start].rstrip().splitlines()[-3:]
    return any(_CLOSING_LINE.match(line.strip()) for line in lines_before)


def asks_template(question: str) -> bool:
    """Whether a request asks for a template, its slots or a skeleton: the slots and the
    writer's instructions in it are then the answer."""
    return _ASKS_SLOTS.search(question[:2000]) is not None


def fill_in_slots(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A stand-in for the content in its slots: a dataset's tag for no output (`<nooutput>`),
    a bracketed note where the work goes ("[insert chart]", "<插入流程图>"), alone or closing
    the text after a colon, or slots that are most of what is said. Not when the request asks
    for a template or its slots."""
    text = r.text
    if len(text) > FILL_IN_SLOTS_CHARS or not any(c in text for c in _NOTE_OPENERS):
        return ()
    if r.question and asks_template(r.question):
        return ()
    if r.question and _ASKS_DESCRIPTION.search(r.question[:2000]) is not None:
        return ()  # "[Image: a grey cat on a red sofa]" is the description asked for
    bare = text.strip()
    if "&" in bare:
        bare = html.unescape(bare)
    inner = bare.strip(_BRACKETS).lower()
    if r.question and inner and inner in r.question.lower():
        return ()  # the marker the request asks about ("[图片]" to "what does an image show as?")
    if len(bare) <= 20 and _STAND_IN_TAG.fullmatch(bare) is not None:
        return (Signal("fill_in_slots", w["fill_in_slots"], bare),)
    said = _CODE_SPANS.sub(" ", bare) if "`" in bare else bare
    if _too_few_notes(said):
        return ()
    strength = dict(_notes(said))
    counted = [m for m in strength if not _letter_frame(said, m.start(), m.end())]
    if not counted:
        return ()
    outside = _without(said, counted)
    letters = len(_LETTERS.findall(outside))
    if letters:  # an extractor's `<!-- image -->` beside the text it extracted: its marker
        counted = [m for m in counted if not m.group(2).lstrip().startswith("!--")]
        if not counted:
            return ()
        outside = _without(said, counted)
    last = counted[-1]
    closes = not said[last.end() :].strip(" .。\n") and said[: last.start()].rstrip().endswith(
        (":", "\uff1a")
    )
    if letters == 0:  # slots alone: nothing but the notes, whatever they name
        weight = w["fill_in_slots"] * SLOTS_ALONE
        return (Signal("fill_in_slots", round(weight, 3), counted[0].group(0)[:60]),)
    if closes:  # the content announced, then a note where it goes
        return (Signal("fill_in_slots", w["fill_in_slots"], last.group(0)[:60]),)
    notes = [m for m in counted if strength[m] == NOTE]
    chars = len(outside) - outside.count(" ") - outside.count("\n")
    if notes and chars <= (SLOT_SHARE_CHARS if len(notes) > 1 else ONE_SLOT_CHARS) * len(notes):
        return (Signal("fill_in_slots", w["fill_in_slots"], notes[0].group(0)[:60]),)
    return ()
