"""Round 39 (engineer 216): more of a chat-ops bot's error lines to a command (Lita, Hubot
plugins): the thing the command named is already so or held by another ("foobar already
exists", "Hmm, ENV123 is currently in use by Alicia"), or the command is not the asker's to do
("foobar has no resources, so it cannot be locked", "I'm afraid I can't do that"), or the
thing it named is not there ("Label bar does not exist" to "locker label add foo to bar"): read
only when the line names the command's argument. The bots' real results to the same commands
pass, and the same words to a sentence are not read."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand
from tether.reliability.command_reply_signals import names_argument


@pytest.mark.parametrize(
    ("text", "command"),
    [
        # mixed_chat_ops_plugin_test_replies (WORK): a conflict
        ("foobar already exists", "locker label create foobar"),
        ("testing team already exists", "create testing team"),
        ('MySQL server alias "foo" already exists', "mysql alias add foo bar baz bat"),
        ("john already in the testing team", "testing team add john"),
        ("You are already identified as user@example.com", "jira identify otheruser@example.com"),
        ("Hmm, ENV123 is currently in use by Alicia", "claim ENV123"),
        ("Hmm, you are already using ENV123", "claim ENV123"),
        ("Hmm, you are not currently using ENV234 (Carl is)", "release ENV234"),
        # ... and a command that is not the asker's to do
        ("foobar has no resources, so it cannot be locked", "lock foobar"),
        ("You do not have an email address on record", "jira myissues"),
        ("Error: You do not have any totems to yield.", "totems yield"),
        ("I'm sorry <@peter.parker>, I'm afraid I can't do that.", "@hubot @peter.parker.min + 2"),
    ],
)
def test_a_bots_conflict_or_denial_to_a_command_is_a_failure(text: str, command: str) -> None:
    failure, names = hand(text, command)
    assert failure and "command_failed" in names, names


@pytest.mark.parametrize(
    ("text", "command"),
    [
        # mixed_chat_ops_plugin_test_replies (WORK): the same bots' real results
        ("Label foobar created", "locker label create foobar"),
        ("You have been identified as user@example.com to JIRA", "jira identify user@example.com"),
        ("It's all yours!", "claim ENV123"),
        ("Poof! It's gone!", "forget ENV345"),
        ("bazbat locked", "lock bazbat # with a comment"),
        ("mel added to the testing team", "testing team add mel"),
        ('MySQL alias "foo" added', "mysql alias add foo bar baz bat"),
    ],
)
def test_the_same_bots_results_pass(text: str, command: str) -> None:
    failure, names = hand(text, command)
    assert not failure and "command_failed" not in names, names


def test_a_conflict_told_to_a_persons_sentence_is_not_read_as_a_bots_error() -> None:
    # a person asks; "already exists" is the answer to the question, not a bot's refusal
    _, names = hand(
        "The branch already exists on the remote, so you can push to it directly.",
        "Why does git say my branch is up to date when I push?",
    )
    assert "command_failed" not in names, names


@pytest.mark.parametrize(
    ("text", "command"),
    [
        # mixed_chat_ops_plugin_test_replies (WORK): what the command named is not there
        (
            'Label bar does not exist. To create it: "!locker label create bar"',
            "locker label add foo to bar",
        ),
        ('MySQL server alias "foo" does not exist', "mysql alias remove foo"),
        ("testing team does not exist", "testing team add john"),
        ("foo isn't stored.", "kv delete foo"),
        ("john is not on the testing team", "testing team confirm john"),
        ("Hmm, I do not know about ENV234", "release ENV234"),
        ("I don't know what foo is, type: define foo is <description> to set it.", "wtf is foo"),
    ],
)
def test_a_bots_line_that_the_named_thing_is_not_there_is_a_failure(
    text: str, command: str
) -> None:
    failure, names = hand(text, command)
    assert failure and "command_failed" in names, names


def test_a_thing_not_there_that_the_command_did_not_name_is_not_read_as_a_bots_error() -> None:
    # the line says something else is missing: no error of the command in this grammar
    _, names = hand("The cache directory does not exist yet.", "kv delete foo")
    assert "command_failed" not in names, names


@pytest.mark.parametrize(
    ("reply", "command", "named"),
    [
        ("Label bar does not exist", "locker label add foo to bar", True),
        ("Hmm, I do not know about ENV234", "release ENV234", True),
        ("foo isn't stored.", "kv delete foo", True),
        ("That user does not exist", "users find 42", False),  # an argument too short to tell
        ("It does not exist", "locker label add foo to bar", False),
    ],
)
def test_a_reply_names_the_commands_argument(reply: str, command: str, named: bool) -> None:
    assert names_argument(reply, command) is named
