"""Round 20 (engineer 105): translation and writing tools. A request that gives a text and asks
for it in another language or other words is answered by that text rendered, whatever its words
say (`rendered`): a UI string file's translated "rate limit exceeded" is the answer asked for.
The relation is read, not assumed: a relay's English notice to a request for Chinese, a refusal
where the given text refuses nothing, a notice far shorter than the text or bringing a number of
its own is no rendering of it, and stays a failure. Made-up texts, both sides."""

from __future__ import annotations

import pytest

from tests.reliability.judging import HAND, hand
from tether.messages import Message, Request
from tether.reliability.judge import read_text

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
    # a busy notice where the given text says nothing went wrong
    (
        "Translate into Chinese: Good morning, everyone! Welcome to today's meeting.",
        "\u670d\u52a1\u7e41\u5fd9\uff0c\u8bf7\u7a0d\u540e\u91cd\u8bd5\u3002",
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


SUBTITLES = (
    "12\n00:01:02,300 --> 00:01:04,100\nWhere are you going?\n\u4f60\u8981\u53bb\u54ea\u91cc\uff1f\n\n"
    "13\n00:01:04,500 --> 00:01:06,900\nI told you already.\nERROR\n\n"
    "14\n00:01:07,000 --> 00:01:09,200\nNo, you didn't.\n\u4e0d\uff0c\u4f60\u6ca1\u8bf4\u8fc7\u3002"
)


def test_a_subtitle_cue_rendered_as_an_error_word_is_a_failure() -> None:
    failure, names = hand(SUBTITLES, "Translate these English subtitles into Chinese")
    assert failure and "failed_segment" in names, names


def test_a_rendering_with_a_marker_line_in_place_of_a_paragraph_is_a_failure() -> None:
    text = (
        "Der erste Absatz ist hier vollst\u00e4ndig \u00fcbersetzt.\n\n"
        "[Translation failed: request timed out]\n\n"
        "Der dritte Absatz ist ebenfalls \u00fcbersetzt worden."
    )
    failure, names = hand(text, "Translate the following chapter into German:\n" + "x " * 40)
    assert failure and "failed_segment" in names, names


@pytest.mark.parametrize(
    "text", ["[Translation failed]", "translate fail", "\u7ffb\u8bd1\u5931\u8d25"]
)
def test_a_tool_s_marker_alone_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "failed_segment" in names, names


def test_the_marker_given_to_translate_is_the_answer() -> None:
    question = "Translate this UI string into Simplified Chinese: Translation failed"
    failure, names = hand("\u7ffb\u8bd1\u5931\u8d25", question)
    assert not failure and "failed_segment" not in names, names


def test_subtitles_that_speak_of_errors_are_no_failed_segment() -> None:
    text = (
        "7\n00:00:21,000 --> 00:00:23,000\nThe build failed again.\n\u6784\u5efa\u53c8\u5931\u8d25\u4e86\u3002\n\n"
        "8\n00:00:23,500 --> 00:00:25,000\nCheck the error log.\n\u67e5\u770b\u9519\u8bef\u65e5\u5fd7\u3002"
    )
    failure, names = hand(text, "Translate these English subtitles into Chinese")
    assert not failure and "failed_segment" not in names, names


REFUSALS = (
    "\u5f88\u62b1\u6b49\uff0c\u6211\u4e0d\u80fd\u6309\u7167\u4f60\u7684\u8981\u6c42\u8fdb\u884c"
    "\u5904\u7406\u3002\u8fd9\u6bb5\u5185\u5bb9\u53ef\u80fd\u6d89\u53ca\u4e0d\u5f53\u4fe1\u606f\uff0c"
    "\u5982\u679c\u4f60\u6709\u5176\u4ed6\u6b63\u5f53\u7684\u9700\u6c42\uff0c\u6211\u4f1a\u5c3d\u529b"
    "\u5e2e\u52a9\u4f60\u3002",
    "I'm sorry, but I can't help with translating this content. It may contain material that"
    " goes against my guidelines. If you have another text, I'd be glad to help.",
)


@pytest.mark.parametrize("text", REFUSALS)
def test_a_refusal_in_place_of_the_translation_is_a_failure(text: str) -> None:
    failure, names = hand(text, "Translate this video title and synopsis into Chinese")
    assert failure and "declines_rendering" in names, names


def test_a_refusal_given_to_translate_is_the_answer() -> None:
    question = "Translate into Chinese: I'm sorry, but I can't help with that request."
    failure, names = hand(
        "\u5f88\u62b1\u6b49\uff0c\u6211\u65e0\u6cd5\u534f\u52a9\u5904\u7406\u8fd9\u4e2a\u8bf7\u6c42\u3002",
        question,
    )
    assert not failure and "declines_rendering" not in names, names


TOOL_SYSTEM = (
    "You are a professional translation engine. Translate the user's text into Simplified"
    " Chinese. Output only the translation."
)


def _tool_reading(text: str, user: str) -> tuple[bool, set[str]]:
    request = Request(messages=(Message.text("system", TOOL_SYSTEM), Message.text("user", user)))
    found = read_text(text, request, config=HAND)
    return found.failure, {s.name for s in found.signals}


def test_a_translation_tool_s_rendering_of_a_notice_is_the_answer() -> None:
    user = "Rate limit exceeded. Please try again in a few minutes."
    failure, names = _tool_reading(
        "\u5df2\u8d85\u51fa\u901f\u7387\u9650\u5236\uff0c\u8bf7\u51e0\u5206\u949f\u540e\u518d\u8bd5\u3002",
        user,
    )
    assert not failure and "rendered" in names, names


def test_a_relay_s_notice_to_a_translation_tool_is_a_failure() -> None:
    user = "The lake was calm that morning, and the boats waited at the pier for the wind."
    failure, names = _tool_reading("Rate limit exceeded. Please try again later.", user)
    assert failure and "rendered" not in names, names


def test_a_decline_of_a_part_that_renders_the_rest_is_the_answer() -> None:
    text = (
        'I can\'t translate it with one English word, but the closest is "malicious joy":'
        " pleasure at someone else's misfortune."
    )
    failure, names = hand(text, "Translate 'Schadenfreude' into English")
    assert not failure and "declines_rendering" not in names, names
