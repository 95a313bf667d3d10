"""The sections the runtime's and the proxy's configurations share, each written once.

An endpoint (a provider to call: its API, URL, key variable, window and timeouts) builds its
adapter in one place, key check included; the breaker and retry sections make the policies the
chain takes. `RuntimeConfig` (agent/runtime.py) and `ProxyConfig` (proxy/config.py) compose them.
"""

from __future__ import annotations

import functools
import os
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, model_validator

from tether.config.files import Strict
from tether.errors import ConfigError

if TYPE_CHECKING:
    from tether.providers.base import HTTPProvider
    from tether.reliability.breaker import BreakerPolicy, BreakerStore
    from tether.reliability.chain import RetryPolicy
    from tether.reliability.concurrency import ConcurrencyLimits
    from tether.reliability.hedge import HedgePolicy
    from tether.reliability.judge import JudgeConfig


def read_api_key(variable: str, where: str) -> str:
    """The API key in the environment variable `variable`, for `where` (a URL or a flag): a
    ConfigError now when it is not set, or holds a line break, rather than a 401 (or a broken
    header) at the first call. The key is never written to a log or trace."""
    key = os.environ.get(variable)
    if not key:
        raise ConfigError(
            f"{where}: the environment variable {variable} is not set; export the API key there"
        )
    if any(ch in key for ch in "\r\n\0"):
        raise ConfigError(
            f"{where}: the API key in {variable} holds a line break; export the key alone"
        )
    return key


class EndpointConfig(Strict):
    """One provider to call: where, with which key, what it accepts, how long silence may last."""

    api: Literal["openai", "anthropic", "ollama", "responses"] = "openai"
    base_url: str = Field(pattern=r"^https?://")
    api_key_env: str | None = None
    window: int = Field(default=128_000, gt=0)
    tools: bool = True
    reasoning_dialect: Literal["openai", "openrouter", "glm"] | None = None
    first_byte_s: float = Field(default=60.0, gt=0)
    silence_s: float = Field(default=60.0, gt=0)
    progress_s: float = Field(default=300.0, gt=0)  # keep-alives alone: a stuck stream
    stream: bool = True  # false: whole replies asked for (openai and anthropic only)

    @model_validator(mode="after")
    def _whole_replies_readable(self) -> EndpointConfig:
        if not self.stream and self.api not in ("openai", "anthropic"):
            raise ValueError(f"stream = false: {self.api} upstreams are read as streams only")
        return self

    def api_key(self) -> str | None:
        """The key from `api_key_env` (`read_api_key`), or None when no variable is named."""
        return read_api_key(self.api_key_env, self.base_url) if self.api_key_env else None

    def provider(self, model: str, api_key: str | None, **options: Any) -> HTTPProvider:
        """The adapter for this endpoint and `model` (extra options such as a shared client)."""
        from tether.providers import Timeouts, adapter_for

        options = {
            "api_key": api_key,
            "window": self.window,
            "supports_tools": self.tools,
            "timeouts": Timeouts(
                first_byte=self.first_byte_s, silence=self.silence_s, progress=self.progress_s
            ),
            "streamed": self.stream,
            **options,
        }
        if self.reasoning_dialect is not None and self.api == "openai":
            options["reasoning_dialect"] = self.reasoning_dialect
        return adapter_for(self.api)(self.base_url, model, **options)


class BreakersConfig(Strict):
    """`[breakers]`: where breaker state lives (shared across processes with sqlite or redis)
    and when a breaker opens."""

    store: str = "memory"
    open_s: float = Field(default=60.0, gt=0)
    slow_first_byte_s: float = Field(default=40.0, gt=0)
    slow_streak: int = Field(default=2, ge=1)
    slow_open_s: float = Field(default=600.0, gt=0)

    def policy(self) -> BreakerPolicy:
        from tether.reliability.breaker import BreakerPolicy

        return BreakerPolicy(
            open_s=self.open_s,
            slow_first_byte_s=self.slow_first_byte_s,
            slow_streak=self.slow_streak,
            slow_open_s=self.slow_open_s,
        )

    def open_store(self) -> BreakerStore:
        from tether.reliability.breaker import store_from_url

        return store_from_url(self.store)


class RetryConfig(Strict):
    """How often and how patiently one call is retried across the chain."""

    max_attempts: int = Field(default=4, ge=1)
    backoff_s: float = Field(default=0.5, ge=0)  # the first wait before the same candidate again
    backoff_max_s: float = Field(default=8.0, ge=0)
    retry_after_max_s: float = Field(default=60.0, ge=0)  # a longer Retry-After fails over

    def policy(self) -> RetryPolicy:
        from tether.reliability.chain import RetryPolicy

        return RetryPolicy(
            max_attempts=self.max_attempts,
            backoff_s=self.backoff_s,
            backoff_max_s=self.backoff_max_s,
            retry_after_max_s=self.retry_after_max_s,
        )


class ConcurrencySection(Strict):
    """`[concurrency]`: how many calls may be in flight at one candidate (per endpoint and model,
    shared by the process): adaptive halves on a concurrency 429 and grows back by one."""

    adaptive: bool = True
    ceiling: int | None = Field(default=None, ge=1)  # a fixed cap (none: only what 429s teach)

    def limits(self) -> ConcurrencyLimits:
        from tether.reliability.concurrency import ConcurrencyPolicy, shared_limits

        return shared_limits(ConcurrencyPolicy(self.adaptive, self.ceiling))


class HedgeSection(Strict):
    """`[hedge]`: a late first byte sends the same request to the next healthy candidate too;
    the first accepted turn wins (reliability/hedge.py). Off unless `enabled`."""

    enabled: bool = False
    after_s: float | None = Field(default=None, gt=0)  # fixed; default: learned per candidate
    quantile: float = Field(default=0.9, gt=0, lt=1)  # learned: of its recent first bytes
    max_per_run: int = Field(default=2, ge=0)

    def policy(self) -> HedgePolicy | None:
        from tether.reliability.hedge import HedgePolicy

        if not self.enabled:
            return None
        return HedgePolicy(
            after_s=self.after_s, quantile=self.quantile, max_per_run=self.max_per_run
        )


class JudgeSection(Strict):
    """`[judge]` (the runtime's and the proxy's): your own failure phrases and the weights of
    the judge's signals (`tether judge --explain` shows them), over the shipped ones."""

    phrases: list[str] = Field(default_factory=list)  # each alone makes a reply a failure text
    weights: dict[str, float] = Field(default_factory=dict)  # by signal name
    threshold: float = Field(default=1.0, gt=0)

    def judge_config(self, where: str) -> JudgeConfig:
        """The JudgeConfig these settings stand for (a ConfigError names `where`)."""
        try:
            return _judge_config(
                self.threshold, tuple(sorted(self.weights.items())), tuple(self.phrases)
            )
        except ConfigError as exc:
            raise ConfigError(f"{where}: judge: {exc}") from None


@functools.lru_cache(maxsize=32)
def _judge_config(
    threshold: float, weights: tuple[tuple[str, float], ...], phrases: tuple[str, ...]
) -> JudgeConfig:
    """One JudgeConfig per settings, shared by every runtime made from them: its lexicon takes
    0.1 to 0.4 s of CPU to build, once, not once per run (the lab's runs, eval cases)."""
    from tether.reliability.judge import JudgeConfig

    return JudgeConfig(threshold=threshold, weights=dict(weights), extra_phrases=phrases)
