"""Failure notices of an app's own machinery: a run that stopped before its end, a guardrail's
verdict, a retrieval that found nothing, a part switched off, a client's retry log, an agent
loop's record of a tool call or its complaint about the model's output. Each reads data of
`judge_signals.json` (`run_stopped`, `guardrail_verdict`, `nothing_retrieved`, `switched_off`,
`format_fault`) or a log's layout, never one source's wording."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from tether.reliability.lexicon import (
    CLAUSE_BREAKS,
    SHIPPED,
    Lexicon,
    field_alternation,
    near_pair,
    shipped_terms,
    typographic,
)
from tether.reliability.machine_marks import TRACE
from tether.reliability.once import kept
from tether.reliability.reply import Reply, Signal, split_sentences

NOTICE_CHARS = 200  # a status line or a verdict, not a paragraph about one


class WordPair:
    """Two lists of a data key whose words, near each other in one clause, make a notice (the
    notices here, and an agent's in `agent_signals`)."""

    def __init__(self, key: str, first: str, second: str) -> None:
        data: Mapping[str, Any] = SHIPPED.get(key, {})
        self.within = int(data.get("within", 0))
        self.first = shipped_terms(key, first)
        self.second = shipped_terms(key, second)
        self.alone = {t.lower() for t in typographic(data.get("alone", ()))}

    def find(self, low: str) -> str | None:
        if not self.within or self.second.search(low) is None:
            return None
        found = near_pair(low, self.first, self.second, self.within, CLAUSE_BREAKS)
        if found is None:
            return None
        (a, b), (c, d) = found
        return low[min(a, c) : max(b, d)]


_RUN_STOPPED = WordPair("run_stopped", "run", "stopped")
# Stop words that close a short notice as a sentence of their own ("... rate-limited. Stopped.")
_CLOSING = {
    t.lower() for t in typographic(SHIPPED.get("run_stopped", {}).get("closing", ()))
} | _RUN_STOPPED.alone
_SENTENCE_END = re.compile(r"[.!?\u3002\uff01\uff1f]+(?:\s+|$)")
CLOSED_NOTICE_CHARS = 120  # a status and its stop word, not a paragraph that ends in one
_GUARDRAIL = WordPair("guardrail_verdict", "what", "verdict")
_NOTHING_RETRIEVED = WordPair("nothing_retrieved", "source", "none")
_SWITCHED_OFF = WordPair("switched_off", "part", "off")
_SIGNS = re.compile(r"[\W_]+")


@lru_cache(maxsize=4)
def may_be_notice(low: str) -> bool:
    """Whether `low` (a short reply, lower-cased) holds a word of a run that stopped or of a
    guardrail's verdict, or closes on a stop word (`_closing_stop`): a reading must not clear
    it on its missing failure words. Kept for the next asker: a reply of one line is its own
    last line, which `cut_turn_signals.may_end_cut` asks of again (~2 us)."""
    return (
        _RUN_STOPPED.second.search(low) is not None
        or _GUARDRAIL.second.search(low) is not None
        or _closing_stop(low) is not None
    )


def _short_notice(r: Reply) -> str | None:
    """The reply's text, lower-cased, when it is short and explains nothing; else None."""
    if len(r.text) > NOTICE_CHARS or not r.written:  # (the length first: cheap)
        return None
    if r.explaining_words:
        return None  # (an answer says why: "cancelled because the client closed ...")
    return r.text.strip().lower()


# A longer report read by its head: its first lines, when everything after them is output a
# program printed (a fenced block, stack frames, log or status lines, a label that introduces
# them: "**Last agent output:**"), not a writer's words.
REPORT_CHARS = 4000
# (what a program prints: a code block's indentation, a log's timestamp or tag, an object)
_PRINTED = (
    r"    |\t|\[[\w :.-]{1,30}\](?!\()|\{|\}|\d{1,4}[-:/.]\d"
    r"|(?:ERROR|WARN(?:ING)?|INFO|DEBUG|FATAL|CRITICAL)\b"
)
_OUTPUT_LINE = re.compile(
    rf"\s*(?:$|```|~~~|[#$]|</?[a-z]+[ >/]|https?://\S+\s*$|{_PRINTED}"
    r"|[\w.-]+(?:\s[\w.-]+)?\s?[:=]\s*\S+\s*$|[*_\s]*[^\s*_][^:\n]{0,40}:[*_\s]*$)"
)
_PRINTED_LINE = re.compile(rf"(?:{_PRINTED})")
_HEADING = re.compile(r"\s*(?:#{1,6}\s|\*\*[^*]+\*\*\s*$|\[!\w+\]\s*$)")


def _is_output(line: str) -> bool:
    return _OUTPUT_LINE.match(line) is not None or TRACE.match(line) is not None


def _head_and_rest(lines: list[str]) -> tuple[list[str], list[str]] | None:
    """A report's head (its lines up to the first blank or output line after more than a
    heading; a callout it opens with, "> [!WARNING]", read without its marks) and the rest."""
    quoted = lines[0].lstrip().startswith(">")
    head: list[str] = []
    for at, line in enumerate(lines):
        if quoted and line.lstrip().startswith(">"):
            line = line.lstrip()[1:]
        else:
            quoted = False
            said = any(_HEADING.match(h) is None for h in head)  # more than a heading
            if said and (not line.strip() or _is_output(line)):
                return head, lines[at:]
        if line.strip():
            head.append(line)
    return None


def _report_head(r: Reply) -> str | None:
    """The head (lower-cased) of a text longer than a notice, when it is at most `NOTICE_CHARS`
    and every line after it is output: an agent workflow's "Engine Failure" or "job failed"
    report with the trace it carries. An answer that quotes such a report says something of
    its own around it, in lines that are not output."""
    if len(r.text) <= NOTICE_CHARS:
        return None
    found = _head_and_rest(r.text[:REPORT_CHARS].strip().splitlines())
    if found is None:
        return None
    head, rest = found
    text = "\n".join(head).strip()
    if len(text) > NOTICE_CHARS or not any(line.strip() for line in rest):
        return None
    fenced = printed = False
    for line in rest:
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        elif fenced or _PRINTED_LINE.match(line) or TRACE.match(line):
            printed = True
        elif not _is_output(line):
            return None  # a writer's line after the report: an answer about it
    if not printed:
        return None  # (labels and links alone: no output carried)
    low = text.lower()
    if r.lexicon.explaining.search(low) is not None:
        return None
    return low if r.written else None  # (read last: the costliest test)


# A status that labels the error after it, on the reply's first line: "⚠️ Agent failed before
# reply: All models failed (2): ...", "Generation aborted: upstream closed".
_STATUS_LABEL = re.compile(r"\W{0,4}(\w[^:\n]{2,48})[:\uff1a]\s+\S")


def _status_label(r: Reply) -> str | None:
    """The label (lower-cased) a reply opens with, before a colon and the error it introduces
    (`_STATUS_LABEL`): the status of a run, said as a client's prefix to the raw error."""
    m = _STATUS_LABEL.match(r.text)
    if m is None or not r.written:  # (the pattern first: most replies open with no label)
        return None
    return m.group(1).lower()


def _closing_stop(low: str) -> str | None:
    """The stop word (`_CLOSING`) that closes a short notice of two or three sentences as a
    sentence of its own ("Agent is rate-limited. Stopped.", "... Зупинено."), or None."""
    if len(low) > CLOSED_NOTICE_CHARS or "\n" in low:
        return None
    sentences = [s for s in _SENTENCE_END.split(low) if s.strip()]
    if not 2 <= len(sentences) <= 3:
        return None
    last = _SIGNS.sub(" ", sentences[-1]).strip()
    return last if last in _CLOSING else None


# A message that is only a command to stop the run ("/stop", "cancel", "停止", "キャンセル",
# "취소", "стоп"): a stopped run is then what was asked for.
_STOP_COMMAND = re.compile(
    r"[/!.]?(?:stop|cancel|abort|halt|interrupt|停止|终止|終止|取消|中止|中断|キャンセル|중지|중단|취소"
    r"|стоп|отмена|отменить|остановить|остановись)[\s.!\u3002\uff01]*"
)


def run_stopped(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A run of the app's machinery that stopped before its end, said as a status line ("The
    agent stopped responding", "Operation cancelled by user", "Cancelled", "生成已中断"): an
    agent framework's or a chat client's give-up put where the answer should be; in a longer
    report, its head when the rest is the output it carries (`_report_head`). Not to a message
    that is only a stop command ("/stop"): the stop it asked for, confirmed."""
    low = _short_notice(r) or _report_head(r) or _status_label(r)
    if low is None:
        return ()
    if r.question and _STOP_COMMAND.fullmatch(r.question[:40].strip().lower()) is not None:
        return ()  # the user's own "/stop" confirmed: "Current task has been aborted."
    if _SIGNS.sub(" ", low).strip() in _RUN_STOPPED.alone:
        return (Signal("run_stopped", w["run_stopped"], low[:60]),)
    closing = _closing_stop(low)
    if closing is not None:
        return (Signal("run_stopped", w["run_stopped"], closing[:60]),)
    found = _RUN_STOPPED.find(low)
    if found is None:
        return ()
    return (Signal("run_stopped", w["run_stopped"], found[:60]),)


def guardrail_verdict(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A guardrail's verdict on the input or the output ("Potential PII detected in input",
    "I cannot process this request due to policy restrictions", "과도한 노출로 차단합니다"):
    a framework's screen refused the turn, and its verdict stands in for the answer."""
    low = _short_notice(r)
    if low is None:
        return ()
    found = _GUARDRAIL.find(low)
    if found is None:
        return ()
    return (Signal("guardrail_verdict", w["guardrail_verdict"], found[:60]),)


def switched_off(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A part of the app that would answer, said to be switched off ("Gemini models are
    disabled", "group is disabled", "offline mode on"): a client's or a relay's notice that
    no model was asked at all, put where the answer should be."""
    low = _short_notice(r)
    if low is None:
        return ()
    found = _SWITCHED_OFF.find(low)
    if found is None:
        return ()
    return (Signal("switched_off", w["switched_off"], found[:60]),)


RETRIEVAL_CHARS = 300  # a stand-in and its encouragement, not an answer about a search


def nothing_retrieved(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A retrieval or routing step that found nothing, said as the reply ("I don't have access
    to a knowledge base", "No relevant agent found to handle this task", "검색 결과가 없습니다"):
    a retrieval bot's or an agent router's stand-in. An answer that searched says what it
    looked at and what to do, at more length."""
    if len(r.text) > RETRIEVAL_CHARS or not r.written:
        return ()
    if "`" in r.text:
        return ()  # a writer naming in code what it looked at ("... so I read `verify.py`")
    found = _NOTHING_RETRIEVED.find(r.text.strip().lower())
    if found is None:
        return ()
    return (Signal("nothing_retrieved", w["nothing_retrieved"], found[:60]),)


# A client's line that it will try again: "Retrying in 0.2 seconds...", "retry 2/5",
# "attempt 3 of 5", "重试中", "повтор через 2 секунды".
_RETRY_LINE = re.compile(
    r"^\W{0,3}(?:retrying(?: in \d|\.\.\.|…|$)"
    r"|retry(?:ing)? (?:attempt )?\d+\s*(?:/|of)\s*\d+|attempt \d+\s*(?:/|of)\s*\d+"
    r"|will retry in \d|正在重试|重试中|повтор(?:ная попытка)? через \d)",
    re.I,
)
# A line that names an error or an exception class ("litellm.InternalServerError: ...",
# "openai.APIConnectionError: ...", "Error: connect ECONNRESET", "RateLimitError - ...").
_ERROR_LINE = re.compile(
    r"^\W{0,3}(?:[\w.]*(?:error|exception|failure)\b|[\w.]*(?:Error|Exception))\s*[:\-\u2013]",
    re.I,
)
_DIGITS = re.compile(r"\d+(?:\.\d+)?")
RETRY_LOG_LINE_CHARS = 400  # a log line, not a paragraph


def retry_log(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A client's retry log put where the answer should be: the same error line printed again
    after a line that it will retry ("litellm.InternalServerError: ... Connection error." /
    "Retrying in 0.2 seconds..." / the same error again). A model's answer that quotes a log
    quotes it once, and says what it means between the lines."""
    if r.html or "\n" not in r.text:
        return ()
    lines = [line.strip() for line in r.text[:20000].splitlines() if line.strip()]
    retries = sum(1 for line in lines if _RETRY_LINE.match(line))
    if retries == 0:
        return ()
    errors = Counter(
        _DIGITS.sub("#", line[:120])
        for line in lines
        if len(line) <= RETRY_LOG_LINE_CHARS and _ERROR_LINE.match(line)
    )
    if not errors:
        return ()
    line, seen = errors.most_common(1)[0]
    if seen < 2:
        return ()
    # the log is the reply: its error lines, retry lines and the error's own detail lines
    # (at most one each per error line) make most of it
    logged = retries + sum(errors.values())
    if 2 * logged < len(lines) - logged:
        return ()
    return (Signal("retry_log", w["retry_log"], f"{seen}x {line[:50]}"),)


# A field of a chat request as an API's validator names it before its verdict, after at most a
# client's label: a list of the request (`messages: ...`) or a path into one (`messages.169: ...`,
# `tools.0.function.name: ...`, `GenerateContentRequest.contents[2].parts[0].data: ...`).
_REQUEST_FIELD = re.compile(
    r"(?:[^\n:`]{1,40}:\s+)?(?:[A-Z]\w*Request\.)?"
    r"(?:(?:messages|contents|tools|functions|tool_choice)"
    r"|(?:messages|contents|tools|functions|parts|input)(?:\.\d+|\[\d+\])"
    r"(?:\.[A-Za-z_]\w*|\.\d+|\[\d+\])*):\s+(?=\S)",
    re.I,
)
# What a validator says of the field: a rule it breaks.
_BROKEN_RULE = re.compile(
    r"\b(?:must|required|invalid|expected|not allowed|cannot|can't|should be a valid|exceed\w*"
    r"|too (?:long|many|large)|unexpected|missing|unknown|unsupported|not supported|at least"
    r"|at most|empty|mismatch\w*|were found|was found|but found|duplicate\w*)\b",
    re.I,
)
# A line that names a field and says what it is: a manual's list of a request's parameters.
_FIELD_LINE = re.compile(r"^\s*(?:[-*]\s*)?`?\w+`?\s*:", re.M)
REJECTED_FIELD_CHARS = 400  # a validator's message, not a paragraph about one


def may_reject_field(text: str) -> bool:
    """Whether `text` opens with a request's field as a validator names it (`rejected_field`):
    a reading must not clear it on its missing failure words."""
    return len(text) <= REJECTED_FIELD_CHARS and _REQUEST_FIELD.match(text) is not None


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """A validator's verdict on a request's field (`may_reject_field`), in a short reply a
    word of a run that stopped or of a guardrail's verdict (`may_be_notice`), an agent loop's
    record of a tool call (`may_be_tool_record`) or its complaint about the model's output
    (`may_be_format_fault`): not cleared unread."""
    return (
        may_reject_field(text)
        or (len(text) <= NOTICE_CHARS and may_be_notice(low))
        or may_be_tool_record(text, low)
        or may_be_format_fault(low)
    )


def rejected_field(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """An API validator's verdict on a field of the request ("messages: roles must alternate
    ...", "messages.3.content: field required"), sent where the reply goes: a model's answer
    does not open with a path into its own request. A short message of one such line, not a
    manual's list of fields (each line a field and what it is)."""
    text = r.text.strip()
    if not may_reject_field(text) or "```" in text:
        return ()
    m = _REQUEST_FIELD.match(text)
    if m is None or _BROKEN_RULE.search(text, m.end()) is None:
        return ()
    if len(_FIELD_LINE.findall(text)) > 1:
        return ()
    return (Signal("rejected_field", w["rejected_field"], text[: m.end()].strip()[:60]),)


# An agent loop's record of one tool call, as its framework logs it and passes it on when the
# loop ends on it, after at most a role's label ("System:", "A0:") or a sign: AutoGPT's
# `Command web_search returned: []`, crewAI's and Gemini CLI's `Error executing tool ...`,
# R2R's `Calling the requested tool 'rag' with arguments {...} failed with an exception: ...`,
# OpenManus's `Tool 'terminate' completed its mission!`, `Observed output of cmd ...`,
# `Tool call failed: ...`, AutoGPT's step line `NEXT ACTION:  COMMAND = x ARGUMENTS = {}`,
# or the model's own line that its tool, named by its code name, is broken ("The
# synchronizeTracking tool is not working as expected."). The loop's record is not the answer
# it was run for.
_TOOL_RECORD = re.compile(
    r"\W{0,4}(?:[A-Za-z0-9]{1,12}:\s+)?("
    r"command [\w.-]+ returned\b"
    r"|next action:\s+command\s*="
    r"|the (?P<code_name>(?-i:[a-z]+[A-Z]\w*)) (?:tool|function)"
    r" (?:is not|isn't|was not|wasn't) working\b(?P<reason>[^.\n]{0,40}:)?"
    r"|error (?:executing|calling|running|invoking) (?:the )?tool\b"
    r"|(?:calling|invoking|running|executing) (?:the )?(?:requested )?tool\b"
    r"[^\n]{0,300}?\bfailed\b"
    r"|tool ['\"`]?[\w.-]+['\"`]? (?:completed its mission|failed|raised|returned an error)\b"
    r"|observed output of cmd\b"
    r"|tool (?:call|execution|invocation) (?:failed|error(?:ed)?)\b)",
    re.I,
)
_TOOL_RECORD_KEYS = (
    "command ",
    "tool",
    "cmd",
    "function",
)
TOOL_RECORD_CHARS = 400  # a record and the result it carries, not a transcript


# AutoGPT's console log of its loop, saved whole as the output: each step's fields on lines
# of their own ("THOUGHTS:", "REASONING:", "PLAN:" and its items, "CRITICISM:", "NEXT ACTION:
# COMMAND = ...", "SYSTEM:  Command x returned: ..."; judge_signals.json `step_log`). A log of
# steps is as much a record as one step's line, at any length up to `STEP_LOG_CHARS`.
STEP_LOG_CHARS = 4000
_STEP_LOG_LINE = re.compile(
    rf"\s*(?:(?:{field_alternation(SHIPPED.get('step_log', {}), 'fields')}):|-\s)", re.I
)
# A step opens on its action line, or on its THOUGHTS (the log's usual order) when a step's
# action line follows
_STEP_ACTION = re.compile(r"^[ \t]*next action:", re.I | re.M)


def _step_log(text: str, low: str) -> bool:
    """Whether `text` is AutoGPT's log of its steps and nothing else: it opens with a step's
    `NEXT ACTION` line (or its `THOUGHTS` with such a line below) and every line is one of
    the log's fields or a plan's item."""
    if len(text) > STEP_LOG_CHARS:
        return False
    head = low.lstrip()
    if not head.startswith("next action:") and not (
        head.startswith("thoughts:") and "next action:" in low
    ):
        return False
    return all(_STEP_LOG_LINE.match(line) for line in text.splitlines() if line.strip())


def _tool_record_at(text: str, low: str) -> re.Match[str] | None:
    """The agent loop's record of a tool call that opens a short `text` (or AutoGPT's log of
    its steps, `_step_log`), or None (its keys looked for in the head first)."""
    if low.lstrip().startswith("thoughts:"):  # a log whose step opens on its thoughts
        action = _STEP_ACTION.search(text) if _step_log(text, low) else None
        return None if action is None else _TOOL_RECORD.match(text, action.start())
    if not any(key in low[:120] for key in _TOOL_RECORD_KEYS):
        return None
    if len(text) > TOOL_RECORD_CHARS and not _step_log(text, low):
        return None
    return _TOOL_RECORD.match(text)


def _code_reviewed(m: re.Match[str], question: str) -> bool:
    """Whether the code-named tool or function said broken is the user's own code under
    review: the request names it ("Review this code: function calculateTotal ..."), or the
    line goes on after a colon to say why ("... not working as expected: it adds the tax
    twice"). A loop's record names its own tool and stops there."""
    code_name = m.group("code_name")
    if code_name is None:
        return False
    return m.group("reason") is not None or code_name.lower().replace("_", " ") in question


def may_be_tool_record(text: str, low: str) -> bool:
    """Whether `text` may open with an agent loop's record of a tool call (`tool_record`): a
    reading must not clear it on its missing failure words."""
    return _tool_record_at(text, low) is not None


def tool_record(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply that opens with an agent loop's record of a tool call (`_TOOL_RECORD`):
    the tool's empty result, its error or the loop's own stop tool, passed on as the final
    message when the loop ended there. An answer that speaks of such a record opens with its
    own words (and quotes the record in backticks), or says why it happened."""
    text = r.text.strip()
    if text.count("\n") > 3 and not _step_log(text, r.low):
        return ()
    m = _tool_record_at(text, r.low)  # (before `written`: most replies open with no record)
    if m is None or not r.written:
        return ()
    if _code_reviewed(m, r.question):
        return ()
    found = Signal("tool_record", w["tool_record"], m.group(1)[:60])
    if not _step_log(text, r.low):
        return () if r.explaining_words else (found,)
    # the whole log: the prose its THOUGHTS and REASONING hold is the loop's, not an answer's
    return (found, Signal("step_log", w["step_log"], "AutoGPT's log of its steps"))


_FORMAT_FAULT = WordPair("format_fault", "expected", "fault")
FORMAT_FAULT_CHARS = 300  # a loop's complaint and its instruction, not an answer about one
# The first sentence, where a complaint says what was wrong ("... no valid tool request found.")
_FIRST_SENTENCE = re.compile(r"[^\n.!?\u3002\uff01\uff1f]*")
# A condition, the writer or a guess opens an answer about such a fault, not the complaint.
_ABOUT_OPENER = re.compile(
    r"(?:if|when|whenever|unless|i|i'm|i've|we|we've|it seems|seems|maybe|perhaps|probably"
    r"|this|that|it|looks like|si|cuando|quand|wenn|если|когда|如果|当|可能|似乎)\b",
    re.I,
)


def may_be_format_fault(low: str) -> bool:
    """Whether `low` (a short reply, lower-cased) holds a word of a loop's complaint about the
    model's output (`format_fault`): a reading must not clear it on its missing failure words."""
    return len(low) <= FORMAT_FAULT_CHARS and _FORMAT_FAULT.second.search(low) is not None


def format_fault(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """An agent loop's complaint that the model's output missed the form the loop needs, in
    the first sentence of a short reply ("A0: Message misformat, no valid tool request found.",
    "... only respond in the specified JSON format.", "Error parsing LLM output", "未调用任何
    必需的工具"): the framework's correction prompt or its parse-failure fallback, passed on as
    the final message. An answer about such a fault opens with a condition, the writer or a
    guess ("If the model does not call a tool, ...", "Maybe the model didn't call the tool")."""
    if len(r.text) > FORMAT_FAULT_CHARS or not r.written:
        return ()
    low = r.text.strip().lower()
    if _ABOUT_OPENER.match(low.lstrip("*#>-` ")) is not None:
        return ()
    head = _FIRST_SENTENCE.match(low)
    found = _FORMAT_FAULT.find(head.group(0)) if head is not None else None
    if found is None:
        return ()
    return (Signal("format_fault", w["format_fault"], found[:60]),)


# A notice that explains itself: an event of this exchange told as it happened, then, in the
# next sentence, its cause guessed with "this" taking the event up ("The model returned an
# empty response. This may indicate a provider error.", "Device was lost during reload. This
# can happen due to insufficient memory."). A writer explaining a failure to a reader opens
# with the failure as a kind ("A 522 error happens when ...", "This usually means ...") and
# guesses its cause for any reader, not for the one event it reports; a bare "this means"
# glosses what a code is ("this usually means" guesses).
_EVENT = re.compile(
    r"\b(?:failed|was lost|timed out|(?:did|could|was|were|is|has|have) not\b|didn't|couldn't"
    r"|wasn't|weren't|isn't|hasn't|was unable|were unable|returned (?:an? )?(?:empty|no)\b"
    r"|stopped|terminated|exited|flagged|was blocked|is taking longer|ran out|was interrupted"
    r"|was rejected|was cut off)"
)
# ... a sentence about failures in general: a condition, a definition, a kind, "there was"
_GENERIC = re.compile(
    r"\b(?:when|whenever|if|means?|occurs?|happens?|indicates?|sometimes|usually|often"
    r"|typically|generally|commonly|there (?:was|is|are|were))\b"
)
_OWN_CAUSE = re.compile(
    r"(?:this|that|it)(?: error| issue| failure| problem)? (?:is |was )?(?:(?:usually |typically "
    r"|often |generally |commonly |most likely |probably |likely |sometimes )?(?:(?:can|could"
    r"|may|might)(?: also)? )?(?:be )?(?:happens?|occurs?|indicates?|due to|caused by"
    r"|related to)|(?:usually|typically|often|generally|commonly|most likely|probably|likely"
    r"|can|could|may|might) means?)\b"
)
_QUOTES = re.compile('["\u201c\u201d`]')
OWN_CAUSE_CHARS = 600  # a notice with its cause and advice, not an article about the failure


@kept
def own_cause_at(r: Reply) -> str | None:
    """The sentence of a short reply that guesses the cause of the event its sentence before
    told ("This may be due to ..."), or None (`own_cause`). Read once a reply: `own_cause`,
    `explains` and `defines` ask it."""
    if len(r.message) > OWN_CAUSE_CHARS or not r.message.strip():
        return None
    sentences = [x.strip() for x in split_sentences(r.message.strip()) if x.strip()]
    for i in range(1, min(3, len(sentences))):
        event, cause = sentences[i - 1], sentences[i]
        if _OWN_CAUSE.match(cause) is None or _EVENT.search(event) is None:
            continue
        if _QUOTES.search(event):
            return None  # a message quoted and then explained: a writer's account of it
        if any(_GENERIC.search(x) for x in sentences[:i]):
            return None
        return cause if r.written else None  # (read last: the costliest test)
    return None


def own_cause(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply that tells an event of this exchange in its first sentence and guesses
    the event's cause in the next, "this" taking it up ("The request timed out. This might be
    due to a complex question - try again."): a notice explaining itself to its user. An
    explanation opens with the failure as a kind or a condition ("A 504 happens when ...")."""
    cause = own_cause_at(r)
    return () if cause is None else (Signal("own_cause", w["own_cause"], cause[:60]),)
