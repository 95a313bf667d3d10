"""A JSON reply whose own fields say the call failed, in whatever language its keys are.

Many APIs answer a failed call with HTTP 200 and an envelope that reports the failure in its
fields rather than in an `error` key: a success flag set false (`"success": false`), a result
or a state that names a failure (`"result": "error"`, `"status": "fail"`), an abbreviated
error key (`"err_msg"`, `"errno"`), or only a code and a message under keys in the API's own
language (`{"estado": "4", "mensaje": "faltan parametros"}`). A relay that forwards such a body
as the model's reply has sent no answer. Data a prompt asked for carries its payload: the
envelope here has nothing but its status, codes and message (`data` empty); and an object
whose keys the request names, asking for JSON, is the answer it asked for, even
`{"success": false, "reason": ...}`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from tether.reliability.question_signals import keys_demanded
from tether.reliability.reply import Reply, Signal
from tether.reliability.reply_json import reply_json

# An envelope of status fields is small: a record of data has more to it.
ENVELOPE_KEYS_MAX = 8
# A flag that says whether the call succeeded.
_SUCCESS_FLAGS = frozenset(("success", "ok", "succeeded", "successful", "is_success", "issuccess"))
# A field that names the call's outcome, and the values that name a failure.
_OUTCOME_KEYS = frozenset(
    ("result", "status", "state", "outcome", "estado", "statut", "stat", "object")
)
_FAILED_VALUE = re.compile(
    r"(?:error|err|fail|failed|failure|fault|ko|erro|erreur|fehler|fallo|falha|échec"
    r"|错误|失败|異常|异常|エラー|失敗|오류|실패|ошибка|hata|lỗi)",
    re.IGNORECASE,
)
# Abbreviated error keys an API names its failure with.
_ERROR_KEYS = frozenset(
    ("err_msg", "err_code", "errno", "err_no", "errnum", "error_no", "err_message", "errstr")
)
# The keys of a notice in the languages of the corpus: a code, a status, a message, a time, an
# id, the empty payload. (Lower-cased, as read.)
_CODE_KEYS = frozenset(
    (
        "code", "status", "estado", "codigo", "código", "statut", "stato", "codice", "state",
        "result", "success", "ok", "errno", "err_code", "err_no", "retriable", "retryable",
    )
)  # fmt: skip
_MESSAGE_KEYS = frozenset(
    (
        "message", "msg", "mensaje", "mensagem", "messaggio", "nachricht", "meldung",
        "description", "descripcion", "descripción", "descrição", "reason", "reson", "razon",
        "motivo", "detail", "err_msg", "err_message", "errstr", "info", "tip", "tips",
    )
)  # fmt: skip
_SIDE_KEYS = frozenset(
    (
        "data", "time", "ts", "timestamp", "request_id", "requestid", "trace_id", "traceid",
        "id", "object",
    )
)  # fmt: skip
_SUCCESS_WORD = re.compile(
    r"\b(?:ok|okay|success\w*|succeeded|done|exito|éxito|sucesso|succès)\b"
    r"|成功|正常|완료|успешн",
    re.IGNORECASE,
)
# A code is a number (`4`, `"30001"`) or a constant's name (`INVALID_REQUEST`); a word there
# is a verdict or a label.
_NUMBER = re.compile(r"-?\d{1,8}|[A-Z][A-Z0-9]*_[A-Z0-9_]+")
# A code that says the call went well.
_SUCCESS_CODES = frozenset(("0", "00", "000", "0000", "200", "ok", "success", "true"))


def _envelope(r: Reply) -> dict[str, Any] | None:
    """The reply as one small flat JSON object with no payload, or None."""
    t = r.text.strip()
    if not (t.startswith("{") and t.endswith("}")) or len(t) > 1200:
        return None
    value = reply_json(r)
    if not isinstance(value, dict) or not 2 <= len(value) <= ENVELOPE_KEYS_MAX:
        return None
    if any(isinstance(v, dict | list) and v for v in value.values()):
        return None  # a payload: data, not a notice
    return {str(k).lower(): v for k, v in value.items()}


def _failure_field(fields: Mapping[str, Any]) -> str | None:
    """The field that says the call failed, as `key=value`, or None."""
    for key, value in fields.items():
        if key in _SUCCESS_FLAGS and value is False:
            return f"{key}=false"
        if key in _OUTCOME_KEYS and isinstance(value, str) and _FAILED_VALUE.fullmatch(value):
            return f"{key}={value}"
        if key in _ERROR_KEYS and value not in (None, "", 0, "0"):
            return key
    return None


def _code_and_message(fields: Mapping[str, Any]) -> str | None:
    """The message of an envelope made only of a code or status, a message and side keys,
    when the message is not a success word; else None."""
    keys = set(fields)
    if not keys <= _CODE_KEYS | _MESSAGE_KEYS | _SIDE_KEYS or not keys & _CODE_KEYS:
        return None
    flags = [v for k, v in fields.items() if k in _CODE_KEYS]
    if any(v is True or str(v).strip().lower() in _SUCCESS_CODES for v in flags):
        return None  # a success envelope: `{"code": 0, "msg": "saved"}`
    if not any(_NUMBER.fullmatch(str(v).strip()) for v in flags if not isinstance(v, bool)):
        return None  # a verdict a prompt asked for: `{"status": "yellow", "reason": ...}`
    messages = [v for k, v in fields.items() if k in _MESSAGE_KEYS and isinstance(v, str)]
    if not messages or not all(m.strip() for m in messages):
        return None
    if any(_SUCCESS_WORD.search(m) for m in messages):
        return None
    if fields.get("data") not in (None, "", [], {}) and "data" in fields:
        return None
    return messages[0][:40]


# A run's record opens with its fields, one per line: a label (bold or plain), a colon, a
# value ("**Status:** failed", "Tokens: 0", "**Duration:** 14.5s").
_RECORD_FIELD = re.compile(
    r"[^\w\n]{0,3}([^\W\d][\w .-]{0,30}?)[*_]{0,2}\s*[:\uff1a][*_]{0,2}\s*(\S.*)"
)
# The lines a record's head is read in: a title and its fields.
RECORD_LINES = 8
RECORD_CHARS = 600
# Marks around a field's value that say nothing of it ("failed ❌", "`error`", "FAILED.").
_VALUE_MARKS = " *_`'\".!\u274c\u26a0\ufe0f\u2716\u2717"


# A request about a run's status or failure, or for fields ("Which test failed? Show as
# fields."): a failed status record is its answer.
_ASKS_STATUS = re.compile(r"\b(?:status|fail(?:ed|ures?)?|results?|fields?)\b")


def _labels_outcome(low: str) -> bool:
    """Whether an outcome key (`_OUTCOME_KEYS`) is a field's label in `low`: a colon right
    after it ("status:", "**status:**", "state :")."""
    for key in _OUTCOME_KEYS:
        at = low.find(key)
        while at >= 0:
            end = at + len(key)
            if ":" in low[end : end + 3]:
                return True
            at = low.find(key, end)
    return False


def record_failed(low: str) -> str | None:
    """The status field of a run's record that opens the reply and says the run failed
    (`**Status:** failed` among `**Tokens:** 0`, `**Duration:** 14.5s`): an agent's or a batch
    job's output file that is its record of a failure, not the output. A status among prose
    ("the job's status: failed, because ...") is no record: the field's value is the failure
    word alone, and the record has another field. `low`: the reply lower-cased."""
    low = low[:RECORD_CHARS]
    if ":" not in low or not _labels_outcome(low):
        return None  # (literals first: most replies have no outcome field near their start)
    fields = []
    failed = None
    for line in low.splitlines()[:RECORD_LINES]:
        m = _RECORD_FIELD.fullmatch(line.strip())
        if m is None:
            continue
        key, value = m.group(1).strip(), m.group(2).strip(_VALUE_MARKS)
        fields.append(key)
        if failed is None and key in _OUTCOME_KEYS and _FAILED_VALUE.fullmatch(value):
            failed = f"{key}: {value}"
    return failed if len(fields) >= 2 else None


def failed_status(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The whole reply is a small JSON envelope whose fields report a failure: a success flag
    false, a failed result or state, an abbreviated error key, or only a code and a message;
    or it opens with a run's record whose status field says it failed (`record_failed`)."""
    if r.structure is not None:
        return ()  # (an error object already weighs as one)
    if r.text[:1] != "{":
        if _ASKS_STATUS.search(r.question):
            return ()  # (the request asked which run failed, or for fields: its answer)
        record = record_failed(r.low)
        return () if record is None else (Signal("failed_status", w["failed_status"], record),)
    fields = _envelope(r)
    if fields is None or (r.instructions and keys_demanded(r.instructions, r.text)):
        return ()  # (the request asked for an object with these keys: its answer)
    found = _failure_field(fields)
    if found is None:
        message = _code_and_message(fields)
        if message is None:
            return ()
        found = f"code and message {message!r}"
    return (Signal("failed_status", w["failed_status"], found),)
