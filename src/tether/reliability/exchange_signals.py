"""A stock line that answers nothing: an assistant's, a voice skill's or a bot's canned line
about the exchange itself, said in place of the answer.

When a skill's intent matcher finds nothing, a bot's model fails or an app has no handler for
what was asked, it says one of a few lines that fit every request: it did not follow ("I'm not
sure what you mean", "Sorry, I didn't catch that"), it cannot do that here ("That's not
something I can do", "This skill doesn't support that", "这个我还不会"), it has nothing to say
("I don't have an answer for that", "I couldn't find anything"), or it asks for the request
again ("Could you say that again?", "Please try asking differently"). Such a line carries no
failure word, so the vocabulary misses it; what tells it is what it is made of: a short line,
nothing specific (a template's slot at most), no word of the request, and little else but
those words and the words every such line is built from ("sorry", "that", "yet", "question").

The request tells it from an answer. A reply that names the request's subject ("I couldn't
find any flights from Oslo on Friday") tells the outcome of what was asked. A request that asks
whether the assistant can do something ("can you book a table?") is answered by "I can't do
that". A greeting is answered by anything. To a question, "I don't have an answer for that"
may be an honest "I don't know", so the line that has nothing to say is read only after a
task. A model that did not follow a task names what it did not follow, and a clarifying
question names options: both carry words of their own and are left. The words are data
(`judge_signals.json`: `exchange_line`), in the languages these assistants speak; the
persona's and the support widget's readings of the same fallback (`not_understood`,
`bot_fallback`) are not counted twice.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.lexicon import SHIPPED, Lexicon, shipped_terms, typographic
from tether.reliability.persona_signals import not_understanding
from tether.reliability.reply import (
    STOP,
    Reply,
    Signal,
    asks_a_question,
    display_size,
    greeting,
    specific,
)
from tether.reliability.slot_signals import SLOT
from tether.reliability.support_signals import fallback_words
from tether.reliability.terms import AnyTerms
from tether.reliability.words import CJK, content_words, overlap_words

NOT_FOLLOWING = shipped_terms("exchange_line", "not_following")
CANNOT_HERE = shipped_terms("exchange_line", "cannot_here")
NOTHING_HERE = shipped_terms("exchange_line", "nothing_here")
AGAIN = shipped_terms("exchange_line", "again")
# Every kind of a stock line's words about the exchange (what `speaks_of_exchange` looks for),
# searched as one (`AnyTerms`: in a text that is not ASCII, their wide terms at once; a search
# per kind cost ~3-4.5 us on a short reply in Chinese)
_EXCHANGE_KINDS = AnyTerms((NOT_FOLLOWING, CANNOT_HERE, NOTHING_HERE, AGAIN))
ASKS_ABILITY = shipped_terms("exchange_line", "asks_ability")
GENERIC = frozenset(
    t.lower() for t in typographic(SHIPPED.get("exchange_line", {}).get("generic", ()))
)

# A stock line is one to three short sentences.
LINE_CHARS = 160
# Beside its words, a line says at most this many other words of four letters or more
# ("Hmm, I'm afraid that's not something I can do yet" says none, "Vamos tentar mais uma
# vez?" two); more says something.
AROUND_WORDS = 5
# ... or, in CJK text, this many other Han or hangul letters beside its particles
AROUND_HAN = 6
_PARTICLES = frozenset(
    "抱歉对不起對好意思我你您的这這个個哦呢啊吧呀啦嘛哈嗯喔噢了也就都还還很真是暂暫时時目前问題题请請试試一下再次"
)
# A line that goes on past its stock words with a turn of its own ("I think this is outside my
# scope, but the retry flag should help"): a writer who adds what they can offer.
_GOES_ON = re.compile(
    r"\b(?:but|however|though|aber|jedoch|mais|pero|sin embargo|ma|per\u00f2|mas|maar"
    r"|ale|ama|tapi|nh\u01b0ng)\b|(?<!\w)(?:\u043d\u043e|\u043e\u0434\u043d\u0430\u043a\u043e)(?!\w)"
    r"|\u4f46|\u4e0d\u8fc7|\u4e0d\u904e|\u3067\u3082|\u3057\u304b\u3057|\ud558\uc9c0\ub9cc"
)
# A template's slot (`slot_signals.SLOT`: "{query}", "%s", "{{name}}"), with the quotes
# around it: the line's own gap, nothing of a task.
_SLOT = re.compile("[\"'\u201c\u00ab\u300c]?(?:" + SLOT.pattern + ")[\"'\u201d\u00bb\u300d]?")
_WORD = re.compile(r"[^\W\d_]{4,}")
# Korean and Japanese write a word's grammar in syllables: a line's particles and polite
# endings ("해당 기능은 ...아요", "...ない機能です") say nothing of their own. Korean is read as
# the words between its spaces (two syllables or more, with their particles), counted with the
# words of spaced scripts; hiragana (Japanese endings and particles) is not counted, kanji and
# katakana are, as Han is.
_HANGUL_WORD = re.compile(r"[\uac00-\ud7af]{2,}")
_NOT_COUNTED = re.compile("[\u3040-\u309f\uac00-\ud7af" + "".join(sorted(_PARTICLES)) + "]+")
# A line that quotes (a stock line mentioned, not said: "It means 'I didn't understand'") or
# offers options or names what it did not follow ("... do you mean X or Y?", "what you mean by
# X") is a person's reply, however short.
_NAMES = re.compile(
    "[\"\u201c\u201d\u00ab\u00bb\u300c\u300d\u300e\u300f]|(?<!\\w)'|'(?!\\w)"
    r"|\b(?:or|oder|ou|или|ya da|atau|lub|veya)\b|还是|還是|それとも|아니면|\bby\b"
)


def _message(r: Reply) -> str | None:
    """The message (stripped, its slots blanked), when it is a short written line with
    nothing specific in it."""
    if len(r.message) > 2 * LINE_CHARS or not r.written or r.html or r.renders_given_text:
        return None
    message = r.message.strip()
    if _may_hold_slot(message):
        message = _SLOT.sub(" ", message)
    if not message or display_size(message) > LINE_CHARS or specific(message):
        return None
    return message


def _templated(r: Reply) -> bool:
    """Whether the line holds a template's slot: a program's canned line, whatever it says."""
    return _may_hold_slot(r.message) and _SLOT.search(r.message) is not None


def _may_hold_slot(text: str) -> bool:
    """Whether `text` may hold a slot: each holds "{", "%" or "$" (`_SLOT` tried at every
    position of a short line cost ~40 us)."""
    return "{" in text or "%" in text or "$" in text


def _around(low: str, spans: list[tuple[int, int]]) -> tuple[int, int]:
    """The words of `low` outside `spans` that no stock line is made of: (words of four
    letters or more of spaced scripts and Korean words, Han and katakana letters but
    particles)."""
    rest, end = [], 0
    for start, stop in sorted(spans):
        rest.append(low[end:start])
        end = max(end, stop)
    rest.append(low[end:])
    text = " ".join(rest)
    words = {w for w in _WORD.findall(text) if CJK.search(w) is None}
    words -= STOP | GENERIC
    words |= set(_HANGUL_WORD.findall(text))
    han = sum(1 for c in _NOT_COUNTED.sub("", text) if CJK.search(c) is not None)
    return len(words), han


def _said(low: str, plain_task: bool) -> tuple[str, list[tuple[int, int]]] | None:
    """The first of the line's words and where all of them are: the kinds read after any
    request; the line with nothing to say only after a task (or in a template)."""
    kinds = [NOT_FOLLOWING, CANNOT_HERE, AGAIN]
    if plain_task:
        kinds.append(NOTHING_HERE)
    found = [m for terms in kinds for m in terms.finditer(low)]
    if not found:
        return None
    found.sort(key=lambda m: m.start())
    return found[0].group(0).strip(), [m.span() for m in found]


# A short request that asks or bids something: two words of its own ("play some jazz", "set a
# timer"; a voice skill's sample utterance), or a question ("que dia es hoy?").
SHORT_REQUEST_WORDS = 2


def _short_request(q: str) -> bool:
    """Whether a request too short to hold a task still asks something (a question, or two
    words of four letters or more but stop words): a voice skill's utterance, not a
    greeting ("hi", "hello there")."""
    low = q.lower()
    return asks_a_question(low) or len(content_words(low) - STOP - GENERIC) >= SHORT_REQUEST_WORDS


def exchange_words(r: Reply) -> str | None:
    """The words of a short line that only speaks of the exchange (it did not follow, cannot
    do that here, has nothing to say, asks for the request again), with nothing specific and no
    word of the request, to a request that is no greeting and does not ask whether the
    assistant can do something."""
    message = _message(r)
    if message is None or r.after_tools:
        return None
    low = message.lower()
    if _NAMES.search(low) is not None:
        return None
    q = r.question.strip()
    if q and greeting(q) and not _short_request(q):
        return None  # ("hi" is answered by anything)
    plain_task = not q or r.plain_task or _templated(r)
    said = _said(low, plain_task)
    if said is None:
        return None
    if _GOES_ON.search(low, max(end for _, end in said[1])) is not None:
        return None
    words, han = _around(low, said[1])
    if words > AROUND_WORDS or han > AROUND_HAN:
        return None
    if q:
        ql = q.lower()
        if ASKS_ABILITY.search(ql) is not None:
            return None  # "can you ...?" is answered by "I can't"
        asked = overlap_words(r.compared_question.strip()) - STOP
        if (overlap_words(r.compared(low)) - STOP) & asked:
            return None  # a word of the request: the line is about it
    if not_understanding(r) is not None or fallback_words(r) is not None:
        return None  # (read by the persona's or the support widget's signal)
    return said[0]


def speaks_of_exchange(low: str) -> bool:
    """Whether a text (lower case) holds a stock line's words about the exchange: did not
    follow, cannot do that here, found nothing, say it again."""
    return _EXCHANGE_KINDS.found(low)


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """A short reply may be a stock line about the exchange: not cleared unread."""
    return len(text) <= 2 * LINE_CHARS and speaks_of_exchange(low)


def answers_nothing(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short line that only says the assistant did not follow, cannot do that here, has
    nothing to say or wants the request again, nothing specific and no word of the request
    ("That's not something I can do", "这个我还不会, 换个问题试试吧"): a skill's or a bot's stock
    fallback in place of the answer (`exchange_words`)."""
    said = exchange_words(r)
    return () if said is None else (Signal("answers_nothing", w["answers_nothing"], said),)
