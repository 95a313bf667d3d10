"""What every command shares: the app, the consoles, exit codes, the one error boundary, the
options written once, and the run's last steps (the gate, the live export)."""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, TypeVar

import typer
from rich.console import Console

from tether.cli import checking
from tether.errors import UsageError

if TYPE_CHECKING:
    from tether.trace.store import TraceStore


def _flags_without_a_type(option_class: type) -> None:
    """typer 0.29 labels every option with its type, flags too (`--json <bool>`); a flag takes
    no value, so it gets no label. Older typers have no such column: nothing to change."""
    shown = getattr(option_class, "display_type_rich", None)
    if shown is None:
        return

    def display_type_rich(self: Any, ctx: Any) -> str | None:
        return None if getattr(self, "is_flag", False) else shown(self, ctx)

    setattr(option_class, "display_type_rich", display_type_rich)  # noqa: B010


_flags_without_a_type(typer.core.TyperOption)

EXIT_OK = 0
EXIT_NOT_ACCEPTED = 1
EXIT_USAGE = 2
EXIT_CANCELLED = 130

app = typer.Typer(
    name="tether",
    help="An agent harness that never lies about 'done'.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
# No emoji codes: user text such as `stall:-1:5` must print as typed, not as `stall👎5`.
err = Console(stderr=True, highlight=False, soft_wrap=True, emoji=False)
out = Console(highlight=False, soft_wrap=True, emoji=False)


def fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    """One line on stderr naming the problem and the fix, then exit."""
    err.print(f"tether: {message}", markup=False)
    raise typer.Exit(code)


F = TypeVar("F", bound=Callable[..., Any])


def command(name: str | None = None, group: typer.Typer | None = None) -> Callable[[F], F]:
    """Register a command on the app (or `group`) behind the one error boundary: a UsageError
    (a bad flag value, a bad file, a bad configuration) becomes one line on stderr and exit 2,
    and whatever the command recorded stays recorded (its own `finally` blocks run first)."""

    def register(fn: F) -> F:
        @functools.wraps(fn)
        def guarded(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except UsageError as exc:
                fail(str(exc))

        (group or app).command(name=name)(guarded)
        return fn

    return register


# Options several commands take, written once.
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
StoreOption = Annotated[
    str | None,
    typer.Option(
        "--store", help="Trace store file (default: $TETHER_TRACE_STORE or the data dir)."
    ),
]
FaultOption = Annotated[
    list[str] | None,
    typer.Option(
        "--fault",
        help="With the built-in stand: a fault for every request, e.g. gateway-200@0.15 "
        "(repeatable).",
    ),
]


def _version(value: bool) -> None:
    if value:
        from tether import __version__

        out.print(f"tether {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version.")
    ] = False,
) -> None:
    """tether: judged model turns, closed traces, exit codes you can trust."""


def export_live(trace: dict[str, Any]) -> None:
    """Send a run (run JSON) to an OTLP/HTTP receiver when one is configured
    (OTEL_EXPORTER_OTLP_*)."""
    from tether.trace.otel import endpoint_from_env, export_otlp_http

    endpoint = endpoint_from_env()
    if endpoint is None:
        return
    try:
        export_otlp_http(trace, endpoint)
    except UsageError as exc:  # the run itself is recorded in the store either way
        err.print(f"tether: live trace export failed: {exc}", markup=False)


def open_store(path: str | None, must_exist: bool = True) -> TraceStore:
    """The trace store at `path` (else the default one), or one line naming the fix and exit 2."""
    try:
        return checking.open_store(path, must_exist)
    except UsageError as exc:
        fail(str(exc))


def check_writable_folder(path: str, flag: str) -> None:
    """Before any work: `path` is a folder that can be made and written (results are not
    computed only to be lost at the end)."""
    where = Path(path)
    if where.exists() and not where.is_dir():
        fail(f"{flag} {path}: a file is there; give a folder (it is created if missing)")
    parent = where if where.exists() else next((p for p in where.parents if p.exists()), Path("."))
    if not os.access(parent, os.W_OK | os.X_OK):
        fail(f"{flag} {path}: {parent} is not writable; give a folder you can write to")


# Each API's own key variable: a key is never sent to another company's server.
DEFAULT_KEY_ENV = {
    "openai": "OPENAI_API_KEY",
    "responses": "OPENAI_API_KEY",
    "anthropic": "ANTHROPIC_API_KEY",
}
# The base URL variables the official SDKs read: honoured where no --base-url is given.
BASE_URL_ENV = {
    "openai": "OPENAI_BASE_URL",
    "responses": "OPENAI_BASE_URL",
    "anthropic": "ANTHROPIC_BASE_URL",
}


def base_url_from_env(api: str) -> tuple[str, str] | None:
    """(variable, URL) when the SDKs' base URL variable for `api` is set, else None."""
    name = BASE_URL_ENV.get(api)
    value = os.environ.get(name, "").strip() if name else ""
    return (name, value) if name and value else None


def api_key(api: str, named: str | None) -> str | None:
    """The key for `api`: from the variable the user named (which must then be set), else from
    the API's own variable when it is set (a local server needs none)."""
    from tether.config.sections import read_api_key
    from tether.errors import ConfigError

    try:
        if named is not None:
            return read_api_key(named, f"--api-key-env {named}")
        default = DEFAULT_KEY_ENV.get(api)
        if default and os.environ.get(default):
            return read_api_key(default, default)
    except ConfigError as exc:
        fail(str(exc))
    return None


def find_config() -> str | None:
    """The configuration a run uses when --config is not given (`config.files.find_config`),
    said in one stderr line."""
    from tether.config import files

    path = files.find_config()
    if path is not None:
        err.print(f"tether: using the configuration in {path}", markup=False)
    return str(path) if path is not None else None
