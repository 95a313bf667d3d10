"""Wire-format adapters: one module per API, no policy."""

from __future__ import annotations

from tether.errors import ConfigError
from tether.providers.anthropic import AnthropicProvider
from tether.providers.base import HTTPProvider, Provider, Timeouts
from tether.providers.ollama import OllamaProvider
from tether.providers.openai import OpenAIProvider

ADAPTERS: dict[str, type[HTTPProvider]] = {
    "openai": OpenAIProvider,
    "anthropic": AnthropicProvider,
    "ollama": OllamaProvider,
}


def adapter_for(api: str) -> type[HTTPProvider]:
    """The adapter class for an API name; unknown names are a ConfigError."""
    try:
        return ADAPTERS[api]
    except KeyError:
        raise ConfigError(
            f"unknown provider API {api!r}: use one of {', '.join(sorted(ADAPTERS))}"
        ) from None


__all__ = [
    "ADAPTERS",
    "AnthropicProvider",
    "HTTPProvider",
    "OllamaProvider",
    "OpenAIProvider",
    "Provider",
    "Timeouts",
    "adapter_for",
]
