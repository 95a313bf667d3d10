"""A runtime's error message and little else as the reply (at most three short lines): a
client passed its own crash on, without a frame or the exception's name (`HTTPSConnectionPool
(...): Max retries exceeded`, `Expecting value: line 1 column 1 (char 0)`, `[Errno 111]
Connection refused`). A stack trace, frames and all, is `trace_signals`'. Weighs toward
"failure" (weight in signals.py)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.error_objects import RUNTIME_MESSAGE as _RUNTIME_MESSAGE
from tether.reliability.error_objects import RUNTIME_MESSAGE_KEYS as _RUNTIME_MESSAGE_KEYS
from tether.reliability.keyed import may_hold_folded
from tether.reliability.reply import Reply, Signal

RUNTIME_MESSAGE_CHARS = 300


def runtime_message(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply is a runtime's error message and little else (at most three short lines): a
    client passed its own crash on as the reply, without a frame or the exception's name."""
    text = r.text.strip()
    if "ConnectionPool(" in text[:200]:
        pool = _POOL_MESSAGE.match(text)
        if pool is not None and len(text) <= POOL_MESSAGE_CHARS and text.count("\n") <= 2:
            return (Signal("runtime_message", w["runtime_message"], pool.group(1)),)
    if len(text) > RUNTIME_MESSAGE_CHARS or text.count("\n") > 2:
        return ()
    if "`" in text and "`" in _SERDE_FIELD.sub("", text):
        return ()  # (in backticks, it is quoted; serde puts a field's name in them)
    m = None
    if may_hold_folded(text, r.low, _RUNTIME_MESSAGE_KEYS):
        m = _RUNTIME_MESSAGE.search(text)
    if m is None and any(key in text for key in _SYSTEM_MESSAGE_KEYS):
        m = _SYSTEM_MESSAGE.search(text)
    if m is None:
        return ()
    # the message opens its line, after at most a client's label and the runtime's subject
    # (`Request failed: 'NoneType' object ...`, `x is not a function`), not inside a sentence
    # about it ("That error means the reply is not valid JSON")
    before = text[text.rfind("\n", 0, m.start()) + 1 : m.start()]
    subject = _BEFORE_LABEL.sub("", before)
    said = m.group(0)  # (a word of the runtime's own message explains nothing: `不是内部命令`)
    if len(subject.split()) > RUNTIME_SUBJECT_WORDS or any(
        x not in said for x in r.explaining_words
    ):
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
# More of the runtimes' messages, in their own case (a pattern apart: `_RUNTIME_MESSAGE` is
# case-blind and costly). A JSON parser's words on a body that was no JSON (an error page, an
# empty reply): Python's (`Expecting value: line 1 column 1 (char 0)`), Go's, Rust's serde
# (`missing field `choices` at line 1 column 87`), Gson's, Jackson's, .NET's System.Text.Json
# and Newtonsoft; JavaScript's destructuring of nothing; Python's indexing of a string, its `+`
# on None, its JSON encoder on a value it cannot write; and the operating system's error as a
# runtime words it: Python's `[Errno 111] ...`, `[WinError 10061] ...`, Node's `getaddrinfo
# ENOTFOUND api.x.com`, Go's failed request (`Post "https://...": dial tcp: ...`), Python's
# failed command.
_SYSTEM_MESSAGE = re.compile(
    r"\b(?:Expecting [^:\n]{1,40}|Unterminated string starting at|Extra data"
    r"|Invalid control character at|Invalid \\escape): line \d+ column \d+ \(char \d+\)"
    r"|\bjson: cannot unmarshal \w+ into Go "
    r"|\blooking for beginning of (?:value|object key string)\b"
    r"|^(?:[Mm]issing field|[Uu]nknown field|[Dd]uplicate field|[Ii]nvalid type: [^\n,]{1,60}, "
    r"expected|EOF while parsing|[Ee]xpected value|[Tt]railing characters)\b[^\n]{0,120} at line "
    r"\d+ column \d+$"
    r"|\bExpected BEGIN_(?:OBJECT|ARRAY) but was \w+|\bUnrecognized token '[^'\n]*': was expecting"
    r"|' is an invalid start of a value\.|\bUnexpected character encountered while parsing value"
    r"|\b[Cc]annot destructure property '[^'\n]+' of '[^'\n]+' as it is (?:undefined|null)"
    r"|\bstring indices must be integers\b|\bcan only concatenate str \(not \"\w+\"\) to str"
    r"|\bObject of type \w+ is not JSON serializable"
    r"|\[(?:Errno|WinError) -?\d+\] \S"
    r"|\b(?:getaddrinfo|connect|read|write|listen|spawn \S+|open) (?:ENOTFOUND|EAI_AGAIN|ETIMEDOUT"
    r"|ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENETUNREACH|EPIPE|ENOENT|EACCES|EADDRINUSE)\b"
    r"|^(?:Get|Post|Put|Patch|Delete|Head|GET|POST|PUT|PATCH|DELETE|HEAD) \"https?://[^\"\s]+\": \S"
    r"|\breturned non-zero exit status -?\d+"
    # a Unix shell's own error line (`zsh:1: no matches found: ...`, `bash: line 1: foo: command
    # not found`, `/bin/sh: 1: jq: not found`): a command the tool ran, its failure passed on
    r"|^(?:/\S*/)?(?:zsh|bash|sh|dash|ksh)(?::? line \d+|: ?\d+)?: (?:[^\n:]{1,80}: )?"
    r"(?:command not found|no matches found|not found|[Nn]o such file or directory"
    r"|[Pp]ermission denied|syntax error\b|bad substitution|parse error\b)[^\n]*"
    # Windows' shells on a command they cannot find, in their languages: cmd.exe's (`'python'
    # is not recognized as an internal or external command, ...`) and PowerShell's (`The term
    # 'ollama' is not recognized as a name of a cmdlet, function, script file, or ...`)
    r"|\bis not recognized as an internal or external command\b"
    # the JSON readers and HTTP clients of Kotlin, Java and .NET and Ruby's Faraday on a body or
    # a stream that was not what the code expected (Gson's, kotlinx.serialization's, OkHttp's,
    # HttpClient's, LINQ's, Faraday's)
    r"|\bUse JsonReader\.setLenient\(true\) to accept malformed JSON\b"
    r"|\bUnexpected JSON token at offset \d+:[^\n]*"
    r"|\bField '[^'\n]+' is required for type with serial name '[^'\n]+', but it was missing\b"
    r"|^The response ended prematurely\b|^Sequence contains no (?:matching )?elements?\b"
    r"|\bstream was reset: [A-Z_]+\b|^the server responded with status \d{3}\b"
    r"|\bn'est pas reconnu en tant que commande interne\b|\bno se reconoce como un comando "
    r"interno o externo\b|\bist entweder falsch geschrieben oder\b"
    r"|\u4e0d\u662f\u5185\u90e8\u6216\u5916\u90e8\u547d\u4ee4"
    r"|\u5185\u90e8\u30b3\u30de\u30f3\u30c9\u307e\u305f\u306f\u5916\u90e8\u30b3\u30de\u30f3\u30c9"
    r"|\bis not recognized as (?:the|a) name of a cmdlet\b"
    r"|\bn'est pas reconnu comme nom d'applet de commande\b"
    r"|\bno se reconoce como nombre de un cmdlet\b"
    r"|\bwurde nicht als Name eines Cmdlet\b",
    re.M,
)
_SYSTEM_MESSAGE_KEYS = (
    "(char ",
    "json: cannot unmarshal",
    "looking for beginning of",
    " at line ",
    "Expected BEGIN_",
    "was expecting",
    "invalid start of a value",
    "while parsing value",
    "annot destructure",
    "string indices",
    "can only concatenate",
    "JSON serializable",
    "Errno ",
    "WinError ",
    "ENOTFOUND",
    "EAI_AGAIN",
    "ETIMEDOUT",
    "ECONNRE",
    "EHOSTUNREACH",
    "ENETUNREACH",
    "EPIPE",
    "ENOENT",
    "EACCES",
    "EADDRINUSE",
    '"http',
    "non-zero exit status",
    "sh:",
    "is not recognized as ",
    "setLenient",
    "Unexpected JSON token",
    "with serial name",
    "ended prematurely",
    "Sequence contains no",
    "stream was reset",
    "responded with status",
    "n'est pas reconnu ",
    "no se reconoce como ",
    "falsch geschrieben oder",
    "Cmdlet",
    "\u5916\u90e8\u547d\u4ee4",
    "\u5916\u90e8\u30b3\u30de\u30f3\u30c9",
)
# serde's field in its messages (`missing field `choices` at line 1 column 87`)
_SERDE_FIELD = re.compile(r"\b(?:missing|unknown|duplicate) field `\w+`")
_BEFORE_LABEL = re.compile(r"^.{0,80}[:\uff1a]\s*")
RUNTIME_SUBJECT_WORDS = 3
