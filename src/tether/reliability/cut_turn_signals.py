"""A turn the client cut off: an agent's chat history (Cursor, Windsurf, Cline, aider, ...)
records a turn the user cancelled, or the connection lost, as what came of it and then the
client's status line ("Cancelled", "Request cancelled", "[Response interrupted by user]",
"Connection failed. If the problem persists, ...", "Generating..."). When what came is only a
start (a plan, a tool call, a thought), the turn holds no answer: the status ended it.
A finished answer the status follows (a later tool call cancelled) is still an answer."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.about_signals import acted
from tether.reliability.answer_signals import STEP_BREAK, explains, quoted
from tether.reliability.lexicon import SHIPPED, Lexicon, placeholder_key
from tether.reliability.notice_signals import may_be_notice, run_stopped
from tether.reliability.reading import read
from tether.reliability.reply import LEAD_IN, Reply, Signal, SignalFn
from tether.reliability.stand_in_signals import placeholder
from tether.reliability.tail_signals import TAIL_SIGNALS
from tether.reliability.template_tokens import (
    SPECIAL_TOKEN,
    delimited_records,
    format_token,
)

# A client's status line: a few words, not a sentence of the answer.
MARKER_CHARS = 160
# What a started turn says in its own words before the status cut it (thoughts and tool
# records aside): a plan or a line or three, not an answer delivered.
STARTED_CHARS = 600
# A status line read alone: a run stopped, a client's placeholder; not a writer's sentence
# that quotes one or says why ('Agent was stopping with "Agent stopped ..."').
MARKER_SIGNALS: tuple[SignalFn, ...] = (run_stopped, placeholder, quoted, explains)

# A thought or a tool's record inside a turn (SpecStory, Cline): not the turn's own words.
# (one list of the tags' names: the pattern and `_may_hold_start`'s cheap test are built from it)
_NOT_SAID_NAMES = ("think", "thinking", "details", "tool-use")
_NOT_SAID = re.compile(
    rf"<({'|'.join(_NOT_SAID_NAMES)})\b[^>]*>.*?</\1>|<tool-use\b[^>]*>|</tool-use>", re.S
)


def _marker(line: str) -> str:
    """A last line without the emphasis a history sets around it ("**Cancelled**") or the
    quote mark it sets before a client's own lines (aider's "> ^C again to exit")."""
    line = _QUOTE_MARK.sub("", line).strip()
    for mark in ("**", "__", "_", "*"):
        if len(line) > 2 * len(mark) and line.startswith(mark) and line.endswith(mark):
            return line[len(mark) : -len(mark)].strip()
    return line


def cut_turn(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A started turn the client's status line ended: the last line, read alone, is a status
    (a run stopped, a placeholder: `MARKER_SIGNALS`; past a step break, any error a tail may
    be: `TAIL_SIGNALS`), set apart from a start of a few lines (`STARTED_CHARS` of its own
    words). Not a line a writer introduced ("you will see:"), nor the last of a list, nor a
    line someone speaks in ("We are working on it...")."""
    text = r.text
    if not _may_hold_start(text):
        return ()
    # (the end read in a window first: most replies fail a test there, whatever their length)
    window = text[-WINDOW_CHARS:]
    lines = _without_end_breaks([line.strip() for line in window.splitlines()])
    if len(lines) < 2:
        return ()  # (a status alone is read whole by the other signals)
    last = lines.pop()
    marker = _marker(last)
    if SPECIAL_TOKEN.fullmatch(marker) is not None and format_token(
        marker, r.instructions, delimited_records(text)
    ):
        return ()  # the end marker the format asks for (a graph extractor's `<|COMPLETE|>`)
    known = _known(marker.lower())
    if not _may_be_status(marker) or (last.startswith(">") and not known):
        return ()  # (a quotation, unless a client's own line quoted: aider's "> ^C again ...")
    separated = False
    while lines and (
        not lines[-1].strip(">") or lines[-1] == last or STEP_BREAK.fullmatch(lines[-1])
    ):
        # (the same status again: each step the cancel cut, "Cancelled" twice)
        separated = separated or STEP_BREAK.fullmatch(lines[-1]) is not None
        lines.pop()
    if not lines:
        return ()
    before = lines[-1]
    if not separated and (before.endswith((":", "\uff1a")) or LEAD_IN.search(before)):
        return ()  # introduced as a quotation ("Cursor then shows:")
    if not (separated or known) and before.startswith("```"):
        return ()  # a comment on the code above, unless a client's own line (aider's Ctrl-C)
    kind = _DIGIT.sub("0", last[:3])
    if sum(1 for line in lines if _DIGIT.sub("0", line[:3]) == kind) >= 2:
        return ()  # the last item of a list of its kind ("500 ...", "502 ...", "504 ...")
    if not separated and _SPEAKER.search(marker) is not None:
        return ()  # someone's last sentence ("We are working on it..."), not a client's status
    body = text[: len(text) - len(window)] + "\n".join(lines)
    said = _NOT_SAID.sub(" ", body)
    said = "\n".join(x for x in said.splitlines() if STEP_BREAK.fullmatch(x.strip()) is None)
    said = said.strip()
    if len(said) > STARTED_CHARS:
        return ()
    if not _status(Reply(marker, r.request, None, r.lexicon), w, separated):
        return ()
    if any(acted(Reply(said, r.request, None, r.lexicon), w)):
        return ()  # a report of work done ("Done. I fixed the test"): an answer came first
    return (Signal("cut_turn", w["cut_turn"], f"{marker[:60]} (after {len(said)} chars)"),)


# The end of a reply its status line and the step before it are looked for in.
WINDOW_CHARS = 2000


# The tags `_NOT_SAID` takes out, as a tag's start: a long reply without one is all its own words.
_NOT_SAID_TAGS = (*(f"</{name}" for name in _NOT_SAID_NAMES), "<tool-use")


def _may_hold_start(text: str) -> bool:
    """Whether a reply may hold no more than a start of its own words: a short one, or one
    whose thoughts or tool records (`_NOT_SAID`'s tags) may fill the rest. The tags are looked
    for from each "<" (`str.find` of one character is a memory scan: ~1 us on 50 KB, where
    `"</" in text` costs ~40 us on a long answer that holds none)."""
    if len(text) <= 2 * STARTED_CHARS:
        return True
    at = text.find("<")
    while at >= 0:
        if text.startswith(_NOT_SAID_TAGS, at):
            return True
        at = text.find("<", at + 1)
    return False


def _without_end_breaks(lines: list[str]) -> list[str]:
    """The lines without the blank ones, step breaks and bare quote marks at their end."""
    while lines and (not lines[-1].strip(">") or STEP_BREAK.fullmatch(lines[-1])):
        lines.pop()
    return lines


# A list's item, a tag alone: no status line.
_NO_STATUS = re.compile(r"(?:[-*+\u2022]|\d{1,3}[.)])\s|(?:</?[a-z][^>]*>\s*)+$", re.I)
# Someone speaking ("We are working on it..."): a client's status speaks as no one.
_SPEAKER = re.compile(r"(?<![\w'])(?:i|i'm|i'll|we|we're|we'll|we've|our|my|us)(?![\w'])", re.I)
_LETTER = re.compile(r"[^\W\d_]")
_DIGIT = re.compile(r"\d")
_SIGNS = re.compile(r"[\W_]+")


def _plain(low: str) -> str:
    return _SIGNS.sub(" ", low).strip()


def _known(low: str) -> bool:
    """Whether a last line (lower-cased) is one of the clients' status lines no other table
    holds (`_KNOWN`), read plain; a line with a letter none of them has is not (found without
    the line's plain form: ~2 us on a line of Chinese)."""
    return _FOREIGN_LETTER.search(low) is None and _plain(low) in _KNOWN


# The quote mark a chat history sets before the client's own lines (aider's `> `).
_QUOTE_MARK = re.compile(r"^>\s?")
# The clients' status lines no other table holds (aider's "^C again to exit").
_KNOWN = frozenset(_plain(t.lower()) for t in SHIPPED.get("cut_turn", {}).get("markers", ()))
# A letter or a digit none of `_KNOWN` holds (`_known`).
_KNOWN_LETTERS = "".join(sorted(set("".join(_KNOWN))))
_FOREIGN_LETTER = re.compile(rf"[^\W_{re.escape(_KNOWN_LETTERS)}]")
# Words that name a server or say sorry, and no failure: a footer's ("由 Backend Sync Agent").
_NOT_FAILURE_WORDS = {"vocabulary:upstream", "vocabulary:apology"}


def _error(alone: Reply, w: Mapping[str, float]) -> bool:
    """Whether a step of its own holds an error ("Connection failed. If the problem persists,
    ...", "Request failed with status code 503"): a failure by the tail's signals, in words
    that say one."""
    reading = read(alone, w, TAIL_SIGNALS)
    return reading.failure and any(
        s.name.startswith("vocabulary:") and s.name not in _NOT_FAILURE_WORDS
        for s in reading.signals
    )


def _may_be_status(marker: str) -> bool:
    """Whether a last line may be a client's status line: a few words with letters, not a
    list's item or a tag."""
    return (
        0 < len(marker) <= MARKER_CHARS
        and _LETTER.search(marker) is not None
        and _NO_STATUS.match(marker) is None
    )


def _status(alone: Reply, w: Mapping[str, float], separated: bool) -> bool:
    """Whether a last line, read alone, is a client's status: one of its known lines
    (`judge_signals.json` `cut_turn`), a run stopped or a placeholder, or, on a step of its
    own, an error (`_error`). Not a writer's definition ("Cancelled means ...")."""
    if _known(alone.low):
        return True
    if alone.lexicon.defining.search(alone.low) is not None:
        return False
    return read(alone, w, MARKER_SIGNALS).failure or (separated and _error(alone, w))


def may_end_cut(text: str, lexicon: Lexicon) -> bool:
    """Whether a reply's last line may be a client's status that cut a turn ("Cancelled"
    after a turn of thoughts and tool records): a reply is not cleared unread then."""
    if not _may_hold_start(text):
        return False
    lines = _without_end_breaks([x.strip() for x in text[-2 * MARKER_CHARS :].splitlines()])
    if not lines:
        return False
    last = _marker(lines[-1])
    if not _may_be_status(last):
        return False
    low = last.lower()
    return _known(low) or may_be_notice(low) or placeholder_key(low) in lexicon.placeholders


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """`may_end_cut`, as `clearing.MAY_FIRE` asks it of a reply of middle length."""
    return may_end_cut(text, lexicon)
