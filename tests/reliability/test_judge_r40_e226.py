# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 40 (e226): refusals and questions back to a translation request.

- target_questioned: a doc-translation pipeline asked for the code "mo" and committed the
  model's question back where the rendering should be: the target quoted and said unknown
  ("it is not a recognized language code"), or asked about ("Could you clarify what "mo"
  refers to?"), the whole reply or a note after the source left untranslated. Left: an answer
  about a language code (it asks nothing back, or names a config), a question of the user's own
  about the code, and a request that holds such a line itself.
- transform_meta: lines about the text (already in the language, asked for the text) in Hindi,
  Vietnamese, Indonesian, Arabic, Ukrainian, Persian, and more of Turkish, Polish, Dutch and
  French.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand, is_failure

# microsoft/PhiCookBook and microsoft/mcp-for-beginners, translations/mo/ (corpus
# mixed_llm_doc_translation_pipeline_outputs): co-op-translator's call for the code "mo"
WHOLE = (
    'It seems like you want the text translated into "mo." Could you please clarify what "mo" '
    "refers to? Are you referring to a specific language or dialect?",
    'I\'m sorry, but I can\'t translate the text into "mo" as it\'s unclear which language "mo" '
    "refers to. If you can provide more context or specify the language, I would be happy to "
    "assist you with the translation.",
    'The term "mo" is not a recognized language code or abbreviation for any specific language. '
    "If you meant to request a translation into a particular language, please specify the "
    'language name or code (such as "fr" for French, "es" for Spanish, etc.), and I\'ll be happy '
    "to assist you with the translation.",
    "It seems like \"mo\" might refer to a specific language, but it's not clear which one you're "
    "referring to. Could you please clarify the language you'd like me to translate the text "
    "into? For example, is it Maori, Mongolian, or something else? Let me know so I can assist "
    "you accurately!",
    'It seems you are asking for a translation into "mo," but could you clarify what "mo" refers '
    "to? Are you referring to Maori, Mongolian, or another language? Let me know, and I'd be "
    "happy to assist!",
)
DISCLAIMER = (
    "**Disclaimer**:  \nThis document has been translated using AI translation service "
    "[Co-op Translator](https://github.com/Azure/co-op-translator). While we strive for "
    "accuracy, please be aware that automated translations may contain errors or inaccuracies. "
    "The original document in its native language should be considered the authoritative "
    "source. For critical information, professional human translation is recommended. We are "
    "not liable for any misunderstandings or misinterpretations arising from the use of this "
    "translation.\n\n---\n\n"
)
NOTED = (
    DISCLAIMER + '(Note: "mo" is not a recognized language code or widely known language. Could '
    'you please clarify which language "mo" refers to, or provide more details?)',
    DISCLAIMER + 'If by "mo" you meant a specific language or code, please clarify which language '
    '"mo" refers to so I can provide an accurate translation.',
)


@pytest.mark.parametrize("text", WHOLE + NOTED)
def test_a_question_back_about_the_target_language_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure, names
    assert "target_questioned" in names
    assert is_failure(text)


@pytest.mark.parametrize(
    "text",
    [
        # made up in their image, in the languages a translator answers in
        "抱歉，我无法将文本翻译成“mo”，因为这不是一个可识别的语言代码。请说明您需要翻译成哪种语言。",
        'Lo siento, pero no puedo traducir el texto al "mo", ya que no es un código de idioma '
        "reconocido. ¿Podrías especificar el idioma?",
        "Désolé, mais « mo » n'est pas un code de langue reconnu. Pourriez-vous préciser la "
        "langue vers laquelle traduire le texte ?",
        'Es tut mir leid, aber "mo" ist kein gültiger Sprachcode. Könnten Sie bitte angeben, in '
        "welche Sprache ich den Text übersetzen soll?",
    ],
)
def test_the_same_question_back_in_other_languages(text: str) -> None:
    failure, names = hand(text)
    assert failure, names
    assert "target_questioned" in names


@pytest.mark.parametrize(
    ("text", "question"),
    [
        # an answer about a language code: it asks nothing back, or names a config
        (
            'The language code "mo" was deprecated in ISO 639 and is now mapped to "ro" '
            "(Romanian). Set `lang: ro` in your translation config instead.",
            None,
        ),
        (
            '"mo" is not a valid language code for the translation API, it was retired. Use '
            '"ro" instead?',
            None,
        ),
        # the user's own question about the code: the reply answers it
        (
            'The term "mo" is not a recognized language code. If you meant to request a '
            "translation, please specify the language.",
            'What language is "mo"?',
        ),
        # the text given says such a line itself: its rendering says it too
        (
            '"mo" is not a recognized language code. Please clarify which language you want '
            "the translation in.",
            'Translate into English: "mo" is not a recognized language code. Please clarify '
            "which language you want the translation in.",
        ),
    ],
)
def test_answers_about_a_language_code_are_left(text: str, question: str | None) -> None:
    failure, names = hand(text, question) if question else hand(text)
    assert "target_questioned" not in names, names
    assert not failure, names


@pytest.mark.parametrize(
    "text",
    [
        # mcp-tool-shop-org/prompt-craft README.hi.md (corpus
        # mixed_llm_doc_translation_pipeline_outputs): an empty heading sent to translate
        "कृपया अनुवाद करने के लिए पाठ प्रदान करें।",
        # made up in their image: the same lines in the languages the data lacked
        "Il semble que le texte fourni soit déjà en français. Pourriez-vous préciser ce que vous "
        "souhaitez que je traduise ?",
        "Metin zaten Türkçe.",
        "Lütfen çevrilecek metni sağlayın.",
        "Văn bản đã là tiếng Việt.",
        "Vui lòng cung cấp văn bản cần dịch.",
        "Tekst jest już w języku polskim.",
        "Proszę podać tekst do przetłumaczenia.",
        "De tekst is al in het Nederlands.",
        "Geef de tekst op die u wilt vertalen.",
        "Teks sudah dalam bahasa Indonesia.",
        "Silakan berikan teks yang ingin Anda terjemahkan.",
        "النص باللغة العربية بالفعل.",
        "يرجى تقديم النص الذي تريد ترجمته.",
        "Будь ласка, надайте текст для перекладу.",
        "Текст вже українською мовою.",
        "متن از قبل به زبان فارسی است.",
        "पाठ पहले से ही हिंदी में है।",
    ],
)
def test_lines_about_the_text_in_more_languages(text: str) -> None:
    failure, names = hand(text, "#") if "पाठ" in text else hand(text)
    assert failure, names
    assert "transform_meta" in names


@pytest.mark.parametrize(
    ("text", "question"),
    [
        ("Vui lòng cung cấp văn bản cần dịch.", "Bạn có thể giúp tôi không?"),
        ("Silakan berikan teks yang ingin Anda terjemahkan.", "Bisakah kamu membantu saya?"),
    ],
)
def test_asking_for_the_text_to_a_question_is_left(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, names
