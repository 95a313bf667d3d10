"""search: a regular-expression search over the text files of the workspace."""

from __future__ import annotations

import re

from tether.tools.base import ToolContext, ToolOutput, tool
from tether.tools.builtin.files import (
    BINARY_SNIFF_BYTES,
    WorkspacePathError,
    display,
    error,
    is_binary,
    resolve_in_workspace,
    walk_files,
    workspace_root,
)

MAX_MATCH_LINE_CHARS = 300  # a matching line is cut past this (minified files)


@tool
def search(
    pattern: str, ctx: ToolContext, path: str = ".", glob: str = "*", max_matches: int = 200
) -> ToolOutput:
    """Search the workspace's text files for a regular expression (Python `re` syntax).
    Each matching line is shown as `path:line: text`. `path` is the folder (or file) to search,
    `glob` filters file names (e.g. `*.py`). Binary files and .git, __pycache__, node_modules and
    .venv are skipped. At most `max_matches` matches are shown; the footer gives the total.
    """
    if max_matches < 1:
        return error(f"max_matches must be 1 or more, not {max_matches}")
    try:
        regex = re.compile(pattern)
    except re.error as exc:
        return error(f"invalid regular expression {pattern!r}: {exc}")
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
        try:
            with file.open("rb") as f:
                if is_binary(f.read(BINARY_SNIFF_BYTES)):
                    continue
            with file.open(encoding="utf-8", errors="replace") as f:
                in_file = 0
                for number, line in enumerate(f, start=1):
                    if regex.search(line) is None:
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
