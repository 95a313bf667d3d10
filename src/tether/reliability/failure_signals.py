"""The signals that say a reply is a failure text: its words, its structure (an error object,
an SSE frame, a status line, a stack trace), its placeholders and its usage (pages:
`page_signals`)."""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Mapping

from tether.reliability.error_objects import (
    CODE_WORD,
    ERROR_KEYS,
    may_have_error_key,
    object_keys,
)
from tether.reliability.keyed import holds, may_hold_folded, split_keys
from tether.reliability.lexicon import SHIPPED, Lexicon, Terms, placeholder_key
from tether.reliability.reply import (
    CJK,
    SSE,
    STOCK_CHARS,
    TRACE,
    Reply,
    Signal,
    count_letters,
    display_size,
    first_status,
)

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
    total = count_letters(r.message)
    if total == 0:
        return ()
    covered, end = 0, -1
    for _, start, stop, _ in sorted(r.hits, key=lambda h: h[1]):
        start = max(start, end)
        if stop > start:
            covered += count_letters(r.message[start:stop])
            end = stop
    share = covered / total
    if share >= 0.3:
        return (Signal("coverage", w["coverage"], f"{share:.0%} of the message's letters"),)
    return ()


def short_notice(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A message of at most 200 characters with failure words (or a canned notice's parts,
    `Reply.stock_parts`): notices are short."""
    size = display_size(r.message.strip())
    if (r.hits or r.stock_parts) and size <= 200:
        return (Signal("short_notice", w["short_notice"], f"{size} characters"),)
    return ()


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """A short reply may hold words that say a failure together, a canned notice's parts, a
    hand-back or only not knowing (`Lexicon.may_pair`): read, though it has no failure word
    (`stock_notice`, `hands_back`, `knows_nothing`, `self_state`, a pair's `vocabulary`)."""
    if len(text) <= WORKING_LINE_CHARS and _WORKING_END.search(text.strip()) is not None:
        return True  # a line of a bot at work, maybe (`working_line`)
    return len(text) <= STOCK_CHARS and lexicon.may_pair(low)


def stock_notice(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply made only of a canned notice's parts (sorry, cannot, in trouble, come
    back later) with nothing specific to the task: a bot or a service speaking of itself
    ("I'm a little tired, ask me later"), not an answer (`Reply.stock_parts`)."""
    parts = r.stock_parts
    if not parts:
        return ()
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


# A client library's response object printed whole, instead of the text inside it.
_SDK_OBJECT = re.compile(
    r"\b(?:ChatCompletion(?:Chunk|Message)?|ChoiceDelta|Completion|Message|Response"
    r"|GenerateContentResponse)\(\s*(?:id=|content=|choices=|role=|candidates=)"
    r"|\bchoices=\[\s*Choice\("
)


def sdk_object(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """`ChatCompletionChunk(id=..., choices=[Choice(delta=ChoiceDelta(content=''...` as the
    reply: the client printed the response object, it did not take the model's text out."""
    said = r.said[:2000]
    m = _SDK_OBJECT.search(said) if "=" in said else None  # (every branch has an `=`)
    if m is None:
        return ()
    return (Signal("sdk_object", w["sdk_object"], m.group(0)[:40]),)


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
    return (Signal("status_code", w["status_code"], m.group(0).strip()[:40]),)


_LABELLED = re.compile(
    r"^\W{0,3}[\w .\-\[\]]{0,40}?(?:error|failed|failure|exception|issue|错误|失败|エラー|오류|"
    r"ошибка|fehler|erreur|erro)\]?\s*[:\uff1a]"
)


def client_prefix(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A client's words before a raw error: `API Error:`, `Error:`, `Request failed`, `❌`,
    `LLM request failed:`, `[Openai Issue]:`."""
    low = r.low.lstrip()
    m = r.lexicon.prefixes.match(low) or _LABELLED.match(low)
    if m is None:
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


# A line of a stack trace: a frame (Python, JavaScript, Java, Go, Rust, Lua's `file.lua:12: in
# function 'f'`, `[C]: in ?`), the source line under a Python frame, or its `^^^` markers.
_FRAME_LINE = re.compile(
    r"^(?:traceback \(most recent call last\):|stack traceback:|\s*file \".*\", line \d+.*"
    r"|\s+at \S.*|\s*\S+: in (?:function|main chunk|local|method|field|upvalue|\?)\b.*"
    r"|\s*(?:caused by|during handling of the above exception).*|goroutine \d+ \[.*"
    r"|\s+\d+: .*|\s{2,}\S.*|\s*[~^]+\s*|\s*\.\.\. \d+ more"
    # a Java frame without its `at`, as a servlet container's error page prints it
    r"|\s*[\w$]+(?:\.[\w$<>]+)+\((?:[\w$]+\.(?:java|kt|scala|groovy):\d+|native method"
    r"|unknown source)\)"
    # the lines a Rust panic prints around its frames: its payload, the backtrace's header, the
    # hint to set RUST_BACKTRACE
    r"|\s*called `(?:result|option)::(?:unwrap|expect)\(\)` on an? `(?:err|none)` value.*"
    r"|\s*stack backtrace:|\s*note: run with `rust_backtrace=1`.*"
    # a Go panic's lines, indented or not (pasted into a chat, a trace loses its tabs): the
    # signal, a function with its arguments' words (`main.f(0xc000228000, ...)`, `f(...)`),
    # its file and offset, the goroutine that started it
    r"|\s*\[signal .*\]\s*|\s*\S+\.go:\d+(?: \+0x[0-9a-f]+)?|\s*created by \S+.*"
    r"|\s*(?:[\w.@-]+/)*[\w.@-]+\.(?:\(\*?\w+\)\.)?[\w.]+\((?:\.\.\.|[^()\n]*0x[^()\n]*)?\))$",
    re.I,
)
# A line of a service's log: a timestamp or a level opens it (`2023/04/10 14:32:31 INFO ...`,
# `10-12 16:28:30 [INFO] ...`, `INFO[0001] ...`, `[2022-05-10T10:19:31Z INFO  app] ...`). Above
# a crash, the service's last words: machine output, neither a frame nor a writer's prose.
_LOG_LINE = re.compile(
    r"^\s*\[?(?:(?:\d{2,4}[-/])?\d{2}[-/]\d{2}[ T]\d{2}:\d{2}"
    r"|(?:INFO|WARN|WARNING|ERROR|DEBUG)\[\d+\])"
)
# A markdown report's scaffolding around a pasted trace: a fence, a heading, a bold label on
# its own line (`## Stack trace`, `**Traceback:**`). Neither frame nor prose: not counted.
_SCAFFOLD_LINE = re.compile(r"^\s*(?:```[\w+-]*|#{1,6}\s.{0,60}|\*\*[^*\n]{1,40}\*\*:?)\s*$")
# The line that names the exception: `KeyError: 'error'`, `litellm.APIError: ...`,
# `Uncaught TypeError: ...`, `panic: ...`, `java.net.SocketTimeoutException: Read timed out`.
# A name from a module of exceptions counts whatever its ending
# (`requests.exceptions.ConnectTimeout`, `openai.error.Timeout`).
EXCEPTION_LINE = re.compile(
    r"^\s*(?:uncaught |unhandled |exception in thread \"[^\"]*\" )?(?:[\w$]+\.)*"
    r"[A-Za-z_$][\w$]*(?:error|exception|exit|interrupt|fault)(?::|$)|^\s*panic: |"
    r"^\s*thread '[^']*'(?: \(\d+\))? panicked at|^\s*(?:\w+\.)*(?:exceptions?|errors?)\.[A-Z]\w*:",
    re.I,
)
# Python's header opens its trace; Lua's (`stack traceback:`) follows the error's message line.
_TRACE_HEADER = re.compile(r"^\s*(?:traceback \(most recent call last\)|stack traceback):", re.I)
_PY_FRAME = re.compile(r"^\s*file \".*\", line \d+", re.I)
# A .NET (or Java) frame, its `at` in the runtime's language (`в`, `在`, `bei`, `à`, `em`, `場所`,
# `위치`), a method's full name and its parameters: printed one a line or, pasted from a page,
# run together on one. Two of them are a trace even when the client printed only the message
# above them (`Service request failed.` without `System.ClientModel.ClientResultException`).
_MANAGED_FRAME = re.compile(
    r"(?:^|\s{2})\s*(?:at|\u0432|\u5728|bei|\u00e0|em|en|\u5834\u6240|\uc704\uce58:?|ved|vid)\s+"
    r"(?:[\w`$<>]+\.)+[\w`$<>]+\([^()\n]*\)",
    re.M,
)
_MANAGED_KEYS = split_keys(
    (
        "  at ",
        "\tat ",
        "  \u0432 ",
        "  \u5728 ",
        "  bei ",
        "  \u00e0 ",
        "  em ",
        "  en ",
        "  \u5834\u6240 ",
        "  \uc704\uce58",
        "  ved ",
        "  vid ",
    )
)


def _managed_trace(text: str, lines: list[str]) -> bool:
    """Two .NET or Java frames or more (`_MANAGED_FRAME`), and at most the message above them
    and a line in five besides: a trace whose exception's name was not printed."""
    if ("  " not in text and "\t" not in text) or not holds(text, _MANAGED_KEYS):
        return False  # (frames are indented or run together after spaces: ~1 us, not ~20)
    framed = [len(_MANAGED_FRAME.findall(line)) for line in lines]
    if sum(framed) < 2:
        return False
    other = sum(1 for n in framed[1:] if n == 0)
    return other * 5 <= len(lines)


def stack_trace(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply is a stack trace, or an exception as a runtime prints it, and little else: a
    client printed its own crash where the answer should be."""
    named = _trace(r)
    if named is None:
        return ()
    return (Signal("stack_trace", w["stack_trace"], named),)


def is_trace(r: Reply) -> bool:
    """Whether the reply is a stack trace (`stack_trace`): its lines are a runtime's, not a
    writer's sentences (read by the answer signals that count a writer's prose)."""
    return _trace(r) is not None


def _trace(r: Reply) -> str | None:
    """The line that names a stack trace's exception (its first 60 characters) when the reply
    is one (`stack_trace`), read once a reply."""
    if "trace" not in r.memo:
        r.memo["trace"] = _read_trace(r)
    found = r.memo["trace"]
    return found if isinstance(found, str) else None


def _read_trace(r: Reply) -> str | None:
    lines = [line for line in r.text[:6000].splitlines() if line.strip()]
    if "```" in r.text or "#" in r.text or "**" in r.text:
        lines = [line for line in lines if not _SCAFFOLD_LINE.match(line)]
    if not lines or len(lines) > 200:
        return None
    named = [line for line in lines if EXCEPTION_LINE.match(line)]
    if named and _LOG_LINE.match(lines[0]):
        # a service's log that ends in its crash: the lines above the crash are the log's
        first = lines.index(named[0])
        lines = [line for line in lines[:first] if not _LOG_LINE.match(line)] + lines[first:]
    # a traceback cut before the line that names its exception is one all the same
    if not named and not any(_TRACE_HEADER.match(line) for line in lines[:2]):
        if _managed_trace(r.text[:6000], lines):
            return lines[0].strip()[:60]
        return None  # (before the frames are counted: most replies name no exception)
    # the source line Python prints under a frame counts as the frame's, indented or not (a
    # trace pasted into a chat often loses its indentation)
    frames = sum(
        1
        for i, line in enumerate(lines)
        if _FRAME_LINE.match(line) or (i and _PY_FRAME.match(lines[i - 1]))
    )
    other = len(lines) - frames - len(named)
    if not named:
        # (the header is no frame; above Lua's, its message line names the error)
        named = [lines[0]]
        frames -= 1
        other -= _TRACE_HEADER.match(lines[0]) is None
    if (frames >= 2 and other * 5 <= len(lines)) or (other == 0 and len(lines) <= 3):
        return named[-1].strip()[:60]
    return None


# A runtime's own words for a crash, said without the exception's name: JavaScript's
# `Cannot read properties of undefined (reading 'map')`, `Unexpected token '<', "<!DOCTYPE "...
# is not valid JSON`, `fetch failed`, Python's `'NoneType' object is not subscriptable`, Lua's
# `expected string, got table`, Go's `nil pointer dereference`.
_RUNTIME_MESSAGE = re.compile(
    r"cannot read propert(?:y|ies) of (?:undefined|null)|\bis not a function\b"
    r"|\bis not valid json\b|\bunexpected (?:token|end of json)|object has no attribute\b"
    r"|object is not (?:subscriptable|iterable|callable)\b|\bexpected \w+, got \w+"
    r"|\bindex out of range\b|nil pointer dereference|\bnull pointer exception"
    r"|object reference not set to an instance of an object"
    # the fetch API's own words when the request never got an answer: Node's (undici's)
    # `TypeError: fetch failed`, a browser's `TypeError: Failed to fetch`, Node's `socket hang up`
    r"|\bfetch failed\b|\bfailed to fetch\b|\bsocket hang up\b",
    re.I,
)
# A substring of every match of `_RUNTIME_MESSAGE`, in lower case (`expected ` is in
# `unexpected `): the case-blind pattern cost ~35 us on a 300-character notice.
_RUNTIME_MESSAGE_KEYS = (
    "cannot read propert",
    "is not a function",
    "is not valid json",
    "expected ",
    "object has no attribute",
    "object is not ",
    "index out of range",
    "nil pointer dereference",
    "null pointer exception",
    "object reference not set",
    "fetch failed",
    "failed to fetch",
    "socket hang up",
)
RUNTIME_MESSAGE_CHARS = 300


def runtime_message(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply is a runtime's error message and little else (at most three short lines): a
    client passed its own crash on as the reply, without a frame or the exception's name."""
    text = r.text.strip()
    if "ConnectionPool(" in text[:200]:
        pool = _POOL_MESSAGE.match(text)
        if pool is not None and len(text) <= POOL_MESSAGE_CHARS and text.count("\n") <= 2:
            return (Signal("runtime_message", w["runtime_message"], pool.group(1)),)
    if len(text) > RUNTIME_MESSAGE_CHARS or text.count("\n") > 2 or "`" in text:
        return ()  # (in backticks, it is quoted)
    if not may_hold_folded(text, r.low, _RUNTIME_MESSAGE_KEYS):
        return ()
    m = _RUNTIME_MESSAGE.search(text)
    if m is None:
        return ()
    # the message opens its line, after at most a client's label and the runtime's subject
    # (`Request failed: 'NoneType' object ...`, `x is not a function`), not inside a sentence
    # about it ("That error means the reply is not valid JSON")
    before = text[text.rfind("\n", 0, m.start()) + 1 : m.start()]
    subject = _BEFORE_LABEL.sub("", before)
    if len(subject.split()) > RUNTIME_SUBJECT_WORDS or r.explaining_words:
        return ()  # (or it is explained: "... happens when the list is empty")
    return (Signal("runtime_message", w["runtime_message"], m.group(0)),)


# Python's `requests` (urllib3) when a connection never got an answer, after at most a
# client's label: `HTTPSConnectionPool(host='api.openai.com', port=443): Max retries exceeded
# with url: /v1/chat/completions (Caused by ConnectTimeoutError(...))`. The operating system's
# words it carries ("... because the target machine actively refused it") explain nothing.
_POOL_MESSAGE = re.compile(
    r"(?:[^\n]{0,80}?[:\uff1a]\s*)?"
    r"(HTTPS?ConnectionPool\(host=[^)\n]{1,200}\): Max retries exceeded)"
)
POOL_MESSAGE_CHARS = 800
_BEFORE_LABEL = re.compile(r"^.{0,80}[:\uff1a]\s*")
RUNTIME_SUBJECT_WORDS = 3


# A Python format field's conversion and spec: `{e!r}`, `{cost:.2f}`, `{0:>8}` (not a width
# alone: `{a:1}` is an object).
_FORMAT_SPEC = r"(?:![rsa])?(?::(?!\d*\})[<>^=]?[+\- ]?#?\d*[,_]?(?:\.\d+)?[bcdeEfFgGnosxX%]?)?"
# An unfilled slot of a message template: `{e}`, `{exc}`, `{resp['error']['message']}`,
# `{str(e)}`, `${error.message}`, `${codes[c] || ...` (a fallback after it),
# `{{host}}`, Go's `{{ .Name }}`, `{0}`, `{e!r}`, `{cost:.2f}`, `%s`, `%v`. Not after a word,
# `#`, `\\`, `^` or `}` (a Ruby string's `#{x}`, LaTeX's `\\frac{a}{b}`), after `=` (a setting's
# `{null}`) or `/` (a URL's `/{id}`).
_SLOT = re.compile(
    r"\$\{[A-Za-z_][\w.]*\}|\$\{[A-Za-z_][\w.]*(?:\[[^\]\n]{1,30}\])?(?:\(\))?\s*(?:\|\||\?\?)"
    r"|\{\{\s*[.$]?[A-Za-z_0-9][\w.]*\s*\}\}"
    r"|(?<![\w$#\\^}={/])\{[A-Za-z_][\w.]*(?:\[[^\]\n]{1,20}\]){0,3}" + _FORMAT_SPEC + r"\}"
    r"|(?<![\w$#\\^}={/])\{(?:str|repr|type)\([A-Za-z_][\w.]*\)(?:\.\w+)*" + _FORMAT_SPEC + r"\}"
    r"|(?<![\w$#\\^}={/])\{\d" + _FORMAT_SPEC + r"\}"
    r"|(?<![\w%])%[sdv]\b"
    # a slot between dollars (`$REASON$`), Fluent's placeable (`{ $date }`)
    r"|(?<![\w$])\$[A-Z][A-Z0-9_]{1,30}\$(?![\w$])|\{ ?\$[a-z_][\w-]{0,30} ?\}"
)
_ASKS_TEMPLATE = re.compile(
    r"%[sdv]\b|\{\w*\}|\$\{|templat|placeholder|format(?:ting)? string|format specifier|printf"
    r"|f-string|interpolat|模板|占位符|テンプレート|플레이스홀더|템플릿|plantilla|modèle|vorlage|шаблон"
)
_INLINE_CODE = re.compile(r"`[^`\n]*`|<code>.*?</code>")
# A line of code, where a slot is the code's own: indented, an f-string, a call that prints or
# raises, a line of JSON.
_CODE_LINE = re.compile(
    r"^(?:\s{4,}|\t|\s*[{\[]\s*[\"'{\[]).*$|^.*(?:\bf[\"']|\b(?:print|raise|return|throw)\b|console\.\w+\().*$",
    re.M,
)
TEMPLATE_CHARS = 600


def template_slot(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A message template sent with a slot never filled (`Error: {e}`, `${error.message}`,
    `model: %s`): a client's or a bot's canned text, not a model's reply. Slots in code
    (fenced, in backticks) are an answer's code."""
    if len(r.text) > TEMPLATE_CHARS or r.html:
        return ()
    if "{" not in r.text and "%" not in r.text and "$" not in r.text:
        return ()  # (every slot has a brace, a `%` or a `$`: most replies have none)
    if r.question and _ASKS_TEMPLATE.search(r.question[:2000]) is not None:
        return ()  # asked about templates, format strings, placeholders: slots are the answer
    # (an escaped backtick, `\``, is a JavaScript template literal's own: no inline code)
    text = r.text.replace("\\`", " ") if "\\`" in r.text else r.text
    said = _CODE_LINE.sub(" ", _INLINE_CODE.sub(" ", FENCED_CODE.sub(_unless_slots, text)))
    slots = {m.group(0) for m in _SLOT.finditer(said)}
    if not slots:
        return ()
    weight = w["template_slot"] + min(len(slots) - 1, 2) * TEMPLATE_MORE
    if any(_ERROR_SLOT.search(slot) is not None for slot in slots):
        weight += TEMPLATE_ERROR  # the slot a failure notice leaves for its error
    if not any(c.isalpha() for c in _SLOT.sub("", said)):
        weight = max(weight, w["template_slot"] * TEMPLATE_ALONE)  # slots and signs alone
    return (Signal("template_slot", round(weight, 3), ", ".join(sorted(slots))[:60]),)


FENCED_CODE = re.compile(r"```.*?(?:```|$)", re.S)


def _unless_slots(m: re.Match[str]) -> str:
    """A code block blanked out (its slots are the code's own), unless it holds slots and
    signs alone: ```{type(e).__name__}: {e}``` is a notice's error, fenced for display."""
    inside = m.group(0).strip("`")
    if _SLOT.search(inside) is not None and not any(c.isalpha() for c in _SLOT.sub("", inside)):
        return inside
    return " "


TEMPLATE_MORE = 0.1  # each further slot, up to two
TEMPLATE_ALONE = 1.5  # a reply of slots and signs alone: nothing but the template
TEMPLATE_ERROR = 0.2  # a slot named for the error it was to carry (`{e}`, `{llm_error_details}`)
# A slot's name that holds the error: `{e}`, `{exc!r}`, `{err.message}`, `${error}`,
# `{llm_error_details}`, `{resp['error']}`.
_ERROR_SLOT = re.compile(r"(?<![A-Za-z])(?:e|ex|exc|err|error|exception)(?![A-Za-z])|error", re.I)


def placeholder(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A stand-in for no reply: `null`, `undefined`, `[object Object]`, `(No response)`; also
    a code's stand-in after a client's label (`Failed: undefined`, `Error — [object Object]`),
    any JavaScript object printed as its type (`[object Promise]`), a note in brackets that
    nothing is there, in any language (`(vacío)`, `[пусто]`, `(내용 없음)`), and work in
    progress said where the reply goes (`Redoing prompt 🔄...`)."""
    leak = stand_in_leak(r, w)
    if leak is not None:
        return leak
    if len(r.text) > 60:
        return ()
    key = placeholder_key(r.text)
    # a stand-in word dressed up ("🦙Generating ...", "[Silencio]", "⏳ thinking…"): the same
    # word once the signs around it are gone (and never a reply of signs alone, `[]`, `...`)
    bare = _AROUND_WORDS.sub("", key)
    if key in r.lexicon.placeholders or (bare and bare in r.lexicon.placeholders):
        return (Signal("placeholder", w["placeholder"], r.text.strip()),)
    said = _AROUND_WORDS.sub("", _LABEL.sub("", key, count=1))
    if _OBJECT_STRING.search(key) is not None or (said != bare and said in _CODE_STAND_INS):
        return (Signal("placeholder", w["placeholder"], r.text.strip()),)
    # a program's note in brackets that nothing is there, in any language: "(vacío)",
    # "[пусто]", "(내용 없음)", "<no message>"
    inside = _BRACKETED.fullmatch(key)
    if inside is not None and r.lexicon.says_only_absence(inside.group(1)):
        return (Signal("placeholder", w["placeholder"], r.text.strip()),)
    # ... or a tag in brackets that names an error, and nothing else ("[API Error]",
    # "[Gemini APIエラー]", "(timeout)"): a client's label put where the reply goes
    if (
        inside is not None
        and len(inside.group(1).split()) <= ERROR_TAG_WORDS
        and _ERROR_TAG.search(inside.group(1)) is not None
    ):
        return (Signal("placeholder", w["placeholder"], r.text.strip()),)
    # ... or a program's marker in brackets, in snake case, that the reply was empty
    # ("<empty_content>", "[NO_RESPONSE]", "<empty_response_from_the_bot>")
    if inside is not None and _EMPTY_MARKER.fullmatch(inside.group(1)) is not None:
        return (Signal("placeholder", w["placeholder"], r.text.strip()),)
    # ... or an empty thing named, unbracketed ("Empty String :(", "Blank result"): a program's
    # note where the reply should be (not to a question that names the thing: "empty string"
    # answers what `""` is)
    head, _, thing = bare.partition(" ")
    if (
        head in ("empty", "blank")
        and thing
        and r.lexicon.only_things(thing)
        and not (r.question and thing in r.question.lower())
    ):
        return (Signal("placeholder", w["placeholder"], r.text.strip()),)
    # work in progress said where the reply goes: "Redoing prompt 🔄...", "Retrying…"
    if bare and r.lexicon.says_only_progress(bare):
        return (Signal("placeholder", w["placeholder"], r.text.strip()),)
    if nothing_made(r.text.strip()):
        return (Signal("placeholder", w["placeholder"], r.text.strip()),)
    # a line of a bot at work, left where the reply goes: "🤖 AI is thinking...", "Печатаю...",
    # "Asisten sedang memproses permintaan Anda..." (not to a question about such lines)
    if working_line(r):
        return (Signal("placeholder", w["placeholder"], r.text.strip()),)
    # a reply that names itself a stand-in ("This is a default answer.", "testsvar från AI"),
    # or the label of the reply's slot printed in its place ("AI response", "Bot reply")
    if (
        _NAMED_STAND_IN.search(key) is not None
        or _NAMED_STAND_IN.search(_FIRST_SENTENCE.split(key, maxsplit=1)[0]) is not None
        or _SLOT_LABEL.fullmatch(bare) is not None
    ):
        return (Signal("placeholder", w["placeholder"], r.text.strip()),)
    # the name of the variable that was to hold the reply, printed in its place ("res_text",
    # "bot_reply"): a program's slot, not its value (unless the question names it)
    if _SLOT_VARIABLE.fullmatch(r.text.strip()) is not None and not _names_task_words(r):
        return (Signal("placeholder", w["placeholder"], r.text.strip()),)
    # a program's constant alone, unmarked: a sentinel ("DO-NOT-KNOW") or a message's key
    # never looked up ("ERR_QUOTA_EXCEEDED_TITLE"); a writer who names one marks it as code
    if _CONSTANT.fullmatch(r.text.strip()) is not None and not _names_task_words(r):
        return (Signal("placeholder", w["placeholder"], r.text.strip()),)
    # a model's control tokens alone ("<|endoftext|>", a runtime's "<|CONTEXT-FULL|>"): the
    # markers of a chat template or a runtime's signal, with no reply between them
    if _CONTROL_TOKENS.fullmatch(r.text.strip()) is not None and not _names_task_words(r):
        return (Signal("placeholder", w["placeholder"], r.text.strip()),)
    return ()


WORKING_LINE_CHARS = 80
# An ellipsis or an hourglass closing a line (emoji and spaces after it at most), or an
# hourglass opening it: a client's mark of work under way.
_WORKING_END = re.compile(
    r"(?:\.{3}|\u2026|[\u23f3\u231b])[\W_]{0,4}$|^\W{0,3}[\u23f3\u231b]", re.UNICODE
)


def working_line(r: Reply) -> bool:
    """A short line that says a bot is at work, closed by an ellipsis: "AI is thinking...",
    "Wait a second, I'm thinking...", "AI myśli...", "正在分析\uff0c请稍等片刻..." (stand_in
    `progress` and `working`). A client's progress message never replaced by the reply. Not
    when the question names the same words (a progress message asked for)."""
    text = r.text.strip()
    if len(text) > WORKING_LINE_CHARS or "\n" in text or _WORKING_END.search(text) is None:
        return False
    low = text.lower()
    m = r.lexicon.working.search(low)
    if m is None:
        return False
    return not (r.question and m.group(0).strip() in r.question.lower())


def _names_task_words(r: Reply) -> bool:
    """A constant one of whose words the question says (`OPENAI_API_KEY` to "which variable
    holds the API key?", `NO_ISSUES_FOUND` to "say NO_ISSUES_FOUND if ..."): the name asked
    for, not a program's leak."""
    question = set(re.findall(r"[a-z0-9]+", (r.question or "").lower()))
    parts = re.split(r"[_-]", r.text.strip().lower())
    return any(len(part) >= 3 and part in question for part in parts)


# Three or more parts in capitals joined by `_` or `-`, and nothing else.
_CONSTANT = re.compile(r"[A-Z][A-Z0-9]*(?:[_-][A-Z0-9]+){2,}")


# A stand-in reply naming itself one: a test's, a default's, a mock's answer, in the corpus's
# languages (a program's canned text where the model's reply should be), said as the whole
# reply: a greeting at most before it, "this is a", and "from the AI" after it (not "the test
# response passed", a writer's report).
_STAND_IN_NAME = (
    r"(?:test|default|dummy|mock|fake|placeholder|stub|canned)[ -]?(?:(?:ai|bot|llm) )?"
    r"(?:answer|response|reply)"
    r"|testsvar|testantwort|testvastaus"
    r"|(?:respuesta|resposta|réponse|risposta) (?:de |di )?(?:prueba|teste|test|prova)"
    r"|(?:respuesta|resposta|réponse|risposta) (?:por defecto|padrão|par défaut|predefinita)"
    r"|тестов(?:ый|\u043e\u0435) (?:ответ|сообщение)"
    r"|测试(?:回复|回答)|默认(?:回复|回答)|テスト(?:応答|回答)|테스트 응답"
)
_NAMED_STAND_IN = re.compile(
    r"^(?:\w+\W+)??(?:this is|it's|i'm|i am|detta är|das ist|esta es|esta é|ceci est|это)?\s*"
    r"(?:an?|the|ett|en|eine|una|uma|une)?\s*(?:" + _STAND_IN_NAME + r")"
    r"(?:\s+(?:from|de|del|da|du|från|von|от|di)\s+(?:the\s+)?[\w-]+)?\W*$"
)
# A program's marker of an empty reply, in snake case: "empty_content", "NO_RESPONSE",
# "empty_response_from_the_bot" (the inside of brackets).
_EMPTY_MARKER = re.compile(
    r"(?i)(?:empty|no|none|null|nothing|blank|missing)(?:_[a-z]+){1,5}|[a-z]+_(?:empty|none|null)"
)
# A short reply's first sentence (a stand-in naming itself, then a note to the developer:
# "I'm a placeholder AI response. Connect me to a real backend!").
_FIRST_SENTENCE = re.compile(r"(?<=[.!?])\s+")
# A variable's name for the reply, alone: snake case, one part a reply's slot.
_SLOT_VARIABLE = re.compile(
    r"(?:[a-z]+_)*(?:res|resp|response|reply|answer|output|completion|msg|message)"
    r"_(?:text|txt|content|str|string|msg|message|reply|answer|output)"
)
# The label of the reply's slot alone: "AI response", "Bot reply", "LLM output".
_SLOT_LABEL = re.compile(
    r"(?:ai|bot|llm|gpt|model|assistant|chatbot)(?:'s)? (?:response|reply|answer|output)"
)


# A reply made of a program's no-value literals and signs alone, two or more (`None: None`,
# `undefinedundefined`, `null - null`): a template whose every slot was filled with nothing.
_STAND_IN_RUN = re.compile(r"[\W_]*(?:(?:none|null|undefined|nan|nil)[\W_]*){2,}")
# JavaScript's text for an object opening the reply (`[object Object].` and then the sources
# an app appended): the answer itself was printed as its type.
_OBJECT_HEAD = re.compile(r"^\W{0,3}\[object [A-Z]\w*\]")
# JavaScript's NaN in a number's slot inside a sentence (`you have performed NaN commands
# today`, `NaN% done`): a count never computed. Case kept: `NaN` as a runtime prints it.
# (not a value's name said: `returns NaN values`, `is NaN`)
_NAN_SLOT = re.compile(
    r"(?<=[A-Za-z,:] )(?<!\bis )(?<!\bare )(?<!\bbe )(?<!return )(?<!returns )(?<!get )"
    r"(?<!gets )NaN(?= ?%| (?!values\b)[a-z]+s\b)|(?<=[$\u20ac\u00a3])NaN\b"
)
_ASKS_NAN = re.compile(r"\bnan\b|not a number", re.I)
# A question about what code prints or returns, or about a value: its answer may be `None`.
_ASKS_VALUE = re.compile(
    r"\b(?:none|null|undefined|nil|print\w*|output|returns?|values?)\b|\w\(", re.I
)
STAND_IN_LEAK_CHARS = 300
OBJECT_HEAD_MORE = 0.5  # the object opens a longer reply: what follows was appended to it


def stand_in_leak(r: Reply, w: Mapping[str, float]) -> tuple[Signal, ...] | None:
    """A program's stand-in for a value where the reply or a number should be: a reply of
    stand-in literals alone (`None: None`, `undefinedundefined`), `[object Object]` opening the
    reply, `NaN` in a sentence's count (`you have performed NaN commands today`). Not in code,
    nor when the question asks about those values (read only once a reply has the shape)."""
    text = r.text.strip()
    if len(text) <= 60 and "\n" not in text and _STAND_IN_RUN.fullmatch(text.lower()):
        if _asks(r, _ASKS_NAN) or _asks(r, _ASKS_VALUE):
            return None  # what code prints or returns, asked for: the literals are the answer
        return (Signal("placeholder", w["placeholder"], text),)
    if "[object " in text[:12] and _OBJECT_HEAD.match(text) is not None:
        weight = w["placeholder"] + (OBJECT_HEAD_MORE if len(text) > 60 else 0.0)
        return (Signal("placeholder", weight, text[:40]),)
    if "NaN" in text and len(text) <= STAND_IN_LEAK_CHARS and "`" not in text:
        m = _NAN_SLOT.search(text)
        if m is not None and not r.explaining_words and not _asks(r, _ASKS_NAN):
            said = text[max(0, m.start() - 30) : m.end() + 20]
            return (Signal("placeholder", w["placeholder"], said),)
    return None


def _asks(r: Reply, pattern: re.Pattern[str]) -> bool:
    return bool(r.question) and pattern.search(r.question[:2000]) is not None


# An absence, then what was not made ("No commit message generated", "Aucune réponse reçue",
# "Geen antwoord ontvangen", "No generated text in response"): a program's note where the
# reply should be. A made thing that is a fault or a change ("No errors returned", "no
# conflicts produced") is a result, said of the task's own work.
_ABSENT = (
    r"(?:no|none|nothing|sin|ning[u\u00fa]n|ninguna|sem|nenhum|nenhuma|aucun|aucune|pas de"
    r"|kein|keine|keinen|nessun|nessuna|nessuno|geen|\u043d\u0435\u0442|brak|\u017cadn\w*"
    r"|hi\u00e7|tidak ada|kh\u00f4ng c\u00f3)"
)
_MADE = (
    r"(?:generated|produced|returned|provided|received|created|generad[oa]s?|devuelt[oa]s?"
    r"|recibid[oa]s?|gerad[oa]s?|retornad[oa]s?|recebid[oa]s?|fornecid[oa]s?"
    r"|proporcionad[oa]s?|g\u00e9n\u00e9r\u00e9(?:e|s|es)?|renvoy\u00e9(?:e|s|es)?"
    r"|re\u00e7u(?:e|s|es)?|fourni(?:e|s|es)?|produit(?:e|s)?|generiert|erzeugt"
    r"|zur\u00fcckgegeben|erhalten|geliefert|generat[oaie]|restituit[oaie]|ricevut[oaie]"
    r"|fornit[oaie]|gegenereerd|ontvangen|geretourneerd|\u0441\u0433\u0435\u043d\u0435"
    r"\u0440\u0438\u0440\u043e\u0432\u0430\u043d\w*|\u043f\u043e\u043b\u0443\u0447\u0435"
    r"\u043d\w*|\u0432\u043e\u0437\u0432\u0440\u0430\u0449\u0435\u043d\w*|wygenerowan\w*"
    r"|zwr\u00f3con\w*|otrzyman\w*|dihasilkan|diterima|dikembalikan)"
)
_NOTHING_MADE = re.compile(
    r"[\W_]{0,4}"
    + _ABSENT
    + r"(?:((?:\s+[\w'\-]+){0,3}?)\s+"
    + _MADE
    + r"|\s+"
    + _MADE
    + r"\s+[\w\-]+)(?:\s+(?:in|from|by|en|de|em|dans|par|von|im|nella|dalla)\s+"
    r"(?:[\w\-]+\s+){0,3}?[\w\-]+)?[\W_]{0,4}",
    re.I,
)
_RESULT_THING = re.compile(r"error|warn|issue|problem|change|conflict|fail|diff|update|test|bug")
NOTHING_MADE_CHARS = 60


def nothing_made(text: str) -> bool:
    """A short line that says nothing was made: an absence, what was not made, the participle
    (`_NOTHING_MADE`), not a fault or a change found absent (a result of the task)."""
    if len(text) > NOTHING_MADE_CHARS or "\n" in text:
        return False
    m = _NOTHING_MADE.fullmatch(text)
    return m is not None and _RESULT_THING.search(m.group(1) or "") is None


ERROR_TAG_WORDS = 4
_ERROR_TAG = re.compile(
    r"error|\berr\b|fail|timeout|timed out|\u30a8\u30e9\u30fc|\u9519\u8bef|\u932f\u8aa4"
    r"|\uc624\ub958|\uc5d0\ub7ec|\u043e\u0448\u0438\u0431\u043a|fehler|erreur|errore|erro\b"
)
_BRACKETED = re.compile(
    r"[^\w(\[<\uff08\u3010\u300c]{0,3}[(\[<\uff08\u3010\u300c]\s*([^()\[\]<>\uff08\uff09\u3010\u3011\u300c\u300d]{1,40}?)"
    r"\s*[)\]>\uff09\u3011\u300d][^\w]{0,3}"
)


_AROUND_WORDS = re.compile(r"^[\W_]+|[\W_]+$")
# A client's short label before what it printed: a word or three and a colon or a dash.
_LABEL = re.compile(r"^\W{0,4}[\w'\u2019 *]{1,30}?\s*(?:[:\uff1a]|\s[\u2014\u2013-])\s*")
# JavaScript's text for an object it was asked to print as a string.
_OBJECT_STRING = re.compile(r"\[object [a-z]\w*\]")
# One or more of a model's control tokens, `<|name|>`, and nothing else.
_CONTROL_TOKENS = re.compile(r"(?:\s*<\|[\w.:-]{1,60}\|>)+")
# A program's literals for "no value" that are no word of any language ("None" is English).
_CODE_STAND_INS = frozenset(("undefined", "null", "nan", "nil"))


def zero_output(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Text, yet the provider says it generated no tokens: the text did not come from a model."""
    raw = r.usage.raw if r.usage is not None else {}
    for key in ("completion_tokens", "output_tokens", "eval_count"):
        if key in raw and raw[key] == 0:
            return (Signal("zero_output", w["zero_output"], f"{key}=0"),)
    return ()


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
    if not r.written or len(r.text) > ERROR_FIELDS_CHARS:
        return ()
    lines = [line.strip() for line in r.text.splitlines() if line.strip()]
    if len(lines) == 1 and "," in lines[0]:
        lines = [part.strip() for part in _NEXT_FIELD.split(lines[0]) if part.strip()]
    fields = [line for line in lines if _FIELD_LINE.match(line)]
    if len(fields) < 2 or 2 * len(fields) < len(lines):
        return ()
    if not any(_FAILED_VALUE.search(line) for line in fields):
        return ()
    return (Signal("error_fields", w["error_fields"], " / ".join(fields)[:60]),)
