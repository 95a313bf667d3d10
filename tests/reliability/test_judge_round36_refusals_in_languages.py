# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 36 (engineer 197): a refusal of the task in a language other than English and Chinese.

`refusal_grammar` reads the words of a refusal per language as data (`judge_signals.json`,
`refusal_grammar`: apology, unable, verbs, as_model, aside, but, because, generic), and
`declines_task` reads a reply that is, whole, such a refusal: the speaker unable near a verb of
doing the task ("não posso fornecer", "не могу участвовать", "답변을 생성할 수 없습니다"),
with at most an apology, an aside (an offer, a reason of ethics or policy) or a line about the
model itself; `declines_as_model` when it declines as a model ("Como modelo de lenguaje").

- Caught: published AI slips (Portuguese), MT-Bench's Russian answers, apps' stock refusals
  in Spanish, Korean, Japanese, Polish, Vietnamese.
- Left: a reason of the task's own matter ("так как Белый дом находится в Вашингтоне"), a
  user's "não consigo desde sexta" in a thread, a maintainer's "Non riesco a riprodurre", a
  bot that cannot answer by voice and answers in text.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import TASK, hand
from tether.reliability.refusal_grammar import names_model_other, names_object_other

CAUGHT = (
    # each fails at JOIN (07a935b), hand signals, but the two already caught by other signals
    # corpus mixed_published_ai_content_slips (work_r36): product texts left as the refusal
    (TASK, "Não consigo atender a esta solicitação"),
    (TASK, "Desculpas, mas não posso fornecer as informações que você está procurando"),
    # dmitrymailk/mt_bench_ru, yandexgpt's recorded answers (read as a reply to a task: its
    # question, a short Cyrillic line, reads as a line sent bare to render)
    (
        TASK,
        "Извините, я не могу участвовать в этом разговоре, так как я являюсь искусственным "
        "интеллектом и не имею личного мнения или предпочтений.",
    ),
    # nuclia/frontend's Spanish locale; suminpark620/kakao-chatgpt-bot (caught at JOIN too)
    (TASK, "Lo siento, no puedo procesar esta pregunta, tal vez reformularla ayudaría."),
    (TASK, "죄송합니다. 현재 답변을 생성할 수 없습니다."),
    # fabianosan/HomeAssistantAssist's Polish locale; Server-Xiaozhi's Vietnamese intents
    (TASK, "Przepraszam, nie potrafię spełnić twojego żądania."),
    (TASK, "Xin lỗi, tôi không thể thực hiện yêu cầu này."),
)


@pytest.mark.parametrize(("question", "text"), CAUGHT)
def test_a_refusal_in_another_language_is_caught(question: str, text: str) -> None:
    failure, names = hand(text, question)
    assert failure and "declines_task" in names, names


def test_declined_as_a_model_in_another_language_weighs_more() -> None:
    failure, names = hand(
        "Извините, я не могу участвовать в этом разговоре, так как я являюсь искусственным "
        "интеллектом и не имею личного мнения или предпочтений."
    )
    assert failure and {"declines_task", "declines_as_model", "declines_as_ai"} <= names, names


LEFT = (
    # dmitrymailk/mt_bench_ru: the reason is the answer to the riddle
    (
        "Вы можете увидеть красивый красный дом слева от вас и гипнотическую оранжерею справа "
        "от вас, привлекательное ярко-розовое место спереди. Итак, где находится Белый дом?",
        "Я не могу ответить на этот вопрос, так как Белый дом находится в Вашингтоне, США.",
    ),
    # AppCivicoPlataforma/AppCivico#43: a user's "me too, I can't since Friday"
    (TASK, "Aqui também, não consigo desde sexta à noite."),
    # CroceRossaItaliana/jorvik#72: a maintainer cannot reproduce
    (
        "dati del comitato: restituisce server error",
        "Non riesco a riprodurre in produzione. Non ne trovo nuove istanze negli ultimi 3 "
        "giorni su New Relic. \n\nTemo che questo sia stato un errore causato dalla vecchia "
        "procedura di messa in produzione (che terminava in malo modo le connessioni in corso).",
    ),
)


@pytest.mark.parametrize(("question", "text"), LEFT)
def test_an_answer_with_a_word_of_refusal_passes(question: str, text: str) -> None:
    failure, names = hand(text, question)
    assert not failure and "declines_task" not in names, names


def test_a_bot_that_cannot_answer_by_voice_declines_no_task() -> None:
    # theStrangeAdventurer/chatgpt-telegram-bot's ru-RU locale: it answers in text instead
    _, names = hand(
        "Не могу ответить голосом, возможно вы ограничили отправку голосовых сообщений, "
        "поэтому отвечу текстом"
    )
    assert "declines_task" not in names, names


def test_a_refusal_that_names_what_it_refuses_is_the_models_own() -> None:
    # (illustration) the thing refused named in two words of its own: written for this
    # request, as `refusal_signals` reads English; a stock line names nothing
    assert names_object_other("no puedo ayudarte a fabricar explosivos caseros")
    assert not names_object_other("no puedo procesar esta pregunta")


def test_the_model_named_in_other_languages() -> None:
    for low in (
        "как языковая модель ии, я не могу писать стихи.",
        "als ki-sprachmodell kann ich keine gedichte schreiben.",
        "en tant que modèle de langage, je ne suis pas en mesure de répondre.",
        "como modelo de lenguaje, no puedo escribir poemas.",
        "aiとして、お答えできません。",
    ):
        assert names_model_other(low) is not None, low
    assert names_model_other("the failing test was fixed again; see the media file.") is None
