"""The guarding reverse proxy: any OpenAI- or Anthropic-compatible client points its base URL
here and every turn it gets has been judged, retried and failed over like the library's."""

from __future__ import annotations

from tether.proxy.app import Proxy
from tether.proxy.config import ProxyConfig, UpstreamConfig, config_from_urls, load_proxy_config
from tether.proxy.server import ProxyThread, serve_forever, serve_workers

__all__ = [
    "Proxy",
    "ProxyConfig",
    "ProxyThread",
    "UpstreamConfig",
    "config_from_urls",
    "load_proxy_config",
    "serve_forever",
    "serve_workers",
]
