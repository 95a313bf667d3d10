"""An agent run's final answer that says the task was not done, in the run's own last turn.

Agent loops (ReAct executors, GAIA harnesses, CrewAI, smolagents) hand the model's last turn
back as the answer. When the run gave up, that turn says so about the task itself: the answer,
the information, the task not found, determined or completed ("I was unable to find the
information.", "Unable to complete the task within the given constraints"): signal gave_up.
Or the loop's answer format comes back with its slot never filled ("Final Answer: [your
response here]", "YOUR FINAL ANSWER HERE"), or with only the thought that announces the answer
("Thought: I now can give a great answer"): signal answer_unfilled. An answer that gives up on
a part says what it found instead ("I could not verify X, but Y is ..."). Present tense
("I'm unable to provide real-time information") says what the speaker cannot do, like
"cannot": a reply about its means, not a task it tried. "Unknown" or "N/A" alone is left: it
is the right answer when a document lacks the field asked for. Words are data of
`judge_signals.json` (`gave_up`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tether.reliability.lexicon import SHIPPED, Lexicon, alternation, listed_group
from tether.reliability.reply import Reply, Signal
from tether.reliability.request_readings import STOP
from tether.reliability.words import content_words

_DATA: Mapping[str, Any] = SHIPPED.get("gave_up", {})

# A give-up is a sentence or two; a paragraph about one is an account of the run.
GIVE_UP_CHARS = 260
# What may stand before the inability in its sentence: the speaker, an apology, a try.
LEAD_CHARS = 90
# The words between the task's verb and its object ("find the exact population information").
OBJECT_GAP = 4
# The words of a step the run took before the task's verb ("aggregate any context documents to").
STEP_WORDS = 5


def _alternation(key: str) -> str:
    return alternation(_DATA.get(key, ()))


# "was unable to find ... the information", "couldn't determine the answer", "Unable to
# complete." (the verb ends the sentence: its object is the task), "unable to aggregate the
# documents to formulate an answer" (a step, then the task's verb)
_GIVE_UP = re.compile(
    rf"\b(?:{_alternation('unable')})\s+(?:[\w'-]+\s+){{0,{STEP_WORDS}}}?"
    rf"(?:{_alternation('verbs')})\b"
    rf"(?:(?:\s+[\w'-]+){{0,{OBJECT_GAP}}}?\s+(?:{_alternation('objects')})\b|(?=\s*(?:[.!;]|$)))"
)
# "the answer could not be determined"
_GIVEN_UP_PASSIVE = re.compile(
    rf"\b(?:{_alternation('objects')})\s+(?:{_alternation('not_be')})\s+"
    rf"(?:{_alternation('participles')})\b"
)
_SENTENCE_END = re.compile(r"[.!;\n\u3002]")
# The speaker (or no one: "Unable to ..."), after an apology or a try ("I tried ... but").
_SPEAKER = re.compile(rf"(?:^|\b(?:{_alternation('speakers')}))[\s,]*$")
# A lead that is not the speaker's own give-up: a condition, another's failure, a quote.
_NOT_OWN = re.compile(rf"\b(?:{_alternation('not_own')})\b|[\"\u201c\u201d`]")
# After the give-up, what the answer found instead ("but the population is ...").
_CONTRAST = re.compile(rf"\b(?:{_alternation('contrast')})\b")
# A state said of something ("the population is ...", "the files are ..."): an answer's
# finding, unless what it says is that the thing is not there ("is not available").
_STATES = re.compile(
    rf"(?:\b(?:is|are|was|were)|\b(?:it|that|this|which)['\u2019]s)\b"
    rf"(?!\s+(?:{_alternation('state_absent')})\b)"
)


def gave_up(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short final answer one of whose first two sentences says the speaker could not find,
    determine or complete the answer, the information or the task ("I was unable to find the
    requested information.", "Unable to complete the task within the given constraints"),
    the other at most the try before it ("I searched the archives."), with nothing found
    instead and no question of its own (a person's comment asks one)."""
    text = r.text.strip()
    if len(text) > GIVE_UP_CHARS or "?" in text or "`" in text or not r.written:
        return ()
    low = " ".join(r.low.split())
    start = 0
    for _ in range(2):
        end = _SENTENCE_END.search(low, start)
        stop = end.start() if end is not None else len(low)
        found = _given_up(low[start:stop]) or _gave_up_asked(low[start:stop], r)
        if found is not None:
            before, after = low[:start], low[start + found[1] :]
            if _CONTRAST.search(before) or _CONTRAST.search(after) or _STATES.search(after):
                return ()  # what it found instead ("but the population is ...")
            if before and _STATES.search(before):
                return ()  # an answer, then a part it could not find
            return (Signal("gave_up", w["gave_up"], found[0][:60]),)
        if end is None:
            return ()
        start = end.end()
    return ()


def _given_up(sentence: str) -> tuple[str, int] | None:
    """The give-up said in `sentence` and where it ends, or None: the speaker's own (no
    condition, no one else before it), nothing found listed after it."""
    m = _GIVE_UP.search(sentence) or _GIVEN_UP_PASSIVE.match(sentence.lstrip("*#>-• "))
    if m is None:
        return None
    lead = sentence[: m.start()]
    if m.re is _GIVE_UP and (len(lead) > LEAD_CHARS or _SPEAKER.search(lead) is None):
        return None
    if _NOT_OWN.search(lead) is not None or ":" in sentence[m.end() :]:
        return None
    return m.group(0), m.end()


# The object words of the asked work the give-up must say again (a verb's object, not a stray
# word: "500 euros", "us dollars"), in an object of at most so many words.
ASKED_SHARED = 2
ASKED_OBJECT_WORDS = 12
# "couldn't convert 500 euros to us dollars", "was unable to download the forge installer":
# any verb, its object the rest of the sentence.
# Words are split by whitespace only, so the object has one reading: an optional space between
# repeated word runs let a long run be cut every possible way before `$` failed (minutes on a
# 111-character reply).
_GIVE_UP_ANY = re.compile(
    rf"\b(?:{_alternation('unable')})\s+(?P<verb>[a-z'-]+)\s+"
    rf"(?P<object>[\w'.-]+(?:\s+[\w'.-]+){{0,{ASKED_OBJECT_WORDS - 1}}})\s*$"
)
# Verbs whose object not found is an outcome the user asked to learn, not work left undone.
_FINDING = re.compile(r"(?:find|locate|reproduce|confirm|verify|see|spot|detect|match)\b")
# The cause of the failure named: an honest blocker ("I encountered an internal server error",
# "the airport does not exist"), not a give-up.
_BLOCKER = re.compile(
    r"\b(?:error|errors|status code|exist|because|due to|since|invalid|not valid|down"
    r"|timed? ?out|unavailable|permission|denied|limit|quota|key|token|offline)\b"
)


def _gave_up_asked(sentence: str, r: Reply) -> tuple[str, int] | None:
    """The speaker's own give-up of any verb whose object says again the asked work (two of the
    request's words at least: "I couldn't convert 500 Euros to US Dollars" to "Can you convert
    500 Euros to US Dollars?"), with no cause named in the reply: a tool-use run's last turn
    that gave up on the task itself."""
    m = _GIVE_UP_ANY.search(sentence.rstrip(" .!"))
    if m is None or not r.question or _BLOCKER.search(r.low) is not None:
        return None
    if _FINDING.match(m.group("verb")):
        return None  # "I couldn't find any recipes with okra": a search's outcome, not a give-up
    lead = sentence[: m.start()]
    if len(lead) > LEAD_CHARS or _SPEAKER.search(lead) is None or _NOT_OWN.search(lead):
        return None
    shared = (content_words(r.compared(m.group("object"))) - STOP) & r.asked_words
    return (m.group(0), m.end()) if len(shared) >= ASKED_SHARED else None


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """A give-up or an unfilled answer slot may be said: not cleared unread."""
    if len(low) > UNFILLED_CHARS:
        return False
    if "your" in low or low.strip() in _LOOP_ENDS:
        return True
    if any(a in low for a in _ANNOUNCE):
        return True
    if len(low) > GIVE_UP_CHARS:
        return False
    return _GIVE_UP.search(low) is not None or _GIVEN_UP_PASSIVE.search(low) is not None


# The answer format's slots are a few lines: a label and its slot each.
UNFILLED_CHARS = 300
# A line's label ("Final Answer:", "**Answer**:", "Confidence:").
_LABEL = re.compile(r"^[\W_]*[a-z][a-z -]{0,24}[\W_]*:\s*")
# A slot that names what the writer is to put there: "[your final answer]", "<your answer>",
# "YOUR FINAL ANSWER HERE", "[insert answer here]".
_SLOT = re.compile(
    rf"[\[<({{]\s*(?:{_alternation('slot_openers')})\b[^\]>)}}\n]{{0,60}}[\]>)}}]"
    rf"|(?:{_alternation('slot_openers')})\s+(?:final\s+)?(?:{_alternation('slot_nouns')})"
    rf"(?:\s+(?:goes\s+)?here)?"
)
_ECHOES: Sequence[str] = tuple(str(t).lower() for t in _DATA.get("format_echoes", ()))
_ANNOUNCE: Sequence[str] = tuple(str(t).lower() for t in _DATA.get("announce", ()))
_LOOP_ENDS: Sequence[str] = tuple(str(t).lower() for t in _DATA.get("loop_ends", ()))
_ASKS_FORMAT = re.compile(r"templat|placeholder|format|\[your|<your|fill in|fill-in")


_QUOTE_MARK = re.compile(r"^(?:\s*>\s)+")
# The format's note to the writer about the answer still to come, in parentheses under its
# empty label ("(Note: Please make sure your final answer meets the expected criteria ...)"):
# an instruction echoed, no more an answer than the slot it stands under.
# Only an order is the format's ("make sure", "ensure"): a grader's "(Note: your final answer
# is correct)" says something of an answer.
_NOTE_TO_WRITER = re.compile(
    r"\(\s*note:\s*(?:please\s+)?"
    + listed_group(SHIPPED.get("note_to_writer", {}), "orders")
    + r"\b[^()]*"
    r"\byour (?:final )?answer\b[^()]*\)"
)


def _line_kind(line: str) -> str:
    """'slot', 'announce', 'end' (the loop's end marker), 'label' (a label alone) or 'said'."""
    if _NOTE_TO_WRITER.fullmatch(line) is not None:
        return "slot"
    value = _QUOTE_MARK.sub("", _LABEL.sub("", line, count=1)).strip(" *_#-•.\"'`")
    if not value:
        return "label"
    if _SLOT.fullmatch(value) is not None or value in _ECHOES:
        return "slot"
    if value.rstrip("!.") in _ANNOUNCE:
        return "announce"
    if value in _LOOP_ENDS:
        return "end"
    return "said"


def answer_unfilled(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The loop's answer format sent back unfilled: every line a label, a slot that names what
    was to go there ("Final Answer: [your response here]", "YOUR FINAL ANSWER HERE", the
    format's own example line), or the thought that announces the answer ("Thought: I now can
    give a great answer") or the loop's end marker ("TERMINATE", "LimitsExceeded") with no
    answer. Not when the request asks for a template, or names the marker."""
    low = r.low.strip()
    if len(low) > UNFILLED_CHARS or not low:
        return ()
    if r.question and _ASKS_FORMAT.search(r.question[:2000]) is not None:
        return ()
    kinds = [_line_kind(line.strip()) for line in low.splitlines() if line.strip()]
    if "said" in kinds or not ("slot" in kinds or "announce" in kinds or "end" in kinds):
        return ()
    if "end" in kinds and any(e in f"{r.question} {r.system.lower()}" for e in _LOOP_ENDS):
        return ()  # the marker the request asks for ("Reply TERMINATE when done")
    return (Signal("answer_unfilled", w["answer_unfilled"], low[:60]),)
