"""The readings of a request: its words, whether it asks a question, greets, asks after the
bot's silence, asks for a given text in other words, or is a plain task."""

from __future__ import annotations

import re
from functools import lru_cache

from tether.reliability.function_words import stop_words
from tether.reliability.lexicon import (
    SILENCE,
    Lexicon,
    typographic,
)
from tether.reliability.terms import Terms
from tether.reliability.text_shape import display_size
from tether.reliability.words import content_words

# How far past a word's match a class is looked for (a longer term of another class that
# begins inside it), in a request or a reply.
HIT_WINDOW = 80

# A request this short, with no question or task in it, is a greeting ("hi", "你好"): a bot's
# offer of help answers it.
GREETING_CHARS = 16


def greeting(question: str) -> bool:
    """Whether the user's message is too short to hold a task: a greeting or a word."""
    return display_size(question.strip()) < GREETING_CHARS


STOP = frozenset(
    [
        "this",
        "that",
        "with",
        "from",
        "have",
        "your",
        "what",
        "when",
        "will",
        "would",
        "could",
        "should",
        "there",
        "their",
        "them",
        "they",
        "about",
        "into",
        "than",
        "then",
        "just",
        "also",
        "only",
        "some",
        "more",
        "most",
        "very",
        "been",
        "were",
        "does",
        "done",
        "make",
        "made",
        "which",
        "while",
        "where",
        "here",
        "like",
        "please",
        "thanks",
        "thank",
        "need",
        "want",
        "know",
    ]
)
# ... and every language's function words that are content words by their length
STOP |= stop_words(4)


@lru_cache(maxsize=64)
def question_words(question: str) -> frozenset[str]:
    """The question's content words but stop words: kept, since every attempt at one request
    reads the same question."""
    return frozenset(content_words(question) - STOP)


# A question (not a task): its answer may share no word with it ("Check your billing"), and may
# be "I don't know".
_QUESTION_MARK = re.compile(r"[?\uff1f]|吗|呢|ですか|까요|나요")


def asks_a_question(question: str) -> bool:
    """Whether the end of a request (lower-cased) asks a question, not for a task."""
    return _QUESTION_MARK.search(question[-300:]) is not None


# A request that asks why the bot is silent or where it went, or begs it not to ignore the user
# ("你怎么不说话", "别不理我", "where did you go"), with or without a question mark.
ASKS_AFTER_SILENCE = Terms(t.lower() for t in typographic(SILENCE))


def asks_after_silence(question: str) -> bool:
    """Whether a short request asks after the bot's silence or absence: it asks after the bot,
    and a line about the speaker's state or presence answers it ("QQ卡了, 我一直在呢")."""
    return len(question) <= 60 and ASKS_AFTER_SILENCE.search(question.lower()) is not None


# A request for a given text in other words: translate it, rewrite it, say it otherwise.
RENDERING = re.compile(
    r"\b(?:translat\w*|übersetz\w*|tradu\w*|перевед\w*|перевод\w*|rewrite|rephrase|paraphrase|"
    r"reformul\w*|umformulier\w*)\b|翻译|翻譯|翻訳|번역|訳して",
    re.IGNORECASE,
)
TASK_WORDS = 3  # a plain task says at least this many content words


@lru_cache(maxsize=64)
def asks_rendering(question: str) -> bool:
    """Whether the request asks for a given text in other words (`RENDERING`). Read once per
    request: every reply to it asks again."""
    return RENDERING.search(question) is not None


@lru_cache(maxsize=64)
def is_plain_task(question: str, lexicon: Lexicon) -> bool:
    """Whether the request is a task that asks nothing and says no failure: to a greeting, a
    question or a report of an error, a line about the bot, its server or an outage may be the
    answer, whatever its words ("How are you?" -> "I'm a little tired"; "Why does the bot not
    answer?" -> "Its AI is taking a nap: the server crashed"). Kept: every attempt at one
    request reads the same question."""
    if asks_a_question(question) or len(question_words(question)) < TASK_WORDS:
        return False
    if asks_after_silence(question):
        return False
    return not lexicon.hits(question, HIT_WINDOW)


# A request that demands a SQL query: "Write a SQL query to ...", "Generate the SQLite query
# for", "Translate the question into SQL". (Not a formula or a regular expression: their answers
# are a line no code reading knows, `=SUMIF(A:A, ">0")`, and an apology may come before one.)
_DEMANDS_QUERY = re.compile(
    r"\b(?:write|generate|give|create|produce|compose|construct|build|return|output|provide"
    r"|translate|convert)\b[^.\n]{0,60}?\b(?:sql(?:ite)?|(?:sql\s+)?quer(?:y|ies))\b"
    r"|\b(?:sql(?:ite)?|mysql|postgres(?:ql)?|t-sql|pl/sql)\s+(?:query|queries|statement)\b"
    r"|\btext[- ]to[- ]sql\b",
    re.IGNORECASE,
)
# A request that gives the schema the query reads: its tables' definitions or columns.
_GIVES_SCHEMA = re.compile(
    r"\bcreate\s+table\b|\b(?:database\s+)?schema\s*:|\b(?:tables?|columns?)\s*:",
    re.IGNORECASE,
)


@lru_cache(maxsize=64)
def demands_query(question: str) -> bool:
    """Whether the request demands a SQL query to be written. Read once per request: every
    reply to it asks again."""
    return _DEMANDS_QUERY.search(question[:4000]) is not None


@lru_cache(maxsize=64)
def gives_schema(question: str) -> bool:
    """Whether the request gives the schema a query reads (`CREATE TABLE ...`, "Tables: ...")."""
    return _GIVES_SCHEMA.search(question) is not None
