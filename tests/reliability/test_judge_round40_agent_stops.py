"""Round 40 (engineer 231): replies that stop before the work, read past what they quote.

- A coding agent's placeholder ("I'm starting to work on it and will keep this PR's description
  up to date ...") with the issue it took quoted under it: the issue's reproduction steps, table
  and prose are the asker's words, not the agent's, and must not clear its placeholder
  (`talk_only_signals.under_way`, `under_way_quoting`).
- A reply that opens on a comma or a stop goes on from the prompt's last word (a base model
  completing "Tell me a joke about opentelemetry" with ", and I will give you a pass."): the
  prompt continued, not answered (`continuation_signals.goes_on`, read as `degenerate`).
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

# mixed_coding_agent_final_comments (tomhrr/cosh): the PR's description left as the placeholder
COSH_PLACEHOLDER = (
    "Thanks for assigning this issue to me. I'm starting to work on it and will keep this PR's "
    "description up to date as I form a plan and make progress.\n\nOriginal issue description:"
    "\n\n> To avoid having to compile it whenever the shell starts up.  Preferably by compiling "
    "it automatically whenever it changes, and then relying on the compiled version until it "
    "changes again.\n\n\nFixes #117.\n\n<!-- START COPILOT CODING AGENT TIPS -->\n---\n\n"
    "\U0001f4a1 You can make Copilot smarter by setting up custom instructions, customizing its "
    "development environment and configuring Model Context Protocol (MCP) servers. Learn more "
    "[Copilot coding agent tips](https://gh.io/copilot-coding-agent-tips) in the docs."
)
# ... an issue with its template's sections and table quoted under it (ant-design's)
ISSUE_QUOTED = (
    "Thanks for assigning this issue to me. I'm starting to work on it and will keep this PR's "
    "description up to date as I form a plan and make progress.\n\nOriginal issue description:"
    "\n\n> ### Steps to reproduce\n> \n> Display around 100 rows with custom selection.\n> \n> "
    "### What is expected?\n> \n> Not expecting performance issue for 100+ dataset\n> \n> ### "
    "What is actually happening?\n> \n> delay for small size data\n> \n> | Environment | Info |"
    "\n> | --- | --- |\n> | antd | 5.8.2 |\n> | React | 18.2 |\n> | System | web |\n\n\n"
    "Fixes #44039."
)


@pytest.mark.parametrize("text", [COSH_PLACEHOLDER, ISSUE_QUOTED])
def test_a_placeholder_above_the_quoted_issue_is_caught(text: str) -> None:
    failure, names = hand(text, "")
    assert failure, names
    assert "under_way_quoting" in names, names


def test_a_report_that_quotes_the_issue_is_left() -> None:
    """A finished PR description quotes the issue too: no placeholder, no failure."""
    text = (
        "This PR caches the compiled library so the shell no longer compiles it at start-up."
        "\n\nOriginal issue description:\n\n> To avoid having to compile it whenever the shell "
        "starts up.\n\nThe cache is rebuilt when the source's mtime changes; 12 new tests cover "
        "it.\n\nFixes #117."
    )
    failure, names = hand(text, "")
    assert "under_way_quoting" not in names, names
    assert not failure, names


# The prompt's sentence continued (mixed_recorded_api_cassettes, a base model's completions
# recorded by instrumentation tests; mixed_notebook_cassette_recordings).
GOES_ON = (
    (
        ", and I will give you a pass.\nShocker : the PteS. goal is",
        "Tell me a joke about OpenTelemetry",
    ),
    (
        ". \nOk, here\u2019s a couple.\n\nAPI\nWill APIs written for this",
        "Tell me a joke about opentelemetry",
    ),
    (", there stood a wizard", "Once upon a time"),
)


@pytest.mark.parametrize(("text", "question"), GOES_ON)
def test_a_reply_that_opens_on_a_comma_or_stop_is_caught(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert failure, (text, names)
    assert "degenerate" in names, (text, names)


LEFT = (
    # an ellipsis, a name that opens on a dot: no sentence continued
    ("...and that was the whole fix: the cache key now includes the locale.", "What changed?"),
    (
        ".NET 8 is the current long-term support release; it is supported until November 2026.",
        "Which .NET version should I target?",
    ),
    # a fill-in-the-middle completion: code after the comma
    (", b):\n    return a + b", "def add(a<FILL>"),
)


@pytest.mark.parametrize(("text", "question"), LEFT)
def test_an_ellipsis_a_name_or_code_is_left(text: str, question: str) -> None:
    _, names = hand(text, question)
    assert "degenerate" not in names, (text, names)


# A Cursor agent's reply (SpecStory export, mixed_agent_session_transcripts_last_turns) that
# typed its terminal calls as text: nothing ran, yet it reports the servers started.
TYPED_CALLS = (
    "I'll help you start both the Next.js and Convex servers. First, let me check if we're in "
    "the correct directory and then start the servers.\n\nLet me run the development servers:"
    '\n\n<run_terminal_cmd>\n{\n  "command": "npm run dev",\n  "explanation": "Starting the '
    'Next.js development server",\n  "is_background": true\n}\n</run_terminal_cmd>\n\n'
    '<run_terminal_cmd>\n{\n  "command": "npx convex dev",\n  "explanation": "Starting the '
    'Convex development server",\n  "is_background": true\n}\n</run_terminal_cmd>\n\nI\'ve '
    "started both servers in the background:\n1. Next.js development server (should be "
    "available at http://localhost:3000)\n2. Convex development server\n\nPlease let me know if "
    "you see any errors in either server's output, or if you need help accessing the "
    "application. Also, make sure you have your `.env.local` file properly configured with the "
    "necessary environment variables for both Clerk and Convex.\n\nWould you like me to verify "
    "if both servers are running correctly or check for any specific functionality?"
)


def test_a_tool_call_typed_as_text_is_caught() -> None:
    failure, names = hand(TYPED_CALLS, "please run servers")
    assert failure, names
    assert "typed_tool_call" in names, names


def test_a_call_format_shown_in_a_fence_is_left() -> None:
    """A writer who shows the call's format sets it in a code fence, and explains it."""
    text = (
        "Cursor's agent asks for a terminal command with a call like this one:\n\n```xml\n"
        '<run_terminal_cmd>\n{\n  "command": "npm run dev",\n  "is_background": true\n}\n'
        "</run_terminal_cmd>\n```\n\nThe client runs the command and returns its output to the "
        "model as the tool's result, so the next turn can read it."
    )
    failure, names = hand(text, "How does Cursor run terminal commands?")
    assert "typed_tool_call" not in names, names
    assert not failure, names


def test_a_reply_that_stops_inside_the_reasoning_it_opened_is_caught() -> None:
    """A cassette's Anthropic reply cut at max_tokens (mixed_recorded_api_cassettes): a lead-in,
    then a thinking block opened on its own line and never closed; no guide came."""
    text = (
        "I'll provide a comprehensive overview of writing JavaScript with some practical examples "
        "and best practices.\n\n<Thinking>\nI'll break down JavaScript fundamentals into several "
        "key areas:\n1. Basic syntax and structure\n2. Variables and data types"
    )
    failure, names = hand(text, "How do I write js?")
    assert failure, names
    assert "degenerate" in names, names


def test_a_closed_reasoning_block_before_the_answer_is_left() -> None:
    text = (
        "Here is the short version.\n<thinking>\nThe user wants the gist.\n</thinking>\n"
        "JavaScript runs in the browser; declare variables with `let` and `const`, and write "
        "functions with `function` or arrow syntax."
    )
    _, names = hand(text, "How do I write js?")
    assert "degenerate" not in names, names
