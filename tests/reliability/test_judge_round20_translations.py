"""Round 20 (engineer 105): translation and writing tools. A request that gives a text and asks
for it in another language or other words is answered by that text rendered, whatever its words
say (`rendered`): a UI string file's translated "rate limit exceeded" is the answer asked for.
The relation is read, not assumed: a relay's English notice to a request for Chinese, a refusal
where the given text refuses nothing, a notice far shorter than the text or bringing a number of
its own is no rendering of it, and stays a failure. Made-up texts, both sides."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

RENDERINGS = (
    (
        "Translate this UI string into Simplified Chinese: Too many requests. Please wait"
        " {seconds} seconds and try again.",
        "请求过多。请等待 {seconds} 秒后重试。",
    ),
    (
        "Translate into Japanese: The server is overloaded right now. Please try again later.",
        "現在サーバーが過負荷状態です。しばらくしてから再度お試しください。",
    ),
    (
        "Translate the following message into Korean:\nRequest failed: the API key is invalid.",
        "요청 실패: API 키가 유효하지 않습니다.",
    ),
    (
        "Переведи на русский: Service temporarily unavailable. Retry in %d minutes.",
        "Сервис временно недоступен. Повторите попытку через %d минут.",
    ),
    (
        "Translate to French: Rate limit exceeded. Try again in {retry_after} seconds.",
        "Limite de requêtes dépassée. Réessayez dans {retry_after} secondes.",
    ),
    (
        "请把下面这句提示翻译成英文\uff1a连接超时\uff0c请检查网络后重试。",
        "Connection timed out. Check your network and try again.",
    ),
    (
        "Translate into Traditional Chinese: Sorry, I can't help with that request.",
        "抱歉\uff0c我無法協助處理這個請求。",
    ),
)


@pytest.mark.parametrize(("question", "text"), RENDERINGS)
def test_the_given_error_text_rendered_as_asked_is_the_answer(question: str, text: str) -> None:
    failure, names = hand(text, question)
    assert not failure and "rendered" in names, names


NOT_RENDERINGS = (
    # a relay's English notice where Chinese was asked for: the wrong script
    (
        "Translate this UI string into Simplified Chinese: Connection failed. Check the API"
        " host and key.",
        "Rate limit exceeded. Please try again later.",
    ),
    # English said back where French was asked for
    (
        "Translate to French: The file could not be saved to the selected folder.",
        "The server is busy right now. Please try again later.",
    ),
    # a refusal where the given text refuses nothing
    (
        "Translate into Chinese: The weather in Kyoto was mild all week, and the maple trees"
        " along the river turned red early.",
        "很抱歉\uff0c我无法协助完成您的请求。",
    ),
    # a notice far shorter than the given paragraph
    (
        "Translate into Chinese: When the first train left the station at dawn, the town was"
        " still asleep, and only the baker on the corner had lit his lamps and opened the"
        " shutters of his little shop to the cold morning air.",
        "当前请求过多\uff0c请稍后再试。",
    ),
    # a notice with a number of its own
    (
        "翻译成英文\uff1a服务器繁忙\uff0c请稍后再试。",
        "Server busy (error 503), please retry later.",
    ),
)


@pytest.mark.parametrize(("question", "text"), NOT_RENDERINGS)
def test_a_notice_in_place_of_the_rendering_is_no_rendering(question: str, text: str) -> None:
    failure, names = hand(text, question)
    assert "rendered" not in names, names
    assert failure, names


def test_a_request_that_only_names_translation_asks_for_no_rendering() -> None:
    # an issue about a translation site, not a request to translate: no text given to render
    question = "The translation site is down again\n\nIt shows Service Unavailable since noon."
    _, names = hand("Service unavailable. Please try again later.", question)
    assert "rendered" not in names, names
