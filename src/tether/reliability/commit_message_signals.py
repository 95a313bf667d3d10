"""The signal of a chat turn where a commit message was asked (`chat_for_commit`).

A tool (a coding assistant's auto-commit, a commit-message generator, an IDE's button) asks a
model for the commit message of a diff and commits what comes back. A model that went on with
its conversation instead ("The changes look good. Let me run the grep command again ...",
"I'll help you apply these changes.", "The implementation looks great! You've ...") leaves
that chat turn as the commit's message: talk about the work in place of the message.

Read where the instructions ask for a commit message (an imperative or a role that makes one:
"Generate a one-line commit message ...", "an expert ... that generates concise, one-line Git
commit messages", "Reply with JUST the commit message"), and the reply opens with a sentence of
chat, not with a subject line: longer than a subject and a line or two of body, the speaker or
the listener named, a verdict on the work ("I'll", "let me", "you've", "looks good"); shorter,
the speaker itself or a question ("I need the diff to write a commit message.", "Could you
share the changes?"). Left: a reply that names, near its start, the commit message it gives
and gives it ("Based on the changes, here's a concise commit message:\n\nfeat: ...").
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping

from tether.messages import Request
from tether.reliability.asked import instructions
from tether.reliability.once import last_asked
from tether.reliability.reply import QUESTION_CHARS, Reply, Signal

# A commit message is a subject and a few lines: a chat turn in its place is longer ...
LEAST_CHARS = 200
# ... or, shorter, its speaker says "I" or asks the listener ("I need the diff to write it.").
SHORTEST_CHARS = 20
# The opening read: the reply's first line, this much of it.
OPENING_CHARS = 300
# A reply that gives a message says so near its start ("Here's a concise commit message:").
NAMED_WITHIN = 400
# A subject line is at most this long (git's convention, with room).
SUBJECT_CHARS = 72

# The instructions ask for a commit message: an imperative that makes one (at a sentence's
# start or after "to": "Your mission is to create clean commit messages"), a role that does,
# or the reply demanded to be one ("reply with just the commit message").
_MAKE = r"(?:generate|write|create|suggest|compose|draft|propose|produce)"
_ASKS = re.compile(
    rf"(?:^|[.!:;\n]\s*|\bto\s+)(?:please\s+)?{_MAKE}\s+(?:me\s+)?(?:[\w,-]+\s+){{0,3}}?"
    rf"(?:git\s+)?commit\s+(?:message|title|subject)"
    rf"|\b(?:that|who|which)\s+{_MAKE}s\s+(?:[\w,-]+\s+){{0,3}}?(?:git\s+)?commit\s+messages"
    r"|\b(?:reply|respond)\s+(?:only\s+)?with\s+(?:just\s+|only\s+)?the\s+(?:[\w-]+\s+)?"
    r"commit\s+message|\bauthor of (?:a|the) (?:git )?commit message",
    re.IGNORECASE,
)
# A subject line: a conventional commit's type ("feat(api): ...", "fix: ...") or a line of a
# subject's length that does not end a sentence.
_TYPED = re.compile(r"^[\w-]{2,12}(?:\([^)\n]{0,40}\))?!?:\s")
# A sentence of chat: the speaker or the listener named, a verdict on the work.
_CHAT = re.compile(
    r"\b(?:i|i'll|i've|i'm|i'd|let me|let's|you|you've|you're|your|we|we've|we'll|we're"
    r"|here's|here is|as requested|looks? (?:good|great|correct|fine))\b",
    re.IGNORECASE,
)
# ... in a short reply, the speaker itself or a question to the listener ("I" as a word, not
# "I/O"): a subject may say "you" ("Fix a crash when you log out").
_SPEAKS = re.compile(
    r"(?:^|\s)(?:i(?=[\s'\u2019])|let me\b|could you\b|can you\b|please (?:provide|share|paste)\b"
    r"|sorry\b)",
    re.IGNORECASE,
)
# A numbered list's item ("1. Centralized error catalog ..."): the first point of a summary
# of the work, where a lead-in's colon would otherwise seem to introduce a subject line; where
# the reply names the commit message it gives, an option among its messages ("Here are three
# commit message options:\n\n1. feat(http): add retry ...").
_LIST_ITEM = re.compile(r"\d{1,2}[.)]\s+")
# The reply names the message it gives: "Here's a concise commit message ...".
_NAMES_MESSAGE = re.compile(r"\bcommit (?:message|title|subject)\b", re.IGNORECASE)


def asks_commit_message(instructions: str) -> bool:
    """Whether the instructions (the system prompt and the last user message) ask for a
    commit message."""
    return "commit" in instructions and _ASKS.search(instructions) is not None


# A commit-message tool says what it asks at its system prompt's start (an agent's long
# prompt is read this far only: every request is asked once).
ASKED_WITHIN = 1500


@last_asked
def commit_request(request: Request | None) -> bool:
    """Whether the request asks for a commit message (a long reply to it is read, not cleared
    unread: a chat turn in the message's place has no failure word)."""
    assert request is not None  # (`last_asked` reads None as False)
    for m in instructions(request):
        text = m.text_content[: ASKED_WITHIN if m.role == "system" else QUESTION_CHARS]
        if "ommit" in text and asks_commit_message(text.lower()):
            return True
    return False


def _subject(line: str) -> bool:
    """Whether a line (stripped) may be a commit's subject: a typed one, or a subject's length
    that does not end a sentence; not code (a fence that names a language)."""
    if line.startswith("```"):
        return False
    line = line.strip("*\"'> ")
    return _TYPED.match(line) is not None or (
        0 < len(line) <= SUBJECT_CHARS and not line.endswith((".", ":", "?", "!"))
    )


def _gives_message(text: str, first: str) -> bool:
    """Whether a reply gives a commit message after its chat: its first line leads in to a
    subject ("Sure, here you go:\n\nAdd retry to the client"), or it names, near its start, the
    commit message it gives and a subject follows a line that ends on a colon, or a typed one
    follows anywhere (a numbered option's too: "1. feat(http): add retry ...")."""
    lines = [x for line in text.splitlines() if (x := line.strip()) and x != "```"]
    # (a numbered list after the lead-in is a summary's first point: "The implementation looks
    # great! You've ... key improvements:\n\n1. Centralized error catalog")
    if (
        first.endswith(":")
        and len(lines) > 1
        and _LIST_ITEM.match(lines[1]) is None
        and _subject(lines[1])
    ):
        return True
    if _NAMES_MESSAGE.search(text, 0, NAMED_WITHIN) is None:
        return False
    for before, numbered in itertools.pairwise(lines):
        item = _LIST_ITEM.match(numbered)
        line = numbered if item is None else numbered[item.end() :]
        if _TYPED.match(line.strip("`*\"'> ")) is not None:
            return True
        if before.endswith(":") and _subject(line):
            return True
    return False


def chats_in_place(text: str) -> str | None:
    """The opening sentence of chat of a reply that is no commit message, or None."""
    text = text.strip()
    if len(text) < SHORTEST_CHARS:
        return None
    first = text.split("\n", 1)[0].strip()[:OPENING_CHARS]
    if _TYPED.match(first) is not None:
        return None
    if len(first) <= SUBJECT_CHARS and not first.endswith((".", "!", ":", "?")):
        return None  # (a subject line)
    chat = _CHAT if len(text) >= LEAST_CHARS else _SPEAKS
    if chat.search(first) is None or _gives_message(text, first):
        return None
    return first


def chat_for_commit(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A commit message was asked and the reply is a chat turn about the work instead."""
    if len(r.text) < SHORTEST_CHARS or not asks_commit_message(r.instructions):
        return ()
    found = chats_in_place(r.text)
    if found is None:
        return ()
    return (Signal("chat_for_commit", w["chat_for_commit"], found[:60]),)
