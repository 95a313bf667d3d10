"""Whether a reply is a person's talk in a thread: the writer guesses at a cause, wonders
aloud, tells a fix as talk, closes an issue, wishes for a feature, calls the failure normal,
relays what they were told or cannot tell from the report.

A short text with failure words is read as a notice (`short_notice`), and one that shares no
word with the task as a notice sent in its place (`off_topic`). A person who writes "Seems to
be a LangChain error ... your OpenAI rate limits" or "现在k2.5也开始报错了" in a thread is
short and off the task too, and neither: the failure words are what the person talks about.
The answer signals that read these marks take their own weight back; this is what keeps the
two readings that presume a notice from counting the same failure words twice more."""

from __future__ import annotations

from tether.reliability.diagnosis_signals import called_normal, cannot_tell
from tether.reliability.guess_signals import casual_fix, guesses
from tether.reliability.in_role_signals import hearsay
from tether.reliability.once import kept
from tether.reliability.reply import Reply
from tether.reliability.tracker_signals import tracker_act, wishes, wonders
from tether.reliability.weights import DEFAULT_WEIGHTS

# The answer signals that read a person in a thread and never a bot's or an agent's notice.
# (Not `witness`, `recurrence`, `addresses_asker`: a notice says "I'm getting a lot at once",
# "may experience intermittent errors", "your request" too; not `own_trial`, `acted`: an
# agent's give-up says "I tried ..."; not `asker_evidence`: a notice asks for the logs; not
# `thread_talk`, `speaks_casually`: a persona's stand-in talks casually.)
PERSON_TALK = (
    guesses,
    wonders,
    tracker_act,
    wishes,
    casual_fix,
    cannot_tell,
    called_normal,
    hearsay,
)


@kept
def person_talk(reply: Reply) -> str | None:
    """The name of the first mark of a person's talk in a thread the reply holds (`PERSON_TALK`),
    or None. (Whether the mark is there, whatever its weight: read with the default weights,
    kept for the second reading that asks.)"""
    for read in PERSON_TALK:
        for found in read(reply, DEFAULT_WEIGHTS):
            return found.name
    return None
