"""A ranker's or grader's reply that gives no ranking, no choice and no verdict.

A reranker, an LLM council's peer reviewer or a grader is asked for its output in a set form:
a list under "FINAL RANKING:", a JSON `{"ranked_ids": [...]}`, a grade. A program reads that
form and nothing else, so a reply counts only when the form holds a ranking: the heading
with nothing under it ("Great analysis above.\\n\\nFINAL RANKING:\\n\\n"), a list that ranks
one entry twice ("1. Response A\\n2. Response A"), `"ranked_ids": "a"` (a string where the
order was asked) or a short reply that says it cannot decide ("I don't know how to rank
these.") or holds no verdict ("No clear verdict here.") gave the program nothing to read.

A router told "respond with ONLY one word: FAST, BALANCED, or DEEP" that answers with none of
the labels ("123456789") chose no route (label_not_offered); a scorer told "Output JSON format
with passage_id and score." whose JSON holds one of those fields nowhere, or a score as a word
("high") on a numbered scale, gave no score (fields_missing). A reply that is only an id array
left open ("[1, 2, 3") or elided ("[1, 2, ...]") gave no whole ranking (ids_unfinished).

An entry that names a candidate's kind without its label ("2. Response" beside "Response A"
and "Response C") ranks no candidate; a JSON object with every field empty (`{"bad": []}`) to a
request to rank ranked nothing; a reply with no number to a request that ends on a score's
label ("Query: ...\nPassage: ...\nScore:") gave no score (score_missing). A ranking heading
over a whole list of labelled candidates is the ranker's output (ranking_given, answer side).

A ranking given in any other form, with reasons before or after it, is left alone here: what
reads a ranking's entries against the request's candidates is the request's business.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

from tether.reliability.error_objects import fence_body
from tether.reliability.lexicon import SHIPPED, field_alternation, listed_group, shipped_terms
from tether.reliability.question_signals import offered_labels
from tether.reliability.reply import QUESTION_CHARS, Reply, Signal
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


# The kinds of candidate a ranking names with a label ("Response C", "Passage 2").
_CANDIDATE_KINDS = frozenset(_DATA.get("candidate_kinds", ()))


def _label_left_out(names: list[str]) -> str | None:
    """The entry that names a candidate's kind without its label ("2. Response" where the
    others rank "Response A" and "Response C"), or None: it ranks no candidate."""
    for name in names:
        if name in _CANDIDATE_KINDS and any(n.startswith(name + " ") for n in names):
            return name
    return None


def _heading_unranked(text: str) -> str | None:
    """What is wrong under the last ranking heading: nothing under it, an entry ranked twice,
    or an entry without its candidate's label (None when the heading heads a ranking, or there
    is none)."""
    heads = list(_HEAD.finditer(text))
    if not heads:
        return None
    rest = text[heads[-1].end() :]
    if rest.strip(" \t\n*_").lower().rstrip(".") in _NOTHING_RANKED | {""}:
        return "a ranking's heading with nothing ranked under it"
    names = _first_list(rest)
    twice = _listed_twice(names)
    if twice is not None:
        return f"{twice[:30]!r} ranked twice"
    bare = _label_left_out(names)
    return None if bare is None else f"{bare!r} ranked without its label"


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


# A request that asks to rank, in so many words ("rank them", "Return ranked ids.").
_ASKS_TO_RANK = re.compile(rf"\b(?:{field_alternation(_DATA, 'rank_requests')})")
# The values of a JSON field that hold nothing.
_EMPTY_VALUES: tuple[object, ...] = (None, "", [], {})


def _nothing_in_object(r: Reply) -> str | None:
    """A JSON object whose every field is empty (`{"bad": []}`), to a request to rank: no
    candidate is in it, so nothing was ranked."""
    text = r.text.strip()
    if text.startswith("```"):
        text = fence_body(text) or text
    if not text.startswith("{") or len(text) > RANKING_JSON_CHARS:
        return None
    if _ASKS_TO_RANK.search(r.instructions) is None:
        return None
    value = json_of(r, text)
    if not isinstance(value, dict) or not value:
        return None
    if all(field in _EMPTY_VALUES for field in value.values()):
        return "a JSON object with nothing in it ranked"
    return None


def ranking_missing(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A ranker's reply whose ranking is missing: its heading with nothing under it, an entry
    ranked twice or without its label, a JSON ranking field that holds no order (not read to a
    question that asks no ranking), a JSON object with every field empty to a request to rank,
    or scores that are no numbers or score one passage twice."""
    if "rank" not in r.low and "score" not in r.low:
        if "{" not in r.text or (empty := _nothing_in_object(r)) is None:
            return ()
        return (Signal("ranking_missing", w["ranking_missing"], empty),)
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


# The request's words that demand one label and nothing else ("respond with ONLY one word:",
# "answer with a single label", "reply with just one of") (`one_label_demands` of
# `ranking_demands` in judge_signals.json).
_DEMANDS: Mapping[str, Any] = SHIPPED.get("ranking_demands", {})
_ONE_LABEL = shipped_terms("ranking_demands", "one_label_demands")
# A condition the demand's sentence opens on ("If you don't know, respond with one of these
# phrases: ..."): a fallback for some replies, not the form of every reply.
_CONDITION = re.compile(r"\b(?:if|when|unless|otherwise|in case)\b")


def _demands_one_label(text: str) -> bool:
    """Whether a request's text demands one label and nothing else, not under a condition."""
    low = text[:QUESTION_CHARS].lower()
    for m in _ONE_LABEL.finditer(low):
        start = max(low.rfind(stop, 0, m.start()) for stop in ".!?\n") + 1
        if _CONDITION.search(low, start, m.start()) is None:
            return True
    return False


# A router's or classifier's reply this short is its label alone, or a line in its place.
LABEL_REPLY_CHARS = 60


def label_not_offered(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short one-line reply to a request that demands one of the labels it lists ("respond
    with ONLY one word: FAST, BALANCED, or DEEP") which names none of them ("123456789", "Let
    me think about this carefully..."): a router or classifier reads the label and nothing
    else, so no route was chosen. A reply that names a label, even among other words ("I think
    FAST would be best"), is left alone."""
    text = r.text.strip()
    if not text or len(text) > LABEL_REPLY_CHARS or "\n" in text or r.after_tools:
        return ()
    if not _demands_one_label(r.system) and not _demands_one_label(r.raw_question):
        return ()
    labels = [label for label, _ in offered_labels(r.system, r.raw_question)]
    if len(labels) < 2:
        return ()
    low = text.lower()
    if any(re.search(rf"(?<!\w){re.escape(label)}(?!\w)", low) for label in labels):
        return ()
    offered = ", ".join(labels[:4])
    return (Signal("label_not_offered", w["label_not_offered"], f"none of {offered}"),)


# A request's demand of JSON with named fields: "Output JSON format with passage_id and
# score.", "as JSON with keys years_established and team_size", "a JSON object with a
# 'reason' key". Read as written (lower-cased, `_` kept), up to a sentence's end.
_FIELD = r"[\"'`]?[a-z_][a-z0-9_]{0,40}[\"'`]?"
_JSON_CONTAINER = listed_group(SHIPPED.get("fields_demanded", {}), "containers")
_FIELD_NOUN = listed_group(SHIPPED.get("fields_demanded", {}), "field_nouns")
_FIELDS_DEMANDED = re.compile(
    rf"\bjson(?: {_JSON_CONTAINER})?,? with (?:an? |the )?"
    rf"(?P<cue>{_FIELD_NOUN} )?"
    rf"(?P<names>{_FIELD}(?:(?:, ?| and |, and ){_FIELD}){{0,8}})"
    rf"(?P<tail> {_FIELD_NOUN})?[ \t]*(?:[.;\n]|$)"
)
_FIELD_SPLIT = re.compile(r", and |, ?| and ")
# A numbered scale the request sets for a score: "(0-3)", "from 1 to 10".
_SCALE = re.compile(r"\b\d{1,3} ?(?:-|\u2013|to) ?\d{1,3}\b")


def _demanded_fields(system: str, question: str) -> tuple[str, ...]:
    """The fields the request names for its JSON, when it names them surely: quoted, with an
    underscore, two or more of them, or called keys or fields ("with title" alone may be a
    word of prose)."""
    for text in (system[:QUESTION_CHARS].lower(), question[:QUESTION_CHARS].lower()):
        if "json" not in text or " with " not in text:
            continue
        for m in _FIELDS_DEMANDED.finditer(text):
            names = [n for n in _FIELD_SPLIT.split(m.group("names")) if n]
            sure = (
                len(names) >= 2
                or m.group("cue") is not None
                or m.group("tail") is not None
                or any("_" in n or n[:1] in "\"'`" for n in names)
            )
            if sure:
                return tuple(n.strip("\"'`") for n in names)
    return ()


def _keys_of(value: object, into: set[str]) -> set[str]:
    """Every key of a JSON value at any depth, lower-cased without `_` and `-`, and each of
    its words ("score_reason" and "emailAddress" hold "reason" and "email")."""
    if isinstance(value, dict):
        for key, field in value.items():
            into.add(_bare_key(str(key)))
            into.update(w.lower() for w in _KEY_WORD.findall(str(key)))
            _keys_of(field, into)
    elif isinstance(value, list):
        for item in value:
            _keys_of(item, into)
    return into


# A word of a key: its parts between `_` or `-`, and camelCase's ("fullName": "full", "Name").
_KEY_WORD = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")


def _worded_score(value: object, score_fields: frozenset[str]) -> str | None:
    """A demanded score field given as a word where a number was asked ("score": "high"), or
    None ("8/10" and "2" are numbers written; "score_reason" is another field)."""
    items = value if isinstance(value, list) else [value]
    for item in items:
        if not isinstance(item, dict):
            continue
        for key, field in item.items():
            if _bare_key(str(key)) not in score_fields or not isinstance(field, str):
                continue
            if not any(c.isdigit() for c in field):
                return f"{key!r} is {field[:20]!r}, no number"
    return None


def _bare_key(key: str) -> str:
    """A key lower-cased without `_` and `-` ("passage_id" and "passageId" are one field)."""
    return key.lower().replace("_", "").replace("-", "")


def fields_missing(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A JSON reply to a request that names the fields of its JSON ("Output JSON format with
    passage_id and score.") that holds one of them nowhere (`{"key": "value"}`, `[{"score":
    2}]`, `["not a dict"]`), or a score as a word where the request set a numbered scale: the
    program reads those fields and finds none. An empty reply value is left to the readings of
    empty output; a field found at any depth, or spelt with another case or without `_`, is
    there."""
    text = r.text.strip()
    if text.startswith("```"):
        text = fence_body(text) or text
    if len(text) > RANKING_JSON_CHARS or text[:1] not in "{[" or not r.question:
        return ()
    fields = _demanded_fields(r.system, r.raw_question)
    if not fields:
        return ()
    value = json_of(r, text)
    if not isinstance(value, (dict, list)) or not value:
        return ()
    keys = _keys_of(value, set())
    missing = [f for f in fields if _bare_key(f) not in keys]
    if missing:
        found = f"no {', '.join(missing[:3])} in the JSON"
        return (Signal("fields_missing", w["fields_missing"], found),)
    score_fields = frozenset(_bare_key(f) for f in fields if "score" in f)
    if score_fields and _SCALE.search(r.question):
        worded = _worded_score(value, score_fields)
        if worded is not None:
            return (Signal("fields_missing", w["fields_missing"], worded),)
    return ()


# A whole reply that is an array of ids or numbers left open ("[1, 2, 3", "[\n  3,\n  1,") or
# elided ("[1, 2, ...]", "[3, 1, 2, ..."): a ranker's or filter's index list the program cannot
# parse, or reads short.
_IDS_UNFINISHED = re.compile(
    r"\[\s*(?:\d{1,4}|\"[\w-]{1,40}\")(?:\s*,\s*(?:\d{1,4}|\"[\w-]{1,40}\")){0,50}"
    r"\s*(?P<elided>,\s*(?:\.\.\.|\u2026)\s*\]?|,?)"
)
# An id array this long at most is read whole (a longer one is data, not an index list).
ID_ARRAY_CHARS = 400
# A request that asks for a ranking or a list of ids, and one that asks for a sequence without
# end: an elided array is a ranking cut short, or the sequence written as it goes on.
_ASKS_IDS = re.compile(
    rf"\b(?:{field_alternation(_DATA, 'ranking_requests')})"
    rf"|\b(?:{field_alternation(_DATA, 'id_list_requests')})\b"
)
_ASKS_ENDLESS = re.compile(rf"\b(?:{field_alternation(_DATA, 'endless_requests')})\b")


def ids_unfinished(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A reply that is nothing but an id array left open ("[1, 2, 3") or ending in an
    ellipsis ("[1, 2, ...]"): the ranking it was to give stops before its end, and the
    program that parses it gets an error or a stub. The elided form is not read to a request
    for a sequence that asks for no ranking nor ids: "[0, 1, 1, 2, 3, 5, 8, ...]" writes the
    Fibonacci sequence asked for, which has no end."""
    text = r.text.strip()
    if not text.startswith("[") or len(text) > ID_ARRAY_CHARS:
        return ()
    if text.endswith("]") and "..." not in text and "\u2026" not in text:
        return ()  # (a closed array without an ellipsis is whole)
    m = _IDS_UNFINISHED.fullmatch(text)
    if m is None:
        return ()
    if "." in m.group("elided") or "\u2026" in m.group("elided"):
        instructions = r.instructions
        if _ASKS_ENDLESS.search(instructions) and _ASKS_IDS.search(instructions) is None:
            return ()
        return (Signal("ids_unfinished", w["ids_unfinished"], "an id array elided"),)
    return (Signal("ids_unfinished", w["ids_unfinished"], "an id array left open"),)


# A request that ends on a score's label for the reply to fill ("Query: ...\nPassage: ...
# \nScore:", its scale in brackets at most: "Score (1-5):"): a pointwise scorer's completion
# prompt, whose reply is the number.
_SCORE_LABEL_LAST = re.compile(
    rf"(?:^|\n)[ \t*]*(?:{field_alternation(_DATA, 'score_labels')})"
    r"(?:[ \t]*[(\[][^()\[\]\n]{1,20}[)\]])?[ \t*]*:[ \t]*\Z",
    re.IGNORECASE,
)
# (the grader's list: a mark's number in words)
_COUNT_WORDS = re.compile(
    rf"\b(?:{field_alternation(SHIPPED.get('grader', {}), 'count_words')})\b", re.IGNORECASE
)
# A scorer's reply this short is its score, or a line in its place.
SCORE_REPLY_CHARS = 60


def score_missing(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short one-line reply to a request that ends on a score's label to fill ("...\nScore:")
    that holds no number, in figures or in words ("N/A", "not applicable"): the scorer reads
    the number and finds none. A score in any form ("Score: 6", "5/10", "seven") is left alone."""
    text = r.text.strip()
    if not text or len(text) > SCORE_REPLY_CHARS or "\n" in text or r.after_tools:
        return ()
    if any(c.isdigit() for c in text) or _COUNT_WORDS.search(text) is not None:
        return ()
    if _SCORE_LABEL_LAST.search(r.raw_question.rstrip(" \t")[-80:]) is None:
        return ()
    return (Signal("score_missing", w["score_missing"], f"{text[:30]!r} where a score was asked"),)


def ranking_given(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A reply whose ranking heading ("RANKING:", "FINAL RANKING:") heads a numbered list of
    two or more candidates, each named once and by its label: the ranker's output is there,
    whatever reasons come before it ("A is thorough but slow. B has a factual error.")."""
    if "rank" not in r.low or r.after_tools:
        return ()
    heads = list(_HEAD.finditer(r.text))
    if not heads:
        return ()
    names = _first_list(r.text[heads[-1].end() :])
    if len(names) < 2 or _listed_twice(names) is not None or _label_left_out(names):
        return ()
    return (Signal("ranking_given", -w["ranking_given"], f"{len(names)} candidates ranked"),)
