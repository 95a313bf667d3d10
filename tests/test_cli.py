"""The CLI as a user meets it: real processes, real ports, exit codes per DESIGN.md."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest

import tether
from tests.helpers import StandFactory

TETHER = [sys.executable, "-m", "tether"]


def run(*args: str, timeout: float = 30) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*TETHER, *args], capture_output=True, text=True, timeout=timeout)


@pytest.fixture
def stand_process(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    log = tmp_path / "exchanges.jsonl"
    proc = subprocess.Popen(
        [*TETHER, "stand", "--port", "0", "--log", str(log)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline().strip()
        yield url, log
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_version() -> None:
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"tether {tether.__version__}"


def test_unknown_flag_is_a_usage_error() -> None:
    result = run("stand", "--no-such-flag")
    assert result.returncode == 2
    assert "No such option" in result.stderr


def test_stand_prints_its_base_url_first_and_serves(stand_process: tuple[str, Path]) -> None:
    url, log = stand_process
    assert url.startswith("http://127.0.0.1:")
    body = {"model": "sim-large", "messages": [{"role": "user", "content": "hello"}]}
    resp = httpx2.post(url + "/v1/chat/completions", json=body, timeout=10)
    assert resp.status_code == 200
    assert resp.json()["choices"][0]["message"]["content"]
    record = json.loads(log.read_text().splitlines()[0])
    assert record["api"] == "openai" and record["request"] == body


def test_stand_rejects_an_unknown_fault_with_exit_2() -> None:
    result = run("stand", "--port", "0", "--fault", "gateway-500")
    assert result.returncode == 2
    assert "unknown fault 'gateway-500'" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_stand_names_a_broken_script(tmp_path: Path) -> None:
    script = tmp_path / "broken.yaml"
    script.write_text("models:\n  m:\n    turns:\n      - text: [unclosed\n")
    result = run("stand", "--port", "0", "--script", str(script))
    assert result.returncode == 2
    assert str(script) in result.stderr and "line 5" in result.stderr


def test_models_lists_a_running_stand(stand_process: tuple[str, Path]) -> None:
    url, _ = stand_process
    result = run("models", "--base-url", url, "--json")
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)["models"]
    assert {"id": "sim-small", "window": 4096, "tools": False} in rows


def test_models_without_base_url_lists_the_builtin_stand() -> None:
    result = run("models")
    assert result.returncode == 0
    assert "sim-large" in result.stdout and "128,000" in result.stdout


def test_models_against_nothing_fails_clearly() -> None:
    result = run("models", "--base-url", "http://127.0.0.1:9")
    assert result.returncode == 1
    assert "cannot reach" in result.stderr


@pytest.mark.parametrize("api", ["openai", "anthropic", "ollama"])
def test_ask_the_builtin_stand(api: str) -> None:
    result = run("ask", "hello there", "--api", api, "--json")
    assert result.returncode == 0, result.stderr
    body = json.loads(result.stdout)
    assert body["status"] == "answered"
    assert "hello there" in body["turn"]["content"]
    assert body["turn"]["termination"] == "stop"


def test_ask_never_passes_off_a_gateway_text_as_an_answer() -> None:
    result = run("ask", "hello", "--fault", "gateway-200", "--json")
    assert result.returncode == 1
    body = json.loads(result.stdout)
    assert body["status"] == "error" and body["turn"] is None
    assert {a["verdict"] for a in body["attempts"]} == {"gateway"}


def test_ask_fails_over_to_a_healthy_backup() -> None:
    result = run("ask", "hello", "--fault", "drop", "--backup-stand")
    assert result.returncode == 0, result.stderr
    assert "met on the way: dropped" in result.stderr
    assert "Simulated reply" in result.stdout


def test_ask_json_still_fails_over_a_bad_turn_whose_text_nobody_saw() -> None:
    """With --json nothing is printed while the reply streams, so a bad turn is still clean to
    retry elsewhere, however much text it had (in text mode it would have reached the terminal)."""
    result = run("ask", "hello", "--fault", "finish-length", "--backup-stand", "--json")
    assert result.returncode == 0, result.stderr
    body = json.loads(result.stdout)
    assert body["status"] == "answered"
    assert [a["verdict"] for a in body["attempts"]] == ["truncated", None]
    assert "failover" in [n["kind"] for n in body["notices"]]


def test_ask_json_keeps_its_notices_when_no_answer_came() -> None:
    result = run("ask", "hello", "--fault", "finish-length", "--json")
    assert result.returncode == 1
    body = json.loads(result.stdout)
    assert body["status"] == "error" and len(body["attempts"]) == 4
    assert [n["kind"] for n in body["notices"]].count("retry") == 3


def test_ask_unknown_api_is_a_usage_error() -> None:
    result = run("ask", "hi", "--api", "gemini")
    assert result.returncode == 2
    assert "unknown provider API 'gemini'" in result.stderr


def test_ask_refused_request_fails_at_once_with_the_fix() -> None:
    result = run("ask", "hi", "--fault", "http:401")
    assert result.returncode == 1
    assert "check the key" in result.stderr
    assert "[retry]" not in result.stderr
    assert "Traceback" not in result.stderr


def test_environment_is_not_needed() -> None:
    env = {k: v for k, v in os.environ.items() if "KEY" not in k}
    result = subprocess.run(
        [*TETHER, "ask", "x"], capture_output=True, text=True, env=env, timeout=30
    )
    assert result.returncode == 0


USAGE_MISTAKES = [
    (["stand", "--port", "99999"], "--port 99999: give a port from 0 to 65535"),
    (["proxy", "--upstream", "http://127.0.0.1:9/v1", "--port", "-1"], "--port -1"),
    (["stand", "--host", "999.1.1.1", "--port", "0"], "--host 999.1.1.1"),
    (["lab", "--tasks", "1", "--out", "/etc/passwd"], "--out /etc/passwd: a file is there"),
    (["ask", "hi", "--breaker-store", "redis://127.0.0.1:9/0"], "start the Redis server"),
    (["models", "--base-url", "nonsense"], "give an http:// or https:// URL"),
    (["proxy", "--config", "x.toml", "--upstream", "http://a/v1"], "not both"),
    (["proxy", "--upstream", "http://127.0.0.1:9/v1", "--backup", "http://127.0.0.1:9/v1"],
     "upstreams 1 and 2 are the same call"),
    (["run", "t", "--config", "c.toml", "--fault", "drop"], "--fault work only with the"),
    (["run", "t", "--max-steps", "0"], "--max-steps"),
    (["traces", "list", "--limit", "-1"], "--limit"),
    (["check", "--last", "0"], "--last"),
    (["ask", "hi", "--api-key-env", "TETHER_NOT_SET_ANYWHERE", "--base-url", "http://x/v1"],
     "the environment variable TETHER_NOT_SET_ANYWHERE is not set"),
    # a key pasted with its line break would break the request's header: said before any call
    (["ask", "hi", "--api-key-env", "TETHER_KEY_WITH_NEWLINE", "--base-url", "http://x/v1"],
     "the API key in TETHER_KEY_WITH_NEWLINE holds a line break"),
    # what the user typed is printed as typed (no emoji codes, no markup)
    (["ask", "hi", "--fault", "stall:-1:5"], "fault 'stall:-1:5': arguments cannot be negative"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("args", "says"), USAGE_MISTAKES, ids=[" ".join(a) for a, _ in USAGE_MISTAKES]
)
def test_a_usage_mistake_is_one_clear_line_and_exit_2(
    args: list[str], says: str, tmp_path: Path
) -> None:
    (tmp_path / "c.toml").write_text("")
    result = subprocess.run(
        [sys.executable, "-m", "tether", *args],
        capture_output=True, text=True, timeout=60, cwd=tmp_path,
        env={
            **os.environ,
            "TETHER_TRACE_STORE": str(tmp_path / "t.db"),
            "TETHER_KEY_WITH_NEWLINE": "sk-test\n",
        },
    )  # fmt: skip
    assert result.returncode == 2, result.stderr
    assert says in " ".join(result.stderr.split()), result.stderr
    assert "Traceback" not in result.stderr


def test_each_api_reads_its_own_key_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    """An OpenAI key is never sent to Anthropic's server (nor to Ollama)."""
    from tether.cli.common import api_key

    monkeypatch.setenv("OPENAI_API_KEY", "sk-openai")
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    assert api_key("openai", None) == "sk-openai"
    assert api_key("anthropic", None) is None
    assert api_key("ollama", None) is None
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant")
    assert api_key("anthropic", None) == "sk-ant"
    monkeypatch.setenv("MY_KEY", "mine")
    assert api_key("anthropic", "MY_KEY") == "mine"


def test_run_finds_tether_toml_and_says_which_file_it_uses(
    stand_process: tuple[str, Path], tmp_path: Path
) -> None:
    url, log = stand_process
    work = tmp_path / "project"
    work.mkdir()
    (work / "tether.toml").write_text(
        f'[[candidates]]\nmodel = "sim-large"\nbase_url = "{url}/v1"\n'
    )
    env = {**os.environ, "TETHER_TRACE_STORE": str(tmp_path / "t.db")}
    env.pop("TETHER_CONFIG", None)
    result = subprocess.run(
        [*TETHER, "run", "say hi", "--json"], capture_output=True, text=True, timeout=60,
        cwd=work, env=env,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "using the configuration in tether.toml" in result.stderr
    assert json.loads(log.read_text().splitlines()[0])["model"] == "sim-large"  # it went there

    (work / "tether.toml").unlink()
    env["XDG_CONFIG_HOME"] = str(tmp_path / "no-config-here")
    plain = subprocess.run(
        [*TETHER, "run", "say hi", "--json"], capture_output=True, text=True, timeout=60,
        cwd=work, env=env,
    )  # fmt: skip
    assert plain.returncode == 0, plain.stderr
    assert "running on the built-in simulated provider" in plain.stderr

    env["TETHER_CONFIG"] = str(work / "missing.toml")
    missing = subprocess.run(
        [*TETHER, "run", "say hi"], capture_output=True, text=True, timeout=60, cwd=work, env=env
    )
    assert missing.returncode == 2 and "$TETHER_CONFIG names" in missing.stderr


def test_run_prints_steps_on_their_own_lines_and_says_why_a_call_was_denied(
    tmp_path: Path,
) -> None:
    """Non-interactive (no terminal): a call the rules would ask about is denied as such (not
    "by the person"), and the step line says why and how to allow it."""
    script = tmp_path / "script.json"
    turns = [
        {"text": "Let me fetch it.",
         "tool_calls": [{"name": "run_command",
                         "arguments": {"command": "make deploy"}}]},
        {"text": "I could not fetch it."},
    ]  # fmt: skip
    script.write_text(json.dumps({"models": {"sim-large": {"turns": turns}}}))
    workspace = tmp_path / "ws"
    workspace.mkdir()
    env = {**os.environ, "TETHER_TRACE_STORE": str(tmp_path / "t.db")}
    result = subprocess.run(
        [*TETHER, "run", "fetch the page", "--workspace", str(workspace), "--script", str(script)],
        capture_output=True, text=True, timeout=60, env=env, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    lines = result.stderr.splitlines()
    step = next(line for line in lines if "run_command(" in line)
    assert step.startswith("step 1: run_command(") and step.endswith("-> denied")
    assert "make deploy" in step
    assert any("denied (non-interactive)" in line for line in lines), result.stderr
    assert any("to allow it, add to tether.toml" in line for line in lines)
    assert result.stdout.startswith("Let me fetch it.\n")  # the text ends its own line


def test_ask_honours_the_sdks_base_url_variable_and_says_so(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    url = stand_factory() + "/v1"
    env = {**os.environ, "OPENAI_BASE_URL": url, "TETHER_TRACE_STORE": str(tmp_path / "t.db")}
    asked = subprocess.run(
        [sys.executable, "-m", "tether", "ask", "hi", "--model", "sim-large"],
        capture_output=True, text=True, timeout=60, env=env,
    )  # fmt: skip
    assert asked.returncode == 0, asked.stderr
    assert f"OPENAI_BASE_URL is set: asking {url}" in asked.stderr
    assert f"answered by openai|sim-large|{url}" in asked.stderr
    # without --model, the stand's model name is not sent to someone else's server
    refused = subprocess.run(
        [sys.executable, "-m", "tether", "ask", "hi"],
        capture_output=True, text=True, timeout=60, env=env,
    )  # fmt: skip
    assert refused.returncode == 2
    assert "OPENAI_BASE_URL is set" in refused.stderr and "--model" in refused.stderr
