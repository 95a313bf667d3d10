"""Every way in, against a real model server (llama.cpp serving SmolLM2-135M, see conftest):
`tether ask` in both wire formats, a failover from a faulty stand to the real server, the proxy
in front of it with the official OpenAI and Anthropic SDKs as clients, and `tether run` with
tools on a server whose chat template drops them (it must end honestly, never "done")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import anthropic
import openai
import pytest

from tether.proxy import Proxy, ProxyConfig, ProxyThread

pytestmark = pytest.mark.timeout(300)

QUESTION = "What is 2+2? Answer with a number only."


def _tether(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tether", *args, "--store", str(cwd / "traces.db")],
        capture_output=True,
        text=True,
        timeout=240,
        cwd=cwd,
    )


@pytest.mark.parametrize(("api", "suffix"), [("openai", "/v1"), ("anthropic", "")])
def test_ask_answers_from_the_real_server_in_each_format(
    llama_url: str, api: str, suffix: str, tmp_path: Path
) -> None:
    base = llama_url.removesuffix("/v1") + suffix
    asked = _tether(
        "ask", QUESTION, "--base-url", base, "--api", api, "--model", "smollm2", "--json",
        cwd=tmp_path,
    )  # fmt: skip
    body = json.loads(asked.stdout)
    assert asked.returncode == 0, asked.stderr
    assert body["status"] == "answered" and body["trace_problems"] == []
    assert body["candidate"].startswith(f"{api}|smollm2|")
    assert body["turn"]["content"].strip()
    assert [a["verdict"] for a in body["attempts"]] == [None]


def test_ask_json_retries_a_long_bad_turn_nobody_saw_on_the_real_server(
    llama_url: str, tmp_path: Path
) -> None:
    """With --json nothing is shown while a turn streams: a truncated turn (the stand's, past the
    holdback's 160 characters) is still retried elsewhere, and the notices say so."""
    asked = _tether(
        "ask", QUESTION, "--fault", "finish-length", "--backup", llama_url, "--json", cwd=tmp_path
    )
    body = json.loads(asked.stdout)
    assert asked.returncode == 0, asked.stderr
    assert [a["verdict"] for a in body["attempts"]] == ["truncated", None]
    assert "failover" in [n["kind"] for n in body["notices"]]


def test_ask_json_keeps_its_notices_when_the_real_server_never_answers_in_time(
    llama_url: str, tmp_path: Path
) -> None:
    """No first byte within half a millisecond from a real model: every attempt fails, and --json
    still carries the notices (the retries, the breaker) beside the attempts. (10 ms was not
    enough: on a fast machine the server's prompt cache answered a repeated question in time.)"""
    asked = _tether(
        "ask", QUESTION, "--base-url", llama_url, "--model", "smollm2", "--first-byte", "0.0005",
        "--json", cwd=tmp_path,
    )  # fmt: skip
    body = json.loads(asked.stdout)
    assert asked.returncode == 1 and body["status"] == "error", asked.stderr
    assert len(body["attempts"]) == 4 and all(a["error"] for a in body["attempts"])
    assert [n["kind"] for n in body["notices"]].count("retry") == 3


def test_ask_fails_over_from_a_faulty_stand_to_the_real_server(
    llama_url: str, tmp_path: Path
) -> None:
    asked = _tether(
        "ask", QUESTION, "--fault", "gateway-200", "--backup", llama_url, "--json", cwd=tmp_path
    )
    body = json.loads(asked.stdout)
    assert asked.returncode == 0, asked.stderr
    assert body["candidate"].endswith(llama_url)
    verdicts = [a["verdict"] for a in body["attempts"]]
    assert verdicts[0] == "gateway" and verdicts[-1] is None


@pytest.fixture
def proxy_url(llama_url: str, tmp_path: Path) -> Any:
    config = ProxyConfig.model_validate(
        {
            "upstreams": [{"api": "openai", "base_url": llama_url}],
            "proxy": {"log": str(tmp_path / "proxy.jsonl")},
        }
    )
    thread = ProxyThread(Proxy(config))
    yield thread.start()
    thread.stop()


@pytest.mark.parametrize("stream", [False, True])
def test_the_proxy_serves_the_openai_sdk_from_the_real_server(proxy_url: str, stream: bool) -> None:
    client = openai.OpenAI(base_url=proxy_url + "/v1", api_key="unused", max_retries=0, timeout=120)
    messages: list[openai.types.chat.ChatCompletionMessageParam] = [
        {"role": "user", "content": QUESTION}
    ]
    if stream:
        pieces = [
            c.choices[0].delta.content or ""
            for c in client.chat.completions.create(
                model="smollm2", messages=messages, stream=True, temperature=0
            )
            if c.choices
        ]
        assert "".join(pieces).strip()
    else:
        reply = client.chat.completions.create(model="smollm2", messages=messages, temperature=0)
        assert reply.choices[0].finish_reason == "stop"
        assert (reply.choices[0].message.content or "").strip()


@pytest.mark.parametrize("stream", [False, True])
def test_a_clients_own_max_tokens_is_its_answer_through_the_proxy(
    proxy_url: str, tmp_path: Path, stream: bool
) -> None:
    """The real model stops at the limit the client set: the client gets that stop with its
    finish reason (never a 502 after four "truncated" retries), and the proxy judged nothing."""
    client = openai.OpenAI(base_url=proxy_url + "/v1", api_key="unused", max_retries=0, timeout=120)
    messages: list[openai.types.chat.ChatCompletionMessageParam] = [
        {"role": "user", "content": "Write a long story about a dragon who learns to sail."}
    ]
    if stream:
        chunks = list(client.chat.completions.create(
            model="smollm2", messages=messages, stream=True, temperature=0, max_tokens=8
        ))  # fmt: skip
        finishes = [c.choices[0].finish_reason for c in chunks if c.choices]
        assert finishes[-1] == "length"
    else:
        reply = client.chat.completions.create(
            model="smollm2", messages=messages, temperature=0, max_tokens=8
        )
        assert reply.choices[0].finish_reason == "length"
        assert reply.usage is not None and reply.usage.completion_tokens == 8
    (record,) = [json.loads(line) for line in (tmp_path / "proxy.jsonl").read_text().splitlines()]
    assert record["status"] == 200 and record["verdicts"] == []


def test_the_proxy_serves_the_anthropic_sdk_from_the_real_server(proxy_url: str) -> None:
    client = anthropic.Anthropic(base_url=proxy_url, api_key="unused", max_retries=0, timeout=120)
    reply = client.messages.create(
        model="smollm2", max_tokens=8, messages=[{"role": "user", "content": QUESTION}]
    )
    # a stop at the client's own max_tokens is the client's answer, passed through as such
    assert reply.stop_reason in ("end_turn", "max_tokens")
    assert "".join(b.text for b in reply.content if b.type == "text").strip()


def test_run_with_tools_on_a_server_that_drops_them_ends_honestly(
    llama_url: str, tmp_path: Path
) -> None:
    """SmolLM2's chat template has no tools: llama.cpp drops the schemas without a word and the
    model answers a request it never saw. Its own input count shows it; the run is not done."""
    (tmp_path / "ws").mkdir()
    (tmp_path / "tether.toml").write_text(
        "[[candidates]]\n"
        'api = "openai"\nmodel = "smollm2"\n'
        f'base_url = "{llama_url}"\n'
        "window = 8192\ntools = true\nmax_tokens = 64\n"
    )
    ran = _tether("run", "List the files in the workspace.", "--workspace", "ws", "--json",
                  cwd=tmp_path)  # fmt: skip
    receipt = json.loads(ran.stdout)
    assert receipt["status"] == "error", receipt
    assert ran.returncode == receipt["exit_code"] != 0
    assert "unprocessed" in receipt["verdicts"], receipt["verdicts"]
    assert receipt["done"] == [] and receipt["trace_problems"] == []
    # every rejected attempt was read and billed by the server: the receipt lists and counts it
    judged = [r for r in receipt["rejected"] if r["verdict"]]
    assert [r["verdict"] for r in judged] == receipt["verdicts"] and receipt["steps"] >= 1
    assert all(r["input_tokens"] > 0 for r in judged)
    assert receipt["usage"]["input_tokens"] >= sum(r["input_tokens"] for r in judged)


def _spans(run_id: str, cwd: Path) -> list[dict[str, Any]]:
    shown = _tether("traces", "show", run_id, "--json", cwd=cwd)
    assert shown.returncode == 0, shown.stderr
    spans: list[dict[str, Any]] = json.loads(shown.stdout)["spans"]
    return spans


def test_run_with_tools_executes_the_real_models_tool_call(
    llama_tools_url: str, tmp_path: Path
) -> None:
    """With a chat template that has tools (tests/data/smollm2-tools.jinja) llama.cpp parses
    the model's call into real `tool_calls`: tether runs the tool and sends its result back,
    and the server's own input count shows it read that result."""
    (tmp_path / "ws").mkdir()
    (tmp_path / "ws" / "notes.txt").write_text("The launch code is 4417.\n")
    (tmp_path / "tether.toml").write_text(
        "[[candidates]]\n"
        'api = "openai"\nmodel = "smollm2"\n'
        f'base_url = "{llama_tools_url}"\n'
        "window = 8192\ntools = true\nmax_tokens = 96\nfirst_byte_s = 200\n"
        "[agent]\nmax_steps = 2\n"
        "[retry]\nmax_attempts = 2\nbackoff_s = 0\n"
    )
    ran = _tether("run", "Read the file notes.txt and tell me what it says.",
                  "--workspace", "ws", "--json", cwd=tmp_path)  # fmt: skip
    receipt = json.loads(ran.stdout)
    assert ran.returncode == receipt["exit_code"], ran.stderr
    assert receipt["steps"] >= 1 and receipt["trace_problems"] == []
    spans = _spans(receipt["run_id"], tmp_path)
    calls = [s for s in spans if s["kind"] == "model"]
    tools = [s for s in spans if s["kind"] == "tool"]
    # the first turn: a real tool call, parsed by the server, judged an answer (no verdict)
    first = calls[0]["attrs"]
    assert first["gen_ai.response.finish_reasons"] == ["tool_calls"], first
    assert "tether.verdict" not in first
    # the tool ran for real in the workspace, under the rules
    ok = [t for t in tools if t["attrs"]["tether.tool.status"] == "ok"]
    assert ok and ok[0]["name"] == "read_file", tools
    assert "4417" in ok[0]["attrs"]["gen_ai.tool.call.result"]
    # its result went back: the next call (tools still offered: the second of two steps) holds
    # the first call's input, the model's call and the results, and the server counted them
    then = calls[1]["attrs"]
    read_before = int(first["gen_ai.usage.input_tokens"]) + int(first["gen_ai.usage.output_tokens"])
    assert int(then["gen_ai.usage.input_tokens"]) > read_before + 10, (first, then)
    # every verdict of the run is in the receipt, and none says the tools were never read
    assert "unprocessed" not in receipt["verdicts"]
    verdicts = [s["attrs"]["tether.verdict"] for s in calls if "tether.verdict" in s["attrs"]]
    assert sorted(receipt["verdicts"]) == sorted(verdicts)


def test_a_run_whose_checks_fail_says_so_in_its_verification(
    llama_tools_url: str, tmp_path: Path
) -> None:
    """A check that always fails sends the real model's answer back for a fix cycle; however the
    run then ends (failed, or an error in the cycle), its verification agrees with its checks."""
    (tmp_path / "ws").mkdir()
    (tmp_path / "tether.toml").write_text(
        'checks = ["python3 -c \\"print(\'| id | name | qty |\' * 50); raise SystemExit(1)\\""]\n'
        "[[candidates]]\n"
        'api = "openai"\nmodel = "smollm2"\n'
        f'base_url = "{llama_tools_url}"\n'
        "window = 8192\ntools = false\nmax_tokens = 64\nfirst_byte_s = 200\n"
        "[check]\nfix_cycles = 1\n"
        "[retry]\nmax_attempts = 2\nbackoff_s = 0\n"
    )
    ran = _tether("run", "Say OK.", "--workspace", "ws", "--json", cwd=tmp_path)
    receipt = json.loads(ran.stdout)
    assert ran.returncode == receipt["exit_code"] == 1, ran.stderr
    assert receipt["checks"] and {c["status"] for c in receipt["checks"]} == {"failed"}
    assert receipt["fix_cycles"] == 1 and receipt["status"] in ("failed", "error")
    assert "before its answer was checked" not in receipt["verification"]
    assert "checks failed" in receipt["verification"], receipt["verification"]
