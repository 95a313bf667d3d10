# ruff: noqa: RUF001, RUF002  (Chinese lines use their own punctuation)
"""Round 39 (engineer 220): an agent's last turn that ends where the rest of the work was to
begin.

A coding agent's session that stops on a turn with no tool call has done what that turn says,
no more. Three shapes of such a turn were still read as answers:

- a short report of one step that ends on the next step announced in the narration form an
  agent uses ("Shrunk them to crow size. Now let me write the creation process document.",
  "Let me start by exploring the directory structure."): `talk_only_signals.ends_announcing`;
- the work announced, with no step word, to a plain task ("update that task spec to account
  for: ..." -> "I'll update the task specification with these additional requirements."): the
  turn the task was given for is the time it is for (`announced_steps(..., to_task=True)`);
- an announcement whose colon ends the reply ("现在让我为您创建一个...示例："): a lead-in with
  nothing after it shows nothing, and takes no evidence back (`answer_signals.introduced`).

A person's word in a thread ("The pod restarted 3 times. Let me fetch the logs."), a report of
done work, and a lead-in with what it introduces after it stay answers.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

CAUGHT = (
    # mixed_agent_session_transcripts_last_turns: the README done, the second file only
    # announced, and the session's last turn ends there
    (
        "Shrunk them to roughly crow-sized (~0.8m wingspan, 0.2m body). Now let me write the "
        "creation process document.",
        "Then create a README for git that has all the features.  And then create another file "
        "that describes the process of creation, with a thematic analysis of the discusisons we "
        "have had from beginning to now.",
        "ends_announcing",
    ),
    # mixed_generated_docs_commits: a docs generator's committed page, the agent's first step
    (
        "I need to access the repository to analyze the source code and generate accurate "
        "documentation for Data Privacy and Protection Policies. Let me start by exploring the "
        "repository structure.",
        "",
        "ends_announcing",
    ),
    # mixed_agent_session_transcripts_last_turns: the spec to update, only promised
    (
        "I'll update the task specification with these additional requirements.",
        "update that task spec to account for:\n\n- the title should be ai-generated in the "
        "conventional commits format\n- neither the session name nor task id need to be provided "
        "if there's a currently active session",
        "announces_only",
    ),
    # mixed_agent_turns_with_tool_call_record: a manus-style run's last thought, no tool call
    ("现在让我为您创建一个专门针对东京行程的预算估算示例：", "", "announces_only"),
)


@pytest.mark.parametrize(("text", "question", "signal"), CAUGHT)
def test_a_last_turn_that_stops_before_the_work_is_caught(
    text: str, question: str, signal: str
) -> None:
    failure, names = hand(text, question) if question else hand(text)
    assert failure, (text, names)
    assert signal in names, (text, names)


LEFT = (
    # a person's next step in a thread, in no agent's narration form
    ("The pod restarted 3 times. Let me fetch the logs.", ""),
    # a report of the work done, an offer after it
    (
        "I updated `parse_header` to skip empty lines and added a regression test; all 42 tests "
        "pass now. Let me know if you want the same change in `parse_footer`.",
        "",
    ),
    # a lead-in with what it introduces after it (mixed_agent_session_transcripts_last_turns'
    # answers: the document follows its announcement)
    (
        "Now let me write the creation process document:\n\n# Creating VR Forest\n\nThe forest "
        "began as a single flat plane with instanced trees; terrain noise, water ponds and "
        "shorelines came next, each driven by a user request in the transcript.",
        "Then create another file that describes the process of creation.",
    ),
    # mixed_mcp_tool_errors_as_replies: a maintainer's lead-in, its example cut by the page
    (
        "Coder's MCP server currently sends most tool execution failures as top-level JSON-RPC "
        "errors. The underlying error text is transmitted like this:",
        "",
    ),
)


@pytest.mark.parametrize(("text", "question"), LEFT)
def test_a_persons_step_a_report_or_a_lead_in_with_its_content_is_left(
    text: str, question: str
) -> None:
    failure, names = hand(text, question) if question else hand(text)
    assert not failure, (text, names)
