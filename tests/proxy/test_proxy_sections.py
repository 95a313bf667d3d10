"""The proxy's [hedge] and [concurrency] sections reach its chains, as the runtime's do."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.proxy.helpers import ProxyFactory, SharedStand, ask, client, read_log
from tether.proxy import Proxy, ProxyConfig

pytestmark = pytest.mark.timeout(60)


@pytest.mark.parametrize("stream", [False, True], ids=["whole", "stream"])
def test_a_late_upstream_is_hedged_by_the_next_one(
    shared_stand: SharedStand, proxy_factory: ProxyFactory, tmp_path: Path, stream: bool
) -> None:
    log = tmp_path / "proxy.jsonl"
    backup = shared_stand()
    url = proxy_factory(
        [shared_stand("slow-first-byte:30"), backup],
        log=log,
        sections={"hedge": {"enabled": True, "after_s": 0.3}},
    )
    assert ask(client(url), stream, "hi").startswith("Simulated reply")
    (record,) = read_log(log)
    lost, won = record["attempts"]
    assert lost["error"].startswith("cancelled:") and "answered first" in lost["error"]
    assert backup in won["candidate"] and won["error"] is None


def test_without_a_hedge_section_the_late_upstream_is_waited_for_within_its_share(
    shared_stand: SharedStand, proxy_factory: ProxyFactory, tmp_path: Path
) -> None:
    log = tmp_path / "proxy.jsonl"
    url = proxy_factory([shared_stand("slow-first-byte:30"), shared_stand()], log=log)
    assert ask(client(url), False, "hi").startswith("Simulated reply")
    (record,) = read_log(log)
    assert "share of the caller's deadline" in record["attempts"][0]["error"]


def test_the_concurrency_section_sets_the_chains_limits(tmp_path: Path) -> None:
    config = ProxyConfig.model_validate(
        {
            "upstreams": [{"base_url": "http://127.0.0.1:9/v1"}],
            "concurrency": {"adaptive": False, "ceiling": 3},
            "proxy": {"log": str(tmp_path / "proxy.jsonl")},
        }
    )
    chain = Proxy(config).upstreams.chain_for("m")
    limit = chain.limits.of(chain.candidates[0].provider)
    assert (limit.policy.adaptive, limit.policy.ceiling, limit.limit) == (False, 3, 3)
