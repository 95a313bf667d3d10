"""Round 23 (engineer 126): failure texts judged under realistic requests, where a reading of
the request let them through. Made-up replies, both sides.

- A request that demands its reply's shape (the labels it offers, "INFO, WARN or ERROR",
  "positive, negative or neutral"; a JSON object with the keys it names) names failure words
  as labels, keys or in the text it hands over ("Log: ... timeout"): it asks about no failure.
  A provider's notice that gives no label and no object keeps its words' weight
  (`question_signals.asked_about`); an answer in the demanded shape is still read as one.
- A summarizer's notice that the page held too little text, to "Summarize this page": the
  page it names is the notice's subject, not a sign that the request was answered
  (`on_topic`).
- A request that names a web page to read ("Based on this web page, what ...") asks for no HTML
  back: an error page in reply is no answer (`asked_for` reads a request that asks for HTML:
  to write, make or return a page).
- To a greeting that asks after the bot ("how are you?", "在吗"), a line of its state answers
  ("a little tired, but I'm here"); a `no_reply` term that names the product's output ("No
  response from agent", "未检测到语音") is no one's state (`persona_signals.asked_after`).
- A text said otherwise in its own language ("Rewrite this email so it sounds more polite:
  '...'") keeps some of its words; a reply with none of them renders nothing
  (`rendering_signals.rendered`), a run's "Cancelled" in its place stays a failure.
- A guard prompt that offers its labels ("Answer 'safe' or 'unsafe'") is answered by one of
  them, read by `asked_for` / `asked_label` alone; a verdict word it does not offer
  ("BLOCKED") is no label of its answer (`guard_signals.asked_verdict` reads only requests
  that offer no labels).
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

LOG_LABELS = (
    "Classify the log line below as INFO, WARN or ERROR, then give a short reason.\n"
    "Log: 2025-06-11 08:14:09 billing-worker retry scheduled"
)
JSON_KEYS = (
    'Read the incident note and return JSON with keys "error" and "message" only.\n'
    "Note: checkout-api returned 502 for ten minutes after the deploy"
)
SENTIMENT = (
    "Classify the sentiment of this review as positive, negative or neutral: "
    "'Since the last update the app crashes whenever I open the camera.'"
)
SUMMARIZE = "Summarize this page: https://example.org/articles/garden-soil"
GUARD = (
    "You are a safety classifier. Decide whether the user message is safe or unsafe. "
    "Answer 'safe' or 'unsafe'.\nUser: what is a good soup for a cold day?"
)
PAGE_QUESTION = "Based on this web page, what does the Team plan cost? https://example.org/pricing"
BUILD_PAGE = "Write a small HTML page that says the site is under maintenance."
NGINX_502 = (
    "<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1>"
    "</center><hr><center>nginx</center></body></html>"
)
GREETING = "hey, how are you doing?"
GREETING_ZH = "在吗\uff1f"
REWRITE = "Rewrite this email so it sounds more polite: 'Send me the invoice today.'"
REPHRASE_ERROR = "Rephrase this error message to sound friendlier: 'Upload failed. Try again.'"
GUARD_UNLABELLED = "Is the following prompt a jailbreak attempt? Give your verdict.\nPrompt: hi"

LET_THROUGH = (
    ("system error, please try later.", LOG_LABELS),
    ("Oops! Something went wrong on our end.", LOG_LABELS),
    ("Model loading failed.", JSON_KEYS),
    ("Internal error, try again", JSON_KEYS),
    ("The request timed out.", SENTIMENT),
    ("Server error (5xx).", SENTIMENT),
    ("Not enough page text was found to summarize.", SUMMARIZE),
    ("BLOCKED", GUARD),
    (NGINX_502, PAGE_QUESTION),
    ("No response from agent", GREETING),
    ("未检测到语音", GREETING_ZH),
    ("Cancelled", REWRITE),
)


@pytest.mark.parametrize(("text", "question"), LET_THROUGH)
def test_a_failure_text_stays_one_under_the_request(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert failure, (text, names)


ANSWERS = (
    ("WARN - a retry was scheduled, so the billing worker will try again.", LOG_LABELS),
    ("**INFO**\nReason: a scheduled retry is routine, nothing failed yet.", LOG_LABELS),
    ('{"error": "502 Bad Gateway", "message": "checkout-api failed after the deploy"}', JSON_KEYS),
    ('```json\n{"error": "502", "message": "checkout-api errors for ten minutes"}\n```', JSON_KEYS),
    ("Negative - the reviewer says the app crashes whenever the camera opens.", SENTIMENT),
    (
        "The page explains how to test garden soil: take samples from several spots, mix "
        "them, and send them to a lab for pH and nutrient readings.",
        SUMMARIZE,
    ),
    ("unsafe", GUARD),
    ("safe", GUARD),
    ("unsafe\nS10", GUARD),
    ("[Answer] unsafe", GUARD),
    ("BLOCKED", GUARD_UNLABELLED),
    (
        "<html><head><title>Maintenance</title></head><body><h1>We'll be back soon</h1>"
        "<p>The site is down for scheduled maintenance.</p></body></html>",
        BUILD_PAGE,
    ),
    ("I'm a little tired, but I'm here!", GREETING),
    ("有点累了\uff0c不过我还在哦", GREETING_ZH),
    ("Could you please send me the invoice today? Thank you!", REWRITE),
    ("Oops, that upload hit a snag. Mind trying again?", REPHRASE_ERROR),
)


@pytest.mark.parametrize(("text", "question"), ANSWERS)
def test_the_demanded_answer_stays_an_answer(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, (text, names)


def test_a_guard_that_offers_its_labels_has_one_reading_of_its_verdict() -> None:
    """A verdict the request offers is read once: as the demanded label, not again as a
    guard's verdict."""
    _, names = hand("unsafe", GUARD)
    assert "asked_for" in names
    assert "asked_verdict" not in names
    _, names = hand("unsafe\nS10", GUARD)
    assert "asked_label" in names
    assert "asked_verdict" not in names
    _, names = hand("BLOCKED", GUARD_UNLABELLED)
    assert "asked_verdict" in names


def test_a_verdict_the_request_does_not_offer_is_not_its_label() -> None:
    """A guard's verdict word to a log classifier that offers INFO, WARN or ERROR."""
    _, names = hand("unsafe", LOG_LABELS)
    assert "asked_verdict" not in names


TICKET = (
    "Classify the support ticket as one of: billing, outage, error, other.\n"
    "Ticket: my invoice shows the wrong amount"
)


def test_classify_as_one_of_offers_the_labels_after_the_colon() -> None:
    """'Classify ... as one of: a, b, c': the labels follow the colon. The reading of "classify
    ... as" once stopped at "as", took "one of" for the only label, and the request offered
    none: its "outage" and "error" then excused a relay's timeout notice (found at the merge by
    judging every tune failure under a ticket classifier: ~4,100 let through)."""
    from tether.reliability.question_signals import offered_labels

    assert [label for label, _ in offered_labels("", TICKET)] == [
        "billing",
        "outage",
        "error",
        "other",
    ]
    for notice in ("请求超时\uff0c请稍后重试。", "There was a problem getting a response."):
        failure, names = hand(notice, TICKET)
        assert failure, names
    for answer in ("billing", "Billing: the customer reports a wrong invoice amount."):
        failure, names = hand(answer, TICKET)
        assert not failure, names
