# ruff: noqa: RUF001  (texts in Chinese use their own punctuation)
"""Round 33 (engineer 175): "I can't see the image" in place of the answer a vision app exists for.

A reply that is, whole, the model's disclaimer of the medium the request carries (it cannot see,
view or analyze the image, the figure, the video), with at most an apology, a reason ("I am a
text model") and an offer to help otherwise or a request for the image again: nothing of the
task is done (disclaims_medium).

- Caught: the disclaimers of vision benchmarks' recorded outputs (MathVista, MM-Vet, MMMU,
  Bingo), in English and Chinese.
- Left: a reply that does the part it can after the disclaimer, a finding about the image's
  content ("I can't see any red bicycles"), an answer to "can you see images?", a disclaimer
  the request foresees or a system prompt set up, a grader's verdict that quotes a disclaimer.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import HAND, hand
from tether.messages import Message, Request
from tether.reliability.judge import read_text

QUESTION = "Question: What is the sum of the two numbers visible in the picture?"

CAUGHT = (
    # each fails at JOIN (496dd4e); corpus mixed_vision_language_outputs (tune part)
    # lupantech/MathVista's recorded model outputs
    "I can't see any numbers in the picture you sent me. Can you please send me the picture again?",
    'I cannot answer the question "What number is shown?" because I do not see any image. '
    "Can you please provide the image?",
    "I'm sorry, but I cannot see any figures inside the boxes. Please provide the correct visual "
    "information for me to assist you better.",
    # mmmu-benchmark/MMMU's recorded outputs
    "I'm sorry, but I can't see or analyze images. However, I can help with text-based questions "
    "or descriptions. Let me know how I can assist!",
    # gzcch/Bingo's recorded outputs
    "Sorry, I can't help with identifying or making assumptions about brands in images.",
    "I'm sorry, but it seems there has been an error because no image is visible in your message."
    " If you would like to analyze or discuss an image of isosceles triangles, please try "
    "uploading the image again, and I'll be glad to help with any questions you have about it.",
    # lambdalabsml/llama-3.2-vision-study
    "I'm sorry, I can't identify the person in the image.",
    # a client's stock line where the model took no image
    "\u26a0\ufe0f Can't see images",
    # a Chinese model's disclaimer and its reason (the corpus's Chinese vision replies)
    "对不起，由于这是一个图像选择题，我无法进行解析和回答。我的功能目前仅支持文本分析和处理。",
    "很抱歉，我无法查看图片。请您描述一下图片的内容。",
)


@pytest.mark.parametrize("text", CAUGHT)
def test_a_disclaimer_of_the_medium_alone_is_a_failure(text: str) -> None:
    failure, names = hand(text, QUESTION)
    assert failure, (text, names)
    assert "disclaims_medium" in names


LEFT = (
    # the part it can, after the disclaimer (MathVista's and MMMU's answers, same corpus)
    (
        "I can't see the building through the window in the image you sent. So, I can't answer"
        " the question. The answer is (B), No.",
        QUESTION,
    ),
    (
        "The answer is (B), No.\n\nI cannot see any brown SUVs in the image. There is only one "
        "brown school bus.",
        QUESTION,
    ),
    (
        "I'm unable to see the image, but the description suggests you should identify a biome "
        "with snow-capped mountains and sparse vegetation, which is typical of a tundra.",
        QUESTION,
    ),
    ("I can't see any red bicycles in the image, but I can see two small yellow buses.", QUESTION),
    # a question about the model's faculties, answered by the disclaimer
    (
        "I'm sorry, I can't see images. If you describe the picture, I'd be happy to help.",
        "Can you see images?",
    ),
    # the request foresees it (Bili.Copilot's template: "remind me you cannot answer")
    (
        "很抱歉，由于我无法直接观看视频内容，因此无法为您总结其内容。如果您有需要，请您将视频中的主要内容提供给我。",
        "总结这个视频的内容（模板：如果内容无效，你需要提醒我无法回答问题，让我自行观看视频）",
    ),
    # a grader that quotes a refusal, and a text model's disclaimer of a thing it cannot do
    # (no medium: the app did not exist for it)
    (
        'The response "I cannot see the image" does not answer the question. Score: 1',
        "Grade the assistant's answer from 1 to 10.",
    ),
    (
        "As an AI language model, I don't have the ability to write code myself. But I can "
        "certainly assist you in writing code by providing relevant information and examples.",
        "Write a python function that adds two numbers.",
    ),
)


@pytest.mark.parametrize(("text", "question"), LEFT)
def test_a_disclaimer_with_the_task_done_or_asked_for_is_left(text: str, question: str) -> None:
    _, names = hand(text, question)
    assert "disclaims_medium" not in names, (text, names)


def test_a_refusal_a_system_prompt_set_up_is_left() -> None:
    request = Request(
        messages=(
            Message.text("system", "You are a museum guide. Never identify people in photos."),
            Message.text("user", "Who is the man in this photo?"),
        )
    )
    text = "I'm sorry, I can't identify people in photos. Would you like to hear about the frame?"
    names = {s.name for s in read_text(text, request, config=HAND).signals}
    assert "disclaims_medium" not in names, names
