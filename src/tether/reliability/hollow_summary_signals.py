"""The signals of a summary that says nothing: a bot's summary of a pull request or a diff
that finds no changes in it, and a summary's (a review's, an analysis's, a commit message's)
own failure notice left in its place.

A PR-summary bot that was handed an empty or unreadable diff still fills its template: "###
Summary\\nNo code changes were made in this PR.", "- **None**: The diff is empty", "Based on
the provided empty diff, I cannot provide a meaningful analysis". A pull request exists
because it changes something, so a summary that finds nothing read nothing. A summary that
says a change is small or of one kind ("only touches whitespace", "no code changes, only the
README") says what it found, and is left.

A generator that failed writes its notice where the summary goes, as the notice's first
lines: "Summarization failed for model ...", "AI Issue analysis output could not be
validated: missing ...", "Review skipped", "Request to AEP failed to process". A commit
subject that names such a failure as the bug it fixes ("Fix summary failed on long input")
opens on its verb, and is left.

A video summariser that got no transcript says so in a line or two where the summary goes:
"No transcript available for this video.", "Saved video link. Unable to extract transcript".
A reply to a question ("Why is there no summary?") may say the same as its answer, and is left.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from tether.reliability.lexicon import SHIPPED, listed_group
from tether.reliability.refusal_grammar import regexes
from tether.reliability.reply import Reply, Signal

_WORDS: Mapping[str, Any] = SHIPPED.get("hollow_summary", {})

# A bot's summary is short: a longer text that finds no changes is a report or a thread.
SUMMARY_CHARS = 1500
# The finding is the summary's: it comes near the text's start.
FINDING_WITHIN = 800
# A failure notice is the summary's first lines (after a heading and a bot's byline) ...
NOTICE_LINES = 4
# ... in a short text: a long one that opens so is a report quoting it.
NOTICE_CHARS = 1200

_NONE_GATE = tuple(_WORDS.get("no_changes_gate", ()))
# "No code changes were made in this PR", "the diff is empty", "no files with changes".
_NO_CHANGES = re.compile(regexes(_WORDS.get("no_changes", ())), re.IGNORECASE)
# What the text summarises: a pull request or a diff (in its words or the request's).
_CHANGE_SET = re.compile(
    listed_group(SHIPPED.get("summary_change_set", {}), "names"), re.IGNORECASE
)
# A finding limited to a kind of change says what it found ("no code changes, only docs").
_LIMITED = re.compile(regexes(_WORDS.get("limited", ())), re.IGNORECASE)
# A summary that names a file or a change ("updates the README", "docs/index.md", "now runs
# on 3.12") anywhere found changes, whatever sentence says there are no code changes.
_FOUND_CHANGES = re.compile(regexes(_WORDS.get("found_changes", ())), re.IGNORECASE)
# A stop ends a sentence when a space or the end follows it: not the dot in "README.md".
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|\n")

_NOTICE_GATE = tuple(_WORDS.get("failed_gate", ()))
# "Summarization failed", "analysis output could not be validated", "Review skipped", "This
# conversation cannot be summarized": up to four words before it ("AI Issue analysis ...",
# "Request to AEP failed to process", "Sorry, the pull request review was unsuccessful").
_FAILED = re.compile(
    rf"(?:[\w./:,-]+ ){{0,4}}?(?:{regexes(_WORDS.get('failed', ()))})", re.IGNORECASE
)
# A CI summary's finding names a check or a build ("Static analysis failed: mypy reports ...").
_CI_SUBJECT = re.compile(regexes(_WORDS.get("ci_subject", ())), re.IGNORECASE)
# A line that opens on a change's verb names the failure it deals with ("Fix ...").
_ACTS_ON = re.compile(regexes(_WORDS.get("acts_on", ())), re.IGNORECASE)
# A line's marks before its words: a heading's, a quote's, emphasis, an emoji, a label.
_LINE_MARKS = re.compile(r"^[\W_]*")


_SOURCE_GATE = tuple(_WORDS.get("source_gate", ()))
# "No transcript available", "Unable to extract transcript", "does not have captions".
_SOURCE_MISSING = re.compile(regexes(_WORDS.get("source_missing", ())), re.IGNORECASE)
# A request for a summary (or a bare video address): a how-to question about captions is not.
_SOURCE_ASKED = tuple(_WORDS.get("source_asked", ()))
# "If the video does not have captions, ...": a condition in an answer, not a notice.
_CONDITIONAL = re.compile(regexes(_WORDS.get("conditional", ())), re.IGNORECASE)
# A summariser's notice is a line or two.
SOURCE_NOTICE_CHARS = 400


def _sentence_around(text: str, start: int, end: int) -> str:
    """The sentence (or line) that holds text[start:end]."""
    before = max((m.end() for m in _SENTENCE_END.finditer(text, 0, start)), default=0)
    after = _SENTENCE_END.search(text, end)
    return text[before : after.start() if after else len(text)]


def no_changes_summarised(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short summary of a pull request or a diff that finds no changes in it."""
    text = r.text
    if len(text) > SUMMARY_CHARS or not any(k in r.low for k in _NONE_GATE):
        return ()
    m = _NO_CHANGES.search(text, 0, FINDING_WITHIN)
    if m is None:
        return ()
    if _CHANGE_SET.search(text) is None and _CHANGE_SET.search(r.question) is None:
        return ()
    if _LIMITED.search(_sentence_around(text, m.start(), m.end())) is not None:
        return ()
    if _FOUND_CHANGES.search(text) is not None:
        return ()
    return (Signal("no_changes_summarised", w["no_changes_summarised"], m.group(0)[:60]),)


def summary_failed(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A summary's, review's or analysis's failure notice as the reply's first lines."""
    if len(r.text) > NOTICE_CHARS or not any(k in r.low for k in _NOTICE_GATE):
        return ()
    if r.question.rstrip().endswith("?"):
        return ()  # a question's answer ("Why was no review posted?": "No review was ...")
    lines = [x for line in r.text.splitlines() if (x := line.strip())][:NOTICE_LINES]
    for line in lines:
        words = _LINE_MARKS.sub("", line, count=1)
        if _ACTS_ON.match(words) is not None or words.endswith("?"):
            continue
        m = _FAILED.match(words)
        if m is not None and _CI_SUBJECT.search(m.group(0)) is None:
            return (Signal("summary_failed", w["summary_failed"], m.group(0)[:60]),)
    return ()


def transcript_missing(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A summariser's short notice that the video's transcript or captions could not be had,
    where a summary was to be (not a reply to a question or a how-to about it)."""
    if len(r.text) > SOURCE_NOTICE_CHARS or not any(k in r.low for k in _SOURCE_GATE):
        return ()
    question = r.question.rstrip()
    if question.endswith("?") or "? " in question:
        return ()  # (a question's answer; a video's address holds "?v=")
    asked = question.lower()
    if asked and not any(k in asked for k in _SOURCE_ASKED):
        return ()
    m = _SOURCE_MISSING.search(r.text)
    if m is None:
        return ()
    if _CONDITIONAL.search(_sentence_around(r.text, m.start(), m.end())) is not None:
        return ()
    return (Signal("transcript_missing", w["transcript_missing"], m.group(0)[:60]),)
