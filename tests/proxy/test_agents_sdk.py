"""The OpenAI Agents SDK's default model (Responses API) through the proxy: an Agent with a
function tool runs to its answer, whole and streamed, and a gateway's error text from the
primary never reaches it (the backup answers). No network: the stands are on 127.0.0.1."""

from __future__ import annotations

from pathlib import Path

import anyio
import openai
import pytest
from agents import Agent, RunConfig, Runner, function_tool
from agents.models.openai_provider import OpenAIProvider

from tests.helpers import StandFactory
from tests.proxy.helpers import ProxyFactory, read_log

pytestmark = pytest.mark.timeout(30)

SCRIPT = {
    "models": {
        "sim-large": {
            "turns": [
                {"tool_calls": [{"name": "get_weather", "arguments": {"city": "Paris"}}]},
                {"text": "It is sunny in Paris today, the tool says."},
            ]
        }
    }
}


async def run_agent(url: str, streamed: bool) -> tuple[str, list[str]]:
    asked: list[str] = []

    @function_tool
    def get_weather(city: str) -> str:
        """The weather in a city."""
        asked.append(city)
        return f"sunny in {city}"

    agent = Agent(name="weather", instructions="Use the tool, then answer.", tools=[get_weather])
    client = openai.AsyncOpenAI(base_url=url + "/v1", api_key="-", max_retries=0, timeout=20)
    # The SDK's default provider (Responses API) and default model name, tracing kept local.
    config = RunConfig(model_provider=OpenAIProvider(openai_client=client), tracing_disabled=True)
    question = "What is the weather in Paris?"
    try:
        if streamed:
            result = Runner.run_streamed(agent, question, run_config=config)
            async for _ in result.stream_events():
                pass
        else:
            result = await Runner.run(agent, question, run_config=config)  # type: ignore[assignment]
    finally:
        await client.close()
    return str(result.final_output), asked


@pytest.mark.parametrize("streamed", [False, True], ids=["run", "run_streamed"])
def test_an_agent_with_a_tool_runs_through_the_proxy_past_a_gateway_error(
    stand_factory: StandFactory, proxy_factory: ProxyFactory, tmp_path: Path, streamed: bool
) -> None:
    log = tmp_path / "proxy.jsonl"
    primary = stand_factory(script=SCRIPT, faults=["gateway-200"])
    backup = stand_factory(script=SCRIPT)
    url = proxy_factory(
        [primary, backup], api="responses", log=log, upstream={"model": "sim-large"}
    )
    # asyncio only: the Agents SDK starts its tasks with asyncio.create_task (the proxy is tether's)
    answer, asked = anyio.run(run_agent, url, streamed, backend="asyncio")
    assert answer == "It is sunny in Paris today, the tool says." and asked == ["Paris"]
    records = read_log(log)
    assert [r["status"] for r in records] == [200, 200]
    assert all(r["api"] == "responses" and r["model"] != "sim-large" for r in records)
    verdicts = [v for r in records for v in r["verdicts"]]
    assert verdicts and set(verdicts) == {"gateway"}  # met, and never handed to the agent
