"""search: a regular-expression search over the text files of the workspace.

The engine is RE2 (`google-re2`): linear time in the text, so no pattern a model writes
(`(a+)+$`) can hold the process for hours; it has no backreferences or lookarounds. Lines
are read at most LINE_CHUNK_CHARS at a time, so a huge one-line file costs bounded memory (a
match that straddles two pieces of such a line is not found).
"""

from __future__ import annotations

from typing import Any

import re2

from tether.errors import WorkspacePathError
from tether.tools.base import Tool, ToolContext, ToolOutput, ToolStopped, stop_requested, tool
from tether.tools.builtin.files import (
    BINARY_SNIFF_BYTES,
    display,
    error,
    is_binary,
    resolve_in_workspace,
    walk_files,
    workspace_root,
)

MAX_MATCH_LINE_CHARS = 300  # a matching line is cut past this (minified files)
LINE_CHUNK_CHARS = 1_000_000  # a longer line is searched in pieces of this size
STOP_CHECK_LINES = 1_000  # a cancelled search stops within this many lines


def _compile(pattern: str) -> Any:
    options = re2.Options()
    options.log_errors = False  # the error is returned to the model, not printed
    return re2.compile(pattern, options)


def _search(
    pattern: str, ctx: ToolContext, path: str = ".", glob: str = "*", max_matches: int = 200
) -> ToolOutput:
    """Search the workspace's text files for a regular expression (RE2 syntax: like Python's
    `re`, without backreferences or lookarounds; linear time).
    Each matching line is shown as `path:line: text`. `path` is the folder (or file) to search,
    `glob` filters file names (e.g. `*.py`). Binary files and .git, __pycache__, node_modules and
    .venv are skipped. At most `max_matches` matches are shown; the footer gives the total.
    """
    if max_matches < 1:
        return error(f"max_matches must be 1 or more, not {max_matches}")
    try:
        regex = _compile(pattern)
    except re2.error as exc:
        why = exc.args[0].decode() if exc.args and isinstance(exc.args[0], bytes) else str(exc)
        return error(
            f"invalid regular expression {pattern!r}: {why} (RE2 syntax: no backreferences "
            "or lookarounds)"
        )
    root = workspace_root(ctx)
    try:
        start = resolve_in_workspace(root, path)
    except WorkspacePathError as exc:
        return error(str(exc))
    where = display(root, start)
    if not start.exists():
        return error(f"{where} does not exist")
    shown: list[str] = []
    total = 0
    files_matched = 0
    for file in walk_files(root, start, glob):
        if stop_requested():
            raise ToolStopped(f"search stopped before {display(root, file)}")
        try:
            with file.open("rb") as f:
                if is_binary(f.read(BINARY_SNIFF_BYTES)):
                    continue
            with file.open(encoding="utf-8", errors="replace") as f:
                in_file = 0
                number, new_line = 0, True
                while line := f.readline(LINE_CHUNK_CHARS):
                    if number % STOP_CHECK_LINES == 0 and stop_requested():
                        raise ToolStopped(f"search stopped in {display(root, file)}")
                    if new_line:
                        number += 1
                    new_line = line.endswith("\n")  # else: the next piece is the same line
                    if regex.search(line.rstrip("\n")) is None:  # `$`: the line's end
                        continue
                    in_file += 1
                    if len(shown) < max_matches:
                        text = line.rstrip("\n")
                        if len(text) > MAX_MATCH_LINE_CHARS:
                            text = text[:MAX_MATCH_LINE_CHARS] + "…"
                        shown.append(f"{display(root, file)}:{number}: {text}")
        except OSError:
            continue  # unreadable (permissions, vanished): not a match
        if in_file:
            total += in_file
            files_matched += 1
    if total == 0:
        return ToolOutput(text=f"no matches for {pattern!r} in {where} (files: {glob!r})")
    files = f"{files_matched:,} file{'s' if files_matched != 1 else ''}"
    if total > max_matches:
        footer = (
            f"[{total:,} matches in {files}; only the first {max_matches:,} shown: "
            "narrow the pattern, path or glob to see the rest]"
        )
    else:
        footer = f"[{total:,} match{'es' if total != 1 else ''} in {files}]"
    return ToolOutput(text="\n".join([*shown, footer]))


# Declared by call (`@tool(...)` with options is untyped for mypy); it only reads.
search: Tool = tool(_search, name="search", reads_only=True)
