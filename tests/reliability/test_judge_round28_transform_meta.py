# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 28 (engineer 144): a reply that talks about the request instead of doing it. Made-up
texts, both sides.

- Caught: a request to translate, summarise, rewrite, correct or extract a text, and a short
  reply about that text in place of the transform: it is missing or empty, incomplete, already
  in the language asked for, please provide it, more context is needed, only text can be
  translated, or a lead-in with nothing after it; in English, Chinese, Japanese, Korean,
  German, French, Spanish, Portuguese, Italian, Russian, Dutch, Polish and Turkish.
- Left: a rendering of a given text that itself says such a line, "Here is the translation:"
  with the translation, a summary that reports an outage, a reply to a chat question (not a
  transform) that asks for more detail, a coding agent that asks for a file, a request that
  names a UI string to translate, and a reply with no request.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import HAND, hand
from tether.messages import Message, Request
from tether.reliability.judge import read_text
from tether.reliability.transform_signals import meta_words, transform_asked

TO_GERMAN = "Translate into German: The meeting has been moved to Thursday afternoon."
TO_ENGLISH = "Translate the following into English:\n明日の会議は木曜日の午後に変更されました。"
SUMMARY = "Summarize this article in two sentences."
PROOFREAD = "Proofread this paragraph and fix the grammar."
HELP_TRANSLATE = "Help me translate this product description for our shop."

CAUGHT = (
    ("The text is already in English.", TO_ENGLISH),
    ("Please provide the text you want me to translate.", TO_GERMAN),
    ("There is no text to summarize.", SUMMARY),
    ("It seems your message is incomplete; could you share the full sentence?", TO_GERMAN),
    ("I need more context to translate this.", TO_GERMAN),
    ("Here is the translation:", TO_GERMAN),
    ("Sorry, I can only translate text.", TO_ENGLISH),
    ("It looks like you haven't provided any text yet. Could you paste it here?", PROOFREAD),
    ("Nothing to translate.", HELP_TRANSLATE),
    ("请提供需要翻译的文本。", "请把下面这段话翻译成英文"),
    ("您没有提供需要总结的内容，请发送您想总结的文字。", "请总结一下这篇文章"),
    ("这段文字已经是中文了。", "翻译成中文：今天的会议改到下午三点。"),
    ("翻訳するテキストが入力されていません。", "次の文を英語に翻訳してください"),
    ("번역할 텍스트를 입력해 주세요.", "다음 문장을 영어로 번역해 주세요"),
    ("Der Text ist bereits auf Deutsch.", "Übersetze ins Deutsche: Das Treffen ist morgen."),
    ("Bitte gib mir den Text, den ich übersetzen soll.", "Übersetze das bitte ins Englische."),
    ("Veuillez fournir le texte à traduire.", "Traduis ce paragraphe en anglais."),
    ("Por favor, proporciona el texto que deseas traducir.", "Traduce este párrafo al inglés."),
    ("Por favor, forneça o texto que deseja resumir.", "Resuma este artigo em duas frases."),
    ("Non hai fornito alcun testo da tradurre.", "Traduci questo paragrafo in inglese."),
    ("Пожалуйста, предоставьте текст для перевода.", "Переведи этот абзац на английский."),
    ("Geef me de tekst die je wilt laten vertalen.", "Vertaal deze alinea naar het Engels."),
    ("Podaj tekst, który mam przetłumaczyć.", "Przetłumacz ten akapit na angielski."),
    ("Lütfen çevirmemi istediğiniz metni paylaşın.", "Bu paragrafı İngilizceye çevir."),
    # it needs no transform, or asks which language the request named
    ("No translation is needed.", TO_GERMAN),
    ("无需翻译。", "把这句话翻译成英文"),
    ("Which language would you like it translated into?", TO_GERMAN),
    # it only promises the transform
    ("Sure, I'd be happy to translate that for you!", TO_GERMAN),
    ("好的，我来帮你翻译。", "请把下面这段话翻译成英文"),
    ("Конечно, я переведу этот текст.", "Переведи этот абзац на английский."),
    # it says the transform failed
    ("AI failed to summarize the article.", SUMMARY),
    ("翻译失败，请稍后再试。", "请把下面这段话翻译成英文"),
    ("I'm sorry, but I can't translate that.", HELP_TRANSLATE),
    ("English translation:", TO_ENGLISH),
    # asked in more words
    ("Could you please provide the text?", HELP_TRANSLATE),
    ("It appears that the paragraph you want translated is missing.", HELP_TRANSLATE),
    ("Il semble que vous n'ayez pas fourni de texte.", "Traduis ce paragraphe en anglais."),
    ("¿Podrías proporcionar el texto?", "Traduce este párrafo al inglés."),
)


@pytest.mark.parametrize(("text", "question"), CAUGHT)
def test_a_line_about_the_text_in_place_of_its_transform_is_a_failure(
    text: str, question: str
) -> None:
    failure, names = hand(text, question)
    assert failure, (text, names)
    assert "transform_meta" in names


LEFT = (
    # the given text itself says such a line: its rendering says it too
    (
        "Bitte geben Sie den Text ein, den Sie übersetzen möchten.",
        "Translate into German: Please enter the text you want to translate.",
    ),
    (
        "Veuillez fournir le texte que vous souhaitez traduire.",
        "Translate into French: Please provide the text you would like to translate.",
    ),
    ("Please provide the text to be translated.", "Translate into English: 请提供需要翻译的文本。"),
    # the transform done after its lead-in
    (
        "Sure! Here is the translation: Die Besprechung wurde auf Donnerstagnachmittag verlegt.",
        TO_GERMAN,
    ),
    # a summary that reports an outage
    (
        "The API gateway returned 503 for every request for 14 minutes while the database "
        "failed over; no data was lost.",
        "Summarize this incident report for the status page.",
    ),
    # a chat question (no transform) answered with a question for detail
    (
        "Could you share more details about your setup? Which database do you use?",
        "How do I make my Flask app faster?",
    ),
    (
        "You haven't shared the file yet. Could you paste its contents so I can fix it?",
        "Fix the failing test in tests/test_parse.py and tell me what you changed.",
    ),
    # a UI string named to be rendered
    (
        "翻訳するテキストを入力してください",
        "Translate this UI string of our extension into Japanese",
    ),
    # which language, to a request that named none: the right question
    ("Which language would you like it translated into?", "Translate this paragraph for me."),
    # a line that says a literal rendering failed, then renders it
    (
        "I couldn't translate it word for word, but it means roughly 'joy at another's loss'.",
        "Translate into English: Schadenfreude",
    ),
    # a bug report that names the transform (it reports a failure: no transform asked)
    (
        "Your message seems incomplete: which version of the plugin do you run?",
        "The translation fails with a timeout error after the last update.",
    ),
    # a question about such a line
    (
        "It means DeepL found that the source text is already in the target language, so it "
        "returned it unchanged.",
        "What does 'the text is already in English' mean in DeepL's output?",
    ),
)


@pytest.mark.parametrize(("text", "question"), LEFT)
def test_a_rendering_a_summary_or_a_chat_reply_is_left(text: str, question: str) -> None:
    _, names = hand(text, question)
    assert "transform_meta" not in names, (text, names)


def test_no_request_no_reading() -> None:
    found = read_text("Please provide the text you want me to translate.", None, config=HAND)
    assert "transform_meta" not in {s.name for s in found.signals}


def test_a_translation_tool_system_prompt_makes_the_user_message_the_text() -> None:
    request = Request(
        messages=(
            Message.text("system", "You are a translation engine. Translate into English."),
            Message.text("user", "Der Zug hat heute zwanzig Minuten Verspätung."),
        )
    )
    found = read_text("The text you provided appears to be incomplete.", request, config=HAND)
    assert found.failure
    assert "transform_meta" in {s.name for s in found.signals}


def test_a_bug_report_that_names_a_transform_is_no_transform_request() -> None:
    assert not transform_asked(
        "Translation failed with a 500 error when the text is empty", "", HAND.lexicon
    )
    assert transform_asked("Text to translate: guten Morgen", "", HAND.lexicon)


@pytest.mark.parametrize(
    "text",
    [
        "Summary",  # a bare noun may be a rendering
        "Here is the translation: Guten Morgen, alle zusammen, und willkommen.",
        "x" * 400,  # no short reply
    ],
)
def test_meta_words_reads_only_a_short_line_about_the_text(text: str) -> None:
    assert meta_words(text) is None
