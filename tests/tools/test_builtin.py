"""The built-in coding tools on real files in tmp_path workspaces and real subprocesses."""

from __future__ import annotations

import time
import tracemalloc
from pathlib import Path
from typing import Any

import anyio
import pytest

from tether.tools.base import Tool, ToolContext, ToolOutput
from tether.tools.builtin import (
    CODING_TOOLS,
    apply_patch,
    list_files,
    read_file,
    run_command,
    search,
    write_file,
)

pytestmark = pytest.mark.timeout(10)


def call(t: Tool, ws: Path, backend: str = "asyncio", /, **arguments: Any) -> ToolOutput:
    return anyio.run(t.invoke, arguments, ToolContext(workspace=ws), backend=backend)


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    workspace = tmp_path / "ws"
    workspace.mkdir()
    return workspace


def group_members(pgid: int) -> list[int]:
    """Live (non-zombie) processes of a process group, from /proc."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 2 :].split()
        if int(fields[2]) == pgid and fields[0] not in ("Z", "X"):
            pids.append(int(entry.name))
    return pids


def running(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rfind(")") + 2 :].split()[0] not in ("Z", "X")


def wait_gone(pgid: int, seconds: float = 1.0) -> list[int]:
    deadline = time.monotonic() + seconds
    while (members := group_members(pgid)) and time.monotonic() < deadline:
        time.sleep(0.02)
    return members


def test_coding_tools_exported() -> None:
    names = [t.name for t in CODING_TOOLS]
    assert names == [
        "read_file",
        "write_file",
        "apply_patch",
        "list_files",
        "search",
        "run_command",
    ]
    assert all(t.description and t.context_param for t in CODING_TOOLS)
    assert run_command.untrusted
    assert not any(t.untrusted for t in CODING_TOOLS if t is not run_command)
    assert "ctx" not in read_file.parameters["properties"]


# -- read_file ---------------------------------------------------------------------------------


def test_read_file_pages(ws: Path, anyio_backend: str) -> None:
    (ws / "big.txt").write_text("".join(f"line {i}\n" for i in range(1, 451)))
    first = call(read_file, ws, anyio_backend, path="big.txt")
    assert not first.is_error
    lines = first.text.splitlines()
    assert lines[0] == "  1\tline 1"
    assert lines[199] == "200\tline 200"
    assert "lines 1-200 of 450" in lines[-1]
    assert "offset=201" in lines[-1]
    last = call(read_file, ws, anyio_backend, path="big.txt", offset=401, limit=100)
    assert last.text.splitlines()[0] == "401\tline 401"
    assert "lines 401-450 of 450 (end of file)" in last.text
    middle = call(read_file, ws, anyio_backend, path="big.txt", offset=10, limit=3)
    assert middle.text.splitlines()[:3] == ["10\tline 10", "11\tline 11", "12\tline 12"]
    past = call(read_file, ws, anyio_backend, path="big.txt", offset=451)
    assert past.is_error and "450 lines" in past.text


def test_read_file_binary_missing_empty_and_bad_arguments(ws: Path) -> None:
    (ws / "blob.bin").write_bytes(b"\x89PNG\x00\x01\x02" * 10)
    out = call(read_file, ws, path="blob.bin")
    assert not out.is_error and "binary" in out.text and "\x00" not in out.text
    (ws / "empty.txt").write_text("")
    assert "empty" in call(read_file, ws, path="empty.txt").text
    missing = call(read_file, ws, path="nope.txt")
    assert missing.is_error and "does not exist" in missing.text
    assert call(read_file, ws, path=".").is_error
    assert call(read_file, ws, path="empty.txt", offset=0).is_error
    with pytest.raises(ValueError, match="invalid arguments for read_file"):
        call(read_file, ws, path="x", limit="many")


def test_read_file_of_a_huge_one_line_file_holds_one_page_of_memory(ws: Path) -> None:
    """A minified bundle or a log without newlines: 64 MB on one line, then a short one."""
    with (ws / "bundle.js").open("wb") as f:
        for _ in range(64):
            f.write(b"x" * (1 << 20))
        f.write("\nlast é line".encode())
    tracemalloc.start()
    try:
        out = call(read_file, ws, path="bundle.js")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 8 * (1 << 20), f"peak {peak:,} bytes"
    first, second, footer = out.text.splitlines()
    assert first.startswith("1\t" + "x" * 2000 + "… [line cut: 67,108,864 bytes]")
    assert second == "2\tlast é line"
    assert "lines 1-2 of 2 (end of file)" in footer


def test_read_file_counts_lines_as_an_editor_does(ws: Path) -> None:
    (ws / "crlf.txt").write_bytes(b"one\r\ntwo\r\n\r\nfour")
    out = call(read_file, ws, path="crlf.txt")
    assert out.text.splitlines()[:4] == ["1\tone", "2\ttwo", "3\t", "4\tfour"]
    assert "lines 1-4 of 4" in out.text
    (ws / "long.txt").write_text("é" * 2500 + "\n")
    cut = call(read_file, ws, path="long.txt").text.splitlines()[0]
    assert cut == "1\t" + "é" * 2000 + "… [line cut: 5,000 bytes]"


# -- write_file --------------------------------------------------------------------------------


def test_write_file_creates_parents_and_reports_effect(ws: Path, anyio_backend: str) -> None:
    out = call(write_file, ws, anyio_backend, path="src/pkg/mod.py", content="print('hé')\n")
    assert not out.is_error
    data = (ws / "src/pkg/mod.py").read_bytes()
    assert data == "print('hé')\n".encode()
    assert out.effects == (f"wrote src/pkg/mod.py ({len(data)} bytes)",)
    again = call(write_file, ws, anyio_backend, path="src/pkg/mod.py", content="x = 1\n")
    assert "replaced" in again.text
    assert (ws / "src/pkg/mod.py").read_text() == "x = 1\n"
    assert call(write_file, ws, anyio_backend, path="src", content="x").is_error


# -- apply_patch -------------------------------------------------------------------------------

APP = "".join(f"line {i}\n" for i in range(1, 21))

GOOD_PATCH = """\
diff --git a/app.txt b/app.txt
--- a/app.txt
+++ b/app.txt
@@ -2,3 +2,3 @@
 line 2
-line 3
+line three
 line 4
@@ -17,3 +17,4 @@
 line 17
 line 18
+line 18.5
 line 19
--- /dev/null
+++ b/docs/new.md
@@ -0,0 +1,2 @@
+# New
+hello
"""


def test_apply_patch_modifies_and_creates(ws: Path) -> None:
    (ws / "app.txt").write_text(APP)
    out = call(apply_patch, ws, patch=GOOD_PATCH)
    assert not out.is_error, out.text
    expected = APP.replace("line 3\n", "line three\n").replace("line 18\n", "line 18\nline 18.5\n")
    assert (ws / "app.txt").read_text() == expected
    assert (ws / "docs/new.md").read_text() == "# New\nhello\n"
    assert out.effects == (
        "patched app.txt (+2 -1 lines)",
        "created docs/new.md (+2 -0 lines)",
    )


def test_apply_patch_tolerates_shifted_line_numbers(ws: Path) -> None:
    (ws / "app.txt").write_text("header\nheader\n" + APP)
    out = call(apply_patch, ws, patch=GOOD_PATCH.split("--- /dev/null")[0])
    assert not out.is_error, out.text
    assert "line three\n" in (ws / "app.txt").read_text()


def test_apply_patch_that_does_not_apply_writes_nothing(ws: Path) -> None:
    (ws / "app.txt").write_text(APP)
    (ws / "other.txt").write_text("alpha\nbeta\n")
    bad = """\
--- a/other.txt
+++ b/other.txt
@@ -1,2 +1,2 @@
 alpha
-beta
+BETA
--- a/app.txt
+++ b/app.txt
@@ -2,3 +2,3 @@
 line 2
-line 3
+line three
 line 4
@@ -10,3 +10,3 @@
 line 10
-line eleven
+line 11!
 line 12
--- /dev/null
+++ b/created.txt
@@ -0,0 +1 @@
+new
"""
    out = call(apply_patch, ws, patch=bad)
    assert out.is_error
    assert "app.txt" in out.text and "hunk 2" in out.text and "line eleven" in out.text
    assert "nothing was written" in out.text
    assert out.effects == ()
    assert (ws / "app.txt").read_text() == APP
    assert (ws / "other.txt").read_text() == "alpha\nbeta\n"
    assert not (ws / "created.txt").exists()


def test_apply_patch_refuses_bad_targets(ws: Path) -> None:
    (ws / "app.txt").write_text(APP)
    exists = call(apply_patch, ws, patch="--- /dev/null\n+++ b/app.txt\n@@ -0,0 +1 @@\n+x\n")
    assert exists.is_error and "already exists" in exists.text
    missing = call(apply_patch, ws, patch="--- a/no.txt\n+++ b/no.txt\n@@ -1 +1 @@\n-a\n+b\n")
    assert missing.is_error and "does not exist" in missing.text
    garbage = call(apply_patch, ws, patch="please change line 3")
    assert garbage.is_error and "---" in garbage.text
    outside = call(apply_patch, ws, patch="--- /dev/null\n+++ ../escaped.txt\n@@ -0,0 +1 @@\n+x\n")
    assert outside.is_error and "outside the workspace" in outside.text
    assert not (ws.parent / "escaped.txt").exists()


def test_apply_patch_deletes_and_keeps_missing_final_newline(ws: Path) -> None:
    (ws / "gone.txt").write_text("a\nb\n")
    (ws / "tail.txt").write_text("one\ntwo")
    patch = """\
--- a/gone.txt
+++ /dev/null
@@ -1,2 +0,0 @@
-a
-b
--- a/tail.txt
+++ b/tail.txt
@@ -1,2 +1,2 @@
 one
-two
\\ No newline at end of file
+TWO
\\ No newline at end of file
"""
    out = call(apply_patch, ws, patch=patch)
    assert not out.is_error, out.text
    assert not (ws / "gone.txt").exists()
    assert (ws / "tail.txt").read_text() == "one\nTWO"
    assert out.effects[0] == "deleted gone.txt"


# -- list_files --------------------------------------------------------------------------------


def test_list_files_sorted_and_skipping(ws: Path) -> None:
    for rel in [
        "b.py",
        "a/z.txt",
        "a/b/c.py",
        ".git/config",
        "__pycache__/x.pyc",
        "node_modules/m.js",
        ".venv/bin/python",
    ]:
        (ws / rel).parent.mkdir(parents=True, exist_ok=True)
        (ws / rel).write_text("x")
    out = call(list_files, ws)
    assert out.text.splitlines() == ["a/b/c.py", "a/z.txt", "b.py", "[3 files]"]
    py = call(list_files, ws, pattern="*.py")
    assert py.text.splitlines()[:2] == ["a/b/c.py", "b.py"]
    capped = call(list_files, ws, max_entries=1)
    assert capped.text.splitlines()[0] == "a/b/c.py" and "1 of 3 files" in capped.text
    sub = call(list_files, ws, path="a/b")
    assert sub.text.splitlines()[0] == "a/b/c.py"


# -- confinement -------------------------------------------------------------------------------


@pytest.mark.parametrize("tool_", [read_file, write_file, list_files, search])
def test_path_escapes_are_refused(ws: Path, tmp_path: Path, tool_: Tool) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP SECRET\n")
    (ws / "link").symlink_to(secret)
    (ws / "dirlink").symlink_to(tmp_path)
    extra: dict[str, Any] = {"content": "pwned"} if tool_ is write_file else {}
    if tool_ is search:
        extra = {"pattern": "SECRET"}
    for path in [
        "../secret.txt",
        str(secret),
        "link",
        "dirlink/secret.txt",
        "sub/../../secret.txt",
    ]:
        out = call(tool_, ws, path=path, **extra)
        assert out.is_error, (path, out.text)
        assert "outside the workspace" in out.text
        assert "TOP SECRET" not in out.text
    assert secret.read_text() == "TOP SECRET\n"


def test_symlinks_outside_are_not_followed_when_walking(ws: Path, tmp_path: Path) -> None:
    (tmp_path / "secret.txt").write_text("TOP SECRET\n")
    (ws / "link.txt").symlink_to(tmp_path / "secret.txt")
    (ws / "dirlink").symlink_to(tmp_path)
    (ws / "ok.txt").write_text("fine\n")
    assert call(list_files, ws).text.splitlines() == ["ok.txt", "[1 file]"]
    assert "no matches" in call(search, ws, pattern="SECRET").text


def test_absolute_path_inside_workspace_is_allowed(ws: Path) -> None:
    (ws / "a.txt").write_text("hi\n")
    out = call(read_file, ws, path=str(ws / "a.txt"))
    assert not out.is_error and "hi" in out.text


# -- search ------------------------------------------------------------------------------------


def test_search_regex(ws: Path, anyio_backend: str) -> None:
    (ws / "src").mkdir()
    (ws / "src/a.py").write_text("def foo():\n    return 1\n\ndef bar_baz():\n    pass\n")
    (ws / "src/b.txt").write_text("def not_python\n")
    (ws / "blob.bin").write_bytes(b"def x\x00\x01")
    out = call(search, ws, anyio_backend, pattern=r"^def \w+\(", glob="*.py")
    assert out.text.splitlines() == [
        "src/a.py:1: def foo():",
        "src/a.py:4: def bar_baz():",
        "[2 matches in 1 file]",
    ]
    everywhere = call(search, ws, anyio_backend, pattern=r"def")
    assert "src/b.txt:1: def not_python" in everywhere.text
    assert "blob.bin" not in everywhere.text
    capped = call(search, ws, anyio_backend, pattern="def", max_matches=1)
    assert len(capped.text.splitlines()) == 2
    assert "3 matches in 2 files; only the first 1 shown" in capped.text
    assert not call(search, ws, anyio_backend, pattern="nothing here").is_error


def test_search_invalid_regex(ws: Path) -> None:
    out = call(search, ws, pattern="foo(")
    assert out.is_error
    assert "invalid regular expression" in out.text and "foo(" in out.text


# -- run_command -------------------------------------------------------------------------------


def test_run_command_exit_codes_and_interleaved_output(ws: Path, anyio_backend: str) -> None:
    ok = call(run_command, ws, anyio_backend, command="echo out; echo err >&2; echo out2")
    assert not ok.is_error
    assert ok.exit_code == 0
    assert ok.text.splitlines()[:3] == ["out", "err", "out2"]
    assert ok.effects == ("ran `echo out; echo err >&2; echo out2` (exit 0)",)
    failed = call(run_command, ws, anyio_backend, command="exit 3")
    assert failed.exit_code == 3 and not failed.is_error
    assert failed.effects == ("ran `exit 3` (exit 3)",)
    assert "(no output)" in failed.text


def test_run_command_runs_in_workspace_and_cwd(ws: Path, anyio_backend: str) -> None:
    (ws / "sub").mkdir()
    out = call(run_command, ws, anyio_backend, command="pwd", cwd="sub")
    assert out.text.splitlines()[0] == str((ws / "sub").resolve())
    out = call(run_command, ws, anyio_backend, command="pwd")
    assert out.text.splitlines()[0] == str(ws.resolve())


def test_run_command_cwd_escape_refused(ws: Path, tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    for cwd in ["..", str(tmp_path), "/"]:
        out = call(run_command, ws, command=f"touch {marker}", cwd=cwd)
        assert out.is_error and "outside the workspace" in out.text
        assert out.effects == ()
    assert not marker.exists()


def test_run_command_output_cap_keeps_the_tail(ws: Path, anyio_backend: str) -> None:
    out = call(
        run_command,
        ws,
        anyio_backend,
        command="i=0; while [ $i -lt 5000 ]; do echo line-$i-xxxxxxxxxx; i=$((i+1)); done",
    )
    assert out.exit_code == 0
    assert "line-4999-xxxxxxxxxx" in out.text
    assert "line-0-" not in out.text
    total = sum(len(f"line-{i}-xxxxxxxxxx\n") for i in range(5000))
    assert f"{total - 20_000:,} earlier characters of output dropped" in out.text


def _started(ws: Path) -> int | None:
    try:
        return int((ws / "pgid.txt").read_text())
    except (OSError, ValueError):
        return None


async def watch_group(ws: Path, seen: list[int]) -> None:
    """Record the command's process group once the shell, the inner sh and a sleep are up."""
    # polled: the processes are not ours to wait on
    while (pgid := _started(ws)) is None or len(group_members(pgid)) < 3:  # noqa: ASYNC110
        await anyio.sleep(0.02)
    seen.extend(group_members(pgid))


def test_run_command_timeout_kills_the_process_group(ws: Path, anyio_backend: str) -> None:
    seen: list[int] = []

    async def main() -> ToolOutput:
        async with anyio.create_task_group() as tg:
            tg.start_soon(watch_group, ws, seen)
            out = await run_command.invoke(
                {"command": "echo $$ > pgid.txt; sh -c 'sleep 30 & sleep 30'", "timeout_s": 0.7},
                ToolContext(workspace=ws),
            )
        return out

    started = time.monotonic()
    out = anyio.run(main, backend=anyio_backend)
    assert time.monotonic() - started < 2.5
    assert out.is_error and "timed out after 0.7 s" in out.text
    assert out.effects == (
        "ran `echo $$ > pgid.txt; sh -c 'sleep 30 & sleep 30'` (timed out after 0.7 s)",
    )
    pgid = _started(ws)
    assert pgid is not None
    assert len(seen) >= 3  # the shell, the inner sh and its sleeps were running
    assert wait_gone(pgid) == []
    assert [pid for pid in seen if running(pid)] == []


def test_run_command_cancellation_kills_the_process_group(ws: Path, anyio_backend: str) -> None:
    seen: list[int] = []

    async def main() -> bool:
        with anyio.move_on_after(0.7) as scope:
            async with anyio.create_task_group() as tg:
                tg.start_soon(watch_group, ws, seen)
                await run_command.invoke(
                    {"command": "echo $$ > pgid.txt; sh -c 'sleep 30 & sleep 30'", "timeout_s": 30},
                    ToolContext(workspace=ws),
                )
        return scope.cancelled_caught

    started = time.monotonic()
    assert anyio.run(main, backend=anyio_backend) is True
    assert time.monotonic() - started < 2.5
    pgid = _started(ws)
    assert pgid is not None
    assert len(seen) >= 3
    assert wait_gone(pgid, 0.2) == []  # killed before the cancellation propagated


def test_run_command_background_processes_do_not_outlive_it(ws: Path, anyio_backend: str) -> None:
    started = time.monotonic()
    out = call(
        run_command, ws, anyio_backend, command="echo $$ > pgid.txt; sleep 30 & echo started"
    )
    assert time.monotonic() - started < 2.5
    assert out.exit_code == 0 and "started" in out.text
    assert "1 background process the command left running was killed" in out.text
    pgid = _started(ws)
    assert pgid is not None
    assert wait_gone(pgid, 0.2) == []
    quiet = call(
        run_command, ws, anyio_backend, command="echo $$ > pgid.txt; sleep 30 > /dev/null 2>&1 &"
    )
    assert quiet.exit_code == 0
    pgid = _started(ws)
    assert pgid is not None
    assert wait_gone(pgid, 0.2) == []
