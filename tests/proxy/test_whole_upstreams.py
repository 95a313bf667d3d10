"""An upstream configured as non-streaming (`stream = false`): asked for whole replies, and
its faults judged as a streamed upstream's are (a whole JSON body with gateway text, an empty
body, an HTML page with HTTP 200), so the client gets the backup's answer."""

from __future__ import annotations

from pathlib import Path

import anthropic
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
from tether.errors import ConfigError
from tether.proxy import load_proxy_config

pytestmark = pytest.mark.timeout(30)

WHOLE = {"stream": False}
# fault -> the verdict on the primary's whole reply
FAULTS = {
    "gateway-200": "gateway",
    "empty-body": "eof",
    "html-200": "eof",
    "error-frame": "error_frame",
}


@pytest.mark.parametrize("stream", [False, True], ids=["whole", "stream"])
@pytest.mark.parametrize("fault", list(FAULTS))
def test_a_whole_reply_that_is_no_answer_fails_over(
    shared_stand: SharedStand,
    stand_factory: StandFactory,
    proxy_factory: ProxyFactory,
    tmp_path: Path,
    fault: str,
    stream: bool,
) -> None:
    log, stand_log = tmp_path / "proxy.jsonl", tmp_path / "stand.jsonl"
    url = proxy_factory(
        [shared_stand(fault), stand_factory(log=stand_log)], log=log, upstream=WHOLE
    )
    assert ask(client(url), stream, "hi").startswith("Simulated reply")
    (record,) = read_log(log)
    assert record["verdicts"] == [FAULTS[fault]] and record["status"] == 200
    (asked,) = read_log(stand_log)  # the backup was asked for a whole reply
    assert asked["request"]["stream"] is False and "stream_options" not in asked["request"]


def test_an_anthropic_whole_reply_is_read_and_judged_too(
    shared_stand: SharedStand, proxy_factory: ProxyFactory, tmp_path: Path
) -> None:
    log = tmp_path / "proxy.jsonl"
    upstreams = [shared_stand("html-200"), shared_stand("gateway-200"), shared_stand()]
    url = proxy_factory(upstreams, api="anthropic", log=log, upstream=WHOLE)
    c = anthropic.Anthropic(base_url=url, api_key="-", max_retries=0, http_client=HTTP)
    assert ask_anthropic(c, True, "hi").startswith("Simulated reply")
    (record,) = read_log(log)
    assert record["verdicts"] == ["eof", "gateway"]


def test_a_healthy_whole_reply_keeps_its_tool_calls_and_usage(
    stand_factory: StandFactory, proxy_factory: ProxyFactory
) -> None:
    script = {"models": {"sim-large": {"turns": [{"tool_calls": [{"name": "lookup"}]}]}}}
    url = proxy_factory([stand_factory(script=script)], upstream=WHOLE)
    reply = client(url).chat.completions.create(
        model="sim-large",
        messages=[{"role": "user", "content": "look"}],
        tools=[{"type": "function", "function": {"name": "lookup", "parameters": {}}}],
    )
    (call,) = reply.choices[0].message.tool_calls or []
    assert call.function.name == "lookup" and reply.choices[0].finish_reason == "tool_calls"
    assert reply.usage is not None and reply.usage.prompt_tokens > 0


def test_whole_replies_from_a_format_that_only_streams_are_refused_at_start_up(
    tmp_path: Path,
) -> None:
    path = tmp_path / "proxy.toml"
    path.write_text(
        '[[upstreams]]\napi = "responses"\nbase_url = "http://127.0.0.1:1/v1"\nstream = false\n'
    )
    with pytest.raises(ConfigError, match="read as streams only"):
        load_proxy_config(path)


@pytest.mark.parametrize("fault", ["html-200", "empty-body"])
def test_a_streamed_upstream_that_sends_a_page_or_nothing_fails_over_too(
    shared_stand: SharedStand, proxy_factory: ProxyFactory, tmp_path: Path, fault: str
) -> None:
    log = tmp_path / "proxy.jsonl"
    url = proxy_factory([shared_stand(fault), shared_stand()], log=log)
    assert ask(client(url), True, "hi").startswith("Simulated reply")
    (record,) = read_log(log)
    assert record["verdicts"] == ["eof"]
