"""The official openai SDK through the proxy, in front of stands with faults."""

from __future__ import annotations

from pathlib import Path

import anthropic
import httpx2
import openai
import pytest

from tests.helpers import StandFactory
from tests.proxy.helpers import (
    HTTP,
    ProxyFactory,
    SharedStand,
    ask,
    ask_anthropic,
    client,
    read_log,
)

pytestmark = pytest.mark.timeout(20)

FAULTS = ["gateway-200", "empty-stream", "unprocessed", "error-frame", "malformed-chunk", "drop"]


@pytest.mark.parametrize("fault", FAULTS)
def test_both_sdks_get_the_backups_answer_when_the_primary_turn_is_bad(
    shared_stand: SharedStand, proxy_factory: ProxyFactory, tmp_path: Path, fault: str
) -> None:
    primary, backup = shared_stand(fault), shared_stand()
    log = tmp_path / "proxy.jsonl"
    # Whole turns held (`unprocessed` is only known from the usage at the end of the stream);
    # breakers that open for 1 ms, so each request meets the bad primary first again.
    url = proxy_factory(
        [primary, backup], log=log, holdback_chars=10**9, breakers={"open_s": 0.001}
    )
    texts = [ask(client(url), False), ask(client(url), True)]
    c = anthropic.Anthropic(base_url=url, api_key="unused", max_retries=0, http_client=HTTP)
    texts += [ask_anthropic(c, False), ask_anthropic(c, True)]
    records = read_log(log)
    assert [(r["api"], r["stream"]) for r in records] == [
        ("openai", False),
        ("openai", True),
        ("anthropic", False),
        ("anthropic", True),
    ]
    for text, record in zip(texts, records, strict=True):
        assert text.startswith("Simulated reply from sim-large: received 1 messages")
        assert record["status"] == 200
        assert record["upstream"].endswith(backup + "/v1")
        assert len(record["verdicts"]) == 1  # the primary's turn was judged bad first
        assert record["reply"]["content"] == text


@pytest.mark.parametrize("stream", [False, True], ids=["whole", "stream"])
def test_every_upstream_failing_is_a_502_not_a_completion(
    shared_stand: SharedStand, proxy_factory: ProxyFactory, stream: bool
) -> None:
    url = proxy_factory([shared_stand("gateway-200"), shared_stand("drop")])
    with pytest.raises(openai.APIStatusError) as caught:
        ask(client(url), stream, "hi")
    assert caught.value.status_code == 502
    error = caught.value.body
    assert isinstance(error, dict) and error["type"] == "server_error"
    assert "gateway" in error["message"] and "dropped" in error["message"]
    # both breakers are open for 60 s: too long to tell a client that waits as told, so the
    # answer is "no answer" now, with no Retry-After (a short, true one is sent: below)
    assert "retry-after" not in caught.value.response.headers


def test_busy_upstreams_are_a_503_with_their_retry_after(
    shared_stand: SharedStand, proxy_factory: ProxyFactory
) -> None:
    upstreams = [shared_stand("http:429:7"), shared_stand("http:503:7")]
    url = proxy_factory(upstreams, max_attempts=2)
    with pytest.raises(openai.APIStatusError) as caught:
        ask(client(url), True, "hi")
    assert caught.value.status_code == 503
    assert caught.value.response.headers["retry-after"] in ("6", "7")


def test_a_rejected_request_keeps_its_status(
    shared_stand: SharedStand, proxy_factory: ProxyFactory
) -> None:
    url = proxy_factory([shared_stand(), shared_stand("drop")])
    with pytest.raises(openai.NotFoundError) as caught:
        client(url).chat.completions.create(
            model="no-such-model", messages=[{"role": "user", "content": "hi"}]
        )
    assert "no-such-model" in str(caught.value)


def test_bad_input_is_a_400_in_openai_shape_and_never_reaches_upstream(
    stand_factory: StandFactory, proxy_factory: ProxyFactory, tmp_path: Path
) -> None:
    stand_log = tmp_path / "stand.jsonl"
    url = proxy_factory([stand_factory(log=stand_log)], log=tmp_path / "proxy.jsonl")
    endpoint = url + "/v1/chat/completions"
    not_json = httpx2.post(endpoint, content=b"{not json", timeout=5)
    assert not_json.status_code == 400
    assert not_json.json()["error"]["type"] == "invalid_request_error"
    assert "not valid JSON" in not_json.json()["error"]["message"]
    no_messages = httpx2.post(endpoint, json={"model": "sim-large"}, timeout=5)
    assert no_messages.status_code == 400
    assert "messages" in no_messages.json()["error"]["message"]
    with pytest.raises(openai.BadRequestError):
        client(url).chat.completions.create(model="sim-large", messages=[])
    assert read_log(stand_log) == []
    assert [r["status"] for r in read_log(tmp_path / "proxy.jsonl")] == [400, 400, 400]


def test_models_and_tool_calls_pass_through(
    stand_factory: StandFactory, proxy_factory: ProxyFactory
) -> None:
    script = {
        "models": {
            "sim-large": {"turns": [{"tool_calls": [{"name": "lookup", "arguments": {"q": "x"}}]}]}
        }
    }
    url = proxy_factory([stand_factory(script=script)])
    c = client(url)
    assert "sim-large" in [m.id for m in c.models.list()]
    tools: list[openai.types.chat.ChatCompletionToolParam] = [
        {"type": "function", "function": {"name": "lookup", "parameters": {"type": "object"}}}
    ]
    reply = c.chat.completions.create(
        model="sim-large", messages=[{"role": "user", "content": "look"}], tools=tools
    )
    (call,) = reply.choices[0].message.tool_calls or []
    assert call.function.name == "lookup" and call.function.arguments == '{"q":"x"}'
    assert reply.choices[0].finish_reason == "tool_calls"


def test_with_a_store_every_request_is_a_closed_run_that_passes_the_gate(
    proxy_factory: ProxyFactory, shared_stand: SharedStand, tmp_path: Path
) -> None:
    from tether.trace.formats import runs_from_document
    from tether.trace.gate import check_run
    from tether.trace.store import TraceStore

    store_path = tmp_path / "proxy-traces.db"
    url = proxy_factory([shared_stand("gateway-200"), shared_stand()], store=str(store_path))
    assert ask(client(url), stream=True)  # the backup's answer, after the primary's bad turn
    import time

    store = TraceStore(store_path)
    try:  # the proxy's writer thread commits in the background: wait for the closed run
        deadline = time.monotonic() + 5
        while not (runs := store.runs(5)) or runs[0].status is None:
            assert time.monotonic() < deadline, "the proxy recorded no closed run"
            time.sleep(0.02)
        trace = store.trace(runs[0].run_id)
    finally:
        store.close()
    assert trace is not None and len(runs) == 1
    kinds = [s["kind"] for s in trace["spans"]]
    assert kinds.count("model") == 2 and "chain" in kinds
    assert any(s["attrs"].get("tether.verdict") == "gateway" for s in trace["spans"])
    (run,) = runs_from_document(trace, "proxy run")
    assert check_run(run).complete
