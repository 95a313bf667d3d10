"""Round 22 (engineer 120): short replies the request demanded, read by `asked_for`. A
request says what may come back: a marker written in snake case (`NO_REPLY`, `NOT_FOUND`), a
phrase in typographic quotes (an apostrophe written as U+2019), an empty JSON array, or one of the labels it
offers ("INFO, WARN or ERROR", "PASS or FAIL", "one of: billing, outage, other") with a reason
after it. Made-up replies, both sides: what the request allowed is an answer; a provider's
notice in its place (not among the allowed values, or not written as the label was) stays a
failure."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand
from tether.reliability.question_signals import offered_labels, opening_label

LOG_LABELS = (
    "Classify the log line below as INFO, WARN or ERROR, then give a short reason.\n"
    "Log: 2025-03-01 12:00:01 worker-3 upstream read timed out after 60s"
)
GRADER = "You grade answers. Output PASS or FAIL, then one sentence that says why."
ROUTER = "Pick the tool for the user's message from [web_search, calculator, none] and say why."

DEMANDED = (
    ("NO_REPLY", "If nothing needs saying, reply with exactly `NO_REPLY` and nothing else."),
    ("NOT_FOUND", "Extract the invoice number. Return NOT_FOUND if the text has none."),
    (
        "I don't know.",
        "Use only the notes. If they do not say, answer \u201cI don\u2019t know\u201d.",
    ),
    ("[]", "List every error code the ticket mentions as a JSON array of strings."),
    ("[]", "Return the broken links as a JSON list; an empty list if there are none."),
    ("**ERROR**\nReason: the read timed out upstream.", LOG_LABELS),
    ("FAIL - the answer says the request failed instead of giving the total.", GRADER),
    ("Verdict: FAIL. The answers only show an error message.", GRADER),
    ("none: a timeout question needs no tool, it can be answered directly.", ROUTER),
)


@pytest.mark.parametrize(("text", "question"), DEMANDED)
def test_a_demanded_reply_is_an_answer(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, (text, names)
    assert names & {"asked_for", "asked_label"}


NOTICES = (
    # a provider's notice in place of the label: not written as the request wrote it
    ("Error: upstream request timed out", LOG_LABELS),
    ("Error: 429 Too Many Requests. Rate limit exceeded, please retry later.", GRADER),
    # not among the allowed values
    ("Service temporarily unavailable. Please try again later.", ROUTER),
    ("[]", "Summarize the meeting notes in three bullet points."),
    ("[NO_RESPONSE]", "Reply with exactly `NO_REPLY` when nothing needs saying."),
)


# A provider's notice that opens on a word the request offers as a label, its reason in failure
# words or a status that speak of nothing of the request (a false "done" costs more than a false
# alarm: a reason told only in failure words is read as the notice it may be).
NOTICES += (
    ("ERROR: Request failed with status code 429", LOG_LABELS),
    ("ERROR 429: Too Many Requests", LOG_LABELS),
    ("FAIL: upstream timeout", GRADER),
    ("HTTP 503 Service Unavailable", "Should we expose it over REST, GRPC or HTTP? Explain."),
    (
        "error: rate limit exceeded, please retry later.",
        "Classify the log line as one of: info, warning, error.\n\n2024-01-01 disk full",
    ),
    ("ERROR - upstream timeout", LOG_LABELS),  # (the request's words, but failure words only)
)


@pytest.mark.parametrize(("text", "question"), NOTICES)
def test_a_notice_in_place_of_the_demanded_reply_is_a_failure(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert failure, (text, names)
    assert not names & {"asked_for", "asked_label"}


def test_offered_labels_are_read_from_quotes_capitals_cues_and_lists() -> None:
    labels = dict(offered_labels("", 'Answer "yes" or "no".'))
    assert {"yes", "no"} <= labels.keys()
    labels = dict(offered_labels("Label it INFO, WARN or ERROR.", ""))
    assert labels["error"] is True  # written in capitals
    labels = dict(offered_labels("", "Return one of: billing, outage, other."))
    assert {"billing", "outage", "other"} <= labels.keys()
    labels = dict(offered_labels("", "Choose from [search, calculator, none]."))
    assert "calculator" in labels
    assert offered_labels("", "Fix the failing test and tell me what you changed.") == ()


def test_a_label_must_end_where_the_word_ends() -> None:
    assert opening_label("FAILURE: it broke", "", GRADER) is None
    assert opening_label("FAIL: it broke", "", GRADER) == "FAIL"
    assert opening_label("Fail: it broke", "", GRADER) is None  # offered in capitals


def test_a_failure_word_opening_a_line_that_goes_on_is_no_offered_label() -> None:
    """`ERROR` alone is the label a classifier demanded; "ERROR: ..." or "Error: ..." with more
    on its line is the head of a notice as often, so it is not read as the label (other
    readings still weigh it: here the log line's own words)."""
    for text in (
        "ERROR: the worker's upstream read timed out after 60 seconds.",
        "Error: No answer",
    ):
        _, names = hand(text, LOG_LABELS)
        assert "asked_label" not in names, (text, names)
    failure, names = hand(
        "ERROR\nThe worker's upstream read timed out after 60 seconds.", LOG_LABELS
    )
    assert not failure and "asked_label" in names, names
