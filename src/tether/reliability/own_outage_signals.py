"""A service saying, in its own voice, that it is out of service; and a service saying it got
a bad response from the one behind it.

`own_outage`: the bot, the chatbot, the assistant, the AI, the neural net, the service or the
server said to be down, offline, unavailable, out of order, overloaded, asleep or resting, in a
short line of its own ("O chatbot está fora do ar no momento.", "Нейросеть опять уснула",
"Der Assistent ist gerade überlastet."): a chat bot's, an app's or a widget's notice put where
the model's answer should be, in any of the languages such apps speak.

`bad_response`: an invalid, unexpected, malformed or empty response said received from the
server, the API or upstream ("Gautas netinkamas atsakymas iš serverio.", "Ungültige Antwort
vom Server erhalten."): a client's notice that what came back was not an answer.

What tells each from its lookalikes is the line and the request: a person in a thread says the
bot is down FOR THEM, or that it WAS down and is back (`witness`); an explanation says why a
server returns an invalid response (explaining words, a longer text); a status text answers a
question about the outage, in the question's own words; a story's character falls asleep in a
line that names no service. So both are read only in a short line with nothing specific, no
explaining word, no witness, no question, and no content word of the request. The words are
data (`judge_signals.json`: `own_outage`), in every language they were written in.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache

from tether.reliability.fix_signals import mended_at
from tether.reliability.lexicon import (
    CLAUSE_BREAKS,
    SHIPPED,
    Lexicon,
    near_pair,
    shipped_terms,
    typographic,
)
from tether.reliability.persona_signals import RESOLVED, short_line
from tether.reliability.reply import HIT_WINDOW, Reply, Signal, says_resolved
from tether.reliability.source_signals import names_source
from tether.reliability.terms import Terms

# the service itself: its own list, and every part of its machinery (`own_machinery`)
_SECTION = SHIPPED.get("own_outage", {})
ITS = Terms(
    t.lower()
    for t in (*_SECTION.get("its", ()), *SHIPPED.get("own_machinery", {}).get("parts", ()))
)
# out of service: its own list, and the machinery's troubles and bad days (`own_machinery`);
# its `re:` entries are regexes, for a word put inside the phrase ("ei ole praegu saadaval",
# "δεν είναι προσωρινά διαθέσιμο": not available NOW, TEMPORARILY)
_DOWN_TERMS = [
    t
    for key, section in (("down", _SECTION), ("trouble", None), ("bad_day", None))
    for t in (section or SHIPPED.get("own_machinery", {})).get(key, ())
]
DOWN = Terms(
    (t.lower() for t in _DOWN_TERMS if not t.startswith("re:")),
    [t[3:] for t in _DOWN_TERMS if t.startswith("re:")],
)
BAD = shipped_terms("own_outage", "bad")
RESPONSE = shipped_terms("own_outage", "response")
FROM = shipped_terms("own_outage", "from")


def _whole_words(field: str) -> re.Pattern[str]:
    """The words of `own_outage`'s list `field` as one pattern, each a whole word (Unicode
    word edges: "si" is not in "fordítási", "ja" not in "jä"), save the words of scripts
    written without spaces (Chinese, Japanese, Thai), found anywhere."""
    words = sorted({t.lower() for t in typographic(_SECTION.get(field, ()))}, key=len, reverse=True)
    spaced = [re.escape(t) for t in words if not _UNSPACED.search(t)]
    unspaced = [re.escape(t) for t in words if _UNSPACED.search(t)]
    parts = [rf"(?<!\w)(?:{'|'.join(spaced)})(?!\w)"] if spaced else []
    if unspaced:
        parts.append("|".join(unspaced))
    return re.compile("|".join(parts) or "(?!)")


_UNSPACED = re.compile("[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff]")
# a person who met the outage or was there, who speaks as "I"; a case or a plan
WITNESS = _whole_words("witness")
CONDITION = _whole_words("condition")
# quoted words are another's (an explanation quoting "The model is overloaded"); a list or bold
# type is a writer's layout, not a notice's line
_QUOTES = frozenset('"\u201c\u201d\u00ab\u00bb\u300c\u300d\u300e\u300f`')
_LAYOUT = ("**", "\n- ", "\n* ", "\n1. ")
WITHIN = int(_SECTION.get("within", 30))
# a bad adjective and its response stand this close ("respuesta no válida", "무효한 응답")
BAD_WITHIN = 16
# the whole notice: a line or two (`display_size`); a message longer than this, stage
# directions and all, is none (the cheap test first)
OUTAGE_CHARS = 160
MESSAGE_CHARS = 2 * OUTAGE_CHARS + 80


@lru_cache(maxsize=64)
def _says_failure(question: str, lexicon: Lexicon) -> bool:
    """Whether the request holds a failure word (kept: every attempt reads the same one)."""
    return bool(lexicon.hits(question, HIT_WINDOW))


def _explains(word: str) -> bool:
    """Whether an explaining word explains: not the service or the server the notice itself
    names ("the server", an explaining word of a person's reply, is its subject here)."""
    return ITS.search(word) is None and FROM.search(word) is None


def _own_line(r: Reply) -> str | None:
    """The reply, lower-cased, when it is a short line of its own: nothing specific, no
    explaining word, no question, no quote or layout, no witness, no condition, no word of
    the request, not a trouble over (nor one told in the past: "the bot was down"), to a
    request that says no failure, not a report that names its source."""
    message = short_line(r, OUTAGE_CHARS)
    if message is None or any(_explains(word) for word in r.explaining_words):
        return None
    low = message.lower()
    if low.rstrip(" .!\u3002\uff01").endswith(("?", "\uff1f")):
        return None  # a person asking whether it is down
    if any(c in _QUOTES for c in low) or any(m in "\n" + low for m in _LAYOUT):
        return None
    if WITNESS.search(low) is not None or CONDITION.search(low) is not None:
        return None  # a person who met it, or was there; a case or a plan ("if it is down")
    if names_source(message):
        return None  # a report with its source ("according to Reuters, X was down")
    if r.of_the_task(message):
        return None
    if r.question and _says_failure(r.question, r.lexicon):
        return None  # the request reports a failure, or asks of one: a line about it answers
    if says_resolved(RESOLVED, message) or mended_at(low) is not None:
        return None
    return low


def own_outage(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short line in which the service says that it (the bot, the AI, the neural net, the
    assistant, the server) is down, asleep, offline, unavailable or overloaded: a bot's or an
    app's own outage notice, said in its own voice where the answer should be."""
    if not r.message or len(r.message) > MESSAGE_CHARS:
        return ()
    low = r.message.lower()
    if ITS.search(low) is None or DOWN.search(low) is None:  # (the shorter list first)
        return ()
    line = _own_line(r)
    if line is None:
        return ()
    found = near_pair(line, ITS, DOWN, WITHIN, CLAUSE_BREAKS)
    if found is None:
        return ()
    (a, b), (c, d) = found
    return (Signal("own_outage", w["own_outage"], line[min(a, c) : max(b, d)]),)


def bad_response(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short line that says an invalid, unexpected or malformed response came back from the
    server, the API or upstream: a client's notice that what it received was no answer."""
    if not r.message or len(r.message) > MESSAGE_CHARS:
        return ()
    low = r.message.lower()
    if BAD.search(low) is None or FROM.search(low) is None:
        return ()
    line = _own_line(r)
    if line is None:
        return ()
    found = near_pair(line, BAD, RESPONSE, BAD_WITHIN, CLAUSE_BREAKS)
    if found is None:
        return ()
    (a, b), (c, d) = found
    return (Signal("bad_response", w["bad_response"], line[min(a, c) : max(b, d)]),)
