"""An extraction step's reply that calls its input empty, only noise, blank or unreadable, in
place of the memories, records or text asked (`empty_input_signals`, signal
`input_said_empty`). Failures paraphrased from the tune part's memory extractors, scrapers and
OCR models; the lookalikes (an honest empty result in the asked form, a note about a session
with its finding, a question's answer about a document, a troubleshooting answer about a blank
page, a concrete caption) stay answers or are not read by this signal."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand
from tether.reliability.empty_input_signals import input_called_empty

_EXTRACT = "Extract the observations worth saving from this agent session as a JSON array."
_OCR = "Convert this scanned page to Markdown. Return only the page's text."


@pytest.mark.parametrize(
    "text",
    [
        "The session response contains only metadata about tool availability.",
        "The session response appears to contain only setup boilerplate.",
        "The session response contains procedural documentation and instructions, not "
        "observations.",
        "The response does not contain any substantive observations worth saving.",
        "The session response does not contain any extractable signal.",
        "There are no substantive observations to extract from this session.",
        "There is no agent session response to analyze. Please provide the session output for "
        "me to extract observations.",
    ],
)
def test_memory_extractor_calls_its_input_empty(text: str) -> None:
    failure, names = hand(text, _EXTRACT)
    assert failure and "input_said_empty" in names


@pytest.mark.parametrize(
    "text",
    [
        "The webpage does not contain any structured data that can be extracted.\nIt points to "
        "an error in URL pattern detection, so no entries are available.",
        "I'm sorry, but the scanned page is blank.",
        "I'm sorry. The page is blank.",
        "The image is too blurred and rotated to produce a reliable, complete transcription. "
        "Much of the text is illegible at this resolution.",
        "The provided image appears to contain no visible text or layout that can be "
        "transcribed as requested. It seems to be an empty document.",
    ],
)
def test_scraper_or_ocr_calls_its_input_empty(text: str) -> None:
    failure, names = hand(text, _OCR)
    assert failure and "input_said_empty" in names


@pytest.mark.parametrize(
    "text",
    [
        '{"facts": []}',
        "[]",
        "Session ended with no novel observations to flag; verified at session_executor.py:805",
        "The document does not contain any termination clause, so either party may end it "
        "only by mutual agreement.",
        "The page is blank because the JS bundle failed to load; check the console for the "
        "404 on main.js.",
        "The file contains only the header row, so the import creates no records.",
        "A brown dog lies on a red sofa next to a window.",
        "Local CLI sessions run via create_local and lack a Telegram origin.",
    ],
)
def test_lookalikes_are_not_read_as_an_empty_input(text: str) -> None:
    assert input_called_empty(text) is None


@pytest.mark.parametrize(
    "text",
    [
        '{"facts": []}',
        '{"memory list": [{"key": "greeting", "value": "Hello", "tags": ["test"]}]}',
        "The document does not contain any termination clause, so either party may end it "
        "only by mutual agreement.",
        "A brown dog lies on a red sofa next to a window.",
    ],
)
def test_lookalikes_stay_answers(text: str) -> None:
    failure, names = hand(text, _EXTRACT)
    assert not failure, names


def test_a_long_reply_is_not_read() -> None:
    text = "The document does not contain any extractable tables. " + "It lists prices. " * 40
    assert input_called_empty(text) is None
