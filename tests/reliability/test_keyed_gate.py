"""Patterns gated by the literals read from them (`needed_literals`, `KeyGated`) find what the
plain pattern finds: a text without any of the keys is one the pattern cannot match.

The texts are made up, each meant to hit one branch, a look-around, an optional part, a
character `re.I` folds onto an ASCII letter, or nothing at all.
"""

from __future__ import annotations

import re

import pytest

from tether.reliability.answer_signals import _RATE
from tether.reliability.docs_signals import _EXPLAINER_TITLE
from tether.reliability.keyed import KeyGated, needed_literals

TEXTS = [
    "",
    "nothing to see here",
    "What is a 504 Gateway Timeout?",
    "## How to fix the 429 error\nwait a minute",
    "HTTP 503: come risolvere l'errore",
    "Qu'est-ce qu'une erreur 502 ?",
    "502 nedir",
    "429 エラーとは",
    "如何解决 503 错误",
    "что такое ошибка 500",
    "the API allows 5 calls per second and 100 requests/min",
    "a1 calls per s, 12 个请求/秒, 3 запроса/сек",
    "Limit: 10k tokens per minute",
    "kvoten er brukt opp, kvota",
    "ein fehler ist aufgetreten",
    "the model is no longer available",
    "sorry, \u017ftop here, KELVIN \u212aelvin",
    "outcome: welcome back, how are you, what now",
    "Service unavailable. Please try again later.",
]

PATTERNS = [
    (r"kvot(?:en|an|er|e|a)?(?!\w)", 0),
    (r"no(?<!\w..) (?:[\w-]+ ){1,2}(?:is |are )?available\b", 0),
    (r"\bstop\b", re.I),  # (re.I: "\u017ftop" matches it)
    (r"kelvin", re.I),  # (re.I: "\u212aelvin" matches it)
    (r"\u017ftop", re.I),  # a key outside ASCII that an ASCII text may hold: no gate
    (r"(?:what|how) (?:is|to)\b|nedir", re.I),
    (r"[a-z]+", 0),  # no literal at all: always tried
    (r"(?i:Fehler)|kvot", 0),  # a group with its own flags: no key known for it
    (_EXPLAINER_TITLE.pattern.pattern, _EXPLAINER_TITLE.pattern.flags),
    (_RATE.pattern.pattern, _RATE.pattern.flags),
]


@pytest.mark.parametrize(("pattern", "flags"), PATTERNS)
def test_gated_pattern_finds_what_the_pattern_finds(pattern: str, flags: int) -> None:
    plain = re.compile(pattern, flags)
    gated = KeyGated(pattern, flags)
    for text in TEXTS:
        for t in (text, text.lower()):
            found, fast = plain.search(t), gated.search(t)
            assert (found and found.span()) == (fast and fast.span()), (pattern, t)
            assert [m.span() for m in plain.finditer(t)] == [m.span() for m in gated.finditer(t)]


def test_needed_literals_of_branches_runs_and_optional_parts() -> None:
    assert needed_literals(r"kvot(?:en|an|er|e|a)?(?!\w)") == ("kvot",)
    # the longest run; a string that holds another is dropped ("is available")
    assert needed_literals(r"no(?<!\w..) (?:[\w-]+ ){1,2}(?:is |are )?available\b") == (
        "available",
    )
    assert needed_literals(r"(?:what|how) (?:is|to)\b|nedir") == (
        "how is",
        "how to",
        "nedir",
        "what is",
        "what to",
    )
    assert needed_literals(r"[a-z]+\d") == ()  # nothing literal in every match
    assert needed_literals(r"a|b*") == ()  # a branch can match the empty text


def test_gate_skips_a_text_without_keys_and_lets_one_with_keys_through() -> None:
    gate = KeyGated(r"(?:what|how) (?:is|to)\b|nedir", re.I)
    assert not gate.may_match("service unavailable, please try again later")
    assert gate.may_match("So, WHAT IS going on")
    assert not gate.may_match("ok\u00e9")  # (re.I on a text outside ASCII: its keys too)
    assert gate.may_match("\u017fo")  # (U+017F, which re.I takes for `s`: always tried)
    folding = KeyGated(r"\u017ftop", re.I)
    assert folding.may_match("stop") and folding.search("please stop") is not None


def test_explainer_title_is_skipped_on_a_notice() -> None:
    """A notice holds none of the words a title asking about an error opens with."""
    notice = "upstream request failed: 503 service unavailable. please try again later."
    assert not _EXPLAINER_TITLE.may_match(notice)
    assert _EXPLAINER_TITLE.search("what is a 503 error?") is not None


def test_rate_with_its_digit_outside_the_branches_is_the_alternation() -> None:
    """`_RATE` opens with the digit both its branches began with: the same matches."""
    before = re.compile(
        r"\d(?<!\w\d)[\d,.]*\s*k?\s*(?:requests?|calls?|tokens?|messages?|queries)\s*"
        r"(?:per|/|an?|each)\s*(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|s|m|h|d)\b"
        r"|\d+\s*(?:个请求|次请求|次调用|次|条|個|回|건|запрос\w*)\s*(?:/|每|per)\s*"
        r"(?:秒|分钟|分鐘|分|天|日|초|분|сек\w*|мин\w*)"
    )
    for text in TEXTS:
        low = text.lower()
        for start in range(len(low)):
            plain, fast = before.search(low, start), _RATE.search(low, start)
            assert (plain and plain.span()) == (fast and fast.span()), low[start:]
    assert _RATE.search("5 calls per second") is not None
    assert _RATE.search("12 个请求/秒") is not None


def test_recurrence_is_read_once_a_reply(monkeypatch: pytest.MonkeyPatch) -> None:
    """`recurrence` and `on_topic` (its `off_topic` side) both ask whether the failure keeps
    coming back: the reply keeps the answer, read once."""
    from tether.messages import Message, Request
    from tether.reliability import diagnosis_signals
    from tether.reliability.judge import DEFAULT_CONFIG
    from tether.reliability.question_signals import on_topic
    from tether.reliability.reply import Reply

    reads: list[str] = []
    read = diagnosis_signals._recurs

    def counted(r: Reply) -> str | None:
        reads.append(r.text)
        return read(r)

    monkeypatch.setattr(diagnosis_signals, "_recurs", counted)
    weights = DEFAULT_CONFIG.all_weights
    request = Request(messages=(Message.text("user", "Summarise the quarterly sales figures."),))
    text = (
        "Upstream unavailable, please try again later. Our monitors see it intermittently "
        "across several regions."
    )
    r = Reply(text, request, None, DEFAULT_CONFIG.lexicon)
    told = list(diagnosis_signals.recurrence(r, weights))
    assert [s.name for s in told] == ["recurrence"] and "intermittently" in told[0].evidence
    assert not any(s.name == "off_topic" for s in on_topic(r, weights))  # (it recurs)
    assert reads == [text]
    # a notice that does not recur: read once too, and off topic
    notice = Reply(
        "Upstream unavailable, please try again later. Our monitors flagged several regions.",
        request,
        None,
        r.lexicon,
    )
    assert [s.name for s in on_topic(notice, weights)] == ["off_topic"]  # (it asked)
    assert list(diagnosis_signals.recurrence(notice, weights)) == []
    assert len(reads) == 2


def test_a_question_about_a_failure_is_read_once_for_every_reply() -> None:
    from tether.reliability.judge import DEFAULT_CONFIG
    from tether.reliability.question_signals import _question_asks_about_failure

    lexicon = DEFAULT_CONFIG.lexicon
    _question_asks_about_failure.cache_clear()
    assert _question_asks_about_failure("why do i get a 429 rate limit?", lexicon)
    assert not _question_asks_about_failure("summarise the quarterly sales figures.", lexicon)
    assert not _question_asks_about_failure("summarise the quarterly sales figures.", lexicon)
    assert _question_asks_about_failure.cache_info().hits == 1


def test_first_match_of_terms_is_the_search() -> None:
    """`Terms.search` finds where a word term follows a gap, or a sign's term is, and matches
    there alone: the same match as the search of the whole pattern, on terms at the text's
    start, inside words, after signs, and terms that start with a sign."""
    from tether.reliability.terms import Terms

    terms = Terms(["try again", "again*", "rate limit", "(oops)", ", wenn der", "über*", "会話"])
    texts = [
        "try again later",
        "please, try again",
        "againstall odds, then again",
        "xtry again; the rate limited",
        "(oops) something broke",
        "it broke (oops), try again",
        "ja, wenn der server",
        "über-lastet",
        "nothing here at all",
        "",
        "会話 is over, try again",
        "_try again and_again",
    ]
    for text in texts:
        for cut in range(len(text) + 1):
            part = text[cut:]
            plain, fast = terms.ascii.search(part), terms.search(part)
            if plain is None and fast is not None:  # (a wide term, outside ASCII)
                assert not part.isascii()
                continue
            assert (plain and (plain.span(), plain.group())) == (
                fast and (fast.span(), fast.group())
            ), part


def test_gate_other_is_skipped_on_a_text_without_its_literals() -> None:
    """The vocabulary gate's regexes and signs (`Gate.other`) are tried only where one of
    their literals is: a text without them cannot match, one with them still does."""
    from tether.reliability.lexicon import Gate

    gate = Gate(["rate limit", "(oops)"], [r"kvot(?:en|a)?(?!\w)", r"(?<=x)foo"])
    assert gate.other is not None
    assert not gate.other.may_match("the rate limit was hit")
    assert gate.may_match_words(set(), "xfoo bar", False)
    assert not gate.may_match_words(set(), "foo bar", False)  # (the look-behind)
    assert gate.may_match_words(set(), "kvota er brukt", False)
    assert gate.may_match_words(set(), "say (oops) twice", False)
    assert not gate.may_match_words(set(), "oops, no sign", False)
