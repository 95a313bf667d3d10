"""A reply that is, whole, the model's disclaimer of the medium the request carries.

A vision app, a chart reader or a photo describer exists to read what the request carries. A
reply that says the model cannot see, view or analyze it ("I'm sorry, I can't analyze images",
"I cannot answer the question because I do not see any image") and then only apologizes,
offers help with something else or asks for the input again did nothing of the task: the
image went unread, and the app shows a disclaimer where the answer should be. The medium may
as well be a document, a page, a file or a link a summarizer or an extractor was given ("I'm
sorry, but I can't transcribe this document.", "I can't open URLs. I don't have browsing
capabilities. Could you paste the article text?").

An answer may say as much and then do the part it can ("I can't see any red bicycles in the
image, but I can see two buses"): every clause but the disclaimer, the apology and the offer
is the task's own matter, and clears the reply. A question about the model's faculties ("can
you see images?") is answered by the disclaimer; a system prompt that forbids the medium set it
up. The words are data of `judge_signals.json` (`capability_disclaimer`).

A reply may also open so ("The image appears to have failed to load, so I cannot provide
details.", "Unfortunately, I'm not able to view images directly, but here's a hypothetical
description: ...") and then go on: what follows was written without the image, a guess or a
general talk, not the description asked (`medium_unseen`). Only a disclaimer of the medium
itself is read there (the image not seen, not there, blank), not of a thing in it: "I can't
see any red bicycles in the image" looked at it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from tether.reliability.keyed import KeyGated
from tether.reliability.lexicon import SHIPPED, Lexicon, alternation
from tether.reliability.once import kept
from tether.reliability.refusal_grammar import APOLOGY, CANNOT, CANNOT_ZH, ROLE_LEAKED, regexes
from tether.reliability.reply import Reply, Signal

_DATA: Mapping[str, Any] = SHIPPED.get("capability_disclaimer", {})

# A disclaimer is a short reply: a sentence or two of it, an apology, an offer.
DISCLAIMER_CHARS = 600
# What opens a clause before its own words: an apology, a connective, "As an AI model, ", a
# chat template's role name leaked before the reply ("assistant\n\nI'm sorry, ...").
_LEAD = re.compile(
    rf"^(?:{APOLOGY}|unfortunately|however|but|so|and|hmm|oh|well|{ROLE_LEAKED}"
    r"|(?:as|i'm|i am) (?:just |only )?an? (?:ai|artificial|large|text|language|responsible)"
    r"[^,.]{0,40})(?:[,:;]\s*|\s+(?=i\b)|\s*$)"
    r"|^(?:to|in order to) [^,.]{1,60},\s*"  # a purpose: "To get the weather, check ..."
)
# Clauses: sentences, and the parts a "but" or a "however" joins (the rest of a sentence after
# them may be the task's own matter: "I can't see the number, but the bus is red").
# (a line's end closes a clause too: "... here's a hypothetical description:" before a list)
_CLAUSE = re.compile(r"[^.!?\n;]+(?:[.!?]+|$)|[.!?;]+", re.MULTILINE)
# An abbreviation's dots ("e.g.", "etc.") end no sentence: "(e.g., a photograph, etc.), I may
# be able to ..." is one offer, not three clauses.
_ABBREVIATION = re.compile(r"\b(?:e\.g|i\.e|etc|vs|cf)\.")
_JOIN = re.compile(r",\s*(?=but\b|however\b|so\b|and therefore\b|therefore\b)|\s+(?=but\s+i\b)")


_CANNOT = re.compile(rf"^(?:(?:as|since|because) )?(?:{alternation(_DATA.get('cannot', ()))})\b")
# A quotation in a clause (the question said again) is no clause of the reply's own.
QUOTED = re.compile(r'"[^"\n]{0,200}"|\u201c[^\u201d\n]{0,200}\u201d')
# (tried only where one of its words' first letters are, `KeyGated`: most replies name no medium,
# and the pattern, a `\b` before each word, is tried at every position, ~12 us on 300 chars)
_MEDIUM = KeyGated(rf"\b(?:{alternation(_DATA.get('medium', ()))})\b")
_ABSENT = re.compile(regexes(_DATA.get("absent", ())))
_OFFER = re.compile(regexes([*_DATA.get("offer", ()), *_DATA.get("reason", ())]))
# Chinese: the disclaimer anywhere in its sentence, which is one clause; offers and reasons
_CANNOT_ZH = re.compile(alternation(_DATA.get("cannot_zh", ())))
_MEDIUM_ZH = re.compile(alternation(_DATA.get("medium_zh", ())))
_OFFER_ZH = re.compile(regexes([*_DATA.get("offer_zh", ()), *_DATA.get("reason", ())]))
_SENTENCE_ZH = re.compile(r"[^\u3002\uff01\uff1f!?\n]+")
_LEAD_ZH = re.compile(
    r"^(?:(?:很|非常|十分)?抱歉|对不起|對不起|不好意思|但是?|不过|不過|您好|你好)[\uff0c,\s]*"
)
_ASKS = re.compile(regexes(_DATA.get("asks", ())))
# A request that foresees the disclaimer ("if the video is invalid, tell me you cannot answer"):
# then it is the answer asked for.
FORESEES = re.compile(
    rf"\b(?:{CANNOT}|don't know|do not know)\b|{'|'.join(CANNOT_ZH)}|\u4e0d\u77e5\u9053"  # 不知道
)
_FORBIDS = re.compile(r"\b(?:do not|don't|never|refuse|decline|not allowed|must not|cannot)\b")


def clauses(low: str) -> list[str]:
    """The reply's clauses, their leads (an apology, a connective) taken off; a clause of no
    letter or digit (an emoji after the offer: "... like me to describe! 😊") is none."""
    out: list[str] = []
    unquoted = QUOTED.sub("it", low)
    if "." in unquoted:
        unquoted = _ABBREVIATION.sub(lambda m: m.group(0).replace(".", ""), unquoted)
    for sentence in _CLAUSE.findall(unquoted):
        for part in _JOIN.split(sentence):
            clause = part.lstrip("\t\"'*-#>\u26a0\ufe0f\u274c\U0001f6ab ").rstrip()
            while True:
                m = _LEAD.match(clause)
                if m is None or not m.group(0):
                    break
                clause = clause[m.end() :].lstrip()
            if any(ch.isalnum() for ch in clause):  # (a smiley alone is no clause)
                out.append(clause)
    return out


def disclaims(clause: str) -> bool:
    """The speaker says it cannot perceive the medium, or says the medium is not there."""
    if _CANNOT.match(clause) is not None and _MEDIUM.search(clause) is not None:
        return True
    return _ABSENT.search(clause) is not None


def offers(clause: str) -> bool:
    """The clause offers other help, asks for the input again or says what the model is."""
    return _OFFER.search(clause) is not None


def disclaimer(low: str) -> str | None:
    """The disclaimer clause when `low` (a short reply, lower-cased, one apostrophe) is made of
    disclaimers of the medium, apologies and offers only, else None."""
    parts: Sequence[str] = clauses(low)
    said = None
    for clause in parts:
        if disclaims(clause):
            said = said or clause
        elif not offers(clause):
            return None  # the task's own matter: it did the part it could
    return said


def offers_zh(sentence: str) -> bool:
    """`offers` of a Chinese sentence: other help offered, or a reason given."""
    return _OFFER_ZH.search(sentence) is not None


def sentences_zh(text: str) -> Iterator[str]:
    """A Chinese reply's sentences, each without its lead (an apology, a "but")."""
    for sentence in _SENTENCE_ZH.findall(text):
        sentence = _LEAD_ZH.sub("", sentence.strip())
        if sentence.strip("\uff0c,.\u3001 "):
            yield sentence


def disclaimer_zh(text: str) -> str | None:
    """`disclaimer` of a Chinese reply: each sentence a disclaimer ("我不能看图片"), an
    offer or a reason ("我的功能目前仅支持文本分析"), else None."""
    said = None
    for sentence in sentences_zh(text):
        if _CANNOT_ZH.search(sentence) is not None and _MEDIUM_ZH.search(sentence) is not None:
            said = said or sentence
        elif not offers_zh(sentence):
            return None
    return said


# The speaker cannot perceive the medium itself, its verb's object ("I can't see the image",
# "I'm unable to view images", "I cannot directly view images provided ..."); not a thing in it.
_VISUAL = (
    r"(?:image|picture|photo|photograph|screenshot|figure|chart|diagram|graph|video"
    r"|attachment|scan)s?"
)
_PERCEIVE = r"(?:see|view|access|open|load|read|process|analy[sz]e|perceive|look at|interpret)"
_NOT_PERCEIVED = re.compile(
    r"^i(?: can't| cannot| can not|'m unable to| am unable to|'m not able to| am not able to"
    r"| don't have the ability to| do not have the ability to| don't| do not| couldn't"
    r"| could not| was unable to| wasn't able to|'m not capable of| am not capable of)"
    rf" (?:directly |actually |currently |really )?{_PERCEIVE}(?: or {_PERCEIVE})?"
    rf" (?:(?:the|this|that|your|any|an?|attached|uploaded|provided|shared) )*{_VISUAL}\b"
)
# The disclaimer opens the reply: its first clauses (an opening sentence may describe the
# frame first: "The image is a collage ... Unfortunately, I'm not able to view images").
OPENING_CLAUSES = 2
# A reply read for it: a screen or two (the opening is read in its first few hundred chars).
UNSEEN_CHARS = 1500
_OPENING_CHARS = 600
# An answer given all the same, on its own line at the end ("I'm unable to see the image, but
# the description suggests ... tundra.\n\nAnswer: I"): the question was in the text too.
_ANSWER_LINE = re.compile(r"(?m)^\W{0,3}(?:final |correct )?answer\s*[:\uff1a]\s*\S")
_CLOSING_CHARS = 200


def answers_after_all(low: str) -> bool:
    """Whether a reply (lower-cased) ends on an answer line of its own ("Answer: A"): whatever
    it disclaimed first, it answered."""
    return _ANSWER_LINE.search(low[-_CLOSING_CHARS:]) is not None


# What the opening disclaims (`_VISUAL`, and what `absent` says blank): named in it, or no read.
_SEEN_MEDIUM = re.compile(
    r"\b(?:image|picture|photo|screenshot|figure|chart|diagram|graph|video|attachment|scan"
    r"|document|page)"
)


def unseen_opening(low: str) -> str | None:
    """The clause in which a reply (lower-cased, one apostrophe) opens by saying the model did
    not perceive the medium itself, or that it is not there or blank (`absent`), else None."""
    for clause in clauses(low[:_OPENING_CHARS])[:OPENING_CLAUSES]:
        if _NOT_PERCEIVED.match(clause) is not None or _ABSENT.search(clause) is not None:
            return clause
    return None


def _names_medium(low: str) -> bool:
    if low.isascii():
        return _MEDIUM.search(low) is not None
    return _MEDIUM.search(low) is not None or _MEDIUM_ZH.search(low) is not None


# Words one of which every disclaimer holds (its "can't", "unable", "no image", "blank", "please
# provide the image"): a reply of none of them that names a file or a link is not read for it.
_DISCLAIMER_KEYS = (
    "n't", "n\u2019t", "not", "no ", "unable", "lack", "only", "text-based", "blank", "empty",
    "failed", "provide", "upload", "share", "send", "attach",
)  # fmt: skip


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """A short reply that names a medium and holds a disclaimer's word may be its disclaimer, a
    longer one that names it in its opening may open with one: not cleared unread."""
    if len(text) > UNSEEN_CHARS or (low.isascii() and not any(k in low for k in _DISCLAIMER_KEYS)):
        return False
    return _names_medium(low if len(text) <= DISCLAIMER_CHARS else low[:_OPENING_CHARS])


def medium_disclaimer(r: Reply) -> str | None:
    """The clause in which a short reply, whole, disclaims the medium its request carries
    (`disclaimer`), or None: not to a question about the model's faculties, nor where the
    request foresees it or a system prompt set it up (read once: `names_refused` asks too)."""
    if len(r.text) > DISCLAIMER_CHARS or not _names_medium(r.low):
        return None
    return _medium_disclaimer(r)


def expected(r: Reply) -> bool:
    """Whether the request makes a disclaimer its answer: a tool's result to account for, a
    question about the model's faculties ("can you see images?"), a request that foresees it
    ("if you cannot tell, say so"), a system prompt that forbids the medium."""
    if r.after_tools or _ASKS.search(r.question) is not None:
        return True
    if FORESEES.search(r.instructions) is not None:
        return True
    system = r.system.lower()
    return bool(system) and _names_medium(system) and _FORBIDS.search(system) is not None


@kept
def _medium_disclaimer(r: Reply) -> str | None:
    if expected(r):
        return None
    low = r.low.replace("\u2019", "'")
    said = disclaimer(low) if _MEDIUM_ZH.search(low) is None else disclaimer_zh(low)
    return said if said is not None and r.written else None


def disclaims_medium(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply that only says the model cannot see the image (or the figure, the video)
    it was given, apologizes and offers other help: the task went undone
    (`medium_disclaimer`)."""
    said = medium_disclaimer(r)
    return () if said is None else (Signal("disclaims_medium", w["disclaims_medium"], said[:60]),)


# The work done from the same content given another way: "I can't open the attachment, but the
# text you pasted names three findings: ...".
_GIVEN_OTHERWISE = re.compile(
    r"\b(?:text|content|report|document|copy) you(?:'ve| have)? "
    r"(?:pasted|provided|shared|included)|\byou(?:'ve| have)? pasted\b"
)


def medium_unseen(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A reply that opens by saying the model did not see the image it was given (or that it
    is not there, or blank), whatever it writes after: a guess or a general talk in place of
    the description (`unseen_opening`); also a whole reply of it, which `disclaims_medium`
    reads too (a long one's prose outweighs that alone: "I'm happy to help, but I don't see an
    image. You mentioned ..."). Not where the request makes the disclaimer its answer
    (`expected`), nor where it ends on its answer all the same ("Answer: I"), nor where it works
    from the same content the user gave another way ("but the text you pasted names ...")."""
    head = r.low[:_OPENING_CHARS]
    if len(r.text) > UNSEEN_CHARS or _SEEN_MEDIUM.search(head) is None:
        return ()  # (cheap first: most replies name no picture nor page in their opening)
    said = unseen_opening(head.replace("\u2019", "'"))
    if said is None or answers_after_all(r.low) or expected(r) or not r.written:
        return ()
    if _GIVEN_OTHERWISE.search(r.low.replace("\u2019", "'")) is not None:
        return ()
    return (Signal("medium_unseen", w["medium_unseen"], said[:60]),)
