"""Round 17 (engineer 87): a bot's short notice that the conversation (the chat, its history,
the prompt) is too long for it, a Chinese notice that requests or users are many right now, and
a Korean one that today's uses are used up (횟수를 모두 사용했어요) are failures; a person who
says when a long prompt slows a model down, or what a busy service does, is left alone.
Made-up replies, both sides."""

from __future__ import annotations

from tests.reliability.judging import hand


def test_the_window_full_or_the_service_crowded_is_a_failure() -> None:
    for text in (
        "🚫 The conversation is too long",
        "Chat history is too long. Start a new chat to continue.",
        "对话过长\uff0c请开启新会话",
        "当前请求量较高\uff0c请稍后再试",
        "当前访问人数较多\uff0c请稍后重试\uff5e",
        "오늘 사용 가능한 질문 횟수를 모두 사용했어요. 내일 다시 이용해 주세요.",
    ):
        failure, _ = hand(text)
        assert failure, text


def test_a_person_on_long_prompts_or_busy_services_is_left_alone() -> None:
    for text in (
        "The model gets slower when the conversation is too long, so I trimmed the fixture "
        "history in tests/test_parse.py to the last ten turns and the test passes now.",
        "上游在请求量较高时会返回 429\uff0c我在 client.py 里加了指数退避重试\uff0c测试已经通过。",
        "I checked: the prompt is too long only for the 4k model; with the 32k one the parser "
        "test runs fine, so I switched the default in config.py.",
    ):
        failure, _ = hand(text)
        assert not failure, text
