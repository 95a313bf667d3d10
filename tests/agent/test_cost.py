"""Money: the price table and what a call cost; no price means None, never a guess."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import anyio
import pytest

from tether.agent.cost import STAND_PRICES, Price, Prices, cost
from tether.agent.receipt import Receipt
from tether.agent.runtime import create_agent_runtime, load_config
from tether.errors import ConfigError
from tether.messages import Usage
from tether.providers import AnthropicProvider, OpenAIProvider
from tether.trace.store import TraceStore


def test_cost_prices_fresh_cached_written_and_output_tokens() -> None:
    price = Price(input=3.0, cached_input=0.3, output=15.0, cache_write=3.75)
    usage = Usage(
        prompt_tokens=1_000_000, completion_tokens=100_000, cached_tokens=600_000,
        cache_write_tokens=100_000,
    )  # fmt: skip
    assert price.of(usage) == pytest.approx(0.3 * 3.0 + 0.6 * 0.3 + 0.1 * 3.75 + 0.1 * 15.0)
    no_write_price = Price(input=3.0, cached_input=0.3, output=15.0)
    assert no_write_price.of(usage) == pytest.approx(0.4 * 3.0 + 0.6 * 0.3 + 0.1 * 15.0)


def test_only_the_stands_models_are_built_in() -> None:
    assert set(STAND_PRICES) == {"sim-large", "sim-small"}
    usage = Usage(prompt_tokens=1_000_000, completion_tokens=1_000_000)
    assert cost(usage, "sim-large") == pytest.approx(5.0)
    assert cost(usage, "gpt-4o") is None
    assert cost(None, "sim-large") is None


def test_prices_from_config() -> None:
    prices = Prices.from_config({"m": {"input": 1, "cached_input": 0.5, "output": 2}})
    assert prices.cost(Usage(prompt_tokens=2_000_000), "m") == pytest.approx(2.0)
    assert prices.get("sim-small") is not None
    assert Prices.from_config({}, builtin=False).get("sim-small") is None
    with pytest.raises(ConfigError, match=r"prices\.m: missing output"):
        Prices.from_config({"m": {"input": 1, "cached_input": 0.5}})
    with pytest.raises(ConfigError, match="unknown keys"):
        Prices.from_config({"m": {"input": 1, "cached_input": 0.5, "output": 2, "x": 1}})


def test_bad_price_config_names_the_key(tmp_path: Path) -> None:
    path = tmp_path / "tether.toml"
    path.write_text('[prices."m"]\ninput = -1\ncached_input = 0\noutput = 1\n')
    with pytest.raises(ConfigError, match=r"tether.toml: prices.m.input"):
        load_config(path)


def test_anthropic_cache_reads_and_writes_reach_the_receipt(
    stand_factory: Callable[..., str], tmp_path: Path
) -> None:
    usage = {"prompt_tokens": 10_000, "completion_tokens": 100, "cached_tokens": 8_000,
             "cache_write_tokens": 1_000}  # fmt: skip
    url = stand_factory(
        script={
            "models": {
                "sim-large": {
                    "turns": [
                        {"tool_calls": [{"name": "list_files", "arguments": {}}], "usage": usage},
                        {"text": "done", "usage": usage},
                    ]
                }
            }
        }
    )
    store = TraceStore(tmp_path / "t.db")
    runtime = create_agent_runtime(
        providers=[AnthropicProvider(url, "sim-large")], workspace=tmp_path, store=store
    )

    async def main() -> Receipt:
        try:
            return await runtime.run("list the files")
        finally:
            await runtime.chain.aclose()

    receipt = anyio.run(main)
    store.close()
    assert receipt.status == "answered", receipt.error
    assert receipt.cached_tokens == 16_000 and receipt.cache_write_tokens == 2_000
    assert receipt.input_tokens == 20_000
    per_call = (1_000 * 1.0 + 8_000 * 0.1 + 1_000 * 1.0 + 100 * 4.0) / 1_000_000
    assert receipt.cost_usd == pytest.approx(2 * per_call)
    out = receipt.to_json()
    assert out["usage"]["cache_write_tokens"] == 2_000


def test_rejected_attempts_are_billed_and_listed_on_the_receipt(
    stand_factory: Callable[..., str], tmp_path: Path
) -> None:
    """A turn judged bad was still processed by the provider: its tokens and cost count, and
    the receipt lists it with its verdict; a call that fails still counts as a step."""
    usage = {"prompt_tokens": 1_000, "completion_tokens": 50}
    turn = {"text": "done", "usage": usage, "fault": "finish-length", "fault_attempts": 1}
    script = {"models": {"sim-large": {"position": "history", "turns": [turn]}}}
    url = stand_factory(script=script)
    store = TraceStore(tmp_path / "t.db")
    runtime = create_agent_runtime(
        providers=[OpenAIProvider(url + "/v1", "sim-large")], workspace=tmp_path, store=store
    )

    async def main() -> Receipt:
        try:
            return await runtime.run("say done")
        finally:
            await runtime.chain.aclose()

    receipt = anyio.run(main)
    store.close()
    assert receipt.status == "answered", receipt.error
    assert receipt.verdicts == ["truncated"]
    assert receipt.input_tokens == 2_000 and receipt.output_tokens == 100
    assert receipt.cost_usd == pytest.approx(2 * cost(Usage(1_000, 50), "sim-large"))
    (rejected,) = receipt.to_json()["rejected"]
    assert rejected["verdict"] == "truncated" and rejected["input_tokens"] == 1_000

    failing = stand_factory(faults=["http:500"])
    runtime = create_agent_runtime(
        providers=[OpenAIProvider(failing + "/v1", "sim-large")], workspace=tmp_path, store=None
    )

    async def fails() -> Receipt:
        try:
            return await runtime.run("say done")
        finally:
            await runtime.chain.aclose()

    broken = anyio.run(fails)
    assert broken.status == "error" and broken.steps == 1
    assert [r["status"] for r in broken.rejected] == [500, 500, 500, 500]
