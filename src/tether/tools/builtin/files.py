"""File tools: read, write, patch and list files, all confined to the run's workspace.

Every path a model gives is resolved (symlinks and `..` included) against the workspace and
refused unless the result stays inside it; nothing outside is ever read, written or listed.
"""

from __future__ import annotations

import errno
import fnmatch
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from tether.errors import PatchError, WorkspacePathError
from tether.tools.base import Tool, ToolContext, ToolOutput, ToolStopped, stop_requested, tool

SKIPPED_DIRS = frozenset({".git", "__pycache__", "node_modules", ".venv"})
BINARY_SNIFF_BYTES = 8192
MAX_LINE_CHARS = 2000  # read_file cuts longer lines (minified files) so a page stays readable


def workspace_root(ctx: ToolContext) -> Path:
    """The workspace, resolved: every path is checked against this."""
    return ctx.workspace.resolve()


def resolve_in_workspace(root: Path, path: str) -> Path:
    """`path` (relative to the workspace, or absolute) resolved; WorkspacePathError if outside."""
    if "\x00" in path:
        raise WorkspacePathError(f"invalid path {path!r}: it contains a NUL character")
    try:
        target = (root / path).resolve()
    except (OSError, RuntimeError) as exc:  # RuntimeError: a symlink loop
        raise WorkspacePathError(f"cannot resolve path {path!r}: {exc}") from None
    if not target.is_relative_to(root):
        raise WorkspacePathError(
            f"path {path!r} is outside the workspace ({root}); only paths inside it may be used"
        )
    return target


def open_in_workspace(root: Path, target: Path, flags: int, *, make_dirs: bool = False) -> int:
    """A file descriptor for `target` (resolved, inside `root`), opened folder by folder from
    the workspace without following a symbolic link at any step: a path swapped for a link
    after it was checked (a race) fails instead of reaching outside. A file opened for writing
    that has other hard links (which may be outside the workspace) is refused, before any
    byte of it changes. Raises WorkspacePathError or OSError."""
    parts = target.relative_to(root).parts
    if not parts:
        raise WorkspacePathError(f"{display(root, target)} is the workspace itself")
    folder = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    try:
        for name in parts[:-1]:
            try:
                nxt = os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=folder)
            except FileNotFoundError:
                if not make_dirs:
                    raise
                os.mkdir(name, 0o755, dir_fd=folder)
                nxt = os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=folder)
            os.close(folder)
            folder = nxt
        writing = flags & (os.O_WRONLY | os.O_RDWR)
        fd = os.open(parts[-1], (flags & ~os.O_TRUNC) | os.O_NOFOLLOW, 0o644, dir_fd=folder)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENOTDIR):
            raise WorkspacePathError(
                f"{display(root, target)} changed into a symbolic link while it was used; "
                "nothing was done"
            ) from None
        raise
    finally:
        os.close(folder)
    info = os.fstat(fd)
    if writing and stat.S_ISREG(info.st_mode) and info.st_nlink > 1:
        os.close(fd)
        raise WorkspacePathError(
            f"{display(root, target)} has {info.st_nlink} hard links (another may be outside the "
            "workspace): it is not changed; write a new file instead"
        )
    if writing and flags & os.O_TRUNC:
        os.ftruncate(fd, 0)
    return fd


def display(root: Path, target: Path) -> str:
    """A resolved path as the model should see it: relative to the workspace, `/`-separated."""
    rel = target.relative_to(root).as_posix()
    return rel if rel else "."


def is_binary(data: bytes) -> bool:
    """A NUL byte in the first few KiB: not text (the same rule git and grep use)."""
    return b"\x00" in data[:BINARY_SNIFF_BYTES]


def error(text: str) -> ToolOutput:
    return ToolOutput(text=text, is_error=True)


def walk_files(root: Path, start: Path, pattern: str = "*") -> list[Path]:
    """Files under `start` (itself if a file) whose name matches `pattern`, sorted by path.

    Skips .git, __pycache__, node_modules and .venv; does not descend into symlinked folders and
    leaves out symlinks that resolve outside the workspace. A pattern with a `/` is matched
    against the path relative to the workspace, otherwise against the file name.
    """

    def matches(p: Path) -> bool:
        subject = display(root, p) if "/" in pattern else p.name
        return fnmatch.fnmatchcase(subject, pattern)

    def inside(p: Path) -> bool:
        try:
            return p.resolve().is_relative_to(root)
        except (OSError, RuntimeError):
            return False

    if start.is_file():
        return [start] if matches(start) else []
    found: list[Path] = []
    for dirpath, dirnames, filenames in os.walk(start, followlinks=False):
        if stop_requested():  # a cancelled call: a huge tree is not walked to its end
            raise ToolStopped(f"stopped while listing {display(root, Path(dirpath))}")
        dirnames[:] = [d for d in dirnames if d not in SKIPPED_DIRS]
        here = Path(dirpath)
        for name in filenames:
            p = here / name
            if matches(p) and (not p.is_symlink() or inside(p)):
                found.append(p)
    return sorted(found, key=lambda p: display(root, p))


# -- read_file ---------------------------------------------------------------------------------


READ_CHUNK_BYTES = 1 << 20
# Bytes kept of a line on the page: enough for MAX_LINE_CHARS characters of any UTF-8.
_KEPT_LINE_BYTES = 4 * MAX_LINE_CHARS + 4


def _page(f: BinaryIO, offset: int, limit: int) -> tuple[list[tuple[str, int]], int]:
    """The lines `offset`..`offset + limit - 1` (each as text cut to a page's worth, with its
    length in bytes) and how many lines the file has. Read a chunk at a time and never holding
    more than a chunk and the page: a 2 GB one-line file costs what a short one does."""
    page: list[tuple[str, int]] = []
    total = 0
    kept = bytearray()
    size = 0
    pending = False  # bytes of a line whose end has not been seen yet
    while chunk := f.read(READ_CHUNK_BYTES):
        start = 0
        while True:
            end = chunk.find(b"\n", start)
            piece = chunk[start : end if end >= 0 else len(chunk)]
            on_page = offset <= total + 1 < offset + limit
            if on_page and len(kept) < _KEPT_LINE_BYTES:
                kept += piece[: _KEPT_LINE_BYTES - len(kept)]
            size += len(piece)
            pending = pending or bool(piece)
            if end < 0:
                break
            total += 1
            if on_page:
                if kept.endswith(b"\r") and size == len(kept):  # a CRLF line end
                    del kept[-1]
                    size -= 1
                page.append((kept.decode("utf-8", errors="replace"), size))
            kept, size, pending = bytearray(), 0, False
            start = end + 1
    if pending:
        total += 1
        if offset <= total < offset + limit:
            page.append((kept.decode("utf-8", errors="replace"), size))
    return page, total


def _read_file(path: str, ctx: ToolContext, offset: int = 1, limit: int = 200) -> ToolOutput:
    """Read a text file in the workspace, one page of numbered lines at a time.
    `path` is relative to the workspace. `offset` is the first line to show (1-based) and
    `limit` how many lines; the footer says which lines were shown of how many and the offset
    of the next page. Lines longer than 2000 characters are cut. Binary files are not shown.
    """
    if offset < 1:
        return error(f"offset must be 1 or more (the first line is 1), not {offset}")
    if limit < 1:
        return error(f"limit must be 1 or more, not {limit}")
    root = workspace_root(ctx)
    try:
        target = resolve_in_workspace(root, path)
    except WorkspacePathError as exc:
        return error(str(exc))
    shown = display(root, target)
    if target.is_dir():
        return error(f"{shown} is a directory; use list_files to see what it holds")
    if not target.is_file():
        return error(f"{shown} does not exist")
    try:
        with target.open("rb") as f:
            head = f.read(BINARY_SNIFF_BYTES)
        if is_binary(head):
            size = target.stat().st_size
            return ToolOutput(text=f"{shown} is a binary file ({size:,} bytes); not shown")
        with target.open("rb") as f:
            page, total = _page(f, offset, limit)
    except OSError as exc:
        return error(f"could not read {shown}: {exc.strerror or exc}")
    if total == 0:
        return ToolOutput(text=f"{shown} is empty (0 lines)")
    if offset > total:
        return error(f"offset {offset} is past the end of {shown}, which has {total:,} lines")
    last = min(total, offset + limit - 1)
    width = len(str(last))
    body = []
    for number, (line, size) in enumerate(page, start=offset):
        if size > len(line.encode("utf-8")) or len(line) > MAX_LINE_CHARS:
            line = f"{line[:MAX_LINE_CHARS]}… [line cut: {size:,} bytes]"
        body.append(f"{number:>{width}}\t{line}")
    if last < total:
        footer = (
            f"[{shown}: lines {offset}-{last} of {total:,}; "
            f"next page: read_file(path={shown!r}, offset={last + 1})]"
        )
    else:
        footer = f"[{shown}: lines {offset}-{last} of {total:,} (end of file)]"
    # a spilled result read back is the outside text it was (a command's output, a page)
    spilled = shown.startswith(".tether/")
    return ToolOutput(text="\n".join([*body, footer]), outside=spilled)


# Declared by call (`@tool(...)` with options is untyped for mypy); it only reads.
read_file: Tool = tool(_read_file, name="read_file", reads_only=True)


# -- write_file --------------------------------------------------------------------------------


@tool
def write_file(path: str, content: str, ctx: ToolContext) -> ToolOutput:
    """Write a file in the workspace (UTF-8), replacing it if it exists.
    `path` is relative to the workspace; missing parent folders are created. Use apply_patch to
    change part of an existing file instead of rewriting all of it.
    """
    root = workspace_root(ctx)
    try:
        target = resolve_in_workspace(root, path)
    except WorkspacePathError as exc:
        return error(str(exc))
    shown = display(root, target)
    if target.is_dir():
        return error(f"{shown} is a directory; give a file path")
    existed = target.exists()
    data = content.encode("utf-8")
    try:
        fd = open_in_workspace(root, target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, make_dirs=True)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
    except WorkspacePathError as exc:
        return error(str(exc))
    except OSError as exc:
        return error(f"could not write {shown}: {exc.strerror or exc}")
    verb = "replaced" if existed else "created"
    return ToolOutput(
        text=f"{verb} {shown} ({len(data):,} bytes)",
        effects=(f"wrote {shown} ({len(data):,} bytes)",),
    )


# -- apply_patch -------------------------------------------------------------------------------


_HUNK_HEADER = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")
_NO_NEWLINE = "\\ No newline at end of file"


@dataclass
class Hunk:
    number: int  # 1-based, within its file
    old_start: int
    lines: list[str] = field(default_factory=list)  # each starts with " ", "-" or "+"
    old_no_eol: bool = False
    new_no_eol: bool = False

    @property
    def old(self) -> list[str]:
        return [line[1:] for line in self.lines if line[0] in " -"]

    @property
    def new(self) -> list[str]:
        return [line[1:] for line in self.lines if line[0] in " +"]


@dataclass
class FilePatch:
    old_path: str | None  # None: /dev/null (a new file)
    new_path: str | None  # None: /dev/null (a deleted file)
    hunks: list[Hunk] = field(default_factory=list)

    @property
    def path(self) -> str:
        path = self.new_path if self.new_path is not None else self.old_path
        assert path is not None
        return path


def _header_path(line: str) -> str | None:
    raw = line[4:].split("\t")[0].strip()
    if raw.startswith('"') and raw.endswith('"') and len(raw) >= 2:
        raw = raw[1:-1]
    return None if raw == "/dev/null" else raw


def _strip_prefixes(old: str | None, new: str | None) -> tuple[str | None, str | None]:
    """Drop git's `a/` and `b/` prefixes when the patch uses them."""
    old_ok = old is None or old.startswith("a/")
    new_ok = new is None or new.startswith("b/")
    if old_ok and new_ok and (old is not None or new is not None):
        return (old[2:] if old else None, new[2:] if new else None)
    return old, new


def parse_patch(patch: str) -> list[FilePatch]:
    """A unified diff read into files and hunks; PatchError says what is wrong and where."""
    lines = patch.splitlines()
    while lines and lines[0].strip().startswith("```"):
        lines.pop(0)
    while lines and (lines[-1] == "" or lines[-1].strip().startswith("```")):
        lines.pop()
    files: list[FilePatch] = []
    current: FilePatch | None = None
    hunk: Hunk | None = None
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("--- ") and i + 1 < len(lines) and lines[i + 1].startswith("+++ "):
            old, new = _strip_prefixes(_header_path(line), _header_path(lines[i + 1]))
            if old is None and new is None:
                raise PatchError(f"patch line {i + 1}: both sides are /dev/null")
            current = FilePatch(old, new)
            files.append(current)
            hunk = None
            i += 2
            continue
        match = _HUNK_HEADER.match(line)
        if match:
            if current is None:
                raise PatchError(f"patch line {i + 1}: a hunk before any `--- / +++` file header")
            hunk = Hunk(number=len(current.hunks) + 1, old_start=int(match.group(1)))
            current.hunks.append(hunk)
        elif hunk is not None and line.startswith((" ", "-", "+")):
            hunk.lines.append(line)
        elif hunk is not None and line == "":
            hunk.lines.append(" ")  # a blank context line whose leading space was stripped
        elif hunk is not None and line.startswith("\\"):
            if hunk.lines and hunk.lines[-1][0] in " -":
                hunk.old_no_eol = True
            if hunk.lines and hunk.lines[-1][0] in " +":
                hunk.new_no_eol = True
        elif hunk is not None:
            raise PatchError(
                f"patch line {i + 1} (in hunk {hunk.number} of {current.path if current else '?'})"
                f" is not a diff line: {line[:80]!r}"
            )
        # anything else outside a hunk (diff --git, index, prose) is ignored
        i += 1
    if not files:
        raise PatchError("no file headers found: a unified diff starts each file with --- and +++")
    for fp in files:
        if not fp.hunks:
            raise PatchError(f"{fp.path}: no hunks (@@ -l,s +l,s @@) in the patch for this file")
        for h in fp.hunks:
            if not any(line[0] in "+-" for line in h.lines):
                raise PatchError(f"{fp.path}: hunk {h.number} changes nothing")
    return files


def _find(lines: list[str], block: list[str], hint: int, start: int) -> int | None:
    """Where `block` occurs in `lines` at or after `start`, the match nearest `hint` first;
    exact matches are preferred to ones that differ only in trailing whitespace."""
    n = len(block)
    candidates = range(start, len(lines) - n + 1)
    for strict in (True, False):
        wanted = block if strict else [b.rstrip() for b in block]
        found = [
            i
            for i in candidates
            if (lines[i : i + n] if strict else [x.rstrip() for x in lines[i : i + n]]) == wanted
        ]
        if found:
            return min(found, key=lambda i: (abs(i - hint), i))
    return None


def _apply_hunks(fp: FilePatch, text: str, shown: str) -> tuple[str, int, int]:
    """`text` with the file's hunks applied; (new text, lines added, lines removed)."""
    eol = "\r\n" if "\r\n" in text else "\n"
    text = text.replace("\r\n", "\n")
    had_final_newline = text.endswith("\n") or text == ""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    final_newline = had_final_newline
    start = 0
    shift = 0  # lines added minus removed by the hunks so far
    added = removed = 0
    for h in fp.hunks:
        old, new = h.old, h.new
        if not old:  # pure insertion: old_start is the line it goes after
            at = min(max(h.old_start + shift, start), len(lines))
        else:
            hint = max(h.old_start - 1 + shift, 0)
            found = _find(lines, old, hint, start)
            if found is None:
                expected = "\n".join(f"  {line}" for line in old[:8])
                more = f"\n  … ({len(old) - 8} more)" if len(old) > 8 else ""
                raise PatchError(
                    f"{shown}: hunk {h.number} (@@ -{h.old_start}) does not match the file: "
                    f"these lines were not found (after line {start}):\n{expected}{more}\n"
                    f"Read the file again and send a patch whose context lines match it exactly."
                )
            at = found
        lines[at : at + len(old)] = new
        if at + len(new) == len(lines):  # the hunk reaches the end of the file
            if h.new_no_eol:
                final_newline = False
            elif h.old_no_eol:
                final_newline = True
        start = at + len(new)
        shift += len(new) - len(old)
        added += len(new) - sum(1 for line in h.lines if line[0] == " ")
        removed += len(old) - sum(1 for line in h.lines if line[0] == " ")
    result = eol.join(lines)
    if lines and final_newline:
        result += eol
    return result, added, removed


@tool
def apply_patch(patch: str, ctx: ToolContext) -> ToolOutput:
    """Apply a unified diff (like `git diff` output) to files in the workspace.
    The patch may change several files; each starts with `--- a/PATH` and `+++ b/PATH` lines,
    then hunks (`@@ -l,s +l,s @@`) of context (` `), removed (`-`) and added (`+`) lines. A new
    file uses `--- /dev/null`, a deleted one `+++ /dev/null`. Context lines must match the file;
    if any hunk does not apply, nothing is written and the error names the file and hunk.
    """
    root = workspace_root(ctx)
    try:
        files = parse_patch(patch)
    except PatchError as exc:
        return error(f"patch not applied: {exc}")
    # path -> new content (None: delete); applied in memory first so a bad hunk writes nothing
    results: dict[Path, str | None] = {}
    effects: list[str] = []
    try:
        for fp in files:
            if fp.old_path is not None and fp.new_path is not None and fp.old_path != fp.new_path:
                raise PatchError(
                    f"{fp.old_path} -> {fp.new_path}: renames are not supported; "
                    "write the new file and patch or delete the old one"
                )
            try:
                target = resolve_in_workspace(root, fp.path)
            except WorkspacePathError as exc:
                raise PatchError(str(exc)) from None
            shown = display(root, target)
            if target in results:
                current = results[target]
                if current is None:
                    raise PatchError(f"{shown}: patched after being deleted by this patch")
                exists = True
            elif target.is_dir():
                raise PatchError(f"{shown} is a directory")
            elif target.is_file():
                if target.stat().st_nlink > 1:
                    raise PatchError(
                        f"{shown} has {target.stat().st_nlink} hard links (another may be "
                        "outside the workspace): it is not changed"
                    )
                data = target.read_bytes()
                if is_binary(data):
                    raise PatchError(f"{shown} is a binary file; it cannot be patched")
                try:
                    current = data.decode("utf-8")
                except UnicodeDecodeError:
                    raise PatchError(f"{shown} is not UTF-8 text; it cannot be patched") from None
                exists = True
            else:
                current, exists = "", False
            if fp.old_path is None and exists:
                raise PatchError(f"{shown} already exists (the patch creates it from /dev/null)")
            if fp.old_path is not None and not exists:
                raise PatchError(f"{shown} does not exist (use --- /dev/null to create it)")
            new_text, added, removed = _apply_hunks(fp, current, shown)
            if fp.new_path is None:
                if new_text.strip():
                    raise PatchError(
                        f"{shown}: the deletion does not remove every line of the file"
                    )
                results[target] = None
                effects.append(f"deleted {shown}")
            else:
                results[target] = new_text
                verb = "created" if fp.old_path is None else "patched"
                effects.append(f"{verb} {shown} (+{added} -{removed} lines)")
    except PatchError as exc:
        return error(f"patch not applied, nothing was written: {exc}")
    for done, (target, content) in enumerate(results.items()):
        try:
            if content is None:
                os.close(open_in_workspace(root, target, os.O_WRONLY))  # refuses links
                target.unlink()
            else:
                fd = open_in_workspace(
                    root, target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, make_dirs=True
                )
                with os.fdopen(fd, "wb") as f:
                    f.write(content.encode("utf-8"))
        except (OSError, WorkspacePathError) as exc:
            why = str(exc) if isinstance(exc, WorkspacePathError) else exc.strerror or exc
            return ToolOutput(
                text=f"could not write {display(root, target)}: {why}; "
                f"already done: {'; '.join(effects[:done]) or 'nothing'}",
                effects=tuple(effects[:done]),
                is_error=True,
            )
    return ToolOutput(text="applied: " + "; ".join(effects), effects=tuple(effects))


# -- list_files --------------------------------------------------------------------------------


def _list_files(
    ctx: ToolContext, path: str = ".", pattern: str = "*", max_entries: int = 500
) -> ToolOutput:
    """List the files under a folder of the workspace, recursively, sorted by path.
    `pattern` is a glob matched against file names (e.g. `*.py`; with a `/`, against the path
    relative to the workspace). Skips .git, __pycache__, node_modules and .venv. At most
    `max_entries` paths are shown; the footer says how many there are in all.
    """
    if max_entries < 1:
        return error(f"max_entries must be 1 or more, not {max_entries}")
    root = workspace_root(ctx)
    try:
        start = resolve_in_workspace(root, path)
    except WorkspacePathError as exc:
        return error(str(exc))
    shown = display(root, start)
    if not start.exists():
        return error(f"{shown} does not exist")
    entries: list[str] = []
    total = 0
    for p in walk_files(root, start, pattern):
        total += 1
        if len(entries) < max_entries:
            entries.append(display(root, p))
    if total == 0:
        return ToolOutput(text=f"no files matching {pattern!r} under {shown}")
    if total > max_entries:
        footer = (
            f"[{max_entries:,} of {total:,} files shown; narrow the path or pattern to see more]"
        )
    else:
        footer = f"[{total:,} file{'s' if total != 1 else ''}]"
    return ToolOutput(text="\n".join([*entries, footer]))


# Declared by call (`@tool(...)` with options is untyped for mypy); it only reads.
list_files: Tool = tool(_list_files, name="list_files", reads_only=True)
