"""A call's cleanup never takes another call's process for one of its orphans.

Seen on a loaded machine: the lab's answer check died of SIGTERM (exit -15) 0.125 s in, and
counted as a false "done". The sender was another call's cleanup (`CallProcesses.end_all`):
right after a spawn returns, the new process's /proc environment reads empty until its exec
has laid it out (read at once after Popen returned: 181 of 2,000 spawns at load 13, 66 of
1,000 at load 8; none once a full scan of /proc comes first, at load 5: the window is one of
a loaded machine), and it is not registered as tether's own until its `open_process` returns
(bubblewrap, for a confined call, never was); so it looked like an orphan adopted by tether
whose mark was dropped, and got SIGTERM (or lost its exit to the reaping: asyncio's exit
255). A process exiting reads empty the same way, for tens of ms when it frees much memory:
the first test uses that window, which a test can open at will. In 14 loaded `calm` labs
(load 9-13, beside 14 with the fix), the lab's calls took another call's process 200 times
(178 SIGTERMs), and 2 of 16 labs counted a false done whose check got SIGTERM; with the fix
0, 0 and 0 of 16 (none unmeasured).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import anyio
import pytest

from tether import proctable
from tether.checks import CheckResult, run_checks
from tether.orphans import CallProcesses, _signal, become_subreaper
from tether.procgroup import CALL_MARK

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux") or not proctable.available(), reason="Linux /proc only"
)


# Another call's process: it touches MB of memory, waits for its stdin to close, exits 7. Its
# exit (os._exit: Python frees nothing first) then releases that memory for tens of ms, and
# meanwhile /proc shows it alive with an empty environment (as in the spawn window above,
# where it lasts microseconds).
HOLDER = "import os, sys; x = b'x' * ({mb} << 20); sys.stdin.read(); os._exit(7)"
MB = 400


def _touched_mb(pid: int) -> int:
    try:
        return (
            int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")
            >> 20
        )
    except OSError:
        return 0


def test_another_calls_process_is_never_taken_for_an_orphan_while_its_environment_reads_empty() -> (
    None
):
    """Another call's process (tether's child, its own session, not registered as tether's:
    a spawn that has not returned yet, bubblewrap before this fix) while /proc shows it alive
    with an empty environment: this call's cleanup never takes it, never signals it, never
    collects its exit (main's orphans.py: taken 7 times in 5 exits, SIGTERM sent and its exit
    collected by the cleanup)."""
    assert become_subreaper()
    mine = os.urandom(8).hex()
    shell = subprocess.Popen(
        ["/bin/sh", "-c", "read x"], stdin=subprocess.PIPE, start_new_session=True,
        env={**os.environ, CALL_MARK: mine},
    )  # fmt: skip
    call = CallProcesses(shell.pid, mine, CALL_MARK)
    taken = 0
    codes = []

    async def end_while_it_exits() -> None:
        nonlocal taken
        for _ in range(5):
            other = subprocess.Popen(  # noqa: ASYNC220 (run_in_group's spawn, without its wait)
                [sys.executable, "-c", HOLDER.format(mb=MB)], stdin=subprocess.PIPE,
                start_new_session=True, env={**os.environ, CALL_MARK: os.urandom(8).hex()},
            )  # fmt: skip
            while _touched_mb(other.pid) < MB - 10 and other.poll() is None:  # noqa: ASYNC110
                await anyio.sleep(0.01)
            assert other.stdin is not None
            other.stdin.close()  # it exits: its memory is released for a while
            for _ in range(500):
                taken += len(call.left() - {shell.pid})
                taken += await call.end_all()  # real SIGTERM to what it takes
                if other.poll() is not None:
                    break
            codes.append(other.wait())

    try:
        anyio.run(end_while_it_exits)
    finally:
        assert shell.stdin is not None
        shell.stdin.close()
        shell.wait()
        call.close()
    assert taken == 0, f"{taken} times another call's process was taken for an orphan"
    assert codes == [7] * 5  # each exit collected by its own waiter
    # the scans did meet it exiting (what they could not tell about): the test saw the window
    assert getattr(call, "unsure_seen", 0) > 0


def test_a_check_killed_by_a_signal_verified_nothing_and_says_who_sent_it(tmp_path: Path) -> None:
    """A check whose own process dies of a signal is `unknown` (never `failed`, which would
    count as the work's outcome), naming the signal; when tether's own cleanup sent it (what
    the bug above did), the quote says so."""
    (outside,) = anyio.run(run_checks, ["kill -TERM $$"], tmp_path)
    assert outside.status == "unknown" and outside.exit_code == -15
    assert "killed by SIGTERM (signal 15) before it finished: it verified nothing" in outside.quote
    assert "tether's own cleanup" not in outside.quote

    pid_file = tmp_path / "pid"

    async def killed_by_tether() -> list[CheckResult]:
        async with anyio.create_task_group() as tg:
            found: list[CheckResult] = []

            async def check() -> None:
                found.extend(await run_checks([f"echo $$ > {pid_file}; sleep 30"], tmp_path))

            tg.start_soon(check)
            while not pid_file.exists() or not pid_file.read_text().strip():  # noqa: ASYNC110
                await anyio.sleep(0.01)
            _signal({int(pid_file.read_text())}, signal.SIGTERM)  # tether's kill path
        return found

    (by_tether,) = anyio.run(killed_by_tether)
    assert by_tether.status == "unknown" and by_tether.exit_code == -15
    assert "tether's own cleanup of another call sent it" in by_tether.quote
