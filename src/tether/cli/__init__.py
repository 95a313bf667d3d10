"""The `tether` command: one typer app, each command a thin shell over the library.

Exit codes (DESIGN.md): 0 done or answered; 1 not accepted; 2 usage or input error;
3 not done (budget); 130 cancelled. One module per group of commands; `common.py` holds the
app, the one error boundary (`command`) and the options every command writes the same way.

The commands load when the app is first needed (`app`), not when the package is imported:
`tether check` with plain arguments, what a CI step runs, starts without them
(`checking.fast_check`).
"""

from __future__ import annotations

import sys
from importlib import import_module
from typing import Any

# Each module registers its commands on import; `tether --help` lists them in this order.
COMMAND_MODULES = ("serve", "models", "ask", "run", "judging", "traces", "view", "lab")

__all__ = ["app", "fail", "main"]


def _load() -> Any:
    for name in COMMAND_MODULES:
        import_module(f"tether.cli.{name}")
    return import_module("tether.cli.common")


def __getattr__(name: str) -> Any:
    if name in ("app", "fail"):
        return getattr(_load(), name)
    raise AttributeError(f"module 'tether.cli' has no attribute {name!r}")


def main() -> None:
    """Console entry point."""
    if sys.argv[1:2] == ["check"]:
        from tether.cli.checking import exit_now, fast_check

        code = fast_check(sys.argv[2:])
        if code is not None:
            exit_now(code)
    _load().app()
