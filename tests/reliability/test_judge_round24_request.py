# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 24 (engineer 130): what a request excuses. Made-up replies, both sides.

- A question about a failure ("why do I keep getting a 429?") expects failure words in its
  answer (`question_signals.asked_about`), but a short notice with a notice's own marks (a status
  code, a client's "Error:" prefix, a request id, an error object), no writer's voice (no "I",
  no hedge, no "same here", no question back) and none of the question's words but the failure's
  own is a provider's or an app's text in the answer's place: it keeps most of its weight. A
  person's short reply in an outage thread keeps the discount.
- A bare "returns" ("为什么一直返回 429", "Почему API возвращает 503") in a question that asks
  why asks the cause, not what the failure looks like: no shape discount for the whole reply.
- A translate request switches the stand-in readings off only for a reply that renders its
  text: one with no letter of the language asked for, or English said back where French was
  asked (with none of the text's names or numbers), or seven words or more with no English
  small word where English was asked, renders nothing (`rendering_signals.renders_nothing`); a
  rendering says a failure only where its text does (`rendered`).
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

WHY_429 = "Why do I keep getting a 429 error from the API?"
WHY_429_ZH = "为什么我调用接口一直返回 429 错误？"
WHY_503_RU = "Почему API возвращает ошибку 503?"
QUOTA_ES = "¿Por qué me sale el error 'quota exceeded' en la API?"
DOWN_ZH = "API 是不是挂了？一直报错，怎么办"
TO_FRENCH = (
    "Translate the following into French:\n\n"
    "The library closes at 6 pm on Fridays. Please return borrowed books before then."
)
ZH_TO_EN = "把下面这段话翻译成英文：周五图书馆晚上六点关门，请在此之前归还借阅的书。"
TO_JAPANESE = "Translate to Japanese: Your parcel left our warehouse this morning."
RU_TO_EN = "Переведи на английский: Завтра будет солнечно, поедем на озеро."

LET_THROUGH = (
    ("Error: request failed. Request ID: 4f1c2a9e-77b0-4c11-9d1e-0b5a6c3d2e1f", WHY_429),
    ("API Error: 529 Overloaded. Retry in a few seconds.", WHY_429),
    ("错误：服务暂时不可用，请稍后重试（请求ID：a81f93c2d4）", DOWN_ZH),
    ("Error: 500 Internal Server Error", WHY_503_RU),
    ("Fehler: Dienst nicht verfügbar (503)", WHY_429_ZH),
    ("Error 429: Too Many Requests", QUOTA_ES),
    ("出错了，请稍后再试。", TO_FRENCH),
    ("抱歉，我现在有点忙，稍后再来找我吧～", TO_JAPANESE),
    ("Извините, сервис временно недоступен, попробуйте позже.", RU_TO_EN),
    ("目前无法回答，请换个问题试试。", ZH_TO_EN),
    ("Lo siento, no entendí tu mensaje, ¿puedes escribirlo de otra forma, por favor?", RU_TO_EN),
)


@pytest.mark.parametrize(("text", "question"), LET_THROUGH)
def test_a_failure_text_stays_one_under_the_request(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert failure, (text, names)


ANSWERS = (
    ("same here, 429 for me too since noon", WHY_429),
    ("Error 429 again for me, is the status page saying anything?", WHY_429),
    ("It's a rate limit: HTTP 429 means you sent too many requests in a short window.", WHY_429),
    ("我这边也是 502，好像是他们在维护", DOWN_ZH),
    ("У меня тоже 503 с утра, похоже сервер перегружен.", WHY_503_RU),
    (
        "La bibliothèque ferme à 18 h le vendredi. Merci de rendre les livres empruntés avant.",
        TO_FRENCH,
    ),
    (
        "The library closes at six in the evening on Fridays; please return borrowed books "
        "before then.",
        ZH_TO_EN,
    ),
    ("ご注文の荷物は今朝、倉庫を出発しました。", TO_JAPANESE),
    ("It will be sunny tomorrow, let's go to the lake.", RU_TO_EN),
    ("Sunny tomorrow. Lake trip!", RU_TO_EN),
    ("Connection failed. Retry later.", "把下面这句翻译成英文：连接失败，请稍后重试。"),
)


@pytest.mark.parametrize(("text", "question"), ANSWERS)
def test_an_answer_stays_one_under_the_request(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, (text, names)
