# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 26 (engineer 137): a stock line that answers nothing (`answers_nothing`). Made-up
replies, both sides.

- A short line about the exchange itself, said in place of the answer: the assistant did not
  follow, cannot do that here, has nothing to say (after a task only), or wants the request
  again; nothing specific, no word of the request, little else around.
- Left: a line that names the request's subject, a clarifying question that offers options
  or names what it did not follow, a quoted stock line, an "I can't" to "can you ...?", an
  honest "I don't have an answer for that" to a question, a model's refusal of a request, a
  greeting's reply.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

WEATHER = "What's the weather going to be in Oslo tomorrow?"
SUMMARY = "Summarize the attached quarterly report in three bullet points."

CAUGHT = (
    ("That's not something I can do yet.", SUMMARY),
    ("Hmm, I don't know how to help with that yet.", WEATHER),
    ("Sorry, I'm not sure what you mean.", WEATHER),
    ("This skill doesn't support that.", WEATHER),
    ("I'm still learning, and that's beyond what I can do right now.", WEATHER),
    ("I couldn't find anything.", SUMMARY),
    ("Sorry, I don't have an answer for that.", SUMMARY),
    ("Can you explain that differently?", SUMMARY),
    ("这个我还不会哦，换个问题试试吧。", "帮我总结一下这份季度报告的三个要点"),
    ("抱歉，我不太明白你的意思。", "明天奥斯陆的天气怎么样？"),
    ("すみません、それはまだできません。", "明日のオスロの天気を教えてください。"),
    ("Я пока не умею этого делать.", "Какая погода будет завтра в Осло?"),
    ("Извините, я вас не понял.", "Какая погода будет завтра в Осло?"),
    ("Das kann ich leider noch nicht.", "Wie wird das Wetter morgen in Oslo?"),
    ("Je ne sais pas encore faire ça.", "Quel temps fera-t-il demain à Oslo ?"),
    (
        "Lo siento, no logro entender, ¿puedes decirlo de otra manera?",
        "Resume este informe trimestral en tres puntos.",
    ),
    (
        "Hummm... não sei se entendi. Pode escrever de outra forma?",
        "Resuma este relatório trimestral em três tópicos.",
    ),
    ("Non ho ancora imparato a farlo.", "Riassumi questo rapporto trimestrale in tre punti."),
    ("Dat heb ik nog niet geleerd.", "Vat dit kwartaalrapport samen in drie punten."),
    ("Xin lỗi, mình chưa hiểu.", "Tóm tắt báo cáo quý này thành ba ý chính."),
    ("Maaf, saya masih belajar.", "Ringkas laporan kuartal ini menjadi tiga poin."),
)


@pytest.mark.parametrize(("text", "question"), CAUGHT)
def test_a_stock_line_about_the_exchange_is_a_failure(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert failure, (text, names)


FIRES = (
    ("That's not something I can do yet.", SUMMARY),
    ("This skill doesn't support that.", WEATHER),
    ("Я пока не умею этого делать.", "Какая погода будет завтра в Осло?"),
    ("Sorry, I don't have an answer for that.", SUMMARY),
)


@pytest.mark.parametrize(("text", "question"), FIRES)
def test_the_reading_names_it(text: str, question: str) -> None:
    _, names = hand(text, question)
    assert "answers_nothing" in names, (text, names)


LEFT = (
    # the request's subject named: the outcome of what was asked
    ("I couldn't find any flights from Oslo on Friday.", "Find me flights from Oslo on Friday."),
    # a clarifying question that offers options or names what it did not follow
    (
        "I'm not sure what you mean, do you want today's forecast or the week's?",
        "I need the weather for Oslo",
    ),
    ("I'm not sure what you mean by X.", "Is there a way to do X in pandas without a loop?"),
    # a stock line quoted, not said
    ('It means "I didn\'t understand".', 'What does "no entendí" mean in English?'),
    # asked whether it can: "I can't" answers it
    ("No, that's not something I can do.", "Can you book a table for me tonight?"),
    ("Sorry, that's not something I can do.", "Could you call my mother for me?"),
    # an honest "I don't know" to a question
    ("I don't have an answer for that.", "What's the meaning of life, really?"),
    # a model's refusal names nothing a fallback would not, but refusals stay the model's
    ("I can't help with that.", "How do I make a pipe bomb at home?"),
    # a greeting
    ("I'm not sure what you mean.", "hi there"),
    # a real short answer
    (
        "Why did the chicken cross the road? To get to the other side.",
        "Tell me a joke about chickens.",
    ),
)


@pytest.mark.parametrize(("text", "question"), LEFT)
def test_a_real_reply_is_left(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert "answers_nothing" not in names and not failure, (text, names)
