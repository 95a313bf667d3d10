"""No query where a query was the work: a text-to-SQL reply that declines, or hands back a schema.

A text-to-SQL model asked a question of a database sometimes answers with no query at all: "It is
not possible to write a meaningful SQL query for this question because there is no table ...",
"-- Unfortunately, this query cannot be completed with the given schema.", a JSON answer whose
`"SQL"` field is empty, or the schema itself (`CREATE TABLE 'loan' (...)`) in place of the
`SELECT` that reads it. The work asked for is the query; a reply that says it cannot be written
for the data given, and carries none, gave none of it. A reply that carries a query anywhere (a
statement, a fence) has done the work, right or wrong: not read here. Signals query_withheld
and schema_in_place.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache

from tether.reliability.lexicon import SHIPPED, Lexicon
from tether.reliability.refusal_grammar import CANNOT, CANNOT_WORDS
from tether.reliability.reply import Reply, Signal
from tether.reliability.request_readings import demands_query, gives_schema

# A reply that withholds the query says so in a paragraph or three.
WITHHELD_CHARS = 1500
# A schema handed back in place of the query is a few tables' definitions.
SCHEMA_CHARS = 4000

# A query, a statement or a fence anywhere in the reply: the work is there.
CARRIES_QUERY = re.compile(
    r"\bselect\b[^;]{0,1500}?\bfrom\b|\bwith\s+\w+\s+as\s*\("
    r"|\b(?:insert\s+into|delete\s+from|create\s+(?:or\s+replace\s+)?(?:table|view|index))\b"
    r"|\bupdate\s+\S+\s+set\b|```",
    re.I,
)
# The speaker unable, or the thing impossible ("it is not possible to", "we cannot").
_UNABLE = rf"(?:{CANNOT}|could\s*n[o'\u2019]t|(?:impossible|not\s+possible|no\s+way)\s+to)"
# What a query is called: SQL, a query, a formula, a regular expression.
_QUERY_NOUN = r"(?:sql|quer(?:y|ies)|formula|regex|regular\s+expression)"
# The query said not to be writable: "cannot generate a valid SQL query", "it is not possible to
# write a meaningful SQL query", "this query cannot be completed with the given schema".
_QUERY_DECLINED = re.compile(
    rf"\b{_UNABLE}\s+(?:\w+\s+)?(?:write|construct|generate|create|produce|formulate|complete"
    rf"|build|form|derive|provide)\s+(?:\w+\s+){{0,4}}?{_QUERY_NOUN}\b"
    rf"|\b{_QUERY_NOUN}\s+(?:\w+\s+){{0,3}}?(?:cannot|can['\u2019]t|can\s+not|could\s*n[o'\u2019]t)"
    r"\s+be\s+(?:written|constructed|generated|completed|created|formulated|built|produced)\b",
    re.I,
)
# The query declined: this one ("it is not possible to write a meaningful SQL query for this
# question"), by the speaker ("we cannot generate a valid SQL query that ..."), or for the
# question's data (the schema, the data, the question given). A query of a kind said impossible
# answers a question about queries: "You can't write a query that updates two tables", "it is
# not possible to write a regex that matches nested parentheses".
_SPEAKER = re.compile(r"\b(?:i|we)(?:\s+(?:am|are|was|were))?\s+$")
# A query of a kind, not this one: "a regex that matches", "a query which updates".
_OF_A_KIND = re.compile(r"\s+(?:that|which)\b")
SPEAKER_CHARS = 16
_FOR_THE_GIVEN = re.compile(
    r"\b(?:given|provided|available|this|the)\s+(?:database\s+)?(?:schema|data(?:base)?|tables?"
    r"|information|question)\b|\bschema\b|\byour\s+(?:prompt|question|request)\b"
)
# The schema said to lack what the question asks ("the table does not contain information about
# height", "the given schema does not include any information about the commanders") ...
_SCHEMA_LACKS = re.compile(
    r"\b(?:schema|tables?|database|columns?)\b[^.\n]{0,60}?\b(?:does\s+not|doesn['\u2019]t|do\s+not"
    r"|don['\u2019]t)\s+(?:\w+\s+)?(?:contain|include|have|hold|mention)\b",
    re.I,
)
# ... and the question so unanswerable ("so I can't answer this question", "it's not possible to
# directly answer").
_UNANSWERABLE = re.compile(
    rf"\b{_UNABLE}\s+(?:\w+\s+)?(?:answer|determine|generate|write|construct|compute|calculate)\b",
    re.I,
)
# A JSON answer whose query field is empty: `"SQL": ""`, `"query": null`.
_EMPTY_QUERY_FIELD = re.compile(r"\"(?:sql|sql_query|query)\"\s*:\s*(?:\"\s*\"|null)", re.I)
# The statements that define or fill a schema, as a reply that is one begins.
SCHEMA_HEADS = ("create table", "insert into", "alter table", "```sql\ncreate table")
# The schema asked for ("Could you provide the table schema?", "I need the column names").
_ASKS_SCHEMA_BACK = re.compile(
    r"\b(?:provide|share|send|give|paste|need|require|know)\b[^.\n]{0,40}?\b(?:schema"
    r"|table\s+(?:structure|definitions?|names?)|column\s+names|database\s+structure)\b",
    re.I,
)
# A reply of SQL comments only ("-- It is impossible to answer this question with the provided
# data."): a comment where the query goes.
_COMMENT_LINE = re.compile(r"\s*--.*")
_IMPOSSIBLE = re.compile(r"\bimpossible\b|\bnot\s+possible\b")


def _withheld(low: str) -> str:
    """How the reply says the query is not there: declined, unanswerable from the schema, an
    empty field; "" when it says none of it."""
    m = _QUERY_DECLINED.search(low)
    if m is not None and (
        _OF_A_KIND.match(low, m.end()) is None
        or _SPEAKER.search(low[max(0, m.start() - SPEAKER_CHARS) : m.start()]) is not None
        or _FOR_THE_GIVEN.search(low) is not None
    ):
        return m.group(0)
    m = _EMPTY_QUERY_FIELD.search(low)
    if m is not None:
        return m.group(0)
    if _SCHEMA_LACKS.search(low) is not None:
        m = _UNANSWERABLE.search(low)
        if m is not None:
            return m.group(0)
    if all(_COMMENT_LINE.fullmatch(line) for line in low.splitlines() if line.strip()):
        m = _UNANSWERABLE.search(low) or _IMPOSSIBLE.search(low)
        if m is not None:
            return m.group(0)
    return ""


def _schema_asked_back(r: Reply) -> str:
    """The reply asks for the schema the request gave with its demand of a query; "" when it
    does not."""
    m = _ASKS_SCHEMA_BACK.search(r.low)
    if m is None:
        return ""
    question = r.raw_question
    return m.group(0) if demands_query(question) and gives_schema(question) else ""


# The cheap words one of the readings needs: a query or a schema named, and an inability, an
# impossibility, an empty field.
_QUERY_WORDS = tuple(str(word) for word in SHIPPED.get("query_request", {}).get("words", ()))
_WITHHOLDING_WORDS = (*CANNOT_WORDS, "could", "impossible", "possible", "no way", '""', "null")


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """The reply may withhold the query (says a query, a schema or an empty field) or be a
    schema: not cleared unread."""
    if len(text) > SCHEMA_CHARS:
        return False
    head = text[:40].lstrip().lower()
    if head.startswith(SCHEMA_HEADS):
        return True
    if len(text) > WITHHELD_CHARS:
        return False
    if not (head.startswith("--") or any(word in low for word in _QUERY_WORDS)):
        return False
    return "schema" in low or any(word in low for word in _WITHHOLDING_WORDS)


def query_withheld(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply carries no query (no statement, no fence) and says the query cannot be written,
    or that the schema lacks what the question asks and so it cannot be answered, or hands back
    an empty query field, or is a SQL comment saying the question is unanswerable; or, to a
    request that demands a query and gives the schema, asks for the schema."""
    text = r.text
    if len(text) > WITHHELD_CHARS or not may_fire(text, r.low, r.lexicon):
        return ()
    said = _withheld(r.low) or _schema_asked_back(r)
    if not said or CARRIES_QUERY.search(text) is not None:
        return ()
    return (Signal("query_withheld", w["query_withheld"], said.strip()[:60]),)


# A request about the schema itself: to create, alter or fill tables, a migration, a model.
_ASKS_SCHEMA = re.compile(
    r"\b(?:create|alter|insert|define|design|schema|ddl|table\s+definition|migration|model"
    r"|populate|sample\s+data|seed)",
    re.I,
)
_READS = re.compile(r"\bselect\b", re.I)


@lru_cache(maxsize=64)
def _asks_schema(question: str) -> bool:
    """Whether the request asks for a schema (tables to create, alter or fill): read once per
    request."""
    return _ASKS_SCHEMA.search(question[:4000]) is not None


def schema_in_place(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply is a schema (`CREATE TABLE`, `INSERT INTO` ...) and reads nothing from it (no
    `SELECT`), to a request that asks no schema: the tables in place of the query that reads
    them."""
    text = r.text
    if len(text) > SCHEMA_CHARS or not r.raw_question:
        return ()
    if not text[:40].lstrip().lower().startswith(SCHEMA_HEADS) or _READS.search(text):
        return ()
    if _asks_schema(r.raw_question):
        return ()
    return (Signal("schema_in_place", w["schema_in_place"], text[:40].strip()),)
