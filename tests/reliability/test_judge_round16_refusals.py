"""Round 16 (engineer 83): a model's refusal told by the app in Russian and Ukrainian ("Модель
отклонила этот запрос", "по соображениям безопасности"); a persona's own network gone (网络不在)
as its machinery in trouble. Made-up replies, both sides."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

FAILURES = (
    "Модель отклонила ваш запрос по соображениям безопасности.",
    "⚠️ Модель відхилила запит. Спробуйте інше формулювання.",
    "服务器不在了\uff0c我先陪你聊聊天\uff5e",
)


@pytest.mark.parametrize("text", FAILURES)
def test_a_refusal_or_a_persona_s_lost_network_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure, names


ANSWERS = (
    "Сервер отклонил запрос из-за неверного заголовка; я исправил заголовок в"
    " tests/test_parse.py, и тест проходит.",
    "测试失败是因为 fixture 不在 tests 目录下\uff0c我把它移过去了\uff0c现在测试通过。",
)


@pytest.mark.parametrize("text", ANSWERS)
def test_an_answer_with_these_words_is_not(text: str) -> None:
    failure, names = hand(text)
    assert not failure, names
