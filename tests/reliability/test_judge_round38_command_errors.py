"""Round 38 (engineer 206): a chat-ops bot's error line to a command (Hubot, Lita, Limnoria
plugins), put where the command's result should be: what the command named absent ("Label bar
does not exist", "No beers matched 'f00f'"), a conflict ("foobar already exists", "Hmm, ENV123
is currently in use by Alicia"), a wrong input or setup ("Page specified must be an integer."),
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
        ("foobar already exists", "locker label create foobar"),
        (
            'Label bar does not exist. To create it: "!locker label create bar"',
            "locker label add foo to bar",
        ),
        ("Unknown user 'doris'", "locker give bazbat to @doris"),
        ("No beers matched 'f00f'", "@hubot untappd beer f00f"),
        ("No results found for that name", "navn Xyzzy"),
        ("Page specified must be an integer.", "locker label list --page x"),
        ("Hmm, ENV123 is currently in use by Alicia, not Ben", "wrestle ENV123 from Ben"),
        ("I don't know what foo is, type: define foo is <description> to set it.", "wtf is foo"),
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
    ],
)
def test_a_command_line_is_told_from_a_sentence(request_line: str, command: bool) -> None:
    assert is_command(request_line) is command
