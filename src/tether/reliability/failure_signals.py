"""The signals that say a reply is a failure text: its words, its structure (an error object,
an SSE frame, a status line, an error record's fields), a remedy through the app's controls
(pages: `page_signals`; crash output: `trace_signals`; placeholders: `stand_in_signals`)."""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Mapping
from operator import itemgetter

from tether.reliability.error_objects import (
    CODE_WORD,
    ERROR_KEYS,
    may_have_error_key,
    object_keys,
)
from tether.reliability.lexicon import SHIPPED, Lexicon
from tether.reliability.machine_marks import SSE, TRACE, first_status
from tether.reliability.reply import STOCK_CHARS, Reply, Signal, count_letters, display_size
from tether.reliability.stand_in_signals import may_be_working_line
from tether.reliability.terms import Terms
from tether.reliability.text_shape import word_letters
from tether.reliability.troubleshooting_signals import troubleshooting_entry
from tether.reliability.words import CJK

VOCABULARY_CAP = 1.6
VOCABULARY_DENSE = 300
VOCABULARY_MORE = 0.1  # each further word of a class already found, up to two


def vocabulary(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Failure words, each class once: rate limit, quota, overload, unavailable, timeout,
    failure, upstream, auth, set-up asked of the user, retry advice, filter, no reply (and
    configured phrases)."""
    seen: dict[str, str] = {}
    terms: dict[str, set[str]] = {}
    for name, _, _, term in r.hits:
        seen.setdefault(name, term)
        terms.setdefault(name, set()).add(term)
    total = 0.0
    out = []
    # A long text mentions more kinds of failure by chance: notices are dense, so the weight
    # of each class shrinks with the message's length past VOCABULARY_DENSE characters.
    size = display_size(r.message)
    scale = 1.0 if size <= VOCABULARY_DENSE else (VOCABULARY_DENSE / size) ** 0.5
    for name, term in seen.items():
        more = min(len(terms[name]) - 1, 2) * VOCABULARY_MORE  # other words of the same class
        base = (r.lexicon.weights.get(name, 0.0) + more) * scale
        weight = min(round(base, 3), VOCABULARY_CAP - total)
        if weight <= 0.001:
            break
        total += weight
        out.append(Signal(f"vocabulary:{name}", weight, term))
    return out


def coverage(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Failure words make up much of the message (a notice, not an answer that mentions one)."""
    if not r.hits:
        return ()
    total = word_letters(r.message)  # (a chat app's emoji ":cry:" is no word of the notice)
    if total == 0:
        return ()
    # (the covered parts counted at once: letters are counted one character at a time)
    parts, end = [], -1
    message = r.message
    for _, start, stop, _ in sorted(r.hits, key=itemgetter(1)):
        start = max(start, end)
        if stop > start:
            parts.append(message[start:stop])
            end = stop
    share = count_letters("".join(parts)) / total
    if share >= 0.3:
        return (Signal("coverage", w["coverage"], f"{share:.0%} of the message's letters"),)
    return ()


def short_notice(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A message of at most 200 characters with failure words (or a canned notice's parts,
    `Reply.stock_parts`): notices are short."""
    size = display_size(r.message.strip())
    head, newline, _ = r.text.partition("\n")
    if newline and head.startswith("#") and head.rstrip().endswith(("?", "\uff1f")):
        return ()  # a heading that asks a question, over lines: a write-up's ("### Why ...?")
    if (r.hits or r.stock_parts) and size <= 200:
        if troubleshooting_entry(r.low):
            return ()  # a cause and its fix under their labels: a reference entry, not a notice
        return (Signal("short_notice", w["short_notice"], f"{size} characters"),)
    return ()


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """A short reply may hold words that say a failure together, a canned notice's parts, a
    hand-back or only not knowing (`Lexicon.may_pair`): read, though it has no failure word
    (`stock_notice`, `hands_back`, `knows_nothing`, `self_state`, a pair's `vocabulary`)."""
    if may_be_working_line(text):
        return True  # a line of a bot at work, maybe (`working_line`)
    return len(text) <= STOCK_CHARS and lexicon.may_pair(low)


def stock_notice(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply made only of a canned notice's parts (sorry, cannot, in trouble, come
    back later) with nothing specific to the task: a bot or a service speaking of itself
    ("I'm a little tired, ask me later"), not an answer (`Reply.stock_parts`)."""
    parts = r.stock_parts
    if not parts or troubleshooting_entry(r.low):
        return ()  # (a cause and its fix under their labels are an entry's, not stock parts)
    said = ", ".join(f"{part} {term!r}" for part, term in parts.items())
    return (Signal("stock_notice", w["stock_notice"], said),)


def self_state(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply in which the speaker talks of its own state, its mind out of order or
    nothing to say ("My brain is buffering...", "I forgot what I wanted to say", "need a
    break"), sharing nothing with the task: a chat bot's in-character line where its model
    failed (`Reply.own_state`)."""
    said = r.own_state
    if said is None:
        return ()
    return (Signal("self_state", w["self_state"], said),)


def hands_back(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply that hands the turn back to the user instead of answering ("ask me again
    later", "下次再告诉你", "redis ça ?"), sharing nothing with the task: a chat bot's
    in-character line where its model failed (`Reply.hand_back`). A model that answers a
    task does not ask to be asked again."""
    said = r.hand_back
    if said is None:
        return ()
    return (Signal("hands_back", w["hands_back"], said),)


def knows_nothing(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A tiny reply that is only its speaker not knowing or not wanting to talk ("Weiß ich
    nicht!", "不知道哦", "不想理你") to a task, not a question: a chat bot's stand-in. A model
    that cannot do a task says what it does not know and why (`Reply.not_knowing`)."""
    said = r.not_knowing
    if said is None:
        return ()
    return (Signal("knows_nothing", w["knows_nothing"], said),)


def error_object(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """An error object: JSON, a Python dict, a Rust or Go struct, alone or with a client's
    prefix, fenced or after `data:`; inside a longer text it weighs less."""
    if r.structure is not None:
        kind, prefix, _ = r.structure
        return (
            Signal(
                "error_object", w["error_object"], kind + (f" after {prefix!r}" if prefix else "")
            ),
        )
    said = r.said[:3000]
    if not may_have_error_key(said):
        return ()
    keys = object_keys(said)
    errorish = keys & ERROR_KEYS
    if errorish and len(keys) >= 2:
        return (
            Signal("error_object_part", w["error_object_part"], "keys " + ", ".join(sorted(keys))),
        )
    return ()


def sse_frame(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """SSE frames printed as text: `event: error`, `data: {"error": ...}`."""
    if "data:" not in r.low and "event:" not in r.low:
        return ()  # (every frame holds one, in any case: the case-blind `^` pattern was tried
        # at every position, ~14 us on a 1.4 KB answer)
    frames = SSE.findall(r.text[:4000])
    if not frames:
        return ()
    errorish = any(e.lower() == "error" for e, _ in frames) or any(
        '"error' in d.lower() or "'error" in d.lower() for _, d in frames
    )
    if errorish:
        return (Signal("sse_frame", w["sse_frame"], f"{len(frames)} frame(s) with an error"),)
    if SSE.match(r.text) is not None:  # the reply IS raw stream framing
        return (Signal("sse_frame", w["sse_frame"], f"raw stream frames ({len(frames)})"),)
    return ()


# A line of a stream's framing: an SSE field, or a part of the AI SDK's data stream
# (`0:"text"`, `3:"error"`, `d:{...}`).
_FRAMING_LINE = re.compile(r"(?:data|event|id|retry|message):|[0-9a-f]:[\"\[{]")
_DATA_PART = re.compile(r"\d:(?:\"|\[|\{)")
FRAMING_SHARE = 0.8


def stream_framing(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply is a stream's frames, printed undecoded line by line (`data: {...}` after
    `message:`, the AI SDK's `0:"Hel"` / `0:"lo"`): the client showed the wire, not the text
    in it, whatever the text says."""
    head = r.text[:4000]
    if "data:" not in head and ':"' not in head and ":[" not in head and ":{" not in head:
        return ()  # (no line of a stream's data: no `data:`, no part like `0:"`)
    if r.html or SSE.match(r.text) is not None:
        return ()  # (frames from the first line: `sse_frame`)
    lines = [line.strip() for line in head.splitlines() if line.strip()]
    if not lines or (len(lines) == 1 and _DATA_PART.match(lines[0]) is None):
        return ()  # ("id: 42" alone is an answer; one part of the AI SDK's stream is not)
    framed = sum(1 for line in lines if _FRAMING_LINE.match(line) is not None)
    if framed < FRAMING_SHARE * len(lines):
        return ()
    if not any(line.startswith("data:") or _DATA_PART.match(line) for line in lines):
        return ()  # fields with no data ("id: 7" / "message: saved"): a record, not a stream
    return (Signal("stream_framing", w["stream_framing"], f"{framed} of {len(lines)} lines"),)


_STATUS_DIGITS = re.compile(r"[45]\d\d")  # in every branch of STATUS, and cheap to look for


def display_head(text: str, width: int) -> str:
    """The start of `text` that fills `width` columns, a CJK character taking 2.5 (as in
    `display_size`): a head as far into a Chinese or Japanese text as into an English one."""
    wide = 0  # CJK characters before the one looked at
    for m in CJK.finditer(text, 0, width):
        at = m.start()
        if at + 1.5 * wide > width:  # the narrow characters before it fill the head
            break
        if at + 1 + 1.5 * (wide + 1) > width:  # it does not fit
            return text[:at]
        wide += 1
    return text[: int(width - 1.5 * wide)]


def status_code(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """An HTTP status of failure said as one: `HTTP 503`, `Error code: 429`, `502 Bad Gateway`.
    A failure has one status: a text that names three codes or more lists them (a reference
    table, a changelog), it does not say one."""
    head = r.said[:160] if not r.html else r.message[:300]
    if _STATUS_DIGITS.search(head) is None:
        return ()
    if not r.html and not head.isascii():
        head = display_head(head, 160)
    m = first_status(head)
    if m is None or len(set(CODE_WORD.findall(r.message[:4000]))) >= 3:
        return ()
    if len(set(_CODE_LINE.findall(r.message[:4000]))) >= 2:
        return ()  # two codes, each heading its line ("402 - ...", "403 - ..."): a glossary's
    return (Signal("status_code", w["status_code"], m.group(0).strip()[:40]),)


# A status code of failure heading a line, after a list's or a table's marks ("403 - Forbidden",
# "| 429 | ...", "- 401 Unauthorized").
_CODE_LINE = re.compile(r"^[ \t|*>-]*([45]\d\d)\b(?![.,:]\d)", re.M)


_LABELLED = re.compile(
    r"^\W{0,3}[\w .\-\[\]]{0,40}?(?:error|failed|failure|exception|issue|错误|失败|エラー|오류|"
    r"ошибка|fehler|erreur|erro)\]?\s*[:\uff1a]"
)


# A code after an error word, as a sentence's subject ("Error 429 means ...").
_SUBJECT_CODE = re.compile(r"\s*[1-5]\d\d\b[\s,]*")


def client_prefix(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A client's words before a raw error: `API Error:`, `Error:`, `Request failed`, `❌`,
    `LLM request failed:`, `[Openai Issue]:`. Not an error word with its code that a
    definition follows ("Error 429 means ...", "Ошибка 429 означает ..."): the sentence's
    subject, not a client's label."""
    low = r.low.lstrip()
    m = r.lexicon.prefixes.match(low) or _LABELLED.match(low)
    if m is None:
        return ()
    if r.lexicon.witnessing.search(m.group(0)) is not None:
        return ()  # a person's lead-in, not a client's label: "Receiving the same error:"
    code = _SUBJECT_CODE.match(low, m.end())
    if code is not None:
        at = code.end()
        if any(d.start() <= at + 1 for d in r.lexicon.defining.finditer(low, at, at + 40)):
            return ()
    return (Signal("client_prefix", w["client_prefix"], m.group(0).strip()),)


_CODE_ENDINGS = (
    "ERROR",
    "NOT_FOUND",
    "TIMEOUT",
    "EXCEEDED",
    "UNAVAILABLE",
    "EXHAUSTED",
    "DENIED",
    "INVALID",
    "FAILED",
    "FAILURE",
    "LIMIT",
    "OVERLOADED",
    "FORBIDDEN",
    "UNAUTHORIZED",
    "REQUIRED",
)
_CODE_TOKEN = re.compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_?(?:" + "|".join(_CODE_ENDINGS) + r")\b")


# Every ending holds five capital letters in a row: an ASCII text with none (its capitals
# mapped to `A`, in one pass in C) holds no code, found before the sixteen substring tests.
_CAPITALS_AS_A = bytes.maketrans(string.ascii_uppercase.encode(), b"A" * 26)


def _code_token(text: str) -> re.Match[str] | None:
    """An error code token (`RESOURCE_EXHAUSTED`), looked for only where one of its endings is:
    a substring test costs nothing next to the pattern tried at every position."""
    if text.isascii() and b"AAAAA" not in text.encode("ascii").translate(_CAPITALS_AS_A):
        return None
    if not any(ending in text for ending in _CODE_ENDINGS):
        return None
    return _CODE_TOKEN.search(text)


def diagnostics(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Ids, request ids, timestamps, stack frames, error codes (`RESOURCE_EXHAUSTED`): what a
    machine adds to a failure."""
    head = r.text[:3000]
    m = r.ids or TRACE.search(head) or _code_token(head)
    if m is None:
        return ()
    return (Signal("diagnostics", w["diagnostics"], m.group(0).strip()[:40]),)


def _app_controls() -> tuple[re.Pattern[str], Terms]:
    """The commands (after a slash) and the buttons and pages of `app_controls` in the data."""
    data = SHIPPED.get("app_controls", {})
    names = sorted((re.escape(c.lower()) for c in data.get("commands", ())), key=len, reverse=True)
    # a command as a chat bot's user types it: after a space, a bracket, a colon or an arrow,
    # before a sign, a space or a word of another script (`/helpコマンド`), never inside a
    # path, a file name or a URL (`/v1/models`, `/status.json`, `api.example.com/status`)
    before = r"(?:^|(?<=[\s(\[\uff08:\uff1a>\u201c\"'`]))"
    command = re.compile(before + "/(?:" + "|".join(names) + r")(?![A-Za-z0-9_/\-]|\.\w)")
    return command, Terms(t.lower() for t in data.get("controls", ()))


_COMMAND, _CONTROLS = _app_controls()


def app_controls(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A remedy through the app's own controls, told to the user: a chat bot's command ("use /new
    to start a fresh session"), its retry button, a reload of the page. A bot's or a web app's
    failure notice points at them; a model answering a task does not."""
    if r.html or len(r.text) > APP_CONTROLS_CHARS or not r.hits:
        return ()  # (a notice says what failed: a remedy alone is a help page's)
    said = r.said.lower()
    m = _COMMAND.search(said) if "/" in said else None
    if m is None:
        m = _CONTROLS.search(said)
    if m is None:
        return ()
    return (Signal("app_controls", w["app_controls"], m.group(0).strip()),)


APP_CONTROLS_CHARS = 1000  # a notice, not a page of documentation about a bot


# A line of an error record's field: a field's label, a colon, its value (`Code: FUNCTION_...`,
# `message: fail to get model`, `Status: 422`, `ID: hnd1::...`), or the status said as one
# (`504: GATEWAY_TIMEOUT`).
_FIELD_LINE = re.compile(
    r"^\W{0,3}(?:(?:error[ _]?)?(?:code|message|msg|status|reason|type|detail|details|body)"
    r"|error|id|request[ _-]?id|trace[ _-]?id|[45]\d\d)\s*[:=]\s*\S",
    re.I,
)
_FAILED_VALUE = re.compile(
    r"[45]\d\d|error|fail|timeout|not[ _]found|denied|invalid|exceeded|unsupported"
    r"|not[ _](?:supported|accessible|available|allowed)|unavailable|forbidden|unauthori[sz]ed",
    re.I,
)
# Fields an object prints on one line once its braces are gone (`message: '...', code:
# '...'`, a JavaScript error's own properties as Node shows them): cut before each label.
_NEXT_FIELD = re.compile(
    r",\s+(?=(?:error[ _]?)?(?:code|message|msg|status|reason|type|details?)\s*[:=]\s*\S)",
    re.I,
)
ERROR_FIELDS_CHARS = 600


def error_fields(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """An error record printed as fields, one per line (`504: GATEWAY_TIMEOUT` / `Code:
    FUNCTION_INVOCATION_TIMEOUT` / `ID: hnd1::...`, `code: 50002` / `message: fail to get
    model`), or on one line once an object's braces are gone (`message: '...', code: '...'`):
    a platform's or a client's failure, laid out as a log prints it, not a reply."""
    if len(r.text) > ERROR_FIELDS_CHARS:
        return ()
    lines = [line.strip() for line in r.text.splitlines() if line.strip()]
    if len(lines) == 1 and "," in lines[0]:
        lines = [part.strip() for part in _NEXT_FIELD.split(lines[0]) if part.strip()]
    fields = [line for line in lines if _FIELD_LINE.match(line)]
    if len(fields) < 2 or 2 * len(fields) < len(lines):
        return ()
    if not any(_FAILED_VALUE.search(line) for line in fields):
        return ()
    if not r.written:  # (read last: the costliest test, and most replies have no fields)
        return ()
    return (Signal("error_fields", w["error_fields"], " / ".join(fields)[:60]),)
