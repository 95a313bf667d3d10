"""Deadlines that fit the client: the proxy reads the client's own timeout and fails over
within it, and a client that leaves a stalled attempt counts against that upstream's breaker."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import anthropic
import httpx2
import openai
import pytest

from tests.proxy.helpers import HTTP, ProxyFactory, SharedStand, ask, ask_anthropic, read_log
from tether.proxy.deadlines import client_deadline_s

pytestmark = pytest.mark.timeout(40)

STALLED = "slow-first-byte:30"  # far past every client timeout below


def test_the_deadline_is_read_from_the_sdks_headers_else_the_configuration() -> None:
    assert client_deadline_s([(b"x-stainless-read-timeout", b"600")], None) == 540  # 90%
    both = [(b"x-stainless-read-timeout", b"10"), (b"x-stainless-timeout", b"20")]
    assert client_deadline_s(both, None) == 18
    assert client_deadline_s([(b"timeout", b"5")], 30) == 4  # at least 1 s to spare
    assert client_deadline_s([(b"timeout", b"1")], 30) == 0.5  # ... or half a short one
    assert client_deadline_s([(b"timeout", b"soon"), (b"timeout", b"-1")], 30) == 27
    assert client_deadline_s([], None) is None


def _only_record(log: Path) -> dict[str, Any]:
    (record,) = read_log(log)
    return record


@pytest.mark.parametrize("stream", [False, True], ids=["whole", "stream"])
def test_a_stalled_primary_fails_over_within_the_openai_sdks_timeout(
    shared_stand: SharedStand, proxy_factory: ProxyFactory, tmp_path: Path, stream: bool
) -> None:
    log = tmp_path / "proxy.jsonl"
    backup = shared_stand()
    url = proxy_factory([shared_stand(STALLED), backup], log=log)
    c = openai.OpenAI(base_url=url + "/v1", api_key="-", max_retries=0, timeout=6, http_client=HTTP)
    assert ask(c, stream, "hi").startswith("Simulated reply")
    record = _only_record(log)
    assert record["status"] == 200 and record["deadline_s"] == 5
    first, second = record["attempts"]
    assert "share of the caller's deadline" in first["error"]
    assert backup in second["candidate"] and second["error"] is None


def test_the_anthropic_sdks_timeout_is_read_too(
    shared_stand: SharedStand, proxy_factory: ProxyFactory, tmp_path: Path
) -> None:
    log = tmp_path / "proxy.jsonl"
    url = proxy_factory([shared_stand(STALLED), shared_stand()], api="anthropic", log=log)
    c = anthropic.Anthropic(base_url=url, api_key="-", max_retries=0, timeout=6, http_client=HTTP)
    assert ask_anthropic(c, True, "hi").startswith("Simulated reply")
    record = _only_record(log)
    assert record["deadline_s"] == 5 and len(record["attempts"]) == 2


def test_a_timeout_header_or_the_configured_default_sets_the_deadline(
    shared_stand: SharedStand, proxy_factory: ProxyFactory, tmp_path: Path
) -> None:
    body = {"model": "sim-large", "messages": [{"role": "user", "content": "hi"}]}
    for headers, options in (({"timeout": "6"}, {}), ({}, {"client_timeout_s": 6})):
        log = tmp_path / f"proxy-{len(headers)}.jsonl"
        url = proxy_factory([shared_stand(STALLED), shared_stand()], log=log, **options)
        reply = HTTP.post(url + "/v1/chat/completions", json=body, headers=headers, timeout=20)
        assert reply.status_code == 200
        assert _only_record(log)["deadline_s"] == 5


def test_no_time_left_for_an_answer_is_an_honest_502_before_the_client_gives_up(
    shared_stand: SharedStand, proxy_factory: ProxyFactory, tmp_path: Path
) -> None:
    log = tmp_path / "proxy.jsonl"
    url = proxy_factory([shared_stand(STALLED)], log=log)
    c = openai.OpenAI(base_url=url + "/v1", api_key="-", max_retries=0, timeout=4, http_client=HTTP)
    with pytest.raises(openai.APIStatusError) as caught:  # not an APITimeoutError
        ask(c, False, "hi")
    assert caught.value.status_code == 502
    assert "before the caller's deadline" in str(caught.value)


def test_a_client_that_leaves_a_stalled_attempt_opens_its_breaker(
    shared_stand: SharedStand, proxy_factory: ProxyFactory, tmp_path: Path
) -> None:
    """No deadline said: the proxy waits on the stalled primary, the client times out and
    leaves; its retry then goes straight to the backup."""
    log = tmp_path / "proxy.jsonl"
    backup = shared_stand()
    url = proxy_factory([shared_stand(STALLED), backup], log=log)
    body = {"model": "sim-large", "messages": [{"role": "user", "content": "hi"}]}
    with httpx2.Client() as impatient, pytest.raises(httpx2.ReadTimeout):
        impatient.post(url + "/v1/chat/completions", json=body, timeout=2)
    until = time.monotonic() + 10  # the proxy notices the departure on its own loop
    while not read_log(log):
        assert time.monotonic() < until, "the proxy never recorded the departed client"
        time.sleep(0.05)
    (left,) = read_log(log)
    assert left["status"] == 499 and left["ended_early"]
    retry = HTTP.post(url + "/v1/chat/completions", json=body, timeout=20)
    assert retry.status_code == 200
    (attempt,) = read_log(log)[1]["attempts"]
    assert backup in attempt["candidate"]
