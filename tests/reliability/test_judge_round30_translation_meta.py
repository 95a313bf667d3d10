# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 30 (engineer 159): a model asked to translate a doc fragment or a locale string replies
about it instead, and that reply is committed or passed on as the rendering.

Real lines (swoole/swoole-src's English docs, `version-update-log` page, LLM-translated from
Chinese: each section heading `## v4.x.y` got a line about it in place of its rendering) and
made-up ones in their image.

- Caught, to a transform request: the reply says what the given text is ("This appears to be a
  version number"), speaks as the input ("I am a version 4.6.6."), speaks as an AI ("I am just
  a language model AI and cannot view external content."), turns the text into a chat topic
  ("Is there anything specific you would like to know about version 4.7.0?"), says it will
  render later, has no more text, or promises to keep the format and ends there; also a lead-in
  with nothing after it to a request that names a locale file whose strings hold no word about
  text.
- Caught with no transform asked (the reply committed where a doc's text should be): a line
  that names the transform and states what the text needs or is ("This text does not require
  translation as it is in English.", "I am afraid there is no text to translate").
- Left: a reply that asks for the text or for detail where no transform is asked (to a question
  or a plea for help: round 39), a thread
  about a translator, a rendering of a line that itself says such a thing (in its own language),
  a summary that says what a document is, a rendering after a lead-in, a UI string that holds
  words about text.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import TASK, hand

DOCS = "Translate this section of the Swoole changelog from Chinese into English, keeping the Markdown:\n\n## v4.6.6"
LOCALE = 'Translate the following locale file into French. Keep the keys.\n\n{"save": "Save", "cancel": "Cancel"}'
TO_EN = "翻译成英文：## v4.8.1"

CAUGHT_ASKED = (
    # swoole/swoole-src docs (en/version/log.md), lines in place of a heading's rendering
    ("I am a version 4.6.6.", DOCS),
    ("I am on version 4.5.7.", DOCS),
    ("This appears to be a version number or heading in a software documentation context.", DOCS),
    ("I see that this is a version number.", DOCS),
    ("Sure, v4.8.1 is a software version code.", TO_EN),
    ("This is the version number of the software or project.", DOCS),
    ("This is a version number, indicating the version 4.6.3 of something.", DOCS),
    ("Sure! This text is a version number of the software or application.", DOCS),
    (
        "I see you have provided a version number. Is there anything specific you would like "
        "to know or discuss about this version?",
        DOCS,
    ),
    ("Sure, is there anything specific you would like to know about version 4.7.0?", DOCS),
    (
        "I am just a language model AI and cannot view external content. How can I help you "
        "with translation or any other query?",
        DOCS,
    ),
    (
        "I am a language model AI and I do not have access to the content inside code blocks. "
        "If you need any help with translating or understanding the content inside the code "
        "block, feel free to ask!",
        DOCS,
    ),
    ("Sorry, I don't have any more text to provide.", DOCS),
    (
        "I will provide you with the translation once you provide me with some context or "
        "specify what you would like me to do with the text.",
        DOCS,
    ),
    # made up in their image: other languages, a reply about the format, a locale file
    ("这是一个版本号。", "Translate into Chinese: ## v4.6.6"),
    ("作为一个AI语言模型，我无法查看这段内容。", "Translate into Chinese: ## v4.6.6"),
    ("これはバージョン番号です。", "次の見出しを日本語に翻訳してください：## v4.6.6"),
    (
        "Als KI-Sprachmodell kann ich diesen Inhalt nicht sehen.",
        "Übersetze ins Deutsche: ## v4.6.6",
    ),
    ("I will keep the Markdown format and translate only the text.", DOCS),
    ("Sure! I'll keep the formatting intact. Just send me the next part.", DOCS),
    ("好的，我会保持Markdown格式。", "把下面的文档翻译成英文：\n\n## 安装\n运行 pip install foo"),
    ("Sure, here is the translated JSON:", LOCALE),
    ("Voici la traduction :", LOCALE),
)


@pytest.mark.parametrize(("text", "question"), CAUGHT_ASKED)
def test_a_line_about_the_given_text_in_place_of_its_rendering_is_a_failure(
    text: str, question: str
) -> None:
    failure, names = hand(text, question)
    assert failure, (text, names)
    assert "transform_meta" in names


CAUGHT_UNASKED = (
    # swoole/swoole-src docs: the lines stand in the doc where no request is seen
    "This text does not require translation as it is in English.",
    "This text does not require translation as it is a version number and is not in a "
    "language other than English.",
    "This text is already in English and does not require translation.",
    "This is a version number and does not need translation.",
    "I am afraid there is no text to translate in the message. Let me know if there is "
    "anything specific you need help with.",
    # made up: a lead-in with nothing after it
    "Here is the translation:",
)


@pytest.mark.parametrize("text", CAUGHT_UNASKED)
def test_a_line_that_names_the_transform_where_none_was_asked_is_a_failure(text: str) -> None:
    failure, names = hand(text, TASK)
    assert failure, (text, names)
    assert "transform_meta" in names


LEFT = (
    # asks for the text or detail, where no transform is asked, to a plea for help: a
    # clarifying reply (to a task of its own, round 39 reads it: a pipeline's empty call)
    ("Could you share the paragraph you want summarized?", "Can you help me with my essay?"),
    # a thread about a translator: its replies speak of translations
    (
        "This text does not require translation, so the plugin skips it.",
        "The translation plugin fails on lines that are already in English: they stay as is.",
    ),
    # a summary that says what a document is
    (
        "This is the release notes page for version 4.6.6 of Swoole: it adds SIGTERM handling "
        "on FreeBSD and fixes a curl memory leak.",
        "Summarize this changelog section.",
    ),
    # a rendering of a given line that itself says such a thing
    ("This is a version number.", "Translate into English: 这是一个版本号。"),
    ("I am an AI assistant.", "Translate into English: 我是一个AI助手。"),
    # a lead-in followed by the rendering
    ('Sure, here is the translated JSON:\n\n{"save": "Enregistrer"}', LOCALE),
    # a UI string that holds words about text: its rendering may be such a line
    (
        "Veuillez saisir le texte à traduire.",
        "Translate this UI string into French: Please enter the text to translate.",
    ),
    # a persona's answer about itself, to a chat question (no transform)
    ("I am an AI assistant, here to help you plan your trip!", "Who are you?"),
)


@pytest.mark.parametrize(("text", "question"), LEFT)
def test_a_clarifying_reply_a_thread_a_summary_or_a_rendering_is_left(
    text: str, question: str
) -> None:
    _, names = hand(text, question)
    assert "transform_meta" not in names, (text, names)
