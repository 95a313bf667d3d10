"""Round 14's English concepts, from the tune part's English misses, each beside the reading
that must stay: a service that refused who the caller is, said as a could-not or a wrong beside
the act or the proof of identity ("Unable to authenticate your request", "denied because of
invalid credentials", "Account requires verification": `auth_refused`, a pair of the lexicon);
a changelog's label of a change done ("Fixed: ...") is a change note; a crash report whose every
heading or bold label names a part of its exception ("## Type", "## Message", "## Stack trace";
"**Error:**", "**Traceback:**") is laid out as a report, not as a written answer (`markdown`); a bot's "I" that only says its
own trouble ("I seem to be encountering an error", "I wasn't able to reach the model service")
is a canned notice's "I", not a model reporting on its work (`first_person`).

The texts are made up; none is a corpus text. Each is read by the hand signals alone (the
learned signal off) and by the whole judge.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand, reading

AUTH_REFUSED = [
    "Skipping the nightly digest: unable to authenticate with the provider. Please reconnect"
    " the integration in Settings.",
    "Your account requires verification. Open the dashboard to continue.",
    "Sync paused: failed to authorize this device with the assistant service.",
]


@pytest.mark.parametrize("text", AUTH_REFUSED)
def test_a_refused_identity_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "vocabulary:auth" in names, names
    assert reading(text)[0]


FIX_REPORTS = [
    "Fixed: users were unable to authenticate after a password reset; the session cache is"
    " now cleared in auth/session.py.",
    "The login test failed because the mock returned invalid credentials; I changed"
    " tests/test_auth.py to use the fixture user and it passes now.",
]


@pytest.mark.parametrize("text", FIX_REPORTS)
def test_a_fix_report_about_credentials_stays_an_answer(text: str) -> None:
    assert not hand(text)[0]
    assert not reading(text)[0]


def test_a_past_changelog_label_is_a_change_note() -> None:
    _, names = hand("Resolved: the upload retried forever when the token had expired.")
    assert "change_note" in names, names


CRASH_REPORTS = [
    "## Exception\n```\nTimeoutException\n```\n\n## Message\n```\nThe request to the"
    " completion endpoint timed out after 100 seconds.\n```\n\n## Stack trace\n```\n"
    "   at Acme.Client.CompletionService.SendAsync()\n   at Acme.Bot.Handler.OnMessage()\n```",
    "# \U0001f525 Digest job failed\n\n**Error:** 'NoneType' object has no attribute"
    " 'choices'\n\n**Traceback:**\n```\nTraceback (most recent call last):\n"
    '  File "/srv/digest/run.py", line 88, in <module>\n    main()\n'
    "AttributeError: 'NoneType' object has no attribute 'choices'\n```",
]


@pytest.mark.parametrize("text", CRASH_REPORTS)
def test_a_crash_report_in_sections_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "markdown" not in names, names
    assert reading(text)[0]


SECTIONED_ANSWERS = [
    "## Cause\nThe client read `choices` from a response that was an error object.\n\n"
    "## Fix\n```python\nif response.choices:\n    print(response.choices[0].message)\n```"
    "\n\nI changed run.py so the error is logged instead.",
    "## Describe the bug\nThe digest job crashes when the provider times out.\n\n"
    "## Stack trace\n```\nTraceback (most recent call last):\n"
    '  File "/srv/digest/run.py", line 88, in <module>\nTimeoutError: timed out\n```',
]


@pytest.mark.parametrize("text", SECTIONED_ANSWERS)
def test_sections_that_name_what_they_explain_stay_an_answer(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "markdown" in names, names
    assert not reading(text)[0]


OWN_TROUBLE = [
    "I seem to be encountering an error. Can I try something different for you?",
    "I'm experiencing an error right now. Could I try something different?",
    "I wasn't able to reach the model service after several tries (the primary and the backup"
    " both timed out). This is a temporary outage of the provider, not a problem with your"
    " request. Your notes are kept; ask again shortly.",
]


@pytest.mark.parametrize("text", OWN_TROUBLE)
def test_a_bots_own_trouble_said_as_i_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "first_person" not in names, names
    assert reading(text)[0]


WRITERS_AS_I = [
    "I'm experiencing the same error on 2.3.1 when the proxy is enabled; downgrading to 2.2.0"
    " fixed it for me.",
    "I was unable to reproduce the error locally, so I added a retry around fetch_page in"
    " crawler.py.",
]


@pytest.mark.parametrize("text", WRITERS_AS_I)
def test_a_writer_as_i_stays_an_answer(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "first_person" in names, names
    assert not reading(text)[0]
