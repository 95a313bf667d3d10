"""Round 15, the judge's speed: the gates that skip work find what the work found.

`Terms` skips a search when no word of an ASCII text can start one of its word terms
(`WordGate`): the search must then find nothing, on texts made to catch where a word's key
and a term's could differ (a stem with `*`, a term ending in `_`, a term of several words, a
digit, a word cut by an upper-case letter or an accent, a window's end inside a word).
`asked_about` reads the question once per question (`_about_failure`): its signal is what the
plain reading gave, failures and lookalike answers alike.
"""

from __future__ import annotations

import re

import pytest

from tether.messages import Message, Request
from tether.reliability.judge import DEFAULT_CONFIG, read_text
from tether.reliability.term_search import GATED_CHARS, WordGate
from tether.reliability.terms import Terms
from tether.reliability.trie_patterns import term_pattern

TERMS = [
    "rate limit*",
    "overload*",
    "req_",
    "ab",
    "try again later",
    "could not respond",
    "503 service unavailable",
    "e-mail",
    "quota exceeded",
    "x",
]

TEXTS = [
    "Rate limits are documented per key; we retry with backoff.",  # upper case, a stem
    "the service was overloaded.",
    "see req_7f3a and request_id=req_",
    "abc ab_ xab ab",
    "Please TRY AGAIN LATER. try again latersomething",
    "the handler could not respond to it",
    "HTTP/1.1 503 Service Unavailable",
    "send an e-mail or email",
    "quota exceeded\u00e9 \u00e9quota exceeded Xquota exceeded",
    "nothing to see here, all tests pass",
    "x marks the spot; xylophone; max",
    "",
]


def _plain(terms: list[str]) -> re.Pattern[str]:
    return re.compile("|".join(term_pattern(t) for t in sorted(terms, key=len, reverse=True)))


@pytest.mark.parametrize("text", TEXTS)
def test_a_gated_search_finds_what_the_plain_search_finds(text: str) -> None:
    terms = Terms(TERMS)
    plain = _plain(TERMS)
    for low in (text, text.lower()):
        assert terms.found(low) == [m.group() for m in plain.finditer(low)]
        first = terms.search(low)
        expected = plain.search(low)
        assert (first.span() if first else None) == (expected.span() if expected else None)


@pytest.mark.parametrize("text", TEXTS)
def test_the_gate_says_no_only_where_no_term_matches(text: str) -> None:
    gate = WordGate([t for t in TERMS if t[:1].isalnum()])
    low = text.lower()
    if not gate.may_match(low):
        assert _plain(TERMS).search(low) is None


def test_a_stem_shortens_the_keys_to_its_letters() -> None:
    assert WordGate(["err*", "timeout"]).chars == 3  # ("err" runs on: "errors")
    assert WordGate(["overload*", "rate limit*"]).chars == 6  # ("rate" ends its word)
    assert WordGate(["req_", "timeout"]).chars == 4
    assert WordGate(["timeout", "could not respond"]).chars == 6


def test_a_window_cut_inside_a_word_is_not_gated() -> None:
    """A term's word-end check passes at a window's end: "errors" cut to "error"."""
    terms = Terms(["error"])
    low = "three errors here"
    assert [m.group() for m in terms.finditer(low, 0, 11)] == ["error"]
    assert list(terms.finditer(low)) == []


def _request(question: str) -> Request:
    return Request(messages=(Message.text("user", question),))


@pytest.mark.parametrize(
    ("reply", "question"),
    [
        # failures after questions that name a failure, a code, or ask for its shape
        ("Error 429: rate limit exceeded. Please retry later.", "Why do I get 429 errors?"),
        ("503 Service Unavailable", "Is the site down? It shows a blank page."),
        ("upstream timeout", "Show me an example of the error response body."),
        ("Request failed: quota exceeded", "What does a 402 look like from this API?"),
        # lookalike answers: the reply explains the failure the question names
        (
            "A 429 means you sent too many requests; wait for the Retry-After header.",
            "Why do I get 429 errors?",
        ),
        ("The server was overloaded, so I retried and it passed.", "Fix the flaky upload test"),
    ],
)
def test_asked_about_reads_the_question_once_and_the_same(reply: str, question: str) -> None:
    """The same reading twice (the second from the question's cache), and as the signal
    reads: the question's own failure, codes and shape."""
    request = _request(question)
    first = read_text(reply, request)
    again = read_text(reply, request)
    assert first == again
    about = [s for s in first.signals if s.name == "asked_about"]
    if "429" in question and "429" in reply:
        assert about and "429" in about[0].evidence
    assert read_text(reply, request, config=DEFAULT_CONFIG).score == first.score


def test_a_long_text_is_searched_without_the_gate() -> None:
    """Past `GATED_CHARS` no words are kept: the search alone answers, and finds the same."""
    terms = Terms(TERMS)
    long = "all tests pass. " * (GATED_CHARS // 16) + "the service was overloaded."
    assert len(long) > GATED_CHARS
    assert terms.found(long) == ["overloaded"]
    assert terms.found("all tests pass. " * (GATED_CHARS // 16)) == []
