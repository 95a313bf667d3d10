"""A chat turn where a commit message was asked (`chat_for_commit`), read further.

- A lead-in's colon followed by a numbered list is a summary of the work, not a commit message
  introduced ("The implementation looks great! You've ... key improvements:\\n\\n1. ...").
- The signal outweighs the prose it is made of: a chat turn is long, explains, lists files in
  backticks, which otherwise reads as a real answer.
Left: a reply that gives a subject line after its lead-in, a commit message with a numbered
body, a numbered summary where no commit message was asked.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand
from tether.reliability.commit_message_signals import chats_in_place

# A coding assistant's commit-message request (its system prompt and the diff after it).
COMMIT_ASKED = (
    "You are an expert software engineer that generates concise, one-line Git commit messages"
    " based on the provided diffs.\nReview the provided context and diffs which are about to be"
    " committed to a git repo.\nGenerate a one-line commit message for those changes.\nReply"
    " only with the one-line commit message, without any additional text.\n\n(the diff)"
)

# Paraphrased from aider-made commits in the tune part (a review chat turn committed as the
# message).
CHAT_TURNS = [
    "The implementation looks great! You've successfully built a consistent error handling "
    "system with several key improvements:\n\n1. Centralized error catalog with standard codes "
    "and messages\n2. One API error class\n3. Consistent logging to the KV store\n4. Simpler "
    "request handling\n\nA few observations and possible future enhancements:\n\n### Possible "
    "Improvements\n\n1. **Error Tracking**: Consider adding a unique error ID to each log entry."
    "\n\n```typescript\nexport function errorBody(error: ApiError) {\n  return { success: false,"
    " error: { code: error.code, message: error.message } };\n}\n```",
    "The updated SEARCH/REPLACE block looks good. The changes should resolve the test failures "
    "by skipping the version check during the tests.\n\nHere's a summary of the changes:\n\n1. "
    "Added `setUpClass` and `tearDownClass` methods to the `TestMain` class.\n2. In `setUpClass`"
    ', set the `AIDER_SKIP_VERSION_CHECK` environment variable to `"1"`.\n3. In '
    "`tearDownClass`, remove the `AIDER_SKIP_VERSION_CHECK` environment variable.\n\nThese "
    "changes ensure the version check is skipped while the tests run, so you can run them "
    "without the network.",
]


@pytest.mark.parametrize("text", CHAT_TURNS)
def test_a_chat_turn_in_the_commit_message_place_is_caught(text: str) -> None:
    failure, names = hand(text, COMMIT_ASKED)
    assert failure, names
    assert "chat_for_commit" in names


@pytest.mark.parametrize(
    "text",
    [
        # a lead-in, then the subject line it introduces
        "Sure, here you go:\n\nAdd retry logic to the HTTP client\n\n1. Retry failed requests "
        "with exponential backoff\n2. Log each retry",
        # a commit message whose body is a numbered list
        "feat: add retry logic to the HTTP client\n\n1. Retry failed requests with exponential "
        "backoff, up to five attempts\n2. Log each retry with the status code",
        "Here's a concise commit message for these changes:\n\nrefactor: split the request "
        "handler into parsing and dispatch\n\n1. Parsing moves to parse.ts\n2. Dispatch keeps "
        "the routing table",
    ],
)
def test_a_commit_message_with_a_numbered_body_is_no_chat_turn(text: str) -> None:
    assert chats_in_place(text) is None
    failure, names = hand(text, COMMIT_ASKED)
    assert not failure, names


@pytest.mark.parametrize("text", CHAT_TURNS)
def test_a_review_where_no_commit_message_was_asked_is_an_answer(text: str) -> None:
    failure, names = hand(text, "Review my error handling changes and tell me what you think.")
    assert not failure, names
    assert "chat_for_commit" not in names


# A documentation generator's verdict that the document needs no update (`docs_need_no_update`)
# left where the updated README was to be: after the template echoed unchanged, or alone.
# Paraphrased from READMEs committed by forks of one README-updater in the tune part.
README_TEMPLATE = (
    "# Technical Writer Agent\n\n## Overview\nIn this project, we built a **Technical Writer "
    "Agent** to help developers: it reads each pull request and updates the documentation to "
    "match the code.\n\n## Requirements\n- Python 3.11\n- An OpenAI API key\n\n## Submission\n"
    "Record a short video that shows the agent working on a real pull request."
)


@pytest.mark.parametrize(
    "text",
    [
        README_TEMPLATE + "\n\n---\n\nThe README file does not need to be updated based on the "
        "provided code changes and commit messages.",
        README_TEMPLATE + "\n\n---\n\nConsidering the code changes and commit messages, I didn't "
        "find any direct impact on the README file, so no update is needed at this time.",
        README_TEMPLATE + "\n\n---\n\nThe README file remains relevant and does not require any "
        "updates based on the provided code changes and commit messages.",
        "Based on the code changes and commit messages provided, it seems that the README does "
        "not need to be updated, as the changes concern code improvements and error handling in "
        "the script.",
    ],
)
def test_a_no_update_verdict_in_place_of_the_document_is_caught(text: str) -> None:
    failure, names = hand(text, "")
    assert failure, names
    assert "docs_need_no_update" in names


@pytest.mark.parametrize(
    ("text", "question"),
    [
        # an agent's report of its work, ending on the docs it left alone
        (
            "I fixed the off-by-one in `parse_range` and added a test for the empty range.\n\n"
            "The README does not need to be updated: the public API is unchanged.",
            "",
        ),
        # the verdict asked for
        (
            "Based on the diff, the README does not need to be updated: no option or command "
            "changed.",
            "does the readme need to be updated for this diff?",
        ),
        # a README that documents its own upkeep
        (
            README_TEMPLATE + "\n\n## Update Log\n- Updated `utility.py` to format the dbt yml "
            "data.\n- The agent now skips pull requests whose README does not need to be "
            "updated, and says so in its comment.",
            "",
        ),
    ],
)
def test_a_no_update_verdict_that_is_no_stand_in_is_an_answer(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, names
    assert "docs_need_no_update" not in names
