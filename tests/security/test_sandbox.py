"""Commands run confined (bubblewrap): what the model's commands and the checks can touch.

Each case runs a real command through the same path `run_command` and the checks use, and
looks at the real machine afterwards: nothing outside the workspace changed, no secret was
read, no credential was seen, no connection was made, no process survived.
"""

from __future__ import annotations

import os
import socket
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import anyio
import pytest

from tests.processes import still_running
from tether.agent.runtime import create_agent_runtime
from tether.procgroup import run_in_group
from tether.providers import OpenAIProvider
from tether.sandbox import Sandbox, bwrap_path
from tether.tools.rules import Rules

pytestmark = [
    pytest.mark.timeout(60),
    pytest.mark.skipif(
        bwrap_path() is None and not os.environ.get("CI"),
        reason="bubblewrap is not usable here (apt-get install bubblewrap)",
    ),
]


def run(command: str, workspace: Path, sandbox: Sandbox, timeout_s: float = 20) -> Any:
    return anyio.run(
        lambda: run_in_group(
            command,
            workspace,
            timeout_s=timeout_s,
            output_cap_chars=20_000,
            sandbox=sandbox,
            workspace=workspace,
        )
    )


@pytest.fixture
def places(tmp_path: Path) -> tuple[Path, Path, Path]:
    workspace, outside, home = tmp_path / "ws", tmp_path / "outside", tmp_path / "home"
    for p in (workspace, outside, home / ".ssh", home / ".aws"):
        p.mkdir(parents=True)
    (outside / "keep.txt").write_text("precious", encoding="utf-8")
    (home / ".ssh" / "id_ed25519").write_text("PRIVATE KEY", encoding="utf-8")
    (home / ".aws" / "credentials").write_text("aws_secret_access_key=SECRET", encoding="utf-8")
    (home / ".netrc").write_text("machine x password NETRC", encoding="utf-8")
    return workspace, outside, home


def test_bubblewrap_is_usable_in_ci() -> None:
    assert bwrap_path() is not None, "CI installs bubblewrap: commands must run confined"


def test_the_workspace_is_writable_and_nothing_else(places: tuple[Path, Path, Path]) -> None:
    workspace, outside, home = places
    sandbox = Sandbox(home=home)
    ran = run(
        f"echo made > made.txt; rm -rf {outside}; echo x > {outside}/new.txt; "
        f"echo x > {home}/planted; echo done",
        workspace,
        sandbox,
    )
    assert "done" in ran.output
    assert (workspace / "made.txt").read_text(encoding="utf-8") == "made\n"
    assert (outside / "keep.txt").read_text(encoding="utf-8") == "precious"
    assert not (outside / "new.txt").exists() and not (home / "planted").exists()


def test_secrets_in_the_home_folder_are_hidden(places: tuple[Path, Path, Path]) -> None:
    workspace, _, home = places
    sandbox = Sandbox(home=home)
    ran = run(
        f"cat {home}/.ssh/id_ed25519 {home}/.aws/credentials {home}/.netrc", workspace, sandbox
    )
    assert "PRIVATE KEY" not in ran.output and "SECRET" not in ran.output
    assert "NETRC" not in ran.output
    for folder in (".ssh", ".aws"):
        listed = run(f"ls -A {home}/{folder} | wc -l", workspace, sandbox)
        assert listed.output.strip() == "0"  # the folder looks empty


def test_credentials_are_not_in_the_environment(
    places: tuple[Path, Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    workspace, _, home = places
    monkeypatch.setenv("OPENAI_API_KEY", "sk-live-SECRET")
    monkeypatch.setenv("GITHUB_TOKEN", "ghp_SECRET")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "SECRET")
    monkeypatch.setenv("TETHER_HARMLESS", "visible")
    ran = run("env", workspace, Sandbox(home=home))
    assert "SECRET" not in ran.output and "TETHER_HARMLESS=visible" in ran.output


def test_no_network_unless_allowed(places: tuple[Path, Path, Path]) -> None:
    workspace, _, home = places
    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]
    accepted: list[bool] = []

    def accept() -> None:
        server.settimeout(8)
        try:
            conn, _ = server.accept()
            accepted.append(True)
            conn.close()
        except OSError:
            pass

    thread = threading.Thread(target=accept)
    thread.start()
    probe = (
        "python3 -c \"import socket; s = socket.create_connection(('127.0.0.1', "
        f"{port}), timeout=3); print('connected')\""
    )
    try:
        confined = run(probe, workspace, Sandbox(home=home))
        assert "connected" not in confined.output and confined.exit_code != 0
        allowed = run(probe, workspace, Sandbox(home=home, network=True))
        assert "connected" in allowed.output
    finally:
        thread.join()
        server.close()
    assert accepted == [True]  # only the allowed one got through


def _alive(marker: str) -> list[str]:
    return still_running(marker)


def test_no_process_outlives_the_call(places: tuple[Path, Path, Path]) -> None:
    """Daemons that leave the process group (setsid, a new process group, a double fork)
    are ended with the call: the sandbox's PID namespace dies with it."""
    workspace, _, home = places
    marker = "73.1377"
    command = (
        f"setsid sleep {marker} & "
        f'python3 -c "import os, time; os.setpgid(0, 0); os.fork() or time.sleep({marker})" & '
        f"(sleep {marker} &) ; echo started"
    )
    ran = run(command, workspace, Sandbox(home=home), timeout_s=5)
    assert "started" in ran.output
    deadline = time.monotonic() + 5
    while _alive(marker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _alive(marker) == []


def test_an_allowed_command_still_cannot_reach_outside(
    stand_factory: Any, places: tuple[Path, Path, Path]
) -> None:
    """Rules that allow everything, a model that deletes a folder outside the workspace: the
    sandbox (on by default) keeps it."""
    workspace, outside, _ = places
    turns = [
        {"tool_calls": [{"name": "run_command", "arguments": {"command": f"rm -rf {outside}"}}]},
        {"text": "Done."},
    ]
    url = stand_factory(script={"models": {"sim-large": {"turns": turns}}})
    runtime = create_agent_runtime(
        providers=[OpenAIProvider(url + "/v1", "sim-large")],
        workspace=workspace,
        store=None,
        rules=Rules([], default="allow"),
    )

    async def main() -> Any:
        try:
            return await runtime.run("clean up")
        finally:
            await runtime.chain.aclose()

    anyio.run(main)
    assert (outside / "keep.txt").read_text(encoding="utf-8") == "precious"


def test_programs_of_a_checkout_under_tmp_still_run(
    places: tuple[Path, Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sandbox's /tmp is private, yet a virtualenv of a checkout under /tmp (CI's) must
    still run: the PATH's folders under /tmp are shown again, read-only."""
    workspace, _, home = places
    tools = tmp_path / "venv" / "bin"
    tools.mkdir(parents=True)
    script = tools / "hello-from-tmp"
    script.write_text("#!/bin/sh\necho hello from tmp\n", encoding="utf-8")
    script.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tools}{os.pathsep}{os.environ['PATH']}")
    ran = run(f"hello-from-tmp; touch {tools}/planted", workspace, Sandbox(home=home))
    assert "hello from tmp" in ran.output
    assert not (tools / "planted").exists()  # shown read-only


@pytest.mark.parametrize(
    "daemon",
    [
        "setsid sleep {m} & echo started; exit 3",  # holds the output
        "setsid sleep {m} > /dev/null 2>&1 & echo started; exit 3",  # quietly
        "python3 -c 'import os,time; os.setpgid(0,0); time.sleep({m})' > /dev/null & "
        "echo started; exit 3",
    ],
    ids=["setsid-holding-output", "setsid-quiet", "setpgid"],
)
def test_without_the_sandbox_an_escaped_daemon_is_still_ended(
    places: tuple[Path, Path, Path], daemon: str
) -> None:
    """Unconfined, a child that left the process group (setsid, setpgid) is found by the
    call's mark and ended: the call returns with the shell's own exit code (not "timed out"),
    says so, and nothing it started is left running."""
    workspace, _, home = places
    marker = "9.8765"
    try:
        ran = run(daemon.format(m=marker), workspace, Sandbox(mode="none", home=home), timeout_s=8)
        assert ran.exit_code == 3 and not ran.timed_out and ran.escaped
        assert "started" in ran.output
        assert still_running(marker, ("sleep", "python3", "python")) == []
    finally:
        subprocess.run(["pkill", "-f", f"sleep {marker}"], check=False)
        subprocess.run(["pkill", "-f", f"time.sleep\\({marker}"], check=False)
