"""Is a reply one error object? A JSON body (`{"error": {...}}`, `{"message": ..., "code":
...}`), a Python dict, a Rust or Go struct, alone or after a client's prefix (`API Error:
529`), inside a fence or after `data:`; and the message strings a person would read in it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from tether.reliability.reply_json import parsed
from tether.reliability.trie_patterns import trie_pattern

# An HTTP error status; the check before it follows its first digit, so the engine can skip
# to the 4s and 5s (a check first, tried at every position, cost six times as much).
CODE_WORD = re.compile(r"([45](?<![\d.,][45])\d\d)(?![\d.,]\d|\d)")
FENCE = re.compile(r"```[\w+-]*\n?(.*?)```", re.S)


KEY_NAMES = (
    "error",
    "errors",
    "err",
    "error_code",
    "errorcode",
    "error_msg",
    "error_message",
    "errormessage",
    "errmsg",
    "errcode",
    "error_type",
    "message",
    "msg",
    "code",
    "type",
    "status",
    "status_code",
    "statuscode",
    "param",
    "detail",
    "details",
    "reason",
    "request_id",
    "requestid",
    "innererror",
    "success",
    "kind",
)
# An object's key (`"error":`, `code=`), as a trie on lower-cased text: one alternation of the
# names tried with `re.I` at every position took ~0.3 ms on a 800-character answer.
_KEY, _KEY_WORD = trie_pattern(KEY_NAMES), trie_pattern(KEY_NAMES, word_start=True)
KEYED = re.compile(rf"""["']({_KEY})["']\s*:|({_KEY_WORD})\s*[:=]\s*[\s"'{{\[(\w-]""")


def object_keys(text: str) -> set[str]:
    """The key names of KEY_NAMES that `text` uses as keys (lower-cased)."""
    if ":" not in text and "=" not in text:
        return set()
    return {m.group(1) or m.group(2) for m in KEYED.finditer(text.lower())}


MESSAGE_KEYS = frozenset(
    (
        "message",
        "msg",
        "errmsg",
        "error",
        "error_msg",
        "error_message",
        "errormessage",
        "detail",
        "details",
        "description",
        "title",
        "reason",
        "errormessage",
        "errordescription",
        "error_description",
    )
)


def _status_notice(item: dict[str, Any]) -> bool:
    """A small object holding an HTTP error status and a message (`{"code": 401, "msg": ...}`):
    a notice, where a row of data about status codes has more to it."""
    if len(item) > 6:
        return False
    keys = {str(k).lower(): v for k, v in item.items()}
    status = any(
        k in _STATUS_KEYS and _HTTP_ERROR_STATUS.fullmatch(str(v)) for k, v in keys.items()
    )
    return status and any(
        isinstance(keys.get(k), str) for k in ("msg", "message", "detail", "title")
    )


# A kind of failure as a notice's `type` (KoboldCpp's `{"detail": {"msg": ..., "type":
# "service_unavailable"}}`, `"type": "bad_input"`, `"invalid_request"`): the error types of
# servers that do not name them "error".
_FAILURE_KIND = re.compile(
    r"(?:[a-z]+_)*(?:unavailable|invalid(?:_[a-z]+)?|bad_(?:input|request)|not_found|"
    r"unauthori[sz]ed|forbidden|overloaded|timeout|timed_out|rate_limit(?:ed)?|"
    r"too_many_requests|quota_exceeded|denied|busy)"
)


def _typed_notice(item: dict[str, Any]) -> bool:
    """A small object of a message and a `type` that names a kind of failure
    (`{"msg": "Server is busy", "type": "service_unavailable"}`): a server's notice."""
    if len(item) > 4:
        return False
    keys = {str(k).lower(): v for k, v in item.items()}
    kind = keys.get("type")
    if not isinstance(kind, str) or _FAILURE_KIND.fullmatch(kind.strip().lower()) is None:
        return False
    return any(isinstance(keys.get(k), str) for k in ("msg", "message", "detail"))


# A provider's own error number (`"code": 5000`, `"errno": 99999`, `"code": -2001`): four
# digits or more, or negative; not a success's (`0`, `200`, `10000`, `"0000"`).
_PROVIDER_CODE = re.compile(r"-\d{1,7}|[1-9]\d{3,6}")
_SUCCESS_CODES = frozenset(("10000", "100000"))
_SUCCESS_MESSAGE = re.compile(
    r"\s*(?:ok|success\w*|succeeded|done|\u6210\u529f|\u64cd\u4f5c\u6210\u529f)\W*", re.I
)


def _coded_notice(item: dict[str, Any]) -> bool:
    """A small envelope holding a provider's error number and a message, and no data
    (`{"code": 5000, "msg": "We're currently experiencing server issues ..."}`): the numbered
    error bodies of Asian providers and platforms. A success envelope has its code (`0`,
    `200`, `10000`), says "success" or carries its data."""
    if len(item) > 6:
        return False
    keys = {str(k).lower(): v for k, v in item.items()}
    code = next((keys[k] for k in ("code", "errno", "ret") if k in keys), None)
    if isinstance(code, bool) or not isinstance(code, int | str):
        return False
    number = str(code).strip()
    if _PROVIDER_CODE.fullmatch(number) is None or number in _SUCCESS_CODES:
        return False
    said = next((keys[k] for k in ("msg", "message") if isinstance(keys.get(k), str)), "")
    if not said.strip() or _SUCCESS_MESSAGE.fullmatch(said) is not None:
        return False
    return not keys.get("data") and not keys.get("result")


def _json_messages(value: object) -> tuple[bool, list[str]]:
    """Whether a parsed JSON value is an error body, and its message strings."""
    found: list[str] = []
    errorish = False
    stack: list[tuple[str, object]] = [("", value)]
    while stack:
        key, item = stack.pop()
        k = key.lower()
        if (
            k in ERROR_KEYS
            and isinstance(item, dict | str | list | int)
            and not isinstance(item, bool)
        ) or (k in ("type", "code", "status", "name") and _ERROR_NAME.search(str(item))):
            errorish = errorish or bool(item)
        if isinstance(item, dict):
            errorish = (
                errorish or _status_notice(item) or _coded_notice(item) or _typed_notice(item)
            )
            stack += [(str(kk), v) for kk, v in item.items()]
        elif isinstance(item, list):
            stack += [(key, v) for v in item[:20]]
        elif isinstance(item, str) and k in MESSAGE_KEYS:
            found.append(item)
    return errorish, found


ERROR_WORD = re.compile(r"error|exception|fail", re.I)
# A key holding an HTTP status, and an error status in it (`"code": 401`, `"status": "503"`).
# (`httpStatus` and `title`: an RFC 9457 problem object, Akamai's and others')
_STATUS_KEYS = frozenset(
    ("code", "status", "status_code", "statuscode", "http_status", "httpstatus")
)
_HTTP_ERROR_STATUS = re.compile(r"[45]\d\d")
# A type or name that says error: `rate_limit_error`, `ThrottlingException`, `APIError`.
_ERROR_NAME = re.compile(r"error|exception", re.I)
# Keys that make an object an error body whatever else it holds.
ERROR_KEYS = frozenset(
    (
        "error",
        "errorcode",
        "errors",
        "err",
        "error_code",
        "errcode",
        "error_msg",
        "errmsg",
        "errormessage",
        "error_message",
        "errordescription",
        "error_description",
        "errordetails",
        "error_type",
        "errortype",
        "exception",
        "$fault",  # the AWS SDK's errors
        "blockreason",  # Gemini's `promptFeedback`: the prompt blocked, no candidate made
    )
)


# Every key of ERROR_KEYS that `object_keys` can find, then its `:` or `=`: a cheap test before
# the full pattern (most texts that say "error" use it as a word, not as a key).
_ERROR_KEY = re.compile(
    "(?:"
    + "|".join(re.escape(k) for k in sorted(ERROR_KEYS & set(KEY_NAMES)))
    + r""")["']?\s*[:=]"""
)


def may_have_error_key(text: str) -> bool:
    """False when `object_keys(text)` cannot hold a key of ERROR_KEYS."""
    return _ERROR_KEY.search(text.lower()) is not None


def _closing_brace(text: str, start: int) -> int:
    """Where the object opened at `start` closes (braces inside strings not counted), or -1:
    an object quoted in the middle of prose closes long before the text ends."""
    depth = 0
    quote = ""
    escaped = False
    for i in range(start, min(len(text), start + 20_000)):
        ch = text[i]
        if quote:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == quote:
                quote = ""
        elif ch in "\"'" and (ch == '"' or not text[i - 1 : i].isalnum()):
            quote = ch
        elif ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return i
    return -1


# Words after an object that still leave the text one error object ("(retrying)", "?"); more is
# the writer's own sentence about it. Sized as read: a CJK character carries a word's worth.
TRAILING_WORDS_MAX = 40
_CJK_CHAR = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


def _words_size(text: str) -> int:
    """Characters, a CJK character counting as 2.5 (as `reply.display_size` counts them)."""
    if text.isascii():
        return len(text)
    return len(text) + int(1.5 * len(_CJK_CHAR.findall(text)))


# A runtime's own words for a crash, said without the exception's name: JavaScript's
# `Cannot read properties of undefined (reading 'map')`, `Unexpected token '<', "<!DOCTYPE "...
# is not valid JSON`, `fetch failed`, Python's `'NoneType' object is not subscriptable`, Lua's
# `expected string, got table`, Go's `nil pointer dereference`.
RUNTIME_MESSAGE = re.compile(
    r"cannot read propert(?:y|ies) of (?:undefined|null)|\bis not a function\b"
    r"|\bis not valid json\b|\bunexpected (?:token|end of json)|object has no attribute\b"
    r"|object is not (?:subscriptable|iterable|callable)\b|\bexpected \w+, got \w+"
    r"|\bindex out of range\b|nil pointer dereference|\bnull pointer exception"
    r"|object reference not set to an instance of an object"
    # the fetch API's own words when the request never got an answer: Node's (undici's)
    # `TypeError: fetch failed`, a browser's `TypeError: Failed to fetch`, Node's `socket hang up`
    r"|\bfetch failed\b|\bfailed to fetch\b|\bsocket hang up\b"
    # a call's arguments that did not fit its function, as Python's TypeError says it (an
    # agent framework's tool executor passes it on as the result: `send_message() missing 1
    # required positional argument: 'message'`), a name read before it was set, and
    # JavaScript's TypeError on writing to a value that holds no properties
    r"|\(\) (?:missing \d+ required (?:positional|keyword-only) arguments?"
    r"|got an unexpected keyword argument|takes \d+ positional arguments? but \d+ (?:was|were))"
    r"|\breferenced before assignment\b"
    # Python's NameError, Ruby's NoMethodError on nil, PHP's call on a missing value or function
    r"|\bname '[\w.]+' is not defined\b|\bundefined method [`'][^'\n]+' for nil\b"
    r"|\bcall to (?:a member function \w+\(\) on (?:null|bool|array|string)|undefined function)"
    r"|\b(?:cannot (?:add|modify) header information - )?headers already sent\b"
    r"|\bunrecognized selector sent to instance\b"
    r"|cannot (?:create|set) propert(?:y|ies) \S* ?(?:on|of)"
    r" (?:string|number|boolean|undefined|null)",
    re.I,
)
# A substring of every match of `RUNTIME_MESSAGE`, in lower case (`expected ` is in
# `unexpected `): the case-blind pattern cost ~35 us on a 300-character notice.
RUNTIME_MESSAGE_KEYS = (
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
    "() missing ",
    "() got an unexpected",
    "() takes ",
    "referenced before assignment",
    "is not defined",
    "undefined method",
    "call to ",
    "headers already sent",
    "unrecognized selector",
    "cannot create propert",
    "cannot set propert",
)


def _crash_record(value: dict[str, Any]) -> bool:
    """A record flagged as an error (`"error": true`, `"status": "error"`) that carries a
    runtime's crash message in a field (`"content": "'NoneType' object has no attribute
    'startswith'"`): a pipeline's failed item printed where the extracted data goes. A model
    filling a schema's error flag writes why in words (`"message": "no date in the text"`)."""
    keys = {str(k).lower(): v for k, v in value.items()}
    status = keys.get("status")
    flagged = keys.get("error") is True or (
        isinstance(status, str) and status.lower() in ("error", "failed", "failure")
    )
    return flagged and any(
        isinstance(v, str) and RUNTIME_MESSAGE.search(v) is not None for v in keys.values()
    )


def fence_body(text: str) -> str | None:
    """The body of `text` (stripped) when it is one fenced block and nothing else (stripped),
    or None: a reply that fences its JSON gives that JSON."""
    fence = FENCE.match(text)
    if fence is None or len(fence.group(0)) < len(text) - 2:
        return None
    return fence.group(1).strip()


def error_object(
    text: str, parse: Callable[[str], object] = parsed
) -> tuple[str, str, list[str]] | None:
    """(kind, prefix, messages) when `text` is one error object, perhaps after a short prefix,
    inside a fence or after `data:`; None otherwise. `parse`: how its body is read as JSON
    (a reply's whole text is parsed once a reply: `reply_json.json_of`)."""
    t = text.strip()
    if t.startswith("```"):
        body = fence_body(t)
        if body is None:
            return None
        t = body
    start = t.find("{")
    if start < 0:
        return None
    prefix = t[:start].strip()
    if len(prefix) > 120 or "\n\n" in prefix:
        return None
    end = _closing_brace(t, start)
    if end < 0:  # never closed (a cut body): up to its last brace
        end = t.rfind("}")
    if end < start or _words_size(t[end + 1 :]) > TRAILING_WORDS_MAX:
        return None
    body = t[start : end + 1]
    if prefix.lower().startswith("data:"):
        prefix = prefix[5:].strip()
    value = parse(body)
    if isinstance(value, dict):
        errorish, messages = _json_messages(value)
        if errorish or _error_keys_only(value):
            return ("a JSON error object", prefix, messages)
        if _crash_record(value):
            return ("a JSON error record with a runtime's message", prefix, messages)
        if len(value) == 1 and messages and (CODE_WORD.search(prefix) or ERROR_WORD.search(prefix)):
            return ("a JSON message after a status", prefix, messages)
        return None
    # not JSON: a Python dict, a Rust or Go struct, protobuf text
    keys = object_keys(body[:3000]) - _empty_keys(body[:3000])
    named = keys & {"message", "msg", "code", "status", "type", "status_code", "kind"}
    if (
        keys & ERROR_KEYS
        or (len(named) >= 2 and ERROR_WORD.search(body[:3000]))
        or (named and ERROR_WORD.search(prefix))
    ):
        strings = re.findall(
            r"""(?:message|msg|detail|reason)["']?\s*[:=]\s*["']([^"']{1,400})""", body, re.I
        )
        return ("an error object (not JSON)", prefix, strings)
    return None


# A key of KEY_NAMES and its value, when that value is empty (`'errors': []`, `error=None`,
# `err: nil`): a result's record that says no error, as JSON's empty values do (`_json_messages`).
_EMPTY_VALUE = re.compile(
    rf"""["']?({_KEY_WORD})["']?\s*[:=]\s*"""
    r"""(?:\[\s*\]|\{\s*\}|none\b|null\b|nil\b|false\b|''|""|0\b(?![.\d]))"""
)


def _empty_keys(body: str) -> set[str]:
    """The keys of KEY_NAMES that `body` (not JSON) only ever gives an empty value: a Python
    dict's `'errors': []` is a result with no error, not an error object."""
    low = body.lower()
    empty = Counter(m.group(1) for m in _EMPTY_VALUE.finditer(low))
    if not empty:
        return set()
    given = Counter(m.group(1) or m.group(2) for m in KEYED.finditer(low))
    return {key for key, n in empty.items() if n == given[key]}


# The keys of a notice object: a message and its codes, and nothing of a payload.
_NOTICE_KEYS = frozenset(
    (
        "message",
        "code",
        "status",
        "type",
        "detail",
        "msg",
        "success",
        "data",
        "param",
        "request_id",
        "requestid",
        "status_code",
        "statuscode",
        "description",
        "title",
        "error_description",
        "name",
        "reason",
        "timestamp",
        "path",
        "ok",
        "retry_after",
        # a return code's other names (AI Horde's `{"message": ..., "rc": "NoValidWorkers"}`,
        # `retcode`, `result_code`, C's `errno`)
        "rc",
        "ret",
        "retcode",
        "ret_code",
        "return_code",
        "returncode",
        "result_code",
        "resultcode",
        "errno",
    )
)


def _error_keys_only(value: dict[str, Any]) -> bool:
    """A message and its codes and nothing else (`{"error": true, "message": ...}` too)."""
    keys = {str(k).lower() for k in value if not (str(k).lower() == "error" and value[k] is True)}
    return (
        bool(keys)
        and keys <= _NOTICE_KEYS
        and bool(keys & {"message", "msg", "detail", "error_description", "description"})
        and not any(isinstance(v, (dict, list)) and v for k, v in value.items() if k != "data")
        and not _says_success(value)
    )


_SUCCESS_STATUSES = frozenset(("0", "00", "000", "0000", "200", "10000", "ok", "success"))


def _says_success(value: dict[str, Any]) -> bool:
    """An envelope that says the call succeeded (`{"code": 0, "msg": "success", "data": {...}}`,
    `{"success": true, ...}`): an API's result printed whole, shaped like a notice but
    reporting none."""
    keys = {str(k).lower(): v for k, v in value.items()}
    if keys.get("success") is True or keys.get("ok") is True:
        return True
    said = next((keys[k] for k in ("msg", "message") if isinstance(keys.get(k), str)), None)
    if said is not None and _SUCCESS_MESSAGE.fullmatch(said) is not None:
        return True
    code = next((keys[k] for k in ("code", "status", "ret", "errno") if k in keys), None)
    return (
        not isinstance(code, bool)
        and str(code).strip().lower() in _SUCCESS_STATUSES
        and bool(keys.get("data"))
    )
