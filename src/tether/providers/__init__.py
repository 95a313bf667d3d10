"""Wire-format adapters: one module per API, no policy."""

from __future__ import annotations

from typing import Any

from tether.errors import ConfigError
from tether.providers.anthropic import AnthropicProvider
from tether.providers.base import HTTPProvider, Provider, Timeouts
from tether.providers.completions import CompletionsProvider
from tether.providers.ollama import OllamaProvider
from tether.providers.openai import OpenAIProvider
from tether.providers.responses import ResponsesProvider
from tether.wire.apis import api_named

ADAPTERS: dict[str, type[HTTPProvider]] = {
    "openai": OpenAIProvider,
    "anthropic": AnthropicProvider,
    "ollama": OllamaProvider,
    "responses": ResponsesProvider,
    "completions": CompletionsProvider,
}


def adapter_for(api: str) -> type[HTTPProvider]:
    """The adapter class for an API name; unknown names are a ConfigError."""
    try:
        return ADAPTERS[api]
    except KeyError:
        raise ConfigError(
            f"unknown provider API {api!r}: use one of {', '.join(sorted(ADAPTERS))}"
        ) from None


def provider_at(api: str, root_url: str, model: str, **options: Any) -> HTTPProvider:
    """tether's adapter for `api`, pointed at a server's root URL (the SDK's base path added:
    `/v1` for OpenAI), e.g. a stand's or a proxy's URL."""
    adapter = adapter_for(api)
    return adapter(root_url.rstrip("/") + api_named(api).sdk_base, model, **options)


__all__ = [
    "ADAPTERS",
    "AnthropicProvider",
    "CompletionsProvider",
    "HTTPProvider",
    "OllamaProvider",
    "OpenAIProvider",
    "Provider",
    "ResponsesProvider",
    "Timeouts",
    "adapter_for",
    "provider_at",
]
