"""A rewrite step's output that is not the rewrite: a title, a name or a query talked of, not given.

A chat app asks a model for the conversation's title, a query rewriter for the search query, a
prompt enhancer for the better prompt, and shows the reply as that artefact. Three shapes of a
reply are no artefact at all, whatever the request:

- talks_of_output: the step's talk about its output in place of it: the lead-in with nothing
  after ("Here is a title for the conversation", "Sure, here's a good title"), its reasoning's
  first line ("Here's a thinking process: 1. **Analyze User Input:**"), or the task narrated
  ("The user wants a title", "I need to generate a title for this conversation", "Let me
  summarize the request").
- placeholder_title: a title step's stand-in for no title: "No Context", "Unclear Request",
  "Empty Conversation".
- title_not_given: to a request for only a title or a rewritten query, a chat turn in its
  place: the transcript answered ("I need to be direct: I can't actually monitor GitHub CI"),
  refused ("Sorry, I can't help with that"), a finding announced ("Here's what I found in the
  logs").

A title wrapped in chatter ("Sure! Here's a title: Chat About Android") carries the title and is
left alone: a chat user asked for one would take it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from tether.messages import Request
from tether.reliability.asked import instructions
from tether.reliability.lexicon import SHIPPED, Lexicon, alternation, typographic
from tether.reliability.once import last_asked
from tether.reliability.reply import Reply, Signal
from tether.reliability.talk_only_signals import APOSTROPHE

# A lead-in or a narrated task is a line; a title step's stand-in a few words.
TALK_CHARS = 120
# A thinking process leaked whole may run long; its first line says what it is.
THINKING_CHARS = 20000
# A request is read for a title demand in its first part (the instruction leads).
QUESTION_CHARS = 3000
# A chat turn in a title's place is a sentence or two.
NOT_GIVEN_CHARS = 400
# A title is a few words; a reply longer than this to a title request is a sentence.
TITLE_WORDS = 15

# The words of the shapes (`title_step` in judge_signals.json).
_DATA: Mapping[str, Any] = SHIPPED.get("title_step", {})


def _words(field: str) -> str:
    """The words of `field` as an alternation, each with either apostrophe."""
    return alternation(typographic(_DATA.get(field, ())))


# What a rewrite step puts out: a title, a name, a summary, a rewritten query or prompt.
_ARTEFACT = rf"(?:{_words('artefacts')})s?"
_ACK = rf"(?:(?:{_words('acknowledgements')})\W+)?"
# "Here is a title for the conversation", "Sure, here's a good title": the lead-in, nothing after.
_LEAD_IN_ONLY = re.compile(
    rf"^\W*{_ACK}here(?:{APOSTROPHE}s| is| are) (?:(?:a|an|the|my|your|some) )?"
    rf"(?:[\w-]+ ){{0,3}}?{_ARTEFACT}"
    r"(?: (?:for|of) (?:the|this|your|that) [\w-]+(?: [\w-]+)?)?\W*$"
)
# "Here's a thinking process: 1. **Analyze User Input:**", "Here is Thinking Process ,".
_THINKING_LEAD = re.compile(rf"^\W*here(?:{APOSTROPHE}s| is) (?:(?:a|the|my) )?thinking process\b")
# The task narrated: "The user wants a title", "I need to generate a title for this
# conversation", "The assistant should summarize this", "Let me summarize the request".
_NARRATED = re.compile(
    rf"^\W*(?:{_words('narrators')}) (?:(?:{_words('narrated_verbs')})(?: you)? )?"
    r"(?:(?:an?|the|a good|a short|a concise) )?"
    rf"(?:{_words('narrated_tasks')})\b"
    r"(?: (?:for|of|about|from|the|this|that|your|it)\b[^.!?:,\n]{0,40})?[.!]?\s*$"
)
# ... or the conversation described where its title was to be: "The conversation is about
# cooking", "Based on the conversation, this is about cooking.", "The title for this chat is
# unclear" (an answer to "What is this chat about?", `_ASKS_ABOUT`).
_CONVERSATION = _words("conversation")
_DESCRIBED = re.compile(
    rf"^\W*(?:(?:the|this) (?:{_CONVERSATION}) (?:is|was|seems to be) (?:about|unclear"
    rf"|empty)\b|based on (?:the|this) (?:{_CONVERSATION}),"
    rf"|the title (?:for|of) (?:the|this) (?:{_CONVERSATION}) is\b)[^.!?:\n]{{0,60}}[.!]?\s*$"
)
_ASKS_ABOUT = re.compile(r"\babout\b|\bsummar|\bdescribe|\bwhat (?:is|was) (?:this|the)\b")
# A title step's stand-in: "No Context", "Missing Context", "Unclear Request", "No Topic". (Not
# "No information", "No details": an extraction's answer for a field the text lacks.)
_PLACEHOLDER = re.compile(
    rf"^\W*(?:{_words('placeholder_leads')}) (?:{_words('placeholder_nouns')})\W*$"
)
# The words one of the shapes needs, for the cheap test.
_MAY = tuple(str(word).lower() for word in _DATA.get("cheap_words", ()))


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """The reply may be a rewrite step's talk about its output (a short line with a lead-in's
    or a narration's words, or a thinking process's first line): not cleared unread."""
    if len(text) > TALK_CHARS:
        return low.startswith(("here's a thinking", "here is a thinking", "here\u2019s a thinking"))
    return any(word in low for word in _MAY) or _PLACEHOLDER.match(low) is not None


def talks_of_output(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The whole reply is the step's talk about its output, not the output: a lead-in with
    nothing after, a thinking process's first line, the task narrated, the conversation
    described where nothing asked what it is about."""
    if not _talks_of_output(r):
        return ()
    return (Signal("talks_of_output", w["talks_of_output"], r.text[:60]),)


def _talks_of_output(r: Reply) -> bool:
    low = r.low
    if len(low) > TALK_CHARS:  # (only a thinking process runs long: its head says so)
        return (
            len(low) <= THINKING_CHARS
            and "thinking" in low[:40]
            and bool(_THINKING_LEAD.match(low))
        )
    if _THINKING_LEAD.match(low) is not None:
        return True
    if "\n" in low.strip():
        return False
    return bool(
        _LEAD_IN_ONLY.match(low)
        or _NARRATED.match(low)
        or (_DESCRIBED.match(low) and _ASKS_ABOUT.search(r.question) is None)
    )


def placeholder_title(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The whole reply is a title step's stand-in for no title ("No Context", "Unclear
    Request")."""
    if len(r.low) > TALK_CHARS or _PLACEHOLDER.match(r.low) is None:
        return ()
    return (Signal("placeholder_title", w["placeholder_title"], r.text[:40]),)


# A request for a title or a rewritten query and nothing else: "output ONLY the title: 2-6
# words", "Generate a concise title", "Rewrite the user's query ... Return only the query".
_ASKS_NAME = re.compile(
    rf"\b(?:{_words('asks_verbs')})\b[^.\n]{{0,40}}?\b(?:{_words('asks_names')})\b"
)
_ASKS_TITLE = re.compile(
    _ASKS_NAME.pattern
    + rf"|\b(?:{_words('rewrite_verbs')})\b[^.\n]{{0,40}}?\b(?:{_words('rewrite_objects')})\b"
)
_ONLY = re.compile(
    rf"\b(?:{_words('only')})\b|\d+\s*(?:-|\u2013|to)\s*\d+ words"
    rf"|\b(?:{_words('at_most')}) \d+ (?:words|characters)\b"
)
# A chat turn where the title was to be: the speaker talking, a refusal, a finding announced.
_CHAT_TURN = re.compile(
    rf"^\W*(?:{_words('chat_openers')}"
    rf"|here(?:{APOSTROPHE}s| is) (?:a|an|the|my|your) \w+)\b"
)


def asks_title_only(question: str) -> bool:
    """Whether the request asks for a title or a rewritten query and nothing else."""
    head = question[:QUESTION_CHARS].lower()
    return _ASKS_TITLE.search(head) is not None and _ONLY.search(head) is not None


def title_not_given(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """To a request for only a title or a rewritten query, a chat turn in its place: the
    speaker talking or refusing, a finding announced, or (to a title request in the user's
    message) a sentence too long for a title."""
    if len(r.text) > NOT_GIVEN_CHARS or not title_request(r.request):
        return ()
    if _CHAT_TURN.match(r.low) is None and not (
        len(r.low.split()) > TITLE_WORDS and _ASKS_NAME.search(r.question[:QUESTION_CHARS].lower())
    ):
        return ()  # (a rewritten query may be a long question: only a title is a few words)
    return (Signal("title_not_given", w["title_not_given"], r.text[:60]),)


@last_asked
def title_request(request: Request | None) -> bool:
    """Whether the request asks for only a title or a rewritten query, in its system prompt or
    its last user message (a short reply to it is read, not cleared unread: a chat turn in the
    title's place has no failure word)."""
    assert request is not None  # (`last_asked` reads None as False)
    return any(asks_title_only(m.text_content) for m in instructions(request))
