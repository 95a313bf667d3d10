"""`tether stand` and `tether proxy`: the two servers, on a real socket."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from tether.cli.common import (
    command,
    err,
    fail,
)
from tether.errors import TetherError


@command()
def stand(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port; 0 picks a free one.")] = 8765,
    script: Annotated[
        str | None, typer.Option(help="A JSON or YAML script of models and turns (see README).")
    ] = None,
    fault: Annotated[
        list[str] | None,
        typer.Option(
            "--fault", help="A fault for every request, e.g. gateway-200@0.15 (repeatable)."
        ),
    ] = None,
    log: Annotated[
        str | None, typer.Option(help="Write one exchange record per request here.")
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed for fault rates (default: the script's).")
    ] = None,
) -> None:
    """Run the simulated provider: OpenAI (chat and Responses), Anthropic and Ollama on one port.

    The first line on stdout is the base URL (OpenAI clients add /v1).
    """
    from tether.serving import base_url, bind
    from tether.stand.server import build_stand, serve_forever

    try:
        the_stand = build_stand(script, fault or [], log, seed)
        sock = bind(host, port)
    except TetherError as exc:
        fail(str(exc))
    sys.stdout.write(base_url(sock) + "\n")
    sys.stdout.flush()
    models = ", ".join(the_stand.planner.script.models)
    faults = ", ".join(f.spec for f in the_stand.planner.faults) or "none"
    err.print(f"stand serving {models}; faults: {faults}", markup=False)
    serve_forever(the_stand, sock)


@command()
def proxy(
    upstream: Annotated[
        str | None,
        typer.Option(help="The primary upstream's base URL (OpenAI's convention: ends in /v1)."),
    ] = None,
    backup: Annotated[
        list[str] | None,
        typer.Option("--backup", help="A backup base URL, tried in order (repeatable)."),
    ] = None,
    config: Annotated[
        str | None,
        typer.Option(help="A TOML configuration: upstreams, model names, keys, breakers."),
    ] = None,
    api: Annotated[
        str,
        typer.Option(
            help="Wire format of --upstream and --backup: openai, anthropic or responses."
        ),
    ] = "openai",
    api_key_env: Annotated[
        str | None, typer.Option(help="Environment variable holding the upstreams' API key.")
    ] = None,
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port; 0 picks a free one.")] = 8790,
    log: Annotated[
        str | None, typer.Option(help="Write one exchange record per request here.")
    ] = None,
    workers: Annotated[
        int, typer.Option(help="Processes sharing the port (breakers agree via a shared store).")
    ] = 1,
    store_path: Annotated[
        str | None,
        typer.Option("--store", help="Record every request as a run (spans) in this trace store."),
    ] = None,
) -> None:
    """Run the guarding proxy: every turn judged before the client sees a byte of it.

    Bad turns are retried and failed over; OpenAI (/v1/chat/completions, /v1/responses) and
    Anthropic (/v1/messages) clients.

    The first line on stdout is the base URL (OpenAI clients add /v1).
    """
    from tether.proxy import Proxy, config_from_urls, load_proxy_config, serve_workers
    from tether.serving import base_url, bind

    if upstream is None and config is None:
        fail("give the upstreams with --upstream URL [--backup URL]... or with --config FILE")
    if upstream is not None and config is not None:
        fail("give the upstreams with --upstream or with --config, not both (drop one)")
    if workers < 1:
        fail(f"--workers {workers}: give 1 or more processes")
    if config is not None and (backup or api_key_env):
        fail("with --config, list every upstream (and its api_key_env) as [[upstreams]] there")
    try:
        if config is not None:
            settings = load_proxy_config(config)
            if log is not None:
                settings.proxy.log = log
            if store_path is not None:
                settings.proxy.store = store_path
        else:
            assert upstream is not None
            settings = config_from_urls(
                upstream, backup or [], api=api, api_key_env=api_key_env, log=log,
                store=store_path,
            )  # fmt: skip
        the_proxy = Proxy(settings)
        sock = bind(host, port)
    except TetherError as exc:
        fail(str(exc))
    sys.stdout.write(base_url(sock) + "\n")
    sys.stdout.flush()
    chain = " -> ".join(u.base_url for u in settings.upstreams)
    err.print(f"proxy in front of {chain}; log: {settings.proxy.log or 'none'}", markup=False)
    if workers == 1:
        serve_workers(lambda: the_proxy, sock, 1)
        return
    if the_proxy.log is not None:  # each worker opens its own (lines are appended whole)
        the_proxy.log.close()
    serve_workers(lambda: Proxy(settings), sock, workers)
