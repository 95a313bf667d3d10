# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 39 (engineer 218): talk in place of the artifact a pipeline committed.

- transform_meta, where no transform is asked: a reply that asks for the text to translate
  (naming the transform: "请提供您需要翻译的英文文本") is a model's reply to a translation call
  that had no text, committed where the rendering should be (a README.zh.md). Left: the same
  request to a question or a plea for help ("Can you help me with my homework"), where asking
  for the material is the right reply.
- no_change_verdict: a README updater's model judged no update was needed and said so, in a
  model's voice on its input ("The README file does not need to be updated based on the
  provided code changes and commit messages."), at the end of the old text echoed or alone:
  the verdict was committed as the README. Left: a review's bare "No change needed.", a list
  item's "no changes needed" in mid-reply, a person's plain "the docs need no change".
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand, is_failure

TEMPLATE = (
    "# AI for Developer Productivity: Technical Writer Agent\n\n## Overview\nIn this project, "
    "we developed a **Technical Writer Agent** to enhance developer productivity. The core "
    "functionality of our agent leverages Retrieval-Augmented Generation (RAG) to dynamically "
    "update and refine technical documentation.\n\n## Submission Guidelines\n- **Sensitive "
    "Information:** If your implementation involves sensitive information, you are not "
    "required to submit a public repository. Instead, a detailed review of your project "
    "through a Loom video is acceptable, where you can demonstrate the functionality and "
    "discuss the technologies used without exposing confidential data.\n\n---\n\n"
)

CAUGHT = (
    # mcp-tool-shop-org/prompt-craft README.zh.md (corpus mixed_pipeline_committed_artifacts):
    # the translation pipeline's call had no text, its reply was committed as the README
    ("请提供您需要翻译的英文文本", None, "transform_meta"),
    ("Please provide the text you would like me to translate.", None, "transform_meta"),
    # pbiswas33/ai-school-tech-writer README.md (corpus mixed_generated_docs_commits)
    (
        "Based on the code changes and commit messages provided, it seems that the README does "
        "not need to be updated as the changes and messages are related to code improvements "
        'and error handling in the script. The commit message "Renamed VeriableHere" appears '
        "to be a typo and does not indicate any specific README update requirement.",
        None,
        "no_change_verdict",
    ),
    # nwthomas/ai-school-tech-writer README.md: the template echoed, the verdict appended
    (
        TEMPLATE + "The README file does not need to be updated based on the provided code "
        "changes and commit messages.",
        None,
        "no_change_verdict",
    ),
    # michael-sponsorcx/ai-school-tech-writer README.md
    (
        TEMPLATE + "Consider the code changes and commit messages, I didn't find any direct "
        "impact on the README file, so no update is needed at this time.",
        None,
        "no_change_verdict",
    ),
    # Aider-AI/aider commit bcc51b6: the model's note on the message became the message
    (
        "It looks like this message is a commit message, not a message to the user. It can be "
        "used as is.",
        None,
        "no_change_verdict",
    ),
)


@pytest.mark.parametrize(("text", "question", "name"), CAUGHT)
def test_talk_in_place_of_the_committed_artifact_is_a_failure(
    text: str, question: str | None, name: str
) -> None:
    failure, names = hand(text, question) if question else hand(text)
    assert failure, (text, names)
    assert name in names
    # (and the judge reads it: no failure word, yet not cleared unread)
    assert is_failure(text, question) if question else is_failure(text)


LEFT = (
    # asking for the material is the right reply to a plea for help or a question
    ("Please provide the text you would like me to translate.", "Can you help me with my homework"),
    ("请提供您需要翻译的英文文本", "你能帮我一个忙吗？"),
    # an agent's review (corpus mixed_mcp_tool_errors_as_replies): no artifact named
    (
        "Tool errors use isError in the result. Protocol errors use error field. Current "
        "implementation is CORRECT per MCP spec. No change needed.",
        None,
    ),
    # a list item's verdict in mid-reply, a report going on after it
    (
        "6. **CSS Classes:** Already unified in spotter.css, no changes needed\n\n---\n\n"
        "### Relevant File Paths\n\n- `src/spotter.css`",
        None,
    ),
    # a person's plain ruling in a thread: no model's voice
    ("The documentation does not need to be updated, the flag is internal.", None),
)


@pytest.mark.parametrize(("text", "question"), LEFT)
def test_a_clarifying_reply_or_a_plain_ruling_is_left(text: str, question: str | None) -> None:
    failure, names = hand(text, question) if question else hand(text)
    assert "transform_meta" not in names and "no_change_verdict" not in names, (text, names)
    assert not failure, (text, names)
