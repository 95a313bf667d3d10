"""Round 35 (engineer 192): an agent's turn that only announces the work and stops.

The agent loop takes a turn with no tool call for the end of the task; a turn that only
promised the work ("Let me check the logs:", "I'll start by reading the config first",
"Understood. I'm continuing now ...", "好的我去执行") is the core false "done" (announces_only).
Texts: agents' turns quoted in trackers (the round's fresh batch, its tune share) and the
tune part's agent texts; the answers: agents' final reports that end on a next step, and
people's promises in threads.

- Caught: every sentence announces the work to come or only acknowledges, and the work is said
  to be for this turn (a step word, a purpose of looking, a colon at the end). A bare "Let me
  check X:" is not read as one (on the check set it took answers too): "now let me", "let me
  first" are.
- Left: a report of done work or a finding with the next step after it, a person's promise
  for later ("I'll fix it tomorrow", "I'll check it out, thanks"), a request for a plan.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

CAUGHT = (
    # ("text", "the request"): Claude Code, Codex, Gemini CLI, LLxprt, Qwen turns that ended here
    ("\n\nNow let me write the full Rust implementation.", ""),
    (
        "Let me first get a complete picture of all files that reference OperationsLead or "
        "ReadOnly in the source code.",
        "Implement",
    ),
    (
        "I will first read the project rules and the worktree skill, then execute the preflight "
        "and create the workspace.",
        "Create a new worktree workspace: risk_bugfix",
    ),
    ("I haven't applied the fix yet. I'll update it now and run the focused tests.", ""),
    ("I\u2019ll inspect the relevant documentation and task configuration first", ""),
    ("I\u2019ll read that file and then summarize the instructions for you.", ""),
    (
        "Understood. I\u2019m continuing now with that exact comparison and will return\n"
        "  results only once complete.",
        "",
    ),
    (
        "Still in progress \u2014 running the cross-engine diffs now (PGSQL tables vs DuckDB\n"
        "  *_latest views) and gathering mismatch summaries + sample keys.",
        "continue",
    ),
    (
        "Approved. I proceed to instrument the detailed logs using a precise replace operation.",
        "Sure, proceed.",
    ),
    ("Would you like me to proceed with the first fix?", "Fix these 10 bugs in this Go project"),
    ("\u597d\u7684\u6211\u53bb\u6267\u884c", ""),
    # a docs generator's whole output (the tune part's mixed_generated_docs_commits)
    (
        "I'll explore the repository structure to identify dependencies and create a "
        "comprehensive CycloneDX SBOM.",
        "",
    ),
)


@pytest.mark.parametrize(("text", "question"), CAUGHT)
def test_a_turn_that_only_announces_the_work_is_a_failure(text: str, question: str) -> None:
    failure, names = hand(text, question) if question else hand(text)
    assert failure, (text, names)
    assert "announces_only" in names


LEFT = (
    # a report of done work that ends on the next step
    (
        "I have successfully changed the footer group title to 'Document'.\n\nNow, I will run "
        "`npm run build` again to ensure that this change hasn't introduced any new errors.",
        "",
    ),
    (
        "That wraps up requirements gathering \u2014 assumptions, the specification and the "
        "intake manifest are all committed and pushed.\n\nNext up is the design phase.\n\n"
        "Run `/clear` then `/continue` when you're ready to move on.",
        "",
    ),
    # a finding, then the next look
    (
        "The pod has restarted 3 times with exit code 1. Let me fetch the logs to see what errors "
        "are occurring.",
        "",
    ),
    # people's promises in a thread: for later, or only "it"
    ("I'll check it out.", ""),
    ("I will fix all bugs with user.send_message() in the next few days", ""),
    ("@fgregg - working on a fix. I'll send an update when it's back up.", ""),
    # the user's own code awaited
    (
        "Understood. I'll wait for you to provide the new code for `docusaurus.config.ts`. Once "
        "I receive it, I will replace the existing content.",
        "",
    ),
    # a plan was asked for
    (
        "I'll first read the config, then update the parser and run the tests.",
        "What is your plan to fix the parser? List the steps.",
    ),
)


@pytest.mark.parametrize(("text", "question"), LEFT)
def test_a_report_a_finding_or_a_persons_promise_is_left(text: str, question: str) -> None:
    failure, names = hand(text, question) if question else hand(text)
    assert "announces_only" not in names, (text, names)
    assert not failure, (text, names)
