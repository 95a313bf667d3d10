"""Commands run confined (bubblewrap): what the model's commands and the checks can touch.

Each case runs a real command through the same path `run_command` and the checks use, and
looks at the real machine afterwards: nothing outside the workspace changed, no secret was
read, no credential was seen, no connection was made, no process survived.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import anyio
import pytest

from tests.processes import still_running, wait_for
from tether.agent.runtime import create_agent_runtime
from tether.limits import Limits
from tether.orphans import become_subreaper, reap_dead_sandboxes
from tether.procgroup import run_in_group
from tether.providers import OpenAIProvider
from tether.sandbox import Sandbox, bwrap_path, pid_max_is_per_namespace
from tether.tools.rules import Rules

pytestmark = [
    pytest.mark.timeout(60),
    pytest.mark.skipif(
        bwrap_path() is None and not os.environ.get("CI"),
        reason="bubblewrap is not usable here (apt-get install bubblewrap)",
    ),
]


def run(
    command: str, workspace: Path, sandbox: Sandbox, timeout_s: float = 20, backend: str = "asyncio"
) -> Any:
    return anyio.run(
        lambda: run_in_group(
            command,
            workspace,
            timeout_s=timeout_s,
            output_cap_chars=20_000,
            sandbox=sandbox,
            workspace=workspace,
        ),
        backend=backend,
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


def test_no_process_outlives_the_call(places: tuple[Path, Path, Path], anyio_backend: str) -> None:
    """Daemons that leave the process group (setsid, a new process group, a double fork)
    are ended with the call: the sandbox's PID namespace dies with it."""
    workspace, _, home = places
    marker = "73.1377"
    command = (
        f"setsid sleep {marker} & "
        f'python3 -c "import os, time; os.setpgid(0, 0); os.fork() or time.sleep({marker})" & '
        f"(sleep {marker} &) ; echo started"
    )
    ran = run(command, workspace, Sandbox(home=home), timeout_s=5, backend=anyio_backend)
    assert "started" in ran.output
    deadline = time.monotonic() + 5
    while _alive(marker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _alive(marker) == []


@pytest.mark.timeout(180)  # 120 sandboxed calls stopped: about 30 s here, 60 on a loaded machine
def test_a_call_stopped_while_the_sandbox_starts_leaves_nothing(
    places: tuple[Path, Path, Path],
    anyio_backend: str,
) -> None:
    """Stop (a cancel) at any moment of a sandboxed call, even while bubblewrap sets the
    sandbox up: no process of it is left. Cancelling the spawn itself killed bubblewrap
    halfway and left its child waiting forever (21 of 300 stops did)."""
    workspace, _, home = places
    sandbox = Sandbox(home=home)
    marker = "71.4417"

    async def stop_at(delays: list[float]) -> None:
        for delay in delays:
            with anyio.move_on_after(delay):
                await run_in_group(
                    f"sleep {marker}", workspace, timeout_s=30, output_cap_chars=1000,
                    sandbox=sandbox, workspace=workspace,
                )  # fmt: skip

    rng = __import__("random").Random(7)
    stops = 120 if anyio_backend == "asyncio" else 40  # trio: a third, for CI's time
    anyio.run(stop_at, [rng.uniform(0.0, 0.03) for _ in range(stops)], backend=anyio_backend)
    deadline = time.monotonic() + 10
    while (_alive(marker) or _alive(str(workspace))) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _alive(marker) == [] and _alive(str(workspace)) == []


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
    places: tuple[Path, Path, Path], daemon: str, anyio_backend: str
) -> None:
    """Unconfined, a child that left the process group (setsid, setpgid) is found by the
    call's mark and ended: the call returns with the shell's own exit code (not "timed out"),
    says so, and nothing it started is left running."""
    workspace, _, home = places
    marker = "9.8765"
    try:
        ran = run(
            daemon.format(m=marker),
            workspace,
            Sandbox(mode="none", home=home),
            timeout_s=8,
            backend=anyio_backend,
        )
        assert ran.exit_code == 3 and not ran.timed_out and ran.killed >= 1
        assert "started" in ran.output
        assert still_running(marker, ("sleep", "python3", "python")) == []
    finally:
        subprocess.run(["pkill", "-f", f"sleep {marker}"], check=False)
        subprocess.run(["pkill", "-f", f"time.sleep\\({marker}"], check=False)


# --- system calls ---------------------------------------------------------------------------

SYSCALLS = """
import ctypes, errno, platform
libc = ctypes.CDLL(None, use_errno=True)
x86 = platform.machine() == "x86_64"
calls = {  # name: (x86-64 number, aarch64 number, arguments)
    "ptrace": (101, 117, (16, 1, 0, 0)),  # PTRACE_ATTACH to init
    "unshare": (272, 97, (0x10000000,)),  # CLONE_NEWUSER
    "mount": (165, 40, (0, 0, 0, 0, 0)),
    "bpf": (321, 280, (0, 0, 0)),
    "personality": (135, 92, (0x0040000,)),  # ADDR_NO_RANDOMIZE
    "io_uring_setup": (425, 425, (1, 0)),
}
for name, (a, b, args) in calls.items():
    ctypes.set_errno(0)
    ret = libc.syscall(a if x86 else b, *args)
    print(name, ret, errno.errorcode.get(ctypes.get_errno(), "0"))
"""


def test_dangerous_system_calls_fail_with_eperm(places: tuple[Path, Path, Path]) -> None:
    """The seccomp filter: ptrace, unshare, mount, bpf, personality and io_uring answer -1
    EPERM inside the sandbox, while ls, python and git still work."""
    workspace, _, home = places
    (workspace / "probe.py").write_text(SYSCALLS, encoding="utf-8")
    ran = run(
        "python3 probe.py; ls / > /dev/null && echo ls-ok; python3 -c 'print(6 * 7)'; "
        "git init -q . && git status --short && echo git-ok",
        workspace,
        Sandbox(home=home),
    )
    for name in ("ptrace", "unshare", "mount", "bpf", "personality", "io_uring_setup"):
        assert f"{name} -1 EPERM" in ran.output, ran.output
    assert "ls-ok" in ran.output and "42" in ran.output and "git-ok" in ran.output
    unconfined = run("python3 probe.py", workspace, Sandbox(mode="none", home=home))
    assert "personality -1 EPERM" not in unconfined.output  # the filter is what refuses


def test_root_in_the_sandbox_cannot_remount_the_system_writable(
    places: tuple[Path, Path, Path], tmp_path: Path
) -> None:
    """bubblewrap started by root kept every capability: `mount -o remount,rw` made the
    system writable. Now the command has none (and the filter refuses mount)."""
    workspace, _, home = places
    target = Path(tempfile.mkdtemp(prefix="tether-remount-", dir="/var/tmp"))
    try:
        ran = run(
            f"grep CapEff /proc/self/status; mount -o remount,bind,rw / ; "
            f"echo x > {target}/planted; echo tried",
            workspace,
            Sandbox(home=home),
        )
        assert "tried" in ran.output and "CapEff:\t0000000000000000" in ran.output
        assert not (target / "planted").exists()
    finally:
        shutil.rmtree(target, ignore_errors=True)


# --- resource limits ------------------------------------------------------------------------


def limited(**limits: int) -> Sandbox:
    return Sandbox(limits=Limits(**{**{"cpu_seconds": 600, "memory_mb": 8192,
                                       "file_size_mb": 4096, "processes": 1024}, **limits}))  # fmt: skip


@pytest.mark.parametrize("mode", ["bwrap", "none"])
def test_a_memory_hog_is_stopped_and_named(places: tuple[Path, Path, Path], mode: str) -> None:
    workspace, _, home = places
    sandbox = replace(limited(memory_mb=256), mode=mode, home=home)
    ran = run("python3 -c 'x = bytearray(2 * 1024**3); print(len(x))'", workspace, sandbox)
    assert ran.exit_code != 0 and "MemoryError" in ran.output
    assert ran.limit is not None and "memory_mb = 256" in ran.limit


@pytest.mark.parametrize("mode", ["bwrap", "none"])
def test_a_file_size_hog_is_stopped_and_named(places: tuple[Path, Path, Path], mode: str) -> None:
    workspace, _, home = places
    sandbox = replace(limited(file_size_mb=1), mode=mode, home=home)
    ran = run("head -c 50000000 /dev/zero > big.bin; echo wrote", workspace, sandbox)
    assert (workspace / "big.bin").stat().st_size <= 1024 * 1024
    by_python = run(
        "python3 -c \"open('big2.bin', 'wb').write(bytes(5_000_000))\"", workspace, sandbox
    )
    assert (workspace / "big2.bin").stat().st_size <= 1024 * 1024
    assert by_python.limit is not None and "file_size_mb = 1" in by_python.limit
    direct = run("exec head -c 50000000 /dev/zero > big3.bin", workspace, sandbox)
    assert direct.limit is not None and "file_size_mb = 1" in direct.limit  # SIGXFSZ
    assert "wrote" in ran.output  # the shell itself went on


@pytest.mark.parametrize("mode", ["bwrap", "none"])
def test_a_cpu_hog_is_stopped_and_named(places: tuple[Path, Path, Path], mode: str) -> None:
    workspace, _, home = places
    sandbox = replace(limited(cpu_seconds=1), mode=mode, home=home)
    ran = run("exec python3 -c 'while True: pass'", workspace, sandbox, timeout_s=30)
    assert not ran.timed_out and ran.limit is not None and "cpu_seconds = 1" in ran.limit


def test_a_fork_bomb_is_bounded_and_nothing_is_left(places: tuple[Path, Path, Path]) -> None:
    """`processes = 100`: forks past it fail (RLIMIT_NPROC in the sandbox's user namespace;
    for root, the PID namespace's pid_max), the bomb burns out, nothing survives the call."""
    workspace, _, home = places
    if os.geteuid() == 0 and not pid_max_is_per_namespace():
        pytest.skip(
            "root is never limited by RLIMIT_NPROC and this kernel has no pid_max per namespace"
        )
    marker = "bomb8311"
    sandbox = replace(limited(processes=100), home=home)
    # the sleep, started first, keeps the sandbox up while the bomb runs into the bound
    bomb = f"sleep 4 & {marker}() {{ {marker} | {marker} & }}; {marker}; wait"
    ran = run(bomb, workspace, sandbox, 20)
    # forks failed at the bound (unbounded, they would fail only at the machine's own limit)
    assert "Cannot fork" in ran.output or "Resource temporarily unavailable" in ran.output
    deadline = time.monotonic() + 10
    while still_running(marker, ("sh",)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert still_running(marker, ("sh",)) == []


def test_confined_calls_at_once_each_keep_their_own_exit_code(
    places: tuple[Path, Path, Path],
    anyio_backend: str,
) -> None:
    """A call that ends collects bubblewrap's dead init processes; it must never take another
    call's own bubblewrap, whose exit that call is waiting for (asyncio then reports an
    unknown child and exit 255 for a command that ended well)."""
    workspace, _, home = places
    sandbox = Sandbox(home=home)
    codes: list[int | None] = []

    async def one(i: int) -> None:
        ran = await run_in_group(
            f"exit {3 + i % 5}", workspace, timeout_s=30, output_cap_chars=1000,
            sandbox=sandbox, workspace=workspace,
        )  # fmt: skip
        codes.append(ran.exit_code - (3 + i % 5) if ran.exit_code is not None else None)

    async def many() -> None:
        async with anyio.create_task_group() as tg:
            for i in range(60):
                tg.start_soon(one, i)

    anyio.run(many, backend=anyio_backend)
    assert codes == [0] * 60


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "gone"


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if (
                entry.name.isdigit()
                and int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid
            ):
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def test_collecting_sandbox_inits_takes_them_and_never_a_bubblewrap_tether_started() -> None:
    """A confined call that ends collects the sandbox init processes left to tether, and
    nothing else: a bubblewrap another call started and has not registered yet (it ended
    before its spawn returned) keeps its exit for that call's waiter, else asyncio reports
    an unknown child and exit 255 for a command that ended well."""
    bwrap = bwrap_path()
    assert bwrap is not None
    assert become_subreaper()
    # a sandbox whose bubblewrap died first: its init process (pid 1 inside) comes to us
    holder = subprocess.Popen(
        [bwrap, "--unshare-pid", "--dev-bind", "/", "/", "sleep", "60"], start_new_session=True
    )
    wait_for(lambda: _children(holder.pid), 10)
    (init,) = _children(holder.pid)
    holder.kill()
    holder.wait()
    wait_for(lambda: str(os.getpid()) in Path(f"/proc/{init}/stat").read_text().split()[3], 10)
    os.kill(init, signal.SIGKILL)
    # and a bubblewrap of ours that ended, its exit not collected yet
    ours = subprocess.Popen([bwrap, "--dev-bind", "/", "/", "sh", "-c", "exit 7"])
    wait_for(lambda: _state(ours.pid) == "Z" and _state(init) == "Z", 10)
    assert (_state(ours.pid), _state(init)) == ("Z", "Z")

    reap_dead_sandboxes()

    assert _state(init) == "gone", "the sandbox's dead init process stayed a zombie"
    pid, status = os.waitpid(ours.pid, 0)  # ChildProcessError if it was taken
    assert (pid, os.waitstatus_to_exitcode(status)) == (ours.pid, 7)
    ours.returncode = 7  # (collected here, not by Popen)
