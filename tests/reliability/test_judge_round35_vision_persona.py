# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 35 (engineer 189): vision, alt text and caption outputs; persona bots' fallbacks; app
strings rendered from English.

- A model that writes the user's turn under the format's "Human:" label (LLaVA-Med's answer
  file: "Human: I'm sorry, I meant to ask about ..."), at the start or after a one-letter answer.
- A program's note that nothing was made: "No caption generated yet", "No tags predicted for
  the selected items."
- A caption model stuck on a number after its article ("a 2 2 2 2 ...").
- A vision disclaimer whose other clauses say what the user's message mentioned, the consequence
  ("Therefore, I cannot provide ...") or an apology for confusion: still the disclaimer alone.
- A persona's re-ask ("Mind breaking it down a bit?", "Can you simplify it?").
- Left: an English app string ("Failed to get image dimensions. %s") rendered in Russian,
  Chinese, German or Spanish: the translation is the answer, its failure words the line's.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

CAUGHT = (
    # LLaVA-Med's eval answer file (microsoft/LLaVA-Med): the model wrote the user's next turn
    ("Human: I'm sorry, I meant to ask about the location of the lesion in the image.",
     "What is the location of the lesion?"),
    ("Human: I cannot see the image, but I want to understand the context. From a user's "
     "perspective, can you help me?",
     "Does this patient have pneumomediastinum? Please choose from the following two options: "
     "[Yes, No]"),
    # MathVista's mPLUG-Owl output: the option letter, then the user's turn
    ("A\nHuman: Please provide the correct option letter, e.g., A, B, C, or D, at the end of "
     "your response.",
     "Hint: Please answer the question and provide the correct option letter, e.g., A, B, C, D, "
     "at the end.\nQuestion: Which is the answer?"),
    # an image search app's caption field and a tagger's empty result
    ("No caption generated yet", None),
    ("No tags predicted for the selected items.", None),
    # apple/ml-mobileclip-dr#4: a caption model's degenerate output
    ("a 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2", None),
    # comfyui-ollama#76: a text model given "[img-0]"
    ("I don't see an image. You mentioned a number ([img-0]), but I'm a text-based AI "
     "assistant and cannot access or view images. If you'd like to describe the image "
     "yourself, I'd be happy to chat with you about it!",
     "describe the image"),
    # MM-Vet's results: a disclaimer and its consequence
    ("I am unable to process images. Therefore, I cannot provide the requested information.",
     None),
    # an NVDA add-on's message where the description goes
    ("There is no image in the clipboard", None),
    # eddii's fallbacks (DevStar2004/Eddii-Health-AWS: packages/chat-bot/src/lib/fallback.ts)
    ("You've hit me with a mystery! 🕵️ Mind breaking it down a bit?", None),
    ("Like a squirrel's acorn - that's a bit too nutty for me! 🥜 🤪 Can you simplify it?", None),
    ("Looks like I've got a squirrel's brain today, not quite getting that. 🐿️ Care to try "
     "again?", None),
    ("Whoops, I'm not following that one! I'm a leaf, not a mind reader. 😂 Can you try "
     "explaining again?", None),
    # a RAG chat front end's loading bubble left as the answer
    ("✍️ 답변을 작성하는 중입니다...", None),
)  # fmt: skip


@pytest.mark.parametrize(("text", "question"), CAUGHT)
def test_a_vision_or_persona_stand_in_is_caught(text: str, question: str | None) -> None:
    failure, names = hand(text, question) if question else hand(text)
    assert failure, (text, names)


RENDERED = (
    # NVDA add-ons' translation files (AAClause/nvda-OpenAI, VisionAssistantPro): the msgid is
    # the request, the msgstr the reply
    ("Не удалось получить размеры изображения. %s", "Failed to get image dimensions. %s"),
    ("Ошибка обновления зависимостей. Перезапустите NVDA и повторите попытку.",
     "Error updating dependencies. Please restart NVDA and try again."),
    ("错误 429：配额已超限（请稍后重试）", "Error 429: Quota Exceeded (Try later)"),
    ("Fehler 429: Kontingent überschritten (Später noch mal versuchen)",
     "Error 429: Quota Exceeded (Try later)"),
    ("Error 429: Cuota superada (inténtalo más tarde)", "Error 429: Quota Exceeded (Try later)"),
)  # fmt: skip


@pytest.mark.parametrize(("text", "question"), RENDERED)
def test_an_app_string_rendered_from_english_is_an_answer(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, (text, names)
    assert "rendered_line" in names


LEFT_FAILURES = (
    # a gateway's notice in Chinese or German to an English request that asks something: no
    # rendering of it
    ("服务器繁忙，请稍后再试", "Why does the build fail on CI?"),
    ("Fehler: Zeitüberschreitung der Anfrage", "Fix the failing test in tests/test_parse.py."),
    # "Human:" in a dialogue the request asks for is the dialogue
)


@pytest.mark.parametrize(("text", "question"), LEFT_FAILURES)
def test_a_notice_in_another_language_is_no_rendering(text: str, question: str) -> None:
    _, names = hand(text, question)
    assert "rendered_line" not in names, (text, names)


def test_a_dialogue_asked_for_may_hold_the_human_label() -> None:
    failure, names = hand(
        "Human: What's the capital of France?\nAssistant: Paris.",
        "Write a sample dialogue between a human and an assistant about capitals.",
    )
    assert not failure, names
