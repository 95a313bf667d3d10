"""Round 35 (engineer 188): an artefact a tool committed or published (a doc page, a commit
message, a post, a product text) that is the model's talk instead of the artefact.

- announces_only (read by talk_only_signals, the work only announced): only the plan of the
  work, one step of it to understand something first ("I'll explore the repository structure
  to understand the codebase ..."). Left: a person's promise on a tracker, an agent's first
  step with no purpose named (a tool call follows it). Not read: "I need to explore ... Let me
  start by examining the repository." ("let me start by" is also an agent's first step that a
  tool call follows, holmesgpt's).
- offers_only: only an offer of MORE work ("If you want, I can also ...", "Would you like me
  to generate ... next?"). Left: a reviewer's question.
- blocked_by_failure: it opens with the speaker unable to go on because of a failure it names
  ("I'm unable to access the repository due to GitHub API rate limits."). Left: an answer that
  says a limit of the reader.
- fill_in_left: copy with a numbered series of fill-in slots or a fill-in instruction left in
  it ("[task 1], [task 2]", "Insert your product description here"). Left: a letter template
  a user asked for ("Dear [Customer Name], ...").
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand, is_failure

CAUGHT = (
    # corpus mixed_generated_docs_commits (tune part): doc pages an AI generator committed
    # (manos-saratsis/mintlify-docs), each the agent's opening sentence and nothing else
    (
        "I'll explore the repository structure to understand the codebase and identify the "
        "relevant files for documenting code style and development standards.",
        None,
        "announces_only",
    ),
    # corpus mixed_published_ai_content_slips: the chatbot's follow-up printed in a newspaper
    (
        "If you want, I can also create an even snappier \u2018front-page style\u2019 version "
        "with punchy one-line stats and a bold, infographic-ready layout \u2014 perfect for "
        "maximum reader impact. Do you want me to do that next?",
        None,
        "offers_only",
    ),
    # mgifford/ACCESSIBILITY.md#142: the README's last line, a chat assistant's follow-up
    (
        "**Would you like me to generate a sample `specification.md` next to define the exact "
        "Markdown headings and data structures for this standard?**",
        None,
        "offers_only",
    ),
    # mintlify-docs again: the doc page is the agent's note that a rate limit stopped it
    (
        "I apologize, but I'm currently unable to access the repository due to GitHub API rate "
        "limits. To create accurate, code-based documentation for the Compliance Readiness "
        "Assessment Tutorial, I need to:\n\n1. Access and read the source files "
        "(src/pages/Compliance.tsx and src/pages/ProductCompliance.tsx)\n2. Analyze the actual "
        "implementation of compliance features\n3. Verify all functionality exists in the "
        "codebase before documenting it\n\nCould you please:\n- Provide the content of these "
        "files directly, or\n- Wait a short period for the API rate limit to reset, or\n- "
        "Provide a GitHub access token that can be used to make authenticated requests (which "
        "have higher rate limits)\n\nThis will ensure I can generate documentation that "
        "accurately reflects the actual implementation rather than assumptions.",
        None,
        "blocked_by_failure",
    ),
    # corpus mixed_published_ai_content_slips: product texts published unfilled
    (
        "This product can be used for [task 1], [task 2], and [task 3].",
        None,
        "fill_in_left",
    ),
    (
        "Nosso [produto] pode ser usada para uma variedade de tarefas, como [tarefa 1], "
        "[tarefa 2] e [tarefa 3], tornando-a uma adi\u00e7\u00e3o vers\u00e1til \u00e0 sua casa",
        None,
        "fill_in_left",
    ),
    ("Insert your product description here now", None, "fill_in_left"),
)


@pytest.mark.parametrize(("text", "question", "name"), CAUGHT)
def test_talk_in_place_of_the_artefact_is_a_failure(
    text: str, question: str | None, name: str
) -> None:
    failure, names = hand(text, question) if question else hand(text)
    assert failure, (text, names)
    assert name in names
    # (and the judge reads it: no failure word, yet not cleared unread)
    assert is_failure(text, question) if question else is_failure(text)


LEFT = (
    # robusta-dev/holmesgpt's conversation fixtures: an agent's first step, a tool call after it
    (
        "I'll investigate the payment-service API errors. Let me start by checking the pod "
        "status and recent events.",
        None,
        "announces_only",
    ),
    # a maintainer's promise on a tracker
    ("I'll review, test and merge in the evening, thanks!", None, "announces_only"),
    # a reviewer's question: it offers nothing more
    (
        "should i move `response => response,` to the next line as well for consistency?",
        None,
        "offers_only",
    ),
    # a limit said of the reader, not the speaker's block
    (
        "You can't send more than 5 requests per second due to the rate limit, so batch them.",
        None,
        "blocked_by_failure",
    ),
    # a letter template a user asked for (corpus, tune part): its slots are the answer
    (
        "Dear [Customer Name],\n\nI am writing to apologize for the delay in your order. I know "
        "that you were expecting your order to arrive on [date], and I am truly sorry.\n\n"
        "Sincerely,\n[Your Name]",
        "Write an apology email to a customer whose order is late.",
        "fill_in_left",
    ),
)


@pytest.mark.parametrize(("text", "question", "name"), LEFT)
def test_talk_beside_or_about_the_work_is_left(text: str, question: str | None, name: str) -> None:
    _, names = hand(text, question) if question else hand(text)
    assert name not in names, (text, names)
