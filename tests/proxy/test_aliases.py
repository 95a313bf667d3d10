"""Model aliases: a client model name with its own chain of named upstreams (`fast =
["primary#MODEL", "backup#MODEL"]`), checked at start-up."""

from __future__ import annotations

from pathlib import Path

import openai
import pytest

from tests.proxy.helpers import SharedStand, ask, client, read_log
from tether.errors import ConfigError
from tether.proxy import Proxy, ProxyThread, load_proxy_config

pytestmark = pytest.mark.timeout(20)


def config(tmp_path: Path, primary: str, backup: str, aliases: str) -> Path:
    path = tmp_path / "proxy.toml"
    path.write_text(
        f'[[upstreams]]\nname = "primary"\nbase_url = "{primary}/v1"\n\n'
        f'[[upstreams]]\nname = "backup"\nbase_url = "{backup}/v1"\n\n'
        f'[aliases]\n{aliases}\n\n[proxy]\nlog = "{tmp_path / "proxy.jsonl"}"\n'
    )
    return path


def test_an_alias_is_its_own_chain_with_a_model_per_upstream(
    shared_stand: SharedStand, tmp_path: Path
) -> None:
    primary, backup = shared_stand("gateway-200"), shared_stand()
    aliases = 'fast = ["primary#sim-large", "backup#sim-small"]\nsteady = ["backup"]'
    with ProxyThread(Proxy(load_proxy_config(config(tmp_path, primary, backup, aliases)))) as url:
        c = client(url)
        assert [m.id for m in c.models.list()] == ["fast", "steady"]
        reply = c.chat.completions.create(
            model="fast", messages=[{"role": "user", "content": "hi"}]
        )
        assert reply.model == "fast" and "sim-small" in (reply.choices[0].message.content or "")
        assert ask(c, True, "hi")  # sim-large, not an alias: both upstreams, the name passed
        with pytest.raises(openai.NotFoundError):  # the backup has no model called "steady"
            c.chat.completions.create(model="steady", messages=[{"role": "user", "content": "hi"}])
    fast, plain, steady = read_log(tmp_path / "proxy.jsonl")
    assert [a["candidate"] for a in fast["attempts"]] == [
        f"openai|sim-large|{primary}/v1",
        f"openai|sim-small|{backup}/v1",
    ]
    assert fast["verdicts"] == ["gateway"]
    assert plain["upstream"] == f"openai|sim-large|{backup}/v1"
    # without #MODEL the upstream is asked for the alias's own name (or its mapping of it),
    # and only the alias's upstreams are asked
    assert [a["candidate"] for a in steady["attempts"]] == [f"openai|steady|{backup}/v1"]


@pytest.mark.parametrize(
    ("aliases", "problem"),
    [
        ('fast = ["nowhere#m"]', "'nowhere#m' names no upstream"),
        ("fast = []", "name at least one upstream"),
        ('fast = ["backup#m", "backup#m"]', "the same call for model 'fast'"),
    ],
)
def test_a_bad_alias_is_refused_at_start_up(tmp_path: Path, aliases: str, problem: str) -> None:
    path = config(tmp_path, "http://127.0.0.1:1", "http://127.0.0.1:2", aliases)
    with pytest.raises(ConfigError, match=problem):
        load_proxy_config(path)
