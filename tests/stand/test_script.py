"""Scripts: replayed in order per conversation; bad ones are named by file and place."""

from __future__ import annotations

from pathlib import Path

import httpx2
import pytest

from tether.errors import ScriptError
from tether.stand import CONVERSATION_HEADER, load_script

SCRIPT = """\
seed: 3
models:
  sim-large:
    window: 64000
    turns:
      - text: first scripted answer
      - reasoning: let me look
        tool_calls:
          - name: read_file
            arguments: {path: a.py}
      - text: third
        usage: {prompt_tokens: 1234, cached_tokens: 1000}
  tiny:
    window: 50
    tools: false
"""


def chat(
    url: str, text: str, conversation: str | None = None, model: str = "sim-large"
) -> httpx2.Response:
    headers = {CONVERSATION_HEADER: conversation} if conversation else {}
    body = {"model": model, "messages": [{"role": "user", "content": text}]}
    return httpx2.post(url + "/v1/chat/completions", json=body, headers=headers, timeout=10)


def test_turns_replay_in_order_then_default(stand_factory, tmp_path: Path) -> None:
    path = tmp_path / "script.yaml"
    path.write_text(SCRIPT)
    url = stand_factory(script=load_script(path))
    first = chat(url, "task one").json()["choices"][0]
    assert first["message"]["content"] == "first scripted answer"
    second = chat(url, "task one").json()["choices"][0]
    assert second["finish_reason"] == "tool_calls"
    assert second["message"]["tool_calls"][0]["function"]["name"] == "read_file"
    assert second["message"]["reasoning_content"] == "let me look"
    third = chat(url, "task one").json()
    assert third["choices"][0]["message"]["content"] == "third"
    assert third["usage"]["prompt_tokens"] == 1234
    assert third["usage"]["prompt_tokens_details"]["cached_tokens"] == 1000
    fourth = chat(url, "task one").json()["choices"][0]["message"]["content"]
    assert fourth.startswith("Simulated reply from sim-large")


def test_each_conversation_has_its_own_position(stand_factory, tmp_path: Path) -> None:
    path = tmp_path / "script.yaml"
    path.write_text(SCRIPT)
    url = stand_factory(script=load_script(path))
    assert chat(url, "task A").json()["choices"][0]["message"]["content"] == "first scripted answer"
    assert chat(url, "task B").json()["choices"][0]["message"]["content"] == "first scripted answer"
    assert (
        chat(url, "x", conversation="c1").json()["choices"][0]["message"]["content"]
        == "first scripted answer"
    )
    assert chat(url, "y", conversation="c1").json()["choices"][0]["finish_reason"] == "tool_calls"


def test_script_models_have_their_own_window(stand_factory, tmp_path: Path) -> None:
    path = tmp_path / "script.yaml"
    path.write_text(SCRIPT)
    url = stand_factory(script=load_script(path))
    resp = chat(url, "word " * 400, model="tiny")
    assert resp.status_code == 400
    assert resp.json()["error"]["code"] == "context_length_exceeded"
    assert chat(url, "hi", model="sim-small").status_code == 404  # the script replaced the defaults


@pytest.mark.parametrize(
    ("name", "text", "place", "problem"),
    [
        ("bad.yaml", "models:\n  m:\n    turns: [\n", "line 4", "invalid YAML"),
        ("bad.json", '{"models": {"m": }}', "line 1 column 18", "invalid JSON"),
        ("typo.yaml", "models:\n  m:\n    turns:\n      - txet: hi\n", "line 4", "txet"),
        (
            "fault.yaml",
            "models:\n  m:\n    turns:\n      - fault: gatway-200\n",
            "line 4",
            "unknown fault",
        ),
        ("window.yaml", "models:\n  m:\n    window: -5\n", "line 3", "greater than 0"),
        ("list.yaml", "- 1\n- 2\n", "line 1", "mapping"),
    ],
)
def test_bad_scripts_name_file_and_place(
    tmp_path: Path, name: str, text: str, place: str, problem: str
) -> None:
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(ScriptError) as info:
        load_script(path)
    message = str(info.value)
    assert message.startswith(str(path)), message
    assert place in message, message
    assert problem in message, message


def _alias_bomb() -> str:
    """Nine levels of ten aliases each: a billion strings once expanded, 1 KB as written."""
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 9)]
    head = "models:\n  m:\n    turns:\n      - tool_calls:\n          - name: f\n"
    return head + "            arguments:\n" + "".join(f"              {x}\n" for x in lines)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (_alias_bomb(), "holds more than 1,000,000 values"),
        (
            "models:\n  m:\n    turns:\n      - tool_calls:\n          - name: f\n"
            "            arguments: &x {p: *x}\n",
            "contains itself",
        ),
        (
            "models:\n  m:\n    turns:\n      - usage: {prompt_tokens: 100000000000000000000000000000}\n",
            "less than or equal to 9007199254740991",
        ),
        ("models:\n  m:\n    turns:\n      - fault: slow-first-byte:nan\n", "finite numbers"),
    ],
    ids=["alias-bomb", "self-reference", "usage-1e29", "fault-nan"],
)
def test_hostile_scripts_are_refused_at_load(tmp_path: Path, text: str, problem: str) -> None:
    """Refused when the file is read, not at the first request (which took the stand past
    5 GB, or answered plain-text 500s)."""
    path = tmp_path / "hostile.yaml"
    path.write_text(text)
    with pytest.raises(ScriptError) as info:
        load_script(path)
    assert problem in str(info.value)


def test_a_script_too_big_to_parse_quickly_is_refused_before_parsing(tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    turn = "      - text: a turn of a very long recorded conversation\n"
    path.write_text("models:\n  m:\n    turns:\n" + turn * 200_000)  # ~11 MB
    with pytest.raises(ScriptError, match="at most 8 MB"):
        load_script(path)


def test_missing_script_says_so(tmp_path: Path) -> None:
    with pytest.raises(ScriptError, match="no such file"):
        load_script(tmp_path / "nope.yaml")


@pytest.mark.parametrize(
    ("path", "body", "check"),
    [
        (
            "/v1/chat/completions",
            b"{not json",
            lambda j: j["error"]["type"] == "invalid_request_error",
        ),
        (
            "/v1/chat/completions",
            b'{"model": "sim-large"}',
            lambda j: "messages" in j["error"]["message"],
        ),
        (
            "/v1/messages",
            b"{not json",
            lambda j: j["type"] == "error" and j["error"]["type"] == "invalid_request_error",
        ),
        (
            "/v1/messages",
            b'{"model": "sim-large", "messages": []}',
            lambda j: "max_tokens" in j["error"]["message"],
        ),
        ("/api/chat", b"[1, 2]", lambda j: isinstance(j["error"], str) and "body" in j["error"]),
    ],
)
def test_unparseable_requests_get_400_in_the_providers_shape(
    stand_url: str, path: str, body: bytes, check
) -> None:
    resp = httpx2.post(
        stand_url + path, content=body, headers={"content-type": "application/json"}, timeout=10
    )
    assert resp.status_code == 400
    assert check(resp.json()), resp.text


def test_history_positions_replay_a_turn_to_a_retry_with_its_fault_only_once(
    stand_factory, tmp_path: Path
) -> None:
    """A retried request gets the same turn, clean: the lab's transient faults."""
    path = tmp_path / "s.yaml"
    path.write_text(
        "models:\n  m:\n    position: history\n    turns:\n"
        "      - text: one\n"
        "      - text: two\n        fault: gateway-200\n        fault_attempts: 1\n"
    )
    url = stand_factory(script=str(path))

    def ask(messages: list[dict[str, str]]) -> str:
        body = {"model": "m", "messages": messages}
        reply = httpx2.post(url + "/v1/chat/completions", json=body, timeout=10)
        return str(reply.json()["choices"][0]["message"]["content"])

    first = [{"role": "user", "content": "go"}]
    assert ask(first) == "one"
    assert ask(first) == "one"  # the same request again: the same turn, not the next
    second = [*first, {"role": "assistant", "content": "one"}, {"role": "user", "content": "on"}]
    assert "could not be completed" in ask(second)  # the first serve is faulted
    assert ask(second) == "two"  # the retry gets the clean turn
