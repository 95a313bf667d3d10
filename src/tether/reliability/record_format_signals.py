"""A step asked for delimited records that answered in another form.

Graph extractors (LightRAG, GraphRAG) lay out the records they parse in the request itself, a
line whose fields a pipe-bracketed marker separates: `Format each entity as
("entity"<|><entity_name><|><entity_type><|><entity_description>)`,
`entity<|#|>entity_name<|#|>entity_type`. The parser splits the reply on that marker and on
nothing else: a reply without it (a markdown list of the entities, a JSON object, a summary of
the text, a question back, a program that would extract them) gave no record, whatever it
says. A reply that holds any pipe-bracketed marker is left to the other readings (records,
perhaps of the wrong text), and so is a single word (a step's "YES" / "NO" to "are entities
still missing?", asked in the same conversation). A reasoning block is no part of what the
parser reads: the records are looked for after it, and a format's lone end mark
(`<|COMPLETE|>`) under a markdown list is no record.

Records can be there and still not be the text's: a few-shot extractor shows example records
(Alex, Taylor, "Global Tech Index") before the text to extract, and a small model copies them;
or it writes some records and then elides the rest (`... (and so on for all the entities)`);
or it fills the name slot with a type the request offers (`("entity"<|>"Organization"<|>
"person"<|>...)`): a type for a name, nothing of the text named.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from tether.messages import Request
from tether.reliability.asked import instructions, last_user_text
from tether.reliability.lexicon import SHIPPED
from tether.reliability.once import kept, last_asked
from tether.reliability.reply import QUESTION_CHARS, Reply, Signal, asks_a_question
from tether.reliability.template_tokens import (
    THINK_OPENERS,
    after_think_closer,
    field_delimited,
    record_delimiters,
    record_fields,
)
from tether.reliability.text_shape import SPACE

_DATA: Mapping[str, Any] = SHIPPED.get("record_examples", {})
# The headings a few-shot extractor opens the text to extract with, after its examples
# ("-Real Data-"), as written (case kept).
_INPUT_HEADINGS: tuple[str, ...] = tuple(_DATA.get("input_headings", ()))
# Records read for their names: the first ones (a long reply repeats its kinds of names).
NAMED_RECORDS = 40
# Copied names, fewest: a reply that names three of the example's things and few of the text's.
COPIED_NAMES = 3
# Names shorter than this are no evidence ("US", "AI" may be anywhere).
NAME_CHARS = 3
# What ends the text to extract: a record marker, the next turn of a conversation logged as JSON.
_TEXT_ENDS = ("<|", '"role": "assistant"')
# The entity types a request offers: "entity_type: One of the following types: [organization,
# person,geo]", "Entity_types: ORGANIZATION,PERSON".
_OFFERED_TYPES = re.compile(
    r"types?:[^\n\[]{0,40}\[([^\]\n]{1,300})\]|entity_types:[ \t]*([^\n\[{]{1,300})",
    re.IGNORECASE,
)
# Marks that open an elision line: "...", "\u2026".
_ELISIONS = ("...", "\u2026")


@last_asked
def records_request(request: Request | None) -> bool:
    """Whether the request lays out delimited records for its reply (`record_delimiters` of
    its system messages or its last user message): a reply to it is read, not cleared unread
    (a markdown list in the records' place has no failure word). Not when its last user
    message asks a question: a user who pastes an extractor's prompt and asks why it fails is
    answered in prose."""
    assert request is not None  # (`last_asked` reads None as False)
    if asks_a_question(last_user_text(request)[:QUESTION_CHARS]):
        return False
    for m in instructions(request):
        text = m.text_content[:QUESTION_CHARS]
        if "<|" in text and record_delimiters(text):
            return True
    return False


def after_reasoning(text: str) -> str:
    """What the parser reads of a reply (stripped): the text after its reasoning block when it
    opens with one and closes it, else the whole text."""
    if not text.startswith(THINK_OPENERS):
        return text
    after = after_think_closer(text)
    return text if after is None else after.strip()


def without_records(text: str) -> bool:
    """Whether a reply (stripped) holds no record after its reasoning (no marker between two
    fields) and is more than one word."""
    answer = after_reasoning(text)
    return SPACE.search(answer) is not None and not field_delimited(answer)


def records_missing(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A reply with no record where the request laid out delimited records: the parser that
    splits on the marker reads nothing. A program or a fenced block in their place (a function
    that would extract them, a JSON of them) says so too (`records_as_code`), against the
    weight the code's own readings give it."""
    if r.after_tools or not without_records(r.text) or not records_request(r.request):
        return ()
    found = [Signal("records_missing", w["records_missing"], "no delimited record")]
    if "```" in after_reasoning(r.text):
        found.append(Signal("records_as_code", w["records_as_code"], "a code block, no record"))
    return found


@kept
def record_lines(r: Reply) -> list[str]:
    """The reply's record lines after its reasoning (a marker between two fields), read once
    for the readings of records."""
    return [line for line in after_reasoning(r.text).splitlines() if field_delimited(line)]


def records_elided(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Records where the request laid them out, and among them a line that elides the rest
    (`... (and so on for all the entities and relationships)`): the parser stores the records
    written, the rest of the text's never."""
    text = r.text
    if "<|" not in text or not any(mark in text for mark in _ELISIONS):
        return ()
    lines = [line.strip() for line in after_reasoning(text).splitlines()]
    elided = next((line for line in lines if line.startswith(_ELISIONS)), None)
    if elided is None or not records_request(r.request) or len(record_lines(r)) < 2:
        return ()
    return (Signal("records_elided", w["records_elided"], elided[:60]),)


def _record_names(r: Reply) -> set[str]:
    """The names the reply's records give (each record's field after its kind)."""
    names = set()
    for line in record_lines(r)[:NAMED_RECORDS]:
        fields = record_fields(line)
        name = fields[1] if len(fields) > 2 else ""
        if len(name) >= NAME_CHARS and any(c.isalpha() for c in name):
            names.add(name)
    return names


def _text_end(text: str, start: int) -> int:
    """Where the text to extract that starts at `start` ends: at the first record marker after
    it (an earlier reply's records, in a conversation that asks for the ones missed; a document
    holds no such marker) or at the next turn of a conversation logged as JSON in the message,
    whichever comes first; else at the end."""
    ends = [at for at in (text.find(m, start) for m in _TEXT_ENDS) if at != -1]
    return min(ends, default=len(text))


def _example_and_input(request: Request) -> tuple[str, str] | None:
    """The request split at the heading that opens its text to extract: its examples before
    it (in that message and the ones before), and the text after it (`_text_end`); None when
    no message has such a heading."""
    before: list[str] = []
    for m in request.messages:
        text = m.text_content
        at = min((a for a in (text.find(h) for h in _INPUT_HEADINGS) if a != -1), default=-1)
        if at != -1:
            return "\n".join((*before, text[:at])), text[at : _text_end(text, at)]
        before.append(text)
    return None


def example_records(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Records whose names the request's example section gives and its text to extract does
    not (three at least, twice as many as the text's own names): the example's records copied
    in place of the text's. A text that holds the example's names (an extractor run on its own
    example) gives them after the heading, and its records are its own."""
    if "<|" not in r.text or r.request is None or not records_request(r.request):
        return ()
    names = _record_names(r)
    if len(names) < COPIED_NAMES:
        return ()
    parts = _example_and_input(r.request)
    if parts is None:
        return ()
    example, given = parts
    copied = [n for n in names if n in example and n not in given]
    own = sum(n in given for n in names)
    if len(copied) < COPIED_NAMES or len(copied) < 2 * own:
        return ()
    return (Signal("example_records", w["example_records"], ", ".join(sorted(copied)[:3])),)


def offered_types(request: Request) -> frozenset[str]:
    """The entity types the request's messages offer (lower-cased), read in each one's start."""
    types: set[str] = set()
    for m in request.messages:
        text = m.text_content[:QUESTION_CHARS]
        if "ypes" not in text:
            continue
        for found in _OFFERED_TYPES.finditer(text):
            listed = found.group(1) or found.group(2) or ""
            types.update(t.strip(" \t\"'").lower() for t in listed.split(","))
    types.discard("")
    return frozenset(types)


def type_named_records(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Records where the request laid them out, half of whose names at least are a type the
    request offers (`("entity"<|>"Organization"<|>"person"<|>...)`): the layout's slots filled
    with its own words, no thing of the text named."""
    if "<|" not in r.text or r.request is None or not records_request(r.request):
        return ()
    names = [record_fields(line)[1].lower() for line in record_lines(r)[:NAMED_RECORDS]]
    types = offered_types(r.request) if names else frozenset()
    typed = [n for n in names if n in types]
    if not typed or 2 * len(typed) < len(names):
        return ()
    return (Signal("type_named_records", w["type_named_records"], typed[0][:60]),)
