"""What a short reply is made of, when it is a bot's stand-in for the reply it could not
make: the stock parts of a canned notice, its speaker's own state, the turn handed back, not
knowing. Each is a `Reply` reading (`Reply.stock_parts` ...), computed here."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

from tether.reliability.function_words import addressee_owns
from tether.reliability.request_readings import STOP, asks_a_question, greeting
from tether.reliability.terms import Terms
from tether.reliability.text_shape import display_size
from tether.reliability.words import CJK, HAN

if TYPE_CHECKING:
    from tether.reliability.reply import Reply

# A reply that is only its speaker not knowing (`Reply.not_knowing`) is at most this long, with
# at most this many Han or hangul characters around the words (a name: "麦麦不知道哦").
NOT_KNOWING_CHARS = 60
NOT_KNOWING_NAME = 3
# Pronouns and particles around a CJK phrase, no word of what it is about.
_CJK_PARTICLES = frozenset("你我您他她它哦呢啊吧呀啦嘛哈嗯喔噢了的并也就都还很真是")
_LONG_WORD = re.compile(r"[^\W\d_]{4,}")
# A canned notice (`Reply.stock_parts`) is at most this long (`display_size`) ...
STOCK_CHARS = 200
# ... and made of these vocabulary classes (as these parts) and the lexicon's `stock` parts.
STOCK_FROM = {
    "apology": "apology",
    "retry_advice": "again",
    "no_reply": "no_reply",
    "overload": "trouble",
    "unavailable": "trouble",
}
# What makes a short text specific to a task: a number, code, markup, a path, a file or a
# dotted name (`parse.py`, `os.path`), an identifier; not a slash between words ("anh/chị").
SPECIFIC_MARK = re.compile(r"[\d`{}<>=_|\\]|(?<!\w)/\w|\w\.\w")
# A wait said in a notice ("in 5 minutes", "10 seconds", "1 小时后", "5 phút") is no specific
# of a task.
DURATION = re.compile(
    r"\d+\s*(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|segundos?|minutos?|horas?|secondes?"
    r"|heures?|sekunden|minuten|stunden?|secondi|minuti|ore|секунд\w*|минут\w*|час\w*|dakika"
    r"|saniye|saat|menit|detik|jam|phút|giây|giờ|minut\w*|sekund\w*"
    r"|秒|分钟|分鐘|分|小时|小時|時間|초|분|시간)(?![a-z])",
    re.I,
)
# An emoticon or a kaomoji a persona signs its line with ("=(((", ">_<", "(>ω<)", "(*/ω*)"),
# its brackets (ASCII or full-width) and signs are a face, no markup or code of a task. A
# bracket with a Latin letter or a digit of any script inside is no face ("(1)", "(a|b)",
# "(１時間に６０回)"), nor one around a word of another script, two letters in a row ("(메시지
# 없음\)", "(`流异常中断`)"): a face's letters stand alone among its signs ("ω" in "(>ω<)").
EMOTICON = re.compile(
    r"[(\uff08](?![^)\uff09\n]{0,11}?(?:\d|[^\W\d_]{2}))"
    r"[^A-Za-z0-9()\uff08\uff09\n]{1,12}[)\uff09]"
    r"|(?<!\w)(?:[>^=T;xXoOuU-][_.\u03c9][<^=T;xXoOuU-]|[=:;]-?[()\[\]DPp/\\|<>]+|<3|\^\^)(?!\w)"
)


# A resolution promised, not told: "I'll be back online shortly", "will be back up soon" (a
# bot's stand-in while its model is down), where "is back online" tells a person's fix.
_PROMISED = re.compile(r"(?:'ll|\u2019ll|\bwill|\bshall)\s+be\s+$", re.I)


def says_resolved(terms: Terms, message: str) -> bool:
    """Whether `message` holds one of the resolved `terms` ("back online", "fixed") that is not
    a promise of one ("I'll be back online shortly")."""
    for m in terms.finditer(message):
        if _PROMISED.search(message[max(0, m.start() - 12) : m.start()]) is None:
            return True
    return False


@lru_cache(maxsize=512)
def specific(message: str) -> bool:
    """Whether a short text holds something specific to a task (`SPECIFIC_MARK`) once the
    waits it names and the faces it is signed with (`EMOTICON`) are gone: "Réessaie dans 5
    minutes", "我还不够聪明 =(((" name no part of a task. (Cached: the persona readings ask it
    of the same short line a dozen times a verdict.)"""
    if SPECIFIC_MARK.search(message) is None:
        return False
    return SPECIFIC_MARK.search(EMOTICON.sub(" ", DURATION.sub(" ", message))) is not None


def stock_parts(reply: Reply) -> dict[str, str]:
    """The stock parts of a canned notice this reply is made of (part -> the words found),
    or {} when it is not one: a notice says it is sorry, cannot, is in trouble, asks to
    come back (`STOCK_FROM`, the lexicon's `stock`), in a short text with nothing specific
    to the task (no number, code, name or word of the question). Two parts or more."""
    if reply.html or reply.structure is not None:
        return {}
    message = reply.message.strip()
    if display_size(message) > STOCK_CHARS or specific(message):
        return {}
    parts: dict[str, str] = {}
    for name, _, _, term in reply.hits:
        part = STOCK_FROM.get(name)
        if part is not None:
            parts.setdefault(part, term)
    for part, terms in reply.lexicon.stock:
        if part not in parts:
            m = terms.search(message)
            if m is not None and (part != "resolved" or says_resolved(terms, message)):
                parts[part] = m.group(0).strip()
    if len(parts) < 2 or "resolved" in parts:
        return {}  # ("the server is restored, please retry": a person's reply)
    if reply.of_the_task(message):
        return {}  # a word of the task: a reply to it, however short
    return parts


def own_state(reply: Reply) -> str | None:
    """The words in which a short reply speaks of its speaker's own mind out of order or
    with nothing to say ("my brain is buffering", "I have nothing to say", "I need a
    break"; the lexicon's `stock` part `self`), with nothing specific to the task and not a
    word of it: a bot's in-character stand-in for the reply it could not make."""
    if reply.html or reply.structure is not None:
        return None
    message = reply.message.strip()
    if display_size(message) > STOCK_CHARS or specific(message):
        return None
    terms = dict(reply.lexicon.stock)
    if reply.renders_given_text:
        return None
    found = terms["self"].search(message) if "self" in terms else None
    if found is not None and addressee_owns(message, found.start()):
        found = None  # ("你满脑子都是...": the listener's head, not the bot's)
    said = found.group(0).strip() if found is not None else None
    if said is None and reply.plain_task:  # asked why the bot is silent, the nap is news
        said = reply.lexicon.machinery_down(message)
    if said is None or ("resolved" in terms and says_resolved(terms["resolved"], message)):
        return None
    if reply.of_the_task(message):
        return None
    return said


def hand_back(reply: Reply) -> str | None:
    """The words in which a short reply hands the turn back to the user instead of
    answering ("ask me again", "下次再告诉你", "напиши ещё раз": the lexicon's
    `handing_back`), with nothing specific to the task and no word of it outside them: a
    chat bot's stand-in for the reply it could not make."""
    if reply.html or reply.structure is not None:
        return None
    message = reply.message.strip()
    if display_size(message) > STOCK_CHARS or specific(message):
        return None
    spans = reply.lexicon.hands_back(message)
    if not spans or (reply.question and greeting(reply.question)) or reply.renders_given_text:
        return None  # ("How can I help you?" to "hi" is the reply)
    terms = dict(reply.lexicon.stock)
    if "resolved" in terms and says_resolved(terms["resolved"], message):
        return None  # ("it works again, ask me if anything breaks": a person's reply)
    rest, end = [], 0
    for start, stop in sorted(spans):
        rest.append(message[end:start])
        end = stop
    rest.append(message[end:])
    if reply.of_the_task(" ".join(rest)):
        return None  # a word of the task ("write the test again"): a reply to it
    return message[min(a for a, _ in spans) : max(b for _, b in spans)]


def not_knowing(reply: Reply) -> str | None:
    """The words in which a tiny reply is only its speaker not knowing or not wanting to
    talk ("Weiß ich nicht!", "不知道哦"; the lexicon's `not_knowing`), with no more around
    them than a name, an apology or an interjection, to a request that is not a question
    ("I don't know" answers one)."""
    if reply.html or reply.structure is not None:
        return None
    message = reply.message.strip()
    if display_size(message) > NOT_KNOWING_CHARS or SPECIFIC_MARK.search(message):
        return None
    m = reply.lexicon.not_knowing.search(message)
    if m is None or (reply.question and asks_a_question(reply.question)):
        return None
    rest = message[: m.start()] + " " + message[m.end() :]
    for name, start, stop, _ in reply.hits:  # an apology's words ("sorry, I don't know")
        if name == "apology":
            rest = rest.replace(message[start:stop], " ")
    words = [w for w in _LONG_WORD.findall(CJK.sub(" ", rest)) if w not in STOP]
    names = sum(1 for c in HAN.findall(rest) if c not in _CJK_PARTICLES)
    if words or names > NOT_KNOWING_NAME:
        return None  # it says more: what it does not know, why ("no idea what happened")
    return m.group(0)
