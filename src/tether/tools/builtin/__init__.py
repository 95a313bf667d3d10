"""The built-in tools of a coding agent, each confined to the run's workspace (ctx.workspace).

    from tether.tools.builtin import CODING_TOOLS

read_file, write_file, apply_patch and list_files (files.py), search (search.py) and
run_command (shell.py, untrusted: its output is outside content).
"""

from __future__ import annotations

from tether.tools.base import Tool
from tether.tools.builtin.files import apply_patch, list_files, read_file, write_file
from tether.tools.builtin.search import search
from tether.tools.builtin.shell import run_command

CODING_TOOLS: tuple[Tool, ...] = (
    read_file,
    write_file,
    apply_patch,
    list_files,
    search,
    run_command,
)

__all__ = [
    "CODING_TOOLS",
    "apply_patch",
    "list_files",
    "read_file",
    "run_command",
    "search",
    "write_file",
]
