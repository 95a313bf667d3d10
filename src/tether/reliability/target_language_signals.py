"""The signal of a reply that questions the language it was asked to translate into
(`target_questioned`).

A pipeline asks a model to translate a document into a language by its code ("mo", "tl",
"sr-ME"), chunk by chunk, and writes every reply into the file. When the model does not know
the code, its reply is a question back where the rendering should be ("I'm sorry, but I can't
translate into "mo" as it is not a recognized language code. Please specify the language."), or
the source left as it was and such a note after it ("(Note: "mo" is not a recognized language
code. Could you please clarify which language "mo" refers to?)"). The committed artifact holds
talk about the target where its text should be.

Read where the reply quotes the target and says it is unknown or asks what it means (the words
are data: `judge_signals.json`, `target_questioned`, `{code}` standing for the quoted target),
asks the requester back (clarify, specify, let me know), speaks of a language (`keys`:
"language", "语言") and names the transform ("translat"); the whole reply short, or its last
line after a body. ("Could you clarify what "mo" refers to?" alone, with no word for a language,
is not read.) Left alone: a request that
asks a question itself and no transform ("What is the language code "mo"?": the reply answers
it), and one that holds such a line (its rendering says it too). A question back about which
language, to a request that named none, says no target and is `transform_meta`'s to weigh.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from tether.reliability.lexicon import SHIPPED, Lexicon
from tether.reliability.reply import Reply, Signal
from tether.reliability.transform_signals import may_name_transform, transform_asked

_DATA: Mapping[str, Any] = SHIPPED.get("target_questioned", {})
# A target quoted: a code or a name of a few letters, in quotes ("mo", "mo," 'tl', «mo»).
_CODE = r"(?:[\"\u201c'\u300c][\w-]{1,16}[,.]?[\"\u201d'\u300d]|\u00ab\s?[\w-]{1,16}[,.]?\s?\u00bb)"


def _pattern(key: str) -> re.Pattern[str]:
    """One alternation of a list by language of `_DATA[key]`, `{code}` the quoted target."""
    parts = [str(p).replace("{code}", _CODE) for ps in _DATA.get(key, {}).values() for p in ps]
    return re.compile("|".join(parts) or "(?!)", re.IGNORECASE)


# The target quoted and said unknown, or asked about ("is not a recognized language code",
# "clarify what "mo" refers to", "If by "mo" you meant a specific language").
_QUESTIONED = _pattern("questioned")
# The requester asked back: to clarify, to specify, to let the model know (not a bare question
# mark: an answer may end on one, "Use "ro-MD" instead?").
_ASKS_BACK = _pattern("asks_back")
# The words one of which every such reply holds, lowered ("language", "语言": the precheck,
# literals, not a regex).
KEYS = tuple(str(k) for k in _DATA.get("keys", ()))
# The whole reply is short ...
WHOLE_CHARS = 400
# ... or the line that questions the target is one of its last two, after a body this long.
END_LINES = 2
LINE_CHARS = 400
BODY_CHARS = 200


def _ends_on_key(text: str, low: str) -> bool:
    """Whether the reply's end (`low` lowered, or "") holds the key word: a literal test."""
    end = (low or text[-LINE_CHARS:].lower())[-LINE_CHARS:]
    return any(k in end for k in KEYS)


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """Whether the reply's end may speak of a target language (not cleared unread)."""
    return _ends_on_key(text, low) and may_name_transform(low or text.lower())


def _questions(part: str) -> str | None:
    """The words in which `part` quotes the target and questions it, asking back, or None."""
    m = _QUESTIONED.search(part)
    if m is None or _ASKS_BACK.search(part) is None:
        return None
    return m.group(0)


def questioned_target(text: str, low: str, question: str, system: str = "") -> str | None:
    """The words in which a reply questions the language it was to translate into, in place of
    the translation (the whole reply, or its last line after the source left as it was), or
    None."""
    if not _ends_on_key(text, low) or not may_name_transform(low):
        return None
    if question:
        if _QUESTIONED.search(question[:4000]) is not None:
            return None  # (the text given says such a line itself)
        if "?" in question[:1000] and not transform_asked(question, system):
            return None  # (a question of its own: the reply may answer it)
    if "`" in text:
        return None  # (code or config named: an answer about a language setting)
    if len(text) <= WHOLE_CHARS:
        return _questions(text)
    lines = [line.strip() for line in text[-2 * LINE_CHARS :].splitlines() if line.strip()]
    for back in range(1, min(END_LINES, len(lines)) + 1):
        line = lines[-back]
        if len(line) > LINE_CHARS or not any(k in line.lower() for k in KEYS):
            continue
        words = _questions(line)
        if words is None:
            continue
        if len(text) - len(line) < BODY_CHARS:
            return None  # (no body before it: a line alone)
        return words
    return None


def target_questioned(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply quotes the language it was to translate into and asks what it is, in place of
    the translation: a pipeline's call answered with a question back."""
    found = questioned_target(r.text, r.low, r.raw_question, r.system)
    if found is None:
        return ()
    return (Signal("target_questioned", w["target_questioned"], found[:60]),)
