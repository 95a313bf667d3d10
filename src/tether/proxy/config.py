"""The proxy's configuration: its upstreams in failover order, breakers, retries and holdback.

A TOML file (validated; every error names the file, the key and what is expected) or the
`--upstream` / `--backup` URLs of the CLI:

    [[upstreams]]                       # the failover chain, in order
    api = "openai"                      # openai | anthropic | responses
    base_url = "https://api.openai.com/v1"
    api_key_env = "OPENAI_API_KEY"      # read from the environment, never logged
    model = "gpt-4o-mini"               # optional: every request goes to this model ...
    models = {"fast" = "gpt-4o-mini"}   # ... or the client's model name mapped per upstream;
                                        # neither: the client's model name is passed through
    name = "openai"                     # optional: what [aliases] call it
    window = 128000                     # requests are re-fitted for a smaller window
    tools = true                        # false: tools removed (with a note) for this upstream
    first_byte_s = 60                   # the timeouts on silence (per phase)
    silence_s = 60
    progress_s = 300                    # keep-alives alone this long: a stuck stream
    stream = true                       # false: whole replies asked for (openai, anthropic)

    [breakers]
    store = "memory"                    # or sqlite:///PATH.db, redis://HOST:PORT/DB: shared
    open_s = 60                         # by every proxy process that names the same store
    slow_first_byte_s = 40

    [proxy]
    max_attempts = 4                    # across the whole chain, per client request
    backoff_s = 0.2
    retry_after_max_s = 5               # the longest the proxy waits on an upstream's Retry-After
    client_timeout_s = 120              # the deadline of clients that do not send theirs
                                        # (x-stainless-timeout, x-stainless-read-timeout, timeout)
    holdback_chars = 64                 # streamed text held until the judge is sure it is an answer
    holdback_max_chars = 1000           # ... and at most this much while it could be a failure
    keepalive_s = 15                    # a streaming client told "still here" after 15 s of
                                        # nothing (default: off; see the README)
    log = "proxy.jsonl"                 # one exchange record per client request
    otlp_endpoint = "http://127.0.0.1:4318/v1/traces"   # each request's spans, sent in the
                                        # background (default: OTEL_EXPORTER_OTLP_* variables)
    transport = "lean"                  # the upstream client: lean | fast | httpx (httpx2's own)
    header_timeout_s = 10               # a request's headers must arrive within this (else 408)
    idle_timeout_s = 30                 # an idle kept-alive client connection is closed
    max_connections = 1000              # more open connections are refused with 503

    [aliases]                           # a client model name -> its own chain of upstreams
    fast = ["openai#gpt-4o-mini", "claude#claude-haiku-4-5"]   # NAME[#MODEL], in order

    [concurrency]                       # requests in flight per upstream and model, as in the
    adaptive = true                     # runtime's configuration (halved on a concurrency 429)
    ceiling = 32

    [hedge]                             # a late first byte: the same request to the next
    enabled = true                      # healthy upstream too, the first accepted turn wins
    after_s = 2.0                       # fixed; default: learned from recent first bytes
    max_per_run = 1                     # hedges one client request may start

    [judge]                             # the turn judge, as in the runtime's configuration
    phrases = ["our proxy is napping"]  # your gateways' own texts: each alone is a failure
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import Field, ValidationError, model_validator

from tether.config import (
    BreakersConfig,
    ConcurrencySection,
    EndpointConfig,
    HedgeSection,
    JudgeSection,
    RetryConfig,
    Strict,
    load_toml,
    validated_error,
)
from tether.errors import ConfigError


class UpstreamConfig(EndpointConfig):
    """One provider behind the proxy (a candidate per client model name)."""

    api: Literal["openai", "anthropic", "responses"] = "openai"  # the formats it forwards to
    name: str | None = Field(default=None, min_length=1)  # what `[aliases]` call it
    model: str | None = Field(default=None, min_length=1)
    models: dict[str, str] = Field(default_factory=dict)

    def model_for(self, requested: str) -> str:
        """The upstream's model name for the client's: mapped, fixed, or passed through."""
        return self.models.get(requested) or self.model or requested


class ProxySection(RetryConfig):
    """`[proxy]`: the retry settings (quicker than an agent's: a client is waiting), holdback,
    the exchange log, the trace store and the upstream client."""

    backoff_s: float = Field(default=0.2, ge=0)
    backoff_max_s: float = Field(default=2.0, ge=0)
    retry_after_max_s: float = Field(default=5.0, ge=0)
    client_timeout_s: float | None = Field(default=None, gt=0)  # proxy/deadlines.py
    # a larger request body is refused with 413 before it is held in memory
    max_body_bytes: int = Field(default=32 * 1024 * 1024, gt=0)
    holdback_chars: int = Field(default=64, ge=0)
    holdback_max_chars: int = Field(default=1000, ge=0)
    # a streaming client that has had nothing for this long gets a keep-alive (an SSE comment,
    # Anthropic's ping) and the response is committed to 200: a load balancer's idle limit does
    # not cut a request the proxy is still retrying (default: none, failures keep their status)
    keepalive_s: float | None = Field(default=None, gt=0)
    log: str | None = None
    store: str | None = None  # a trace store file: every request recorded as a run (spans)
    # each request's spans sent to this OTLP/HTTP receiver, in the background (default: the
    # OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or OTEL_EXPORTER_OTLP_ENDPOINT variable, as for runs)
    otlp_endpoint: str | None = Field(default=None, min_length=1)
    transport: Literal["lean", "fast", "httpx"] = "lean"  # the upstream client (transport.py)
    # slow and too many clients (proxy/clients.py): a request's head must arrive within this,
    header_timeout_s: float = Field(default=10.0, gt=0)
    # a kept-alive connection idle this long after a response is closed,
    idle_timeout_s: float = Field(default=30.0, gt=0)
    # and past this many open connections a new one is refused with 503 (default: half the
    # descriptors the process may open)
    max_connections: int | None = Field(default=None, gt=0)


class ProxyConfig(Strict):
    upstreams: list[UpstreamConfig] = Field(min_length=1)
    breakers: BreakersConfig = Field(default_factory=BreakersConfig)
    proxy: ProxySection = Field(default_factory=ProxySection)
    judge: JudgeSection = Field(default_factory=JudgeSection)
    concurrency: ConcurrencySection = Field(default_factory=ConcurrencySection)
    hedge: HedgeSection = Field(default_factory=HedgeSection)
    # A client model name -> its own chain: upstream names in failover order, each with an
    # optional `#MODEL` (else that upstream's mapping of the alias).
    aliases: dict[str, list[str]] = Field(default_factory=dict)

    def model_names(self) -> list[str]:
        """The client model names this configuration knows (for `GET /v1/models`)."""
        names: dict[str, None] = {}
        for u in self.upstreams:
            names.update(dict.fromkeys(u.models))
        if not names:
            names.update(dict.fromkeys(u.model for u in self.upstreams if u.model))
        names.update(dict.fromkeys(self.aliases))
        return list(names)

    def route(self, model: str) -> list[tuple[int, str]]:
        """The chain for a client model name: (upstream index, the model asked there), in
        failover order: an alias's own list, else every upstream with its mapping."""
        entries = self.aliases.get(model)
        if entries is None:
            return [(i, u.model_for(model)) for i, u in enumerate(self.upstreams)]
        named = {u.name: i for i, u in enumerate(self.upstreams) if u.name}
        route = []
        for entry in entries:
            name, _, there = entry.partition("#")
            i = named[name]
            route.append((i, there or self.upstreams[i].model_for(model)))
        return route

    @model_validator(mode="after")
    def _aliases_name_upstreams(self) -> ProxyConfig:
        named = [u.name for u in self.upstreams if u.name]
        twice = sorted({n for n in named if named.count(n) > 1})
        if twice:
            raise ValueError(f"upstream name {twice[0]!r} is given twice; names must differ")
        for alias, entries in self.aliases.items():
            if not entries:
                raise ValueError(f"aliases.{alias}: name at least one upstream")
            for entry in entries:
                if entry.partition("#")[0] not in named:
                    known = ", ".join(repr(n) for n in named) or "none: add name = ... to each"
                    raise ValueError(
                        f"aliases.{alias}: {entry!r} names no upstream (upstream names: {known})"
                    )
        return self

    @model_validator(mode="after")
    def _no_upstream_twice(self) -> ProxyConfig:
        """Two candidates of one chain that would be the same call (API, URL, model) for some
        client model name: refused at start-up, not answered with an error on every request."""
        for name in self.model_names() or ["(the client's model name)"]:
            seen: dict[tuple[str, str, str], int] = {}
            for i, model in self.route(name):
                u = self.upstreams[i]
                key = (u.api, u.base_url.rstrip("/"), model)
                if key in seen:
                    raise ValueError(
                        f"upstreams {seen[key] + 1} and {i + 1} are the same call for model "
                        f"{name!r} ({u.api} {u.base_url}, model {model}); a backup must differ "
                        "in URL or model"
                    )
                seen[key] = i
        return self


def load_proxy_config(path: str | Path) -> ProxyConfig:
    """Read a TOML configuration; every problem is a ConfigError naming file, key and fix."""
    return load_toml(path, ProxyConfig)


def config_from_urls(
    upstream: str,
    backups: list[str] | None = None,
    *,
    api: str = "openai",
    api_key_env: str | None = None,
    log: str | None = None,
    store: str | None = None,
) -> ProxyConfig:
    """The configuration the CLI's `--upstream URL --backup URL ...` stands for. `URL#MODEL`
    sends every request to that model there (a backup can be another model of the same
    server); a plain URL passes the client's model name through."""
    rows: list[dict[str, Any]] = []
    for given in [upstream, *(backups or [])]:
        url, _, model = given.partition("#")
        row: dict[str, Any] = {"api": api, "base_url": url, "api_key_env": api_key_env}
        if model:
            row["model"] = model
        rows.append(row)
    try:
        return ProxyConfig.model_validate(
            {"upstreams": rows, "proxy": {"log": log, "store": store}}
        )
    except ValidationError as exc:
        e = exc.errors()[0]
        if e["loc"] and e["loc"][-1] == "base_url":
            bad = rows[int(e["loc"][1])]["base_url"]
            raise ConfigError(
                f"upstream URL {bad!r} must start with http:// or https:// "
                "(an OpenAI-compatible base URL, e.g. http://127.0.0.1:8765/v1)"
            ) from None
        raise validated_error(exc, "the command line") from None
