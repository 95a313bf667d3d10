"""A reply that stops inside a clause: the stream or the token limit cut it, and the client
passed on what came as if the turn had ended ("Hello! How can I", "... the actual number is
likely to be complex and variable, and", "Which of the following is a function of the").

An English sentence cannot end on an article, a possessive or a conjunction: what comes after
it was never written. A writer's line that ends without its stop still ends on a word that can
close it (a name, a noun, a preposition: "for" in "what I'm looking for", "of" in "what it is
made of"). Nothing in the words says a failure, so the prose before the cut outweighs every
other signal; this reading outweighs it back: whatever the partial answer said, it is no
answer. A text with a writer's markup (a code span, a link, a heading) is left alone: a person
wrote it, and a quote or an excerpt may cut it anywhere.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.lexicon import Lexicon
from tether.reliability.reply import Reply, Signal

# Words no English sentence ends on: what they open (a noun, a clause, an object) is missing.
_OPENING = frozenset(("the", "a", "an", "my", "your", "our", "their", "and", "or", "but"))
_OPENING |= frozenset(("because", "whose", "whether", "i"))
# ("of" is left out: a preposition may close a sentence, "what it is made of".)
# Words that tell an English tail from another language's, whose short words ("a", "i")
# end sentences ("Đợi đến ngày hôm sau và thử lại", "dejó de funcionar ... a").
_ENGLISH = frozenset(
    ("the", "a", "an", "is", "are", "was", "were", "of", "to", "in", "and", "that", "it", "for")
) | frozenset(("on", "with", "as", "be", "this", "you", "i", "how", "can", "so", "my", "we"))
# "better than I", "as well as I": "I" closes a comparison.
_CLOSES_AFTER_I = frozenset(("than", "as"))
# A writer's markup (a code span, a link, a heading): a text a person wrote, which a collector
# or a quote may have cut anywhere; a model cut by its token limit writes on in plain prose.
_WRITER_MARKUP = re.compile(r"`|https?://|^#+ ", re.M)
_WORD = re.compile(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)?")
# The tail read: the last line's last words, where the cut is.
TAIL_CHARS = 200
_MIN_WORDS = 3


def ends_on_opening(text: str) -> bool:
    """Whether a text ends on a letter and its last word is one no sentence ends on (a cheap
    test: the last dozen characters)."""
    if not text or not text[-1].isalpha():
        return False
    cut = text.rfind(" ", max(0, len(text) - 12))
    return cut >= 0 and text[cut + 1 :].lower() in _OPENING


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """Whether the reply may stop inside a clause (so that it is not cleared unread)."""
    return ends_on_opening(text)


def cut_word(text: str) -> str | None:
    """The word a reply stops on inside an English clause, or None: its last line ends on an
    opening word (`_OPENING`) after a word or a comma (not "Answer: I", an option's letter,
    nor "-a", a flag), in lower case but "I", and the tail reads as English."""
    if not ends_on_opening(text) or _WRITER_MARKUP.search(text) is not None:
        return None
    last = text[text.rfind("\n") + 1 :].strip()
    words: list[str] = _WORD.findall(last[-TAIL_CHARS:])
    if len(words) < _MIN_WORDS:
        return None
    word = words[-1]
    before = last[: -len(word)].rstrip()
    if not last.endswith(" " + word) or not (before[-1:].isalpha() or before.endswith(",")):
        return None
    if word != word.lower() and word != "I":
        return None
    if word == "I" and words[-2].lower() in _CLOSES_AFTER_I:
        return None
    tail = [w.lower() for w in _WORD.findall(text[-TAIL_CHARS:])]
    if sum(w in _ENGLISH for w in tail) < min(3, len(tail) // 2):
        return None
    return word


def ends_mid_clause(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A reply that stops inside a clause, on a word no sentence ends on ("... How can I"):
    the rest was cut off, and what came is no answer, whatever its prose."""
    word = cut_word(r.text)
    if word is None:
        return ()
    return (Signal("ends_mid_clause", w["ends_mid_clause"], r.text[-40:].strip()),)
