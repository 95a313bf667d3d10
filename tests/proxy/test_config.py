"""Configuration, shared breakers, API keys and the `tether proxy` command."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import openai
import pytest

from tests.helpers import StandFactory
from tests.proxy.helpers import ProxyFactory, SharedStand, ask, client, read_log
from tether.errors import ConfigError
from tether.proxy import Proxy, load_proxy_config

pytestmark = pytest.mark.timeout(20)


def test_proxies_sharing_a_sqlite_store_agree_on_breakers(
    shared_stand: SharedStand, proxy_factory: ProxyFactory, tmp_path: Path
) -> None:
    store = {"store": f"sqlite:///{tmp_path / 'breakers.db'}"}
    upstreams = [shared_stand("gateway-200"), shared_stand()]
    first = proxy_factory(upstreams, log=tmp_path / "a.jsonl", breakers=store)
    second = proxy_factory(upstreams, log=tmp_path / "b.jsonl", breakers=store)
    ask(client(first), False, "hi")
    ask(client(second), False, "hi")
    (a,) = read_log(tmp_path / "a.jsonl")
    (b,) = read_log(tmp_path / "b.jsonl")
    assert a["verdicts"] == ["gateway"] and len(a["attempts"]) == 2
    # The first proxy's failure opened the primary's breaker for the second one too.
    assert b["verdicts"] == [] and len(b["attempts"]) == 1
    assert b["upstream"] == a["upstream"]


def test_api_keys_come_from_the_environment_and_never_reach_the_log(
    shared_stand: SharedStand, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "proxy.toml"
    path.write_text(
        f'[[upstreams]]\nbase_url = "{shared_stand()}/v1"\napi_key_env = "TETHER_TEST_KEY"\n'
        f'models = {{"fast" = "sim-large"}}\n\n[proxy]\nlog = "{tmp_path / "log.jsonl"}"\n'
    )
    with pytest.raises(ConfigError, match="TETHER_TEST_KEY is not set"):
        Proxy(load_proxy_config(path))
    monkeypatch.setenv("TETHER_TEST_KEY", "sk-secret-value-123")
    from tether.proxy import ProxyThread

    with ProxyThread(Proxy(load_proxy_config(path))) as url:
        c = client(url)
        assert [m.id for m in c.models.list()] == ["fast"]
        reply = c.chat.completions.create(
            model="fast", messages=[{"role": "user", "content": "hi"}]
        )
        assert reply.model == "fast" and "sim-large" in (reply.choices[0].message.content or "")
    logged = (tmp_path / "log.jsonl").read_text()
    assert "sim-large" in logged and "sk-secret-value-123" not in logged


def test_a_bad_configuration_names_the_file_and_the_key(tmp_path: Path) -> None:
    path = tmp_path / "proxy.toml"
    path.write_text('[[upstreams]]\nbase_url = "ftp://x"\n')
    with pytest.raises(ConfigError, match=r"proxy.toml: upstreams.0.base_url"):
        load_proxy_config(path)


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tether", "proxy", *args], capture_output=True, text=True, timeout=30
    )


def test_the_command_refuses_bad_input_with_exit_2(tmp_path: Path) -> None:
    assert "--upstream URL" in run_cli().stderr
    result = run_cli("--upstream", "ftp://example.com/v1")
    assert result.returncode == 2 and "must start with http://" in result.stderr


def test_the_command_serves_until_stopped(stand_factory: StandFactory, tmp_path: Path) -> None:
    stand = stand_factory(faults=["empty-stream"])
    log = tmp_path / "proxy.jsonl"
    args = ["--upstream", stand + "/v1", "--backup", stand_factory() + "/v1"]
    command = [sys.executable, "-m", "tether", "proxy", *args, "--port", "0", "--log", str(log)]
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as process:
        try:
            assert process.stdout is not None
            url = process.stdout.readline().strip()
            assert url.startswith("http://127.0.0.1:")
            assert ask(client(url), True, "hi").startswith("Simulated reply")
        finally:
            process.terminate()
    assert read_log(log)[0]["verdicts"] == ["eof"]


def test_the_readme_configuration_example_loads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    # the proxy section's example (the configuration reference shows a second one)
    example = next(
        b for b in re.findall(r"```toml\n(.*?)```", readme, re.S) if "[[upstreams]]" in b
    )
    path = tmp_path / "proxy.toml"
    path.write_text(example)
    config = load_proxy_config(path)
    assert [u.api for u in config.upstreams] == ["openai", "anthropic"]
    assert config.upstreams[1].model_for("fast") == "claude-haiku-4-5"
    assert config.upstreams[0].model_for("other") == "other"


def test_a_backup_can_be_another_model_of_the_same_server(
    shared_stand: SharedStand, tmp_path: Path
) -> None:
    """`--upstream URL#MODEL --backup URL#OTHER`: the same server, two models, in order."""
    from tether.proxy import ProxyThread, config_from_urls

    url = shared_stand("gateway-200") + "/v1"
    config = config_from_urls(
        f"{url}#sim-large", [f"{url}#sim-small"], log=str(tmp_path / "p.jsonl")
    )
    assert [u.model for u in config.upstreams] == ["sim-large", "sim-small"]
    # this stand's every reply is gateway text: no answer, but both models were tried
    with ProxyThread(Proxy(config)) as proxy_url, pytest.raises(openai.APIStatusError):
        client(proxy_url).chat.completions.create(
            model="whatever", messages=[{"role": "user", "content": "hi"}]
        )
    (record,) = read_log(tmp_path / "p.jsonl")
    models = {a["candidate"].split("|")[1] for a in record["attempts"]}
    assert models == {"sim-large", "sim-small"}
