# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 39 (engineer 218): talk in place of the artifact a pipeline committed.

- transform_meta, where no transform is asked: a reply that asks for the text to translate
  (naming the transform: "请提供您需要翻译的英文文本") is a model's reply to a translation call
  that had no text, committed where the rendering should be (a README.zh.md). Left: the same
  request to a question or a plea for help ("Can you help me with my homework"), where asking
  for the material is the right reply.
- ... and, to a task of its own, a line that names no transform but states what the text is
  ("The text is already in English.", "The input is empty."): a text no one gave here. Left:
  the same to a question or a plea for help; an AI's words of its limits, which a reply to
  any task may hold (on the check set they took as many answers as failures).
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand, is_failure

CAUGHT = (
    # mcp-tool-shop-org/prompt-craft README.zh.md (corpus mixed_pipeline_committed_artifacts):
    # the translation pipeline's call had no text, its reply was committed as the README
    ("请提供您需要翻译的英文文本", None, "transform_meta"),
    ("Please provide the text you would like me to translate.", None, "transform_meta"),
    # made up in their image: the text said missing, a summary's text asked for
    ("You did not provide any text to translate.", None, "transform_meta"),
    ("Please share the text you want me to summarize.", None, "transform_meta"),
    # no transform named either: what the text is, said of a text no one gave here
    ("The text is already in English.", None, "transform_meta"),
    ("The input is empty.", None, "transform_meta"),
    ("Der Text ist bereits auf Deutsch.", None, "transform_meta"),
    # swoole's docs in their image: a section's text made a chat topic
    (
        "I see you have provided a version number. Is there anything specific you would like "
        "to know about it?",
        None,
        "transform_meta",
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
    ("The text is already in English.", "Can you help me with this paragraph?"),
    ("The input is empty.", "What does this function return?"),
)


@pytest.mark.parametrize(("text", "question"), LEFT)
def test_a_clarifying_reply_to_a_plea_for_help_is_left(text: str, question: str | None) -> None:
    failure, names = hand(text, question) if question else hand(text)
    assert "transform_meta" not in names, (text, names)
    assert not failure, (text, names)
