"""The tail of a reply: an error appended to a partial answer. A client that lost the stream
writes its error after whatever came (`tail_error`: the last line; `broken_off`: the last
paragraph after a line the stream broke off inside). Each reads the tail ALONE with a few
signals of what it says (`TAIL_SIGNALS`), not how it relates to the question, and leaves alone
what a writer introduced as a quotation or listed among its kind."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.answer_signals import API_RETURNS, explains, quoted
from tether.reliability.diagnosis_signals import checked_item
from tether.reliability.failure_signals import (
    client_prefix,
    coverage,
    diagnostics,
    error_object,
    short_notice,
    sse_frame,
    status_code,
    vocabulary,
)
from tether.reliability.machine_marks import SSE
from tether.reliability.reading import read
from tether.reliability.reply import LEAD_IN, TAIL_CHARS, Reply, Signal, SignalFn

# A last line read alone: what it says, not how it relates to the question.
TAIL_SIGNALS: tuple[SignalFn, ...] = (
    vocabulary,
    coverage,
    short_notice,
    error_object,
    sse_frame,
    status_code,
    client_prefix,
    diagnostics,
    explains,
    quoted,
)


def tail_error(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """An error appended to a partial answer: the last line, read alone, is a failure."""
    lines = r.text.rstrip().splitlines()
    if len(lines) < 2:
        return ()
    last = lines[-1].strip()
    if last.startswith("\\n"):
        # newlines escaped twice, printed as `\n\n` before the error a client appended
        last = _ESCAPED_BREAKS.sub("", last)
    last = _without_bold(last)  # the error a client appended, set in bold
    if not last or len(last) > TAIL_CHARS:
        return ()
    # (the cheap test first: most last lines have no error's shape)
    alone = Reply(last, None, None, r.lexicon)
    shaped = (
        alone.structure is not None
        or r.lexicon.prefixes.match(alone.low) is not None
        or SSE.match(last) is not None
        or (last.startswith(("[", "(", "<")) and alone.hits)
    )
    if not shaped:
        return ()
    before = next((line for line in reversed(lines[:-1]) if line.strip()), "")
    if (
        LEAD_IN.search(before.strip())
        or API_RETURNS.match(before) is not None
        or before.strip().startswith("```")
        or before.rstrip().endswith((":", "\uff1a"))
        or last.startswith(">")
    ):
        return ()  # introduced as a quotation: "The proxy said:" / "you will see:" / "> ..."
    if sum(1 for line in lines[:-1] if line.strip().startswith(last[:3])) >= 2:
        return ()  # the last item of a list of its kind (error types, log lines), not appended
    mark = _item_mark(last)
    if mark and sum(1 for line in lines[-7:-1] if _item_mark(line.strip()) == mark) >= 2:
        return ()  # ... or of a checklist ("✅ **...**", "❌ **...**"): its marks differ
    if checked_item(last) and any(checked_item(line) for line in lines[-7:-1]):
        return ()  # ... or a list's item marked as failing under one marked ("- ✅ ...")
    if not _error_alone(alone, w):
        return ()
    return (Signal("tail_error", w["tail_error"], last[:80]),)


def _without_bold(line: str) -> str:
    """A line without the bold a client set its appended error in (`**Error: ...**`)."""
    if line.startswith("**") and line.endswith("**") and "**" not in line[2:-2]:
        return line[2:-2].strip()
    return line


def _error_alone(alone: Reply, w: Mapping[str, float]) -> bool:
    """Whether a reply's last line or paragraph, read alone, is an error: not the writer's
    definition of one ("Error 503 indicates that ..."), and a failure by the tail's signals."""
    if alone.lexicon.defining.search(alone.low) is not None:
        return False
    return read(alone, w, TAIL_SIGNALS).failure


_ESCAPED_BREAKS = re.compile(r"^(?:\\[nr])+")
# An error paragraph appended after an answer is a line or three (an error, "Retrying in ...").
BROKEN_OFF_LINES = 3
# The quote marks a chat history sets before a tool's output (aider's `> `).
_QUOTE_MARK = re.compile(r"^>\s?")
_OPENERS = {"(": ")", "[": "]", "<": ">"}


def broken_off(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """An error appended where the answer broke off: the reply's last paragraph (a line or
    three, set apart by a blank line, maybe as a chat history quotes a tool's output, `> `)
    is an error read alone, and the line before it stops inside an open bracket, tag or code
    span (`[bob_client.py:74](backen`, `<span>✅</span`): the stream broke there and the client
    wrote its error after it ("[Response interrupted by API Error]", "> litellm.APIError: ..."
    / "> Retrying in 0.2 seconds..."); or the error follows line breaks escaped as text (`\\n\\n
    **Error: Request timed out**`): a client's string, printed raw. A writer who quotes an
    error after an answer finishes the answer first; whatever the partial answer said, it is
    no answer (it outweighs the answer's prose and markup)."""
    text = r.text.rstrip()
    head, _, last = text.rpartition("\n")
    escaped = last.lstrip().startswith("\\n")
    if escaped:  # (the error on the last line, after breaks escaped as text)
        first = _without_bold(_ESCAPED_BREAKS.sub("", last.strip()).strip())
    else:
        head, sep, tail = text.rpartition("\n\n")
        lines = [_QUOTE_MARK.sub("", line).strip() for line in tail.splitlines() if line.strip()]
        if not sep or not lines or len(lines) > BROKEN_OFF_LINES:
            return ()
        first = lines[0]
    before = head.rstrip().rsplit("\n", 1)[-1]
    if not first or len(first) > TAIL_CHARS or not (escaped or _left_open(before)):
        return ()
    if not _error_alone(Reply(first, None, None, r.lexicon), w):
        return ()
    how = "after escaped line breaks" if escaped else f"after {before[-20:]!r}"
    return (Signal("broken_off", w["broken_off"], f"{first[:60]} ({how})"),)


def _left_open(line: str) -> bool:
    """Whether a line stops inside a bracket, a tag or a code span it opened: a stream broken
    there (`(backen`, `<span>✅</span`, an odd backtick), not a line a writer finished."""
    stripped = line.strip()
    if not stripped or stripped.startswith("```") or stripped[-1] in ".!?:;)]>`\"'*":
        return False
    if stripped.count("`") % 2 == 1:
        return True
    return any(stripped.rfind(o) > stripped.rfind(c) for o, c in _OPENERS.items())


_ITEM_MARK = re.compile(r"([^\w\s]{1,3})\s+(\*\*|__|`)")


def _item_mark(line: str) -> str:
    """The markup after a line's opening sign ("✅ **", "❌ **" give "**"), or "" for a line
    that opens with no sign and markup: items of one checklist share it, whatever their sign."""
    m = _ITEM_MARK.match(line)
    return m.group(2) if m is not None else ""
