"""An extracted record with nothing extracted: every field a stand-in for a missing value.

A scraper or an extraction step asks a model for fields (`{"price": ..., "brand": ...}`) and
publishes what comes back. When the page never loaded, sat behind a wall or held nothing the
model could read, the record comes back all the same, each field filled with the model's mark
of "nothing here": `{"years_established": "NA", "team_size": "NA"}`, `{"title": "",
"content": "", "raw_content": ""}`, `{"Prices": ["Not provided in the scraped data"]}`. The
shape of the data is there, none of the data. Fields that echo the input (the URL asked for,
its source) say nothing of what was found and are set aside. A record of a check that found
no errors (`{"errors": []}`) is a result, and a template (`"..."`) or a request for an empty
one (a schema, an example) asked for the empty shape.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from tether.reliability.lexicon import SHIPPED
from tether.reliability.reply import Reply, Signal
from tether.reliability.reply_json import NOT_JSON, json_of

_DATA: Mapping[str, Any] = SHIPPED.get("empty_record", {})
# A record is a short reply: an extraction's fields, not a document.
RECORD_CHARS = 4000
# Where the record may start: after a short lead-in at most ("Here is the JSON output:").
LEAD_CHARS = 80
# The words a model fills a field with when it found nothing, lower-cased, stops trimmed.
_MISSING_WORDS = frozenset(w.lower() for w in _DATA.get("missing_values", ()))
# The starts of a missing-value phrase ("not provided in the scraped data").
_MISSING_STARTS = tuple(w.lower() for w in _DATA.get("missing_starts", ()))
# Keys whose value echoes the input, not what was found.
_ECHO_KEYS = frozenset(w.lower() for w in _DATA.get("echo_keys", ()))
# Keys whose empty value is a clean result ("errors": []).
_RESULT_KEYS = frozenset(w.lower() for w in _DATA.get("result_keys", ()))
# Values that in a record's text form say what was found ("Allergens: None"), not missing.
_LINE_FINDINGS = frozenset(w.lower() for w in _DATA.get("line_findings", ()))
# The words of a key that name the step's product ("summary", "answer", "extracted").
_PRODUCT_WORDS = frozenset(w.lower() for w in _DATA.get("product_words", ()))
# A key's words: snake case, kebab case, camel case ("aiGeneratedSummary": ai, generated, summary).
_KEY_WORD = re.compile(r"[a-z]+|[A-Z][a-z]*")
# The last word of a key that labels the record ("userId", "created_at", "role", "model").
_LABEL_WORDS = frozenset(w.lower() for w in _DATA.get("label_words", ()))
# A record as text lines is short: a label and a value a line.
LINES_CHARS = 2000
MAX_LINES = 30
# A line of a record in text form: "Title: ", "**Price:** N/A", "- Brand: not provided".
_LABEL_LINE = re.compile(
    r"\s*(?:[-*\u2022]\s+)?\**([^\W\d_][\w /()'-]{0,40}?)\**\s*[:\uff1a]\s*\**(.*?)\**\s*"
)
# A request for the empty shape itself.
_ASKS_SHAPE = re.compile(
    r"\b(?:schema|template|skeleton|empty|blank|placeholder|example|sample)s?\b", re.IGNORECASE
)
# A list of stand-ins numbers two items at least, each of two fields at least.
MIN_STAND_IN_ITEMS = 2
MIN_STAND_IN_FIELDS = 2
_FENCE = re.compile(r"^```(?:json|python|py)?\s*\n(.*)\n```$", re.DOTALL)


def _record_text(text: str) -> str | None:
    """The record the reply holds: the text from its first brace or bracket, found within a
    short lead-in, to its end (a code fence around it taken off), or None."""
    fenced = _FENCE.search(text)
    if fenced is not None:
        text = fenced.group(1).strip()
    brace = text.find("{", 0, LEAD_CHARS)
    bracket = text.find("[", 0, LEAD_CHARS)
    starts = [i for i in (brace, bracket) if i >= 0]
    if not starts or text[-1:] not in "}]":
        return None
    return text[min(starts) :]


def _value(r: Reply, body: str) -> object:
    """`body` read as JSON, or as a Python literal a program printed (`{'price': 'NA'}`)."""
    value = json_of(r, body)
    if value is NOT_JSON and "'" in body[:3]:
        try:
            value = ast.literal_eval(body)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            return NOT_JSON
    return value


def _fields(value: object, key: str) -> Iterator[tuple[str, object]]:
    """Every field's key (as written) and leaf value; an empty object or list is a leaf."""
    if isinstance(value, dict) and value:
        for k, v in value.items():
            yield from _fields(v, str(k))
    elif isinstance(value, list) and value:
        for v in value:
            yield from _fields(v, key)
    else:
        yield key, value


def _missing_line(line: str) -> bool:
    low = line.strip().lower().rstrip(".")
    return low in _MISSING_WORDS or low.startswith(_MISSING_STARTS)


def _missing_word(value: object) -> bool:
    """A string that says the value is missing ("NA", "not provided in the scraped data"), or
    one of lines every one of which says so, between rules at most (a parser's pages, each
    "undefined", joined by "---")."""
    if not isinstance(value, str):
        return False
    if "\n" not in value:
        return _missing_line(value)
    lines = [line for line in value.splitlines() if line.strip(" -=*")]
    return bool(lines) and all(_missing_line(line) for line in lines)


def _echo(key: str, value: object) -> bool:
    return key in _ECHO_KEYS or (
        isinstance(value, str) and value.startswith(("http://", "https://"))
    )


def _missing(value: object) -> bool:
    """A stand-in for a missing value: null, "", an empty list or object, a word of it."""
    return value is None or value == "" or value == [] or value == {} or _missing_word(value)


def _product(key: str) -> bool:
    """A field that holds what the step made (`summary`, `aiGeneratedSummary`, `answer`,
    `extracted_text`), by a word of its key (snake, kebab or camel case)."""
    return any(word.lower() in _PRODUCT_WORDS for word in _KEY_WORD.findall(key))


def _label(key: str, value: object) -> bool:
    """A field that labels the record rather than holds what was found: an id, a time, a
    flag, a count, the role or the model that wrote it."""
    if isinstance(value, (bool, int, float)):
        return True
    words = _KEY_WORD.findall(key)
    return bool(words) and (words[-1].lower() in _LABEL_WORDS or key.lower() in _LABEL_WORDS)


def nothing_extracted(value: object) -> str | None:
    """The first field of a record (an object, or a list of them) that shows nothing was
    extracted, else None: every field, the input's echoes set aside, a stand-in for a missing
    value (`null`, `""`, an empty list, "NA", "not provided"), two of them at least or one said
    in words; or every field of the step's product (`"summary": ""`, `"answer": null`) missing
    beside short labels (ids, flags, a model's name). Not a record whose empty field is a clean
    result (`"errors": []`), nor one of empty lists alone (a memory extractor's `{"facts": [],
    "preferences": []}`: none found of each), nor a template's ("...")."""
    if not isinstance(value, (dict, list)) or not value:
        return None
    said = nulls = empties = products = 0
    found = other = ""
    for key, leaf in _fields(value, ""):
        if key.lower() in _RESULT_KEYS:
            return None
        if _echo(key.lower(), leaf):
            continue
        if _product(key):
            if not _missing(leaf):
                return None
            products += 1
        if _missing_word(leaf):
            said += 1
        elif _missing(leaf):
            nulls += 1
            empties += leaf == [] or leaf == {}
        elif _label(key, leaf):
            other = other or f"{key}: {leaf!r}"
            continue
        else:
            return None  # a field with a value found: something was extracted
        found = found or f"{key}: {leaf!r}"
    if products:
        return found  # the product's every field missing, the rest labels
    if other or (said == 0 and (nulls < 2 or empties == nulls)):
        return None  # (lists all empty: each kind of thing looked for was found none of)
    return found


def empty_lines(text: str, question: str = "") -> str | None:
    """The first field of a record written as lines of "Label: value" (a reader's or an
    extractor's text form) whose every value, the input's echoes set aside, is missing (two or
    more, nothing after the colon or a word of a missing value), else None. Not a check's
    result ("Blockers: none": a result key, or "none" found), nor fields the request
    (`question`, lower-cased) named every one of ("give Middle name and Suffix": N/A)."""
    if len(text) > LINES_CHARS or ":" not in text or "\n" not in text:
        return None
    lines = [x for x in text.splitlines() if x.strip()]
    if not 2 <= len(lines) <= MAX_LINES:
        return None
    missing = 0
    found = ""
    named = True
    for line in lines:
        m = None if line[0].isspace() else _LABEL_LINE.fullmatch(line)
        if m is None:
            return None  # (an indented key is a nested one: YAML, code's blocks)
        label, value = m.group(1).strip(), m.group(2).strip()
        if label.isascii() and not label[0].isupper():
            return None  # a label is a heading's word ("Title"), not code's (`try:`, `on:`)
        words = _KEY_WORD.findall(label)
        key = label.lower()
        if key in _RESULT_KEYS or value.lower().rstrip(".") in _LINE_FINDINGS:
            return None  # a check's clean result: "Errors: none", "Allergens: None"
        if key in _ECHO_KEYS or (words and words[-1].lower() in _ECHO_KEYS):
            continue
        if value and not _missing_word(value):
            return None
        missing += 1
        named = named and key in question
        found = found or line.strip()
    return found if missing >= 2 and not named else None


def _items(value: object) -> list[dict[Any, Any]] | None:
    """The list of objects a record holds (the record itself, or its one list field)."""
    if isinstance(value, dict) and len(value) == 1:
        value = next(iter(value.values()))
    if isinstance(value, list) and all(isinstance(item, dict) and item for item in value):
        return value
    return None


def numbered_stand_ins(value: object) -> str | None:
    """The first field of a list of two items or more whose every field is a string ending in
    the item's number (`{"Name": "Item 1", "Price": "Price for Item 1"}`, then "Item 2"): a
    template's numbered stand-ins, nothing extracted; else None. Not a list with one field of
    its own ("Chapter 1" beside its title)."""
    items = _items(value)
    if items is None or len(items) < MIN_STAND_IN_ITEMS:
        return None
    for number, item in enumerate(items, 1):
        if len(item) < MIN_STAND_IN_FIELDS:
            return None
        for field in item.values():
            if not isinstance(field, str) or not _ends_with_number(field, number):
                return None
    key, first = next(iter(items[0].items()))
    return f"{key}: {first!r}"


def _ends_with_number(text: str, number: int) -> bool:
    """Whether `text` ends with the word `number` ("Price for Item 2", 2)."""
    words = text.split()
    return len(words) > 1 and words[-1] == str(number)


def empty_record(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply is an extracted record whose every field says nothing was found
    (`nothing_extracted`, or `empty_lines` in its text form): the data's shape without the
    data; or a list of a template's numbered stand-ins (`numbered_stand_ins`). Not when the
    request asks for the empty shape (a schema, a template, an example)."""
    text = r.text.strip()
    if len(text) > RECORD_CHARS:
        return ()
    if text[-1:] in "}]":
        body = _record_text(text)
        value = None if body is None else _value(r, body)
        found = nothing_extracted(value) or numbered_stand_ins(value)
    else:
        found = empty_lines(text, r.question)
    if found is None or _ASKS_SHAPE.search(r.raw_question) is not None:
        return ()
    return (Signal("empty_record", w["empty_record"], found[:60]),)
