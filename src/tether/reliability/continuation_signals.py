"""The prompt continued: a base model that writes more of the user's side instead of answering.

A base model (or a chat model run without its template) given a benchmark's question does not
answer it: it goes on as the text it was trained on would, writing the next questions in the
same form ("What are the names of some famous actors ...? What are the names of some famous
singers ...?"), the next items of a few-shot list ("Q: ... A: ... Q: ..."), or a whole new
instruction-format exchange ("### Instruction: ... ### Response: ..."). What gives it away is
the form of the user's turn in the reply: its lines open as the request opens, or carry the
question's label again and again, or its first character: a comma or a stop that goes on from
the prompt's last word (`goes_on`). Not when the request asks for questions, prompts, examples
or a dialogue (an FAQ, a quiz, variations of a prompt), nor a text about prompts and templates.
"""

from __future__ import annotations

import re

from tether.reliability.dialogue_signals import ASKS_DIALOGUE, USER_ROLES
from tether.reliability.raw_output_signals import ABOUT_TOKENS
from tether.reliability.reply import LETTER, Reply
from tether.reliability.text_shape import SPACE

# A request that asks for questions, prompts or examples written: then lines in its own form,
# or labelled questions, are the answer.
_ASKS_QUESTIONS = re.compile(
    r"question|prompt|example|sample|variation|variant|similar|paraphras|rephras|reword|rewrite"
    r"|quiz|faq|q&a|interview|dialog|conversation|script|template|few.?shot|brainstorm|more like"
    r"|\u95ee\u9898|\u554f\u984c|\u8cea\u554f|\uc9c8\ubb38|\u4f8b|\uc608\uc2dc|\u5bf9\u8bdd"
    r"|\u4f1a\u8a71|\ub300\ud654",
    re.I,
)
# A request's opening: its first this many words (or characters, in a script written without
# spaces), the request this long at least (a greeting's "hi" opens too many lines).
OPENING_WORDS = 3
OPENING_CHARS = 6
REQUEST_LEAST = 16
# The reply's lines and sentences that open as the request does: this many at least besides
# the request said back whole, and this share of the reply.
MORE_PROMPTS = 2
PROMPTS_SHARE = 0.6
# (a unit's break opens on its space, what stands before it looked behind after: the
# lookbehind first was tried at every position, ~340 us on a 1,400-character answer's split
# against ~70; the same breaks)
_UNIT = re.compile(r"\s(?:(?<=[.?!\u3002\uff1f\uff01]\s)\s*|(?<=\n)\n*)")
# The head whose lines and sentences are read for their openings; a unit ends at a space (a
# head with none is one unit).
OPENINGS_READ = 4000


def _opening(question: str) -> str:
    """The request's opening (`OPENING_WORDS`), in the comparison form, or "" when too short."""
    words = question.split()
    if len(question) < REQUEST_LEAST or not words:
        return ""
    if len(words[0]) > 3 * OPENING_CHARS:  # (no spaces: Chinese, Japanese)
        return words[0][:OPENING_CHARS]
    if len(words) <= OPENING_WORDS:
        return ""
    return " ".join(words[:OPENING_WORDS])


def more_prompts(text: str, r: Reply) -> str | None:
    """The reply is more requests in the request's own form: `MORE_PROMPTS` lines or sentences
    at least (one after the request said back) open with the request's first words, and they
    are most of the reply (`PROMPTS_SHARE`). A base model writing the next questions of a list."""
    question = r.compared_question
    opening = _opening(question)
    if not opening or opening not in r.compared(text[:4000]):
        return None
    asked = " ".join(question.split())
    units = [" ".join(r.compared(u).split()) for u in _UNIT.split(text) if u.strip()]
    shaped = [u for u in units if u.startswith(opening)]
    ends = " .?!\u3002\uff1f"
    said_back = units[0].rstrip(ends) == asked.rstrip(ends)  # (then one more is the next one)
    more = sum(1 for u in shaped if u.rstrip(ends) != asked.rstrip(ends))
    if more < (1 if said_back else MORE_PROMPTS):
        return None
    if sum(map(len, shaped)) < PROMPTS_SHARE * sum(map(len, units)):
        return None
    if _ASKS_QUESTIONS.search(r.question) is not None:
        return None
    return opening[:40]


# A question's label opening a line, as few-shot lists and instruction formats write it, and
# a response's label after it: the user's side and the model's of a prompt's format.
_QUESTION_LABEL = re.compile(
    r"^[ \t]*(?:#{2,4}[ \t]*|\*\*)?(?:q|question|instruction|human|user|\u95ee|\u95ee\u9898"
    r"|\u554f\u984c|\u8cea\u554f|\uc9c8\ubb38)(?:\*\*)?[ \t]*[:\uff1a]",
    re.M | re.I,
)
_ANSWER_LABEL = re.compile(
    r"^[ \t]*(?:#{2,4}[ \t]*|\*\*)?(?:a|answer|response|assistant|\u7b54|\u7b54\u6848|\u56de\u7b54"
    r"|\u56de\u7b54|\u89e3\u7b54|\ub2f5\ubcc0?)(?:\*\*)?[ \t]*[:\uff1a]",
    re.M | re.I,
)
# Labelled questions the model wrote after its answer: this many at least.
MORE_QUESTIONS = 2


def more_questions(text: str, r: Reply) -> str | None:
    """After an answer of its own (letters, not an introduction ending on a colon), the model
    writes `MORE_QUESTIONS` labelled questions or more ("Q: ...", "### Instruction: ..."), an
    answer's label among them; or the reply opens with a format's question header and answers
    it, or says the request back and labels the next question: a base model continuing the
    few-shot list or the instruction format it was given."""
    if ":" not in text and "\uff1a" not in text:
        return None
    found = list(_QUESTION_LABEL.finditer(text))
    if not found:
        return None
    before = text[: found[0].start()].rstrip()
    asked = " ".join(r.compared_question.split())
    if len(asked) >= REQUEST_LEAST and " ".join(r.compared(before).split()).startswith(asked):
        pass  # (the request said back, then the next question: one is enough)
    elif _ANSWER_LABEL.search(text, found[0].end()) is None:
        return None
    elif before:
        if LETTER.search(before) is None or before.endswith((":", "\uff1a")) or "```" in text:
            return None
        if len(found) < MORE_QUESTIONS:
            return None
    elif not found[0].group(0).lstrip(" \t*").startswith("#"):
        return None  # (labelled pairs from the start: an FAQ's layout; a format's header is not)
    if ABOUT_TOKENS.search(text) is not None or _ASKS_QUESTIONS.search(r.question) is not None:
        return None
    return found[0].group(0).strip()[:20]


# The user's next turn ending the reply: a role's label on a line after the model's answer,
# then one short line or nothing (a chat template with no stop sequence, cut by the length
# limit or the client at the user's next turn), or the turn, an ellipsis and a line of the
# model's own asking for the next one ("USER: Great, thank you!\n...\n\nPlease provide the
# next question or action.").
_USER_LINE = re.compile(
    r"^[ \t]*(?:#{2,4}[ \t]*|\*\*)?(?:" + "|".join(USER_ROLES) + r")(?:\*\*)?[ \t]*[:\uff1a]",
    re.M | re.I,
)
USER_TURN_CHARS = 160
ANSWER_LEAST = 20


def user_turn_last(text: str, r: Reply) -> str | None:
    """The reply ends with the user's next turn: after an answer of its own (letters, not an
    introduction ending on a colon), a user's role label and two short lines at most. Not a
    dialogue asked for, nor a text about prompts and templates, nor one with code."""
    labels = list(_USER_LINE.finditer(text))
    if not labels or "```" in text:
        return None
    found = labels[-1]
    before = text[: found.start()].rstrip()
    after = text[found.end() :].strip()
    if len(before) < ANSWER_LEAST or LETTER.search(before) is None:
        return None
    lines = [line for line in after.splitlines() if line.strip(" \t.\u2026")]
    if before.endswith((":", "\uff1a")) or len(after) > USER_TURN_CHARS or len(lines) > 2:
        return None
    if ABOUT_TOKENS.search(text) is not None or _ASKS_QUESTIONS.search(r.question) is not None:
        return None
    return found.group(0).strip()[:20]


# The user's side of an instruction format ("Human:", Anthropic's and Vicuna's label), opening
# a line: a label templates write, not one a person's pasted log uses ("User:", "Me:").
_HUMAN_LINE = re.compile(r"^[ \t]*(?:#{2,4}[ \t]*|\*\*)?human(?:\*\*)?[ \t]*:", re.M | re.I)


def human_turn(text: str, r: Reply) -> str | None:
    """A line the reply opens with the format's "Human:" label, at its start or after its
    answer: the model wrote the user's turn ("Human: I'm sorry, I meant to ask about the
    lesion", "A\nHuman: Please provide the option letter") instead of, or after, its own. Not
    a dialogue asked for, nor a text about prompts and templates, nor one with code, nor a line
    introduced as an example (the text before it ends on a colon)."""
    found = _HUMAN_LINE.search(text) if "uman" in text or "UMAN" in text else None
    if found is None or "```" in text:
        return None
    if text[: found.start()].rstrip().endswith((":", "\uff1a")):
        return None
    if ABOUT_TOKENS.search(text) is not None or ASKS_DIALOGUE.search(r.question) is not None:
        return None
    return found.group(0).strip()[:20]


# The request's head said back as the whole reply: at least this long (a word or two is a
# demanded reply), and the request longer (the whole of it is `dialogue_signals.echo`).
HEAD_ECHO_CHARS = 24
_BOUNDARY = re.compile(r"[\s.,;:!?\u3001\u3002\uff0c\uff1a\uff1f\uff01]")


def head_echo(text: str, r: Reply) -> bool:
    """The reply is the request's first part, word for word in the comparison form, cut where a
    word or sentence ends: a base model that said the instruction back and stopped before the
    text it was given (its passage, its list) or before answering."""
    if len(text) > 2 * len(r.question):
        return False  # (before the text's comparison form: ~10 us on 1,400 characters)
    said = " ".join(r.compared(text).split())
    if len(said) < HEAD_ECHO_CHARS:
        return False
    asked = " ".join(r.compared_question.split())
    if len(asked) <= len(said) or not asked.startswith(said):
        return False
    return _BOUNDARY.match(asked, len(said)) is not None or _BOUNDARY.match(said[-1]) is not None


def _openings(text: str) -> list[str]:
    """The openings (`_opening`) of the text's lines and sentences, lower-cased: the head
    lowered once, each unit's words split once (`_opening` of a unit's words joined, a unit
    too short for one skipped on its length before it is split; ~2 us of ~5 on 1,400
    characters)."""
    out: list[str] = []
    for unit in _UNIT.split(text[:OPENINGS_READ].lower()):
        if len(unit) < REQUEST_LEAST:
            continue  # (its words joined are no longer)
        words = unit.split()
        if not words:
            continue
        if len(words[0]) > 3 * OPENING_CHARS:  # (no spaces: Chinese, Japanese)
            out.append(words[0][:OPENING_CHARS])
        elif len(words) > OPENING_WORDS and sum(map(len, words)) + len(words) > REQUEST_LEAST:
            out.append(" ".join(words[:OPENING_WORDS]))
    return out


def may_continue(text: str) -> bool:
    """Whether `text` may continue the prompt: a question's label on a line, or lines and
    sentences that open alike (the request said back, then more in its form). Asked of replies
    up to `LONG_CHARS` only (`may_be_degenerate`): reading every opening costs a 2 KB answer
    ~90 us, four times the quick clear's whole budget."""
    head = text[:6000]
    # (a label ends on a colon: a text without one is not searched, where the multiline `^` was
    # tried at every position, ~3 us on a middle-length answer)
    if (":" in head or "\uff1a" in head) and _QUESTION_LABEL.search(head) is not None:
        return True
    if SPACE.search(text, 0, OPENINGS_READ) is None:
        return False  # (one unit, no two openings: Chinese or Japanese without a line break)
    openings = _openings(text)
    return len(openings) > len(set(openings)) + MORE_PROMPTS - 1


# A reply that opens on a comma, a semicolon or a sentence's stop goes on from the prompt's last
# word (", there stood a wizard" after "Once upon a time", ".\n\nSystem: I'm a good programmer"):
# a base model completing the text, or a stream's tail. No answer opens on one ("..." and
# ".NET" are no stop).
_GOES_ON = re.compile(r"[,;]\s|\.(?:\s|$)")
# ... and prose after it: two words on its first line, none of code's brackets or assignments
# (a fill-in-the-middle completion may open on ", b):").
_TWO_WORDS = re.compile(r"[A-Za-z]+[ \t]+[A-Za-z]+")
_CODE_SIGNS = frozenset("(){}[]=<>")


def goes_on(text: str) -> bool:
    """Whether `text` (stripped) opens on the punctuation that continues a sentence, prose
    after it: the prompt continued, not answered."""
    if text[:1] not in (",", ";", ".") or _GOES_ON.match(text) is None:
        return False
    first = next((line for line in text[1:].splitlines() if line.strip()), "")
    return _TWO_WORDS.search(first) is not None and _CODE_SIGNS.isdisjoint(first)
