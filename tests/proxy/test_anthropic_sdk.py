"""The official anthropic SDK through the proxy: errors in Anthropic's own shape."""

from __future__ import annotations

from pathlib import Path

import anthropic
import pytest

from tests.helpers import StandFactory
from tests.proxy.helpers import HTTP, ProxyFactory, SharedStand, ask_anthropic, read_log

pytestmark = pytest.mark.timeout(20)


def client(url: str) -> anthropic.Anthropic:
    return anthropic.Anthropic(
        base_url=url, api_key="unused", max_retries=0, timeout=10, http_client=HTTP
    )


@pytest.mark.parametrize("stream", [False, True], ids=["whole", "stream"])
def test_every_upstream_failing_is_a_502_in_anthropic_shape(
    shared_stand: SharedStand, proxy_factory: ProxyFactory, stream: bool
) -> None:
    url = proxy_factory([shared_stand("empty-stream"), shared_stand("error-frame")])
    with pytest.raises(anthropic.APIStatusError) as caught:
        ask_anthropic(client(url), stream, "hi")
    assert caught.value.status_code == 502
    body = caught.value.body
    assert isinstance(body, dict) and body["type"] == "error"
    assert body["error"]["type"] == "api_error" and "eof" in body["error"]["message"]


def test_an_anthropic_upstream_behind_the_proxy(
    shared_stand: SharedStand, proxy_factory: ProxyFactory, tmp_path: Path
) -> None:
    log = tmp_path / "proxy.jsonl"
    url = proxy_factory([shared_stand("gateway-200"), shared_stand()], api="anthropic", log=log)
    text = ask_anthropic(client(url), True)
    assert text.startswith("Simulated reply from sim-large")
    (record,) = read_log(log)
    assert record["upstream"].startswith("anthropic|sim-large|")
    assert record["verdicts"] == ["gateway"]
    assert set(record["reply"]["usage"]) >= {"input_tokens", "output_tokens"}  # as reported


def test_bad_input_is_a_400_in_anthropic_shape_and_never_reaches_upstream(
    stand_factory: StandFactory, proxy_factory: ProxyFactory, tmp_path: Path
) -> None:
    stand_log = tmp_path / "stand.jsonl"
    url = proxy_factory([stand_factory(log=stand_log)])
    not_json = HTTP.post(url + "/v1/messages", content=b"nope", timeout=5)
    assert not_json.status_code == 400
    assert not_json.json()["error"]["type"] == "invalid_request_error"
    with pytest.raises(anthropic.BadRequestError, match="messages"):
        client(url).messages.create(model="sim-large", max_tokens=10, messages=[])
    assert read_log(stand_log) == []


def test_models_in_anthropic_shape(shared_stand: SharedStand, proxy_factory: ProxyFactory) -> None:
    url = proxy_factory([shared_stand()])
    assert "sim-large" in [m.id for m in client(url).models.list()]
