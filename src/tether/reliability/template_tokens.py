"""A chat template's tokens as a tokenizer's vocabulary spells them: the one table of them.

The readings of raw output (`raw_output_signals`: tokens left bare, a reasoning block with no
answer) and the reply's own test for an HTML page (`Reply.html`: a think tag or a stop token is
no page's tag) read the same spellings, so they live here, in a module that needs no reply.
"""

from __future__ import annotations

import re
from functools import lru_cache

# A model's control tokens and chat template markers, as a tokenizer's vocabulary spells them:
# `<|im_start|>`, `<|eot_id|>`, `<|"|>`; `<unk>`, `<pad>`; `<start_of_turn>`; `[INST]`,
# `<<SYS>>`; `[PAD]`, `[UNUSED_TOKEN_145]`; `<extra_id_0>`; a numbered marker `[3234_START]`.
# Gemma 4 opens and closes its turns and channels with one pipe (`<|channel>`, `<channel|>`),
# Gemini's vocabulary has `<ctrl46>`, llama.cpp prints `[end of text]` where the model stopped.
# MiniMax spells its tokens with brackets turned about (`]~!b[`, `]~b]`, `[e~[`, and a tool
# call's boundary `]<]minimax[>[`).
SPECIAL_TOKEN = re.compile(
    r"""<\|[^|<>\s]{1,40}\|>
      | <\|[a-z_]{2,30}> | <[a-z_]{2,30}\|>
      | </?(?:unk|pad|mask|eos|bos)>
      | <(?:start|end)_of_(?:turn|text)>
      | <ctrl\d{1,3}>
      | <</?SYS>>
      | \[/?INST\b\]?
      | \[(?:PAD|CLS|SEP|MASK|UNK|UNUSED_TOKEN_\d+)\]
      | <extra_id_\d+>
      | \[\w*\d\w*_(?:START|END)\]
      | \[end\ of\ text\]
      | \]<\][a-z_]{2,30}\[>\[ | \]~!?b[\[\]] | \[e~\[
    """,
    re.X,
)
# A chat template's own names (a turn's start or end, a role, a channel): a token that names one
# is machinery wherever it stands, even where a request holds it (a raw prompt in its template).
TEMPLATE_NAME = re.compile(
    r"im_|eot|eos|eom|bos|end|start|begin|header|turn|assistant|user|system|channel|message"
    r"|tool|call|think|pad|unk|sep|mask|ctrl|inst|sys|reserved|special|token|python_tag|fim"
    r"|vision|image|object_ref|box|quad|ref_",
    re.I,
)
# A pipe-bracketed marker between two fields of a record (`"entity"<|>"Alex"`,
# `entity<|#|>Alex<|#|>person`): a record format's delimiter, as graph extractors ask for.
_FIELD_DELIMITER = re.compile(r"[\"'\w)\]]<\|(?:[^|<>\s]{1,40}\|)?>[\"'\w(\[]")


def field_delimited(text: str) -> bool:
    """Whether `text` puts a pipe-bracketed marker between two fields once at least: a record
    of a record format (`("entity"<|>"Alex"`), not the format's lone end mark (`<|COMPLETE|>`)
    nor a marker written about (`**content_keywords**<|>`)."""
    return "<|" in text and _FIELD_DELIMITER.search(text) is not None


def record_fields(line: str) -> list[str]:
    """A record line's fields, split on its pipe-bracketed markers, quotes and brackets taken
    off (`("entity"<|>"Alex"<|>person` -> entity, Alex, person)."""
    return [field.strip(" \t\"'()") for field in _MARKER.split(line)]


def delimited_records(text: str) -> bool:
    """Whether `text` puts pipe-bracketed markers between its fields on two lines or more: a
    record format (a graph extractor's records), whose own markers are no template's tokens."""
    first = _FIELD_DELIMITER.search(text)
    if first is None:
        return False
    line_end = text.find("\n", first.end())
    return line_end != -1 and _FIELD_DELIMITER.search(text, line_end) is not None


# A pipe-bracketed marker as a record format spells it: `<|>`, `<|#|>`, `<|SEP|>`.
_MARKER = re.compile(r"<\|[^|<>\s]{0,10}\|?>")
# A layout's line names its marker between two fields at least (three fields).
LAYOUT_MARKERS = 2
# ... or names it as the fields' delimiter in words: "4 fields for each entity, delimited by
# `<|#|>`", "fields separated by <|>".
_NAMED_DELIMITER = re.compile(
    r"\b(?:delimit|separat)\w*\s+(?:by|with)\s+[`'\"]?(<\|[^|<>\s]{0,10}\|?>)", re.IGNORECASE
)


@lru_cache(maxsize=64)
def record_delimiters(text: str) -> tuple[str, ...]:
    """The markers `text` lays records out with: on one line, one marker between fields twice
    or more, naming no chat template's part (`<|im_start|>` twice on a line is a template), or
    one named the fields' delimiter."""
    found: dict[str, None] = {}
    for line in text.split("\n"):
        if "<|" not in line:
            continue
        found.update((m.group(1), None) for m in _NAMED_DELIMITER.finditer(line))
        if line.count("<|") < LAYOUT_MARKERS:
            continue
        markers = _MARKER.findall(line)
        for marker in markers:
            if markers.count(marker) >= LAYOUT_MARKERS and TEMPLATE_NAME.search(marker) is None:
                found[marker] = None
    return tuple(found)


def format_token(token: str, asked: str, delimited: bool) -> bool:
    """Whether `token`, found bare in a text, is a record format's own marker and not a chat
    template's: it names no part of a template, and the request (`asked`, lower case) holds it
    or lays records out (`record_delimiters`), or the text is `delimited_records` (their
    `<|COMPLETE|>` at the end is the format's too)."""
    if TEMPLATE_NAME.search(token) is not None:
        return False
    return delimited or token.lower() in asked or bool(record_delimiters(asked))


# What a text must hold for `SPECIAL_TOKEN` to be tried on it past `SOUP_CHARS` (`in` tests,
# ~1 us on 10 KB, where the regex costs more).
TOKEN_MARKS = (
    "<|",
    "|>",
    "[INST",
    "_of_turn>",
    "_of_text>",
    "<ctrl",
    "[end of text]",
    "]<]",
    "]~",
    "[e~[",
)

# A reasoning block's tags (`<think>`, `<thinking>`, `<reasoning>`, Kimi's `◁think▷`).
THINK_OPENERS = ("<think>", "<thinking>", "<reasoning>", "\u25c1think\u25b7")
THINK_CLOSERS = ("</think>", "</thinking>", "</reasoning>", "\u25c1/think\u25b7")
# Llama 2's and Mistral's start and end of sequence, spelled as tags.
SEQUENCE_TAGS = ("<s>", "</s>")
_TEMPLATE_TAGS = frozenset((*THINK_OPENERS, *THINK_CLOSERS, *SEQUENCE_TAGS))


def after_think_closer(text: str) -> str | None:
    """The text after a reasoning block's last closing tag (of the first kind of closer the
    text holds), unstripped; None when no closer is in it. What a parser that drops the
    reasoning reads of a reply: the answer, or nothing when the block is all there is."""
    closer = next((c for c in THINK_CLOSERS if c in text), None)
    return None if closer is None else text[text.rfind(closer) + len(closer) :]


def template_tag(tag: str) -> bool:
    """Whether an angle-bracketed `tag` is a chat template's word-like tag (a think tag, a
    sequence's start or end), not a page's markup. (A control token such as `<|im_end|>` is
    left to count: a page read in a text of them weighs toward failure, as the tokens do.)"""
    return tag in _TEMPLATE_TAGS
