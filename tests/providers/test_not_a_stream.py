"""A body that never was an event stream says what it was.

Relays answer a streamed request with HTTP 200 and a JSON error object (`{"error": {"message":
"You exceeded your current quota", ...}}`) or a plain page. Before, the SSE reader found no
event in it and the turn ended as "the stream ended without the provider's finish": not taken
for an answer, but the quota message never reached the user. Now a JSON error is an error
frame with its message, and any other body's start is in the verdict.
"""

from __future__ import annotations

import anyio
import pytest

from tests.helpers import canned
from tether.messages import Message, Request, Turn, collect
from tether.providers import Timeouts, provider_at
from tether.reliability.judge import Verdict, judge

pytestmark = pytest.mark.timeout(60)

HI = Request(messages=(Message.text("user", "hi"),))
SSE_APIS = ("openai", "anthropic", "responses")


def ask(api: str, kind: bytes, body: bytes) -> tuple[Turn, Verdict | None]:
    async def main() -> Turn:
        with canned(kind, body) as server:
            provider = provider_at(
                api, server.url, "m", timeouts=Timeouts(first_byte=10, silence=10)
            )
            try:
                return await collect(provider.stream(HI))
            finally:
                await provider.aclose()

    turn = anyio.run(main)
    return turn, judge(turn, HI)


@pytest.mark.parametrize("api", SSE_APIS)
def test_a_json_error_sent_for_a_stream_is_an_error_with_its_message(api: str) -> None:
    body = b'{"error":{"message":"You exceeded your current quota","type":"insufficient_quota"}}'
    turn, found = ask(api, b"application/json", body)
    assert found is not None and found.kind == "error_frame"
    assert "You exceeded your current quota" in found.detail
    assert turn.errors[0].code == "insufficient_quota"


@pytest.mark.parametrize("api", SSE_APIS)
def test_another_body_is_named_in_the_verdict(api: str) -> None:
    _, found = ask(api, b"application/json", b'{"code":500,"msg":"upstream error","success":false}')
    assert found is not None and found.kind == "eof"
    assert "not an event stream" in found.detail and '"msg":"upstream error"' in found.detail


def test_a_stream_of_keepalives_alone_is_not_called_a_foreign_body() -> None:
    _, found = ask("openai", b"text/event-stream", b": OPENROUTER PROCESSING\n\n" * 3)
    assert found is not None and found.kind == "eof"
    assert "not an event stream" not in found.detail
