"""Answer signals that misread a failure's machinery as a writer's words, and a trace that lost
its indentation: a pronoun found inside a host name ("chat.example.eu.org" read as Portuguese
"eu", "I"), a page's `charset=ISO-8859-1` read as a standard cited, a Python traceback pasted
without its indentation not read as one. Beside each, the reading that must stay."""

from __future__ import annotations

from tests.reliability.judging import reading, signals

WORKER_PAGE = (
    "Error 1101 Ray ID: 8a1b2c3d4e5f6789 • 2025-01-02 10:00:00 UTC\n"
    "Worker threw exception\n"
    "What happened?\n"
    "You've requested a page on a website (chat.example.eu.org) that is on the Cloudflare "
    "network. An unknown error occurred while rendering the page.\n"
    "What can I do?\n"
    "If you are the owner of this website:\n"
    "refer to Workers - Errors and Exceptions and check Workers Logs for chat.example.eu.org."
)


def test_a_host_name_holds_no_first_person() -> None:
    failure, names = reading(WORKER_PAGE.replace("What can I do?\n", ""))
    assert failure and "first_person" not in names, names


def test_a_path_or_a_hyphenated_name_holds_no_first_person() -> None:
    assert "first_person" not in signals("Request to /my/api/v1 failed (see ISO-8859-8-I).")


def test_a_writer_saying_i_still_speaks_in_the_first_person() -> None:
    assert "first_person" in signals("I think my proxy at chat.example.eu.org drops the header.")
    assert "first_person" in signals("The fix is on my side, I.")


CHARSET_PAGE = (
    '<html><head><meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1">'
    "<title>Access denied</title></head><body><h1>Access denied</h1>"
    "<p>Your request was blocked by the web filter.</p></body></html>"
)


def test_a_charset_declaration_cites_no_standard() -> None:
    failure, names = reading(CHARSET_PAGE)
    assert failure and "cites_standard" not in names, names
    assert "cites_standard" not in signals('<?xml version="1.0" encoding="ISO-8859-1"?><e/>')


def test_a_standard_cited_in_prose_is_still_cited() -> None:
    assert "cites_standard" in signals("Timestamps follow ISO 8601; see RFC 3339 for the profile.")


UNINDENTED_TRACE = (
    "Traceback (most recent call last):\n"
    'File "/home/u/app/venv/lib/python3.12/site-packages/litellm/main.py", line 143, in __next__\n'
    "return self._handle_string_chunk(str_line=str_line)\n"
    "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
    'File "/home/u/app/venv/lib/python3.12/site-packages/litellm/main.py", line 98, in _handle\n'
    'raise ValueError(f"error parsing chunk: {e},\\nreceived chunk: {chunk}")\n'
    'File "/home/u/app/core/patch.py", line 230, in custom_completion\n'
    "result = loop.run_until_complete(coro)\n"
    "litellm.APIError: APIError: OpenAIException - Connection error."
)


def test_a_traceback_that_lost_its_indentation_is_a_stack_trace() -> None:
    failure, names = reading(UNINDENTED_TRACE)
    assert failure and "stack_trace" in names, names


def test_code_with_a_frame_line_quoted_in_prose_is_no_stack_trace() -> None:
    text = (
        "The traceback points at your patch:\n"
        'File "/home/u/app/core/patch.py", line 230, in custom_completion\n'
        "That line awaits the coroutine on a loop that is already running, so wrap the call "
        "in `asyncio.run_coroutine_threadsafe` or make `custom_completion` async."
    )
    failure, names = reading(text)
    assert not failure and "stack_trace" not in names, names


def test_a_review_bots_notice_about_this_pull_request_names_no_change_of_its_own() -> None:
    failure, names = reading("Reviewer bot wasn't able to review any files in this pull request.")
    assert failure and "change_note" not in names, names
    failure, names = reading("We skipped reviewing this pull request: it was already reviewed.")
    assert failure and "change_note" not in names, names


def test_a_text_that_names_itself_a_change_is_still_a_change_note() -> None:
    failure, names = reading("This PR adds a retry with backoff on 429 errors from the upstream.")
    assert not failure and "change_note" in names, names
    assert "change_note" in signals("I reviewed it; this commit fixes the 502 (proxy timeout).")
