"""`tether models`: which models a stand or a provider lists."""

from __future__ import annotations

import os
import sys
from typing import Annotated, Any

import orjson
import typer
from rich.markup import escape
from rich.table import Table

from tether.cli.common import (
    command,
    fail,
    out,
)
from tether.errors import TetherError, UsageError


def _fetch_models(base: str, api_key: str | None) -> list[dict[str, Any]]:
    from tether.providers.listing import list_models

    try:
        rows = list_models(base, api_key)
    except UsageError:
        raise  # exit 2, as for every command: the URL itself is wrong
    except TetherError as exc:
        fail(str(exc), 1)
    return [{"id": r.id, "window": r.window, "tools": r.tools} for r in rows]


@command()
def models(
    base_url: Annotated[
        str | None,
        typer.Option(
            help="A stand or provider, e.g. http://127.0.0.1:8765 or https://api.openai.com/v1. "
            "Default: the built-in stand."
        ),
    ] = None,
    api_key_env: Annotated[
        str, typer.Option(help="Environment variable holding the API key, if one is needed.")
    ] = "OPENAI_API_KEY",
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List the models a stand or a real provider serves."""
    if base_url is None:
        from tether.stand.server import StandThread

        with StandThread() as url:
            rows = _fetch_models(url, None)
    else:
        rows = _fetch_models(base_url, os.environ.get(api_key_env))
    if json_out:
        sys.stdout.write(orjson.dumps({"models": rows}).decode() + "\n")
        return
    table = Table("model", "window", "tools")
    for row in rows:
        window = row["window"]
        tools = row["tools"]
        table.add_row(
            escape(str(row["id"])),
            f"{window:,}" if isinstance(window, int) else "?",
            "?" if tools is None else ("yes" if tools else "no"),
        )
    out.print(table)
