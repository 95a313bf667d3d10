# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 37 (engineer 200): a pipeline asks a model for an artifact (a translation, a summary, a
rewrite) and the model talks about the task instead of doing it.

- The speaker naming itself an AI is one reading, `refusal_grammar`'s (`AS_MODEL_ANY`), which
  `transform_meta` reads too: a word of it learned by one reader is learned by both ("作为一个大
  语言模型", "I'm merely a language model", "as a text-based model").
- Caught: a reply that says it needs the text to do the transform ("I need the text to
  translate."), asks the requester to clarify what to transform, asks for the text and the
  target language, says the input is empty ("The provided text appears to be empty.", "The
  document you provided contains no text to summarize."), or ends on a lead-in with nothing
  after it ("... Here's the translation:").
- Left: the transform done after the lead-in, a lead-in of a list answered, a request for the
  text to a question that asked for no transform.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand
from tether.reliability.refusal_grammar import AS_MODEL_ANY, names_model

TRANSLATE = (
    "Translate the following text into French:\n\nThe quick brown fox jumps over the lazy dog."
)


@pytest.mark.parametrize(
    "text",
    [
        "As an AI language model, I cannot translate this text.",
        "I'm merely a language model and cannot render documents.",
        "As a text-based model, I can't read the image you attached.",
        "作为一个大语言模型，我无法翻译这段文本。",
        "作為一個人工智慧，我無法翻譯。",
    ],
)
def test_the_speaker_named_an_ai_is_one_reading(text: str) -> None:
    # refusal_grammar's English and Chinese reading, and transform_meta's (AS_MODEL_ANY)
    assert names_model(text.lower()) is not None
    assert AS_MODEL_ANY.search(text) is not None


def test_the_other_languages_are_read_in_the_text_as_written() -> None:
    assert AS_MODEL_ANY.search("Als KI-Sprachmodell kann ich das nicht übersetzen.") is not None
    assert (
        AS_MODEL_ANY.search("En tant que modèle de langage, je ne peux pas traduire.") is not None
    )


@pytest.mark.parametrize(
    "text",
    [
        "As an AI language model, I cannot translate this text.",
        "作为一个大语言模型，我无法翻译这段文本。",
    ],
)
def test_a_translation_refused_as_an_ai_is_caught(text: str) -> None:
    failure, names = hand(text, TRANSLATE)
    assert failure, names


CAUGHT = (
    "I need the text to translate.",
    "I'll need the full document in order to summarize it.",
    "Could you please clarify what you'd like me to translate?",
    "I'm a translation assistant. Please send me the text and the target language.",
    "It seems like you want me to translate the text. Here's the translation:",
    "I understand the request.\nHere is the French translation:",
    # the input said to be empty, in place of its rendering
    "The provided text appears to be empty.",
)


@pytest.mark.parametrize("text", CAUGHT)
def test_talk_about_the_transform_in_place_of_it_is_a_failure(text: str) -> None:
    failure, names = hand(text, TRANSLATE)
    assert failure, (text, names)
    assert "transform_meta" in names


LEFT = (
    # the transform done after its lead-in
    ("It seems you want it in French. Here's the translation: Le renard brun saute.", TRANSLATE),
    ("Le renard brun rapide saute par-dessus le chien paresseux.", TRANSLATE),
    # a request for the text to a question that asked for no transform (round 31's reading)
    ("Please provide the text you would like me to translate.", "Can you help me with my homework"),
    # an input said to be empty in a diagnosis, to a question that asked no transform
    ("Your input file is empty, so the loop never runs.", "Why does my script print nothing?"),
    # a lead-in ending a line of an answer that names no transform
    ("The build failed twice. Here is what I changed:", "What did you change?"),
)


@pytest.mark.parametrize(("text", "question"), LEFT)
def test_the_transform_done_or_a_reply_to_no_transform_is_left(text: str, question: str) -> None:
    _, names = hand(text, question)
    assert "transform_meta" not in names, (text, names)
