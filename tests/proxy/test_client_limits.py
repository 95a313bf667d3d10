"""A limit the client set is the client's: a reply that stops at its own `max_tokens` is its
answer, passed through with its finish reason, never retried into a 502. A length stop nobody
asked for is still a truncation."""

from __future__ import annotations

from pathlib import Path

import anthropic
import openai
import pytest

from tests.proxy.helpers import HTTP, ProxyFactory, SharedStand, client, read_log

pytestmark = pytest.mark.timeout(20)


@pytest.mark.parametrize("stream", [False, True], ids=["whole", "stream"])
def test_an_openai_client_gets_the_length_stop_it_asked_for(
    shared_stand: SharedStand, proxy_factory: ProxyFactory, tmp_path: Path, stream: bool
) -> None:
    log = tmp_path / "proxy.jsonl"
    url = proxy_factory([shared_stand("finish-length")], log=log)
    messages = [{"role": "user", "content": "Tell me a long story."}]
    c = client(url)
    if stream:
        chunks = list(
            c.chat.completions.create(
                model="sim-large", messages=messages, max_tokens=8, stream=True
            )
        )
        finishes = [ch.choices[0].finish_reason for ch in chunks if ch.choices]
        text = "".join(ch.choices[0].delta.content or "" for ch in chunks if ch.choices)
        assert finishes[-1] == "length"
    else:
        reply = c.chat.completions.create(model="sim-large", messages=messages, max_tokens=8)
        assert reply.choices[0].finish_reason == "length"
        text = reply.choices[0].message.content or ""
    assert text.startswith("Simulated reply")
    (record,) = read_log(log)
    assert record["status"] == 200 and record["verdicts"] == []


def test_an_anthropic_client_always_sets_its_limit_and_gets_max_tokens(
    shared_stand: SharedStand, proxy_factory: ProxyFactory
) -> None:
    url = proxy_factory([shared_stand("finish-length")])
    c = anthropic.Anthropic(base_url=url, api_key="unused", max_retries=0, http_client=HTTP)
    reply = c.messages.create(
        model="sim-large", max_tokens=8, messages=[{"role": "user", "content": "Go on."}]
    )
    assert reply.stop_reason == "max_tokens"


def test_a_length_stop_the_client_did_not_ask_for_is_still_a_truncation(
    shared_stand: SharedStand, proxy_factory: ProxyFactory, tmp_path: Path
) -> None:
    log = tmp_path / "proxy.jsonl"
    url = proxy_factory([shared_stand("finish-length")], log=log, breakers={"open_s": 0.001})
    with pytest.raises(openai.APIStatusError) as caught:
        client(url).chat.completions.create(
            model="sim-large", messages=[{"role": "user", "content": "Tell me a story."}]
        )
    assert caught.value.status_code == 502
    (record,) = read_log(log)
    assert set(record["verdicts"]) == {"truncated"}


@pytest.mark.parametrize("stream", [False, True], ids=["whole", "stream"])
def test_a_length_stop_far_below_the_clients_limit_is_a_truncation_failed_over(
    shared_stand: SharedStand, proxy_factory: ProxyFactory, tmp_path: Path, stream: bool
) -> None:
    """An Anthropic client always sends `max_tokens`: a reply the provider stopped for length
    at a tenth of it (its own cap, a cut reply) is not the client's limit. It is judged
    `truncated` and the backup answers; the client never gets the half reply as `max_tokens`
    (found by bench/soak.py)."""
    log = tmp_path / "proxy.jsonl"
    url = proxy_factory([shared_stand("finish-length"), shared_stand()], log=log)
    c = anthropic.Anthropic(base_url=url, api_key="unused", max_retries=0, http_client=HTTP)
    messages: list[anthropic.types.MessageParam] = [{"role": "user", "content": "Go on."}]
    if stream:
        with c.messages.stream(model="sim-large", max_tokens=512, messages=messages) as s:
            reply = s.get_final_message()
    else:
        reply = c.messages.create(model="sim-large", max_tokens=512, messages=messages)
    assert reply.stop_reason == "end_turn"
    text = "".join(b.text for b in reply.content if b.type == "text")
    assert text.endswith('"Go on.".')
    (record,) = read_log(log)
    assert record["verdicts"] == ["truncated"] and record["status"] == 200
