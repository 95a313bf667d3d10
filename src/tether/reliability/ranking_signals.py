"""A ranker's or grader's reply that gives no ranking, no choice and no verdict.

A reranker, an LLM council's peer reviewer or a grader is asked for its output in a set form:
a list under "FINAL RANKING:", a JSON `{"ranked_ids": [...]}`, a grade. A program reads that
form and nothing else, so a reply counts only when the form holds a ranking: the heading
with nothing under it ("Great analysis above.\\n\\nFINAL RANKING:\\n\\n"), a list that ranks
one entry twice ("1. Response A\\n2. Response A"), `"ranked_ids": "a"` (a string where the
order was asked) or a short reply that says it cannot decide ("I don't know how to rank
these.") or holds no verdict ("No clear verdict here.") gave the program nothing to read.

A ranking given in any other form, with reasons before or after it, is left alone here: what
reads a ranking's entries against the request's candidates is the request's business.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

from tether.reliability.error_objects import fence_body
from tether.reliability.lexicon import SHIPPED, field_alternation
from tether.reliability.reply import Reply, Signal
from tether.reliability.reply_json import json_of
from tether.reliability.request_readings import asks_a_question

# The words of a ranker's reply (`ranking` in judge_signals.json).
_DATA: Mapping[str, Any] = SHIPPED.get("ranking", {})

# A ranking's heading on its own line: "FINAL RANKING:", "**Ranking:**", "## Final ranking:".
_HEAD = re.compile(
    rf"^[ \t*#]*(?:{field_alternation(_DATA, 'ranking_heads')})[ \t*]*:[ \t*]*$",
    re.IGNORECASE | re.MULTILINE,
)
# An entry of a numbered list: "1. Response A", "2) C" (its number, then the rest of its line).
_ENTRY = re.compile(r"[ \t]*(\d{1,2})[.)][ \t]*(\S[^\n]*)")
# Where an entry's name ends: its reasons after a dash, a colon, a bracket or a comma.
_NAME_END = re.compile(r"[ \t][-\u2013\u2014][ \t]|[:(,]")
# A short reply's words that it cannot rank, rate or decide ("I can't decide", "I cannot
# determine the relevance order") or holds no verdict ("no clear grade here", "not JSON").
_UNDECIDED = re.compile(
    r"\bi (?:can(?:no|')t|can not|am unable to|do(?:n't| not) know how to|could(?:n't| not)) "
    rf"(?:(?:{field_alternation(_DATA, 'decide_verbs')})\b|determine (?:the |a |an |which )?"
    rf"(?P<decided>{field_alternation(_DATA, 'decided_things')})\b)"
    rf"|\bno (?P<missing>{field_alternation(_DATA, 'missing_outputs')})"
    r"(?: (?:here|given|was given|found))?[ \t.!]*$"
    r"|^(?:this is )?not(?: valid)?[ -](?P<json>json)(?: at all)?[ \t.!]*$",
    re.IGNORECASE,
)
# Words after "I can't decide" that make the choice after all ("..., so DEEP", "but B wins",
# "Final: A"), or signs that make it ("A = B").
_CHOICE_TURN = re.compile(
    rf"\b(?:{field_alternation(_DATA, 'choice_turns')})\b"
    rf"|{field_alternation(_DATA, 'choice_marks')}",
    re.IGNORECASE,
)
# A request that asks to rank, rate, grade, choose or label (its words' beginnings).
_ASKS_DECISION = re.compile(rf"\b(?:{field_alternation(_DATA, 'decision_requests')})")
# A request that asks for a ranking.
_ASKS_RANKING = re.compile(rf"\b(?:{field_alternation(_DATA, 'ranking_requests')})")
_YES_NO_OPENS = frozenset(_DATA.get("yes_no_opens", ()))
_ORDER_KEYS = frozenset(_DATA.get("order_keys", ()))
_ORDER_MARKS = tuple(_DATA.get("order_marks", ()))
_NOTHING_RANKED = frozenset(_DATA.get("nothing_ranked", ()))
# A reply this short is all of its output: its words are about the output it gives.
UNDECIDED_CHARS = 80
# A JSON reply read whole for its ranking (a longer one is a document, not a ranker's reply).
RANKING_JSON_CHARS = 2000


def _listed_twice(entries: list[str]) -> str | None:
    """The entry a ranking lists twice, or None (a ranking orders each candidate once)."""
    seen: set[str] = set()
    for entry in entries:
        if entry in seen:
            return entry
        seen.add(entry)
    return None


def _entry_name(entry: str) -> str:
    """What an entry ranks: its words before its reasons, without emphasis ("**Response A** -
    strongest" ranks "response a", as "Response A" does)."""
    cut = _NAME_END.search(entry)
    name = (entry if cut is None else entry[: cut.start()]).strip(" \t*_")
    return (name or entry.strip(" \t*_")).lower()


def _sub_heading(line: str) -> bool:
    """Whether a line heads a part of its own ("**By clarity**", "## Style", "Runners-up:")."""
    bare = line.strip()
    return (
        bare.startswith("#")
        or bare.endswith(":")
        or (bare.startswith("**") and bare.rstrip(":").endswith("**"))
    )


def _first_list(rest: str) -> list[str]:
    """The names of the first numbered list's entries, up to what ends it: a sub-heading, a
    line of prose after a blank line, or a list numbered from 1 again (a ranking per
    criterion ranks each candidate once in each list)."""
    names: list[str] = []
    gap = False
    for line in rest.split("\n"):
        entry = _ENTRY.match(line)
        if entry is not None:
            if names and entry.group(1) == "1":
                break
            names.append(_entry_name(entry.group(2)))
            gap = False
        elif not line.strip():
            gap = True
        elif names and (_sub_heading(line) or (gap and not line[:1].isspace())):
            break
    return names


def _heading_unranked(text: str) -> str | None:
    """What is wrong under the last ranking heading: nothing under it, or an entry ranked twice
    (None when the heading heads a ranking, or there is none)."""
    heads = list(_HEAD.finditer(text))
    if not heads:
        return None
    rest = text[heads[-1].end() :]
    if rest.strip(" \t\n*_").lower().rstrip(".") in _NOTHING_RANKED | {""}:
        return "a ranking's heading with nothing ranked under it"
    twice = _listed_twice(_first_list(rest))
    return None if twice is None else f"{twice[:30]!r} ranked twice"


def _json_unranked(value: object) -> str | None:
    """What is wrong with a JSON reply's ranking field (`order_keys`: "ranked_ids",
    "ranking"): nothing in it, a string that writes no order, or a list that ranks one id
    twice (a number is a rank, not a ranking; numbers listed twice are ranks that tie)."""
    if not isinstance(value, dict):
        return None
    for key, field in value.items():
        if str(key).lower() not in _ORDER_KEYS:
            continue
        if field is None or field == []:
            return f"{key!r} is {json.dumps(field)}, no order"
        if isinstance(field, str) and not any(mark in field for mark in _ORDER_MARKS):
            return f"{key!r} is {field!r}, not an order"
        if isinstance(field, list) and all(isinstance(x, str) for x in field):
            twice = _listed_twice(field)
            if twice is not None:
                return f"{key!r} ranks {twice[:30]!r} twice"
    return None


# A score that is no number: "score": NaN, "rank": Infinity (JavaScript's, not JSON's).
_NO_NUMBER = re.compile(
    r'"[^"\n]{0,20}(?:score|rank|rating)[^"\n]{0,20}"\s*:\s*-?(?:NaN|Infinity)\b'
)
# The keys a scored record names its passage by, in the order a scorer's schema names them.
_ID_KEYS = tuple(_DATA.get("id_keys", ()))


def _scores_unread(text: str, value: object) -> str | None:
    """What is wrong with a JSON array of scored passages: a score that is no number, or one
    passage scored twice (a reranker scores each candidate once)."""
    if ("NaN" in text or "Infinity" in text) and (found := _NO_NUMBER.search(text)) is not None:
        return f"{found.group(0)[:40]} is no number"
    if not isinstance(value, list) or len(value) < 2:
        return None
    if not all(isinstance(x, dict) and "score" in x for x in value):
        return None
    key = next((k for k in _ID_KEYS if all(k in x for x in value)), None)
    if key is None:
        return None
    twice = _listed_twice([json.dumps(x[key]) for x in value])
    return None if twice is None else f"{key} {twice[:30]} scored twice"


def _asked(r: Reply, asks: re.Pattern[str]) -> bool:
    """Whether the reply may be read as the output `asks` reads: the request asks for it, or
    asks no question (a question asked of a text, "Does this log contain any JSON?", is
    answered by "No JSON here.")."""
    return not asks_a_question(r.question) or asks.search(r.instructions) is not None


def _asks_whether(question: str, thing: str) -> bool:
    """Whether the request's last question is a yes/no one that names `thing` ("Does this log
    contain any JSON?"): "No JSON here." answers it."""
    end = question.rfind("?")
    if end < 0:
        return False
    start = max(question.rfind(stop, 0, end) for stop in ".!?\n") + 1
    asked = question[start:end].split()
    return bool(asked) and asked[0] in _YES_NO_OPENS and thing.split()[-1] in asked[1:]


def ranking_missing(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A ranker's reply whose ranking is missing: its heading with nothing under it, an entry
    ranked twice, a JSON ranking field that holds no order (not read to a question that asks no
    ranking), or
    scores that are no numbers or score one passage twice."""
    if "rank" not in r.low and "score" not in r.low:
        return ()
    text = r.text.strip()
    if text.startswith("```"):
        text = fence_body(text) or text
    if len(text) > RANKING_JSON_CHARS or text[:1] not in "{[":
        found = _heading_unranked(text) if "rank" in r.low else None
    elif text.startswith("{"):
        found = _json_unranked(json_of(r, text)) if _asked(r, _ASKS_RANKING) else None
    else:
        found = _scores_unread(text, json_of(r, text))
    if found is None:
        return ()
    return (Signal("ranking_missing", w["ranking_missing"], found),)


def undecided(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply that says it cannot rank, rate, grade, choose or label (and makes no
    choice after it), or that it holds no verdict, grade or ranking: the choice that was its
    output is not in it. Not read to a question that asks no choice ("Who won the match?"),
    nor as the answer to one whether the thing is there ("Does this log contain any JSON?")."""
    text = r.text.strip()
    if len(text) > UNDECIDED_CHARS or "\n" in text or r.after_tools:
        return ()
    m = _UNDECIDED.search(text)
    if m is None or _CHOICE_TURN.search(text, m.end()) is not None:
        return ()
    if not _asked(r, _ASKS_DECISION):
        return ()
    thing = m.group("decided") or m.group("missing") or m.group("json")
    if thing and _asks_whether(r.question, thing.lower()):
        return ()
    return (Signal("undecided", w["undecided"], m.group(0)[:60]),)
