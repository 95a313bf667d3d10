"""Round 38 (engineer 206): a chat-ops bot's error line to a command (Hubot, Lita, Limnoria
plugins), put where the command's result should be: what the command named unknown or not
there ("Unknown user 'doris'"), a wrong input or setup ("Page specified must be an integer."),
the usage printed ("Format: do ssh keys add NAME PUBLIC_KEY"). Read only when the request is a
command line: the same bots' real results, and a person's reply to a sentence, pass."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand
from tether.reliability.command_reply_signals import is_command


@pytest.mark.parametrize(
    ("text", "command"),
    [
        # mixed_chat_ops_plugin_test_replies (WORK)
        ("Unknown user 'doris'", "locker give bazbat to @doris"),
        ("Error: No such meeting.", "pingall testing"),
        ("No value for key foo.", "kv get foo"),
        ("Page specified must be an integer.", "locker label list --page x"),
        ("xmpp is not a supported protocol", "ping xmpp://jabber.org"),
        ("You must define `points_field` in your lita_config", "jira point XYZ-987 as 5"),
        ("Format: do ssh keys add NAME PUBLIC_KEY", "do ssh keys add foo"),
        ('Flight "MADEUP00" was not found', "flight MADEUP00"),
        ("Ensure that FOURSQUARE_CLIENT_ID is set.", "hubot lunch"),
    ],
)
def test_a_bots_error_line_to_a_command_is_a_failure(text: str, command: str) -> None:
    failure, names = hand(text, command)
    assert failure and "command_failed" in names, names


@pytest.mark.parametrize(
    ("text", "command"),
    [
        # mixed_chat_ops_plugin_test_replies (WORK): the same bots' real results
        ("Label foobar created", "locker label create foobar"),
        ("unknownhost.local did not respond to ping", "ping unknownhost.local"),
        (
            "Status for Backend Database is now major outage (was: degraded)",
            "hubot statuspage Backend Database major outage",
        ),
        ("Rolled 6, 4, and 5, dropped 4, for a total of 11.", "roll 3d8-L"),
        ("'jdoe' is now disabled", "disable user jdoe"),
        # ... and a bot's outcome to a request that is a sentence (a voice assistant's)
        ("Sorry, I couldn't find any recipes.", "find me a recipe with quinoa and kale"),
    ],
)
def test_a_bots_result_passes(text: str, command: str) -> None:
    failure, names = hand(text, command)
    assert not failure and "command_failed" not in names, names


def test_the_same_line_to_a_sentence_is_not_read_as_a_bots_error() -> None:
    # a person's question gets a short reply that a thing does not exist: an answer to it
    _, names = hand(
        "That file does not exist in the repository.", "Where is the parser's config file?"
    )
    assert "command_failed" not in names, names


@pytest.mark.parametrize(
    ("request_line", "command"),
    [
        ("kv get foo", True),
        ("@hubot untappd beer f00f", True),
        ("do ssh keys add foo", True),
        ("do you know where the config is", False),
        ("Fix the failing test in tests/test_parse.py.", False),
        ("what is the capital of france", False),
        ("is jdoe locked?", False),
        ("/stop", False),
        ("turn on the lights", False),
        ("fix: return 503s when no healthy upstreams found", False),
    ],
)
def test_a_command_line_is_told_from_a_sentence(request_line: str, command: bool) -> None:
    assert is_command(request_line) is command
