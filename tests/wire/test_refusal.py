"""A model's refusal (structured outputs: `delta.refusal`, `response.refusal.delta`) is text
whose finish is a refusal. Before, the refusal was dropped: the turn read as empty and the user
never saw what the model said. Now it is judged `filtered`, with the model's words kept."""

from __future__ import annotations

from tether.messages import Finish, Message, Request, TextDelta, Turn, TurnBuilder
from tether.reliability.judge import judge
from tether.wire import openai, responses

SORRY = "I'm sorry, I cannot help with that."
ASK = Request(messages=(Message.text("user", "Extract the card number."),))

OPENAI_STREAM = (
    b'data: {"choices":[{"index":0,"delta":{"role":"assistant","content":null,"refusal":""}}]}\n\n'
    b'data: {"choices":[{"index":0,"delta":{"refusal":"I\'m sorry, I cannot help with that."}}]}\n\n'
    b'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n'
    b"data: [DONE]\n\n"
)
RESPONSES_STREAM = (
    b'event: response.refusal.delta\ndata: {"type":"response.refusal.delta","output_index":0,'
    b'"content_index":0,"delta":"I\'m sorry, I cannot help with that."}\n\n'
    b'event: response.completed\ndata: {"type":"response.completed","response":'
    b'{"status":"completed","usage":{"input_tokens":12,"output_tokens":9}}}\n\n'
)


def turn_of(events: list[object]) -> Turn:
    builder = TurnBuilder()
    for event in events:
        builder.add(event)  # type: ignore[arg-type]
    return builder.build()


def test_an_openai_refusal_is_text_with_a_refusal_finish() -> None:
    events = openai.StreamDecoder().feed(OPENAI_STREAM)
    assert TextDelta(SORRY) in events and Finish("content_filter", "refusal") in events
    found = judge(turn_of(events), ASK)
    assert found is not None and found.kind == "filtered"


def test_a_whole_openai_refusal_is_read_the_same() -> None:
    body = (
        b'{"choices":[{"index":0,"message":{"role":"assistant","content":null,'
        b'"refusal":"I\'m sorry, I cannot help with that."},"finish_reason":"stop"}]}'
    )
    turn = turn_of(openai.decode_whole(body))
    assert turn.content == SORRY and turn.raw_finish_reason == "refusal"


def test_a_responses_refusal_is_text_with_a_refusal_finish() -> None:
    turn = turn_of(responses.StreamDecoder().feed(RESPONSES_STREAM))
    assert turn.content == SORRY and turn.finish_reason == "content_filter"
    found = judge(turn, ASK)
    assert found is not None and found.kind == "filtered"


def test_an_ordinary_reply_is_untouched() -> None:
    stream = OPENAI_STREAM.replace(b'"refusal":"I\'m sorry', b'"content":"I\'m sorry')
    stream = stream.replace(b'"refusal":""', b'"refusal":null')
    turn = turn_of(openai.StreamDecoder().feed(stream))
    assert turn.content == SORRY and turn.finish_reason == "stop"
