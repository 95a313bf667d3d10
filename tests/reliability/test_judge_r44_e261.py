# ruff: noqa: RUF001  (replies in their own scripts and punctuation)
"""Declines by incapacity and missing-input claims: a short reply whose whole content is that
the model cannot do the task or needs its input, with none of the work given.

`declines_task` reads the speaker's inability then a verb of the task: the verbs now include
those of fetching, viewing and editing ("I cannot retrieve that information", "I do not have
the capability to manipulate or edit images"), and an offer may point the user elsewhere
("there are many online tools ...", "you can try ..."). `asks_for_input` reads a reply that
only asks for the input, says it was not given, or says the given context holds nothing on
the question ("The context provided does not contain information about X"), in English,
Chinese, Japanese and Korean. Lookalikes stay answers: a caveat followed by the work, a
question back that also answers, a maintainer asking for logs, a RAG answer saying what its
context does hold, a request that dictates the question back.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

# Paraphrased from the tune part's instruction-dataset outputs, domain QA and vision replies.
DECLINES = [
    (
        "Indicate the depth of a given lake.\n\nLake Como",
        "I'm sorry, I cannot retrieve that information without connecting to external data "
        "sources. I suggest that you search for the depth of Lake Como on the internet.",
    ),
    (
        "Colorize the following black and white photo.\n\nhttps://example.com/1.jpg",
        "Unfortunately, I am an AI language model, and I do not have the capability to "
        "manipulate or edit images. However, there are many online tools and software that "
        "you can use to colorize black and white photos.",
    ),
    (
        "Give me a list of the ten most visited places in Georgia, ranked as a table.",
        "I'm sorry but I don't have access to that information.",
    ),
    (
        "In the posterior abdominal wall, identify structure 112. <image 1>",
        "I'm sorry, I can't identify the structure.",
    ),
]


@pytest.mark.parametrize(("question", "text"), DECLINES)
def test_a_decline_by_incapacity_is_a_failure(question: str, text: str) -> None:
    failure, found = hand(text, question)
    assert failure, found
    assert "declines_task" in found


ASKS = [
    (
        "Select a section of the following song according to the given cue.\n\n<Song>\n"
        "Cue: The chorus",
        "I'm sorry, but you didn't provide the song lyrics for me to select a section from the "
        "given cue. Can you please provide the song and its lyrics for me to assist you?",
    ),
    (
        "You will be given a definition of a task first, then some input of the task.",
        "Understood! I'm ready to assist you. Please provide the definition of the task and the "
        "input for the task, and I will do my best to provide a safe and responsible answer.\n"
        "Confidence: 80%",
    ),
    (
        "Search for five user reviews with a rating of 4 stars or higher.",
        "I'm sorry, but you need to specify the product, service, or specific location you "
        "would like me to search reviews for.",
    ),
    (
        "辨别这段文字是哪种类型：描写性、说明性、劝说性或叙述性。",
        "请提供您想要辨别类型的文字，这样我才能对其进行分析并给出答案。",
    ),
    (
        "17年9月15号第一次开庭！进入调解期！第二次开庭",
        "需要更多的信息才能回答这个问题。请提供更多的背景信息，例如案件类型、涉及的当事人等。",
    ),
    (
        "找出以下文章的主要观点。",
        "对不起，您没有提供文章的链接或文本内容。请提供相应内容，以便我能够帮您进一步分析。",
    ),
    (
        "How do I set the max parallel concurrent scheduled tasks in map_batches?",
        "The context provided does not contain information about setting the max parallel "
        "concurrent scheduled tasks in map_batches.",
    ),
    (
        "Answer the questions about the passage.",
        "The text does not mention water or a zebra, therefore I cannot answer the question.",
    ),
    ("다음 글을 요약해 주세요.", "죄송하지만 요약할 텍스트가 제공되지 않았습니다."),
    ("次の文章を要約してください。", "申し訳ありませんが、文章が提供されていません。"),
]


@pytest.mark.parametrize(("question", "text"), ASKS)
def test_a_reply_that_only_asks_for_the_input_is_a_failure(question: str, text: str) -> None:
    failure, found = hand(text, question)
    assert failure, found
    assert "asks_for_input" in found


LOOKALIKES = [
    # a caveat, then the work
    (
        "Indicate the depth of a given lake.\n\nLake Como",
        "I can't browse the web, but from what I know Lake Como is about 410 m deep at its "
        "deepest point, one of the deepest lakes in Europe.",
    ),
    # a question back that also answers
    (
        "How do I get the ID of an actor?",
        "It depends on the system, but in Ray you can call "
        "ray.get_runtime_context().get_actor_id() inside the actor. Could you provide more "
        "details about which framework you use?",
    ),
    # a maintainer asking for a fault's evidence
    (
        "The bot stops replying after a reboot, error 502 in the console.",
        "Can you please share the logs of the runner pod so I can take a look?",
    ),
    (
        "Hallucination metric score is always 0.0 or 1.0.",
        "Can you provide an example test case that has this behavior?",
    ),
    # a RAG answer that says what its context holds
    (
        "What does the context say about the retry limit?",
        "The context does not mention a retry limit by name, but it says each task is retried "
        "three times with a 10 second backoff before it is marked failed.",
    ),
    # the request asks for the question back
    (
        "Before you write the plan, ask me clarifying questions about the trip.",
        "Could you please provide your budget and the dates of your trip so I can plan it?",
    ),
    # a conditional offer of a bot, no ask
    ("오늘 경기 결과 알려줘", "경기 날짜를 알려주시면 경기 결과를 알려드릴 수 있습니다."),
    # a guess after the ask, in Chinese
    (
        "飞书经常不回复消息，是网络问题吗？",
        "可能需要更多信息才能判断具体原因，大概率是连接的上下文被取消了。",
    ),
]


@pytest.mark.parametrize(("question", "text"), LOOKALIKES)
def test_lookalikes_stay_answers(question: str, text: str) -> None:
    failure, found = hand(text, question)
    assert not failure, found
    assert "asks_for_input" not in found
