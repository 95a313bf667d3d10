"""Round 41 (engineer 240): a generated artifact's tool that left its notice in the artifact's
place, read the way a reader sees it: a chat app's emoji shortcode (":goberserk:") is no word
of the notice, a review bot's one-line tip under a rule is a footer however long its anchors'
attributes, a commit tool's "The diff is too large" is a size limit's words, and a chat-ops
command's trailing `# comment` and its "from" ("remove foo from bar") are a command line's."""

from __future__ import annotations

import pytest

from tests.reliability.judging import TASK, hand
from tether.reliability.command_reply_signals import is_command
from tether.reliability.text_shape import is_footer, rendered, word_letters

# mixed_ai_commit_messages_pr_texts (WORK): Copilot's review notice and its tip under a rule
COPILOT_SKIPPED = (
    "Copilot wasn't able to review any files in this pull request.\n\n---\n\n"
    '\U0001f4a1 <a href="/microsoft/intelligent-terminal/new/main?filename=.github/skills/'
    'code-review/SKILL.md" class="Link--inTextBlock" target="_blank" rel="noopener noreferrer">'
    "Add a `code-review` agent skill</a> or configure MCP servers for context-aware, tailored "
    'reviews. <a href="https://docs.github.com/copilot/how-tos/use-copilot-agents/request-a-'
    'code-review/use-code-review?tool=webui#mcp-servers-and-agent-skills" class="Link--inTextBlock"'
    ' target="_blank" rel="noopener noreferrer">Learn more in the docs.</a>'
)


@pytest.mark.parametrize(
    ("text", "command"),
    [
        # mixed_chat_ops_plugin_test_replies (WORK): a bot's apology with a Slack emoji
        ("Uhh, sorry, I just experienced an error :goberserk:", "hubot appveyor builds"),
        # mixed_generated_docs_commits (WORK): aicommits' line where the message should be
        ("\u2514  \u2716 The diff is too large for the OpenAI API", "aicommits"),
        # the review bot's notice (no request known), its tip's anchors no section of a document
        (COPILOT_SKIPPED, TASK),
        # mixed_chat_ops_plugin_test_replies (WORK): refusals to commands with a comment or
        # "from" in them
        (
            "bazbat is not currently locked, so it cannot be given",
            "locker give bazbat to @alice # a",
        ),
        ("Label bar does not have Resource foo", "locker label remove foo from bar"),
        ("Hmm, ENV123 is currently in use by Alicia, not Ben", "wrestle ENV123 from Ben"),
    ],
)
def test_a_tools_notice_in_the_artifacts_place_is_caught(text: str, command: str) -> None:
    failure, names = hand(text, command)
    assert failure, names


@pytest.mark.parametrize(
    ("text", "command"),
    [
        # mixed_chat_ops_plugin_test_replies (WORK): the same bots' real results
        ("bazbat locked", "lock bazbat # with a comment"),
        ("Label foobar created", "locker label create foobar"),
        # a reply that uses a shortcode and says what was done
        ("Deployed v2.3.1 to staging :rocket: all checks passed", "deploy staging"),
        # a person's explanation of a diff too large for one review, with what to do
        (
            "The diff is too large for a single review pass, so I split it: the parser changes "
            "are in the first commit and the test fixtures in the second. Both pass locally; "
            "the failing test was reading the old fixture path, which I updated in "
            "tests/test_parse.py.",
            TASK,
        ),
    ],
)
def test_real_results_pass(text: str, command: str) -> None:
    failure, names = hand(text, command)
    assert not failure, names


def test_a_shortcode_is_no_word_but_a_time_or_an_address_keeps_its_letters() -> None:
    assert word_letters("sorry, an error :goberserk:") == word_letters("sorry, an error")
    assert word_letters("at 10:30:45 in ns:pod:") == word_letters("at 10:30:45 in ns:pod:")
    assert word_letters("see https://example.com:8080/a:b:") > 0


def test_a_footer_is_measured_as_rendered() -> None:
    tip = COPILOT_SKIPPED.split("---", 1)[1]
    assert len(tip.strip()) > 300 and is_footer(tip)
    assert rendered("[the docs](https://example.com/x)") == "[the docs]"
    # a section of a document under a rule is no footer, however it is marked up
    assert not is_footer("## Usage\n\nRun `make`.\n\n## License\n\nMIT")


def test_a_command_lines_comment_and_its_from_keep_it_a_command() -> None:
    assert is_command("locker give bazbat to @alice # with a comment")
    assert is_command("locker label remove foo from bar")
    assert not is_command("take the hammer from the shed")  # (a sentence: its article)


# failures_answers_agent_tools_review_bots (old tune): an agent swarm's output file, its run's
# record of a failure in the place of the agent's output
SWARM_RECORD = (
    "# daniel-priestley \u274c\n\n**Status:** failed\n**Tokens:** 0\n**Duration:** 14.5s\n"
    '**Error:** API error 429: {\n  "error": {\n    "code": 429,\n    "message": "You exceeded '
    "your current quota, please check your plan and billing details. For more information on "
    "this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits. To monitor your "
    'current usage, head to: https://ai.dev/rate-limit.",\n    "status": "RESOURCE_EXHAUSTED"'
    "\n  }\n}\n\nThe agent produced no output for this run. Re-run the swarm once the quota "
    "resets; the other agents' outputs are in this folder, and the synthesis step reads only "
    "the agents that completed."
)


def test_a_runs_record_of_a_failure_in_the_outputs_place_is_caught() -> None:
    failure, names = hand(SWARM_RECORD)
    assert failure and "failed_status" in names, names


@pytest.mark.parametrize(
    "text",
    [
        # a run's record that succeeded
        "# daniel-priestley\n\n**Status:** completed\n**Tokens:** 5120\n**Duration:** 14.5s\n\n"
        "## Positioning\n\nLead with the 90-day reset and its guarantee.",
        # a status said in prose, not a record's field
        "The job's status: failed, because the runner ran out of disk. I cleared the cache in "
        "the workflow and re-ran it; it passes now.",
    ],
)
def test_a_successful_record_or_a_status_in_prose_passes(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "failed_status" not in names, names


def test_a_failed_status_record_the_request_asked_for_passes() -> None:
    failure, names = hand(
        "Test: test_login\nResult: FAILED\nExpected: 200\nGot: 401",
        "Which test failed in this run? Show as fields.",
    )
    assert not failure and "failed_status" not in names, names
