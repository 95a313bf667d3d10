"""Whether a reply is a person's talk in a thread: the writer guesses at a cause, wonders
aloud, tells their own trial or a fix as talk, closes an issue, wishes for a feature, calls
the failure normal, asks for the asker's log, relays what they were told, cannot tell from
the report, says what the program did or does now, or speaks in a Chinese thread's register.

A short text with failure words is read as a notice (`short_notice`), and one that shares no
word with the task as a notice sent in its place (`off_topic`). A person who writes "Seems to
be a LangChain error ... your OpenAI rate limits" or "现在k2.5也开始报错了" in a thread is
short and off the task too, and neither: the failure words are what the person talks about.
The answer signals that read these marks take their own weight back; this is what keeps the
two readings that presume a notice from counting the same failure words twice more."""

from __future__ import annotations

from tether.reliability.about_signals import acted, own_slip, past_state, speaks_casually
from tether.reliability.diagnosis_signals import asker_evidence, called_normal, cannot_tell
from tether.reliability.fix_signals import asks_fix, fix_landed, found_fault, next_release
from tether.reliability.guess_signals import casual_fix, guesses
from tether.reliability.in_role_signals import hearsay
from tether.reliability.once import kept
from tether.reliability.reply import Reply
from tether.reliability.tracker_signals import own_trial, tracker_act, wishes, wonders
from tether.reliability.weights import DEFAULT_WEIGHTS
from tether.reliability.zh_thread_signals import thread_talk

# The answer signals that read a person in a thread, cheapest first. (Not `witness`,
# `recurrence` or `addresses_asker`: a bot's notice says "I'm getting a lot at once", "may
# experience intermittent errors" and "your request" too.)
PERSON_TALK = (
    guesses,
    wonders,
    own_trial,
    tracker_act,
    wishes,
    casual_fix,
    cannot_tell,
    called_normal,
    asker_evidence,
    hearsay,
    past_state,
    speaks_casually,
    own_slip,
    acted,
    fix_landed,
    next_release,
    found_fault,
    asks_fix,
    thread_talk,
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
