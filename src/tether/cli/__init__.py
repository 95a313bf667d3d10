"""The `tether` command: one typer app, each command a thin shell over the library.

Exit codes (DESIGN.md): 0 done or answered; 1 not accepted; 2 usage or input error;
3 not done (budget); 130 cancelled. One module per group of commands; `common.py` holds the
app, the one error boundary (`command`) and the options every command writes the same way.
"""

from importlib import import_module

from tether.cli.common import app, fail

# Each module registers its commands on import; `tether --help` lists them in this order.
COMMAND_MODULES = ("serve", "models", "ask", "run", "judging", "traces", "view", "lab")
for _name in COMMAND_MODULES:
    import_module(f"tether.cli.{_name}")

__all__ = ["app", "fail", "main"]


def main() -> None:
    """Console entry point."""
    app()
