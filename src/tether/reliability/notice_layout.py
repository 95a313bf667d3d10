"""A notice's own layout that an answer's formatting signals must not take for an answer's: a
failure notice's remedies or causes listed under a label, a failure sentence over a fenced line
of its error, and the hedging words with which a notice guesses at its cause."""

from __future__ import annotations

import re

from tether.reliability.error_objects import FENCE
from tether.reliability.machine_marks import TAG
from tether.reliability.reply import Reply, display_size

# The explaining words that only hedge ("possibly", "maybe"): in a short notice beside its
# failure words ("Generation failed. (Possibly a forbidden request)") they are the notice's own
# guess at its cause, not an answer's explanation (`explains`).
HEDGES = frozenset(
    (
        "probably",
        "you probably",
        "could be",
        "might be",
        "maybe",
        "perhaps",
        "seems",
        "也许",
        "かもしれ",
        "것 같",
        "возможно",
        "vielleicht",
        "peut-être",
        "quizás",
        "tal vez",
        "talvez",
        "probabilmente",
        "probabile che",
        "forse",
        "provavelmente",
        "provável que",
        "probablemente",
        "probable que",
    )
)


# A list's item: a bullet or a number, then its words.
LIST_ITEM = re.compile(r"^\s*(?:[-*+\u2022]|\d+[.)])\s+\S")
NOTICE_LIST_CHARS = 900  # a notice with its advice listed, not a page
NOTICE_HEAD_CHARS = 300  # what failed, in a line or three (display width)
NOTICE_LABEL_CHARS = 60  # "What you can do:", "💡 Suggestions:", "This could be due to:"
NOTICE_ITEM_CHARS = 160  # an item of advice is one short line
NOTICE_ITEMS = (2, 6)


def notice_list(r: Reply) -> bool:
    """A failure notice that lists its advice or its possible causes: a short head that says
    what failed, a label line ending in a colon ("What you can do:", "💡 Suggestions:", "Tips:",
    "This could be due to:"), a few short items, and at most one line after them (a link, a
    thank-you). A bot's or an app's notice lays out its remedies so; an answer's list is the
    body of what it says, under a head that explains rather than reports (`explains` still
    reads it)."""
    text = r.text
    if len(text) > NOTICE_LIST_CHARS or not r.hits or "```" in text or ":" not in text:
        return False
    if "\uff1a" not in text and ":\n" not in text and ":</" not in text and ":*" not in text:
        return False
    lines = [x.strip() for x in text.splitlines() if x.strip()]
    first = next((i for i, x in enumerate(lines) if LIST_ITEM.match(x)), None)
    if first is None or first < 2:
        return False
    label = TAG.sub("", lines[first - 1]).strip(" *_")
    if not label.endswith((":", "\uff1a")):
        return False
    # the label may end the sentence line before the list ("You may have exceeded the free
    # quota. This could be due to:"): that line's earlier sentences belong to the head
    said, _, own = label.rpartition(". ")
    if display_size(own if said else label) > NOTICE_LABEL_CHARS:
        return False
    head = "\n".join([*lines[: first - 1], said + "." if said else ""]).strip()
    if not head:
        return False
    if display_size(head) > NOTICE_HEAD_CHARS or any(x.startswith("#") for x in lines):
        return False  # (a heading: a written page's sections)
    low = head.lower()
    if not r.lexicon.vocabulary.search(low):
        return False  # the head says what failed
    if any(w.strip() not in HEDGES for w in r.lexicon.explaining.found(low)):
        return False  # a head that explains ("When you exceed ...", "means"): an answer's
    items = [x for x in lines[first:] if LIST_ITEM.match(x)]
    if not NOTICE_ITEMS[0] <= len(items) <= NOTICE_ITEMS[1] or len(lines) - first - len(items) > 1:
        return False
    return all(display_size(x) <= NOTICE_ITEM_CHARS and not _CHECKED.search(x) for x in items)


# An item checked or ticked (`- [ ]`, "✅", "❌"): a checklist or a diagnosis, not advice.
_CHECKED = re.compile("\\[[ xX]\\]|[\u2705\u274c\u2714\u2716]")


# A template's slot for the error's text (`{ex.Message}`, `${err}`, `%s`, `<error>`).
TEMPLATE_SLOT = re.compile(r"\$?\{[^{}\s]{1,60}\}|%[sdrv]|\{\d\}|<[\w .-]{1,40}>")
# The most a failure sentence before a fenced line holds (display width).
REPORT_LEAD_MAX = 100


def fenced_report(r: Reply) -> bool:
    """A short failure sentence and, last, a fenced block of one line: the error's own text
    or the slot its template fills ("Something went wrong\n```\n{ex.Message}\n```"). A
    report, not an answer with code (an answer's one fenced line is a command, no error)."""
    fence = FENCE.search(r.text[:600])
    if fence is None or r.text[fence.end() :].strip():
        return False
    lines = [x for x in fence.group(1).splitlines() if x.strip()]
    lead = r.text[: fence.start()].strip()
    if len(lines) != 1 or not lead or "\n" in lead or display_size(lead) > REPORT_LEAD_MAX:
        return False
    line = lines[0].strip()
    if not r.lexicon.vocabulary.search(lead.lower()):
        return False
    return TEMPLATE_SLOT.fullmatch(line) is not None or bool(
        r.lexicon.vocabulary.search(line.lower())
    )


# The parts of an exception as a crash report lays them out under headings or bold labels
# ("## Type", "## Message", "## Stack trace"; "**Error:**", "**Traceback:**").
EXCEPTION_PARTS = frozenset(
    (
        "type",
        "exception",
        "exception type",
        "error",
        "error type",
        "message",
        "error message",
        "exception message",
        "details",
        "error details",
        "stack",
        "stack trace",
        "stacktrace",
        "traceback",
        "inner exception",
        "status",
        "status code",
        "source",
    )
)
EXCEPTION_REPORT_CHARS = 6000  # a crash report, not a page
_SECTION_LABEL = re.compile(r"^[ \t]*(?:#{1,6}[ \t]+([^\n]+?)[ \t]*$|\*\*([^*\n]{1,40})\*\*)", re.M)


def exception_report(r: Reply) -> bool:
    """A crash report: an exception laid out in sections whose every heading or bold label names
    a part of it ("## Type" / "## Message" / "## Stack trace", "**Error:**" / "**Traceback:**"),
    two or more, with a fenced block; a first heading may be its title when it says what
    failed ("# ❌ Error Running Summarizer"). An answer's sections name what it explains."""
    text = r.text
    if len(text) > EXCEPTION_REPORT_CHARS or "```" not in text:
        return False
    labels = [(m.group(1) or m.group(2) or "").strip() for m in _SECTION_LABEL.finditer(text)]
    if labels and labels[0] and text.lstrip().startswith("#"):
        title = labels[0].lower()
        if title.strip(" :*").strip() not in EXCEPTION_PARTS:
            if not r.lexicon.vocabulary.search(title):
                return False
            labels = labels[1:]
    names = [re.sub(r"[^\w ]", "", x.lower()).strip() for x in labels]
    return len(names) >= 2 and all(n in EXCEPTION_PARTS for n in names)
